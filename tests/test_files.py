"""Writing the files users name: replaced whole, links followed, devices left as devices."""

import os
import stat
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
    reader.join(timeout=10)
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
    assert cli("note", "Road", "We left at dawn.").code == 0
    as_json = cli("export", "Road", "--json")
    assert as_json.json["journal"][0]["text"] == "We left at dawn."
    assert cli("export", "Road", "-o", str(tmp_path / "road.json")).code == 0
    assert '"We left at dawn."' in (tmp_path / "road.json").read_text()
    missing = cli("export", "Road", "-o", str(tmp_path / "nope" / "road.md"))
    assert missing.code == 1 and "the folder" in missing.err
