"""A long campaign opens newest first: shown at once, checked afterwards, damage still named.

The thresholds are lowered so that a campaign of a few dozen entries takes
the path a campaign of 100,000 takes (`solo.campaign.newest_first`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from tui_harness import new_app, play

import solo.campaign.newest_first as newest_first
import solo.campaign.store as store_module
import solo.campaign.stored as stored
from solo.campaign import Campaign, CampaignStore, DamagedSave, perform
from solo.errors import SoloError
from solo.tui.screens.campaigns import CampaignsScreen

NOTES = 40


@pytest.fixture(autouse=True)
def _small_is_long(monkeypatch):
    monkeypatch.setattr(newest_first, "EAGER_BELOW", 0)
    monkeypatch.setattr(newest_first, "CHECKED_FIRST", 3)
    monkeypatch.setattr(newest_first, "BLOCK", 64)  # the markers fall across the blocks read
    monkeypatch.setattr(stored, "FIRST_BLOCK", 40)  # shorter than a line: lines found a few at a time
    monkeypatch.setattr(stored, "LAST_BLOCK", 300)


@pytest.fixture
def store(saves_dir) -> CampaignStore:
    return CampaignStore(saves_dir)


def _long(store: CampaignStore, name: str = "Long Road") -> list[str]:
    campaign = Campaign.new(name, seed=3)
    for n in range(NOTES):
        perform(campaign, "note", {"text": f"day {n}: the road goes on"}, undo_depth=5)
    store.add(campaign)
    return [e.text for e in campaign.journal]


def _damage(path: Path, text: str) -> None:
    """Give the journal line holding `text` a kind that is not a word (the JSON stays valid)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if f'"text": "{text}' in line)
    lines[at] = lines[at].replace('"kind": "note"', '"kind": "Not A Word"')
    path.write_text("\n".join(lines), encoding="utf-8")


def test_a_long_campaign_opens_with_its_newest_entries_and_checks_the_rest_after(store):
    texts = _long(store)
    session = store.open("Long Road", lazy=True)
    assert not session.checked
    journal = session.campaign.journal
    assert len(journal) == NOTES and len(session.campaign.actions) == NOTES
    assert [e.text for e in journal[-3:]] == texts[-3:]
    assert [e.text for e in reversed(journal)] == texts[::-1]  # older lines are found on demand
    session.check()
    assert session.checked
    assert [e.text for e in journal] == texts
    assert [a.params["text"] for a in session.campaign.actions] == texts
    eager = store.open("Long Road")
    assert eager.campaign.state_dict() == session.campaign.state_dict()


def test_damage_in_an_old_line_is_named_by_the_check_as_by_an_eager_open(store):
    _long(store)
    path = store.path("Long Road")
    _damage(path, "day 5:")
    with pytest.raises(DamagedSave) as eager:
        store.open("Long Road")
    said = str(eager.value)
    assert f"{path} is damaged: file.journal[5].kind: 'Not A Word' is not a lower-case word" in said
    assert "`solo restore long-road` puts it back" in said
    files = {p.name: p.read_bytes() for p in store.directory.iterdir()}

    session = store.open("Long Road", lazy=True)  # the newest lines are fine: it opens
    shown = session.campaign.journal[5]
    assert shown.kind == "damaged" and shown.text.startswith("(journal entry 6 does not read: ")
    with pytest.raises(DamagedSave) as late:
        session.check()
    assert str(late.value) == said
    for move in (lambda: session.perform("note", text="more"), session.undo, session.save,
                 session.check):
        with pytest.raises(SoloError) as refused:
            move()
        assert str(refused.value) == said
    assert {p.name: p.read_bytes() for p in store.directory.iterdir()} == files  # nothing written


def test_a_damaged_undo_state_is_named_by_the_check_and_undo_never_loads_it(store):
    _long(store)
    path = store.path("Long Road")
    snapshot = path.read_text(encoding="utf-8")
    head, undo = snapshot.split(' "undo": [\n')
    first, rest = undo.split("\n", 1)
    assert '"chaos": 5' in first  # the oldest step kept, taken back by the fifth undo
    path.write_text(head + ' "undo": [\n' + first.replace('"chaos": 5', '"chaos": 99') + "\n" + rest,
                    encoding="utf-8")
    with pytest.raises(DamagedSave) as eager:
        store.open("Long Road")
    said = str(eager.value)
    assert f"{path} is damaged: file.undo[0].state.chaos: 99 is" in said

    session = store.open("Long Road", lazy=True)  # the states kept for undo are checked afterwards
    texts = [e.text for e in session.campaign.journal]
    for _ in range(4):
        session.undo()  # the four newest steps are whole
    before = session.campaign.state_dict()
    with pytest.raises(SoloError, match="chaos: 99 is"):
        session.undo()  # the damaged one is refused as undo loads it: nothing changes
    assert session.campaign.state_dict() == before
    assert [e.text for e in session.campaign.journal] == texts[:-4]
    with pytest.raises(DamagedSave) as late:
        session.check()
    # The same words; the backup's hint counts the entries it loads with the log, four fewer now.
    assert str(late.value) == said.replace("(40 journal", "(36 journal")


def test_damage_in_the_newest_lines_refuses_the_opening_itself(store):
    _long(store)
    _damage(store.path("Long Road"), f"day {NOTES - 2}:")
    with pytest.raises(DamagedSave) as caught:
        store.open("Long Road", lazy=True)
    assert f"file.journal[{NOTES - 2}].kind: 'Not A Word'" in str(caught.value)


def test_moves_before_the_check_go_to_the_log_and_the_snapshot_waits_for_it(store, monkeypatch):
    texts = _long(store)
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 0)  # every move would rewrite the snapshot
    monkeypatch.setattr(store_module, "SNAPSHOT_SHARE", 0)
    snapshot = store.path("Long Road")
    before = snapshot.stat().st_ino
    session = store.open("Long Road", lazy=True)
    session.perform("note", text="typed at once")
    assert snapshot.stat().st_ino == before  # not rewritten from lines not checked yet
    session.check()
    session.perform("note", text="typed later")
    assert snapshot.stat().st_ino != before
    again = store.open("Long Road").campaign
    assert [e.text for e in again.journal] == texts + ["typed at once", "typed later"]


def test_a_rewritten_snapshot_copies_the_stored_lines_byte_for_byte(store):
    _long(store)
    path = store.path("Long Road")
    old = path.read_text(encoding="utf-8")
    session = store.open("Long Road", lazy=True)
    session.undo()  # cuts the last stored line off
    session.perform("note", text="instead, ünïcode")
    session.save()
    new = path.read_text(encoding="utf-8")
    journal = lambda text: text.split(' "journal": [\n')[1].split("\n ],\n")[0]  # noqa: E731
    assert journal(new) == journal(old).rsplit(",\n", 1)[0] + ',\n  ' + json.dumps(
        session.campaign.journal[-1].to_dict(), ensure_ascii=False)


def test_a_hand_laid_out_snapshot_is_read_whole_as_before(store):
    texts = _long(store)
    path = store.path("Long Road")
    path.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")
    session = store.open("Long Road", lazy=True)
    assert session.checked and [e.text for e in session.campaign.journal] == texts


def test_the_tui_shows_a_long_campaign_then_names_damage_found_behind_it(saves_dir):
    store = CampaignStore(saves_dir)
    _long(store)
    _damage(store.path("Long Road"), "day 7:")
    log = store.log_path("Long Road").read_bytes()

    async def scenario(h):
        assert isinstance(h.app.screen, CampaignsScreen)
        [error] = h.errors()
        assert "long-road.json is damaged: file.journal[7].kind: 'Not A Word'" in error
        assert "`solo restore long-road`" in error
        assert h.main.journal.text.splitlines()[-1].endswith("day 39: the road goes on")
        await h.press("ctrl+q")

    play(new_app(saves_dir), scenario)
    assert store.log_path("Long Road").read_bytes() == log


def test_quitting_the_tui_leaves_a_snapshot_the_next_start_applies_nothing_to(saves_dir):
    store = CampaignStore(saves_dir)
    texts = _long(store)

    async def scenario(h):
        await h.type("the last thing today")
        await h.press("ctrl+q")

    play(new_app(saves_dir), scenario)
    snapshot = json.loads(store.path("Long Road").read_text(encoding="utf-8"))
    assert snapshot["log"]["offset"] == os.path.getsize(store.log_path("Long Road"))
    assert snapshot["journal"][-1]["text"] == "the last thing today"
    assert [e.text for e in store.load("Long Road").journal] == texts + ["the last thing today"]
