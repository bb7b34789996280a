"""How fast `solo forecast` plays its fights, against a bare loop rolling the same dice.

Goal (issue 16): 10,000 Nine Powers fights under 2 s of wall time, 10,000
Resistance fights under 1 s, on the 2-core development machine.  Each
system's forecast (A: `solo.rules.forecast.forecast`, chunks spread over
every core it may use) is paired run by run with a baseline (B: one
process rolling, through one seeded `Rng`, as many dice as the forecast
rolled), alternating A B A B so a busy machine slows both alike.  It prints
the minimum and the median of each and the ratio of the medians: how much
the rules cost on top of the dice.  The dice are counted in an untimed run
first.  The CPU time of the forecast (its own process and the workers it
forked) is printed too: on a machine busy with other work the wall time
says more about the neighbours than about solo.

    python benchmarks/forecast.py [-n 10000] [--seed 1] [--pairs 3] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.dice import Rng  # noqa: E402
from solo.rules import forecast as forecast_module  # noqa: E402
from solo.rules import registry  # noqa: E402
from solo.rules.forecast import forecast  # noqa: E402

SCENARIOS = {
    "nine-powers": ("sellsword", ["bandit", "bandit"]),
    "resistance": ("knight", ["bandit", "goblin"]),
}


class CountingRng(Rng):
    """An Rng that counts the dice every instance rolls, for the baseline."""

    rolled = 0

    def die(self, sides: int) -> int:
        CountingRng.rolled += 1
        return super().die(sides)


def count_dice(system, party, foes, runs: int, seed: int) -> int:
    """The dice the forecast rolls, counted in one process (the chunks make their own Rngs)."""
    CountingRng.rolled = 0
    forecast_module.Rng = CountingRng  # type: ignore[misc]
    try:
        forecast(system, party, foes, runs, Rng(seed), workers=1)
    finally:
        forecast_module.Rng = Rng  # type: ignore[misc]
    return CountingRng.rolled


def bare_loop(dice: int, seed: int) -> float:
    die = Rng(seed).die
    start = time.perf_counter()
    for _ in range(dice):
        die(6)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=3, help="A B pairs per system")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    args = parser.parse_args()
    print(f"{args.runs} fights per system, one character against two foes; {args.pairs} A/B pairs")
    print(f"{'system':<12} {'dice':>9} {'forecast min':>12} {'median':>7} {'dice min':>9} {'median':>7}"
          f" {'ratio':>6}  result")
    for system_id, (role, foe_ids) in SCENARIOS.items():
        system = registry.get(system_id)
        pc = system.random_character(Rng(args.seed), role=role)
        foes = [system.npc(f) for f in foe_ids]
        dice = count_dice(system, [pc], foes, args.runs, args.seed)
        solo_times, bare_times = [], []
        result = None
        cpu_times = []
        for _ in range(args.pairs):
            before = os.times()
            start = time.perf_counter()
            result = forecast(system, [pc], foes, args.runs, Rng(args.seed), workers=args.workers)
            solo_times.append(time.perf_counter() - start)
            after = os.times()
            cpu_times.append(sum(after[:4]) - sum(before[:4]))  # this process and its workers
            bare_times.append(bare_loop(dice, args.seed))
        assert result is not None
        solo_median, bare_median = statistics.median(solo_times), statistics.median(bare_times)
        print(f"{system_id:<12} {dice:>9} {min(solo_times):>12.2f} {solo_median:>7.2f}"
              f" {min(bare_times):>9.2f} {bare_median:>7.2f} {solo_median / bare_median:>6.1f}"
              f"  win {result.rate(result.wins):.1%}, {result.rounds / result.runs:.1f} rounds;"
              f" forecast CPU (all processes) min {min(cpu_times):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
