"""Surprise at the start of a set-to (RULES.md 5.6): a saving throw between the sides, then reaction rolls.

The encounter option ``surprise`` names the side caught unawares (``troupe``,
``entourage``), ``check`` lets a saving throw decide, ``none`` (the default)
skips it.  The check is resolved like an attack: every actor upstage rolls its
cast (a monster its stat Cast, a role actor its first suggested cast at
current build) and the side with the lower total is surprised; a tie
surprises nobody.  [SR] The margin sets the score: each surprised actor rolls
d% and shakes the surprise off on more than ten times the margin (a named
side is surprised by a margin of 5: over 50).  An actor that fails stands
fast through bit 1 (it does not cast); one that succeeds casts as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solo.rules.engine import Event
from solo.rules.masque.cast import parse_cast
from solo.rules.masque.throw import roll_cast

if TYPE_CHECKING:
    from solo.rules.masque.setto import MasqueSeat, SetTo

CHOICES = ("none", "troupe", "entourage", "check")
#: the margin a surprise named outright counts as
NAMED_MARGIN = 5


def _total(enc: SetTo, seats: list[MasqueSeat]) -> tuple[int, list[str]]:
    from solo.rules.masque.setto import suggested_casts

    total, shown = 0, []
    for seat in seats:
        actor = seat.mactor
        if actor.is_monster:
            roll = roll_cast(enc.monster_cast(seat), enc.rng, monster=True)
        else:
            roll = roll_cast(parse_cast(suggested_casts(actor)[0]), enc.rng, monster=False)
        total += roll.casting
        shown.append(f"{seat.label} {roll.casting}")
    return total, shown


def check_surprise(enc: SetTo, how: str, events: list[Event]) -> None:
    """Settle surprise before bit 1: who is caught, and which of them shake it off."""
    if how == "none":
        return
    troupe, entourage = list(enc.sides)
    if how == "check":
        totals = {}
        for side in (troupe, entourage):
            totals[side], shown = _total(enc, enc.upstage(side))
            enc.emit(events, "surprise", f"Surprise saving throw, {side}: {', '.join(shown) or 'nobody'}"
                     f" = {totals[side]}.")
        if totals[troupe] == totals[entourage]:
            enc.emit(events, "surprise", "The totals tie: nobody is surprised.")
            return
        caught = troupe if totals[troupe] < totals[entourage] else entourage
        margin = abs(totals[troupe] - totals[entourage])
    else:
        caught = troupe if how == "troupe" else entourage
        margin = NAMED_MARGIN
    score = 10 * margin
    enc.emit(events, "surprise", f"The {caught} are surprised (by {margin}): each needs a reaction roll"
             f" over {score} to act in bit 1.")
    for seat in enc.upstage(caught):  # those downstage are not yet in the fight
        roll = enc.rng.die(100)
        if roll > score:
            enc.emit(events, "surprise", f"{seat.label} reacts in time (d% {roll}).", seat.actor)
        else:
            seat.immobile = max(seat.immobile, 1)
            enc.emit(events, "surprise", f"{seat.label} is caught flat-footed (d% {roll}): no cast in bit 1.",
                     seat.actor)
