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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import add_forecast_arguments, forecast_ab  # noqa: E402

from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402

FOES = ["goblin-cutthroat", "goblin-cutthroat", "orc-raider"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_forecast_arguments(parser)
    args = parser.parse_args()
    system = registry.get("rogue-spire")
    pc = system.random_character(Rng(args.seed), name="Vess", role="fighter")
    foes = [system.npc(f) for f in FOES]
    dice, t = forecast_ab(system, [pc], foes, args)
    print(f"{args.runs} Rogue Spire fights, a Leader against {', '.join(FOES)}; {args.pairs} A/B pairs")
    print(f"dice {dice}  forecast min {t.a_min:.2f} s median {t.a_median:.2f} s"
          f"  dice loop min {t.b_min:.2f} s median {t.b_median:.2f} s"
          f"  ratio {t.ratio:.1f}")
    print(t.result.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
