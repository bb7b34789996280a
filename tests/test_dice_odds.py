"""Exact odds through icepool, checked against counting every outcome by hand."""

import itertools
from fractions import Fraction

import pytest

from solo.dice import STANDARD_LADDER, DiceError, Ladder, distribution, percent, probability


def brute(dice_sides, keep=None, highest=True, add=0):
    """Enumerate every face combination: the slow, obviously right answer."""
    counts: dict[int, int] = {}
    combos = list(itertools.product(*[range(1, s + 1) for s in dice_sides]))
    for faces in combos:
        chosen = sorted(faces, reverse=highest)[: keep or len(faces)]
        total = sum(chosen) + add
        counts[total] = counts.get(total, 0) + 1
    return {t: Fraction(c, len(combos)) for t, c in counts.items()}


@pytest.mark.parametrize(
    "expr, expected",
    [
        ("2d6", brute([6, 6])),
        ("3d6+1", brute([6, 6, 6], add=1)),
        ("4d6kh3", brute([6] * 4, keep=3)),
        ("2d20kl1", brute([20, 20], keep=1, highest=False)),
        ("3d8dh1", brute([8, 8, 8], keep=2, highest=False)),
    ],
)
def test_distribution_matches_enumeration(expr, expected):
    assert dict(distribution(expr).probabilities) == expected


def test_known_values():
    assert probability("2d6", at_least=7) == Fraction(7, 12)
    assert probability("d20", at_least=11) == Fraction(1, 2)
    assert probability("4d6kh3", at_least=18) == Fraction(21, 1296)
    assert probability("d66", at_most=16) == Fraction(1, 6)
    assert probability("d%", at_most=5) == Fraction(1, 20)
    assert probability("2d6-d6", at_most=0) == Fraction(brute_diff_le0(), 216)
    assert distribution("3d6").mean == Fraction(21, 2)


def brute_diff_le0():
    return sum(1 for a, b, c in itertools.product(range(1, 7), repeat=3) if a + b - c <= 0)


def test_nine_powers_fate_die_odds():
    # One d4: likely (<=3) 75%, balanced (<=2) 50%, unlikely (=1) 25%.
    assert [probability("d4", at_most=n) for n in (3, 2, 1)] == [
        Fraction(3, 4), Fraction(1, 2), Fraction(1, 4)]


def test_both_bounds():
    assert probability("2d6", at_least=6, at_most=8) == Fraction(16, 36)


def test_too_costly_is_refused_not_attempted():
    with pytest.raises(DiceError, match="exact odds would take too long"):
        distribution("1000d100")
    with pytest.raises(DiceError, match="exact odds would take too long"):
        distribution("d10000+d10000")
    with pytest.raises(DiceError, match="at most 400 sides"):
        distribution("3d1000kh1")


def test_percent_formatting():
    assert percent(Fraction(3, 4)) == "75%"
    assert percent(Fraction(2, 3)) == "66.7%"
    assert percent(Fraction(7, 12), 2) == "58.33%"


def test_ladder_steps_and_overflow():
    # The Rogue Spire examples: d4 +2 -> d8; d20 -4 -> d6; d12 +3 -> d20 with 2 left over.
    assert STANDARD_LADDER.up(4, 2) == 8
    assert STANDARD_LADDER.down(20, 4) == 6
    step = STANDARD_LADDER.step(12, 3)
    assert (step.sides, step.overflow) == (20, 2)
    assert STANDARD_LADDER.step(6, -3).overflow == -2
    assert STANDARD_LADDER.pool(4) == [4, 6, 8, 10]
    assert STANDARD_LADDER.pool(3, skip=(4,)) == [6, 8, 10]
    assert Ladder((1, 3, 6, 8)).up(3) == 6


def test_ladder_rejects_dice_not_on_it():
    with pytest.raises(DiceError.__mro__[1], match="d7 is not on the die ladder"):
        STANDARD_LADDER.up(7)
