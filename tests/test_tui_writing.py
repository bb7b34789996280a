"""Writing in the journal under Pilot: notes of many lines, bursts of keys, typing undo, edits, redo."""

from __future__ import annotations

from textual import events
from tui_harness import make_campaign, new_app, play

from solo.campaign import CampaignStore
from solo.campaign.journal_edits import edits
from solo.tui.screens.edit_note import EditNoteDialog
from solo.tui.screens.entry import EntryScreen

PASTED = "Line one of a pasted block.\nLine two.\nLine three.\nLine four."


def _notes(saves_dir) -> list[str]:
    return [e.text for e in CampaignStore(saves_dir).load("the-salt-road").journal if e.kind == "note"]


async def _paste(h, text: str) -> None:
    """A bracketed paste, delivered as the terminal driver delivers one."""
    event = events.Paste(text)
    event.set_sender(h.app)
    h.app._driver.send_message(event)
    await h.settle()


def test_a_pasted_block_keeps_every_line_and_ctrl_j_starts_a_new_one(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await _paste(h, PASTED)
        assert h.main.line.value == PASTED  # not sent yet: Enter sends
        await h.press("enter")
        await h.keys("one")
        await h.press("ctrl+j")
        await h.keys("two")
        await h.press("enter")
        # one entry each: a note's later lines hang under its first
        assert h.journal == ["Line one of a pasted block.", "  Line two.", "  Line three.", "  Line four.",
                             "one", "  two"]
        await h.press("up")  # history: on the box's first line, Up brings back the last note
        assert h.main.line.value == "one\ntwo"
        await h.press("up")  # the cursor is on its last line: it goes up a line first
        assert h.main.line.value == "one\ntwo"
        await h.press("up")
        assert h.main.line.value == PASTED

    play(new_app(saves_dir), scenario)
    assert _notes(saves_dir) == [PASTED, "one\ntwo"]


def test_keys_arriving_in_one_burst_journal_one_entry_per_enter(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        driver = h.app._driver
        for key in ("a", "enter", "b", "enter", "c", "enter", "o", "n", "e", "enter", "t", "w", "o"):
            event = events.Key(key, None if key == "enter" else key)
            event.set_sender(h.app)
            driver.send_message(event)  # all at once, as from a terminal without bracketed paste
        await h.settle()
        await h.pilot.pause(0.05)
        await h.settle()
        assert h.journal == ["a", "b", "c", "one"]
        assert h.main.line.value == "two"

    play(new_app(saves_dir), scenario)
    assert _notes(saves_dir) == ["a", "b", "c", "one"]


def test_ctrl_z_undoes_the_typing_first_then_the_campaign_and_ctrl_y_redoes(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.type("The gate is shut.")
        await h.keys("half a thought")
        await h.press("ctrl+z")
        assert h.main.line.value == "" and h.journal == ["The gate is shut."]
        await h.press("ctrl+z")
        assert h.journal[0].startswith("This is your journal.")  # empty again: the welcome
        assert "Undid “The gate is shut” (1 journal entry removed; Ctrl+Y redoes it)." in h.notifications
        await h.press("ctrl+y")
        assert h.journal == ["The gate is shut."]
        assert "Redid “The gate is shut” (Ctrl+Z undoes it again)." in h.notifications  # no “….”.
        await h.type("? Is anyone home")
        await h.press("ctrl+y")
        assert any("nothing to redo in 'The Salt Road'" in e for e in h.errors())

    play(new_app(saves_dir), scenario)
    assert _notes(saves_dir) == ["The gate is shut."]


def test_select_edit_strike_undo_redo_and_open_an_entry(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.type("We camp by the river.")
        await h.type("/roll 2d6")
        await h.type("Wolves howl.")
        await h.press("escape", "up", "up")  # the journal: select the last entry, then the roll
        journal = h.main.journal
        assert journal.selected == 1
        mark = journal.get_component_rich_style("journal--selected").bgcolor
        assert [journal.render_line(y)._segments[0].style.bgcolor == mark for y in range(3)] == [
            False, True, False]  # the selected entry is drawn marked, whatever its own colours
        await h.press("delete")
        assert h.journal[1] == "roll      2d6 [3, 2] = 5"  # still there, struck through
        assert edits(h.main.campaign) == {"2": {"text": "2d6 [3, 2] = 5", "struck": True}}
        await h.press("up", "ctrl+e")
        assert isinstance(h.app.screen, EditNoteDialog)
        await h.press("ctrl+u")  # the TextArea's own: delete back to the line's start
        await h.type("We camp under the old bridge.")
        assert h.journal == ["We camp under the old bridge. (edited)", "roll      2d6 [3, 2] = 5",
                             "Wolves howl."]
        await h.press("enter")
        assert isinstance(h.app.screen, EntryScreen)
        shown = h.app.screen.text
        assert shown.startswith("Entry 1 · note · before the first scene · ")
        assert "\nWe camp under the old bridge.\n\nFirst written as:\nWe camp by the river.\n" in shown
        await h.press("escape")
        await h.press("ctrl+z")
        assert h.journal[0] == "We camp by the river."
        await h.press("ctrl+y")
        assert h.journal[0] == "We camp under the old bridge. (edited)"

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert [e.kind for e in saved.journal] == ["note", "roll", "note", "strike", "edit"]
    assert saved.journal[0].text == "We camp by the river."  # the first words are kept
    assert edits(saved) == {"1": {"text": "We camp under the old bridge.", "struck": False},
                            "2": {"text": "2d6 [3, 2] = 5", "struck": True}}


def test_search_filters_highlights_and_jumps_to_the_entry(saves_dir):
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        from solo.tui.screens.search import SearchScreen

        await h.type("/scene The wolves gather")
        await h.type("Wolves at the river.")
        await h.type("/roll d6")
        await h.type("Quiet night.")
        await h.press("ctrl+f")
        assert isinstance(h.app.screen, SearchScreen)
        await h.keys("wolves")
        assert [line.split(None, 3)[3] for line in h.app.screen.listed][-1] == "Wolves at the river."
        h.app.screen.query_one("Input").value = "kind:roll"
        await h.settle()
        assert len(h.app.screen.listed) == 1 and "roll" in h.app.screen.listed[0]
        h.app.screen.query_one("Input").value = "wolves scene:1 kind:note"
        await h.settle()
        assert [line.split(None, 3)[3] for line in h.app.screen.listed] == ["Wolves at the river."]
        await h.press("enter", "enter")  # into the list, then the match
        journal = h.main.journal
        assert h.app.focused is journal and journal.entries[journal.selected].text == "Wolves at the river."
        assert journal.found_words == ["wolves"]
        await h.press("escape")
        assert journal.selected is None and journal.found_words == []
        await h.press("slash")  # from the journal, / searches too
        assert isinstance(h.app.screen, SearchScreen)
        await h.press("escape")

    play(new_app(saves_dir), scenario)


def test_the_side_panel_scrolls_opens_people_and_hides(saves_dir):
    from solo.campaign import Notable

    store = CampaignStore(saves_dir)
    session = make_campaign(saves_dir)
    session.campaign.notables.extend(Notable(f"Person {n}", "person", f"Note {n}.") for n in range(30))
    session.save()

    async def scenario(h):
        side = h.main.side
        await h.press("escape", "tab")
        assert h.app.focused is side
        await h.press("pagedown")
        assert side.scroll_y > 0  # the keyboard scrolls the people list
        await h.press("enter", "end", "enter")  # the list of threads and people: the last one
        assert h.app.screen.text == "Person 29\n\nname: Person 29\nkind: person\nnote: Note 29.\n"
        await h.press("escape", "f2")
        assert not side.display
        await h.press("f2")
        assert side.display

    play(new_app(saves_dir), scenario, size=(80, 24))
    assert store.load("the-salt-road").notables[29].note == "Note 29."
