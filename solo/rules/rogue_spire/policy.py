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

With every skill die spent and a Second Wind unused, it takes its second
wind first.

Asked to answer an action aimed at it (a PC played by the engine, in
``--auto`` and forecasts): against an attack it counter-attacks when the
fight allows contests and its largest fresh die is at least as likely to
roll higher as lower, else defends with the highest die the rules allow;
against a foe closing in it opposes when its roll is at least as likely to
beat half the spent die's sides as not, else lets them come.

A creature of the talking sort (more Charismatic or Deceptive than
fighting traits, and a foe it can sway) sways instead of striking.
"""

from __future__ import annotations

from solo.dice import Rng
from solo.rules.engine import Action, RulesError
from solo.rules.rogue_spire.dice import roll_modifier, shift
from solo.rules.rogue_spire.encounter import SCALE, Skirmish, SpireSeat, chance_in_scale
from solo.rules.rogue_spire.measures import contest_odds

HALF = SCALE // 2  # an even chance, in the whole numbers of `chance_in_scale`


def policy(actor: object, enc: Skirmish, rng: Rng) -> Action:
    seat = enc.seat(actor)  # type: ignore[arg-type]
    assert isinstance(seat, SpireSeat)
    me = enc.spire(seat)
    if seat.out is not None:
        raise RulesError(f"{seat.label} is out of the fight")
    if enc.pending is not None and enc.reacting is seat:
        return _answer(enc, seat)
    fresh_skill = me.usable_skill()
    if not fresh_skill and enc.can_wind(seat):
        return _bind(enc, me, "wind")
    sizes = enc.usable_sizes(me)
    if not sizes:
        return _bind(enc, me, "end")
    kit = enc.kit(seat)
    kind = "attack"
    targets = enc.reach(seat)
    if kit.talker:
        swayable = [f for f in enc.foes_of(seat) if not enc.spire(f).is_pc]
        if swayable:
            kind, targets = "sway", swayable  # type: ignore[assignment]
    if not targets:
        far = [f for f in enc.foes_of(seat) if not enc.positions.engaged(seat.index, f.index)]
        if far and not kit.ranged and me.mobility() != "immobile":
            weakest = min(far, key=lambda f: (_guard(enc, f), f.index))  # type: ignore[arg-type]
            return _bind(enc, me, "close", weakest.actor, sizes[0])
        return _bind(enc, me, "end")
    order = sorted(fresh_skill, key=lambda i: (-me.sides(i), i))
    if me.usable(0) and not fresh_skill:
        order.append(0)
    social = kind == "sway"
    strike = kit.sway if social else kit.strike
    # how each target meets the blow does not hang on the die spent: (target, modifier, its die's sides)
    aims = []
    for target in targets:
        _, against, defense, bypass = enc.guard(target, strike, social)
        aims.append((target, roll_modifier(strike.power, bypass, defense), against))
    numbers = (strike.effective, strike.accurate, strike.reroll, strike.tie)
    seen: dict[int, tuple[int, SpireSeat]] = {}  # dice of one size have the same chances
    for index in order:
        sides = me.sides(index)
        best = seen.get(sides)
        if best is None:
            for target, modifier, against in aims:
                chance = chance_in_scale(sides, modifier, against, *numbers)
                if best is None or chance > best[0]:
                    best = (chance, target)
            assert best is not None
            seen[sides] = best
        chance, target = best
        if chance == 0:
            continue
        last_parry = index != 0 and len(fresh_skill) == 1
        if (last_parry or index == 0) and chance < HALF:
            continue
        return _bind(enc, me, kind, target.actor, sides)
    return _bind(enc, me, "end")


def _answer(enc: Skirmish, seat: SpireSeat) -> Action:
    assert enc.pending is not None
    me = enc.spire(seat)
    kinds = {t.kind for t in enc.reaction_templates(seat)}
    source: SpireSeat = enc.pending["seat"]
    fresh = me.usable_skill()
    if enc.pending["kind"] == "close":
        if "oppose" in kinds and enc._npc_opposes(seat, enc.spire(source).sides(enc.pending["index"])):
            return _react(enc, me, "oppose", me.sides(enc._best_fresh(me)))
        return _react(enc, me, "allow", None)
    if "counter" in kinds and enc.positions.can_react(seat.index, source.index):
        die = enc._best_fresh(me)
        theirs = shift(me.sides(die), enc.kit(seat).strike.riposte).attack
        rolled = enc.plan(source, seat, enc.spire(source).sides(enc.pending["index"]), False)["rolled"]
        win, lose = contest_odds(theirs, rolled)
        if win >= lose and fresh:
            return _react(enc, me, "counter", me.sides(die))
    return _react(enc, me, "defend", me.sides(enc.defence_die(me)))


def _react(enc: Skirmish, me: object, kind: str, sides: int | None) -> Action:
    action = Action(me, kind, options={} if sides is None else {"die": sides})  # type: ignore[arg-type]
    action.label = enc.describe(action)
    return action


def _guard(enc: Skirmish, seat: SpireSeat) -> int:
    actor = enc.spire(seat)
    return actor.sides(enc.defence_die(actor))


def _bind(enc: Skirmish, me: object, kind: str, target: object = None, sides: int | None = None) -> Action:
    """The move, labelled when the fight is recorded (a silent one, a forecast's, shows no labels)."""
    action = Action(me, kind, target, options=None if sides is None else {"die": sides})  # type: ignore[arg-type]
    if enc.record:
        action.label = enc.describe(action)
    return action
