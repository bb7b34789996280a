"""Fuzz the CLI: thousands of random command lines, counting tracebacks, hangs and stray writes.

Each case runs `solo.cli.main` in this process on a fresh copy of a small
world (see `tests/cli_fuzz.py`: campaigns for each rule system, a user
table, a working directory), with a time limit per case and an audit hook
on every file write.  The command lines mix solo's commands and options,
plausible values (names, dice, table ids, numbers in and out of range) and
random text (control characters, markup, long and astral names, lone
surrogates as a shell hands over bytes that are not UTF-8).

    python benchmarks/fuzz_cli.py [--cases 5000] [--seed 1] [--limit 30]

Prints the number of cases, tracebacks (exit 70 or an exception leaving
main), hangs (past --limit seconds), writes outside the world, other
problems, the exit statuses seen, and the first few findings in full.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from cli_fuzz import COMMANDS, OPTIONS, VALUES, World, problems, run_case, shaped  # noqa: E402

ALPHABET = ("abcXYZ019 -_./\\'\"[]{}:;,*?!#%&|<>~`$()=+@^\t\n\r\x00\x07\x1b\x7f\x9bé中🐉\u202e\ufeff"
            "\udcff")


def random_text(rng: random.Random) -> str:
    text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 24)))
    return "x" + text if text.startswith("/") else text


def random_value(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.6:
        return rng.choice(VALUES)
    if kind < 0.85:
        return random_text(rng)
    return str(rng.randint(-5, 60))


def random_argv(rng: random.Random) -> list[str]:
    if rng.random() < 0.6:  # well formed: gets past the parser into the command itself
        return shaped(rng.choice(COMMANDS), [rng.randrange(100) for _ in range(8)],
                      [random_value(rng) for _ in range(4)])
    argv = rng.choice(COMMANDS).split()
    for _ in range(rng.randint(0, 6)):
        kind = rng.random()
        if kind < 0.35:
            argv.append(rng.choice(OPTIONS))
        elif kind < 0.7:
            argv.append(rng.choice(VALUES))
        elif kind < 0.85:
            argv.append(random_text(rng))
        else:
            argv.append(str(rng.choice([rng.randint(-5, 60), 10**6, -10**30, 2**64])))
    return argv


def kind(problem: str) -> str:
    if problem in ("traceback", "exit status 70") or problem.startswith("escaped"):
        return "traceback"
    if problem == "hang":
        return "hang"
    return "outside" if problem.startswith("touched outside") else "other"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=30.0, help="seconds before a case counts as a hang")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    codes: Counter[int | None] = Counter()
    findings: list[tuple[list[str], list[str]]] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solo-fuzz-") as tmp:
        world = World(Path(tmp))
        for n in range(args.cases):
            argv = random_argv(rng)
            outcome = run_case(world, argv, limit=args.limit)
            codes[outcome.code] += 1
            found = problems(outcome)
            counts.update({kind(problem) for problem in found})  # each case counted once per kind
            if found:
                findings.append((argv, found))
            if (n + 1) % 500 == 0:
                print(f"  {n + 1} cases, {len(findings)} with problems", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    print(f"cases: {args.cases} (seed {args.seed}, {elapsed:.0f} s)")
    print(f"cases with a traceback: {counts['traceback']}")
    print(f"hangs (over {args.limit:g} s): {counts['hang']}")
    print(f"writes outside the world: {counts['outside']}")
    print(f"other problems: {counts['other']}")
    print("exit statuses: " + ", ".join(f"{code}: {count}" for code, count in sorted(
        codes.items(), key=lambda item: (item[0] is None, item[0] or 0))))
    for argv, found in findings[:10]:
        print(f"  {argv!r}: {'; '.join(found)}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
