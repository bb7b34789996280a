"""The complication countdown (NP-8's numbers), clocks, and the chaos factor's bounds."""

from fractions import Fraction as F

import pytest

from solo.dice import Rng, ScriptedRng
from solo.oracle import (
    OracleError,
    check_chaos,
    clock_advance,
    countdown_chance,
    countdown_mark,
    countdown_roll,
    countdown_step,
    countdown_trigger_chances,
    end_scene_chaos,
)
from solo.tables import load_tables


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


def test_each_mark_gives_a_one_in_six_step():
    assert [countdown_chance(k) for k in range(8)] == [F(0), F(1, 6), F(1, 3), F(1, 2), F(2, 3),
                                                        F(5, 6), F(1), F(1)]


def test_trigger_chances_and_average_match_np8():
    chances = countdown_trigger_chances()
    assert chances == [F(1, 6), F(5, 18), F(5, 18), F(5, 27), F(25, 324), F(5, 324)]
    assert sum(chances) == 1  # the sixth mark always fires
    assert sum(k * p for k, p in enumerate(chances, 1)) == F(899, 324)


@pytest.mark.parametrize("marks", range(0, 6))
def test_a_roll_at_or_under_the_new_mark_count_fires_and_clears(tables, marks):
    for die in range(1, 7):
        script = [die] + ([1, 1] if die <= marks + 1 else [])  # d66 = 11 when it fires
        result = countdown_step(marks, ScriptedRng(script), tables)
        assert result.marks_before == marks and result.marks == marks + 1
        assert result.triggered == (die <= marks + 1)
        assert result.new_marks == (0 if result.triggered else marks + 1)
        assert (result.complication is not None) == result.triggered


def test_a_fired_countdown_draws_the_complication_and_says_so(tables):
    result = countdown_step(2, ScriptedRng([3, 1, 2]), tables)
    assert result.triggered and result.new_marks == 0
    assert result.complication == ("Prices jump overnight. Someone is quietly buying up exactly"
                                   " what you need.")
    assert result.text.startswith("Countdown: 3 marks, d6 rolled 3 (needed 3 or less, 50%) ->"
                                  " a complication! Marks cleared.")
    quiet = countdown_step(0, ScriptedRng([4]), tables)
    assert quiet.text == "Countdown: 1 mark, d6 rolled 4 (needed 1 or less, 16.7%) -> not yet; 1 mark stands."


def test_mark_and_roll_are_the_two_halves(tables):
    assert countdown_mark(3) == 4
    result = countdown_roll(4, ScriptedRng([5]), tables)
    assert (result.marks_before, result.marks, result.triggered, result.new_marks) == (4, 4, False, 4)
    seeded = [countdown_step(1, Rng(11), tables).to_dict() for _ in range(2)]
    assert seeded[0] == seeded[1]


@pytest.mark.parametrize("bad", [-1, 1.5, "two", True])
def test_bad_mark_counts_are_refused(bad):
    with pytest.raises(OracleError, match="countdown marks must be a whole number 0 or more"):
        countdown_mark(bad)


def test_a_clock_fills_once_and_says_so():
    half = clock_advance("The ritual is complete", 4, 1, 2)
    assert (half.filled, half.full, half.just_filled) == (3, False, False)
    full = clock_advance("The ritual is complete", 4, 3, 3)
    assert (full.filled, full.full, full.just_filled) == (4, True, True)
    assert full.text == "Clock 'The ritual is complete' [####] 4/4 (+1): FILLED. It happens now."
    again = clock_advance("The ritual is complete", 4, 4, 1)
    assert again.full and not again.just_filled and again.text.endswith(": full.")
    back = clock_advance("The ritual is complete", 8, 2, -5)
    assert back.filled == 0 and back.picture == "[........]"


@pytest.mark.parametrize("args, message", [
    (("Doom", 5, 0, 1), "a clock has 4, 6, 8 segments, not 5"),
    (("", 4, 0, 1), "a clock needs a name"),
    (("Doom", 6, 7, 1), "clock 'Doom' cannot have 7 of 6 segments filled"),
    (("Doom", 6, 0, "x"), "advance clock 'Doom' by a whole number of segments"),
    (("Doom", 6, 0, -2), r"clock 'Doom' is empty \(0/6\): there is nothing to wind back"),
])
def test_bad_clocks_are_refused_with_a_reason(args, message):
    with pytest.raises(OracleError, match=message):
        clock_advance(*args)


def test_chaos_moves_one_step_and_stays_within_one_to_nine():
    assert end_scene_chaos(5, "up") == 6
    assert end_scene_chaos(5, "down") == 4
    assert end_scene_chaos(9, "up") == 9
    assert end_scene_chaos(1, "down") == 1
    assert end_scene_chaos(3, "same") == 3
    with pytest.raises(OracleError, match="chaos direction must be one of up, down, same"):
        end_scene_chaos(5, "sideways")
    for bad in (0, 10, -3):
        with pytest.raises(OracleError, match="between 1 and 9"):
            check_chaos(bad)
    assert check_chaos("7") == 7


def test_with_your_own_dice_the_countdown_die_is_asked_for_with_its_exact_chance(tables):
    from solo.dice.entered import DiceNeeded, EnteredDice

    with pytest.raises(DiceNeeded) as asked:
        countdown_roll(2, EnteredDice([]), tables)
    assert (asked.value.sides, asked.value.before) == (6, "countdown at 2 marks: chance of a"
                                                           " complication 33.3%")
    with pytest.raises(DiceNeeded) as asked:
        countdown_step(0, EnteredDice([]), tables)
    assert asked.value.before == "countdown at 1 mark: chance of a complication 16.7%"
