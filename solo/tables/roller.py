"""Rolling tables: pick a row, then fill in every roll its text asks for.

A `TableRoll` keeps what was rolled (the table's dice, the row, every nested
table roll and dice roll in order) so the journal can show it and re-render
it later.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng, RollResult, roll
from solo.tables.grammar import Grammar, TableError
from solo.tables.model import Row, Table

REFERENCE = re.compile(r"\{([@=])([^{}]*)\}")
MAX_NESTING = 12


@dataclass
class TableRoll:
    table: str
    title: str
    text: str
    dice: RollResult | None = None
    row: int | None = None
    range: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    nested: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "title": self.title,
            "text": self.text,
            "dice": self.dice.to_dict() if self.dice else None,
            "row": None if self.row is None else self.row + 1,
            "range": self.range,
            "fields": self.fields,
            "nested": self.nested,
        }

    def render(self) -> str:
        head = self.title
        if self.dice is not None:
            head += f" ({self.dice.expression}: {self.dice.total})"
        return f"{head}: {self.text}"


class Roller:
    """Rolls tables from a lookup, following references between them."""

    def __init__(self, lookup: Callable[[str], Table]):
        self.lookup = lookup
        self._grammars: dict[str, Grammar] = {}

    def roll(self, table_id: str, rng: Rng) -> TableRoll:
        return self._roll(self.lookup(table_id), rng, 0)

    def roll_table(self, table: Table, rng: Rng) -> TableRoll:
        return self._roll(table, rng, 0)

    def expand(self, text: str, rng: Rng, nested: list[dict[str, Any]] | None = None) -> str:
        """Fill in the {@table} and {=dice} references of any text."""
        return self._expand_text(text, rng, 0, nested if nested is not None else [])

    # -- internals ---------------------------------------------------------
    def _roll(self, table: Table, rng: Rng, depth: int) -> TableRoll:
        if depth > MAX_NESTING:
            raise TableError(f"table {table.id}: references nest more than {MAX_NESTING} deep")
        nested: list[dict[str, Any]] = []
        if table.kind == "grammar":
            text = self._grammar(table).expand(rng, self._resolver(rng, depth, nested))
            return TableRoll(table.id, table.title, text, nested=nested)
        dice_roll: RollResult | None = None
        if table.kind == "range":
            assert table.dice is not None
            dice_roll = roll(table.dice, rng)
            row = self._row_for(table, dice_roll.total)
        else:
            index = rng.weighted_index([r.weight for r in table.rows])
            row = table.rows[index]
        value = self._expand_value(row.value, rng, depth, nested)
        if isinstance(value, dict):
            text = str(value.get("text", ""))
            fields = {k: v for k, v in value.items() if k != "text"}
        else:
            text, fields = str(value), {}
        return TableRoll(table.id, table.title, text, dice_roll, row.index, row.range_label(),
                         fields, nested)

    @staticmethod
    def _row_for(table: Table, total: int) -> Row:
        for row in table.rows:
            if row.low is not None and row.high is not None and row.low <= total <= row.high:
                return row
        raise TableError(f"table {table.id}: no row for a roll of {total}")

    def _grammar(self, table: Table) -> Grammar:
        grammar = self._grammars.get(table.id)
        if grammar is None or grammar.rules is not table.grammar:
            grammar = Grammar(table.id, table.grammar or {}, table.start)
            self._grammars[table.id] = grammar
        return grammar

    def _resolver(self, rng: Rng, depth: int, nested: list[dict[str, Any]]):
        def resolve(kind: str, arg: str) -> str:
            return self._reference(kind, arg, rng, depth, nested)

        return resolve

    def _reference(self, kind: str, arg: str, rng: Rng, depth: int,
                   nested: list[dict[str, Any]]) -> str:
        if kind == "=":
            result = roll(arg.strip(), rng)
            nested.append({"kind": "dice", **result.to_dict()})
            return str(result.total)
        sub = self._roll(self.lookup(arg.strip()), rng, depth + 1)
        nested.append({"kind": "table", **sub.to_dict()})
        return sub.text

    def _expand_text(self, text: str, rng: Rng, depth: int, nested: list[dict[str, Any]]) -> str:
        if "{" not in text:
            return text
        return REFERENCE.sub(lambda m: self._reference(m[1], m[2], rng, depth, nested), text)

    def _expand_value(self, value: Any, rng: Rng, depth: int, nested: list[dict[str, Any]]) -> Any:
        if isinstance(value, str):
            return self._expand_text(value, rng, depth, nested)
        if isinstance(value, dict):
            return {k: self._expand_value(v, rng, depth, nested) for k, v in value.items()}
        if isinstance(value, list):
            return [self._expand_value(v, rng, depth, nested) for v in value]
        return value
