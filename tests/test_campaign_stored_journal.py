"""A long campaign opens without its journal in memory: entries stay in the snapshot until asked for."""

from __future__ import annotations

import json
import os

import pytest

from solo.campaign import CampaignStore, DamagedSave, document
from solo.campaign.stored import StoredList


@pytest.fixture
def store(saves_dir) -> CampaignStore:
    return CampaignStore(saves_dir)


def _played(store: CampaignStore, notes: int = 6) -> list[str]:
    session = store.create("Salt Road", seed=7)
    for n in range(notes):
        session.perform("note", text=f"note {n}: the ferry waits, ünïcode kept")
    session.perform("roll", expression="2d6+1")
    session.save()
    return [e.text for e in session.campaign.journal]


def test_opened_journal_is_read_from_the_snapshot_entry_by_entry(store):
    texts = _played(store)
    campaign = store.open("Salt Road").campaign
    assert isinstance(campaign.journal, StoredList)
    assert campaign.journal.stored == len(texts) == 7  # every entry is in the file, none in memory
    assert [e.text for e in campaign.journal] == texts
    assert campaign.journal[-2].text == "note 5: the ferry waits, ünïcode kept"
    assert campaign.journal[-1].kind == "roll" and campaign.journal[-1].text == texts[-1]
    assert campaign.journal[1:3] == [campaign.journal[1], campaign.journal[2]]
    assert [e.text for e in reversed(campaign.journal)] == texts[::-1]
    assert campaign.actions.stored == 7 and campaign.actions[0].name == "note"


def test_a_move_on_a_stored_journal_appends_one_line_and_leaves_the_snapshot_alone(store):
    _played(store)
    session = store.open("Salt Road")
    snapshot = store.path("Salt Road")
    before = os.stat(snapshot)
    log_size = store.log_path("Salt Road").stat().st_size
    session.perform("note", text="a new note")
    after = os.stat(snapshot)
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert store.log_path("Salt Road").stat().st_size > log_size
    assert session.campaign.journal.stored == 7 and len(session.campaign.journal) == 8


def test_undo_cuts_into_the_stored_entries_and_reopening_agrees(store):
    texts = _played(store)
    session = store.open("Salt Road")
    session.undo()  # the roll, which is in the snapshot
    session.undo()  # note 5, also in the snapshot
    session.perform("note", text="instead")
    assert [e.text for e in session.campaign.journal] == texts[:5] + ["instead"]
    again = store.open("Salt Road").campaign
    assert [e.text for e in again.journal] == texts[:5] + ["instead"]
    assert [a.name for a in again.actions] == ["note"] * 6


def test_entries_still_read_after_the_snapshot_is_rewritten_under_them(store):
    texts = _played(store)
    reader = store.open("Salt Road").campaign
    writer = store.open("Salt Road")
    writer.perform("note", text="from another process")
    writer.save()  # a new snapshot renamed over the one `reader` was opened from
    assert [e.text for e in reader.journal] == texts
    assert [e.text for e in store.open("Salt Road").campaign.journal] == texts + ["from another process"]


def test_a_rewritten_snapshot_is_byte_for_byte_what_the_whole_campaign_renders(store):
    _played(store)
    session = store.open("Salt Road")
    session.perform("note", text="one more, in memory")
    c = session.campaign
    whole = document.render(document.to_document(c, saved="T"))
    by_lines = document.render(document.to_document(c, saved="T", lines=True))
    assert by_lines == whole
    assert json.loads(whole)["journal"][-1]["text"] == "one more, in memory"
    assert len(json.loads(whole)["journal"]) == 8


def test_a_snapshot_laid_out_otherwise_loads_the_same(store):
    texts = _played(store)
    path = store.path("Salt Road")
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(data), encoding="utf-8")  # one line, as a hand edit might leave it
    campaign = store.load("Salt Road")
    assert not isinstance(campaign.journal, StoredList)
    assert [e.text for e in campaign.journal] == texts


def test_a_damaged_journal_line_is_named_as_before(store):
    _played(store)
    path = store.path("Salt Road")
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if '"text": "note 3' in line)
    lines[at] = lines[at].replace('"kind": "note"', '"kind": "Not A Word"')
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(DamagedSave) as caught:
        store.load("Salt Road")
    said = str(caught.value)
    assert f"{path} is damaged: file.journal[3].kind: 'Not A Word' is not a lower-case word" in said


def test_the_journal_widget_keeps_the_stored_journal_unread(store):
    from solo.tui.widgets.journal import JournalView

    texts = _played(store)
    journal = store.open("Salt Road").campaign.journal
    view = JournalView()
    view.set_entries(journal)
    assert isinstance(view.entries, StoredList) and view.entries.stored == 7
    view.truncate(5)
    assert len(journal) == 7 and [e.text for e in view.entries] == texts[:5]


def test_entries_past_one_decoding_batch_read_back_exactly(store):
    from solo.campaign import Campaign, perform
    from solo.campaign.document import _BATCH

    campaign = Campaign.new("Long Road", seed=3)
    for n in range(_BATCH + 5):
        perform(campaign, "note", {"text": f"day {n}"}, undo_depth=3)
    store.add(campaign)
    opened = store.open("Long Road").campaign
    assert opened.journal.stored == _BATCH + 5
    assert [opened.journal[i].text for i in (0, _BATCH - 1, _BATCH, -1)] == [
        "day 0", f"day {_BATCH - 1}", f"day {_BATCH}", f"day {_BATCH + 4}"]
    path = store.path("Long Road")
    text = path.read_text(encoding="utf-8").replace(f'"text": "day {_BATCH + 1}"', '"text": 7')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DamagedSave) as caught:
        store.load("Long Road")
    assert f"file.journal[{_BATCH + 1}].text: expected text" in str(caught.value)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files through /proc")
def test_a_campaign_let_go_closes_the_snapshot_it_was_reading(store):
    _played(store)
    before = len(os.listdir("/proc/self/fd"))
    kept = store.open("Salt Road").campaign
    assert len(os.listdir("/proc/self/fd")) == before + 2  # the journal's and the action log's
    for _ in range(50):
        store.load("Salt Road")
        store.list()
    assert len(os.listdir("/proc/self/fd")) == before + 2
    del kept
    assert len(os.listdir("/proc/self/fd")) == before
