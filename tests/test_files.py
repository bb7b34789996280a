"""Writing the files users name: replaced whole, links followed, devices left as devices."""

import os
import stat
import subprocess
import sys
import threading

import pytest

from solo.errors import SoloError
from solo.files import write_text


def test_a_regular_file_is_replaced_whole_keeping_its_permissions(tmp_path):
    target = tmp_path / "out.md"
    target.write_text("old")
    os.chmod(target, 0o640)
    write_text(target, "new text")
    assert target.read_text() == "new text"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.md"]  # no temp file left behind


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    mask = os.umask(0o022)
    try:
        write_text(tmp_path / "fresh.md", "x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "fresh.md").stat().st_mode) == 0o644


def test_a_symlink_is_followed_not_replaced(tmp_path):
    real = tmp_path / "real.md"
    real.write_text("old")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    write_text(link, "through the link")
    assert link.is_symlink()
    assert real.read_text() == "through the link"


def test_a_pipe_is_written_to_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(open(fifo).read()))
    reader.start()
    write_text(fifo, "down the pipe")
    reader.join(timeout=300)  # a guard against a hang only
    assert received == ["down the pipe"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_device_stays_a_device():
    write_text("/dev/null", "into the void")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("make, fragment", [
    (lambda p: p / "missing" / "x.md", "the folder"),
    (lambda p: p, "it is a directory"),
])
def test_bad_targets_are_clear_errors(tmp_path, make, fragment):
    with pytest.raises(SoloError, match=fragment):
        write_text(make(tmp_path), "x")


def test_story_output_and_export_follow_the_same_rules(cli, tmp_path):
    real = tmp_path / "hooks.md"
    real.write_text("old")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    assert cli("hooks", "-n", "2", "--seed", "1", "-o", str(link)).code == 0
    assert link.is_symlink() and real.read_text() != "old"
    assert cli("new", "Road", "--seed", "1").code == 0
    assert cli("note", "-c", "Road", "We left at dawn.").code == 0
    as_json = cli("export", "Road", "--json")
    assert as_json.json["journal"][0]["text"] == "We left at dawn."
    assert cli("export", "Road", "-o", str(tmp_path / "road.json")).code == 0
    assert '"We left at dawn."' in (tmp_path / "road.json").read_text()
    missing = cli("export", "Road", "-o", str(tmp_path / "nope" / "road.md"))
    assert missing.code == 1 and "the folder" in missing.err


# -- temporary files: exclusive, unpredictable, swept -------------------------------------------

def test_a_symlink_planted_at_the_temp_name_is_never_written_through(tmp_path, monkeypatch):
    import solo.files as files

    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    draws = iter(["0" * 16, "1" * 16])
    monkeypatch.setattr(files, "random_hex", lambda n: next(draws))
    planted = tmp_path / f".solo-{os.getpid()}-{'0' * 16}.tmp"
    planted.symlink_to(victim)
    write_text(tmp_path / "out.md", "the export")
    assert victim.read_text() == "precious"
    assert (tmp_path / "out.md").read_text() == "the export"
    assert planted.is_symlink()  # not ours: left as it was


def test_temp_names_are_random_and_short():
    from solo.files import TEMP_NAME, temp_name

    names = {temp_name() for _ in range(50)}
    assert len(names) == 50
    assert all(TEMP_NAME.match(n) and len(n) < 50 for n in names)


def test_a_temp_file_left_by_a_killed_writer_is_swept_by_the_next_write(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    leftover = tmp_path / f".solo-{int(dead.stdout)}-{'a' * 16}.tmp"
    leftover.write_text("half an exp")
    running = tmp_path / f".solo-{os.getppid()}-{'b' * 16}.tmp"  # a live process's: kept
    running.write_text("in progress")
    write_text(tmp_path / "out.md", "whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out.md", running.name])


@pytest.mark.parametrize("failing, errno_, reason", [
    ("open", 13, "Permission denied"),       # a folder solo may not write in (tests run as root)
    ("write", 28, "No space left on device"),
    ("fsync", 5, "Input/output error"),
    ("replace", 13, "Permission denied"),
])
def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch, failing, errno_, reason):
    import solo.files as files

    target = tmp_path / "out.md"
    target.write_text("old story")

    def fail(*args, **kwargs):
        raise OSError(errno_, reason)

    monkeypatch.setattr(files.os, failing, fail)
    with pytest.raises(SoloError) as caught:
        write_text(target, "new story " * 10000)
    assert str(caught.value) == f"cannot write to {target}: {reason}"
    monkeypatch.undo()
    assert target.read_text() == "old story"
    assert [p.name for p in tmp_path.iterdir()] == ["out.md"]


def test_a_full_disk_during_export_is_one_line_and_the_old_file_stays(cli, tmp_path, monkeypatch):
    import solo.files as files

    assert cli("new", "Road").code == 0
    assert cli("note", "-c", "Road", "We left at dawn.").code == 0
    target = tmp_path / "road.md"
    target.write_text("an older export")

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "write", full)
    result = cli("export", "Road", "-o", str(target))
    assert result.code == 1
    assert result.err == f"solo: error: cannot write to {target}: No space left on device\n"
    assert target.read_text() == "an older export"
    assert [p.name for p in tmp_path.iterdir()] == ["road.md"]


# -- killed mid-write: the destination is old or new, never part of one ------------------------

# The child pauses at one point of the write (after creating the temp file, after
# the first 64 KiB, before fsync, before the rename, after it), says so on
# stderr and waits to be killed; no timing is guessed.
_CHILD = """
import os, sys, time
import solo.files as files
point = sys.argv[1]
real = {name: getattr(os, name) for name in ("write", "fsync", "replace")}
state = {"writes": 0}

def pause():
    sys.stderr.write("PAUSED\\n"); sys.stderr.flush()
    time.sleep(120)

def write(fd, data):
    state["writes"] += 1
    if point == "mid" and state["writes"] == 2:
        pause()
    return real["write"](fd, data)

def fsync(fd):
    if point == "fsync":
        pause()
    return real["fsync"](fd)

def replace(a, b):
    if point == "replace":
        pause()
    real["replace"](a, b)
    if point == "after":
        pause()

real_open = files._open_temp
def open_temp(folder, mode):
    got = real_open(folder, mode)
    if point == "open":
        pause()
    return got

files.os = type(os)("os_for_test")
files.os.__dict__.update(os.__dict__)
files.os.write, files.os.fsync, files.os.replace = write, fsync, replace
files._open_temp = open_temp
from solo.cli import main
raise SystemExit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize("point", ["open", "mid", "fsync", "replace", "after"])
def test_an_export_killed_at_any_point_leaves_a_whole_file(tmp_path, saves_dir, point):
    from tests.conftest import REPO, run_cli

    assert run_cli("new", "Road", "--seed", "3").code == 0
    for i in range(20):
        assert run_cli("note", "-c", "Road", f"Day {i}: " + "the road goes on " * 250).code == 0
    target = tmp_path / "road.md"
    assert run_cli("export", "Road", "-o", str(target)).code == 0
    old = target.read_text()
    assert run_cli("note", "-c", "Road", "The last day.").code == 0
    assert run_cli("export", "Road", "-o", str(tmp_path / "expected.md")).code == 0
    new = (tmp_path / "expected.md").read_text()
    assert len(new.encode()) > 65536 and new != old  # so "mid" pauses part-way

    env = dict(os.environ, PYTHONPATH=str(REPO), SOLO_SAVES=str(saves_dir))
    child = subprocess.Popen([sys.executable, "-c", _CHILD, point, "export", "Road", "-o", str(target)],
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stderr.readline() == "PAUSED\n"
    finally:
        child.kill()
        child.wait(timeout=60)
    assert target.read_text() == (new if point == "after" else old)
    # the next export sweeps what the killed one left and writes the new text
    assert run_cli("export", "Road", "-o", str(target)).code == 0
    assert target.read_text() == new
    assert sorted(p.name for p in tmp_path.iterdir()) == ["expected.md", "road.md"]
