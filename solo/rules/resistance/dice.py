"""Resistance dice: a pool of d10s keeping the highest, and the stress dice.

The pool is one d10, plus one for a relevant skill, one for a relevant
domain, one for mastery (never more than one, whatever its sources) and one
per qualified helper.  Difficulty (0 standard to 2 very challenging) takes
dice away.  The pool never rolls fewer than one die: for each point of
difficulty that pushes it *below zero* the result drops one band.  Read
literally, as the text's worked example does (a 1-die pool at difficulty 2
ends at -1 and drops one band), a pool landing on exactly 0 rolls its one
die with no drop; the house rule ``downgrade_at_zero`` changes that.

Bands of the highest die: 1 critical failure (double stress), 2-5 failure
(stress), 6-7 success at a cost (stress; one die size less when the roll was
only to avoid harm or to buy cheaply), 8-9 success, 10 critical success
(+1 stress dealt per 10 in the pool).  A downgraded result loses any
critical bonus.

Stress dice climb 1 - d3 - d6 - d8 (- d10 if anything pushes past d8);
partial stress below 1 is no stress at all.

Helpers: the text lets the GM cap how many may assist and gives no number;
here at most `MAX_ASSISTANTS` (5) join a roll, so a pool holds at most nine
dice, and asking for more is an error rather than a silent cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from solo.dice import Rng
from solo.rules.engine import RulesError
from solo.rules.pool_odds import highest
from solo.rules.words import plural

BANDS = ("critical failure", "failure", "success at a cost", "success", "critical success")
BAND_DEGREE = ("fail", "fail", "cost", "success", "strong")
CRIT_FAIL, FAIL, COST, SUCCESS, CRIT = range(5)
NEUTRAL_DIFFICULTY = {"easy": 0, "medium": 1, "hard": 2}
STRESS_LADDER = ("0", "1", "d3", "d6", "d8", "d10")
SIZE_DIE = {"minor": "d3", "moderate": "d6", "major": "d8"}
# The text leaves the number of helpers to the GM; five (a nine-die pool at most) is our cap.
MAX_ASSISTANTS = 5


def band_of(highest: int) -> int:
    if highest <= 1:
        return CRIT_FAIL
    if highest <= 5:
        return FAIL
    if highest <= 7:
        return COST
    if highest <= 9:
        return SUCCESS
    return CRIT


def difficulty(value: object) -> int:
    """easy/medium/hard, or the system's own 0, 1, 2 (more is allowed: it downgrades)."""
    if isinstance(value, bool):
        raise RulesError(f"Resistance difficulty must be 0-2 or easy/medium/hard, not {value!r}")
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip().lower()
        if text in NEUTRAL_DIFFICULTY:
            return NEUTRAL_DIFFICULTY[text]
        try:
            number = int(text)
        except ValueError:
            raise RulesError(
                f"Resistance difficulty must be 0-2 or easy/medium/hard, not {value!r}"
            ) from None
    if not 0 <= number <= 5:
        raise RulesError(f"Resistance difficulty runs 0 (standard) to 2 (very challenging), not {number}")
    return number


def pool_size(skill: bool = False, domain: bool = False, mastery: bool = False, assist: int = 0) -> int:
    if isinstance(assist, bool) or not isinstance(assist, int) or not 0 <= assist <= MAX_ASSISTANTS:
        raise RulesError(f"assistants are a number of helpers from 0 to {MAX_ASSISTANTS}, not {assist!r}")
    return 1 + int(bool(skill)) + int(bool(domain)) + int(bool(mastery)) + assist


def dice_after(pool: int, diff: int, downgrade_at_zero: bool = False) -> tuple[int, int]:
    """(dice to roll, bands to drop) for a pool at a difficulty."""
    left = pool - diff
    if left >= 1:
        return left, 0
    drops = diff - pool + (1 if downgrade_at_zero else 0)
    return 1, max(0, drops)


@dataclass(slots=True)
class PoolRoll:
    dice: list[int]
    highest: int
    rolled_band: int
    band: int
    downgrades: int
    tens: int  # 10s that add stress (none once downgraded)

    @property
    def degree(self) -> str:
        return BAND_DEGREE[self.band]

    @property
    def band_name(self) -> str:
        return BANDS[self.band]

    def told(self, pool: int, difficulty: int) -> str:
        """'pool 2 at difficulty 1 [4, 7], 1 band down - failure': the roll as the journal gives it."""
        note = f", {plural(self.downgrades, 'band')} down" if self.downgrades else ""
        return f"pool {pool} at difficulty {difficulty} {self.dice}{note} - {self.band_name}"

    def to_dict(self) -> dict[str, object]:
        return {
            "dice": self.dice,
            "highest": self.highest,
            "band": self.band_name,
            "downgrades": self.downgrades,
            "tens": self.tens,
        }


def roll_pool(count: int, drops: int, rng: Rng) -> PoolRoll:
    dice = rng.dice((10,) * count)
    highest = max(dice)
    rolled = band_of(highest)
    band = max(CRIT_FAIL, rolled - drops)
    tens = dice.count(10) if band == CRIT else 0
    return PoolRoll(dice, highest, rolled, band, drops, tens)


@lru_cache(maxsize=64)
def band_odds(count: int, drops: int) -> tuple[Fraction, ...]:
    """Exact chance of each band (critical failure .. critical success)."""
    out = [Fraction(0)] * 5
    for top, p in highest((10,) * count):
        out[max(CRIT_FAIL, band_of(top) - drops)] += p
    return tuple(out)


def degree_odds(count: int, drops: int) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for band, p in enumerate(band_odds(count, drops)):
        out[BAND_DEGREE[band]] = out.get(BAND_DEGREE[band], Fraction(0)) + p
    return out


# -- stress dice ----------------------------------------------------------------------


def stress_die(value: object) -> str:
    """'1', 'd3', 'D6', 3 ... as a rung of the stress ladder."""
    text = str(value).strip().lower()
    if text in ("d1",):
        text = "1"
    if text not in STRESS_LADDER:
        raise RulesError(
            f"stress comes as 1, d3, d6 or d8 (or a size: minor, moderate, major), not {value!r}"
        )
    return text


def stress_from(value: object) -> str:
    text = str(value).strip().lower()
    return SIZE_DIE[text] if text in SIZE_DIE else stress_die(text)


def step(die: str, steps: int) -> str:
    index = STRESS_LADDER.index(die) + steps
    return STRESS_LADDER[max(0, min(len(STRESS_LADDER) - 1, index))]


def roll_stress(die: str, rng: Rng, extra: int = 0) -> int:
    """Roll a stress die; `extra` more dice for Brutal, keeping the highest."""
    if die == "0":
        return 0
    if die == "1":
        return 1
    sides = int(die[1:])
    return max(rng.die(sides) for _ in range(1 + max(0, extra)))


def rank(die: str) -> int:
    return STRESS_LADDER.index(die)
