"""Tables as loaded: plain data, checked by `validate`, rolled by `roller`.

A table is one of three kinds:

* ``range``: rows by dice ranges under the table's own dice (d6, 2d6, d66, d100...);
* ``weight``: rows picked by weight (a plain list of strings is all weight 1);
* ``grammar``: a Tracery grammar expanded from its start symbol.

A row is either plain text or a mapping with ``text`` and any further fields
(a journey event carries its approaches, difficulty and outcomes); every
string in a row may embed ``{@table-id}`` (roll that table) and ``{=2d6}``
(roll dice).  The format is documented for authors in ``tables/README.md``.

What community tables need besides (see ``tables/README.md``): a row may ask
for further rolls (``then``: this table or another, N times, with a duplicates
policy; offered rather than made when not ``auto``) or be shown only
(``display``); a table may carry a ``source`` (its credit, shown with every
result), recommended rolls, see-also ``suggest`` links, named ``columns`` read
by one roll (or read one column of another table), a ``match`` text for
doubles, notes of ``upstream`` data errors it was imported with, and be a
``deck``: drawn without replacement until every row is out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROW_KEYS = ("range", "weight", "then", "display")
DUPLICATES = ("reroll", "keep", "worse")


@dataclass(frozen=True)
class Credit:
    """Where a table comes from: shown under every result and in exports (CC BY asks for it)."""

    title: str
    authors: tuple[str, ...] = ()
    page: int | None = None
    licence: str | None = None
    url: str | None = None

    def line(self) -> str:
        text = f"Source: {self.title}"
        if self.page is not None:
            text += f", p. {self.page}"
        if self.authors:
            text += f", by {', '.join(self.authors)}"
        if self.licence:
            text += f"; licence {self.licence}"
        if self.url:
            text += f"; {self.url}"
        return text

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"title": self.title}
        if self.authors:
            data["authors"] = list(self.authors)
        if self.page is not None:
            data["page"] = self.page
        if self.licence:
            data["licence"] = self.licence
        if self.url:
            data["url"] = self.url
        return data


@dataclass(frozen=True)
class FollowUp:
    """A row's further roll: `times` rolls on `table` (None: the same table)."""

    table: str | None = None
    times: int = 1
    duplicates: str = "reroll"  # reroll | keep | worse
    auto: bool = True  # False: offered to the player, not rolled


@dataclass(frozen=True)
class Collection:
    """A group of tables with a title and summary (one file's `collection:` block)."""

    title: str
    summary: str = ""


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
    then: tuple[FollowUp, ...] = ()
    display: bool = False  # shown in the table, never rolled

    @property
    def rolls_self(self) -> bool:
        return any(f.table is None and f.auto for f in self.then)

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
    credit: Credit | None = None
    recommended: tuple[int, int] | None = None
    suggest: list[str] = field(default_factory=list)
    columns: dict[str, str] = field(default_factory=dict)  # key -> label, in order
    column_of: str | None = None  # this table reads `column` of that one
    column: str | None = None
    match: str | None = None
    upstream: list[str] = field(default_factory=list)  # data errors it was imported with
    deck: bool = False  # drawn without replacement (the drawn rows are kept by the caller)
    collection: Collection | None = None
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
        if self.match:
            found.append((self.path + ("match",), self.match))
        return found

    def follow_ups(self) -> list[tuple[tuple, FollowUp]]:
        """Every further roll a row asks for, with where it sits."""
        return [(row.path, f) for row in self.rows for f in row.then]
