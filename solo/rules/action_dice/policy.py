"""How the engine plays an action-dice character (the GM's foes, or anyone in `--auto` and forecasts).

It never draws from the fight's dice (so a replay of the chosen actions
rolls the same), and never peeks at hidden damage.

* Answering on the stack: if the top item is an enemy attack on this
  character (or on a friend beside a shield) that would hit as things stand
  and did not roll a natural 6, it blocks, ripostes or dodges, in that order
  of preference, when it has the dice (and a fatigue to spare, for a dodge).
  A fighter with TRIP, or an archer, interrupts an enemy's stacked move.
* On its own turn: a finishing blow when the foe looks done for (a lesser
  foe: an even chance or better; others: wounds worth their health at 3.5 a
  wound, or the damage the last finishing blow revealed plus 3.5 a wound
  since), else a jab at the most wounded foe in reach; a sorcerer casts what
  it can, or gathers power; a melee fighter with nobody in reach moves
  toward the nearest foe; a wizard with EXERT wins back a spent attack die.
  Otherwise it passes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from solo.rules.action_dice.actions import ATTACKS
from solo.rules.action_dice.dice import finishing_chance, passes
from solo.rules.action_dice.seats import Post
from solo.rules.action_dice.skirmish import Skirmish
from solo.rules.engine import Action, ActionTemplate
from solo.rules.stack import PASS


def policy(actor: Any, fight: Skirmish) -> Action:
    seat = fight.post(actor)
    if fight.window is not None or fight.stack:
        if not worth_answering(seat, fight):
            return Action(actor, PASS)
        return answer(seat, fight, Offered(fight, seat)) or Action(actor, PASS)
    return own_turn(seat, fight, Offered(fight, seat)) or Action(actor, PASS)


class Offered:
    """The seat's offers by kind, each worked out only when the policy asks about it."""

    __slots__ = ("fight", "seat")

    def __init__(self, fight: Skirmish, seat: Post):
        self.fight, self.seat = fight, seat

    def __contains__(self, kind: str) -> bool:
        return self.fight.allows(self.seat, kind)

    def __getitem__(self, kind: str) -> ActionTemplate:
        template = self.fight.offer(self.seat, kind)
        if template is None:
            raise KeyError(kind)
        return template


def worth_answering(seat: Post, fight: Skirmish) -> bool:
    """Whether the top item is an enemy's attack on this character or a neighbour, or an enemy's move."""
    return fight.concerns(seat)


def answer(seat: Post, fight: Skirmish, kinds: Offered) -> Action | None:
    top = fight.stack.top
    if top is None:
        return None
    actor = seat.actor
    attacker = top.owner
    if attacker.side != seat.side and top.action.kind in ATTACKS and "target" in top.rolls:
        victim = fight.seats[top.rolls["target"]]
        face, value = top.rolls["face"], top.rolls["value"]
        if face != 6 and passes(face, value - face, fight.ac_of(victim)):
            near = victim is seat or victim.index in seat.engaged
            if "block" in kinds and near and has(kinds["block"].targets, attacker.actor):
                return Action(actor, "block", attacker.actor)
            if (
                "riposte" in kinds
                and has(kinds["riposte"].targets, attacker.actor)
                and attacker.index in seat.engaged
            ):
                return Action(actor, "riposte", attacker.actor)
            if victim is seat and "dodge" in kinds:
                dex = seat.delver.bonus("dex")
                if 6 + dex > value:  # a dodge can still lift the AC past the attack
                    return Action(actor, "dodge")
        return None
    mine = any(m.owner is seat for m in top.merged)
    if attacker.side != seat.side and top.action.kind == "move" and "interrupt" in kinds and not mine:
        template = kinds["interrupt"]
        if has(template.targets, attacker.actor) and not seat.far:
            ways = dict(template.params)["with"]
            return Action(actor, "interrupt", attacker.actor, options={"with": ways[0]})
    return None


def own_turn(seat: Post, fight: Skirmish, kinds: Offered) -> Action | None:
    actor = seat.actor
    me = seat.delver
    foes = [s for s in fight.foes_of(seat) if isinstance(s, Post)]
    reachable = foes if fight.ranged(seat) else [s for s in foes if s.index in seat.engaged]  # as `reaches`
    if reachable and "coup" in kinds:
        for target in sorted(reachable, key=lambda s: -s.delver.wounds):
            t = target.delver
            done_for = (
                _even_chance_to_finish(t.wounds, t.health)
                if t.lesser
                else likely_damage(target, t) >= t.health
            )
            if t.wounds and done_for:
                return Action(actor, "coup", target.actor)
    if me.pool and foes and "cast" in kinds:
        spells = dict(kinds["cast"].params)["spell"]
        harmful = [k for k in spells if fight.book.spells[k]["effect"] in ("wounds", "drain")]
        if harmful:
            target = max(foes, key=lambda s: (s.delver.wounds, -s.index))
            return Action(actor, "cast", target.actor, options={"spell": harmful[0]})
    if reachable and "jab" in kinds:
        target = max(reachable, key=lambda s: (s.delver.wounds, -s.index))
        return Action(actor, "jab", target.actor)
    if me.bag and not me.pool and "gather" in kinds:
        return Action(actor, "gather")
    if (
        seat.avail["A"] == 0
        and reachable
        and me.fatigue + 2 <= me.max_fatigue
        and "exert" in kinds
        and "A" in dict(kinds["exert"].params)["die"]
    ):
        return Action(actor, "exert", options={"die": "A"})
    if not reachable and foes and seat.avail["A"] and not fight.ranged(seat) and "move" in kinds:
        target = min(foes, key=lambda s: (len(s.engaged), s.index))
        return Action(actor, "move", target.actor)
    return None


@lru_cache(maxsize=512)
def _even_chance_to_finish(wounds: int, health: int) -> bool:
    """Whether a finishing blow kills at least half the time (kept: asked every turn a foe is hurt)."""
    return finishing_chance(wounds, health) >= 0.5


def likely_damage(seat: Post, actor: Any) -> float:
    """Hidden damage as a foe can judge it: 3.5 a wound, or what the last finishing blow showed plus that."""
    if seat.shown is None:
        return 3.5 * actor.wounds
    wounds, total = seat.shown
    return total + 3.5 * (actor.wounds - wounds)


def has(targets: tuple[Any, ...], actor: Any) -> bool:
    return any(t is actor for t in targets)
