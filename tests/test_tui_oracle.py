"""The oracle and story moves through the TUI: keys, /commands and dialogs; journal and side panel."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from tui_harness import make_campaign, new_app, play

from solo.campaign import CampaignStore, Clock
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import registry
from solo.tui.moves.oracle import clock_named, parse_clock, split_odds
from solo.tui.screens.ask import AskDialog
from solo.tui.screens.choose import ChooseDialog
from solo.tui.screens.prompt import PromptDialog


def saved(saves_dir):
    return CampaignStore(saves_dir).load("the-salt-road")


def test_split_odds_and_clock_words():
    assert split_odds("Is the gate guarded? likely") == ("Is the gate guarded?", "likely")
    assert split_odds("Is it raining? very likely") == ("Is it raining?", "very-likely")
    assert split_odds("Does she lie? 50/50") == ("Does she lie?", "balanced")
    assert split_odds("Is the bridge out?") == ("Is the bridge out?", "balanced")
    # The phrasings: read whole, after the question's last "?", never eaten from it.
    assert split_odds("Has Corvane sent word ahead? almost certain") == (
        "Has Corvane sent word ahead?", "nearly-certain")
    assert split_odds("Is it a trap? somewhat likely") == ("Is it a trap?", "likely")
    assert split_odds("Is it a trap? somewhat unlikely") == ("Is it a trap?", "unlikely")
    assert split_odds("Will they see us? small chance") == ("Will they see us?", "very-unlikely")
    assert split_odds("Will it hold? Sure thing") == ("Will it hold?", "certain")
    assert split_odds("Is an ambush likely") == ("Is an ambush likely", "balanced")
    assert split_odds("Is an ambush likely? likely") == ("Is an ambush likely?", "likely")
    assert split_odds("Is it? maybe later") == ("Is it? maybe later", "balanced")
    assert clock_named([Clock("Corvane's patience", 6), Clock("Flood", 4)], "corvane") == (
        "Corvane's patience")
    assert clock_named([Clock("Flood", 4)], "Storm") == "Storm"
    with pytest.raises(SoloError, match="'Fl' could be 'Flood' or 'Flame': type more"):
        clock_named([Clock("Flood", 4), Clock("Flame", 4)], "Fl")
    assert parse_clock("Guild patience +2") == ("Guild patience", 2, None)
    assert parse_clock("The flood of 6") == ("The flood", 0, 6)
    assert parse_clock("Watch -1") == ("Watch", -1, None)


def test_quick_question_asks_at_the_odds_given(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("? Is the gate guarded? likely")
        assert h.shown[0].startswith("oracle    Asked: Is the gate guarded? [likely, chaos 5: d4 <= 3,"
                                     " chance of yes 75%] rolled d4:")

    play(new_app(saves_dir), scenario)
    entry = saved(saves_dir).journal[0]
    assert entry.kind == "oracle" and entry.data["odds"]["level"] == "likely"
    assert entry.data["probability_yes_exact"] == "3/4"


def test_ask_dialog_shows_the_exact_odds_before_rolling(saves_dir):
    session = make_campaign(saves_dir, seed=7)
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    session.perform("character_add", sheet=sheet)
    session.campaign.pcs[0].set_up_well = True  # one die more on every question
    session.save()

    async def scenario(h):
        await h.press("escape", "a")
        dialog = h.app.screen
        assert isinstance(dialog, AskDialog)
        ladder = [str(o.prompt).split("yes")[1].strip() for o in dialog.query_one(OptionList).options]
        # Set up well adds one step of lean: d4 d6 for the middle levels, so likely is 1 - 1/4 * 3/6
        # and balanced 1 - 2/4 * 4/6; the lowest levels' lone die steps down one size.
        assert ladder == ["12.5%", "16.7%", "25%", "37.5%", "66.7%", "87.5%", "92.2%", "94.5%", "95.9%"]
        assert dialog.chosen == "balanced"
        await h.type("Is the ferryman alive?", enter=False)
        await h.press("down")  # one step up the ladder
        assert dialog.chosen == "likely"
        await h.press("enter")
        assert "[likely, chaos 5: d4 d6: any <= 3, chance of yes 87.5%]" in h.shown[-1]

    play(new_app(saves_dir), scenario)


def test_scenes_move_the_chaos_factor(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("/scene We reach the gate at dusk")
        assert h.shown[0].startswith("── Scene 1: We reach the gate at dusk [chaos 5;")
        assert "Scene 1" in h.panel and "scene 1" in h.main.sub_title
        await h.press("escape", "e")  # end the scene: the dialog asks which way chaos goes
        assert isinstance(h.app.screen, ChooseDialog)
        await h.press("up", "up", "enter")  # from "same" up to "up"
        assert h.shown[-1] == "── Scene 1 ends; chaos factor 5 -> 6."
        assert "Chaos factor 6" in h.panel and "Scene 1 (ended)" in h.panel

    play(new_app(saves_dir), scenario)
    assert saved(saves_dir).chaos == 6


def test_scene_start_and_end_read_like_the_command_line(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("/scene start The ferryman wants a toll")
        assert h.main.campaign.scene.expectation == "The ferryman wants a toll"
        assert h.shown[0].startswith("── Scene 1: The ferryman wants a toll [chaos 5;")
        await h.type("/scene end down")
        assert h.shown[-1] == "── Scene 1 ends; chaos factor 5 -> 4."

    play(new_app(saves_dir), scenario)


def test_countdown_clocks_threads_and_clues_show_in_the_side_panel(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("/countdown")  # no marks yet: a roll could never fire, so none is made
        assert h.errors()[-1].startswith("the countdown has no marks, so a roll could not set it off")
        assert h.main.campaign.journal == []
        await h.type("/mark")
        marks = h.main.campaign.countdown
        assert h.shown[-1].startswith("countdown Countdown: 1 mark, d6 rolled")
        assert f"Complication marks {marks}" in h.panel
        await h.type("/clock Guild patience of 6")
        assert "Guild patience □□□□□□ 0/6" in h.panel
        await h.type("/clock guild +2")  # the start of its name is enough
        assert "Guild patience ■■□□□□ 2/6" in h.panel and len(h.main.campaign.clocks) == 1
        await h.press("escape", "k")  # the clocks dialog: advance is first
        await h.press("enter")
        assert "Guild patience ■■■□□□ 3/6" in h.panel
        await h.press("enter")  # back to writing
        await h.type("/thread Find the missing ferryman")
        assert "1. Find the missing ferryman" in h.panel
        await h.type("/thread close 1")
        assert "No open threads" in h.panel
        await h.type("/clue gain")
        assert "Clues held 1" in h.panel and h.shown[-1] == "clue      A clue is found: 1 held."

    play(new_app(saves_dir), scenario)
    c = saved(saves_dir)
    assert (c.clocks[0].filled, c.clues, c.threads[0].open) == (3, 1, False)


def test_a_journey_is_reported_through_a_dialog(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.press("escape", "j")
        assert isinstance(h.app.screen, ChooseDialog)  # wild or town
        await h.press("enter")
        report = h.app.screen
        assert isinstance(report, ChooseDialog)
        assert report.title_text.startswith("How did the ") and report.title_text.endswith(")?")
        assert report.choices[-1] == ("later", "Later: leave the check waiting")
        approach = report.choices[0][0].split(":")[1]
        await h.press("enter")  # success with the first approach
        kinds = [e.kind for e in h.main.campaign.journal]
        assert kinds == ["journey", "countdown", "journey"]
        assert h.main.campaign.journal[-1].text.startswith(f"Success ({approach}): ")

    play(new_app(saves_dir), scenario)


def test_a_journey_left_waiting_is_reported_later(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("/journey town")
        await h.press("end", "enter")  # later
        assert "waiting" in h.notifications[-1]
        await h.type("/journey")  # no new journey: the waiting check is asked about again
        assert isinstance(h.app.screen, ChooseDialog)
        await h.press("down", "down", "enter")  # a failure, with the first approach
        assert [e.kind for e in h.main.campaign.journal] == ["journey", "countdown", "journey"]
        assert h.main.campaign.journal[-1].text.startswith("Failure (")

    play(new_app(saves_dir), scenario)


def test_inspiration_moves_journal_an_entry_each(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.press("escape", "n", "l", "v")
        texts = [e.text for e in h.main.campaign.journal]
        assert len(texts) == 3 and texts[0].startswith("Meaning: ")
        await h.press("enter")
        await h.type("/muse 4")
        assert len(h.main.campaign.journal) == 4

    play(new_app(saves_dir), scenario)


def test_story_moves_fill_threads_and_people(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.press("escape", "h", "enter")  # each is shown first; Enter keeps it
        hook = h.main.campaign.threads[0].text
        assert h.shown[-1] == f"story     New thread: {hook}"
        assert f"1. {hook[:20]}" in h.panel
        await h.press("g", "enter")
        npc = h.main.campaign.npcs[0]  # the campaign plays Nine Powers: the person has stats
        assert npc.sheet["system"] == "nine-powers"
        assert f"{npc.name} (NPC)" in h.panel
        await h.press("f", "enter")
        assert h.main.campaign.journal[-1].text.startswith("A story's foundation (")

    play(new_app(saves_dir), scenario)


def test_scene_prompt_when_no_words_given(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("/scene")
        assert isinstance(h.app.screen, PromptDialog)
        await h.type("The ferry crossing")
        assert h.main.campaign.scene.expectation == "The ferry crossing"

    play(new_app(saves_dir), scenario)


def test_ask_dialog_ladder_at_neutral_chaos_is_the_seeds_own(saves_dir):
    make_campaign(saves_dir, seed=7, system=None)

    async def scenario(h):
        await h.type("?")
        dialog = h.app.screen
        ladder = [str(o.prompt).split("yes")[1].strip() for o in dialog.query_one(OptionList).options]
        # unlikely / balanced / likely are Nine Powers' lone d4: 25%, 50%, 75%
        assert ladder == ["10%", "12.5%", "16.7%", "25%", "50%", "75%", "87.5%", "92.2%", "94.5%"]
        await h.press("escape")
        assert h.main.campaign.journal == []

    play(new_app(saves_dir), scenario)
