"""Notes typed faster than the TUI shows them, under tmux: each must arrive whole, once, in order.

Each round starts `solo` in a tmux pane (120x40) on a fresh copy of a
campaign (benchmarks/big_campaign.py), waits for its newest entry, then
types `--notes` notes without waiting for any to show: either each line
and its Enter as separate key sends, back to back (`keys`), or every line
with its Enter in one single write to the terminal (`burst`, as a paste
without bracketed paste or a slow link delivers them).  Once the last note
shows, Ctrl+Q quits, and the campaign is loaded (`CampaignStore.load`,
snapshot plus log): its journal must hold every note typed as an entry of
its own, in the order typed, none merged with another, none lost.  Run it
while the machine is busy: a slow UI thread is when keys pile up.

    python benchmarks/tui_burst.py [--notes 50] [--rounds 3] [--entries 400]
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from big_campaign import NEWEST, make_campaign  # noqa: E402

SOCKET = f"solo-burst-{os.getpid()}"


def tmux(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True)


def shown(name: str) -> str:
    return tmux("capture-pane", "-p", "-J", "-t", name).stdout


def wait_for(name: str, text: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while text not in shown(name):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def one_round(name: str, saves: Path, notes: list[str], burst: bool) -> list[str]:
    """Type `notes` into solo on `saves`, quit, and return the notes' entries as the journal holds them."""
    from solo.campaign import CampaignStore

    solo = shlex.join([sys.executable, "-c", "import sys; from solo.cli import main; sys.exit(main([]))"])
    env = f"TERM=xterm-256color SOLO_SAVES={shlex.quote(str(saves))} PYTHONPATH={shlex.quote(str(ROOT))}"
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", f"env {env} {solo}; sleep 60")
    if not wait_for(name, NEWEST, 120):
        raise SystemExit(f"{name}: solo did not start:\n{shown(name)}")
    if burst:
        tmux("send-keys", "-t", name, "-l", "".join(note + "\r" for note in notes))
    else:
        for note in notes:
            tmux("send-keys", "-t", name, "-l", note)
            tmux("send-keys", "-t", name, "Enter")
    wait_for(name, notes[-1], 120)
    tmux("send-keys", "-t", name, "C-q")
    deadline = time.monotonic() + 60
    while tmux("list-panes", "-t", name, "-F", "#{pane_current_command}").stdout.strip() != "sleep":
        if time.monotonic() > deadline:
            break
        time.sleep(0.1)
    tmux("kill-session", "-t", name)
    store = CampaignStore(saves)
    slug = store.latest()
    assert slug is not None
    prefix = notes[0].split(".")[0] + "."
    return [e.text for e in store.load(slug).journal if e.text.startswith(prefix)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each way of typing")
    parser.add_argument("--entries", type=int, default=400)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("this benchmark needs tmux")
    tmux("new-session", "-d", "-s", "keep", "sleep 86400")
    failed = 0
    try:
        with tempfile.TemporaryDirectory() as tmp:
            built = Path(tmp) / "built"
            make_campaign(built, args.entries)
            for n in range(args.rounds):
                for way in ("keys", "burst"):
                    saves = Path(tmp) / f"{way}{n}"
                    shutil.copytree(built, saves)
                    notes = [f"{way}{n}.{i} the lantern swings in the wind" for i in range(args.notes)]
                    kept = one_round(f"{way}{n}", saves, notes, burst=way == "burst")
                    whole = kept == notes
                    failed += not whole
                    merged = [k for k in kept if k not in notes]
                    lost = [t for t in notes if t not in kept]
                    print(f"round {n} ({way}): {len(notes)} notes typed, {len(kept)} entries;"
                          f" merged {len(merged)}, lost {len(lost)}, in order: {whole}", flush=True)
    finally:
        tmux("kill-server")
    print(f"{failed} of {2 * args.rounds} rounds with a note merged, lost, repeated or out of order")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
