"""The TUI open while `solo note` runs in another terminal: nothing lost, repeated or refused (tmux).

The TUI runs in a tmux pane on a campaign of `--entries` entries; meanwhile
a loop of `--notes` whole `solo note` commands (each a process of its own,
as from another terminal) writes to the same campaign, and `--lines` notes
are typed into the TUI, each once the previous one shows.  Then Ctrl+Q.
Afterwards the campaign must load and hold every note exactly once: those of
the CLI in their order, those of the TUI in theirs; every `solo note` must
have exited 0; the pane must never have shown a refusal ("changed on disk",
"open it again", "error").

    python benchmarks/tui_with_cli.py [--notes 100] [--lines 20] [--entries 2000]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import tui_kills  # noqa: E402
from big_campaign import NEWEST, make_campaign  # noqa: E402
from tui_kills import PLACEHOLDER, shown, tmux  # noqa: E402

REFUSALS = ("changed on disk", "open it again", "rror")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=100)
    parser.add_argument("--lines", type=int, default=20)
    parser.add_argument("--entries", type=int, default=2000)
    args = parser.parse_args()
    from solo.campaign import CampaignStore

    tui_kills.SOCKET = f"solo-two-{os.getpid()}"
    tmux("new-session", "-d", "-s", "keep", "sleep 86400")
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            saves = Path(tmp) / "saves"
            make_campaign(saves, args.entries)
            store = CampaignStore(saves)
            slug = store.latest()
            assert slug is not None
            env = dict(os.environ, SOLO_SAVES=str(saves), PYTHONPATH=str(ROOT))
            command = f"env TERM=xterm-256color SOLO_SAVES={saves} PYTHONPATH={ROOT} {sys.executable} -m solo"
            tmux("new-session", "-d", "-s", "tui", "-x", "120", "-y", "40", command)
            while NEWEST not in shown("tui"):
                time.sleep(0.02)
            codes: list[int] = []

            def cli_loop() -> None:
                for i in range(args.notes):
                    done = subprocess.run([sys.executable, "-m", "solo", "note", slug, f"cli {i} ok"],
                                          env=env, capture_output=True)
                    codes.append(done.returncode)

            loop = threading.Thread(target=cli_loop)
            loop.start()
            refused = 0
            for i in range(args.lines):
                text = f"tui {i} ok"
                tmux("send-keys", "-t", "tui", "-l", text)
                tmux("send-keys", "-t", "tui", "Enter")
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline:
                    screen = shown("tui")
                    refused += any(word in screen for word in REFUSALS)
                    if PLACEHOLDER in screen and text in screen:
                        break
                    time.sleep(0.05)
            loop.join()
            time.sleep(1.5)  # the TUI polls the log twice a second: let it show the last CLI notes
            screen = shown("tui")
            refused += any(word in screen for word in REFUSALS)
            tmux("send-keys", "-t", "tui", "C-q")
            time.sleep(2)
            texts = [e.text for e in store.load(slug).journal if e.text.endswith(" ok")]
            cli = [t for t in texts if t.startswith("cli ")]
            tui = [t for t in texts if t.startswith("tui ")]
            lost = (args.notes - len(set(cli))) + (args.lines - len(set(tui)))
            repeated = len(texts) - len(set(texts))
            in_order = cli == [f"cli {i} ok" for i in range(args.notes)] and tui == [
                f"tui {i} ok" for i in range(args.lines)]
    finally:
        tmux("kill-server")
    failed = sum(1 for code in codes if code)
    print(f"{args.notes} `solo note` beside {args.lines} TUI lines on {args.entries} entries:"
          f" {lost} lost, {repeated} repeated, {failed} CLI failures, {refused} looks at a refusal,"
          f" {'in order' if in_order else 'OUT OF ORDER'}, in {time.perf_counter() - start:.0f} s")
    return 1 if lost or repeated or failed or refused or not in_order else 0


if __name__ == "__main__":
    sys.exit(main())
