"""The player's own dice: faces rolled at the table and typed in, given back as solo's dice.

In physical-dice mode every die an action would draw from the campaign's
generator is taken, in order, from the faces the player entered instead
(`EnteredDice`).  Each face is checked against the die asked for (a 7 is no
d6 face); when the faces run out, `DiceNeeded` says which die comes next, so
a front end asks for it and runs the action again with one more face.  The
faces are kept in the action's parameters, so replay gives the same result.

A draw that is no die a player can throw (a random fraction, or an
encounter's seed of billions) is refused: such a move is played with solo's
own dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from solo.dice.rng import Rng
from solo.errors import SoloError

T = TypeVar("T")
MAX_SIDES = 1000  # beyond this a draw is a seed or an index, not a die on the table


class DiceNeeded(SoloError):
    """The entered faces ran out: a d`sides` is wanted next (die number `number`)."""

    def __init__(self, sides: int, number: int):
        super().__init__(f"roll a d{sides} (die {number}) and enter its face")
        self.sides = sides
        self.number = number
        self.before = ""  # what the move may say before the die is thrown (an oracle's exact odds)


class DiceRefused(SoloError):
    """An entered face a die cannot show, faces left over, or a draw no die can make."""


class EnteredDice(Rng):
    #: the faces come from the table: a roll whose result cannot matter is better not asked for
    entered = True

    def __init__(self, faces: Sequence[int]):
        super().__init__(0)
        self.faces = list(faces)
        self.used = 0
        self.asked: list[int] = []  # the size of each die drawn, in order

    def die(self, sides: int) -> int:
        if not isinstance(sides, int) or sides < 1 or sides > MAX_SIDES:
            raise DiceRefused(f"this move draws a number from 1 to {sides}, which is no die to throw;"
                            " play it with solo's dice (turn physical dice off)")
        if self.used >= len(self.faces):
            raise DiceNeeded(sides, self.used + 1)
        face = self.faces[self.used]
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
            raise DiceRefused(f"die {self.used + 1} was entered as {face!r}, which a d{sides} cannot"
                            f" show (1 to {sides})")
        self.used += 1
        self.asked.append(sides)
        return face

    def randint(self, low: int, high: int) -> int:
        return low - 1 + self.die(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise SoloError("cannot pick from an empty list")
        return items[self.die(len(items)) - 1]

    def below(self, n: int) -> int:
        """A d`n` face less one: `Rng.weighted_index` picks by weight with this draw."""
        return self.die(n) - 1

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.die(i + 1) - 1
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        raise DiceRefused("this move needs a random fraction, which physical dice cannot give;"
                        " play it with solo's dice (turn physical dice off)")

    def leftover(self) -> None:
        """Refuse faces entered but never used: they would be journaled as rolled for nothing."""
        if self.used < len(self.faces):
            entered = "1 die was" if len(self.faces) == 1 else f"{len(self.faces)} dice were"
            raise DiceRefused(f"{entered} entered but this move rolls only {self.used}")
