"""How fast `solo forecast masque` plays 10,000 set-tos, against a bare loop rolling the same dice.

The troupe of the issue (Lancer, Bravo, Magnus) against two Orcs, a Goblin
and an Ogre.  A: `solo.rules.forecast.forecast` (chunks over the cores it may
use); B: one process rolling through one seeded `Rng` as many dice as the
forecast rolled (counted in an untimed run first).  Runs alternate A B A B;
it prints the minimum and median of each and the ratio of the medians.

    python benchmarks/forecast_masque.py [-n 10000] [--seed 1] [--pairs 3] [--workers N]

Measured 2026-11-24 on the 2-core development machine while other sessions
kept its load average near 15 (so both columns are slowed alike): 10,000
set-tos, 284,667 dice; forecast min 20.33 s, median 22.77 s; the same dice
alone min 0.12 s, median 0.14 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.forecast import bare_loop, count_dice  # noqa: E402
from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402
from solo.rules.forecast import forecast  # noqa: E402

TROUPE = ("lancer", "bravo", "magnus")
ENTOURAGE = ("orc", "orc", "goblin", "ogre")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    system = registry.get("masque")
    party = [system.random_character(Rng(args.seed + i), role=role) for i, role in enumerate(TROUPE)]
    foes = [system.npc(f) for f in ENTOURAGE]
    dice = count_dice(system, party, foes, args.runs, args.seed)
    solo_times, bare_times, cpu_times = [], [], []
    result = None
    for _ in range(args.pairs):
        start, cpu = time.perf_counter(), time.process_time()
        result = forecast(system, party, foes, args.runs, Rng(args.seed), workers=args.workers)
        solo_times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)  # all of it with --workers 1
        bare_times.append(bare_loop(dice, args.seed))
    assert result is not None
    solo_median, bare_median = statistics.median(solo_times), statistics.median(bare_times)
    print(f"{args.runs} set-tos, {' '.join(TROUPE)} vs {' '.join(ENTOURAGE)}; {args.pairs} A/B pairs;"
          f" {dice} dice")
    print(f"forecast min {min(solo_times):.2f} s median {solo_median:.2f} s; dice min {min(bare_times):.2f} s"
          f" median {bare_median:.2f} s; ratio {solo_median / bare_median:.1f}")
    print(f"forecast CPU (this process) min {min(cpu_times):.2f} s"
          f" median {statistics.median(cpu_times):.2f} s")
    print(f"troupe wins {result.rate(result.wins):.1%}, {result.rounds / result.runs:.1f} bits a set-to")
    return 0


if __name__ == "__main__":
    sys.exit(main())
