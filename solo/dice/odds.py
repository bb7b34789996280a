"""Exact odds of dice expressions, computed with icepool.

Results are exact `Fraction`s.  Before computing, `check_cost` estimates
the work from the expression alone and refuses (with `DiceError`) anything
over `WORK_BUDGET`, about a second: `1000d100` and `500d4dl2` can be rolled,
but their exact distributions are refused rather than hanging the program.
The estimate is a count, never a clock, so the same expression is refused
on every machine.  It follows what icepool does (see benchmarks/dice_cost.py
for the figures it was fitted to):

* a plain sum of n dice is built one die at a time; step k combines about
  k x span outcomes with each of the die's faces, on exact counts that grow
  by log2(faces) bits per die, so a step costs (k*span+1) * faces *
  (1 + k*log2(faces)/64) units;
* a keep/drop pool is evaluated face by face over states (dice still to
  place, running total of the kept ones), each state trying every number of
  dice on that face: faces * n*(n+1)/2 * (outcomes of the kept total);
* adding two terms combines every outcome of one with every outcome of the other.

icepool is imported on the first computation, not with this module: it
takes longer to load than the rest of `solo.dice`, and most commands (and
the TUI's first frame) roll dice without ever asking for odds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from solo.dice.notation import ConstTerm, DiceError, DiceTerm, Expression, parse

# Units of icepool work (see the docstring); about ten million a second, measured under load.
WORK_BUDGET = 10_000_000
MAX_POOL_SIDES = 400  # icepool's keep/drop evaluation recurses once per face
MAX_SUM_DICE = 500  # icepool sums n dice by recursing n deep

if TYPE_CHECKING:
    import icepool


@dataclass(frozen=True)
class Distribution:
    """Outcome -> exact probability, in rising order of outcome."""

    expression: str
    probabilities: tuple[tuple[int, Fraction], ...]

    @property
    def outcomes(self) -> list[int]:
        return [o for o, _ in self.probabilities]

    def at_least(self, n: int) -> Fraction:
        return sum((p for o, p in self.probabilities if o >= n), Fraction(0))

    def at_most(self, n: int) -> Fraction:
        return sum((p for o, p in self.probabilities if o <= n), Fraction(0))

    def exactly(self, n: int) -> Fraction:
        return dict(self.probabilities).get(n, Fraction(0))

    @property
    def mean(self) -> Fraction:
        return sum((o * p for o, p in self.probabilities), Fraction(0))

    @property
    def minimum(self) -> int:
        return self.probabilities[0][0]

    @property
    def maximum(self) -> int:
        return self.probabilities[-1][0]


def _single_die(sides: int) -> icepool.Die:
    import icepool

    if sides == 66:
        return icepool.d(6).map(lambda tens: tens * 10) + icepool.d(6)
    return icepool.d(sides)


def _faces(term: DiceTerm) -> int:
    return 36 if term.is_d66 else term.sides


def _term_cost(term: DiceTerm) -> tuple[int, int]:
    """(work, number of outcomes) of one dice term."""
    faces = _faces(term)
    span = 55 if term.is_d66 else term.sides - 1
    if term.keep is None:
        if term.count > MAX_SUM_DICE:
            raise _too_costly(f"{term.count} dice in one group (exact odds allow {MAX_SUM_DICE})")
        bits = math.log2(faces) / 64 if faces > 1 else 0.0
        work = sum(int((k * span + 1) * faces * (1 + k * bits)) for k in range(1, term.count))
        return work, term.count * span + 1
    if faces > MAX_POOL_SIDES:
        raise _too_costly(f"keeping or dropping among d{term.sides}s "
                          f"(exact odds allow at most {MAX_POOL_SIDES} sides)")
    kept = term.keep.kept_count(term.count)
    support = kept * span + 1
    return faces * term.count * (term.count + 1) // 2 * support, support


def _too_costly(why: str) -> DiceError:
    return DiceError(f"exact odds would take too long to compute: {why}")


def check_cost(expr: Expression) -> int:
    """Estimated work for the exact distribution; raises DiceError over budget."""
    work = 0
    support = 1
    for term in expr.terms:
        if isinstance(term, ConstTerm):
            continue
        term_work, term_support = _term_cost(term)
        work += term_work + support * term_support
        support = support + term_support - 1
        if work > WORK_BUDGET:
            raise _too_costly(f'"{expr.canonical()}" needs about {work:,} units of work,'
                              f" over the {WORK_BUDGET:,} allowed (about a second)")
    return work


def _term_die(term: DiceTerm) -> icepool.Die:
    die = _single_die(term.sides)
    if term.keep is None:
        return term.count @ die if term.count > 1 else die
    pool = die.pool(term.count)
    kept = term.keep.kept_count(term.count)
    chosen = pool.highest(kept) if term.keep.keeps_highest else pool.lowest(kept)
    return chosen.sum()


@lru_cache(maxsize=256)
def _distribution(canonical: str) -> Distribution:
    import icepool

    expr = parse(canonical)
    check_cost(expr)
    total: icepool.Die = icepool.Die([0])
    for term in expr.terms:
        if isinstance(term, ConstTerm):
            total = total + term.sign * term.value
        else:
            die = _term_die(term)
            total = total + die if term.sign > 0 else total - die
    denominator = total.denominator()
    probs = tuple(
        (int(outcome), Fraction(int(quantity), int(denominator)))
        for outcome, quantity in total.items()
        if quantity
    )
    return Distribution(canonical, probs)


def distribution(expression: str | Expression) -> Distribution:
    """The exact distribution of an expression's total."""
    expr = parse(expression) if isinstance(expression, str) else expression
    return _distribution(expr.canonical())


def probability(
    expression: str | Expression, at_least: int | None = None, at_most: int | None = None
) -> Fraction:
    """P(total >= at_least and total <= at_most); either bound may be left out."""
    dist = distribution(expression)
    return sum(
        (
            p
            for o, p in dist.probabilities
            if (at_least is None or o >= at_least) and (at_most is None or o <= at_most)
        ),
        Fraction(0),
    )


def percent(p: Fraction, places: int = 1) -> str:
    """A probability as a percentage for people: 0.75 -> '75%', 2/3 -> '66.7%'."""
    value = round(float(p) * 100, places)
    if value == int(value):
        return f"{int(value)}%"
    return f"{value:.{places}f}%"
