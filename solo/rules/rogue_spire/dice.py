"""Rogue Spire dice: one step die against a target, with exact odds.

Every roll is a single die from the ladder D4-D6-D8-D10-D12-D20 against a
target difficulty T (TD): the ladder's own value for a difficulty, or half
the sides of an opposing die.  With R the face shown:

* R > 2T: Success AND (neutral degree ``strong``);
* T < R <= 2T: Success (``success``);
* R = T: the roller picks Success BUT (``cost``) or Failure BUT (``fail``
  with a small advantage);
* R < T: Failure (``fail``).

A roll modifier m steps the rolled die |m| times up or down the ladder;
steps that run past either end go to the defender's die the other way
(positive overflow shrinks it) [SR, RULES.md 1.11 item 15].  The modifier
itself is ``Power - max(0, Defense - Bypass)`` [SR, item 1].

An impossible target explodes (method 1): when the die's top face cannot
beat T (top <= T, [SR] item 6), a top face rolls the next die up, until a
die that can beat T is reached; that die's roll is judged.  Only the first
die is the roller's; the rest are free dice (no XP, no rerolls).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from solo.dice import Rng
from solo.dice.ladder import STANDARD, Ladder
from solo.rules.engine import RulesError

LADDER = Ladder(STANDARD)
SIZES = STANDARD
TD_BY_DIE = {s: (s // 2) for s in SIZES}  # the ladder: D4 2 ... D20 10
DIFFICULTY_DIE = {"easy": 4, "medium": 6, "hard": 8}  # neutral difficulty -> the ladder's die
BANDS = ("and", "success", "tie", "failure")
TIE_CHOICES = ("success-but", "failure-but")


def die_name(sides: int) -> str:
    return f"D{sides}"


def parse_die(value: object, what: str = "die") -> int:
    """'d6', 'D6' or 6 as 6; anything off the ladder is a RulesError naming `what`."""
    text = str(value).strip().lower()
    if text.startswith("d"):
        text = text[1:]
    if text.isdigit() and int(text) in SIZES:
        return int(text)
    raise RulesError(f"{what} {value!r} is not a die of the ladder D4, D6, D8, D10, D12, D20")


def td_of(sides: int) -> int:
    """Half the sides of an opposing die (RS-1)."""
    return TD_BY_DIE[sides]


def band(roll: int, td: int, effective: int = 0) -> str:
    """The outcome band of `roll` against `td`; `effective` lowers the Success AND threshold.

    Effective (+1 per point) and Ineffective (negative) move the line of
    Success AND, never below TD + 1.
    """
    if roll > td:
        need = max(td + 1, 2 * td + 1 - effective)
        return "and" if roll >= need else "success"
    if roll == td:
        return "tie"
    return "failure"


def degree_of(band_name: str, tie: str = "success-but") -> str:
    """The neutral degree of a band; a tie is a cost (Success BUT) or a failure (Failure BUT)."""
    if band_name == "and":
        return "strong"
    if band_name == "success":
        return "success"
    if band_name == "tie":
        return "cost" if tie == "success-but" else "fail"
    return "fail"


@dataclass(frozen=True)
class Shifted:
    """A roll modifier applied: the die rolled, the defender's die, and the steps that overflowed."""

    attack: int
    defence: int | None
    overflow: int


@lru_cache(maxsize=1024)
def shift(attack: int, modifier: int, defence: int | None = None) -> Shifted:
    """Step the attacker's die by `modifier`; what passes an end shifts the defender's die the other way
    (kept: a forecast asks the same few shifts for every attack it weighs)."""
    step = LADDER.step(attack, modifier)
    if defence is None or not step.overflow:
        return Shifted(step.sides, defence, step.overflow)
    return Shifted(step.sides, LADDER.step(defence, -step.overflow).sides, step.overflow)


def roll_modifier(power: int, bypass: int, defense: int) -> int:
    """m = Power - max(0, Defense - Bypass) [SR]: Bypass only cancels defense."""
    return power - max(0, defense - bypass)


def explodes(sides: int, td: int) -> bool:
    """An impossible target: the die's top face cannot beat it [SR: top <= TD]."""
    return sides <= td


def chain(sides: int, td: int) -> list[int]:
    """The dice an exploding roll climbs through, the judged die last (empty: no die can beat it)."""
    out = [sides]
    while explodes(out[-1], td):
        if out[-1] == SIZES[-1]:
            return []
        out.append(LADDER.up(out[-1]))
    return out


@dataclass(slots=True)
class Rolled:
    """One die rolled against a target: every face shown, the face judged, the band and the XP."""

    sides: int
    td: int
    faces: list[int]
    judged: int
    band: str
    xp: int = 0
    exploded: list[int] = field(default_factory=list)  # the free dice rolled after the first

    def text(self) -> str:
        shown = " > ".join(
            f"{die_name(s)} {f}" for s, f in zip([self.sides, *self.exploded], self.faces, strict=False)
        )
        return f"{shown} vs TD {self.td}"


def roll(
    sides: int, td: int, rng: Rng, *, explode: bool = True, free: bool = False, effective: int = 0
) -> Rolled:
    """Roll one die against `td`, exploding up the ladder when allowed and needed (method 1).

    XP: a natural 1 on the first die gives its sides, unless it is a free die.
    """
    first = rng.die(sides)
    faces = [first]
    xp = sides if first == 1 and not free else 0
    if not explode or not explodes(sides, td):
        return Rolled(sides, td, faces, first, band(first, td, effective), xp)
    dice = chain(sides, td)
    if not dice:
        return Rolled(sides, td, faces, first, band(first, td, effective), xp)
    current, face, climbed = sides, first, []
    while face == current and explodes(current, td):
        current = LADDER.up(current)
        face = rng.die(current)
        faces.append(face)
        climbed.append(current)
    return Rolled(
        sides,
        td,
        faces,
        face,
        band(face, td, effective)
        if not explodes(current, td)
        else ("failure" if face < td else band(face, td, effective)),
        xp,
        climbed,
    )


def band_odds(sides: int, td: int, *, explode: bool = True, effective: int = 0) -> dict[str, Fraction]:
    """Exact chance of each band for one die against `td` (with the method-1 explosion when allowed)."""
    return dict(_band_odds(sides, td, explode, effective))


@lru_cache(maxsize=2048)
def _band_odds(sides: int, td: int, explode: bool, effective: int) -> dict[str, Fraction]:
    out = dict.fromkeys(BANDS, Fraction(0))
    if explode and explodes(sides, td):
        dice = chain(sides, td)
        if not dice:
            for face in range(1, sides + 1):
                out[band(face, td, effective)] += Fraction(1, sides)
            return out
        reach = Fraction(1)
        for die in dice[:-1]:
            # any face but the top fails (it is below the top, which is <= td: below or at the target)
            for face in range(1, die):
                name = band(face, td, effective)
                out["failure" if name == "tie" else name] += reach * Fraction(1, die)
            reach *= Fraction(1, die)
        last = dice[-1]
        for face in range(1, last + 1):
            out[band(face, td, effective)] += reach * Fraction(1, last)
        return out
    for face in range(1, sides + 1):
        out[band(face, td, effective)] += Fraction(1, sides)
    return out


def degree_odds(
    sides: int, td: int, *, tie: str = "success-but", explode: bool = True, effective: int = 0
) -> dict[str, Fraction]:
    bands = band_odds(sides, td, explode=explode, effective=effective)
    out = {"fail": Fraction(0), "cost": Fraction(0), "success": Fraction(0), "strong": Fraction(0)}
    for name, p in bands.items():
        out[degree_of(name, tie)] += p
    return out


def free_time_cost(roll_value: int, td: int) -> int:
    """Extra attempts' worth of time a failed free-time action costs: T + 1 - R [SR]; 0 on a success."""
    return 0 if roll_value >= td else td + 1 - roll_value


def xp_for(sides: int) -> int:
    """XP for a natural 1 on a die: its sides (table 1.9.10)."""
    return sides
