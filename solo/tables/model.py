"""Tables as loaded: plain data, checked by `validate`, rolled by `roller`.

A table is one of three kinds:

* ``range``: rows by dice ranges under the table's own dice (d6, 2d6, d66, d100...);
* ``weight``: rows picked by weight (a plain list of strings is all weight 1);
* ``grammar``: a Tracery grammar expanded from its start symbol.

A row is either plain text or a mapping with ``text`` and any further fields
(a journey event carries its approaches, difficulty and outcomes); every
string in a row may embed ``{@table-id}`` (roll that table) and ``{=2d6}``
(roll dice).  The format is documented for authors in ``tables/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROW_KEYS = ("range", "weight")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a table file, located as precisely as we can."""

    file: Path | None
    line: int | None
    table: str | None
    message: str

    def __str__(self) -> str:
        where = str(self.file) if self.file else "<tables>"
        if self.line:
            where += f":{self.line}"
        subject = f" table {self.table}:" if self.table else ""
        return f"{where}:{subject} {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": str(self.file) if self.file else None,
            "line": self.line,
            "table": self.table,
            "message": self.message,
        }


@dataclass
class Row:
    value: Any  # str, or dict with "text" and other fields
    index: int
    low: int | None = None
    high: int | None = None
    weight: int = 1
    path: tuple = ()  # where in the YAML document this row sits

    @property
    def text(self) -> str:
        if isinstance(self.value, dict):
            return str(self.value.get("text", ""))
        return str(self.value)

    @property
    def fields(self) -> dict[str, Any]:
        if isinstance(self.value, dict):
            return {k: v for k, v in self.value.items() if k != "text"}
        return {}

    def range_label(self) -> str | None:
        if self.low is None or self.high is None:
            return None
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass
class Table:
    id: str
    title: str
    kind: str  # "range" | "weight" | "grammar"
    rows: list[Row] = field(default_factory=list)
    dice: str | None = None
    grammar: dict[str, list[str]] | None = None
    start: str = "origin"
    description: str = ""
    tags: list[str] = field(default_factory=list)
    source: Path | None = None
    path: tuple = ()  # where in the YAML document this table sits
    builtin: bool = False
    # Finds lines in the source on demand (a second YAML pass, so only when a
    # problem needs a line number).
    lines: Any = field(default=None, repr=False, compare=False)

    @property
    def line(self) -> int | None:
        if self.lines is None:
            return None
        return self.lines.line(self.path) if self.path else 1

    def strings(self) -> list[tuple[tuple, str]]:
        """Every string the table can show, with where it sits, for reference checks."""
        found: list[tuple[tuple, str]] = []

        def walk(value: Any, path: tuple) -> None:
            if isinstance(value, str):
                found.append((path, value))
            elif isinstance(value, dict):
                for k, v in value.items():
                    walk(v, path + (k,))
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    walk(v, path + (i,))

        for row in self.rows:
            walk(row.value, row.path)
        return found
