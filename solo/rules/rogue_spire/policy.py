"""How the engine plays a Rogue Spire creature: spend dice where they can win, keep one to parry.

In its turn a creature, one action at a time:

1. with no foe in reach and a melee weapon, closes in on the foe with the
   weakest defence, spending its smallest die;
2. attacks the foe in reach it has the best chance against with its skill
   dice, largest first - but it keeps its last unexhausted skill die for
   defence unless that die's own attack would succeed at least half the
   time, spends its vitality die (the last guard against death's door) only
   on an even chance or better with no skill die left, and never spends a
   die on an attack with no chance at all;
3. otherwise ends its turn.

A creature of the talking sort (more Charismatic or Deceptive than
fighting traits, and a foe it can sway) sways instead of striking.
"""

from __future__ import annotations

from solo.dice import Rng
from solo.rules.engine import Action, RulesError
from solo.rules.rogue_spire.encounter import Skirmish, SpireSeat

TALKERS = {"Charismatic", "Deceptive", "Courtier"}


def policy(actor: object, enc: Skirmish, rng: Rng) -> Action:
    seat = enc.seat(actor)  # type: ignore[arg-type]
    assert isinstance(seat, SpireSeat)
    me = enc.spire(seat)
    end = Action(me, "end")
    end.label = "end turn"
    if seat.out is not None:
        raise RulesError(f"{seat.label} is out of the fight")
    sizes = enc.usable_sizes(me)
    if not sizes:
        return end
    reach = enc.reach(seat)
    talker = sum(1 for t in me.traits if t["name"] in TALKERS) * 2 > len(me.traits)
    kind = "attack"
    targets = reach
    if talker:
        swayable = [f for f in enc.foes_of(seat) if not enc.spire(f).is_pc]
        if swayable:
            kind, targets = "sway", swayable  # type: ignore[assignment]
    if not targets:
        far = [f for f in enc.foes_of(seat) if not enc.positions.engaged(seat.index, f.index)]
        if far and not enc.weapon(me).get("ranged"):
            weakest = min(far, key=lambda f: (_guard(enc, f), f.index))  # type: ignore[arg-type]
            return _bind(enc, me, "close", weakest.actor, sizes[0])
        return end
    fresh_skill = me.usable_skill()
    order = sorted(fresh_skill, key=lambda i: (-me.sides(i), i))
    if me.usable(0) and not fresh_skill:
        order.append(0)
    for index in order:
        sides = me.sides(index)
        best = None
        for target in targets:
            odds = enc.attack_odds(seat, target, sides, kind == "sway")  # type: ignore[arg-type]
            chance = odds.success
            if best is None or chance > best[0]:
                best = (chance, target)
        assert best is not None
        chance, target = best
        if chance == 0:
            continue
        last_parry = index != 0 and len(fresh_skill) == 1
        if (last_parry or index == 0) and chance < 0.5:
            continue
        return _bind(enc, me, kind, target.actor, sides)
    return end


def _guard(enc: Skirmish, seat: SpireSeat) -> int:
    actor = enc.spire(seat)
    return actor.sides(enc.defence_die(actor))


def _bind(enc: Skirmish, me: object, kind: str, target: object, sides: int) -> Action:
    action = Action(me, kind, target, options={"die": sides})  # type: ignore[arg-type]
    action.label = enc.describe(action)
    return action
