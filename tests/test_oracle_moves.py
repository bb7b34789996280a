"""Clues, momentum, journeys, scenes, stalls, random events and meaning pairs."""

import textwrap
from fractions import Fraction as F

import pytest

from solo.dice import Rng, ScriptedRng
from solo.oracle import (
    CheckReport,
    Momentum,
    OracleError,
    StoryLists,
    bank_a_one,
    clue_benefit,
    gain_leverage,
    journey_event,
    meaning,
    muse,
    pick_one,
    random_event,
    reported,
    resolve_journey,
    scene_check,
    scene_odds,
    spend_clue,
    spend_for_bonus,
    stall,
)
from solo.oracle.journey import APPROACHES, DIFFICULTIES
from solo.oracle.momentum import CLUE_EFFECTS
from solo.tables import load_tables


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


def d66_scripts():
    return [(tens, units) for tens in range(1, 7) for units in range(1, 7)]


# -- clues and momentum ---------------------------------------------------------------------

def test_the_clue_table_has_the_seeds_twelve_benefits_in_order(tables):
    effects = [clue_benefit(ScriptedRng([n]), tables).effect for n in range(1, 13)]
    assert effects == list(CLUE_EFFECTS)
    fate = clue_benefit(ScriptedRng([3]), tables)  # NP-9: a 3 makes one fate check succeed
    assert fate.roll == 3 and fate.benefit == "One fate check answers yes without a roll."
    assert fate.text.startswith("Clue (d12: 3): spending a clue in this scene would buy:")


def test_a_rolled_one_banks_set_up_well_then_leverage_then_only_a_clue():
    start = Momentum()
    first, gained = bank_a_one(start, "momentum")
    assert (first, gained) == (Momentum(True, False, 0), "set up well")
    second, gained = bank_a_one(first, "momentum")
    assert (second, gained) == (Momentum(True, True, 0), "leverage")
    with pytest.raises(OracleError, match="already has leverage: the only trade left for this 1 is a clue"):
        bank_a_one(second, "momentum")
    third, gained = bank_a_one(second, "clue")
    assert third.clues == 1 and gained == "clue"
    assert start == Momentum()  # values, never changed in place


def test_leverage_through_a_one_needs_set_up_well_but_the_long_way_does_not():
    with pytest.raises(OracleError, match="only for someone already set up well"):
        bank_a_one(Momentum(), "leverage")
    assert gain_leverage(Momentum()) == Momentum(False, True, 0)


def test_spending_clears_what_was_spent_and_refuses_what_is_not_held():
    held = Momentum(True, True, 2)
    assert spend_for_bonus(held, "set-up-well") == Momentum(False, True, 2)
    assert spend_for_bonus(held, "leverage") == Momentum(True, False, 2)
    assert spend_clue(held) == Momentum(True, True, 1)
    with pytest.raises(OracleError, match="no clue held"):
        spend_clue(Momentum())
    with pytest.raises(OracleError, match="not set up well"):
        spend_for_bonus(Momentum(), "set up well")


# -- journeys -------------------------------------------------------------------------------

@pytest.mark.parametrize("setting", ["wild", "town"])
def test_every_journey_row_is_complete_and_well_formed(tables, setting):
    events = [journey_event(ScriptedRng(pair), tables, setting) for pair in d66_scripts()]
    assert len({e.description for e in events}) == 36
    for event in events:
        assert event.effect.action in ("harm", "recover")
        assert event.effect.kind in ("body", "mind", "resources")
        assert event.effect.size in ("minor", "moderate")  # the seed: a small harm or recovery
        assert len(event.check.approaches) == 2 and set(event.check.approaches) <= set(APPROACHES)
        assert event.check.difficulty in DIFFICULTIES
        assert event.success.text and event.failure.text


def test_journeys_cover_harm_and_recovery_of_every_kind(tables):
    events = [journey_event(ScriptedRng(p), tables, s) for s in ("wild", "town") for p in d66_scripts()]
    seen = {(e.effect.action, e.effect.kind) for e in events}
    assert seen == {(a, k) for a in ("harm", "recover") for k in ("body", "mind", "resources")}


def test_a_journey_resolved_by_the_players_word(tables):
    event = journey_event(ScriptedRng([1, 1]), tables, "wild")
    assert event.roll == 11
    assert event.text == ("Journey (wild, d66 11): The ford is running high after rain, and the crossing"
                          " leaves everyone soaked and bruised. Every PC: minor harm to body."
                          " Then a medium check: force or survival.")
    failed = resolve_journey(event, reported("failure", "survival"))
    assert not failed.success
    assert failed.result.effect.text == "minor harm to resources"
    assert failed.text.endswith("Failure (survival): Someone loses their footing and a pack bobs away"
                                " downstream. [minor harm to resources]")
    passed = resolve_journey(event, reported("success"))
    assert passed.success and passed.result.text.startswith("You find the shallows")


def test_a_rules_engine_plugs_in_as_a_resolver(tables):
    asked = []

    def engine(request):
        asked.append(request)
        return CheckReport(True, request.approaches[1], "strong", "d4 d6: [1, 5]")

    outcome = resolve_journey(journey_event(ScriptedRng([1, 2]), tables, "town"), engine)
    assert asked[0].approaches == ("presence", "lore") and asked[0].difficulty == "medium"
    assert outcome.report.degree == "strong" and outcome.result.effect.action == "edge"


def test_journey_input_errors_are_clear(tables):
    with pytest.raises(OracleError, match="a check result is 'success' or 'failure', not 'maybe'"):
        reported("maybe")
    event = journey_event(ScriptedRng([1, 1]), tables, "wild")
    with pytest.raises(OracleError, match="this check is made with force or survival, not stealth"):
        resolve_journey(event, reported("success", "stealth"))
    with pytest.raises(OracleError, match="a journey goes through the wild or the town, not 'sea'"):
        journey_event(Rng(1), tables, "sea")


def test_a_broken_user_journey_table_is_named_with_its_row(tmp_path):
    (tmp_path / "mine.yaml").write_text(textwrap.dedent("""
        id: oracle/journey/town
        dice: d6
        rows:
          - 1-6:
              text: "A quiet street."
              effect: harm body minor
              approaches: [presence, charm]
              difficulty: medium
              success: "Fine."
              failure: "Not fine."
    """), encoding="utf-8")
    mine = load_tables([tmp_path], use_env=False)
    with pytest.raises(OracleError) as caught:
        journey_event(Rng(1), mine, "town")
    assert str(caught.value).startswith("table oracle/journey/town, row 1-6: 'approaches' must be two"
                                        " different words from force, finesse")


def test_a_seeded_journey_is_repeatable(tables):
    a = journey_event(Rng(3), tables, "wild").to_dict()
    b = journey_event(Rng(3), tables, "wild").to_dict()
    assert a == b


# -- scenes ---------------------------------------------------------------------------------

def test_scene_odds_follow_the_chaos_factor():
    assert scene_odds(5) == {"expected": F(1, 2), "altered": F(3, 10), "interrupted": F(1, 5)}
    assert scene_odds(1) == {"expected": F(9, 10), "altered": F(1, 10), "interrupted": F(0)}
    assert scene_odds(9) == {"expected": F(1, 10), "altered": F(1, 2), "interrupted": F(2, 5)}


def test_each_scene_die_lands_where_the_rule_says(tables):
    for chaos in (1, 5, 9):
        outcomes = [scene_check("I meet the fence", chaos, ScriptedRng([die, 1]), tables).outcome
                    for die in range(1, 11)]
        for die, outcome in enumerate(outcomes, 1):
            expected = "expected" if die > chaos else ("altered" if die % 2 else "interrupted")
            assert outcome == expected


def test_an_interrupted_scene_brings_its_interruption_and_a_meaning(tables):
    result = scene_check("I meet the fence at the docks", 5, ScriptedRng([4, 8]), tables)
    assert result.outcome == "interrupted"
    assert result.detail == "You are ambushed on the way."
    assert result.meaning is not None
    altered = scene_check("I meet the fence at the docks", 5, ScriptedRng([3, 2]), tables)
    assert altered.detail == "Someone you expected to find is missing."
    with pytest.raises(OracleError, match="say what you expect the scene to be"):
        scene_check("   ", 5, Rng(1), tables)


# -- stalls, events, meaning ----------------------------------------------------------------

def test_a_stall_pushes_with_a_known_character_or_a_new_face(tables):
    known = stall(ScriptedRng([2, 2]), tables, ["Garrow", "Ilse"])
    assert (known.kind, known.when, known.who, known.new_face) == ("npc", "now", "Ilse", False)
    flashback = stall(ScriptedRng([3]), tables)
    assert flashback.when == "flashback" and flashback.new_face and flashback.who
    trouble = stall(ScriptedRng([6, 6, 6]), tables)
    assert trouble.kind == "complication"
    assert trouble.prompt.startswith("The ground itself betrays you")


def test_random_events_pick_from_the_lists_or_say_the_list_is_empty(tables):
    lists = StoryLists.of(threads=["Find the heir", "Pay the debt"], characters=["Garrow"], pcs=["Ash"])
    on_thread = random_event(ScriptedRng([10, 2]), tables, lists)
    assert on_thread.focus == "A thread runs into a snag" and on_thread.target == "Pay the debt"
    empty = random_event(ScriptedRng([10]), tables, StoryLists())
    assert empty.target is None and empty.note == "no threads yet: an obstacle appears before any goal does"
    assert empty.text.startswith("Random event: A thread runs into a snag (no threads yet:")
    face = random_event(ScriptedRng([6]), tables, lists)
    assert face.focus.startswith("A new face enters the story: ") and face.target is None


def test_meaning_lists_are_big_and_seeded_pairs_repeat(tables):
    for table_id in ("oracle/meaning/action", "oracle/meaning/subject", "oracle/muse/descriptor"):
        words = [r.text for r in tables.get(table_id).rows]
        assert len(words) >= 100 and len(set(words)) == len(words)
    assert meaning(Rng(5), tables) == meaning(Rng(5), tables)
    assert len(muse(Rng(5), tables, 4).words) == 4
    with pytest.raises(OracleError, match="muse words: ask for 1 to 12, not 0"):
        muse(Rng(5), tables, 0)


def test_pick_one_is_fair_and_refuses_an_empty_list():
    picks = [pick_one(["a", "b", "c"], ScriptedRng([n]), "thread list") for n in (1, 2, 3)]
    assert picks == ["a", "b", "c"]
    with pytest.raises(OracleError, match="the thread list is empty"):
        pick_one([], Rng(1), "thread list")
