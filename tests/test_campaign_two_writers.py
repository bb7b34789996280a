"""Two solos on one campaign: each appends under the log's lock after reading the other's lines."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tui_harness import make_campaign, new_app, play

from solo.campaign import Campaign, CampaignStore, perform

REPO = Path(__file__).resolve().parent.parent

# One shell's loop: `solo note` a hundred times, each a whole command (arguments parsed, the
# campaign opened, the note appended, the exit status), run in one interpreter with the parser
# built once so the test is quick; it prints the status of each.
LOOP = """
import sys
from solo.cli import build_parser
from solo.commands.context import Context
from solo.errors import SoloError
saves, who = sys.argv[1], sys.argv[2]
parser = build_parser()
codes = []
for i in range(100):
    args = parser.parse_args(["note", "-c", "shared", f"{who} {i}", "--saves", saves])
    try:
        codes.append(args.handler(Context(args)))
    except SoloError as exc:
        print("solo: error:", exc, file=sys.stderr)
        codes.append(1)
print(",".join(map(str, codes)))
"""


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


@pytest.mark.parametrize("entries", [0, 2000])
def test_two_cli_loops_of_a_hundred_notes_lose_nothing_and_repeat_nothing(saves_dir, entries):
    store = CampaignStore(saves_dir)
    c = Campaign.new("Shared", seed=5)
    for i in range(entries):
        perform(c, "note", {"text": f"old {i}"}, undo_depth=0)
    store.add(c)
    loops = [subprocess.Popen([sys.executable, "-c", LOOP, str(saves_dir), who], env=_env(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for who in ("left", "right")]
    for loop in loops:
        out, err = loop.communicate(timeout=600)
        assert loop.returncode == 0, err
        assert out.splitlines()[-1] == ",".join(["0"] * 100), err  # every command said it noted
    texts = [e.text for e in store.load("shared").journal]
    assert texts[:entries] == [f"old {i}" for i in range(entries)]
    added = texts[entries:]
    assert sorted(added) == sorted(f"{who} {i}" for who in ("left", "right") for i in range(100))
    for who in ("left", "right"):  # each shell's notes in the order it wrote them
        assert [t for t in added if t.startswith(who)] == [f"{who} {i}" for i in range(100)]
    assert [a.params["text"] for a in store.load("shared").actions[entries:]] == added


def test_the_tui_shows_a_note_another_solo_wrote_and_keeps_playing(saves_dir):
    make_campaign(saves_dir, "The Salt Road")

    def other_shell(*args: str) -> None:
        done = subprocess.run([sys.executable, "-m", "solo", *args, "--saves", str(saves_dir)],
                              env=_env(), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr

    async def until(h, condition) -> None:
        # The screen's interval timer calls _poll_log; calling it here is that tick, without a clock.
        h.main._poll_log()
        await h.settle()
        assert condition(), h.journal

    async def scenario(h):
        await h.type("Written in the TUI.")
        await asyncio.to_thread(other_shell, "note", "-c", "the-salt-road", "Written in another shell.")
        await until(h, lambda: "Written in another shell." in h.journal)  # no key pressed: polled
        assert h.journal == ["Written in the TUI.", "Written in another shell."]
        # Another write, and the TUI's next move right after it (before any poll): both kept.
        await asyncio.to_thread(other_shell, "note", "-c", "the-salt-road", "Second from the shell.")
        await h.type("Second in the TUI.")
        assert h.journal == ["Written in the TUI.", "Written in another shell.",
                             "Second from the shell.", "Second in the TUI."]
        await asyncio.to_thread(other_shell, "undo", "-c", "the-salt-road")
        await until(h, lambda: len(h.journal) == 3)
        assert h.journal[-1] == "Second from the shell."
        assert h.errors() == []

    play(new_app(saves_dir, campaign="the-salt-road"), scenario)
    assert [e.text for e in CampaignStore(saves_dir).load("the-salt-road").journal] == [
        "Written in the TUI.", "Written in another shell.", "Second from the shell."]
