"""Tab completion: `solo completion SHELL` scripts and the `solo __complete` they run on Tab."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest
from conftest import REPO


def test_commands_subcommands_and_options_complete(cli):
    assert cli("__complete", "ta").out == "table\n"
    assert cli("__complete", "table", "ro").out == "roll\n"
    assert cli("__complete", "thread", "a").out == "add\n"
    assert cli("__complete", "roll", "2d6", "--ca").out == "--campaign\n"
    assert cli("__complete", "co").out == "completion\ncountdown\n"


def test_table_ids_system_ids_and_campaign_names_complete(cli, saves_dir):
    assert cli("__complete", "table", "roll", "weat").out == "weather/day\nweather/omen\nweather/wind\n"
    assert cli("__complete", "hooks", "--from", "story/loc").out.startswith("story/location\n")
    assert cli("__complete", "character", "new", "").out == (
        "nine-powers\nresistance\nrogue-spire\naction-dice\nmasque\n")
    assert cli("__complete", "new", "X", "--system", "res").out == "resistance\n"
    for name in ("The Salt Road", "Salt Marsh", "Keep"):
        assert cli("new", name).code == 0
    assert cli("__complete", "note", "-c", "sal").out == "salt-marsh\n"
    assert cli("__complete", "show", "").out == "keep\nsalt-marsh\nthe-salt-road\n"
    given = cli("__complete", "--saves", str(saves_dir), "thread", "add", "x", "--campaign", "k")
    assert given.out == "keep\n"


def test_each_shell_gets_a_script_that_asks_solo(cli):
    for shell, marker in (("bash", "complete -o default -F _solo_complete solo"),
                          ("zsh", "#compdef solo"), ("fish", "complete -c solo")):
        script = cli("completion", shell).out
        assert marker in script and "solo __complete" in script, shell
    assert cli("completion", "tcsh").code == 2


@pytest.mark.skipif(not (shutil.which("tmux") and shutil.which("bash")), reason="needs tmux and bash")
def test_tab_completes_in_a_real_bash(tmp_path, saves_dir):
    """`solo ta<TAB> ro<TAB> weat<TAB>d<TAB>` in bash under tmux reads `solo table roll weather/day `."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "solo"
    wrapper.write_text(f'#!/bin/sh\nPYTHONPATH="{REPO}" exec "{sys.executable}" -m solo "$@"\n')
    wrapper.chmod(0o755)
    script = tmp_path / "solo.bash"
    script.write_text(subprocess.run([str(wrapper), "completion", "bash"], capture_output=True, text=True,
                                     check=True).stdout)
    rc = tmp_path / "rc"
    rc.write_text(f'PATH="{bin_dir}:$PATH"\nSOLO_SAVES="{saves_dir}"\nexport SOLO_SAVES\nPS1="$ "\n'
                  f'source "{script}"\n')
    socket = f"solo-test-{os.getpid()}"
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
    subprocess.run([*tmux, "new-session", "-d", "-s", "t", "-x", "100", "-y", "10",
                    f"bash --noprofile --rcfile {rc} -i"], check=True, env=env)
    try:
        screen = _wait_for(tmux, env, lambda s: s.rstrip().endswith("$"))
        # All keys at once: bash reads them in order, finishing each completion before the next key.
        subprocess.run([*tmux, "send-keys", "-t", "t", "solo ta", "Tab", "ro", "Tab", "weat", "Tab"],
                       check=True, env=env)
        screen = _wait_for(tmux, env, lambda s: "$ solo table roll weather/" in s)
        assert screen.splitlines()[-1] == "$ solo table roll weather/"  # three tables: the common part
        subprocess.run([*tmux, "send-keys", "-t", "t", "d", "Tab", "--seed 1", "Enter"], check=True, env=env)
        screen = _wait_for(tmux, env, lambda s: "Weather today" in s)
        assert "$ solo table roll weather/day --seed 1" in screen
    finally:
        subprocess.run([*tmux, "kill-server"], env=env, capture_output=True)


def _wait_for(tmux: list[str], env: dict, ready) -> str:
    """The pane's text once `ready(text)`; the limit only turns a hang into a failure."""
    limit = time.monotonic() + 120
    while True:
        screen = subprocess.run([*tmux, "capture-pane", "-p", "-t", "t"], capture_output=True, text=True,
                                env=env).stdout.rstrip("\n")
        lines = "\n".join(line.rstrip() for line in screen.splitlines() if line.strip())
        if ready(lines):
            return lines
        assert time.monotonic() < limit, lines
        time.sleep(0.05)


def test_the_completion_command_is_listed_under_its_heading(cli):
    shown = cli("--help").out
    assert "\nshell:\n    completion  print a shell's tab-completion script" in shown
