"""Cold start to the first interactive frame: `solo` against a minimal Textual app, same run.

Goal (issue 7): solo's TUI is on screen within about 1.5x the time a bare
Textual app takes.  Both run in fresh processes (so imports are cold),
headless, and quit as soon as their first frame is up (Textual's `Ready`
event, then one more refresh).  solo does what `solo` does before that
frame: import the command line, open the campaign saved last (one with a
player character and a few hundred journal entries, the kind of campaign
one comes back to) and lay out its journal and side panel.  Table loading
happens after the first frame, in a worker, so it is not counted.

    python benchmarks/tui_startup.py [--runs N] [--entries N]
"""

from __future__ import annotations

import argparse
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
        assert isinstance(self.screen, MainScreen), self.screen
        print(time.time() - float(sys.argv[1]))
        self.exit(len(self.screen.journal.entries))

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

    while len(campaign.journal) < entries:
        i = len(campaign.journal)
        if i % 2:
            perform(campaign, "roll", {"expression": "2d6+1"})
        else:
            perform(campaign, "note", {"text": f"Entry {i}: the road bends west past the old toll house,"
                                               " and the wind brings the smell of the marsh."})
    session.save()


def time_runs(code: str, args: list[str], runs: int) -> list[float]:
    """Seconds from spawning the process to its first frame (the child reports it: quitting,
    which waits for background threads such as table loading, is not part of the start)."""
    times = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, "-c", code, repr(time.time()), *args], cwd=ROOT,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"the run failed ({result.returncode}):\n{result.stderr[-2000:]}")
        times.append(float(result.stdout.strip().splitlines()[-1]))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--entries", type=int, default=400)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        make_campaign(Path(tmp), args.entries)
        time_runs(BASELINE, [], 1)  # warm the file cache for both, so neither pays for the disk
        time_runs(SOLO, [tmp], 1)
        baseline = time_runs(BASELINE, [], args.runs)
        ours = time_runs(SOLO, [tmp], args.runs)
    b, o = statistics.median(baseline), statistics.median(ours)
    print(f"minimal Textual app: median {b * 1000:.0f} ms (min {min(baseline) * 1000:.0f})")
    print(f"solo, {args.entries}-entry campaign: median {o * 1000:.0f} ms (min {min(ours) * 1000:.0f})")
    ratio = o / b
    verdict = "ok" if ratio <= 1.5 else "SLOWER THAN THE GOAL"
    print(f"ratio {ratio:.2f}x (goal: within about 1.5x) -> {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
