"""d1, doubled dice, explode-and-add and face steps: rolls and exact odds (MQ-1, MQ-9)."""

from fractions import Fraction

import pytest

from solo.dice import DiceError, Rng, ScriptedRng
from solo.dice.special import (
    d1_distribution,
    doubled_distribution,
    explode_add,
    explode_distribution,
    face_distribution,
    flip,
    roll_d1,
    roll_doubled,
    step_down,
    step_up,
)


def test_d1_is_a_d2_less_one():
    assert [roll_d1(ScriptedRng([1])), roll_d1(ScriptedRng([2]))] == [0, 1]
    dist = d1_distribution()
    assert sum(face * p for face, p in dist.items()) == Fraction(1, 2)  # MQ-1: average 0.5


@pytest.mark.parametrize(("sides", "each", "top", "mean"), [
    (7, Fraction(5, 36), Fraction(6, 36), Fraction(49, 12)),
    (11, Fraction(9, 100), Fraction(10, 100), Fraction(121, 20)),
    (13, Fraction(11, 144), Fraction(12, 144), Fraction(169, 24)),
])
def test_doubled_dice_have_the_exact_odds_of_mq9(sides, each, top, mean):
    dist = doubled_distribution(sides)
    assert list(dist) == list(range(1, sides + 1))
    assert all(dist[f] == each for f in range(1, sides))
    assert dist[sides] == top
    assert sum(f * p for f, p in dist.items()) == mean  # 4.083, 6.05, 7.042


def test_a_doubled_roll_keeps_a_low_sum_and_wraps_a_high_one():
    assert roll_doubled(7, ScriptedRng([3, 4])) == 7
    assert roll_doubled(7, ScriptedRng([6, 5])) == 4  # 11 - 7
    assert roll_doubled(13, ScriptedRng([12, 12])) == 11
    with pytest.raises(DiceError, match="d7, d11 or d13"):
        roll_doubled(9, Rng(1))


def test_doubled_rolls_match_their_distribution():
    rng = Rng(5)
    n = 36_000
    sevens = sum(roll_doubled(7, rng) == 7 for _ in range(n))
    assert abs(sevens / n - 6 / 36) < 0.01


def test_explode_and_add_rerolls_naturals_only_on_four_faces_or_more():
    assert explode_add(6, ScriptedRng([6, 6, 3])) == [6, 6, 3]  # MQ-8's d6: 6, 6, 3
    assert explode_add(3, ScriptedRng([3])) == [3]  # a d3 has no naturals
    assert explode_add(4, ScriptedRng([2])) == [2]


def test_exploded_distribution_is_exact_to_its_depth():
    d4 = face_distribution(4)
    dist = explode_distribution(d4, 4, 2)
    assert sum(dist.values()) == 1
    assert dist[(3, 1)] == Fraction(1, 4)
    assert dist[(7, 2)] == Fraction(1, 16)  # 4 then 3
    assert dist[(12, 3)] == Fraction(1, 64)  # at the depth the last natural is kept as it falls
    assert (4, 1) not in dist
    assert explode_distribution(d4, None, 3) == {(f, 1): Fraction(1, 4) for f in range(1, 5)}


def test_an_explosion_over_the_work_budget_is_refused_before_any_work():
    with pytest.raises(DiceError, match="over the budget"):
        explode_distribution(face_distribution(100), 100, 5000)


def test_steps_and_flips_stay_on_the_die():
    assert [step_up(5, 6), step_up(6, 6), step_down(1, 6), step_down(4, 6)] == [6, 6, 1, 3]
    assert [flip(1, 6), flip(4, 8), flip(0, 1)] == [6, 5, 1]
