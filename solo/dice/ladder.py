"""Dice that move up and down a ladder of sizes.

Several of the rule systems step a die up or down (d4-d6-d8-d10-d12-d20):
Nine Powers builds its pools from the bottom of the ladder, Rogue Spire steps
a die once per roll modifier and hands what overflows the top or bottom to
the other side, and the Resistance stress dice climb their own short ladder.
A `Ladder` answers all of these with clamping and the overflow reported.
"""

from __future__ import annotations

from dataclasses import dataclass

from solo.errors import SoloError

STANDARD = (4, 6, 8, 10, 12, 20)


@dataclass(frozen=True)
class Step:
    sides: int
    overflow: int  # steps that did not fit: >0 past the top, <0 past the bottom


class Ladder:
    def __init__(self, sizes: tuple[int, ...] = STANDARD):
        if not sizes or list(sizes) != sorted(set(sizes)):
            raise SoloError(f"a die ladder needs distinct sizes in rising order, got {sizes}")
        self.sizes = tuple(sizes)

    def index(self, sides: int) -> int:
        try:
            return self.sizes.index(sides)
        except ValueError:
            ladder = "-".join(f"d{s}" for s in self.sizes)
            raise SoloError(f"d{sides} is not on the die ladder {ladder}") from None

    def step(self, sides: int, steps: int) -> Step:
        """Move `steps` rungs (negative is down), clamped; report what overflowed."""
        target = self.index(sides) + steps
        top = len(self.sizes) - 1
        if target > top:
            return Step(self.sizes[top], target - top)
        if target < 0:
            return Step(self.sizes[0], target)
        return Step(self.sizes[target], 0)

    def up(self, sides: int, steps: int = 1) -> int:
        return self.step(sides, steps).sides

    def down(self, sides: int, steps: int = 1) -> int:
        return self.step(sides, -steps).sides

    def pool(self, size: int, skip: tuple[int, ...] = ()) -> list[int]:
        """The first `size` dice from the bottom of the ladder, leaving out `skip`."""
        available = [s for s in self.sizes if s not in skip]
        if size > len(available):
            raise SoloError(f"the ladder has only {len(available)} dice; {size} were asked for")
        return available[: max(0, size)]


STANDARD_LADDER = Ladder(STANDARD)


def die_name(sides: int) -> str:
    return f"d{sides}"
