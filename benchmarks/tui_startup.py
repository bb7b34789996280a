"""Cold start to the first interactive frame: `solo` against a minimal Textual app, same run.

Goal (issue 7): solo's TUI is on screen within about 1.5x the time a bare
Textual app takes.  Both run in fresh processes (so imports are cold),
headless, and quit as soon as their first frame is up (Textual's `Ready`
event, then one more refresh: the one that paints the journal's entries,
which it wraps when it first learns its width).  solo does what `solo` does
before that frame: import the command line, open the campaign saved last (one
with a player character and a few hundred journal entries, the kind of
campaign one comes back to) and lay out its journal, side panel and input
line; the child checks all three are there before it reports.  Loading the
tables and the rule system's data starts in background threads once that
frame is painted, so it is not counted.

Both children read bytecode caches, as an installed program does (pip writes
them at install time).  A checkout run under PYTHONDONTWRITEBYTECODE has none
for solo's own modules, while Textual's came with its install, so solo alone
would compile its sources on every start; here the children share a cache
directory of their own instead (PYTHONPYCACHEPREFIX in a temporary
directory), filled by one warm-up run each.  `--as-is` runs them in the
environment as it is, for comparison.

Measured on the 2-core development machine, 400 entries, three runs of
`--runs 9` each (medians; the machine was shared, so +-10 ms is noise):

                                       minimal app   solo     ratio
    before (commit 14fb3cc)              ~205 ms    ~390 ms   1.9x
    before, --as-is (no solo bytecode)   ~203 ms    ~465 ms   2.3x
    after                                ~206 ms    ~275 ms   1.3-1.4x
    after, --as-is (no solo bytecode)    ~205 ms    ~305 ms   1.4-1.5x

Where solo's time went, and what was done (branch perf): importing the
command line imported every campaign action and through them the oracle,
story, rules engine, tables, yaml and icepool (~60 ms, twice that when
compiled from source); now an action's module loads on the first lookup of
its name and icepool on the first exact odds.  The TUI imported every screen and, through the moves, the same
layers; now a move imports what it opens when it is played.  The garbage
collector re-scanned everything the imports built during the first frame
(~20 ms); `SoloApp.run` freezes it.  The tables and rules threads started at
`Ready` and competed with painting the journal; they start after that paint.
The footer was built twice in a row; once now.  What is left over the
minimal app: ~25 ms of solo's own imports (~45 ms when they are compiled
from source), ~10 ms reading a 0.5 MB save with 30 undo steps, and laying
out and painting some twenty widgets and a full journal instead of one line.

The campaign now also holds a scene and a journey (so the oracle's and the
rules' slices of its state exist and are checked on opening, from the light
`solo.campaign.state_checks`): minimal ~210 ms, solo ~286 ms, 1.36x.

    python benchmarks/tui_startup.py [--runs N] [--entries N] [--as-is]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BASELINE = """
import sys, time
from textual.app import App
from textual.widgets import Footer, Header, Static

class Minimal(App):
    def compose(self):
        yield Header()
        yield Static("hello")
        yield Footer()

    def on_ready(self):
        self.call_after_refresh(self.done)

    def done(self):
        print(time.time() - float(sys.argv[1]))
        self.exit()

Minimal().run(headless=True)
"""

SOLO = """
import sys, time
import solo.cli  # what the `solo` script imports; with no arguments main() goes straight to the TUI
from solo.commands.play import has_terminal, run_tui
from solo.campaign import CampaignStore
from solo.tui.app import SoloApp
from solo.tui.library import Library
from solo.tui.screens.main import MainScreen

class FirstFrame(SoloApp):
    CSS_PATH = SoloApp.css_path_absolute()  # relative paths resolve against the subclass's file

    def on_ready(self):
        self.call_after_refresh(self.done)

    def done(self):
        elapsed = time.time() - float(sys.argv[1])
        screen = self.screen
        assert isinstance(screen, MainScreen), screen
        shown, last = (" ".join(t.split()) for t in (screen.journal.text, screen.campaign.journal[-1].text))
        assert shown.endswith(last), "the journal's newest entries are not laid out"
        assert "Vroy" in screen.side.text, "side panel"
        assert self.focused is screen.line, self.focused
        print(elapsed)
        self.exit(len(screen.journal.entries))

app = FirstFrame(Library(CampaignStore(sys.argv[2])))
app.run(headless=True)
sys.exit(0 if app.return_value else 3)
"""


def make_campaign(saves: Path, entries: int) -> None:
    from solo.campaign import CampaignStore
    from solo.dice import Rng
    from solo.rules import registry

    session = CampaignStore(saves).create("Benchmark Road", system="nine-powers", seed=1)
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    session.perform("character_add", sheet=sheet)
    campaign = session.campaign
    from solo.campaign import perform

    # A campaign one comes back to has scenes and journeys behind it, so the
    # oracle's and the rules' slices of its state are there to be checked.
    session.perform("oracle.scene_start", expectation="We reach the toll house at dusk")
    session.perform("oracle.journey", setting="wild")
    while len(campaign.journal) < entries:
        i = len(campaign.journal)
        if i % 2:
            perform(campaign, "roll", {"expression": "2d6+1"})
        else:
            perform(campaign, "note", {"text": f"Entry {i}: the road bends west past the old toll house,"
                                               " and the wind brings the smell of the marsh."})
    session.save()


def child_env(cache: Path | None) -> dict[str, str]:
    """The children's environment: with a bytecode cache of their own in `cache`, or as it is."""
    env = dict(os.environ)
    if cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def time_runs(code: str, args: list[str], runs: int, env: dict[str, str] | None = None) -> list[float]:
    """Seconds from spawning the process to its first frame (the child reports it: quitting,
    which waits for background threads such as table loading, is not part of the start)."""
    times = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, "-c", code, repr(time.time()), *args], cwd=ROOT,
                                capture_output=True, text=True, env=env)
        if result.returncode != 0:
            raise SystemExit(f"the run failed ({result.returncode}):\n{result.stderr[-2000:]}")
        times.append(float(result.stdout.strip().splitlines()[-1]))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--entries", type=int, default=400)
    parser.add_argument("--as-is", action="store_true",
                        help="run the children in this environment, bytecode caches or not")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp) / "saves"
        make_campaign(saves, args.entries)
        env = child_env(None if args.as_is else Path(tmp) / "bytecode")
        # Warm the file cache (and fill the bytecode cache) for both, so neither pays for the disk.
        time_runs(BASELINE, [], 1, env)
        time_runs(SOLO, [str(saves)], 1, env)
        baseline = time_runs(BASELINE, [], args.runs, env)
        ours = time_runs(SOLO, [str(saves)], args.runs, env)
    print("children run as they are" if args.as_is else "children read bytecode caches (see --as-is)")
    b, o = statistics.median(baseline), statistics.median(ours)
    print(f"minimal Textual app: median {b * 1000:.0f} ms (min {min(baseline) * 1000:.0f})")
    print(f"solo, {args.entries}-entry campaign: median {o * 1000:.0f} ms (min {min(ours) * 1000:.0f})")
    ratio = o / b
    verdict = "ok" if ratio <= 1.5 else "SLOWER THAN THE GOAL"
    print(f"ratio {ratio:.2f}x (goal: within about 1.5x) -> {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
