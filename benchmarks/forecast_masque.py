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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import add_forecast_arguments, forecast_ab  # noqa: E402

from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402

TROUPE = ("lancer", "bravo", "magnus")
ENTOURAGE = ("orc", "orc", "goblin", "ogre")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_forecast_arguments(parser)
    args = parser.parse_args()
    system = registry.get("masque")
    party = [system.random_character(Rng(args.seed + i), role=role) for i, role in enumerate(TROUPE)]
    foes = [system.npc(f) for f in ENTOURAGE]
    dice, t = forecast_ab(system, party, foes, args)
    result = t.result
    print(f"{args.runs} set-tos, {' '.join(TROUPE)} vs {' '.join(ENTOURAGE)}; {args.pairs} A/B pairs;"
          f" {dice} dice")
    print(f"forecast min {t.a_min:.2f} s median {t.a_median:.2f} s; dice min {t.b_min:.2f} s"
          f" median {t.b_median:.2f} s; ratio {t.ratio:.1f}")
    print(f"forecast CPU (this process and its workers) min {min(t.a_cpu):.2f} s"
          f" median {statistics.median(t.a_cpu):.2f} s")
    print(f"troupe wins {result.rate(result.wins):.1%}, {result.rounds / result.runs:.1f} bits a set-to")
    return 0


if __name__ == "__main__":
    sys.exit(main())
