"""The project's own promises: original words, and a README whose commands CI runs."""

import re
import subprocess
import sys

import pytest
from conftest import REPO

OVERLAP_TOOL = REPO.parent / "shared" / "tools" / "seed_overlap.py"


@pytest.mark.skipif(not OVERLAP_TOOL.exists(), reason="the shared seed texts are not beside the repo")
def test_no_sentence_is_copied_from_the_seed_texts():
    result = subprocess.run([sys.executable, str(OVERLAP_TOOL), str(REPO)], capture_output=True,
                            text=True, timeout=120)
    assert result.stdout == "" and result.returncode == 0


def quick_start_commands():
    text = (REPO / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_readme_quick_start_is_exactly_two_commands():
    commands = quick_start_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    assert "pip install" in commands[0] and "solo" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text()
    assert quick_start_commands()[1] in ci


def readme_usage_commands():
    """Every `solo ...` line of the README's usage examples, in order."""
    text = (REPO / "README.md").read_text()
    usage = text.split("## Using it", 1)[1]
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", usage, re.S):
        for line in block.splitlines():
            command = line.split("  #", 1)[0].strip()
            if command.startswith("solo "):
                commands.append(command)
    return commands


def test_every_readme_command_runs_as_written(tmp_path, monkeypatch):
    import shlex

    from conftest import run_cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))  # `--vault ~/Notes/SaltRoad` lands here, not in a real home
    (tmp_path / "my-tables").mkdir()
    (tmp_path / "my-tables" / "a.yaml").write_text("id: mine/a\nrows: [x]\n")
    # the notes `solo import markdown` reads in the README
    (tmp_path / "lair-notes.md").write_text(
        (REPO / "tests" / "tables" / "importers" / "fixtures" / "lair.md").read_text())
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    commands = readme_usage_commands()
    assert len(commands) > 40
    for command in commands:
        args = shlex.split(command)[1:]
        if args[0] == "delete":
            args.append("--yes")  # the README's reader answers the question; a test cannot
        result = run_cli(*args)
        assert result.code == 0, f"`{command}` failed: {result.err}"
        assert "deprecated" not in result.err, f"`{command}` is an old spelling: {result.err}"
    assert (tmp_path / "Notes" / "SaltRoad" / "The Salt Road.md").is_file()
