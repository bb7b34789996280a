"""Nine Powers dice pools: different dice, hoping for low numbers.

A pool is a set of *distinct* dice taken from the bottom of the ladder
d4-d6-d8-d10-d12-d20, one per rating point; bonuses and penalties move the
count (kept to 1..6 dice), some effects ban a size (Wonder takes the d4
away) or add a particular one (Identify/Lore adds the d12 and/or d20, which
is why a bonus can then add nothing new).  Only the lowest die matters: it
tells the hardest difficulty beaten (3 easy, 2 medium, 1 tough).

Exact odds come from icepool (`solo.rules.pool_odds`); the policy that chooses difficulties for the
engine uses the same product formula in floats because it runs in the
forecast's hot loop.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from solo.dice import Rng
from solo.rules.engine import RulesError, choose
from solo.rules.pool_odds import lowest, lowest_two

LADDER = (4, 6, 8, 10, 12, 20)
DIFFICULTIES = ("easy", "medium", "tough")
THRESHOLD = {"easy": 3, "medium": 2, "tough": 1}
DAMAGE = {"easy": 1, "medium": 2, "tough": 3}
DURATION = {"easy": 1, "medium": 2, "tough": 3}
NEUTRAL = {"easy": "easy", "medium": "medium", "hard": "tough", "tough": "tough"}
# Words the rule text drifts into for the same three difficulties.
DRIFT = {"weak": "easy", "moderate": "medium"}
MODIFIER = {"small": 1, "big": 2}
MAX_DICE = 6


def difficulty(value: object) -> str:
    """easy/medium/hard (neutral) or easy/medium/tough (the system's own) -> the system's word."""
    key = str(value).strip().lower()
    key = DRIFT.get(key, key)
    if key in NEUTRAL:
        return NEUTRAL[key]
    raise RulesError(f"Nine Powers difficulty must be easy, medium or tough (or hard), not {value!r}")


def steps(bonus: str | int | None = None, penalty: str | int | None = None) -> int:
    """Net dice added by a small/big bonus and a small/big penalty."""
    total = 0
    for value, sign, what in ((bonus, 1, "bonus"), (penalty, -1, "penalty")):
        if value is None or value == "" or value == 0:
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            total += sign * value
        else:
            total += sign * MODIFIER[choose(value, tuple(MODIFIER), what)]
    return total


@lru_cache(maxsize=4096)
def build_pool(
    rating: int, modifier: int = 0, banned: tuple[int, ...] = (), extra: tuple[int, ...] = ()
) -> tuple[int, ...]:
    """The dice rolled for a rating after modifiers, bans and added dice."""
    available = [s for s in LADDER if s not in banned]
    count = max(1, min(MAX_DICE, rating + modifier, len(available)))
    dice = set(available[:count])
    dice.update(s for s in extra if s not in banned)
    return tuple(sorted(dice))


def roll_pool(pool: tuple[int, ...], rng: Rng) -> list[int]:
    return rng.dice(pool)


def degree(lowest: int | None, chosen: str) -> str:
    """fail / success / strong for a lowest die against the chosen difficulty.

    'strong' means the dice beat a harder difficulty than the one chosen
    (a 1 on a medium check); a tough success is the best there is, so it is
    plain 'success'.  Nine Powers has no success at a cost.
    """
    if lowest is None:
        return "fail"
    target = THRESHOLD[chosen]
    if lowest > target:
        return "fail"
    return "strong" if lowest < target else "success"


def degree_odds(
    pool: tuple[int, ...], chosen: str, trade: bool = False, keep_success: bool = False
) -> dict[str, Fraction]:
    """Exact chances of fail/success/strong.

    With `trade`, a die showing 1 is taken out (for set up well, leverage or a
    clue) and the check is judged on the dice left; with `keep_success` that
    happens only when the dice left still succeed.
    """
    out = {"fail": Fraction(0), "success": Fraction(0), "strong": Fraction(0)}
    if not trade:
        for low, p in lowest(pool):
            out[degree(low, chosen)] += p
        return out
    for lows, p in lowest_two(pool):
        judged: int | None = lows[0]
        if lows[0] == 1:
            rest = lows[1] if len(lows) > 1 else None
            if not keep_success or degree(rest, chosen) != "fail":
                judged = rest
        out[degree(judged, chosen)] += p
    return out


@lru_cache(maxsize=4096)
def success_chance(pool: tuple[int, ...], threshold: int) -> float:
    """P(lowest die <= threshold), fast, for the engine's choices."""
    fail = 1.0
    for sides in pool:
        fail *= (sides - min(threshold, sides)) / sides
    return 1.0 - fail
