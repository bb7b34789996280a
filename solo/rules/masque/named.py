"""Named items of RULES.md 5.7 that turn hits aside, answer them or move actors (hooks keyed by item id).

An item works only for a role actor whose role letter its table row lists
(L, C, B, M); monsters carry items only to hand them on (the Remand rod).

* Narsil (L/M): a foe the wielder has hit this set-to must show a natural in
  its casting to hit the wielder; without one the hit turns back on that foe.
* Fencing foil (L): a wielder whose casting beats its allotted target's
  moves the hit to another upstage foe [SR: only to one nearer to falling -
  more hits held, or as many and a lower current build - the nearest first].
* Dueling rapier (all): once hit by an attacker, the wielder's hits go to that
  attacker while it is in action; the first of them after each such hit is
  doubled (the hit it took was allotted by die, as every allotment is here).
* Holdout dagger (B/M): downstage, once a bit and until the wielder has been
  hit in the set-to, a hit allotted to it is answered with two dice of its
  role die; at or over their average the attacker takes a hit; a natural on
  either, or the attacker falling, turns the incoming hit away.  [GAP] its
  single throw is not played.
* Scud shield (C/B/M): an upstage wielder whose casting met its average steps
  downstage instead of taking an allotted hit that would pair [SR: only when
  the hit would cost build]; the hit goes to another of its side by a new
  allotment.  [GAP] calling the wielder back upstage is not played.
* Prop ring (all): the role die may be cast alone at its full size whatever
  the current build (`prop_ring_cast`); what the casting shows above current
  build counts nothing toward the side total.
* Remand rod (M): in restaging the wielder sends one upstage foe downstage
  [SR: the one with the highest casting this bit] and the rod passes to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solo.rules.engine import Event, RulesError
from solo.rules.masque.cast import Cast, legal_cast, parse_cast

if TYPE_CHECKING:
    from solo.rules.masque.actor import MasqueActor
    from solo.rules.masque.setto import MasqueSeat, SetTo

ROLE_LETTERS = {"lancer": "L", "curate": "C", "bravo": "B", "magnus": "M"}


def uses(enc: SetTo, seat: MasqueSeat, item: str) -> bool:
    """Whether the seat's actor carries `item` and its role may use it."""
    actor = seat.mactor
    if item not in actor.items or actor.is_monster:
        return False
    system: Any = enc.system
    row = system.item_rows.get(item, {})
    return ROLE_LETTERS[actor.role] in str(row.get("roles", ""))


def role_cast(actor: MasqueActor, text: str) -> Cast:
    """A role actor's cast checked against its current build; with a Prop ring its role die alone (with
    negative dice or a minus) is legal at full size."""
    if "prop-ring" in actor.items and actor.role_die > actor.current:
        cast = parse_cast(text)
        positive = [t for t in cast.terms if t.sign > 0]
        if len(positive) == 1 and positive[0].sides == actor.role_die and not positive[0].pair \
                and cast.problem(actor.role_die) is None:
            return cast
    try:
        return legal_cast(text, actor.current)
    except RulesError as exc:
        if "prop-ring" in actor.items:
            raise RulesError(f"{exc} (a Prop ring allows the role die d{actor.role_die} alone)") from None
        raise


def side_share(seat: MasqueSeat, casting: int) -> int:
    """What a casting adds to its side's total: with a Prop ring, nothing above current build."""
    actor = seat.mactor
    if "prop-ring" in actor.items and not actor.is_monster:
        return min(casting, actor.current)
    return casting


def redirect(enc: SetTo, striker: MasqueSeat, target: MasqueSeat, events: list[Event]) -> MasqueSeat | None:
    """The actor a hit allotted to `target` finally goes to (None: it is turned away)."""
    foe_side = target.side
    grudge = striker.state.get("grudge")
    if grudge is not None and uses(enc, striker, "dueling-rapier"):
        if grudge.out is None and grudge is not target:
            enc.emit(events, "item", f"{striker.label}'s dueling rapier seeks out {grudge.label}.",
                     striker.actor)
            target = grudge
    elif uses(enc, striker, "fencing-foil") and striker.roll is not None and target.roll is not None \
            and striker.roll.personal > target.roll.casting:
        others = [s for s in enc.upstage(foe_side) if s is not target]
        pick = min(others, key=lambda s: (-s.hits, s.mactor.current)) if others else None
        if pick is not None and (-pick.hits, pick.mactor.current) < (-target.hits, target.mactor.current):
            enc.emit(events, "item", f"{striker.label}'s fencing foil turns the hit from {target.label}"
                     f" to {pick.label}.", striker.actor)
            target = pick
    if uses(enc, target, "scud-shield") and enc.up(target) and target.roll is not None and target.roll.met \
            and target.hits % 2 == 1 and enc.stage.mark_of(target.side, target):
        enc.stage.vacate(target.side, target)
        enc.stage.moved.add(id(target))
        pool = [s for s in enc.upstage(foe_side)] or [s for s in enc.downstage(foe_side) if s is not target]
        enc.emit(events, "item", f"{target.label} ducks behind a scud shield and steps downstage.",
                 target.actor)
        if not pool:
            return None
        target = enc.rng.choice(pool)
        enc.emit(events, "item", f"The hit falls to {target.label} instead.", target.actor)
    if uses(enc, target, "holdout-dagger") and not enc.up(target) and striker.roll is not None \
            and target.state.get("dagger_bit") != enc.round and not target.state.get("hit_bit"):
        target.state["dagger_bit"] = enc.round
        size = target.mactor.role_die
        a, b = enc.rng.die(size), enc.rng.die(size)
        natural = size >= 4 and size in (a, b)
        text = f"{target.label} answers with a holdout dagger: d{size}s {a} and {b}"
        if 2 * (a + b) >= 2 * (size + 1):
            enc.emit(events, "item", text + f", a hit on {striker.label}.", target.actor)
            enc.credit(target, striker, enc.round)
            enc.take_hit(striker, events, source=target)
        else:
            enc.emit(events, "item", text + ", under their average.", target.actor)
        if natural or striker.out is not None:
            enc.emit(events, "item", f"{target.label} slips the incoming hit.", target.actor)
            return None
    if uses(enc, target, "narsil") and id(striker) in target.state.get("narsil", ()) \
            and striker.roll is not None and not _rolled_natural(striker):
        enc.emit(events, "item", f"Narsil turns {striker.label}'s hit back: without a natural it takes"
                 " the hit itself.", target.actor)
        enc.take_hit(striker, events, source=target)
        return None
    return target


def landed(enc: SetTo, striker: MasqueSeat, target: MasqueSeat, events: list[Event]) -> None:
    """After a hit landed: Narsil remembers its mark; a rapier's wielder remembers its attacker; the
    rapier's first hit after that counts twice."""
    if uses(enc, striker, "narsil"):
        striker.state.setdefault("narsil", set()).add(id(target))
    if uses(enc, target, "dueling-rapier"):
        target.state["grudge"] = striker
        target.state["rapier_bonus"] = True
    if striker.state.get("grudge") is target and striker.state.pop("rapier_bonus", False) \
            and uses(enc, striker, "dueling-rapier") and target.out is None:
        enc.emit(events, "item", f"{striker.label}'s dueling rapier strikes {target.label} again.",
                 striker.actor)
        enc.credit(striker, target, enc.round)
        enc.take_hit(target, events, source=striker)


def remand(enc: SetTo, events: list[Event]) -> None:
    """Restaging: each Magnus with a Remand rod sends the upstage foe that cast highest downstage; the rod
    passes to it."""
    for seat in enc.seats:
        if seat.out is not None or "remand-rod" not in seat.mactor.items or not uses(enc, seat, "remand-rod"):
            continue
        foes = [s for s in enc.upstage(enc.other(seat.side)) if id(s) not in enc.stage.moved
                and enc.stage.mark_of(s.side, s)]
        if not foes:
            continue
        victim = max(foes, key=lambda s: (s.roll.casting if s.roll is not None else -1, s.mactor.build))
        enc.stage.exit(victim.side, victim)
        seat.mactor.items.remove("remand-rod")
        victim.mactor.items.append("remand-rod")
        enc.emit(events, "item", f"{seat.label}'s remand rod sends {victim.label} downstage; it now holds"
                 " the rod.", seat.actor)


def _rolled_natural(seat: MasqueSeat) -> bool:
    """Whether any die of its casting showed a natural this bit (before or among its rerolls)."""
    assert seat.roll is not None
    return any(d.sides >= 4 and d.sides in d.rolls for d in seat.roll.dice if not d.modifier)
