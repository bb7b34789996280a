"""Every oracle move through a campaign: journal entries, state changes, undo and replay."""

from __future__ import annotations

import pytest

from solo.campaign import Campaign, CampaignStore, differences, perform, replay, undo
from solo.dice import ScriptedRng
from solo.errors import SoloError
from solo.tables import load_tables

TABLES = load_tables(use_env=False)
AT = "2026-01-02T03:04:05.000Z"


def scripted(*dice: int, pcs: tuple[str, ...] = ()) -> Campaign:
    campaign = Campaign.new("Scripted", rng=ScriptedRng(dice), created=AT)
    for name in pcs:
        perform(campaign, "character_add", {"sheet": {}, "name": name}, tables=TABLES, at=AT)
    return campaign


def act(campaign: Campaign, action: str, /, **params):
    return perform(campaign, action, params, tables=TABLES, at=AT)


# -- the fate check ---------------------------------------------------------------------------

def test_ask_uses_the_campaigns_chaos_and_the_only_pcs_momentum():
    # pool d4 d6 d8 d10 (chaos 7: +2, set up well: +1), then the two twist d10s
    campaign = scripted(4, 1, 7, 3, 5, 8, pcs=("Ash",))
    campaign.chaos = 7
    campaign.characters[0].set_up_well = True
    [entry] = act(campaign, "oracle.ask", question="Is the bridge out?", odds="unlikely")
    assert entry.kind == "oracle"
    data = entry.data
    assert data["odds"]["pool"] == ["d4", "d6", "d8", "d10"] and data["odds"]["chaos"] == 7
    assert data["character"] == "Ash" and data["odds"]["set_up_well"] is True
    assert data["answer"] == "yes" and data["lowest"] == 1  # the d6 shows the 1 an unlikely yes needs
    assert entry.text.startswith("Asked: Is the bridge out? [unlikely, chaos 7: d4 d6 d8 d10: any 1,")
    assert campaign.characters[0].set_up_well  # fate checks never spend momentum


def test_a_questions_own_chaos_is_one_off():
    campaign = scripted(2, 5, 6)
    [entry] = act(campaign, "oracle.ask", question="Rain?", chaos=1)
    assert entry.data["odds"]["pool"] == ["d12"] and entry.data["answer"] == "yes"
    assert campaign.chaos == 5


def test_a_fate_clue_is_spent_on_a_question_and_answers_yes_without_dice():
    # scene start: d10 10 (as expected), then the clue table's d12 shows 3 (a fate check succeeds)
    campaign = scripted(10, 3)
    campaign.clues = 2
    start = act(campaign, "oracle.scene_start", expectation="We search the chapel")
    assert [e.kind for e in start] == ["scene", "clue"]
    assert start[1].data["effect"] == "fate"
    [entry] = act(campaign, "oracle.ask", question="Is the relic here?", odds="impossible",
                  spend_clue=True)
    assert entry.data["answer"] == "yes" and entry.data["clue_spent"] and entry.data["rolls"] == []
    assert campaign.clues == 1


def test_a_clue_cannot_answer_a_question_when_the_scene_says_otherwise():
    campaign = scripted(10, 7)  # the d12 shows 7: where a foe is
    campaign.clues = 1
    act(campaign, "oracle.scene_start", expectation="We search the chapel")
    with pytest.raises(SoloError, match="only when this scene's clue benefit says so"):
        act(campaign, "oracle.ask", question="Is the relic here?", spend_clue=True)
    assert campaign.clues == 1 and len(campaign.journal) == 2


# -- scenes and chaos -------------------------------------------------------------------------

def test_scenes_number_themselves_and_roll_clues_only_when_clues_are_held():
    campaign = scripted(6, 4, 9)
    [entry] = act(campaign, "oracle.scene_start", expectation="The market at noon")
    assert campaign.scene.number == 1 and campaign.scene.open
    assert entry.data["outcome"] == "expected" and entry.scene == 1
    assert entry.text == ("Scene 1: The market at noon [chaos 5; expected 50%, altered 30%,"
                          " interrupted 20%] d10 rolled 6 -> as expected.")
    campaign.chaos = 9
    altered = act(campaign, "oracle.scene_start", expectation="The docks")
    assert altered[0].data["outcome"] == "interrupted" and altered[0].data["detail"] == (
        "Someone from a character's past appears and wants to talk.")  # d10 4 (even), d20 9


def test_ending_a_scene_moves_chaos_but_never_past_one_or_nine():
    campaign = scripted(10, 10, 10)
    for direction, expected in [("up", 6), ("up", 7)]:
        act(campaign, "oracle.scene_start", expectation="Onward")
        [entry] = act(campaign, "oracle.scene_end", chaos=direction)
        assert campaign.chaos == expected and not campaign.scene.open
    campaign.chaos = 9
    act(campaign, "oracle.scene_start", expectation="The last stand")
    [entry] = act(campaign, "oracle.scene_end", chaos="up")
    assert campaign.chaos == 9 and entry.text == "Scene 3 ends; chaos factor stays at 9, its top."
    with pytest.raises(SoloError, match="no scene is open to end"):
        act(campaign, "oracle.scene_end", chaos="down")
    assert campaign.chaos == 9


# -- countdown, momentum ----------------------------------------------------------------------

def test_marks_build_up_and_clear_when_a_complication_fires():
    campaign = scripted(6, 6, 2, 1, 1)
    act(campaign, "oracle.countdown_mark")
    act(campaign, "oracle.countdown_mark")
    assert campaign.countdown == 2
    [entry] = act(campaign, "oracle.countdown_mark")  # third mark, d6 2 <= 3
    assert entry.kind == "countdown" and entry.data["triggered"]
    assert campaign.countdown == 0
    assert entry.data["complication"].startswith("An enemy you thought beaten sends word")
    act(campaign, "oracle.countdown_mark", roll=False)
    assert campaign.countdown == 1


def test_preparing_sets_up_well_and_lets_the_other_side_advance():
    campaign = scripted(1, 2, 3, pcs=("Ash",))  # the countdown d6 shows 1: it fires at once
    entries = act(campaign, "oracle.prepare")
    assert [e.kind for e in entries] == ["momentum", "countdown"]
    assert campaign.characters[0].set_up_well and campaign.countdown == 0
    assert entries[1].data["triggered"]


def test_trading_ones_climbs_to_leverage_then_only_clues():
    campaign = scripted(pcs=("Ash", "Brisca"))
    with pytest.raises(SoloError, match="which character\\? name one of: Ash, Brisca"):
        act(campaign, "oracle.trade_one")
    act(campaign, "oracle.trade_one", character="brisca")
    act(campaign, "oracle.trade_one", character="Brisca")
    brisca = campaign.character("Brisca")
    assert brisca.set_up_well and brisca.leverage
    with pytest.raises(SoloError, match="the only trade left for this 1 is a clue"):
        act(campaign, "oracle.trade_one", character="Brisca")
    act(campaign, "oracle.trade_one", character="Brisca", trade="clue")
    assert campaign.clues == 1
    act(campaign, "oracle.spend_momentum", which="leverage", character="Brisca")
    brisca = campaign.character("Brisca")  # a failed action reloads the state: fetch it again
    assert brisca.set_up_well and not brisca.leverage


def test_a_momentum_clue_makes_the_pc_set_up_well():
    campaign = scripted(10, 5, pcs=("Ash",))  # scene as expected; d12 5: set up well or leverage
    campaign.clues = 1
    act(campaign, "oracle.scene_start", expectation="A quiet evening")
    [entry] = act(campaign, "oracle.clue_spend")
    assert campaign.characters[0].set_up_well and campaign.clues == 0
    assert entry.text == "A clue is spent: Ash is now set up well. (0 left.)"
    with pytest.raises(SoloError, match="no clue is held"):
        act(campaign, "oracle.clue_spend")


# -- journeys and clocks ----------------------------------------------------------------------

def test_a_journey_marks_the_countdown_waits_for_its_check_then_pays_out():
    campaign = scripted(1, 5, 6, pcs=("Ash",))  # d66 15 (the crows), countdown d6 6: no complication
    entries = act(campaign, "oracle.journey", setting="wild")
    assert [e.kind for e in entries] == ["journey", "countdown"]
    assert entries[0].data["applies_to"] == ["Ash"]
    assert entries[0].data["effect"]["text"] == "minor harm to mind"
    assert campaign.countdown == 1
    with pytest.raises(SoloError, match="the last journey's check is still waiting"):
        act(campaign, "oracle.journey")
    [outcome] = act(campaign, "oracle.journey_resolve", result="success", approach="lore")
    assert outcome.text == ("Success (lore): The crows are after something else: you follow them to"
                            " fresh tracks that matter. [a clue banked]")
    assert campaign.clues == 1
    with pytest.raises(SoloError, match="no journey is waiting"):
        act(campaign, "oracle.journey_resolve", result="failure")


def test_a_journey_reported_at_once_takes_one_action():
    campaign = scripted(3, 6, 6)  # d66 36 in town: the young hothead; countdown d6 6
    entries = act(campaign, "oracle.journey", setting="town", result="failure")
    assert [e.kind for e in entries] == ["journey", "countdown", "journey"]
    assert entries[2].data["result"]["effect"]["action"] == "setback"
    assert campaign.module_state("oracle")["journey_pending"] is None


def test_a_clock_is_made_filled_and_announced():
    campaign = scripted()
    [made, moved] = act(campaign, "oracle.clock", name="The ritual", segments=6, advance=4)
    assert made.text == "New clock 'The ritual' of 6 segments."
    assert moved.text == "Clock 'The ritual' [####..] 4/6 (+4)"
    [full] = act(campaign, "oracle.clock", name="the ritual", advance=3)
    assert full.data["just_filled"] and full.text.endswith("6/6 (+2): FILLED. It happens now.")
    assert campaign.clock("The ritual").filled == 6
    with pytest.raises(SoloError, match="clock 'The ritual' has 6 segments, not 8"):
        act(campaign, "oracle.clock", name="The ritual", segments=8, advance=1)
    act(campaign, "oracle.clock_remove", name="The ritual")
    assert campaign.clocks == []


# -- lists ------------------------------------------------------------------------------------

def test_threads_and_notables_feed_random_picks_and_events():
    campaign = scripted(2, 1, 3, 1)
    act(campaign, "oracle.thread_add", text="Find the heir")
    act(campaign, "oracle.thread_add", text="Pay the ferryman")
    act(campaign, "oracle.notable_add", name="Garrow", note="a fence with a limp")
    [picked] = act(campaign, "oracle.thread_random")  # randint over two threads: scripted 2
    assert picked.text == "Picked thread 2: Pay the ferryman"
    act(campaign, "oracle.thread_close", thread="1")
    with pytest.raises(SoloError, match="thread 1 is already closed"):
        act(campaign, "oracle.thread_close", thread="Find the heir")
    [who] = act(campaign, "oracle.character_random")  # one name: scripted 1
    assert who.text == "Picked: Garrow"
    [event] = act(campaign, "oracle.event")  # focus d20 3: a character moves; the one name
    assert event.data["focus"] == "A character makes a move of their own"
    assert event.data["target"] == "Garrow"


# -- undo, replay, saves ----------------------------------------------------------------------

def play_everything(campaign: Campaign) -> None:
    perform(campaign, "character_add", {"sheet": {}, "name": "Ash"}, tables=TABLES, at=AT)
    moves = [
        ("oracle.thread_add", {"text": "Find the heir"}),
        ("oracle.notable_add", {"name": "Garrow"}),
        ("oracle.scene_start", {"expectation": "We reach the mill"}),
        ("oracle.ask", {"question": "Is the miller home?", "odds": "likely"}),
        ("oracle.trade_one", {"trade": "clue"}),
        ("oracle.prepare", {}),
        ("oracle.journey", {"setting": "town"}),
        ("oracle.journey_resolve", {"result": "success"}),
        ("oracle.clock", {"name": "Doom", "segments": 4, "advance": 1}),
        ("oracle.meaning", {}),
        ("oracle.meaning", {"muse_words": 2}),
        ("oracle.stall", {}),
        ("oracle.event", {}),
        ("oracle.countdown_roll", {}),
        ("oracle.thread_random", {}),
        ("oracle.scene_end", {"chaos": "up"}),
        ("oracle.scene_start", {"expectation": "The cellar"}),
    ]
    for name, params in moves:
        perform(campaign, name, params, tables=TABLES, at=AT)


def test_a_whole_session_replays_exactly_and_undoes_step_by_step():
    campaign = Campaign.new("Full", seed=99, created=AT)
    play_everything(campaign)
    assert differences(campaign, replay(campaign, tables=TABLES)) == []
    assert campaign.chaos == 6 and campaign.scene.number == 2
    kinds = {e.kind for e in campaign.journal}
    assert {"oracle", "scene", "clue", "journey", "countdown", "clock", "thread", "notable",
            "momentum"} <= kinds
    before_last = Campaign.new("Full", seed=99, created=AT)
    play_everything(before_last)
    undo(before_last)
    undo(before_last)  # back past scene_start and scene_end
    assert before_last.chaos == 5 and before_last.scene.number == 1 and before_last.scene.open


def test_a_waiting_journey_survives_saving_and_loading(saves_dir):
    store = CampaignStore(saves_dir)
    session = store.create("Roads", seed=5)
    session.perform("oracle.journey", setting="wild")
    reopened = store.open("roads", tables=TABLES)
    pending = reopened.campaign.module_state("oracle")["journey_pending"]
    assert pending["check"]["difficulty"] in ("easy", "medium", "hard")
    [entry] = reopened.perform("oracle.journey_resolve", result="failure")
    assert entry.data["event"]["description"] == pending["description"]
    assert store.load("roads").module_state("oracle")["journey_pending"] is None
