"""The reaction roll (RULES.md 5.6, MQ-18): d% about how one individual takes the actor.

00 reads 100.  [SR] it succeeds at 90 or more less half the actor's Build
(rounded down) and any modifier: a Lancer (Build 12) needs 84, a Bravo (8) 86.
When the roll fails but its digits read the other way succeed, the offence
is noted but tolerated for now (a later roll may take the first reading off
as a penalty: 18 read as 81 brings -18).  100 is a special favour.
"""

from __future__ import annotations

from dataclasses import dataclass

from solo.dice import Rng

BEST = 90


@dataclass(frozen=True)
class Reaction:
    roll: int
    reversed: int
    needed: int
    result: str  # "special favour", "favourable", "tolerated", "unfavourable"

    @property
    def text(self) -> str:
        extra = ""
        if self.result == "tolerated":
            extra = f"; a further reaction roll may take -{self.roll}"
        return (f"reaction d% {self.roll:02d} (reversed {self.reversed:02d}), needs {self.needed}:"
                f" {self.result}{extra}")


def reversed_digits(roll: int) -> int:
    """The d% read the other way: 18 is 81, 05 is 50, 100 (00) stays 100."""
    if roll == 100:
        return 100
    tens, ones = divmod(roll, 10)
    return ones * 10 + tens or 100


def needed(build: int, modifier: int = 0) -> int:
    return BEST - build // 2 - modifier


def read(roll: int, build: int, modifier: int = 0) -> Reaction:
    need = needed(build, modifier)
    back = reversed_digits(roll)
    if roll == 100:
        result = "special favour"
    elif roll >= need:
        result = "favourable"
    elif back >= need:
        result = "tolerated"
    else:
        result = "unfavourable"
    return Reaction(roll, back, need, result)


def reaction_roll(build: int, rng: Rng, modifier: int = 0) -> Reaction:
    return read(rng.die(100), build, modifier)
