"""Editing, striking out and redoing: campaign actions kept in the log like any other move."""

from __future__ import annotations

import json

import pytest

from solo.campaign import CampaignStore, differences, replay, to_markdown
from solo.campaign.journal_edits import edits, shown
from solo.errors import SoloError


def _play(saves_dir):
    store = CampaignStore(saves_dir)
    session = store.create("Inkwell", seed=11)
    session.perform("note", text="The bridge is out.")
    session.perform("roll", expression="2d6")
    session.perform("note", text="We camp by the river.")
    return store, session


def test_an_edit_changes_how_a_note_reads_and_keeps_the_first_words(saves_dir):
    store, session = _play(saves_dir)
    session.perform("journal_edit", entry=1, text="The bridge is\nwashed away.")
    loaded = store.load("inkwell")
    assert [e.text for e in loaded.journal][:3] == ["The bridge is out.", loaded.journal[1].text,
                                                    "We camp by the river."]
    assert loaded.journal[3].kind == "edit"
    assert loaded.journal[3].data == {"entry": 1, "text": "The bridge is\nwashed away.",
                                      "was": "The bridge is out."}
    assert shown(loaded.journal[0], edits(loaded)["1"]) == ("The bridge is\nwashed away.", True, False)
    log = (saves_dir / "inkwell.log").read_text().splitlines()
    assert json.loads(log[-1])["params"] == {"entry": 1, "text": "The bridge is\nwashed away."}


def test_strike_then_undo_then_redo_then_a_new_move_ends_redo(saves_dir):
    store, session = _play(saves_dir)
    session.perform("journal_strike", entry=2)
    assert edits(session.campaign)["2"]["struck"] is True
    step, removed = session.undo()
    assert step.action == "journal_strike" and [e.kind for e in removed] == ["strike"]
    assert edits(session.campaign) == {}
    # Redo in another process, as `solo redo` would: it learns what was undone from the log.
    again = store.open("inkwell")
    name, entries = again.redo()
    assert name == "journal_strike" and entries[0].text.startswith("Struck out entry 2: 2d6")
    loaded = store.load("inkwell")
    assert edits(loaded)["2"]["struck"] is True and len(loaded.journal) == 4
    assert differences(loaded, replay(loaded)) == []
    again.undo()
    again.perform("note", text="Something new.")
    with pytest.raises(SoloError, match="nothing to redo in 'Inkwell'"):
        store.open("inkwell").redo()


def test_redo_puts_back_the_same_dice(saves_dir):
    store, session = _play(saves_dir)
    session.perform("roll", expression="d100")
    rolled = session.campaign.journal[-1].text
    session.undo()
    session.redo()
    assert store.load("inkwell").journal[-1].text == rolled
    session.perform("roll", expression="d100")  # the dice carry on from after the redone roll
    session.undo()
    session.undo()
    session.perform("roll", expression="d100")
    assert session.campaign.journal[-1].text == rolled


def test_only_notes_are_edited_and_edits_are_never_edited(saves_dir):
    _, session = _play(saves_dir)
    with pytest.raises(SoloError, match="entry 2 is a roll entry: only notes"):
        session.perform("journal_edit", entry=2, text="6")
    with pytest.raises(SoloError, match="there is no journal entry 9: the journal has entries 1 to 3"):
        session.perform("journal_strike", entry=9)
    session.perform("journal_strike", entry=1)
    with pytest.raises(SoloError, match="entry 4 records an edit"):
        session.perform("journal_strike", entry=4)
    with pytest.raises(SoloError, match="entry 1 is already struck out"):
        session.perform("journal_strike", entry=1)
    session.perform("journal_edit", entry=1, text="Edited while struck.")
    assert edits(session.campaign)["1"] == {"text": "Edited while struck.", "struck": True}


def test_the_markdown_export_writes_entries_as_they_read_now(saves_dir):
    store, session = _play(saves_dir)
    session.perform("journal_edit", entry=3, text="We camp under the bridge.")
    session.perform("journal_strike", entry=2)
    text = to_markdown(store.load("inkwell"))
    assert "We camp under the bridge.\n" in text and "by the river" not in text
    assert "> **Roll** · ~~2d6 [" in text and "Edited entry" not in text and "Struck out" not in text


def test_redo_survives_a_snapshot_written_after_the_undo(saves_dir):
    store, session = _play(saves_dir)
    session.perform("roll", expression="d100")
    rolled = session.campaign.journal[-1].text
    session.undo()
    session.save()  # the snapshot now stands after the undo record, as on quitting the TUI
    assert '"redo": [' in (saves_dir / "inkwell.json").read_text()
    again = store.open("inkwell")
    assert len(again.campaign.redo) == 1
    name, entries = again.redo()
    assert name == "roll" and entries[0].text == rolled
    loaded = store.load("inkwell")
    assert loaded.journal[-1].text == rolled and loaded.redo == []
    assert differences(loaded, replay(loaded)) == []


def test_a_snapshot_with_a_damaged_redo_step_is_refused_by_name(saves_dir):
    store, session = _play(saves_dir)
    session.undo()
    session.save()
    path = saves_dir / "inkwell.json"
    path.write_text(path.read_text().replace('"entries": [', '"entries": [7, ', 1))
    (saves_dir / "inkwell.json.bak").unlink(missing_ok=True)
    with pytest.raises(SoloError, match=r"redo\[0\]\.entries\[0\]"):
        store.load("inkwell")
