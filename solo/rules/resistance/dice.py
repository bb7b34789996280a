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
critical bonus.  The pool is a `solo.rules.band_pool.BandPool`.

Stress dice climb 1 - d3 - d6 - d8 (- d10 if anything pushes past d8);
partial stress below 1 is no stress at all.

Helpers: the text lets the GM cap how many may assist and gives no number;
here at most `MAX_ASSISTANTS` (5) join a roll, so a pool holds at most nine
dice, and asking for more is an error rather than a silent cut.
"""

from __future__ import annotations

from solo.dice import Rng
from solo.rules.band_pool import BandPool
from solo.rules.engine import RulesError, word_or_number

BANDS = ("critical failure", "failure", "success at a cost", "success", "critical success")
BAND_DEGREE = ("fail", "fail", "cost", "success", "strong")
CRIT_FAIL, FAIL, COST, SUCCESS, CRIT = range(5)
NEUTRAL_DIFFICULTY = {"easy": 0, "medium": 1, "hard": 2}
STRESS_LADDER = ("0", "1", "d3", "d6", "d8", "d10")
SIZE_DIE = {"minor": "d3", "moderate": "d6", "major": "d8"}
# The text leaves the number of helpers to the GM; five (a nine-die pool at most) is our cap.
MAX_ASSISTANTS = 5


def difficulty(value: object) -> int:
    """easy/medium/hard, or the system's own 0, 1, 2 (more is allowed: it downgrades)."""
    return word_or_number(value, NEUTRAL_DIFFICULTY, 0, 5,
                          "Resistance difficulty must be 0-2 or easy/medium/hard, not {value!r}",
                          "Resistance difficulty runs 0 (standard) to 2 (very challenging), not {number}")


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


POOL = BandPool(10, (1, 5, 7, 9, 10), BANDS, BAND_DEGREE)
roll_pool = POOL.roll
band_odds = POOL.odds
degree_odds = POOL.degree_odds


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
    if extra <= 0:
        return rng.die(sides)
    return max(rng.die(sides) for _ in range(1 + extra))


def rank(die: str) -> int:
    return STRESS_LADDER.index(die)
