"""How fast `solo forecast action-dice` plays 10,000 fights, against a bare loop rolling the same dice.

The fight is the issue's: two player characters (a fighter and a rogue)
against three goblins and a goblin boss, the engine playing both sides on
the response stack.  As in `forecast.py`, each forecast (A) is paired run by
run with a baseline (B: one process rolling as many d6 as the forecast
rolled, counted in an untimed run first), A B A B, and the minimum, the
median and the ratio of the medians are printed.

    python benchmarks/forecast_action_dice.py [-n 10000] [--seed 1] [--pairs 3] [--workers N]

Measured 24 Nov 2026, 14:08 UTC, on the shared 2-core machine (load average
about 14 from other sessions, so wall times are long; the ratio pairs like
with like), `python benchmarks/forecast_action_dice.py -n 10000 --pairs 3`:

         dice forecast min  median  dice min  median  ratio  result
       474042        66.35   78.09      0.38    0.45  172.1  win 0.1%, 4.0 rounds

User time for the untimed count and the three timed forecasts was 1 min 15 s:
about 19 s of CPU for one forecast of 10,000 fights.
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
