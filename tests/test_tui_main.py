"""The main screen through Pilot: writing, quick commands, dice, tables, undo, keys, palette, help."""

from __future__ import annotations

import os
import time

from textual.command import CommandPalette
from tui_harness import make_campaign, new_app, play

from solo.campaign import CampaignStore
from solo.tui.moves.all import all_moves
from solo.tui.screens.choose import ChooseDialog
from solo.tui.screens.help import HelpScreen
from solo.tui.screens.main import MainScreen
from solo.tui.screens.prompt import PromptDialog


def test_opens_the_campaign_saved_last(saves_dir):
    make_campaign(saves_dir, "Older Road", seed=1)
    make_campaign(saves_dir, "Newer Road", seed=2)
    older = saves_dir / "older-road.json"
    later = time.time() + 60
    os.utime(older, (later, later))  # the older campaign was saved most recently

    async def scenario(h):
        assert isinstance(h.app.screen, MainScreen)
        assert h.main.campaign.name == "Older Road"
        assert h.app.screen.title == "Older Road"
        assert h.app.focused is h.main.line  # focus starts on the input line

    play(new_app(saves_dir), scenario)


def test_a_sentence_is_a_note_shown_and_saved(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.keys("We leave the city at dawn.")
        await h.press("enter")
        assert h.journal == ["We leave the city at dawn."]
        assert h.main.line.value == ""

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert [(e.kind, e.text) for e in saved.journal] == [("note", "We leave the city at dawn.")]


def test_quick_roll_uses_the_campaigns_seeded_dice(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("/roll 2d6")
        await h.type("/r d20")
        assert h.journal == ["roll      2d6 [3, 2] = 5", "roll      d20: 13"]

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert [e.data["total"] for e in saved.journal] == [5, 13]


def test_roll_several_times_with_x(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("/roll 2d6 x2")
        assert h.journal[0] == "roll      2d6 [3, 2] = 5"
        assert len(h.journal) == 2 and h.journal[1].startswith("roll      2d6 [")

    play(new_app(saves_dir), scenario)


def test_bad_dice_is_a_notification_and_nothing_changes(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.type("/roll 2d6+banana")
        assert h.journal[0].startswith("This is your journal")  # still the empty journal's welcome
        assert len(h.errors()) == 1 and "banana" in h.errors()[0]
        await h.type("/frobnicate now")
        assert "no command /frobnicate" in h.errors()[-1]
        assert h.main.line.value == "/frobnicate now"  # kept, so the player can fix it

    play(new_app(saves_dir), scenario)
    assert CampaignStore(saves_dir).load("the-salt-road").journal == []


def test_table_by_id_and_by_words(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("/table weather/day")
        assert h.shown == ["table     Weather today (2d6: 5): Overcast and still. Sounds carry a"
                           " long way."]
        await h.type("/t weather")  # three tables match: the player picks one
        dialog = h.app.screen
        assert isinstance(dialog, ChooseDialog)
        assert [v for v, _ in dialog.choices] == ["weather/day", "weather/omen", "weather/wind"]
        await h.press("down", "down", "enter")
        assert h.journal[-1].startswith("table     Wind (d6: ")

    play(new_app(saves_dir), scenario)


def test_table_key_opens_a_fuzzy_search_of_tables(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.press("escape")  # leave the input line: single keys play moves
        assert h.app.focused is h.main.journal
        await h.press("t")
        assert isinstance(h.app.screen, CommandPalette)
        await h.type("hoard", enter=False)
        await h.settle()  # the palette's search worker is done
        await h.press("enter")
        assert isinstance(h.app.screen, MainScreen)
        assert h.journal[0].startswith("table     A hoard")

    play(new_app(saves_dir), scenario)


def test_undo_takes_back_the_last_action_on_screen_and_disk(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.type("First.")
        await h.type("Second.")
        await h.press("ctrl+z")
        assert h.journal == ["First."]
        assert any(n.startswith("Undid “Second”") for n in h.notifications)
        await h.type("/undo")
        await h.press("ctrl+z")  # nothing left: said, not crashed
        assert "nothing to undo" in h.errors()[-1]

    play(new_app(saves_dir), scenario)
    assert CampaignStore(saves_dir).load("the-salt-road").journal == []


def test_move_keys_show_only_when_not_writing(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        def shown() -> set[str]:
            return {b.binding.id for b in h.app.screen.active_bindings.values() if b.enabled}

        assert "move.roll" not in shown() and "main.keys" in shown()
        await h.press("r")  # typed, not a move
        assert h.main.line.value == "r"
        await h.press("escape")
        assert "move.roll" in shown() and "main.keys" not in shown()
        await h.press("r")
        assert isinstance(h.app.screen, PromptDialog)
        await h.type("d6+100")
        assert h.journal[0].startswith("roll      d6 [")
        assert 101 <= int(h.journal[0].rsplit(" ", 1)[1]) <= 106
        await h.press("question_mark")  # back to writing, a question started
        assert h.app.focused is h.main.line and h.main.line.value == "? "

    play(new_app(saves_dir), scenario)


def test_every_move_binding_has_an_id_and_tooltip():
    for binding in MainScreen.BINDINGS:
        assert binding.id and binding.tooltip, binding
    keys = [m.key for m in all_moves() if m.key]
    assert len(keys) == len(set(keys))


def test_palette_runs_moves(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.press("ctrl+p")
        assert isinstance(h.app.screen, CommandPalette)
        await h.type("roll dice", enter=False)
        await h.settle()  # the palette's search worker is done
        await h.press("enter")
        assert isinstance(h.app.screen, PromptDialog)
        await h.type("2d6")
        assert h.journal == ["roll      2d6 [3, 2] = 5"]

    play(new_app(saves_dir), scenario)


def test_help_lists_every_key_and_command(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.press("f1")
        assert isinstance(h.app.screen, HelpScreen)
        text = h.app.screen.plain_text()
        for m in all_moves():
            assert m.title in text
            if m.words:
                assert m.command in text
        for binding in (*h.app.BINDINGS, *MainScreen.BINDINGS):
            if not binding.action.startswith("key_move"):
                assert binding.description in text
        await h.press("escape")
        assert isinstance(h.app.screen, MainScreen)

    play(new_app(saves_dir), scenario, size=(120, 40))


def test_a_broken_user_table_is_reported_and_the_app_runs(saves_dir, tmp_path):
    (tmp_path / "broken.yaml").write_text("id: mine/broken\nrows: [one, {{oops\n")
    (tmp_path / "fine.yaml").write_text("id: mine/fine\ntitle: Fine\nrows: [only this]\n")
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        warnings = [n for n in h.notifications if "broken table" in n]
        assert len(warnings) == 1 and "broken.yaml" in warnings[0]
        await h.type("/table mine/fine")
        assert h.journal == ["table     Fine: only this"]

    play(new_app(saves_dir, tables=[tmp_path]), scenario)


def test_history_brings_back_earlier_lines(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.type("/roll d4")
        await h.type("A note.")
        await h.press("up", "up")
        assert h.main.line.value == "/roll d4"
        await h.press("down")
        assert h.main.line.value == "A note."

    play(new_app(saves_dir), scenario)


def test_quit_waits_for_queued_actions(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        for i in range(5):
            h.main.submit("note", text=f"Note {i}.")
        await h.pilot.press("ctrl+q")

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert [e.text for e in saved.journal] == [f"Note {i}." for i in range(5)]


def test_the_palette_finds_tables_by_fuzzy_search(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.press("ctrl+p")
        await h.type("wthrday", enter=False)  # letters in order, not a substring
        await h.settle()  # the palette's search worker is done
        palette = h.app.screen
        assert isinstance(palette, CommandPalette)
        await h.press("enter")
        assert h.shown[0].startswith("table     Weather today (2d6: 5): Overcast and still.")

    play(new_app(saves_dir), scenario)
