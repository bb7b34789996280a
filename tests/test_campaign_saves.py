"""Save files: backups, damaged and newer files left alone, old ones migrated, the directory."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.campaign import (
    CampaignStore,
    DamagedSave,
    NewerSave,
    SaveError,
    differences,
    replay,
)
from solo.errors import SoloError
from solo.tables import load_tables

DATA = Path(__file__).parent / "data"
TABLES = load_tables([DATA / "campaign-tables"], use_env=False)


@pytest.fixture
def store(saves_dir) -> CampaignStore:
    return CampaignStore(saves_dir)


def _three_notes(store: CampaignStore) -> Path:
    """Three notes; the snapshot rewritten after the second, so the backup is the empty start."""
    session = store.create("Salt Road", seed=7)
    for text in ("one", "two"):
        session.perform("note", text=text)
    session.save()
    session.perform("note", text="three")
    return session.path


def _log_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.with_suffix(".log").read_bytes().splitlines()]


def test_each_move_appends_one_line_to_the_log_and_the_snapshot_waits(store):
    path = _three_notes(store)
    header, *records = _log_lines(path)
    assert header["format"] == "solo-campaign-log"
    assert [(r["seq"], r["op"], r["name"], r["params"]) for r in records] == [
        (1, "do", "note", {"text": "one"}), (2, "do", "note", {"text": "two"}),
        (3, "do", "note", {"text": "three"})]
    assert [e["text"] for r in records for e in r["entries"]] == ["one", "two", "three"]
    snapshot = json.loads(path.read_text(encoding="utf-8"))
    assert [e["text"] for e in snapshot["journal"]] == ["one", "two"]
    assert snapshot["log"]["seq"] == 2 and snapshot["log"]["id"] == header["id"]
    assert json.loads(path.with_name("salt-road.json.bak").read_text())["journal"] == []
    assert [e.text for e in store.load("salt road").journal] == ["one", "two", "three"]
    assert sorted(p.name for p in path.parent.iterdir()) == [
        "salt-road.json", "salt-road.json.bak", "salt-road.log"]


def test_bytes_written_per_move_do_not_grow_with_the_journal(store):
    session = store.create("Long Road", seed=3)
    log = session.path.with_suffix(".log")
    sizes = []
    for i in range(502):
        before = log.stat().st_size
        snapshot = session.path.stat().st_mtime_ns
        session.perform("note", text="the same words")
        assert session.path.stat().st_mtime_ns == snapshot or i > 200  # no snapshot early on
        if i in (1, 500):
            sizes.append(log.stat().st_size - before)
    # The same line at entry 2 and entry 501, but for the record's number (2 vs 501).
    assert sizes[1] - sizes[0] == len("501") - len("2") and sizes[0] < 400


def _damage(path: Path, how: str) -> bytes:
    raw = path.read_bytes()
    if how == "truncated":
        raw = raw[: len(raw) // 2]
    elif how == "corrupted":
        at = raw.index(b'"journal"')
        raw = raw[:at] + b"\x00\x13garbage{{" + raw[at + 12:]
    elif how == "empty":
        raw = b""
    elif how == "newer":
        raw = raw.replace(b'"version": 2,', b'"version": 7,', 1)
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize(("how", "error", "says"), [
    ("truncated", DamagedSave, "is damaged: it stops in the middle (truncated after"),
    ("corrupted", DamagedSave, "is damaged: not valid JSON at line"),
    ("empty", DamagedSave, "is damaged: the file is empty"),
    ("newer", NewerSave, "was saved by a newer solo (save format 7; this solo reads formats up to 2):"
                         " update solo to open it"),
])
def test_a_file_that_does_not_load_is_named_left_alone_and_its_backup_offered(store, how, error, says):
    path = _three_notes(store)
    damaged = _damage(path, how)
    with pytest.raises(error) as caught:
        store.open("salt-road")
    message = str(caught.value)
    assert message.startswith(f"{path} ")
    assert says in message
    assert ("the file is left exactly as it is; the backup"
            f" {path}.bak loads (3 journal entries with its log): `solo restore salt-road`"
            " puts it back and keeps the damaged file aside") in message
    assert path.read_bytes() == damaged


@pytest.mark.parametrize("how", ["truncated", "corrupted", "newer"])
def test_the_cli_refuses_to_write_to_a_file_that_does_not_load(store, cli, how):
    path = _three_notes(store)
    damaged = _damage(path, how)
    backup = path.with_name(path.name + ".bak").read_bytes()
    log = path.with_suffix(".log").read_bytes()
    for args in (("note", "-c", "salt-road", "more"), ("roll", "d6", "--campaign", "salt-road"),
                 ("undo", "-c", "salt-road")):
        result = cli(*args)
        assert result.code == 1
        assert result.err.startswith(f"solo: error: {path} ")
        assert "solo restore salt-road" in result.err
    assert path.read_bytes() == damaged
    assert path.with_name(path.name + ".bak").read_bytes() == backup
    assert path.with_suffix(".log").read_bytes() == log


def test_restore_puts_the_backup_back_and_keeps_the_damaged_file(store, cli):
    path = _three_notes(store)
    damaged = _damage(path, "truncated")
    result = cli("restore", "Salt Road")
    assert result.code == 0, result.err
    assert result.out.startswith("Restored 'Salt Road' from its backup (3 journal entries). The"
                                 " damaged file is kept as ")
    [aside] = path.parent.glob("salt-road.json.damaged-*")
    assert aside.read_bytes() == damaged
    # The backup is older, but the log holds every move since: nothing is lost.
    assert [e.text for e in store.load("salt-road").journal] == ["one", "two", "three"]
    assert cli("note", "-c", "salt-road", "four").code == 0
    assert [e.text for e in store.load("salt-road").journal] == ["one", "two", "three", "four"]


def test_restore_refuses_when_the_file_loads(store, cli):
    path = _three_notes(store)
    before = path.read_bytes()
    result = cli("restore", "salt-road")
    assert result.code == 1
    assert "loads fine, so it is not replaced by its older backup" in result.err
    assert path.read_bytes() == before


def test_two_sessions_on_one_campaign_each_see_the_others_moves(store):
    session = store.create("Shared", seed=1)
    session.perform("note", text="mine")
    other = store.open("shared")
    other.perform("note", text="written elsewhere")
    session.perform("note", text="mine again")
    assert session.take_external() == 1  # the other's entry came in at index 1
    other.undo()  # takes back "mine again", as the newest action
    assert session.refresh() == 2
    assert [e.text for e in session.campaign.journal] == ["mine", "written elsewhere"]
    assert [e.text for e in store.load("shared").journal] == ["mine", "written elsewhere"]
    assert session.campaign.rng.get_state() == other.campaign.rng.get_state()


def test_a_failed_append_leaves_memory_and_disk_as_they_were(store, monkeypatch):
    import solo.campaign.session as session_module

    session = store.create("Full Disk", seed=3)
    session.perform("roll", expression="d20")
    log = session.path.with_suffix(".log")
    before_disk = log.read_bytes(), session.path.read_bytes()
    before_state = session.campaign.state_dict()

    def half_then_full(fd, data):
        os.write(fd, data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session_module, "write_all", half_then_full)
    with pytest.raises(SoloError, match=r"^could not save to .*full-disk.log: No space left on device;"
                                        " the move was taken back and the campaign is as it was"):
        session.perform("roll", expression="d20")
    monkeypatch.undo()
    assert (log.read_bytes(), session.path.read_bytes()) == before_disk
    assert session.campaign.state_dict() == before_state
    assert len(session.campaign.journal) == len(session.campaign.actions) == 1
    assert [p.name for p in session.path.parent.iterdir() if p.name.endswith(".tmp")] == []
    session.perform("roll", expression="d20")  # and carries on
    assert len(store.load("full disk").journal) == 2


def test_an_old_version_zero_file_is_migrated(store):
    path = store.directory / "lanterns-over-hollowmere.json"
    store.directory.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DATA / "campaign-v0.json", path)
    original = path.read_bytes()

    c = store.load("Lanterns over Hollowmere")
    assert (c.name, c.slug, c.seed, c.system, c.created) == (
        "Lanterns Over Hollowmere", "lanterns-over-hollowmere", 4242, "resistance",
        "2024-03-02T19:05:11.000Z")
    assert (c.chaos, c.countdown, c.clues) == (6, 2, 1)
    assert (c.scene.number, c.scene.open, c.scene.expectation) == (2, True, "The far bank is quiet")
    assert [(ch.id, ch.name, ch.role, ch.set_up_well) for ch in c.characters] == [
        (1, "Mirela", "pc", True), (2, "The ferryman", "npc", False)]
    assert [(t.id, t.text, t.open) for t in c.threads] == [
        (1, "Learn who drowned the lamplighter", True), (2, "Cross the mere", False)]
    assert [(n.name, n.kind, n.note) for n in c.notables] == [
        ("Old Tobiah", "person", "sells lamp oil and rumours")]
    assert [(k.name, k.segments, k.filled) for k in c.clocks] == [("The mere rises", 6, 2)]
    assert [(e.at, e.kind) for e in c.journal][:3] == [
        ("2024-03-02T19:10:00.000Z", "note"), ("2024-03-02T19:11:00.000Z", "roll"),
        ("2024-03-02T19:12:00.000Z", "table")]
    assert [a.name for a in c.actions] == ["note", "roll", "table_roll", "roll", "note"]
    assert c.undo == []

    # The old log still replays to the same journal and dice.
    again = replay(c, tables=TABLES)
    assert [e.to_dict() for e in again.journal] == [e.to_dict() for e in c.journal]
    assert again.rng.get_state() == c.rng.get_state()

    # Opened for play, it moves to a log: the snapshot is the current format, the version-0 file
    # is kept untouched as .json.v1 (and is the first backup).
    store.open("lanterns-over-hollowmere").perform("note", text="Onward.")
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 2
    assert path.with_name("lanterns-over-hollowmere.json.v1").read_bytes() == original
    assert path.with_name(path.name + ".bak").read_bytes() == original
    assert store.load("lanterns-over-hollowmere").journal[-1].text == "Onward."
    assert len(_log_lines(path)) == 2  # the header and the note


def test_a_file_that_is_not_a_campaign_is_named(store):
    store.directory.mkdir(parents=True, exist_ok=True)
    (store.directory / "notes.json").write_text('{"shopping": ["eggs"]}')
    with pytest.raises(DamagedSave, match=r"notes.json is not a solo campaign save"):
        store.load("notes")


def test_list_shows_campaigns_damaged_files_and_lonely_backups(store, cli):
    _three_notes(store)
    store.create("Broken", seed=1).perform("note", text="x")
    (store.directory / "broken.json").write_text("{")
    gone = store.create("Gone", seed=1)
    gone.save()  # the start becomes the backup
    gone.perform("note", text="y")
    (store.directory / "gone.json").unlink()
    (store.directory / "gone.log").unlink()
    result = cli("list")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0].startswith("broken  DOES NOT LOAD: ")
    assert lines[1] == ("gone  DOES NOT LOAD: only the backup"
                        f" {store.directory / 'gone.json.bak'} is left: `solo restore gone` brings it back")
    assert lines[2].startswith("salt-road  'Salt Road'  -  scene 0  3 entries  saved ")
    assert [item["slug"] for item in cli("list", "--json").json["items"]] == ["broken", "gone", "salt-road"]
    assert cli("restore", "gone").code == 0
    assert [e.text for e in store.load("gone").journal] == []  # the backup, without its log
    assert cli("note", "-c", "gone", "back").code == 0
    assert [e.text for e in store.load("gone").journal] == ["back"]


def test_delete_moves_the_files_aside(store, cli):
    path = _three_notes(store)
    content = path.read_bytes()
    result = cli("delete", "Salt Road", "--yes")
    assert result.code == 0
    assert not path.exists() and not path.with_name("salt-road.json.bak").exists()
    [kept] = (store.directory / ".deleted").glob("salt-road-*.json")
    assert kept.read_bytes() == content
    assert cli("list").out.startswith("No campaigns in ")
    _three_notes(store)  # the same name again, deleted within the same second: both kept
    assert cli("delete", "Salt Road", "--yes").code == 0
    assert len(list((store.directory / ".deleted").glob("salt-road-*.json"))) == 2
    assert cli("delete", "salt-road", "--yes").err == (
        f"solo: error: no campaign 'salt-road' in {store.directory} (see `solo list`)\n")


def test_rename_moves_the_campaign_to_its_new_file(store, cli):
    path = _three_notes(store)
    result = cli("rename", "salt-road", "The Long Salt Road")
    assert result.code == 0, result.err
    assert not path.exists()
    c = store.load("the-long-salt-road")
    assert (c.name, len(c.journal)) == ("The Long Salt Road", 3)
    assert cli("rename", "the-long-salt-road", "../Other").code == 0
    assert store.load("other").name == "../Other"
    _three_notes(store)
    result = cli("rename", "other", "Salt Road")
    assert result.code == 1 and "already a campaign file" in result.err


def test_replay_checks_a_saved_campaign(store, cli):
    _three_notes(store)
    assert cli("roll", "3d6", "--campaign", "salt-road").code == 0
    result = cli("replay", "salt-road")
    assert (result.code, result.out) == (0, "Replayed 4 actions from seed 7: the journal is identical"
                                            " (4 entries).\n")
    recorded = store.load("salt-road")
    assert differences(recorded, replay(recorded)) == []


def _leaf_paths(value, path=()):
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _leaf_paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value[:3]):
            yield from _leaf_paths(inner, (*path, i))
    if path and path[-1] not in ("data", "sheet", "params"):  # free-form by design
        yield path


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


def _small_save(saves_dir: Path) -> tuple[Path, dict]:
    """A small campaign's snapshot (as a document standing alone, without a log)."""
    store = CampaignStore(saves_dir)
    if not (saves_dir / "fuzz.json").exists():
        session = store.create("Fuzz", seed=1)
        session.perform("note", text="a")
        session.perform("character_add", sheet={"name": "Vroy"})
        session.campaign.add_clock("c", 4)
        session.campaign.add_thread("t")
        session.perform("roll", expression="2d6")
        # The oracle's and the rules' own slices of the state (`extra`) are fuzzed too.
        session.perform("oracle.clue_gain")
        session.perform("oracle.scene_start", expectation="the ford is shallow")
        session.perform("oracle.journey", setting="town")
        session.campaign.extra["rules"] = {"edge": -1, "edge_source": "a complication"}
        session.perform("note", text="b")
        session.save()
    doc = json.loads((saves_dir / "fuzz.json").read_text())
    doc["log"] = None
    return saves_dir / "fuzz.json", doc


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damaged_value_gives_a_save_error_never_a_crash(saves_dir, data):
    path, doc = _small_save(saves_dir)
    target = data.draw(st.sampled_from(sorted(_leaf_paths(doc), key=repr)))
    value = data.draw(_JSON)
    holder = doc
    for key in target[:-1]:
        holder = holder[key]
    holder[target[-1]] = value
    broken = saves_dir / "broken.json"
    broken.write_text(json.dumps(doc))
    try:
        CampaignStore(saves_dir).load("broken")
    except SaveError as exc:
        assert str(exc).startswith(f"{broken} ")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fraction=st.floats(0.0, 0.999))
def test_a_file_cut_anywhere_is_reported_as_damaged(saves_dir, fraction):
    path, _ = _small_save(saves_dir)
    raw = path.read_bytes().rstrip()
    cut = saves_dir / "cut.json"
    cut.write_bytes(raw[: int(len(raw) * fraction)])
    with pytest.raises(DamagedSave, match=f"^{cut} is damaged: "):
        CampaignStore(saves_dir).load("cut")


def _same(a, b) -> None:
    assert a == b  # every compared dataclass field: state, journal, action log, undo steps
    assert a.rng.get_state() == b.rng.get_state()
    assert [u.to_dict() for u in a.undo] == [u.to_dict() for u in b.undo]


def test_snapshot_and_log_load_exactly_what_was_played_with_undos_between(store, monkeypatch):
    import solo.campaign.store as store_module

    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 2000)  # a snapshot every few moves
    monkeypatch.setattr(store_module, "SNAPSHOT_SHARE", 0)
    session = store.create("Exact", system="nine-powers", seed=21, tables=TABLES)
    session.perform("rules.character_random", name="Ulric")
    seqs = set()
    for i in range(45):
        if i % 7 == 6:
            session.undo()
        elif i % 3 == 0:
            session.perform("oracle.ask", question=f"Is it {i}?", odds="likely")
        elif i % 3 == 1:
            session.perform("roll", expression="3d6")
        else:
            session.perform("oracle.scene_start", expectation=f"scene {i}")
        seqs.add(json.loads(session.path.read_text())["log"]["seq"])
        _same(store.load("exact"), session.campaign)
    assert len(seqs) > 5  # the snapshot moved along; loading applied only the lines after it
    assert len(session.campaign.undo) == 30
    steps = [u.to_dict() for u in session.campaign.undo]
    reopened = store.open("exact", tables=TABLES)
    for step in reversed(steps):  # every undo step rebuilt from the log is the one the player had
        reopened.undo()
        c = reopened.campaign
        assert json.loads(json.dumps(c.state_dict())) == step["state"]
        assert (len(c.journal), len(c.actions)) == (step["journal"], step["actions"])
    assert differences(store.load("exact"), replay(store.load("exact"), tables=TABLES)) == []


def test_a_lock_held_by_a_killed_process_is_released(store):
    import signal

    session = store.create("Locked", seed=2)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            import fcntl

            fd = os.open(session.path.with_suffix(".log"), os.O_RDWR)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(write, b"locked")
            signal.pause()
        finally:
            os._exit(0)
    os.close(write)
    assert os.read(read, 6) == b"locked"
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(read)
    session.perform("note", text="the lock died with its holder")
    assert store.load("locked").journal[-1].text == "the lock died with its holder"
