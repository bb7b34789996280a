"""Cold start in a real terminal: `solo` until its newest entry is on screen, against a minimal app.

Each run starts a fresh process in a tmux pane of its own (120x40, on a tmux
server of this benchmark's own socket) and polls `tmux capture-pane` until
the text awaited is on the screen tmux holds, that is drawn by the terminal,
not merely composed.  solo is the `solo` command on the saves directory of a
campaign of N entries (benchmarks/big_campaign.py; its newest entry is a note,
`NEWEST`); the baseline is a Textual `App` showing one `Static` with that same
sentence.  The two alternate run by run (A B A B ...), so both see the same
load on a shared machine; one unmeasured run each goes first, to warm the
file cache and fill a bytecode cache of their own (PYTHONPYCACHEPREFIX in a
temporary directory, as an installed program has its .pyc files; with
PYTHONDONTWRITEBYTECODE set in the caller's environment no .pyc would be
written, and every run would compile every module it imports, so the runs go
without it and the benchmark stops if the warm-up left no bytecode).

Once solo shows it, a line is typed and Enter pressed, and the time until
that note is on screen too is reported apart ("first move"): a start is not
over until the first move can be played (the tables, say, are still loading
in the background then).  The baseline has no moves.  Each solo run starts
from a fresh copy of the campaign.  Then Ctrl+Q quits either program and
`/usr/bin/time` (if present) reports its peak memory (maximum resident set),
for solo including the first move.

    python benchmarks/tui_startup.py [--entries 400 10000 100000] [--runs N] [--saves DIR]

`--saves DIR` keeps the built campaigns there between runs.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from big_campaign import NEWEST, make_campaign  # noqa: E402

SOCKET = f"solo-bench-{os.getpid()}"
FIRST_MOVE = "A first move, typed as soon as the journal shows."
PLACEHOLDER = "Write what happens"  # the start of the empty input line's placeholder
TIME = Path("/usr/bin/time").exists()

BASELINE = f"""
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static({NEWEST!r})

Minimal().run()
"""


def tmux(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True)


def wait_for(name: str, text: str, start: float, timeout: float, what: str, also: str = "") -> float:
    """Seconds from `start` until `text` (and `also`) is on the pane of session `name`."""
    while True:
        shown = tmux("capture-pane", "-p", "-t", name).stdout
        if text in shown and also in shown:
            return time.perf_counter() - start
        if time.perf_counter() - start > timeout:
            tmux("kill-session", "-t", name)
            raise SystemExit(f"{what} showed no {text!r} in {timeout} s:\n{shown}")
        time.sleep(0.01)  # capture-pane is a process of its own: poll gently on a shared machine


def one_run(command: list[str], env: dict[str, str], memory_file: Path, move: str | None = None,
            timeout: float = 300) -> tuple[float, float, float]:
    """Seconds until NEWEST is on the pane; then, if `move` is given, until that line typed and
    Enter pressed shows too (the first move, 0 if none); and the peak memory in MiB (0 if unknown)."""
    memory_file.unlink(missing_ok=True)
    if TIME:
        command = ["/usr/bin/time", "-f", "%M", "-o", str(memory_file), *command]
    line = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " " + shlex.join(command)
    name = f"run{time.monotonic_ns()}"
    start = time.perf_counter()
    started = tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40",
                   f"env -u PYTHONDONTWRITEBYTECODE {line}; sleep 30")
    if started.returncode != 0:
        raise SystemExit(f"tmux could not start a session: {started.stderr.strip()}")
    elapsed = wait_for(name, NEWEST, start, timeout, shlex.join(command))
    moved = 0.0
    if move is not None:
        tmux("send-keys", "-t", name, "-l", move)
        tmux("send-keys", "-t", name, "Enter")
        # The line shows in the input as it is typed: the move is on screen once the input is
        # empty again (its placeholder back) and the line still shows, in the journal.
        moved = wait_for(name, move, start, timeout, shlex.join(command), also=PLACEHOLDER) - elapsed
    tmux("send-keys", "-t", name, "C-q")
    memory = 0.0
    deadline = time.perf_counter() + 60
    while TIME and time.perf_counter() < deadline:
        if memory_file.exists() and memory_file.read_text().strip():
            memory = int(memory_file.read_text().split()[-1]) / 1024
            break
        time.sleep(0.05)
    tmux("kill-session", "-t", name)
    return elapsed, moved, memory


def summary(label: str, times: list[float], memory: list[float]) -> str:
    peak = f", peak {max(memory):.0f} MiB" if any(memory) else ""
    return f"{label}: min {min(times) * 1000:6.0f} median {statistics.median(times) * 1000:6.0f} ms{peak}"


def measure(saves: Path, entries: int, runs: int, tmp: Path) -> None:
    env = {"PYTHONPYCACHEPREFIX": str(tmp / "bytecode"), "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
    solo = [sys.executable, "-c", "import sys; from solo.cli import main; sys.exit(main())"]
    script = tmp / "minimal_app.py"
    script.write_text(BASELINE, encoding="utf-8")
    baseline = [sys.executable, str(script)]
    memory_file = tmp / "memory"
    fresh = tmp / "saves"

    def run_solo() -> tuple[float, float, float]:
        shutil.rmtree(fresh, ignore_errors=True)  # each run on the campaign as built: a move adds to it
        shutil.copytree(saves, fresh)
        return one_run(solo, {**env, "SOLO_SAVES": str(fresh)}, memory_file, move=FIRST_MOVE)

    run_solo()  # warm-up: file cache and bytecode
    one_run(baseline, env, memory_file)
    if not any((tmp / "bytecode").rglob("*.pyc")):
        raise SystemExit("the warm-up runs wrote no bytecode: every run would compile what it imports")
    ours: list[float] = []
    moves: list[float] = []
    base: list[float] = []
    ours_memory: list[float] = []
    base_memory: list[float] = []
    for _ in range(runs):
        t, moved, m = run_solo()
        ours.append(t)
        moves.append(moved)
        ours_memory.append(m)
        t, _, m = one_run(baseline, env, memory_file)
        base.append(t)
        base_memory.append(m)
    ratio = statistics.median(ours) / statistics.median(base)
    print(f"{entries:>7} entries  {summary('solo', ours, ours_memory)} | "
          f"{summary('App+Static', base, base_memory)} | ratio of medians {ratio:.2f}x | then solo's"
          f" first move: min {min(moves) * 1000:.0f} median {statistics.median(moves) * 1000:.0f} ms",
          flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[400, 10_000, 100_000])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--saves", type=Path, help="keep the built campaigns here (one directory per size)")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("this benchmark needs tmux")
    # A session that stays for the whole benchmark: without it the server exits with each run's
    # session, and the next run's could race its shutdown and never start.
    tmux("new-session", "-d", "-s", "keep", "sleep 86400")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            root = args.saves or Path(tmp)
            for entries in args.entries:
                saves = root / str(entries)
                if not saves.exists():
                    make_campaign(saves, entries)
                measure(saves, entries, args.runs, Path(tmp))
    finally:
        tmux("kill-server")
        socket = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}" / SOCKET
        socket.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
