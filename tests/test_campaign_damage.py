"""Damaged saves and hostile file systems: one line naming what is wrong, never a traceback or a loss."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import DataTable
from tui_harness import new_app, play

import solo.campaign.session as session_module
import solo.campaign.store as store_module
from solo.campaign import CampaignStore, SaveError
from solo.campaign.slugs import MAX_SLUG_BYTES, slugify
from solo.errors import SoloError
from solo.tui.screens.campaigns import CampaignsScreen


@pytest.fixture
def store(saves_dir) -> CampaignStore:
    return CampaignStore(saves_dir)


def _played(store: CampaignStore, name: str = "Salt Road"):
    session = store.create(name, seed=7)
    session.perform("note", text="one")
    session.perform("roll", expression="2d6")
    session.perform("oracle.scene_start", expectation="a quiet ford")
    session.perform("note", text="two")
    session.undo()
    session.perform("note", text="three")
    return session


def _corpus(saves_dir: Path) -> dict[str, str]:
    """Damaged snapshots by slug, and the words the error must contain for each."""
    good = json.loads((saves_dir / "salt-road.json").read_text())
    huge = json.dumps(good).replace('"chaos": 5', '"chaos": ' + "7" * 5000)
    (saves_dir / "huge.json").write_text(huge)
    (saves_dir / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    lone = dict(good, name="Lone\udc00")
    (saves_dir / "lone.json").write_text(json.dumps(lone))  # ensure_ascii writes the \udc00 escape
    typed = dict(good, journal={"not": "a list"})
    (saves_dir / "typed.json").write_text(json.dumps(typed))
    return {"huge": "it holds a number solo cannot read", "deep": "nested too deeply",
            "lone": "lone surrogate", "typed": "file.journal: expected a list"}


def test_every_damaged_save_is_one_line_from_every_command(store, cli):
    _played(store)
    corpus = _corpus(store.directory)
    listed = cli("list")
    assert listed.code == 0
    lines = listed.out.splitlines()
    for slug, says in corpus.items():
        [line] = [x for x in lines if x.startswith(f"{slug}  ")]
        assert line.startswith(f"{slug}  DOES NOT LOAD: {store.directory / slug}.json is damaged: ")
        assert says in line
        for command in (("show", slug), ("replay", slug), ("note", "-c", slug, "x"), ("export", slug),
                        ("undo", "-c", slug), ("restore", slug), ("rename", slug, "Other")):
            result = cli(*command)
            assert result.code == 1, command
            assert result.err.count("\n") == 1 and "Traceback" not in result.err, result.err
            assert result.err.startswith("solo: error: "), result.err
    assert [x for x in lines if x.startswith("salt-road  'Salt Road'")]  # the rest still listed
    assert cli("note", "-c", "salt-road", "four").code == 0


def test_the_tui_starts_past_a_damaged_newest_save_and_the_picker_marks_it(saves_dir):
    store = CampaignStore(saves_dir)
    _played(store)
    (saves_dir / "deep.json").write_text("[" * 100_000 + "]" * 100_000)  # the newest file

    async def scenario(h):
        assert isinstance(h.app.screen, CampaignsScreen)
        assert "deep.json is damaged: its JSON is nested too deeply to read" in h.errors()[0]
        table = h.app.screen.query_one(DataTable)
        rows = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert rows == ["deep — does not load", "Salt Road"]
        await h.press("down")
        await h.press("enter")
        assert h.main.campaign.name == "Salt Road"

    play(new_app(saves_dir), scenario)


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damaged_log_value_is_named_never_a_crash(saves_dir, data):
    store = CampaignStore(saves_dir)
    if not (saves_dir / "salt-road.json").exists():
        _played(store)
        (saves_dir / "salt-road.json.bak").unlink()
    log = saves_dir / "salt-road.log"
    header, *lines = log.read_bytes().splitlines(keepends=True)
    at = data.draw(st.integers(0, len(lines) - 1))
    record = json.loads(lines[at])
    key = data.draw(st.sampled_from(sorted(record)))
    record[key] = data.draw(_JSON)
    broken = saves_dir / "broken.log"
    (saves_dir / "broken.json").write_bytes((saves_dir / "salt-road.json").read_bytes())
    broken.write_bytes(b"".join([header, *lines[:at], json.dumps(record).encode() + b"\n",
                                 *lines[at + 1:]]))
    before = broken.read_bytes()
    try:
        store.load("broken")
    except SaveError as exc:
        assert str(exc).startswith(f"{broken} is damaged: ") or str(exc).startswith(
            f"{saves_dir / 'broken.json'} is damaged: ")
    assert broken.read_bytes() == before


def test_a_torn_last_line_is_dropped_with_a_notice_and_nothing_before_it(store, cli):
    session = _played(store)
    log = session.path.with_suffix(".log")
    whole = log.read_bytes()
    log.write_bytes(whole + b'{"seq": 7, "op": "do", "name": "no')  # a crash mid-write
    assert [e.text for e in store.load("salt-road").journal][-1] == "three"  # reading ignores it
    result = cli("note", "-c", "salt-road", "four")
    assert result.code == 0
    assert result.err == (f"solo: warning: the last line of {log} was cut short (34 bytes, a write"
                          " interrupted by a crash) and has been dropped; everything before it is kept\n")
    assert log.read_bytes().startswith(whole)
    assert [e.text for e in store.load("salt-road").journal][-2:] == ["three", "four"]


def test_a_full_disk_during_note_is_one_line_and_the_campaign_intact(store, cli, monkeypatch):
    session = _played(store)
    log = session.path.with_suffix(".log")
    before = log.read_bytes(), session.path.read_bytes()

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(session_module, "write_all", full)
    result = cli("note", "-c", "salt-road", "lost to the full disk")
    assert result.code == 1
    assert result.err == (f"solo: error: could not save to {log}: No space left on device; the move"
                          " was taken back and the campaign is as it was before it\n")
    assert (log.read_bytes(), session.path.read_bytes()) == before


def test_a_snapshot_that_cannot_be_written_is_a_notice_the_move_is_kept(store, cli, monkeypatch):
    session = _played(store)
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 0)
    monkeypatch.setattr(store_module, "SNAPSHOT_SHARE", 0)
    monkeypatch.setattr(store_module, "write_new", _raise(errno.ENOSPC, "No space left on device"))
    result = cli("note", "-c", "salt-road", "kept in the log")
    assert result.code == 0
    assert "the snapshot was not rewritten (could not save" in result.err
    assert "every action is in the log" in result.err
    monkeypatch.undo()
    assert store.load("salt-road").journal[-1].text == "kept in the log"
    assert [p.name for p in session.path.parent.iterdir() if p.name.endswith(".tmp")] == []


def _raise(code: int, words: str):
    def fail(*args, **kwargs):
        raise OSError(code, words)
    return fail


@pytest.mark.parametrize(("command", "where"), [
    (("delete", "salt-road", "--yes"), "replace"),
    (("restore", "salt-road"), "write_new"),
    (("rename", "salt-road", "Other Road"), "replace"),
])
def test_a_read_only_or_full_disk_is_one_line_for_delete_restore_rename(store, cli, monkeypatch,
                                                                       command, where):
    _played(store)
    path = store.directory / "salt-road.json"
    if command[0] == "restore":
        path.write_bytes(b"{")
    files = {p.name: p.read_bytes() for p in store.directory.iterdir() if p.is_file()}
    fail = _raise(errno.EROFS, "Read-only file system")
    if where == "replace":
        monkeypatch.setattr(store_module.os, "replace", fail)
    else:
        monkeypatch.setattr(store_module, "write_new", fail)
    result = cli(*command)
    monkeypatch.undo()
    assert result.code == 1
    assert result.err.count("\n") == 1 and "Read-only file system" in result.err, result.err
    assert path.exists()  # never no campaign file
    after = {p.name: p.read_bytes() for p in store.directory.iterdir() if p.is_file()}
    for name, content in files.items():
        if name.endswith(".log"):  # a rename's record may be in; the rest as it was
            assert after[name].startswith(content)
        else:
            assert after[name] == content
    assert not [n for n in after if n.startswith("other-road")]


def test_an_unreadable_saves_directory_is_one_line(store, cli, monkeypatch):
    _played(store)

    def denied(self):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", denied)
    result = cli("list")
    assert result.code == 1
    assert result.err == (f"solo: error: cannot read the saves directory {store.directory}:"
                          " Permission denied\n")


def test_a_symlink_planted_at_a_temporary_name_is_never_written_through(store, tmp_path):
    session = _played(store)
    target = tmp_path / "precious.txt"
    target.write_text("untouched")
    slug = "salt-road"
    for name in (f".{slug}.json.{os.getpid()}.tmp", f".{slug}.json.bak.{os.getpid()}.tmp",
                 f".{slug}.log.{os.getpid()}.tmp"):
        (store.directory / name).symlink_to(target)
    session.perform("note", text="more")
    session.save()  # a snapshot and a backup: the two files that used to go through a temp name
    store.create("Another", seed=1)
    assert target.read_text() == "untouched"
    assert all(not p.is_symlink() for p in store.directory.iterdir() if not p.name.endswith(".tmp"))
    assert [i.slug for i in store.list()] == ["another", "salt-road"]


def test_leftover_temporary_files_are_never_campaigns_and_are_swept(store):
    session = _played(store)
    store.create("Other", seed=1)
    mine = store.directory / ".salt-road.json.0123456789abcdef.tmp"
    old = store.directory / ".other.json.0123456789abcdef.tmp"
    new = store.directory / ".other.json.fedcba9876543210.tmp"
    for leftover in (mine, old, new):
        leftover.write_text("{")
    os.utime(old, (1, 1))
    assert [i.slug for i in store.list()] == ["other", "salt-road"]
    session.save()
    assert not mine.exists()  # made under the lock this save holds: a dead writer's, gone at once
    assert not old.exists() and new.exists()  # another campaign's: only once it is old


def test_long_names_in_four_byte_letters_fit_every_derived_file_name(store, cli):
    name = "\U00020000" * 58  # a CJK letter of four bytes in UTF-8
    slug = slugify(name)
    assert len(slug.encode()) <= MAX_SLUG_BYTES and slug == "\U00020000" * 50
    assert cli("new", name).code == 0
    assert cli("note", "-c", slug, "hi").code == 0
    store.open(slug).save()
    other = "\U00020001" * 58
    assert cli("rename", slug, other).code == 0
    path = store.path(other)
    path.write_bytes(b"{")
    assert cli("restore", slugify(other)).code == 0
    assert cli("delete", slugify(other), "--yes").code == 0
    every = [p for p in store.directory.rglob("*")]
    assert every and max(len(p.name.encode()) for p in every) <= 255
    assert len([p for p in (store.directory / ".deleted").iterdir()]) == 3  # snapshot, backup, log


def test_a_damaged_log_line_is_named_and_restore_cuts_the_log_there(store, cli):
    session = _played(store)
    log = session.path.with_suffix(".log")
    lines = log.read_bytes().splitlines(keepends=True)
    damaged = b"".join([*lines[:3], b'{"seq": 3, "op": \x00garbage}\n', *lines[4:]])
    log.write_bytes(damaged)
    at = len(b"".join(lines[:3]))
    result = cli("show", "salt-road")
    assert result.code == 1
    assert result.err.startswith(f"solo: error: {log} is damaged: the line at byte {at} is unreadable")
    assert "`solo restore salt-road` keeps a copy of it and cuts it where the damage starts" in result.err
    with pytest.raises(SoloError):  # an open session (the TUI's poll) is told once...
        session.refresh()
    assert session.refresh() is None and not session.changed_on_disk()  # ...not on every poll
    with pytest.raises(SaveError):
        store.load("salt-road")
    assert cli("note", "-c", "salt-road", "x").code == 1 and log.read_bytes() == damaged
    result = cli("restore", "salt-road")
    assert result.code == 0, result.err
    [kept] = store.directory.glob("salt-road.log.damaged-*")
    assert kept.read_bytes() == damaged
    mended = store.load("salt-road")  # the two records before the damage
    assert [(a.name, e.kind) for a, e in zip(mended.actions, mended.journal, strict=True)] == [
        ("note", "note"), ("roll", "roll")]
    assert mended.journal[0].text == "one"
    assert cli("note", "-c", "salt-road", "after the mend").code == 0
