"""Key press to entry on screen: solo's TUI against a Textual `Log` + `Input`, run by run.

What is timed: a line is put in the focused input, Enter is pressed through
Textual's Pilot, and the clock stops when a frame that shows the line has
been rendered, that is when the compositor's update containing it has been
turned into the terminal's bytes (the step a real terminal would draw).  A
headless app skips that last step, so each child renders every update itself
(`CompositorUpdate.render_segments`), solo and baseline alike.  The line is
typed first and its own frame (the input showing it) waited for, with the
cursor's blinking off, so the frame that stops the clock is the entry's.

solo: the TUI on a campaign of N entries (benchmarks/big_campaign.py), the
line a note ("Enter -> note written, saved and shown").  Baseline: a Textual
app with a `Log` holding N lines and an `Input`; Enter writes the line to the
log.  Each runs in a process of its own, started once and waited on until it
is ready (for solo: the first frame up, tables loaded, every journal line
counted); the parent then asks one, then the other, for one key press at a
time (A B A B ...), so both see the same load on a shared machine.  Each
child reports its peak memory (ru_maxrss) at the end, and solo's how much of
each press went to `Session.perform` (the action and its save, in a thread):
the rest is the TUI's own work.

    python benchmarks/keypress.py [--entries 400 10000 100000] [--runs N] [--saves DIR]

`--saves DIR` keeps the built campaigns there between runs (building 100,000
entries takes about a minute).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = r'''
import asyncio, resource, sys, time
from textual.app import App
from textual._compositor import CompositorUpdate

which, saves, entries = sys.argv[1], sys.argv[2], int(sys.argv[3])

def watch(app):
    """Render each update as a terminal would and note when the awaited text first shows."""
    app.awaited, app.shown_at = None, None
    original = app._display

    def display(screen, renderable):
        if isinstance(renderable, CompositorUpdate):
            text = renderable.render_segments(app.console)
            if app.awaited is not None and app.shown_at is None and app.awaited in text:
                app.shown_at = time.perf_counter()
        original(screen, renderable)

    app._display = display

if which == "solo":
    from solo.tui import create_app
    app = create_app(saves_dir=saves)

    def ready():
        main = app.main
        return (getattr(app, "started", False) and main is not None and main.journal.complete
                and not [w for w in app.workers if not w.is_finished])

    def line():
        return app.main.line
else:
    from textual.widgets import Input, Log

    class Baseline(App):
        def compose(self):
            yield Log(id="log")
            yield Input(id="line")

        def on_mount(self):
            self.query_one(Log).write_lines(f"Entry {i}: the road bends west past the old toll house."
                                            for i in range(entries))
            self.query_one(Input).focus()

        def on_input_submitted(self, event):
            self.query_one(Log).write_line(event.value)
            event.input.value = ""

    app = Baseline()

    def ready():
        return True

    def line():
        return app.query_one(Input)

async def main():
    async with app.run_test(size=(120, 40)) as pilot:
        watch(app)
        while not ready():
            await asyncio.sleep(0.05)
        await pilot.pause()
        performing = []  # seconds in Session.perform (the action and its save), per press
        if which == "solo":
            session = app.main.session
            perform = session.perform

            def timed(*args, **kwargs):
                start = time.perf_counter()
                try:
                    return perform(*args, **kwargs)
                finally:
                    performing.append(time.perf_counter() - start)

            session.perform = timed
        print("ready", flush=True)
        n = 0
        while True:
            command = await asyncio.to_thread(sys.stdin.readline)
            if command.strip() != "press":
                break
            n += 1
            token = f"Keypress{n}x{int(time.time() * 1000) % 100000}"
            field = line()
            field.cursor_blink = False  # a blinking cursor redraws the line, token and all
            field.focus()
            # The token is on screen in the input line first: wait for that frame, so that the
            # one timed below can only be the entry's.
            app.awaited, app.shown_at = token, None
            field.value = f"The lantern flickers: {token}"
            while app.shown_at is None:
                await asyncio.sleep(0.001)
            await pilot.pause()
            app.awaited, app.shown_at = token, None
            start = time.perf_counter()
            await pilot.press("enter")
            while app.shown_at is None:
                await asyncio.sleep(0.0005)
                if time.perf_counter() - start > 120:
                    raise SystemExit(f"{token} never showed")
            spent = sum(performing) * 1000
            performing.clear()
            print(f"{(app.shown_at - start) * 1000:.2f} {spent:.2f}", flush=True)
        if which == "solo":
            await app.main.settled()
    print(f"maxrss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}", flush=True)

asyncio.run(main())
'''


class Child:
    def __init__(self, which: str, saves: Path, entries: int):
        self.which = which
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD, which, str(saves), str(entries)],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.times: list[float] = []
        self.performing: list[float] = []

    def wait_ready(self) -> None:
        line = self.proc.stdout.readline()
        if line.strip() != "ready":
            raise SystemExit(f"{self.which} did not start: {line!r}")

    def press(self) -> None:
        self.proc.stdin.write("press\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        try:
            shown, performing = line.split()
            self.times.append(float(shown))
            self.performing.append(float(performing))
        except ValueError:
            raise SystemExit(f"{self.which} failed: {line!r}") from None

    def finish(self) -> float:
        self.proc.stdin.write("stop\n")
        self.proc.stdin.flush()
        out, _ = self.proc.communicate(timeout=300)
        return float(out.split("maxrss", 1)[1])


def measure(saves: Path, entries: int, runs: int) -> None:
    ours, base = Child("solo", saves, entries), Child("baseline", saves, entries)
    ours.wait_ready()
    base.wait_ready()
    ours.press()  # one unmeasured press each: the first move loads what moves use
    base.press()
    ours.times.clear()
    ours.performing.clear()
    base.times.clear()
    for _ in range(runs):
        ours.press()
        base.press()
    memory = ours.finish(), base.finish()
    o, b = statistics.median(ours.times), statistics.median(base.times)
    print(f"{entries:>7} entries  solo: min {min(ours.times):7.1f} median {o:7.1f} ms"
          f" (Session.perform: median {statistics.median(ours.performing):.1f} ms),"
          f" peak {memory[0]:.0f} MiB | Log+Input: min {min(base.times):6.1f} median {b:6.1f} ms,"
          f" peak {memory[1]:.0f} MiB"
          f" | ratio of medians {o / b:.2f}x", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[400, 10_000, 100_000])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--saves", type=Path, help="keep the built campaigns here (one directory per size)")
    args = parser.parse_args()
    from big_campaign import make_campaign

    with tempfile.TemporaryDirectory() as tmp:
        root = args.saves or Path(tmp)
        for entries in args.entries:
            saves = root / str(entries)
            if not saves.exists():
                make_campaign(saves, entries)
            # Each size on a copy: the presses add notes, and the next run should start as this one did.
            work = Path(tmp) / f"run-{entries}"
            subprocess.run(["cp", "-r", str(saves), str(work)], check=True)
            measure(work, entries, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
