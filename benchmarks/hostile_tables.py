"""What a hostile table costs solo: each case of the test corpus against a clean directory.

For every case in tests/hostile/corpus.py this runs `solo --tables DIR
table roll ID` in a fresh process, alternating with the same command on a
directory holding one plain table (the baseline: what any table roll costs,
interpreter start and built-in tables included), A B A B.  It prints, per
case, the minimum and median wall time of each, the minimum CPU time (less
swayed by a busy machine), the ratio of the medians, and the peak resident
memory of the hostile run.  Also `solo odds -- 500d4dl2`
(refused by the cost model) against `solo odds -- 2d6`.

Goal: every hostile case refused within a second and 200 MiB, and costing
little more than the baseline.  The machine this runs on may be shared:
report the load beside any figure.

    python benchmarks/hostile_tables.py [--runs N] [CASE ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "hostile"))

from corpus import CASES, TABLE_IDS, write_case  # noqa: E402


def timed(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak resident bytes of one `python -m solo ARGS` run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    # A fresh interpreter each run, measured with wait4 so its own peak memory is known.
    proc = subprocess.Popen([sys.executable, "-m", "solo", *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def pair(a: list[str], b: list[str], runs: int) -> tuple[list, list, int]:
    runs_a, runs_b, peak = [], [], 0
    for _ in range(runs):
        wall, cpu, rss = timed(a)
        runs_a.append((wall, cpu))
        peak = max(peak, rss)
        runs_b.append(timed(b)[:2])
    return runs_a, runs_b, peak


def report(name: str, runs_a: list, runs_b: list, peak: int) -> None:
    wall_a, cpu_a = [r[0] for r in runs_a], [r[1] for r in runs_a]
    wall_b, cpu_b = [r[0] for r in runs_b], [r[1] for r in runs_b]
    ratio = statistics.median(wall_a) / statistics.median(wall_b)
    print(f"{name:16} hostile wall min {min(wall_a):4.2f} med {statistics.median(wall_a):4.2f}"
          f" cpu min {min(cpu_a):4.2f} | baseline wall min {min(wall_b):4.2f}"
          f" med {statistics.median(wall_b):4.2f} cpu min {min(cpu_b):4.2f}"
          f" | ratio {ratio:4.2f} | peak {peak / 2**20:5.1f} MiB", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("cases", nargs="*", default=sorted(CASES))
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores, {args.runs} runs each")
    with tempfile.TemporaryDirectory() as tmp:
        clean = Path(tmp) / "clean"
        clean.mkdir()
        (clean / "plain.yaml").write_text("id: plain/one\nrows: [a quiet road, a busy road]\n")
        baseline = ["--tables", str(clean), "table", "roll", "plain/one"]
        for case in args.cases:
            directory = Path(tmp) / case
            write_case(case, directory)
            hostile = ["--tables", str(directory), "table", "roll", TABLE_IDS[case]]
            report(case, *pair(hostile, baseline, args.runs))
        report("odds 500d4dl2", *pair(["odds", "--", "500d4dl2"], ["odds", "--", "2d6"], args.runs))
        report("odds 100d20dl3", *pair(["odds", "--", "100d20dl3"], ["odds", "--", "2d6"], args.runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
