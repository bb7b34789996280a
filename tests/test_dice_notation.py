"""Dice notation: what parses, what it means, and that garbage only ever gives our error."""

import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.dice import DiceError, distribution, parse, roll
from solo.dice.notation import ConstTerm, DiceTerm, Keep
from solo.dice.rng import Rng


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("2d6", "2d6"),
        ("d20", "d20"),
        ("D8", "d8"),
        ("d%", "d100"),
        ("d100", "d100"),
        ("d66", "d66"),
        ("4d6kh3", "4d6kh3"),
        ("4d6k3", "4d6kh3"),
        ("2d20kl1", "2d20kl1"),
        ("4d6d1", "4d6dl1"),
        ("5d10dh2", "5d10dh2"),
        (" 2d6 + 3 ", "2d6+3"),
        ("-1+d4", "-1+d4"),
        ("2d6+d8-3", "2d6+d8-3"),
        ("7", "7"),
    ],
)
def test_canonical_forms(text, canonical):
    assert parse(text).canonical() == canonical


def test_terms_carry_count_sides_keep_and_sign():
    expr = parse("4d6kh3-2d4+1")
    assert expr.terms == (
        DiceTerm(4, 6, Keep("kh", 3), 1),
        DiceTerm(2, 4, None, -1),
        ConstTerm(1, 1),
    )
    assert expr.dice_count == 6


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "empty dice expression"),
        ("2d", "expected the number of sides after 'd'"),
        ("d0", "at least one side"),
        ("0d6", "at least one die"),
        ("4d6kh5", "cannot keep 5 of 4 dice"),
        ("4d6kh0", "cannot keep 0 of 4 dice"),
        ("3d6dl3", "cannot drop 3 of 3 dice"),
        ("2d6+", "expected a number or a die after the sign"),
        ("2d6 3", "unexpected '3'"),
        ("fireball", "unexpected 'f'"),
        ("2d6*2", "unexpected '*'"),
        ("4d6kh", "expected how many dice to keep"),
    ],
)
def test_bad_notation_names_the_problem(text, fragment):
    with pytest.raises(DiceError) as info:
        parse(text)
    assert fragment in str(info.value)


def test_error_points_at_the_character():
    with pytest.raises(DiceError, match=r'"2d6\+x": .* \(at character 5\)'):
        parse("2d6+x")


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("1001d6", "1001 dice is too many; the limit is 1000"),
        ("600d6+600d6", "rolls 1200 dice; the limit is 1000"),
        ("d10001", "too many sides; the limit is 10000"),
        ("99999999999d6", "far too large"),
        ("1+" * 101 + "1", "more than 100 terms"),
        ("d6" + "+1" * 300, "characters long; the limit is 500"),
    ],
)
def test_absurd_expressions_are_refused_quickly(text, fragment):
    tracemalloc.start()
    try:
        with pytest.raises(DiceError) as info:
            parse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert fragment in str(info.value)
    assert peak < 256 * 1024  # refused, not attempted: no dice or terms were built


def test_the_limits_themselves_are_allowed():
    result = roll("1000d10000", Rng(1))
    assert len(result.dice) == 1000
    assert all(1 <= d.value <= 10000 for d in result.dice)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=40))
def test_garbage_raises_only_our_error(text):
    try:
        expr = parse(text)
    except DiceError as exc:
        assert str(exc)
    else:
        roll(expr, Rng(0))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789dDkKhHlL%+- ", max_size=24))
def test_dice_shaped_garbage_raises_only_our_error(text):
    try:
        roll(text, Rng(0))
    except DiceError:
        pass


terms = st.one_of(
    st.builds(lambda n, s: f"{n}d{s}", st.integers(1, 6), st.sampled_from([2, 4, 6, 8, 10, 12, 20])),
    st.builds(lambda n, k, s: f"{n}d{s}kh{min(k, n)}", st.integers(1, 5), st.integers(1, 5),
              st.sampled_from([4, 6, 8])),
    st.builds(lambda n, k, s: f"{n}d{s}kl{min(k, n)}", st.integers(1, 5), st.integers(1, 5),
              st.sampled_from([4, 6, 8])),
    st.sampled_from(["d66", "d%"]),
    st.integers(0, 20).map(str),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("+-"), terms), min_size=1, max_size=4), st.integers(0, 2**32))
def test_every_roll_lands_inside_its_exact_distribution(parts, seed):
    text = "".join(sign + term for sign, term in parts).lstrip("+")
    dist = distribution(text)
    result = roll(text, Rng(seed))
    assert dist.exactly(result.total) > 0
    assert sum(p for _, p in dist.probabilities) == 1
