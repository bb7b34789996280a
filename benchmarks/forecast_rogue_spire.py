"""How fast `solo forecast rogue-spire` plays 10,000 fights, against a bare loop rolling the same dice.

The fight is the one issue 11 asks to be played in the TUI: a Leader
fighter against two goblin cutthroats and an orc raider.  As in
`benchmarks/forecast.py`, the forecast (A) is paired run by run with a
baseline (B: one process rolling as many dice as the forecast rolled
through one seeded `Rng`), alternating A B A B; it prints the minimum and
median of each and the ratio of the medians, then the forecast's result.

    python benchmarks/forecast_rogue_spire.py [-n 10000] [--seed 1] [--pairs 3] [--workers N]

Runs on 24 Nov 2026, 2 cores shared with other jobs (load average 16 to 18),
same dice both times (150,651) and same result (the Leader wins 3.5%, loses
96.5%, fights last 1.6 rounds): at 5090f3f forecast min 22.52 s, median
24.56 s, dice loop median 0.11 s, ratio 233.7; at 6917a85 forecast min
31.76 s, median 32.45 s, dice loop median 0.12 s, ratio 270.2.

CPU time (user + system, this process and any workers; wall time means
little on the shared machine), ``--pairs 2 --workers 1``, 24 Nov 2026, same
dice (150,651) and result both times: before the rs11b speed-ups (09a7120)
median 7.64 s (min 7.45 s); after them median 5.87 s (min 5.67 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from forecast import bare_loop, count_dice  # noqa: E402

from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402
from solo.rules.forecast import forecast  # noqa: E402

FOES = ["goblin-cutthroat", "goblin-cutthroat", "orc-raider"]


def cpu_now() -> float:
    """User + system CPU of this process and of the worker processes it has waited for."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    system = registry.get("rogue-spire")
    pc = system.random_character(Rng(args.seed), name="Vess", role="fighter")
    foes = [system.npc(f) for f in FOES]
    dice = count_dice(system, [pc], foes, args.runs, args.seed)
    solo_times, bare_times = [], []
    result = None
    cpu_times = []
    for _ in range(args.pairs):
        start, cpu = time.perf_counter(), cpu_now()
        result = forecast(system, [pc], foes, args.runs, Rng(args.seed), workers=args.workers)
        solo_times.append(time.perf_counter() - start)
        cpu_times.append(cpu_now() - cpu)
        bare_times.append(bare_loop(dice, args.seed))
    assert result is not None
    solo_median, bare_median = statistics.median(solo_times), statistics.median(bare_times)
    print(f"{args.runs} Rogue Spire fights, a Leader against {', '.join(FOES)}; {args.pairs} A/B pairs")
    print(f"dice {dice}  forecast min {min(solo_times):.2f} s median {solo_median:.2f} s"
          f"  dice loop min {min(bare_times):.2f} s median {bare_median:.2f} s"
          f"  ratio {solo_median / bare_median:.1f}")
    print(f"forecast CPU (this process and its workers) min {min(cpu_times):.2f} s"
          f" median {statistics.median(cpu_times):.2f} s")
    print(result.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
