"""SIGKILL at random moments of CLI loops: 200 kills each during `note`, `rename`, `delete`, `restore`.

Runs tests/test_campaign_crash.py with SOLO_KILLS (default 200): each kill
is counted by completed commands (a seeded RNG picks how many), never by a
clock, and after every kill the campaign must load with nothing lost or
repeated, one name after a rename, whole or gone after a delete, and a
campaign file always present during a restore.

    python benchmarks/kills.py [KILLS]
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    kills = sys.argv[1] if len(sys.argv) > 1 else "200"
    env = dict(os.environ, SOLO_KILLS=kills)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(ROOT / "tests" / "test_campaign_crash.py")], env=env, cwd=ROOT)
    print(f"{kills} kills in each of note, rename, delete, restore:"
          f" {'all passed' if done.returncode == 0 else 'FAILED'}"
          f" in {time.perf_counter() - start:.0f} s")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
