"""The shared A/B loop of the forecast benchmarks: strictly A B A B, and min/median/ratio from the runs."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_ab():
    spec = importlib.util.spec_from_file_location("benchmarks_ab", ROOT / "benchmarks" / "ab.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["benchmarks_ab"] = module
    spec.loader.exec_module(module)
    return module


def test_alternate_runs_a_then_b_pair_by_pair_and_keeps_a_last_result():
    ab = load_ab()
    calls: list[str] = []
    count = iter(range(1, 10))

    def run_a() -> int:
        calls.append("A")
        return next(count)

    timings = ab.alternate(run_a, lambda: calls.append("B"), 3)
    assert calls == ["A", "B", "A", "B", "A", "B"]
    assert timings.result == 3
    assert len(timings.a) == len(timings.b) == len(timings.a_cpu) == 3


def test_min_median_and_ratio_come_from_the_recorded_runs():
    ab = load_ab()
    t = ab.Timings(a=[3.0, 1.0, 2.0], b=[0.5, 0.25, 1.0])
    assert (t.a_min, t.a_median, t.b_min, t.b_median) == (1.0, 2.0, 0.25, 0.5)
    assert t.ratio == 4.0


def test_every_forecast_script_takes_the_same_arguments():
    ab = load_ab()
    parser = argparse.ArgumentParser()
    ab.add_forecast_arguments(parser)
    args = parser.parse_args(["-n", "50", "--pairs", "2", "--workers", "1"])
    assert (args.runs, args.seed, args.pairs, args.workers) == (50, 1, 2, 1)
    for script in ("forecast", "forecast_rogue_spire", "forecast_action_dice", "forecast_masque"):
        text = (ROOT / "benchmarks" / f"{script}.py").read_text()
        assert "forecast_ab(" in text and "perf_counter" not in text, script
