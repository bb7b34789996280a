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
from typing import TYPE_CHECKING, Any

from solo.rules.action_dice.actions import ATTACKS
from solo.rules.action_dice.dice import finishing_chance, passes
from solo.rules.action_dice.seats import Post
from solo.rules.engine import Action
from solo.rules.stack import PASS, StackItem

if TYPE_CHECKING:  # the fight plays its silent runs with `decide`
    from solo.rules.action_dice.skirmish import Skirmish


def policy(actor: Any, fight: Skirmish) -> Action:
    return decide(fight.post(actor), fight)


def decide(seat: Post, fight: Skirmish) -> Action:
    """The policy's move for a seat (what `policy` gives for its actor)."""
    actor = seat.actor
    if fight.window is not None or fight.stack.items:
        # worth answering: an enemy's attack on this character or a neighbour, or an enemy's move
        if not fight.concerns(seat):
            return Action(actor, PASS)
        return answer(seat, fight) or Action(actor, PASS)
    return own_turn(seat, fight) or Action(actor, PASS)


def answer(seat: Post, fight: Skirmish) -> Action | None:
    """An answer to the enemy's item on top of the stack, asking only what that answer needs: with an
    enemy's item on top, BLOCK and DODGE are open when `allows` says so, RIPOSTE aims at any melee
    attacker and INTERRUPT at any mover (what `offer` would list), so no template is built."""
    top = fight.stack.top
    if top is None or top.owner.side == seat.side or not worth_answering(top, fight):
        return None
    return answer_to(seat, top, fight)


def worth_answering(top: StackItem, fight: Skirmish) -> bool:
    """Whether the policy answers this item at all, whoever is asked: an attack that would hit as things
    stand and did not roll a natural 6, or a MOVE (a silent fight asks this once for everyone)."""
    kind = top.action.kind
    if kind in ATTACKS and "target" in top.rolls:
        face, value = top.rolls["face"], top.rolls["value"]
        return face != 6 and passes(face, value - face, fight.ac_of(fight.seats[top.rolls["target"]]))
    return kind == "move"


def answer_to(seat: Post, top: StackItem, fight: Skirmish) -> Action | None:
    """The seat's answer to `top`, an enemy's item `worth_answering`."""
    actor = seat.actor
    attacker = top.owner
    assert isinstance(attacker, Post)
    if top.action.kind == "move":
        if seat.far or not fight.have(seat, "A") or any(m.owner is seat for m in top.merged):
            return None
        way = "jab" if fight.quick_attack(seat) else "trip" if seat.trip else None  # the first way offered
        return None if way is None else Action(actor, "interrupt", attacker.actor, options={"with": way})
    victim = fight.seats[top.rolls["target"]]
    near = victim is seat or victim.index in seat.engaged
    if near and fight.have(seat, "S"):
        return Action(actor, "block", attacker.actor)
    if seat.riposte and not attacker.bow and attacker.index in seat.engaged and fight.have(seat, "A"):
        return Action(actor, "riposte", attacker.actor)
    if victim is seat and 6 + seat.dex_bonus > top.rolls["value"] and fight.allows(seat, "dodge"):
        return Action(actor, "dodge")  # a dodge can still lift the AC past the attack
    return None


def own_turn(seat: Post, fight: Skirmish) -> Action | None:
    actor = seat.actor
    me = seat.delver
    foes = fight.opponents(seat)
    reachable = foes if seat.bow else [s for s in foes if s.index in seat.engaged]  # as `reaches`
    attack = bool(reachable) and fight.allows(seat, "jab")  # JAB and COUP DE GRACE are open alike
    if attack:
        hurt = [s for s in reachable if s.delver.wounds]
        for target in sorted(hurt, key=lambda s: -s.delver.wounds):
            t = target.delver
            done_for = (
                _even_chance_to_finish(t.wounds, t.health)
                if t.lesser
                else likely_damage(target, t) >= t.health
            )
            if done_for:
                return Action(actor, "coup", target.actor)
    if me.pool and foes:
        cast = fight.offer(seat, "cast")
        if cast is not None:
            spells = dict(cast.params)["spell"]
            harmful = [k for k in spells if fight.book.spells[k]["effect"] in ("wounds", "drain")]
            if harmful:
                target = max(foes, key=lambda s: (s.delver.wounds, -s.index))
                return Action(actor, "cast", target.actor, options={"spell": harmful[0]})
    if attack:
        target = max(reachable, key=lambda s: (s.delver.wounds, -s.index))
        return Action(actor, "jab", target.actor)
    if me.bag and not me.pool and fight.offer(seat, "gather") is not None:
        return Action(actor, "gather")
    if seat.exert and seat.avail["A"] == 0 and reachable and me.fatigue + 2 <= me.max_fatigue:
        exert = fight.offer(seat, "exert")
        if exert is not None and "A" in dict(exert.params)["die"]:
            return Action(actor, "exert", options={"die": "A"})
    if not reachable and foes and seat.avail["A"] and not seat.bow and fight.allows(seat, "move"):
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
