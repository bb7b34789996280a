"""The fate check: the Nine Powers numbers exactly, and the ladder and chaos built around them."""

from fractions import Fraction as F
from itertools import product

import icepool
import pytest

from solo.dice import Rng, ScriptedRng
from solo.oracle import (
    ODDS_NAMES,
    OracleError,
    StoryLists,
    fate_chart,
    fate_check,
    fate_odds,
    fate_pool,
    parse_odds,
)
from solo.tables import load_tables


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


# -- the seed's own numbers (RULES.md 2.10, EXAMPLES NP-1 and NP-7) --------------------------

@pytest.mark.parametrize("odds, chance", [("likely", F(3, 4)), ("balanced", F(1, 2)),
                                          ("unlikely", F(1, 4))])
def test_a_lone_d4_gives_75_50_25(odds, chance):
    result = fate_odds(odds, chaos=5)
    assert result.pool.dice == (4,)
    assert result.yes == chance


@pytest.mark.parametrize("set_up_well, leverage, dice, expected", [
    (True, False, (4, 6), (F(7, 8), F(2, 3), F(3, 8))),
    (True, True, (4, 6, 8), (F(59, 64), F(3, 4), F(29, 64))),
    (False, True, (4, 6), (F(7, 8), F(2, 3), F(3, 8))),  # [SR] leverage alone is one more die
])
def test_momentum_dice_follow_the_ladder_and_match_np7(set_up_well, leverage, dice, expected):
    got = tuple(fate_odds(o, 5, set_up_well, leverage).yes for o in ("likely", "balanced", "unlikely"))
    assert fate_pool("likely", 5, set_up_well, leverage).dice == dice
    assert got == expected


def test_the_ladder_at_neutral_chaos_is_the_documented_table():
    assert ODDS_NAMES == ("impossible", "nearly-impossible", "very-unlikely", "unlikely", "balanced",
                          "likely", "very-likely", "nearly-certain", "certain")
    assert [fate_odds(name, 5).yes for name in ODDS_NAMES] == [
        F(1, 10), F(1, 8), F(1, 6), F(1, 4), F(1, 2), F(3, 4), F(7, 8), F(59, 64), F(121, 128)]
    assert [fate_pool(name, 5).dice for name in ODDS_NAMES] == [
        (10,), (8,), (6,), (4,), (4,), (4,), (4, 6), (4, 6, 8), (4, 6, 8, 10)]


def test_every_chance_in_the_chart_agrees_with_icepool():
    for momentum in [(False, False), (True, False), (True, True)]:
        for row in fate_chart(*momentum):
            for odds in row:
                dice = [icepool.d(s) for s in odds.pool.dice]
                # icepool.lowest() of one die means its lowest face, so a lone die stands as it is
                lowest = icepool.lowest(*dice) if len(dice) > 1 else dice[0]
                assert odds.yes == lowest.probability("<=", odds.pool.threshold), odds


def test_yes_never_falls_as_odds_chaos_or_momentum_rise():
    for sw, lev in [(False, False), (True, False), (True, True)]:
        chart = [[o.yes for o in row] for row in fate_chart(sw, lev)]
        for row in chart:
            assert row == sorted(row)  # chaos 1 -> 9
        for column in zip(*chart, strict=True):
            assert list(column) == sorted(column)  # impossible -> certain
    for name in ODDS_NAMES:
        for chaos in range(1, 10):
            plain, well, both = (fate_odds(name, chaos, s, lv).yes
                                 for s, lv in [(0, 0), (1, 0), (1, 1)])
            assert plain <= well <= both


def test_chaos_bends_a_balanced_question_symmetrically():
    got = [fate_odds("balanced", c).yes for c in range(1, 10)]
    assert got == [F(1, 6), F(1, 5), F(1, 4), F(1, 3), F(1, 2), F(2, 3), F(3, 4), F(4, 5), F(5, 6)]
    assert all(got[4 + k] == 1 - got[4 - k] for k in range(1, 5))


def test_the_pool_never_exceeds_six_dice_nor_climbs_past_the_d20():
    assert fate_pool("certain", 9, True, True).dice == (4, 6, 8, 10, 12, 20)
    assert fate_pool("impossible", 1).dice == (20,)
    assert fate_odds("impossible", 1).yes == F(1, 20)
    assert fate_odds("certain", 9, True, True).yes == F(9883, 10240)  # NP-1's six-die figure


def test_exceptional_and_random_event_chances_are_exact():
    odds = fate_odds("likely", 5)
    assert odds.exceptional_yes == F(3, 4) * F(19, 100)
    assert odds.exceptional_no == F(1, 4) * F(19, 100)
    assert [fate_odds("balanced", c).random_event for c in range(1, 10)] == [
        F(c, 100) for c in range(1, 10)]


@pytest.mark.parametrize("odds_name, chaos", [("balanced", 5), ("balanced", 1), ("likely", 6),
                                              ("impossible", 9)])
def test_enumerating_every_roll_reproduces_the_stated_odds(tables, odds_name, chaos):
    """Every pool roll and twist pair, counted: the flags match the exact fractions."""
    odds = fate_odds(odds_name, chaos)
    faces = [range(1, s + 1) for s in odds.pool.dice] + [range(1, 11), range(1, 11)]
    counts = {"yes": 0, "exc_yes": 0, "exc_no": 0, "event": 0}
    total = 0
    for combo in product(*faces):
        a, b = combo[-2:]
        event = a == b and a <= chaos
        script = list(combo) + ([1] if event else [])  # focus d20 = 1: no list to pick from
        result = fate_check("?", odds_name, chaos, False, False, ScriptedRng(script), tables)
        total += 1
        counts["yes"] += result.answer == "yes"
        counts["exc_yes"] += result.answer == "yes" and result.exceptional
        counts["exc_no"] += result.answer == "no" and result.exceptional
        counts["event"] += result.random_event is not None
    assert F(counts["yes"], total) == odds.yes
    assert F(counts["exc_yes"], total) == odds.exceptional_yes
    assert F(counts["exc_no"], total) == odds.exceptional_no
    assert F(counts["event"], total) == odds.random_event


# -- single checks -------------------------------------------------------------------------

def test_scripted_checks_follow_the_threshold(tables):
    yes = fate_check("Is the gate open?", "likely", 5, False, False, ScriptedRng([3, 4, 7]), tables)
    no = fate_check("Is the gate open?", "likely", 5, False, False, ScriptedRng([4, 4, 7]), tables)
    assert (yes.answer, yes.exceptional, yes.random_event) == ("yes", False, None)
    assert (no.answer, no.exceptional) == ("no", False)
    # unlikely with both kinds of momentum: only the d8 shows a 1, and that is enough
    long_shot = fate_check("?", "unlikely", 5, True, True, ScriptedRng([4, 6, 1, 1, 5]), tables)
    assert long_shot.rolls == (4, 6, 1) and long_shot.answer == "yes" and long_shot.exceptional
    assert long_shot.chance_of_answer == F(29, 64) * F(19, 100)


def test_a_matching_pair_under_chaos_brings_a_random_event_from_the_lists(tables):
    lists = StoryLists.of(threads=["Find the missing heir"], characters=["Garrow"], pcs=["Ash"])
    # d4 2 (yes), twist 4+4 (a pair, 4 <= chaos 5), focus d20 = 8 (a thread moves), thread pick 1
    result = fate_check("Does the bell ring?", "balanced", 5, False, False,
                        ScriptedRng([2, 4, 4, 8, 1]), tables, lists=lists)
    assert result.answer == "yes"
    assert result.random_event is not None
    assert result.random_event.focus == "A thread lurches forward"
    assert result.random_event.target == "Find the missing heir"
    # the same pair above the chaos factor is nothing special
    calm = fate_check("Does the bell ring?", "balanced", 3, False, False, ScriptedRng([2, 4, 4]), tables)
    assert calm.random_event is None


def test_a_seeded_check_is_repeatable_and_reports_its_odds(tables):
    first = fate_check("Is the gate guarded?", "likely", 5, False, False, Rng(7), tables)
    again = fate_check("Is the gate guarded?", "likely", 5, False, False, Rng(7), tables)
    assert first.to_dict() == again.to_dict()
    assert first.rolls == (3,) and first.twist == (3, 7) and first.answer == "yes"
    assert first.text.startswith("Asked: Is the gate guarded? [likely, chaos 5: d4 <= 3,"
                                 " chance of yes 75%] rolled d4:3, twist 3+7 -> Yes"
                                 " (60.8%: the chance of this exact answer).")
    data = first.to_dict()
    assert data["answer"] == "yes" and data["exceptional"] is False
    assert data["probability_yes"] == 0.75 and data["random_event"] is None
    assert data["odds"]["exceptional_yes"]["exact"] == "57/400"


def test_spending_a_clue_answers_yes_without_a_roll(tables):
    result = fate_check("Is the key here?", "impossible", 1, False, False, ScriptedRng([]), tables,
                        spend_clue=True)
    assert result.answer == "yes" and result.clue_spent and result.rolls == ()
    assert result.to_dict()["probability_yes"] == 1.0
    assert "a clue was spent" in result.text


@pytest.mark.parametrize("text, name", [("Very Unlikely", "very-unlikely"), ("50/50", "balanced"),
                                        ("easy", "likely"), ("nearly_certain", "nearly-certain"),
                                        ("TOUGH", "unlikely")])
def test_odds_names_are_forgiving(text, name):
    assert parse_odds(text).name == name


@pytest.mark.parametrize("call, message", [
    (lambda: parse_odds("probably"), "unknown odds 'probably': use one of impossible,"),
    (lambda: fate_odds("likely", 0), "chaos factor must be between 1 and 9, not 0"),
    (lambda: fate_odds("likely", 10), "chaos factor must be between 1 and 9, not 10"),
    (lambda: fate_odds("likely", "lots"), "chaos factor must be a whole number 1-9, not 'lots'"),
])
def test_bad_inputs_name_what_was_wrong(call, message):
    with pytest.raises(OracleError) as caught:
        call()
    assert str(caught.value).startswith(message)
