"""SIGKILL the TUI at random moments while notes are typed into it, many times, under tmux.

Each round starts `solo` in a tmux pane (120x40) on one campaign, waits for
its newest entry, types notes one after another (`kill R.N`, the next once the input is
empty again, as a player would), and after a
random delay (seeded) sometimes presses Ctrl+Q first (so some kills land in
the snapshot written on quit), then kills the process with SIGKILL.  Just
before the kill the pane is captured.  After every kill the campaign must:

* load (`CampaignStore.load`, snapshot plus log): zero failed loads;
* hold every note at most once, in the order typed: zero repeated;
* hold every note the pane showed in the journal before the kill (a note is
  shown only after its line is in the log): zero lost.

The campaign starts with `--entries` journal entries (benchmarks/big_campaign.py),
so a long one exercises the TUI's newest-first opening too.

    python benchmarks/tui_kills.py [--kills 200] [--entries 400] [--seed 1] [--seconds S]
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from big_campaign import NEWEST, make_campaign  # noqa: E402

SOCKET = f"solo-kills-{os.getpid()}"
PLACEHOLDER = "Write what happens"  # the empty input line's placeholder


def tmux(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True)


def shown(name: str) -> str:
    return tmux("capture-pane", "-p", "-J", "-t", name).stdout


def one_round(n: int, saves: Path, pid_file: Path, rng: random.Random, newest: str) -> tuple[list[str], str]:
    """Start, type, kill; the notes typed and the pane as it was just before the kill."""
    env = f"SOLO_SAVES={shlex.quote(str(saves))} PYTHONPATH={shlex.quote(str(ROOT))}"
    solo = shlex.join([sys.executable, "-c", "import os, sys; open(sys.argv[1], 'w').write(str(os.getpid()));"
                       " from solo.cli import main; sys.exit(main([]))", str(pid_file)])
    name = f"k{n}"
    pid_file.unlink(missing_ok=True)
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", f"env TERM=xterm-256color {env} {solo}")
    deadline = time.monotonic() + 120
    while newest not in shown(name):  # the campaign's newest entry: started
        if time.monotonic() > deadline:
            raise SystemExit(f"round {n}: solo did not start:\n{shown(name)}")
        time.sleep(0.02)
    typed: list[str] = []
    until = time.monotonic() + rng.uniform(0.0, 1.5)
    while time.monotonic() < until:
        text = f"kill {n}.{len(typed)} ok"
        tmux("send-keys", "-t", name, "-l", text)
        tmux("send-keys", "-t", name, "Enter")
        typed.append(text)
        # As a player types: the next line once this one shows (lines typed into a busy input
        # run together, which would test typing, not saving).
        while time.monotonic() < until:
            screen = shown(name)
            if PLACEHOLDER in screen and text in screen:  # in the journal, and the input empty
                break
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.1))
    if rng.random() < 0.3:
        tmux("send-keys", "-t", name, "C-q")  # a kill during the snapshot written on quit
        time.sleep(rng.uniform(0.0, 0.3))
    screen = shown(name)
    try:
        os.kill(int(pid_file.read_text()), signal.SIGKILL)
    except (OSError, ValueError):
        pass  # quit already
    tmux("kill-session", "-t", name)
    return typed, screen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--entries", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=3600, help="stop after this long")
    args = parser.parse_args()
    from solo.campaign import CampaignStore
    from solo.errors import SoloError

    rng = random.Random(args.seed)
    tmux("new-session", "-d", "-s", "keep", "sleep 86400")
    failed_loads = lost = repeated = kept = 0
    all_typed: list[str] = []
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            saves = Path(tmp) / "saves"
            make_campaign(saves, args.entries)
            store = CampaignStore(saves)
            slug = store.latest()
            assert slug is not None
            newest = NEWEST
            for n in range(args.kills):
                if time.perf_counter() - start > args.seconds:
                    print(f"stopped after {n} kills: --seconds {args.seconds} reached")
                    args.kills = n
                    break
                typed, screen = one_round(n, saves, Path(tmp) / "pid", rng, newest)
                all_typed += typed
                try:
                    texts = [e.text for e in store.load(slug).journal if e.text.startswith("kill ")]
                except SoloError as exc:
                    failed_loads += 1
                    print(f"round {n}: the campaign does not load: {exc}")
                    continue
                kept = len(texts)
                newest = store.load(slug).journal[-1].text
                if len(set(texts)) != len(texts) or texts != [t for t in all_typed if t in set(texts)]:
                    repeated += 1
                    print(f"round {n}: notes repeated or out of order")
                missing = [t for t in typed if t in screen.replace("\n", " ") and t not in texts]
                # The input line shows a note as it is typed: only one seen in the journal counts.
                missing = [t for t in missing if screen.count(t) > (1 if t == typed[-1] else 0)]
                if missing:
                    lost += len(missing)
                    print(f"round {n}: shown but not kept: {missing}")
    finally:
        tmux("kill-server")
    print(f"{args.kills} kills of the TUI ({args.entries} entries to start; {len(all_typed)} notes typed,"
          f" {kept} kept): {failed_loads} failed loads,"
          f" {lost} notes lost, {repeated} rounds with notes repeated or out of order"
          f" in {time.perf_counter() - start:.0f} s")
    return 1 if failed_loads or lost or repeated else 0


if __name__ == "__main__":
    sys.exit(main())
