"""How fast `solo forecast action-dice` plays 10,000 fights, against a bare loop rolling the same dice.

The fight is the issue's: two player characters (a fighter and a rogue)
against three goblins and a goblin boss, the engine playing both sides on
the response stack.  As in `forecast.py`, each forecast (A) is paired run by
run with a baseline (B: one process rolling as many d6 as the forecast
rolled, counted in an untimed run first), A B A B, and the minimum, the
median and the ratio of the medians are printed.

    python benchmarks/forecast_action_dice.py [-n 10000] [--seed 1] [--pairs 3] [--workers N]

Measured 24 Nov 2026, 17:01-17:13 UTC, on the shared 2-core machine (load
average about 18 from other sessions, so wall times are long), `python
benchmarks/forecast_action_dice.py -n 10000 --pairs 3`, first on this
branch, then with the same script on the code before the speed work (main
at 09a7120), back to back:

    code     dice  forecast min  median  dice min  median  ratio  CPU min  median  result
    before 474042         86.62   96.35      0.35    0.37  259.7    20.59   23.29  win 0.1%, 4.0 rounds
    after  474042         49.06   56.52      0.36    0.38  147.2    12.86   13.40  win 0.1%, 4.0 rounds

The same fights for the seed (the results and the dice count agree); about
40% less CPU: offers worked out one kind at a time as the policy asks (not
every template for every decision), a silent fight asks only whom the top
of the stack concerns, and builds no event text.  (At 14:08, under a lighter
load, the code before measured 66-78 s wall and about 19 s of CPU.)
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

PARTY = ("fighter", "rogue")
FOES = ("goblin", "goblin", "goblin", "goblin-boss")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    args = parser.parse_args()
    system = registry.get("action-dice")
    party = [system.random_character(Rng(args.seed + i), role=role, name=role.title())
             for i, role in enumerate(PARTY)]
    foes = [system.npc(f) for f in FOES]
    dice = count_dice(system, party, foes, args.runs, args.seed)
    solo_times, bare_times, cpu_times = [], [], []
    result = None
    for _ in range(args.pairs):
        start, cpu = time.perf_counter(), cpu_seconds()
        result = forecast(system, party, foes, args.runs, Rng(args.seed), workers=args.workers)
        solo_times.append(time.perf_counter() - start)
        cpu_times.append(cpu_seconds() - cpu)
        bare_times.append(bare_loop(dice, args.seed))
    assert result is not None
    solo_median, bare_median = statistics.median(solo_times), statistics.median(bare_times)
    print(f"{args.runs} action-dice fights: {', '.join(PARTY)} against {', '.join(FOES)};"
          f" {args.pairs} A/B pairs")
    print(f"{'dice':>9} {'forecast min':>12} {'median':>7} {'dice min':>9} {'median':>7} {'ratio':>6}"
          "  result")
    print(f"{dice:>9} {min(solo_times):>12.2f} {solo_median:>7.2f} {min(bare_times):>9.2f}"
          f" {bare_median:>7.2f}"
          f" {solo_median / bare_median:>6.1f}  win {result.rate(result.wins):.1%},"
          f" {result.rounds / result.runs:.1f} rounds")
    print(f"forecast CPU seconds (this process and its workers): min {min(cpu_times):.2f},"
          f" median {statistics.median(cpu_times):.2f}")
    return 0


def cpu_seconds() -> float:
    """User and system CPU time of this process and of the workers it has waited for."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


if __name__ == "__main__":
    sys.exit(main())
