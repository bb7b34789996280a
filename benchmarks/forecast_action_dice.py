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

Measured again 28 Nov 2026, 09:06-09:07 UTC (issue 17), load average about
13, `python benchmarks/forecast_action_dice.py -n 1000 --pairs 3 --workers 1`,
first on the ad17 branch, then the same script on main (33ddb94):

    code    dice  forecast min  median  dice min  median  ratio  CPU min  median  result
    main   47458          5.93    6.05      0.04    0.05  122.5     2.41    2.43  win 0.0%, 4.0 rounds
    ad17   47458          3.06    3.45      0.03    0.04   79.0     1.23    1.35  win 0.0%, 4.0 rounds

The same fights again (dice count and results agree); about 44% less CPU,
as valgrind's callgrind counts too (13.5 million instructions a fight of
the balanced four-PC adventure groups before, 7.6 million after): the
sheet's fixed facts read once a seat, answers on the stack chosen without
building menus, and a silent fight playing the policy's moves straight onto
the stack without the kernel's checks.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import add_forecast_arguments, forecast_ab  # noqa: E402

from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402

PARTY = ("fighter", "rogue")
FOES = ("goblin", "goblin", "goblin", "goblin-boss")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_forecast_arguments(parser)
    args = parser.parse_args()
    system = registry.get("action-dice")
    party = [system.random_character(Rng(args.seed + i), role=role, name=role.title())
             for i, role in enumerate(PARTY)]
    foes = [system.npc(f) for f in FOES]
    dice, t = forecast_ab(system, party, foes, args)
    result = t.result
    print(f"{args.runs} action-dice fights: {', '.join(PARTY)} against {', '.join(FOES)};"
          f" {args.pairs} A/B pairs")
    print(f"{'dice':>9} {'forecast min':>12} {'median':>7} {'dice min':>9} {'median':>7} {'ratio':>6}"
          "  result")
    print(f"{dice:>9} {t.a_min:>12.2f} {t.a_median:>7.2f} {t.b_min:>9.2f}"
          f" {t.b_median:>7.2f}"
          f" {t.ratio:>6.1f}  win {result.rate(result.wins):.1%},"
          f" {result.rounds / result.runs:.1f} rounds")
    print(f"forecast CPU seconds (this process and its workers): min {min(t.a_cpu):.2f},"
          f" median {statistics.median(t.a_cpu):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
