"""What every command gets: its arguments, output streams, tables and an RNG.

Commands print through `Context.emit` so `--json` works the same everywhere,
and load tables through `Context.tables`, which reports broken table files on
stderr once and carries on without them.
"""

from __future__ import annotations

import json
import sys
from argparse import Namespace
from functools import cached_property
from typing import Any, TextIO

from solo.dice import Rng
from solo.errors import SoloError
from solo.tables import TableSet, load_tables

MAX_WARNINGS = 5


class UsageError(SoloError):
    """The command line itself is wrong (exit status 2, like argparse's own errors)."""


class Context:
    def __init__(self, args: Namespace, out: TextIO | None = None, err: TextIO | None = None):
        self.args = args
        self.out = out or sys.stdout
        self.err = err or sys.stderr

    @property
    def json(self) -> bool:
        return bool(getattr(self.args, "json", False))

    @cached_property
    def rng(self) -> Rng:
        """A throwaway RNG: seeded by --seed when given, else from the system."""
        return Rng(getattr(self.args, "seed", None))

    @cached_property
    def tables(self) -> TableSet:
        tables = load_tables(getattr(self.args, "tables", None) or ())
        self.report_table_problems(tables)
        return tables

    def report_table_problems(self, tables: TableSet) -> None:
        problems = tables.problems
        for problem in problems[:MAX_WARNINGS]:
            self.warn(f"skipped a broken table: {problem}")
        if len(problems) > MAX_WARNINGS:
            self.warn(f"...and {len(problems) - MAX_WARNINGS} more table problems;"
                      " run `solo table check` to see them all")

    def warn(self, message: str) -> None:
        print(f"solo: warning: {message}", file=self.err)

    def emit(self, data: Any, text: str | None = None) -> None:
        """Print `data` as JSON under --json, else `text` (or data as it is)."""
        if self.json:
            print(json.dumps(data, indent=2, ensure_ascii=False, default=str), file=self.out)
        else:
            print(text if text is not None else data, file=self.out)
