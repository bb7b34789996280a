"""How long does a whole adventure take? `solo adventure` against `solo foundation`, run by run.

Run from the repository root:  python benchmarks/adventure.py [RUNS] [SYSTEM ...]
(default: 5 runs, every registered system)

For each system, seeds 1..RUNS: A = `solo adventure --system S --seed N` (a
random four-PC party of the system, every fight balanced by forecast with
1,000 simulated fights) and B = `solo foundation --seed N` (the same story's
foundation alone, the baseline it builds on), each a fresh process, paired
A B A B.  It prints each pair, then min and median of both, the ratio of the
medians, the wall and CPU time of the slowest adventure and the median CPU time.  The goal
(issue 17): a four-PC adventure in under 5 s on this machine.

Measured 2026-11-28 at midday with ``python benchmarks/adventure.py 3`` on
the 2-core development machine with nothing else running (load average under
2), after the fights of every system were made cheaper with the same fights
for the same seed (callgrind, instructions per simulated fight: in the
morning Rogue Spire -53 %, Masque -45 %, action dice -44 %, Resistance
-41 %, Nine Powers -39 %; by midday Rogue Spire a further 8-18 % and Masque
a further 18-20 %, benchmarks/rogue_spire_fights.py and masque_fights.py):

=============  ==================  =====================  ==================
system         adventure wall      adventure CPU          foundation wall
               min / median        median / slowest's     min / median
=============  ==================  =====================  ==================
nine-powers     2.42 s /  2.49 s    3.77 s /  3.81 s       0.72 s / 0.72 s
resistance      1.92 s /  2.05 s    3.07 s /  3.12 s       0.52 s / 0.69 s
rogue-spire     3.39 s /  3.71 s    6.00 s /  6.49 s       0.52 s / 0.78 s
action-dice     4.18 s /  4.68 s    7.69 s /  9.01 s       0.74 s / 0.76 s
masque          4.62 s /  4.68 s    7.92 s / 10.36 s       0.66 s / 0.69 s
=============  ==================  =====================  ==================

Every median is under the 5 s goal.  The slowest seed is not, for Masque
(seed 3: 6.03 s, and 5.79 s in a second run the same minute) and in this
run for action dice (seed 3: 5.39 s; 4.80 s in the second run): Masque's
seed 3 balances groups of up to eight foes, whose fights last about 21
bits, and measures 3,250 fights against about 2,300 for the others.  Every
adventure simulates at least 1,000 fights a fight, 2,000-3,500 in all.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 5.0  # seconds (issue 17)
sys.path.insert(0, str(ROOT))


def timed(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of `python -m solo ARGS` in a fresh process (output thrown away)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "solo", *args], check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "SOLO_SAVES": os.environ.get("SOLO_SAVES", "/tmp/solo-bench-saves")})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def installed() -> None:
    """Solo as a user has it after its first run: its bytecode compiled (as `pip install .`, the
    README's install, does; a checkout run with PYTHONDONTWRITEBYTECODE set would compile it again
    every run) and its table files' parses kept in the user cache (`solo.tables.parse_cache`)."""
    import compileall

    compileall.compile_dir(ROOT / "solo", quiet=1)
    timed(["foundation", "--seed", "0"])


def main(argv: list[str]) -> int:
    from solo.rules import registry

    runs = int(argv[0]) if argv else 5
    systems = argv[1:] or registry.ids()
    installed()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    for system in systems:
        adventure: list[tuple[float, float]] = []
        baseline: list[tuple[float, float]] = []
        for seed in range(1, runs + 1):
            adventure.append(timed(["adventure", "--system", system, "--seed", str(seed)]))
            baseline.append(timed(["foundation", "--seed", str(seed)]))
            wall, cpu = adventure[-1]
            print(f"  {system} seed {seed}: adventure {wall:.2f} s (cpu {cpu:.2f} s),"
                  f" foundation {baseline[-1][0]:.2f} s")
        a = [w for w, _ in adventure]
        b = [w for w, _ in baseline]
        worst = max(adventure)
        over = sum(1 for w in a if w >= GOAL)
        tail = statistics.quantiles(a, n=10)[-1] if len(a) >= 2 else a[0]
        print(f"{system}: adventure min {min(a):.2f} s, median {statistics.median(a):.2f} s;"
              f" foundation min {min(b):.2f} s, median {statistics.median(b):.2f} s;"
              f" ratio of medians {statistics.median(a) / statistics.median(b):.1f};"
              f" slowest adventure {worst[0]:.2f} s wall, {worst[1]:.2f} s cpu;"
              f" adventure cpu median {statistics.median(c for _, c in adventure):.2f} s;"
              f" 90th percentile {tail:.2f} s; {over} of {len(a)} at {GOAL:.0f} s or more")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
