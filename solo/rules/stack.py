"""Whole-side turns with a response stack: a kernel phase for fights fought like a card game.

One side is active at a time.  Its members act in any order; each action is
paid for and rolled, then *pushed* on the stack rather than resolved.  A
response window then opens: every seat the system says may answer
(`responders`) is asked in turn, and may push a quick action of its own on
top (which opens a fresh window) or pass.  When everyone in the window has
passed, the top item resolves (`resolve_item`), judged as things stand at
that moment; if more is stacked, a new window opens over what is left.
With the stack empty, the active side's members act again until each has
passed; then the system closes the turn (`end_turn`: end-of-turn effects,
refreshing dice) and the next side becomes active.  A round is over when
every side has had its turn.

An item may carry *merged* items: an action grafted into a stacked one at a
named point (an attack waiting for a move to come within reach), which the
system resolves at that point while resolving the host.  `drop_owner` takes
every item of one seat off the stack (a wound that breaks concentration, a
death); the item being resolved has already left the stack, so it is safe.

The system supplies `push_action(seat, action, events)` (pay, roll and push,
or merge), `resolve_item(item, events)`, `end_turn(side, events)`,
`responders(pusher)` (seats still in, in the order asked) and `item_text(item)`.

A window is answered only by its first seat, so a seat that goes out while
waiting in one is dropped when it comes first, not the moment it goes out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solo.rules.engine import Action, Encounter, Event, Phase, RulesError, Seat

PASS = "pass"


@dataclass(eq=False, slots=True)
class StackItem:
    """One ability waiting on the stack: who pushed it, what it is, what was rolled in paying for it."""

    owner: Seat
    action: Action
    rolls: dict[str, Any] = field(default_factory=dict)
    merged: list[StackItem] = field(default_factory=list)
    point: str = ""  # for a merged item: where in its host it takes over
    number: int = 0


class Stack:
    """The items waiting to resolve, bottom first; the last pushed resolves first."""

    def __init__(self) -> None:
        self.items: list[StackItem] = []
        self.pushed = 0

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def push(self, item: StackItem) -> StackItem:
        self.pushed += 1
        item.number = self.pushed
        self.items.append(item)
        return item

    def merge(self, host: StackItem, item: StackItem, point: str) -> StackItem:
        """Graft `item` into `host`, to take over at `point` when the host resolves."""
        if host not in self.items:
            raise RulesError("that ability is no longer on the stack")
        self.pushed += 1
        item.number = self.pushed
        item.point = point
        host.merged.append(item)
        return item

    @property
    def top(self) -> StackItem | None:
        return self.items[-1] if self.items else None

    def pop(self) -> StackItem:
        return self.items.pop()

    def top_first(self) -> list[StackItem]:
        return list(reversed(self.items))

    def holds(self, seat: Seat) -> bool:
        """Whether any waiting item (merged ones included) is the seat's: `of` without the list."""
        for item in self.items:
            if item.owner is seat or any(m.owner is seat for m in item.merged):
                return True
        return False

    def of(self, seat: Seat) -> list[StackItem]:
        """The seat's items still waiting, merged ones included, top first."""
        out = []
        for item in reversed(self.items):
            if item.owner is seat:
                out.append(item)
            out.extend(m for m in item.merged if m.owner is seat)
        return out

    def drop_owner(self, seat: Seat) -> list[StackItem]:
        """Take every waiting item of `seat` off the stack (and out of hosts); return them."""
        gone = self.of(seat)
        self.items = [i for i in self.items if i.owner is not seat]
        for item in self.items:
            item.merged = [m for m in item.merged if m.owner is not seat]
        return gone

    def remove(self, item: StackItem) -> None:
        if item in self.items:
            self.items.remove(item)
        for host in self.items:
            if item in host.merged:
                host.merged.remove(item)


class SideTurns(Phase):
    """The phase of a `StackEncounter`: the active side acts, everyone may answer on the stack."""

    verb = "passed"

    def next_seat(self, enc: Encounter) -> Seat | None:
        assert isinstance(enc, StackEncounter)
        if enc.window is not None:
            return enc.window[0] if enc.window else None
        return enc.to_act()

    def waiting(self, enc: Encounter) -> list[Seat]:
        assert isinstance(enc, StackEncounter)
        if enc.window is not None:
            return enc.window[:1]
        return [
            s
            for s in enc.seats
            if s.side == enc.active and s.out is None and s.acts and s.index not in enc.done
        ]

    def submit(self, enc: Encounter, seat: Seat, action: Action, events: list[Event]) -> None:
        assert isinstance(enc, StackEncounter)
        enc.take(seat, action, events)


class StackEncounter(Encounter):
    """An encounter of whole-side turns and a response stack (see the module docstring)."""

    phase = SideTurns()

    def __init__(self, system: Any, sides: Any, rng: Any, **options: Any):
        super().__init__(system, sides, rng, **options)
        self.window: list[Seat] | None = None  # seats still to answer the top item, in order
        self.done: set[int] = set()  # active-side seats that have passed with the stack empty
        self.order = list(self.sides)
        self.active = self.order[0]
        self.turns = 0  # side turns begun, the first included
        #: who `_settle` last found to act next on the active side's turn (None: it ended the turn); a
        #: loop that alone moves the fight may take it as `to_act` after each action on an empty stack
        self.up: Seat | None = None
        self.count_sides()
        self.fresh_stack()

    def rematched(self) -> None:
        """A rematch's own stack and lists of seats (the rest of an encounter as made is copied)."""
        self.fresh_stack()

    def fresh_stack(self) -> None:
        """An empty stack, and each side's seats in seat order (`to_act` looks for who acts next after
        every action)."""
        self.stack = Stack()
        self.side_seats: dict[str, list[Seat]] = {side: [] for side in self.sides}
        for seat in self.seats:
            self.side_seats[seat.side].append(seat)

    def first_side(self, side: str) -> None:
        """Start with `side`'s turn; the others follow in their listed order."""
        i = self.order.index(side)
        self.order = self.order[i:] + self.order[:i]
        self.active = side

    # -- the system's part --------------------------------------------------------------------
    def push_action(self, seat: Seat, action: Action, events: list[Event]) -> None:
        """Pay for `action`, roll what it pays with, push (or merge) it."""
        raise NotImplementedError

    def resolve_item(self, item: StackItem, events: list[Event]) -> None:
        raise NotImplementedError

    def end_turn(self, side: str, events: list[Event]) -> None:
        """End-of-turn effects, then the side's dice refresh."""

    def responders(self, pusher: Seat | None) -> list[Seat]:
        """Who is asked to answer the top item, in order: seats still in (default: every one)."""
        return [s for s in self.seats if s.out is None and s.acts]

    def item_text(self, item: StackItem) -> str:
        return self.describe(item.action)

    # -- the loop ----------------------------------------------------------------------------------
    def take(self, seat: Seat, action: Action, events: list[Event]) -> None:
        if self.window is not None:
            if seat is not self.window[0]:
                raise RulesError(f"the stack waits for {self.window[0].label}'s answer, not {seat.label}'s")
        elif seat.side != self.active:
            raise RulesError(
                f"it is the {self.active} side's turn; {seat.label} can only answer on the stack"
            )
        elif seat.index in self.done:
            raise RulesError(f"{seat.label} has already {self.phase.verb} this turn")
        if action.kind == PASS:
            if self.window is not None:
                self.window.pop(0)
                self._settle(events)
            else:
                self.done.add(seat.index)
                self._settle(events)
            return
        self.push_action(seat, action, events)
        self._open(seat, events)

    def _open(self, pusher: Seat | None, events: list[Event]) -> None:
        if self.is_over():
            self.window = None
            return
        self.window = self.responders(pusher) if self.stack.items else None
        self._settle(events)

    def to_act(self) -> Seat | None:
        """The first seat of the active side still to act or pass this turn (None: the side is done)."""
        done = self.done
        for s in self.side_seats[self.active]:
            if s.out is None and s.acts and s.index not in done:
                return s
        return None

    def _settle(self, events: list[Event]) -> None:
        """Resolve while nobody is left to answer; end the turn once the active side is done."""
        stack = self.stack.items
        while not self.is_over():
            window = self.window
            if window is not None:
                while window and window[0].out is not None:
                    window.pop(0)
                if window:
                    return
                if stack:
                    self.resolve_item(stack.pop(), events)
                    stack = self.stack.items  # resolving may have dropped items (a new list)
                    if self.is_over():
                        break
                    self.window = self.responders(None) if stack else None
                    continue
                self.window = None
            self.up = self.to_act()
            if self.up is None:
                self._next_side(events)
            return
        if not self.finished:
            self.finish(events)

    def _next_side(self, events: list[Event]) -> None:
        self.end_turn(self.active, events)
        self.done.clear()
        if self.live_sides <= 1:
            self.finish(events)
            return
        i = self.order.index(self.active) + 1
        if i >= len(self.order):
            self.round_over(events)
            if self.is_over():
                if not self.finished:
                    self.finish(events)
                return
            i = 0
        self.active = self.order[i]
        self.turns += 1
        self.begin_turn(self.active, events)

    def begin_turn(self, side: str, events: list[Event]) -> None:
        """A side's turn begins (after the last one ended)."""

    def board(self) -> list[tuple[str, list[str]]]:
        lines = []
        for item in self.stack.top_first():
            lines.append(f"#{item.number} {self.item_text(item)}")
            lines.extend(f"   + at {m.point}: #{m.number} {self.item_text(m)}" for m in item.merged)
        turn = f"Round {self.round}, {self.active} side"  # one line: it shares a short screen
        if self.window:
            turn += f" · awaiting {self.window[0].label}'s answer (respond or pass)"
        elif not self.is_over():
            waiting = [s.label for s in self.phase.waiting(self)]
            if waiting:
                turn += f" · awaiting {', '.join(waiting)} (act or pass)"
        return [("Turn", [turn]), ("Stack (top first)", lines or ["(empty)"])]
