"""Kill `solo export -o FILE` at random moments, many times: the file must always be old or new, whole.

A campaign with a long journal is exported once (the "old" file), then given
one more note, so every later export writes the "new" text.  Each round
starts `python -m solo export NAME -o FILE`, kills it with SIGKILL after a
random delay spread over one whole run, and compares FILE with the two
versions.  Temporary files a killed export leaves behind are counted; the
next export into the folder removes them (their writer is gone).

    python benchmarks/kill_export.py [--kills 200] [--notes 400] [--seed 1]

Prints the kills that found the file old, new or anything else (must be 0),
and the temporary files left at the end (must be 0).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.campaign import Campaign, CampaignStore, perform  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--notes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="solo-kill-") as tmp:
        root = Path(tmp)
        saves, out = root / "saves", root / "out"
        out.mkdir()
        campaign = Campaign.new("Kill Road", seed=1)
        for i in range(args.notes):
            perform(campaign, "note", {"text": f"Day {i}: " + "the road goes on and on. " * 20}, undo_depth=0)
        store = CampaignStore(saves)
        store.add(campaign)
        env = dict(os.environ, PYTHONPATH=str(ROOT), SOLO_SAVES=str(saves))
        target = out / "road.md"
        command = [sys.executable, "-m", "solo", "export", "Kill Road", "-o", str(target)]
        subprocess.run(command, env=env, check=True, capture_output=True)
        old = target.read_bytes()
        store.open("Kill Road").perform("note", text="The last day.")
        started = time.perf_counter()
        subprocess.run(command[:-1] + [str(out / "expected.md")], env=env, check=True, capture_output=True)
        whole_run = time.perf_counter() - started
        new = (out / "expected.md").read_bytes()
        (out / "expected.md").unlink()
        found = {"old": 0, "new": 0, "other": 0}
        most_left = 0
        for _ in range(args.kills):
            if target.read_bytes() == new:  # start each round from the old file
                target.write_bytes(old)
            child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0, whole_run * 1.1))
            child.send_signal(signal.SIGKILL)
            child.wait()
            data = target.read_bytes()
            found["old" if data == old else "new" if data == new else "other"] += 1
            most_left = max(most_left, sum(1 for p in out.iterdir() if p.name.startswith(".solo-")))
        subprocess.run(command, env=env, check=True, capture_output=True)
        left = sorted(p.name for p in out.iterdir() if p.name != "road.md")
        print(f"kills: {args.kills} (one export takes {whole_run:.2f} s here, {len(new)} bytes)")
        print(f"file old: {found['old']}, new: {found['new']}, anything else: {found['other']}")
        print(f"temporary files left at once, at most: {most_left}; after one more export: {len(left)}")
        return 0 if found["other"] == 0 and not left else 1


if __name__ == "__main__":
    sys.exit(main())
