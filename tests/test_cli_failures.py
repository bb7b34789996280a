"""Whatever goes wrong around a command, the CLI ends in one line and a non-zero exit, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from solo.campaign.store import CampaignStore
from tests.conftest import REPO


def _env(saves) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["SOLO_SAVES"] = str(saves)
    return env


def _notes(saves, slug="road") -> list[str]:
    campaign = CampaignStore(saves).load(slug)  # the snapshot and the log after it
    return [e.text for e in campaign.journal if e.kind == "note"]


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_an_argument_that_is_not_utf8_is_refused_before_anything_is_saved(cli, saves_dir):
    assert cli("new", "Road", "--seed", "1").code == 0
    before = (saves_dir / "road.json").read_bytes()
    result = cli("note", "-c", "Road", "bad \udcff byte")
    assert result.code == 2
    line = _one_line(result.err)
    assert line.startswith("solo: error: argument 4 (bad \\udcff byte) is not valid UTF-8")
    assert (saves_dir / "road.json").read_bytes() == before


def test_non_utf8_bytes_from_a_real_shell_are_one_line(saves_dir):
    env = _env(saves_dir)
    subprocess.run([sys.executable, "-m", "solo", "new", "Road"], env=env, check=True,
                   capture_output=True)
    proc = subprocess.run([sys.executable.encode(), b"-m", b"solo", b"note", b"-c", b"Road", b"\xff"],
                          env=env, capture_output=True, timeout=60)
    assert proc.returncode == 2
    assert _one_line(proc.stderr.decode()).startswith("solo: error: argument 4 (\\udcff)")
    assert _notes(saves_dir) == []


def test_a_full_disk_behind_stdout_says_the_note_was_kept(saves_dir):
    """Decision: the note is saved before it is printed; the error says so, so a retry is not needed."""
    env = _env(saves_dir)
    subprocess.run([sys.executable, "-m", "solo", "new", "Road"], env=env, check=True,
                   capture_output=True)
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "solo", "note", "-c", "Road", "We left at dawn."],
                              env=env, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert proc.returncode == 1
    assert _one_line(proc.stderr) == (
        "solo: error: cannot write to standard output: No space left on device; the note was saved"
        " in 'Road' before that, so do not run the command again")
    assert _notes(saves_dir) == ["We left at dawn."]


def test_a_reader_that_goes_away_stops_solo_with_one_line(saves_dir):
    proc = subprocess.Popen([sys.executable, "-m", "solo", "hooks", "-n", "3000", "--seed", "1"],
                            env=_env(saves_dir), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    first = proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    code = proc.wait(timeout=120)
    err = proc.stderr.read()
    assert first.strip()
    assert code == 141
    assert _one_line(err) == "solo: stopped: standard output was closed before all the output was written"


def test_ctrl_c_is_one_line_and_exit_130(cli, monkeypatch):
    import solo.campaign.export as export

    assert cli("new", "Road").code == 0

    def interrupted(campaign):
        raise KeyboardInterrupt

    monkeypatch.setattr(export, "to_markdown", interrupted)
    monkeypatch.setattr("solo.commands.campaign.to_markdown", interrupted)
    result = cli("export", "Road")
    assert result.code == 130
    assert _one_line(result.err) == "solo: interrupted"


def test_ctrl_c_in_a_real_process_is_one_line_and_exit_130(saves_dir):
    # The child interrupts itself once its command is running, so no timing is guessed; it takes
    # Ctrl+C as a terminal would give it even when started in the background (SIGINT ignored).
    code = ("import os, signal\n"
            "import solo.commands.story as s\n"
            "orig = s._deliver\n"
            "def deliver(*a, **k):\n"
            "    os.kill(os.getpid(), signal.SIGINT)\n"
            "    return orig(*a, **k)\n"
            "s._deliver = deliver\n"
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"  # even if started with it ignored
            "from solo.cli import main\n"
            "raise SystemExit(main(['hooks', '-n', '2']))\n")
    proc = subprocess.run([sys.executable, "-c", code], env=_env(saves_dir), capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 130
    assert _one_line(proc.stderr) == "solo: interrupted"


def test_a_name_too_long_for_the_file_system_is_one_line(cli, tmp_path):
    name = tmp_path / ("a" * 300)
    result = cli("foundation", "--seed", "1", "-o", str(name))
    assert result.code == 1
    assert _one_line(result.err) == f"solo: error: cannot write to {name}: File name too long"
    assert list(tmp_path.iterdir()) == []


def test_a_name_near_the_limit_still_gets_its_file(cli, tmp_path):
    name = tmp_path / ("b" * 252 + ".md")  # 255 bytes: a temp name built from it would not fit
    assert cli("foundation", "--seed", "1", "-o", str(name)).code == 0
    assert name.read_text().startswith("#")
    assert [p.name for p in tmp_path.iterdir()] == [name.name]


@pytest.mark.parametrize("where", ["missing/out.md", "file.md/out.md"])
def test_a_missing_or_impossible_output_folder_is_one_line(cli, tmp_path, where):
    (tmp_path / "file.md").write_text("a file, not a folder")
    target = tmp_path / where
    result = cli("foundation", "--seed", "1", "-o", str(target))
    assert result.code == 1
    line = _one_line(result.err)
    assert line.startswith(f"solo: error: cannot write to {target}: ")


def test_any_other_os_error_names_its_file(cli, monkeypatch):
    import solo.commands.campaign as campaign_commands

    def unreadable(*args, **kwargs):
        raise PermissionError(13, "Permission denied", "/somewhere/road.json")

    monkeypatch.setattr(campaign_commands, "cmd_list", unreadable)
    result = cli("list")
    assert result.code == 1
    assert _one_line(result.err) == "solo: error: cannot use /somewhere/road.json: Permission denied"


def test_a_bug_is_one_line_with_exit_70_and_its_place(cli, monkeypatch):
    import solo.commands.campaign as campaign_commands

    def broken(ctx):
        return {}["missing"]

    monkeypatch.setattr(campaign_commands, "cmd_list", broken)
    result = cli("list")
    assert result.code == 70
    line = _one_line(result.err)
    assert line.startswith("solo: internal error at test_cli_failures.py:")
    assert "KeyError: 'missing'" in line and "SOLO_DEBUG=1" in line


def test_help_and_version_return_zero_in_process(cli):
    assert cli("--version").code == 0
    assert cli("--help").code == 0


def test_a_nul_in_an_argument_is_refused_by_name(cli):
    result = cli("character", "show", "a\x00b.json")
    assert result.code == 2
    assert _one_line(result.err) == "solo: error: argument 3 (a\\u0000b.json) contains a NUL character"


def test_a_newline_in_a_bad_argument_keeps_the_error_on_one_line(cli):
    result = cli("hooks", "first\nsecond")
    assert result.code == 2
    assert _one_line(result.err).startswith("solo: error: unrecognized arguments: first\\u000asecond")


def test_a_stdout_closed_before_solo_starts_is_skipped_as_print_does(saves_dir):
    env = _env(saves_dir)
    subprocess.run([sys.executable, "-m", "solo", "new", "Road"], env=env, check=True,
                   capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "solo", "note", "-c", "Road", "Quietly."], env=env,
                          stderr=subprocess.PIPE, text=True, timeout=60,
                          preexec_fn=lambda: os.close(1))
    assert (proc.returncode, proc.stderr) == (0, "")
    assert _notes(saves_dir) == ["Quietly."]


def test_a_closed_stdin_reads_as_no_terminal(saves_dir):
    proc = subprocess.run([sys.executable, "-m", "solo", "character", "new", "nine-powers"],
                          env=_env(saves_dir), capture_output=True, text=True, timeout=60,
                          stdin=None, preexec_fn=lambda: os.close(0))
    assert proc.returncode == 2
    assert _one_line(proc.stderr) == ("solo: error: guided creation asks questions at a terminal;"
                                      " use --random to roll a character")


def test_a_terminal_that_is_not_utf8_gets_escapes_not_a_crash(saves_dir):
    env = _env(saves_dir) | {"PYTHONIOENCODING": "ascii"}
    subprocess.run([sys.executable, "-m", "solo", "new", "Road"], env=env, check=True,
                   capture_output=True)
    proc = subprocess.run([sys.executable, "-m", "solo", "show", "Road"], env=env,
                          capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert b"no rule system \\xb7 seed" in proc.stdout  # the middle dot, spelled out


def test_a_table_with_a_5000_digit_number_is_one_line_not_a_bug(cli, tmp_path):
    (tmp_path / "huge.yaml").write_text("id: huge/n\nrows: [" + "9" * 5000 + "]\n")
    result = cli("table", "check", str(tmp_path))
    assert result.code in (1, 2)  # our error, or the checker's own report of a broken file
    assert "internal error" not in result.err and "Traceback" not in result.err
    assert result.err == "" or result.err.strip().splitlines()[-1].startswith("solo: ")
