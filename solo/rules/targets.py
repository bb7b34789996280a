"""Whom to act against: the foe nearest to defeat, and another foe when the chosen one has fallen.

An NPC policy picks the seat with the fewest points left (`weakest`); a
declared action whose target went down before its turn came turns to the
first foe still standing, or does nothing when it meant to help a fallen
ally (`live_target`).  Both work on any encounter's seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from solo.rules.engine import Action, Encounter, Event, Seat

S = TypeVar("S", bound="Seat")


def weakest(seats: Sequence[S], left: Callable[[S], int]) -> tuple[S, int]:
    """The seat with the fewest points `left` (the first in seat order on a tie), and its points."""
    best, points = seats[0], left(seats[0])
    for seat in seats[1:]:
        now = left(seat)
        if now < points or now == points and seat.index < best.index:
            best, points = seat, now
    return best, points


def live_target(enc: Encounter, seat: Seat, action: Action, events: list[Event], *, ally: bool = False,
                idle: str = "has nobody left to help") -> Seat | None:
    """The seat `action` aims at if it is still in.  Otherwise an action on an ally does nothing
    ("<seat> has nobody left to help."), and one on a foe turns to the first foe left, if any."""
    target = enc.seat(action.target) if action.target is not None else None
    if target is not None and target.out is None:
        return target
    if ally:
        enc.emit(events, "idle", f"{seat.label} {idle}.", seat.actor)
        return None
    foes = enc.foes_of(seat)
    if not foes:
        return None
    enc.emit(events, "retarget", f"{seat.label} turns to {foes[0].label} instead.", seat.actor)
    return foes[0]
