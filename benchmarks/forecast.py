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

Measured 2026-11-28 on branch f16 (`python benchmarks/forecast.py --pairs 3`), with
other jobs loading the 2 cores (load average 15 to 16), so the wall times say
little: Nine Powers forecast median 14.13 s against dice 1.30 s, forecast CPU
over all processes min 3.45 s; Resistance 6.75 s against 0.27 s, CPU min 1.70 s.
Main before this work, quiet, is in README.md (CPU 5.37 s and 2.75 s).  Same
dice (761,899 and 141,530) and the same results (win 5.1%, 95.7%) as main.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import add_forecast_arguments, forecast_ab  # noqa: E402

from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402

SCENARIOS = {
    "nine-powers": ("sellsword", ["bandit", "bandit"]),
    "resistance": ("knight", ["bandit", "goblin"]),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_forecast_arguments(parser)
    args = parser.parse_args()
    print(f"{args.runs} fights per system, one character against two foes; {args.pairs} A/B pairs")
    print(f"{'system':<12} {'dice':>9} {'forecast min':>12} {'median':>7} {'dice min':>9} {'median':>7}"
          f" {'ratio':>6}  result")
    for system_id, (role, foe_ids) in SCENARIOS.items():
        system = registry.get(system_id)
        pc = system.random_character(Rng(args.seed), role=role)
        foes = [system.npc(f) for f in foe_ids]
        dice, t = forecast_ab(system, [pc], foes, args)
        result = t.result
        print(f"{system_id:<12} {dice:>9} {t.a_min:>12.2f} {t.a_median:>7.2f}"
              f" {t.b_min:>9.2f} {t.b_median:>7.2f} {t.ratio:>6.1f}"
              f"  win {result.rate(result.wins):.1%}, {result.rounds / result.runs:.1f} rounds;"
              f" forecast CPU (all processes) min {min(t.a_cpu):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
