"""How fast `solo forecast` plays its fights.

Goal (issue 5): 10,000 one-character-versus-two-foes encounters per system
"in a few seconds" on the 2-core development machine.  Each system's run is
compared with a baseline measured in the same run: rolling, one by one
through the same seeded `Rng`, as many dice as the forecast rolled.  The
ratio says how much the rules themselves cost on top of the dice.

    python benchmarks/forecast.py [-n 10000] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402
from solo.rules.forecast import forecast  # noqa: E402

SCENARIOS = {
    "nine-powers": ("sellsword", ["bandit", "bandit"]),
    "resistance": ("knight", ["bandit", "goblin"]),
}


class CountingRng(Rng):
    """An Rng that counts the dice it rolls, for the baseline."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.rolled = 0

    def die(self, sides: int) -> int:
        self.rolled += 1
        return super().die(sides)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.runs} fights per system, one character against two foes")
    print(f"{'system':<12} {'fights':>7} {'seconds':>8} {'dice':>10} {'dice alone':>10} {'ratio':>6}  result")
    for system_id, (role, foes) in SCENARIOS.items():
        system = registry.get(system_id)
        pc = system.random_character(Rng(args.seed), role=role)
        enemies = [system.npc(f) for f in foes]
        start = time.perf_counter()
        result = forecast(system, [pc], enemies, args.runs, Rng(args.seed))
        seconds = time.perf_counter() - start
        rng = CountingRng(args.seed)  # the same fights again, untimed, to count their dice
        forecast(system, [pc], enemies, args.runs, rng)
        baseline_rng = Rng(args.seed)
        die = baseline_rng.die
        start = time.perf_counter()
        for _ in range(rng.rolled):
            die(6)
        baseline = time.perf_counter() - start
        print(
            f"{system_id:<12} {args.runs:>7} {seconds:>8.2f} {rng.rolled:>10} {baseline:>10.2f}"
            f" {seconds / baseline:>6.1f}  win {result.rate(result.wins):.1%},"
            f" {result.rounds / result.runs:.1f} rounds"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
