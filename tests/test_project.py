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
