"""`solo roll 2d6`, whole process, against a dice-only command line and `python -c pass`.

The dice-only CLI is the smallest program that does the same job with solo's
own code: an argparse parser with only the dice commands registered
(`solo.commands.dice`), the same `Context` and the same roll.  `solo` is the
real entry point (the `solo` script beside this Python, else the same call
of `solo.cli.main`).  The three alternate run by run (A B C A B C ...), so a
shared machine's load falls on all of them alike; one unmeasured run each
goes first (file cache, bytecode).

    python benchmarks/cli_roll.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DICE_ONLY = """
import argparse, sys
from solo.commands import dice
from solo.commands.context import Context

parser = argparse.ArgumentParser(prog="dice")
sub = parser.add_subparsers(dest="command")
dice.register(sub, argparse.ArgumentParser(add_help=False))
args = parser.parse_args(sys.argv[1:])
for key, value in {"seed": None, "json": False, "tables": [], "saves": None}.items():
    setattr(args, key, getattr(args, key, value))
sys.exit(args.handler(Context(args)) or 0)
"""


def solo_command() -> list[str]:
    script = Path(sys.executable).with_name("solo")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from solo.cli import main; sys.exit(main())"]


def run(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{command} failed:\n{result.stderr}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    commands = {
        "solo roll 2d6": [*solo_command(), "roll", "2d6"],
        "dice-only CLI": [sys.executable, "-c", DICE_ONLY, "roll", "2d6"],
        "python -c pass": [sys.executable, "-c", "pass"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():
        run(command, env)
    for _ in range(args.runs):
        for name, command in commands.items():
            times[name].append(run(command, env))
    for name, found in times.items():
        print(f"{name:>15}: min {min(found) * 1000:6.1f} median {statistics.median(found) * 1000:6.1f} ms")
    solo = statistics.median(times["solo roll 2d6"])
    print(f"ratio of medians: solo / dice-only {solo / statistics.median(times['dice-only CLI']):.2f}x,"
          f" solo / python -c pass {solo / statistics.median(times['python -c pass']):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
