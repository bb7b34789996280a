"""The A/B timing loop the forecast benchmarks share: solo (A) against a baseline (B), run by run.

`alternate` runs A then B, `pairs` times (A B A B ...), so a machine that
gets busier or quieter part way slows both columns alike; it keeps every
wall time and, for A, the CPU time of this process and the children it
waited for (a forecast forks workers).  `forecast_ab` is that loop for
`solo.rules.forecast.forecast` against a bare loop rolling, through one
seeded `Rng`, as many d6 as the forecast rolled (counted in an untimed run
first).  `add_forecast_arguments` gives every forecast script the same
`-n/--runs --seed --pairs --workers`.  The scripts print what they measure
in their own layout; min, median and the ratio of the medians come from here.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.dice import Rng  # noqa: E402
from solo.rules import forecast as forecast_module  # noqa: E402

T = TypeVar("T")


@dataclass
class Timings(Generic[T]):
    """Wall seconds of each A and B run, CPU seconds of each A run, and A's last result."""

    a: list[float] = field(default_factory=list)
    b: list[float] = field(default_factory=list)
    a_cpu: list[float] = field(default_factory=list)
    result: T | None = None

    @property
    def a_min(self) -> float:
        return min(self.a)

    @property
    def a_median(self) -> float:
        return statistics.median(self.a)

    @property
    def b_min(self) -> float:
        return min(self.b)

    @property
    def b_median(self) -> float:
        return statistics.median(self.b)

    @property
    def ratio(self) -> float:
        """How many times longer A's median run takes than B's."""
        return self.a_median / self.b_median


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def alternate(run_a: Callable[[], T], run_b: Callable[[], object], pairs: int) -> Timings[T]:
    """Time `run_a` and `run_b` alternately, `pairs` times each (at least once)."""
    timings: Timings[T] = Timings()
    for _ in range(max(1, pairs)):
        cpu_before = _cpu()
        start = time.perf_counter()
        timings.result = run_a()
        timings.a.append(time.perf_counter() - start)
        timings.a_cpu.append(_cpu() - cpu_before)
        start = time.perf_counter()
        run_b()
        timings.b.append(time.perf_counter() - start)
    return timings


def add_forecast_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-n", "--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=3, help="A B pairs")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")


class CountingRng(Rng):
    """An Rng that counts the dice every instance rolls, for the baseline."""

    rolled = 0

    def die(self, sides: int) -> int:
        CountingRng.rolled += 1
        return super().die(sides)


def count_dice(system: Any, party: list[Any], foes: list[Any], runs: int, seed: int) -> int:
    """The dice the forecast rolls, counted in one process (the chunks make their own Rngs)."""
    CountingRng.rolled = 0
    forecast_module.Rng = CountingRng  # type: ignore[misc]
    try:
        forecast_module.forecast(system, party, foes, runs, Rng(seed), workers=1)
    finally:
        forecast_module.Rng = Rng  # type: ignore[misc]
    return CountingRng.rolled


def roll_dice(dice: int, seed: int) -> None:
    """The baseline: `dice` d6 through one seeded Rng."""
    die = Rng(seed).die
    for _ in range(dice):
        die(6)


def forecast_ab(system: Any, party: list[Any], foes: list[Any], args: argparse.Namespace
                ) -> tuple[int, Timings[Any]]:
    """The dice one forecast rolls, and the forecast paired with rolling that many dice."""
    dice = count_dice(system, party, foes, args.runs, args.seed)

    def run_forecast() -> Any:
        return forecast_module.forecast(system, party, foes, args.runs, Rng(args.seed), workers=args.workers)

    return dice, alternate(run_forecast, lambda: roll_dice(dice, args.seed), args.pairs)
