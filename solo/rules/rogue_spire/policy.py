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

The policy is most of a forecast's work, so it weighs each foe's defence
once a turn, each die size once (dice of a size have the same chances), and
compares exact chances as whole numbers (`chance_in_scale`), each foe's
looked up by die size from a table its attacker's Strike keeps
(`Strike.chances_against`); in a silent fight (a forecast's) its moves
carry no labels, which only a screen shows, and go to the turn order
unchecked (`Skirmish.policy_valid`).
"""

from __future__ import annotations

from solo.dice import Rng
from solo.rules.engine import Action, RulesError
from solo.rules.rogue_spire.dice import roll_modifier, shift
from solo.rules.rogue_spire.encounter import SCALE, Skirmish, SpireSeat
from solo.rules.rogue_spire.measures import contest_odds

HALF = SCALE // 2  # an even chance, in the whole numbers of `chance_in_scale`


def policy(actor: object, enc: Skirmish, rng: Rng) -> Action:
    seat = enc.seat(actor)  # type: ignore[arg-type]
    assert isinstance(seat, SpireSeat)
    me = seat.actor
    if seat.out is not None:
        raise RulesError(f"{seat.label} is out of the fight")
    if enc.pending is not None and enc.reacting is seat:
        return _answer(enc, seat)
    fresh_skill = me.usable_skill()
    if not fresh_skill and enc.can_wind(seat):
        return _bind(enc, me, "wind")
    if not fresh_skill and not me.usable(0):
        return _bind(enc, me, "end")  # no die left to spend
    kit = seat.kit or enc.kit(seat)
    kind = "attack"
    targets = enc.reach(seat)
    if kit.talker:
        swayable = [f for f in enc.foes_of(seat) if not f.actor.is_pc]
        if swayable:
            kind, targets = "sway", swayable  # type: ignore[assignment]
    if not targets:
        far = [f for f in enc.foes_of(seat) if not enc.positions.engaged(seat.index, f.index)]
        if far and not kit.ranged and me.mobility() != "immobile":
            weakest = min(far, key=lambda f: (_guard(enc, f), f.index))  # type: ignore[arg-type]
            return _bind(enc, me, "close", weakest.actor, enc.usable_sizes(me)[0])
        return _bind(enc, me, "end")
    # the skill dice by size, largest first (dice of one size have the same chances), or the vitality
    # die alone; either way kept back on a worse than even chance when it is the last guard left
    if fresh_skill:
        sizes = sorted({kit.sides[i] for i in fresh_skill}, reverse=True)
        cautious = len(fresh_skill) == 1
    else:
        sizes, cautious = [kit.sides[0]], True
    social = kind == "sway"
    strike = kit.sway if social else kit.strike
    # how each target meets the blow does not hang on the die spent: (target, the chance by die size)
    aims = []
    for target in targets:
        _, against, defense, bypass = enc.guard(target, strike, social)
        aims.append((target, strike.chances_against(roll_modifier(strike.power, bypass, defense), against)))
    for sides in sizes:
        best: tuple[int, SpireSeat] | None = None
        for target, chances in aims:
            chance = chances[sides]
            if best is None or chance > best[0]:
                best = (chance, target)
        assert best is not None
        chance, target = best
        if chance == 0 or (cautious and chance < HALF):
            continue
        return _bind(enc, me, kind, target.actor, sides)
    return _bind(enc, me, "end")


def _answer(enc: Skirmish, seat: SpireSeat) -> Action:
    assert enc.pending is not None
    me = seat.actor
    kinds = {t.kind for t in enc.reaction_templates(seat)}
    source: SpireSeat = enc.pending["seat"]
    fresh = me.usable_skill()
    if enc.pending["kind"] == "close":
        if "oppose" in kinds and enc._npc_opposes(seat, source.actor.sides(enc.pending["index"])):
            return _react(enc, me, "oppose", me.sides(enc._best_fresh(me)))
        return _react(enc, me, "allow", None)
    if "counter" in kinds and enc.positions.can_react(seat.index, source.index):
        die = enc._best_fresh(me)
        theirs = shift(me.sides(die), enc.kit(seat).strike.riposte).attack
        rolled = enc.plan(source, seat, source.actor.sides(enc.pending["index"]), False)["rolled"]
        win, lose = contest_odds(theirs, rolled)
        if win >= lose and fresh:
            return _react(enc, me, "counter", me.sides(die))
    return _react(enc, me, "defend", me.sides(enc.defence_die(me)))


def _react(enc: Skirmish, me: object, kind: str, sides: int | None) -> Action:
    action = Action(me, kind, options={} if sides is None else {"die": sides})  # type: ignore[arg-type]
    action.label = enc.describe(action)
    return action


def _guard(enc: Skirmish, seat: SpireSeat) -> int:
    actor = seat.actor
    return actor.sides(enc.defence_die(actor))


def _bind(enc: Skirmish, me: object, kind: str, target: object = None, sides: int | None = None) -> Action:
    """The move, labelled when the fight is recorded (a silent one, a forecast's, shows no labels)."""
    action = Action(me, kind, target, options=None if sides is None else {"die": sides})  # type: ignore[arg-type]
    if enc.record:
        action.label = enc.describe(action)
    return action
