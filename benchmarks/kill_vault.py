"""Kill `solo export NAME --vault DIR` at random moments, many times: every note must be whole, old or new.

A campaign with several scenes is written to a vault once (the "old" notes),
then given one more note in every scene's worth of text, so each later sync
rewrites notes.  Each round starts `python -m solo export NAME --vault DIR`,
kills it with SIGKILL after a random delay spread over one whole run, and
compares every note in DIR with the old and the new version of that note.
A final sync must then leave exactly the new vault (a killed run never makes
solo mistake its own half-synced notes for notes the player edited).

    python benchmarks/kill_vault.py [--kills 200] [--scenes 12] [--seed 1]

Prints how many notes were found old, new or anything else (must be 0), and
whether the vault after one more sync is exactly the new one.
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


def notes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.md")}


def build(saves: Path, scenes: int) -> None:
    campaign = Campaign.new("Kill Vault", seed=1)
    for scene in range(scenes):
        perform(campaign, "oracle.scene_start", {"expectation": f"Scene {scene}: the bridge at dusk"},
                undo_depth=0)
        for i in range(30):
            perform(campaign, "note", {"text": f"Scene {scene}, beat {i}: " + "the river runs high. " * 8},
                    undo_depth=0)
        perform(campaign, "oracle.scene_end", {"chaos": "same"}, undo_depth=0)
    CampaignStore(saves).add(campaign)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--scenes", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="solo-kill-vault-") as tmp:
        root = Path(tmp)
        saves, vault, expected = root / "saves", root / "vault", root / "expected"
        build(saves, args.scenes)
        env = dict(os.environ, PYTHONPATH=str(ROOT), SOLO_SAVES=str(saves))
        command = [sys.executable, "-m", "solo", "export", "Kill Vault", "--vault"]
        subprocess.run(command + [str(vault)], env=env, check=True, capture_output=True)
        old = notes(vault)
        session = CampaignStore(saves).open("Kill Vault")
        session.perform("note", text="The last word, in the last scene.")
        session.perform("oracle.scene_start", expectation="An epilogue")
        started = time.perf_counter()
        subprocess.run(command + [str(expected)], env=env, check=True, capture_output=True)
        whole_run = time.perf_counter() - started
        new = notes(expected)
        found = {"old": 0, "new": 0, "absent": 0, "other": 0}
        for _ in range(args.kills):
            child = subprocess.Popen(command + [str(vault)], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0, whole_run * 1.1))
            child.send_signal(signal.SIGKILL)
            child.wait()
            now = notes(vault)
            for path in set(old) | set(new):
                data = now.get(path)
                key = ("absent" if data is None else "old" if data == old.get(path)
                       else "new" if data == new.get(path) else "other")
                found[key] += 1
            found["other"] += len(set(now) - set(old) - set(new))
        subprocess.run(command + [str(vault)], env=env, check=True, capture_output=True)
        final = notes(vault) == new
        print(f"kills: {args.kills} (one sync takes {whole_run:.2f} s here, {len(new)} notes)")
        print(f"notes old: {found['old']}, new: {found['new']}, not yet written: {found['absent']},"
              f" anything else: {found['other']}")
        print(f"after one more sync the vault is exactly the new one: {'yes' if final else 'NO'}")
        return 0 if found["other"] == 0 and final else 1


if __name__ == "__main__":
    sys.exit(main())
