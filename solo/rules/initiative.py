"""Turns in a fixed order, each as long as the actor likes: a phase for the encounter kernel.

Some systems roll an order once, at the start, and keep it: each actor in
turn may take any number of actions until one of them ends its turn, and
something happens as each turn starts (the Rogue Spire refreshes dice
then).  `FixedOrder` is that phase.  The encounter that uses it keeps
`turn_order` (its seats, first to last) and `turn_index`, and supplies
`turn_start(seat, events)` and `ends_turn(action)`; `begin(events)` starts
the first turn once the order is set.  Seats that are out are skipped;
when the last seat in the order has ended its turn the round is over.

A one-deep reaction window: while the encounter's ``reacting`` attribute
holds a seat (the system sets it in the middle of resolving someone's
action, to ask that seat how it answers), that seat is the one waited
for; its answer is resolved without ending anybody's turn, and the system
clears ``reacting`` when the answer is settled.  The turn then goes on
where it stopped.

`ordered(rolls, first)` sorts seats by their rolls, highest first, with
ties going to seats `first` favours, then to the earlier seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from solo.rules.engine import Phase

if TYPE_CHECKING:
    from solo.rules.engine import Action, Encounter, Event, Seat


def ordered(seats: Sequence[Seat], rolls: Sequence[int], first: Callable[[Seat], bool]) -> list[Seat]:
    """Seats by roll, highest first; on equal rolls a seat `first` favours, then the earlier seat."""
    keyed = sorted(range(len(seats)), key=lambda i: (-rolls[i], not first(seats[i]), seats[i].index))
    return [seats[i] for i in keyed]


class FixedOrder(Phase):
    """One seat at a time in a fixed order; a turn runs until an action ends it."""

    verb = "ended its turn"

    def next_seat(self, enc: Encounter) -> Seat | None:
        reacting: Seat | None = getattr(enc, "reacting", None)
        if reacting is not None and reacting.out is None:
            return reacting
        order: list[Seat] = getattr(enc, "turn_order")  # noqa: B009 - kept by the encounter using this phase
        if not order:
            return None
        index: int = getattr(enc, "turn_index")  # noqa: B009
        for offset in range(len(order)):
            seat = order[(index + offset) % len(order)]
            if seat.out is None and seat.acts:
                return seat if offset == 0 else None
        return None

    def waiting(self, enc: Encounter) -> list[Seat]:
        seat = self.next_seat(enc)
        return [seat] if seat is not None else []

    def begin(self, enc: Any, events: list[Event]) -> None:
        """Start the first turn: skip to the first seat still in, and run its turn-start."""
        enc.turn_index = -1
        self._advance(enc, events, wrap_ends_round=False)

    def submit(self, enc: Any, seat: Seat, action: Action, events: list[Event]) -> None:
        reaction = getattr(enc, "reacting", None) is not None
        enc.resolve(seat, action, events)
        if enc.live_sides <= 1:
            enc.finish(events)
            return
        if reaction:  # an answer inside someone's turn: that turn goes on
            current = enc.turn_order[enc.turn_index]
            if current.out is not None:
                self._advance(enc, events)
            return
        if getattr(enc, "reacting", None) is not None:
            return  # the action waits for an answer; the turn goes on after it
        if seat.out is not None or enc.ends_turn(action):
            self._advance(enc, events)

    def _advance(self, enc: Any, events: list[Event], wrap_ends_round: bool = True) -> None:
        order: list[Seat] = enc.turn_order
        index = enc.turn_index
        for _ in range(2 * len(order) + 2):  # every seat out of turns: the caller's end checks settle it
            index += 1
            if index >= len(order):
                index = 0
                if wrap_ends_round:
                    enc.turn_index = 0
                    enc.round_over(events)
                    if enc.is_over():
                        return
            seat = order[index]
            if seat.out is None and seat.acts:
                enc.turn_index = index
                enc.turn_start(seat, events)
                if seat.out is None:
                    return
            if enc.is_over():
                return
