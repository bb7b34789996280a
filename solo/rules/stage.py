"""Marks on a stage: who stands upstage on which numbered mark, who waits downstage, who moved.

A generic position model for a fight staged like theatre (RULES.md 5.4):
each side has a row of numbered marks facing the other side's marks of the
same number; everyone else of that side waits downstage.  In a restaging a
mark may be entered or exited, not both: a mark once entered or exited is
*trampled* until the next restaging, and nobody moves twice.  A mark left
empty because its holder fell is vacant, not trampled.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


class Stage(Generic[T]):
    """Marks 1..`marks` per side, each empty (None) or holding one occupant."""

    def __init__(self, sides: Sequence[str], marks: int = 3):
        self.size = marks
        self.marks: dict[str, list[T | None]] = {side: [None] * marks for side in sides}
        self.trampled: set[tuple[str, int]] = set()
        self.moved: set[int] = set()
        self.changes = 0  # how many times an occupant was put on or taken off a mark (to keep views by)

    def stage(self, side: str, occupants: Iterable[T]) -> list[T]:
        """Put the first occupants on marks 1, 2, 3...; the rest (returned) wait downstage."""
        rest: list[T] = []
        marks = self.marks[side]
        for occupant in occupants:
            for i, held in enumerate(marks):  # the lowest vacant mark (`vacant`)
                if held is None and (side, i + 1) not in self.trampled:
                    marks[i] = occupant
                    self.changes += 1
                    break
            else:
                rest.append(occupant)
        return rest

    def mark_of(self, side: str, occupant: T) -> int:
        """The mark number an occupant stands on (0: downstage)."""
        for i, held in enumerate(self.marks[side]):
            if held is occupant:
                return i + 1
        return 0

    def upstage(self, side: str) -> list[T]:
        return [held for held in self.marks[side] if held is not None]

    def at(self, side: str, mark: int) -> T | None:
        return self.marks[side][mark - 1] if 1 <= mark <= self.size else None

    def vacant(self, side: str) -> list[int]:
        """Empty marks that may be entered now (not trampled this restaging)."""
        return [i + 1 for i, held in enumerate(self.marks[side])
                if held is None and (side, i + 1) not in self.trampled]

    def empty(self, side: str) -> list[int]:
        """Every empty mark, trampled or not."""
        return [i + 1 for i, held in enumerate(self.marks[side]) if held is None]

    def adjacent(self, mark: int) -> list[int]:
        return [m for m in (mark - 1, mark + 1) if 1 <= m <= self.size]

    def vacate(self, side: str, occupant: T) -> int:
        """Take an occupant off its mark without trampling it (it fell); its old mark number."""
        mark = self.mark_of(side, occupant)
        if mark:
            self.marks[side][mark - 1] = None
            self.changes += 1
        return mark

    def exit(self, side: str, occupant: T) -> bool:
        """Step down from a mark in a restaging: tramples it; refused (False) if the occupant moved."""
        if id(occupant) in self.moved:
            return False
        marks = self.marks[side]
        for i, held in enumerate(marks):  # `mark_of`, inline
            if held is occupant:
                marks[i] = None
                self.changes += 1
                self.trampled.add((side, i + 1))
                self.moved.add(id(occupant))
                return True
        return False

    def enter(self, side: str, occupant: T, mark: int | None = None) -> int:
        """Step up onto a vacant mark (the lowest, or `mark`); 0 when none may be entered."""
        if id(occupant) in self.moved:
            return 0
        marks = self.marks[side]
        for held in marks:  # already on a mark (`mark_of`)
            if held is occupant:
                return 0
        trampled = self.trampled
        for i, held in enumerate(marks):  # the first of `vacant` (that is `mark`, if given)
            number = i + 1
            if held is None and (mark is None or number == mark) and (side, number) not in trampled:
                marks[i] = occupant
                self.changes += 1
                trampled.add((side, number))
                self.moved.add(id(occupant))
                return number
        return 0

    def new_restaging(self) -> None:
        """A fresh restaging: nothing trampled, nobody moved yet."""
        self.trampled.clear()
        self.moved.clear()
