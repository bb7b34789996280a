"""Who can reach whom in a fight: engagement and focus, for the encounter kernel.

`Engagement` keeps which seats are engaged (close enough to touch, a
symmetric link here) and where each seat's attention is fixed (its focus: a
single other seat, or none).  A seat's reach is whoever it is engaged with;
a ranged or spoken act reaches anyone, and a reaction only a source the
seat is focused on or engaged with.  Seats are named by their index in the
encounter, so the state is plain and copies cheaply.
"""

from __future__ import annotations


class Engagement:
    """Engaged pairs and each seat's focus, by seat index."""

    __slots__ = ("links", "focus")

    def __init__(self) -> None:
        self.links: set[tuple[int, int]] = set()
        self.focus: dict[int, int] = {}

    @staticmethod
    def _pair(a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    def engage(self, a: int, b: int) -> None:
        if a != b:
            self.links.add(self._pair(a, b))

    def part(self, a: int, b: int) -> None:
        self.links.discard(self._pair(a, b))

    def leave(self, a: int) -> None:
        """`a` leaves every engagement (it fled, fell or was carried off)."""
        self.links = {p for p in self.links if a not in p}
        self.focus.pop(a, None)
        self.focus = {k: v for k, v in self.focus.items() if v != a}

    def engaged(self, a: int, b: int) -> bool:
        return self._pair(a, b) in self.links

    def engaged_with(self, a: int) -> list[int]:
        return sorted(b if x == a else x for x, b in self.links if a in (x, b))

    def set_focus(self, a: int, b: int) -> None:
        self.focus[a] = b

    def focused_on(self, a: int) -> int | None:
        return self.focus.get(a)

    def can_react(self, reactor: int, source: int) -> bool:
        """A reaction needs the source within reach: engaged with it, or focused on it."""
        return self.engaged(reactor, source) or self.focus.get(reactor) == source
