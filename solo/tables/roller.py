"""Rolling tables: pick a row, then fill in every roll its text asks for.

A `TableRoll` keeps what was rolled (the table's dice, the row, every nested
table roll and dice roll in order) so the journal can show it and re-render
it later.  Each roll draws on one `Budget` (steps, dice, text; see
`solo.tables.budget`), so what a roll does and what it stores are bounded
however the tables are written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solo.dice import DiceError, Rng, RollResult, parse, roll
from solo.tables.budget import Budget, TableError
from solo.tables.grammar import Grammar
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
        return self.roll_table(self.lookup(table_id), rng)

    def roll_table(self, table: Table, rng: Rng) -> TableRoll:
        budget = Budget()
        budget.start(table.id, table.source)
        return self._roll(table, rng, 0, budget)

    def expand(self, text: str, rng: Rng, nested: list[dict[str, Any]] | None = None) -> str:
        """Fill in the {@table} and {=dice} references of any text."""
        budget = Budget()
        expanded = self._expand_text(text, rng, 0, nested if nested is not None else [], budget)
        budget.text(len(expanded))
        return expanded

    # -- internals ---------------------------------------------------------
    def _roll(self, table: Table, rng: Rng, depth: int, budget: Budget) -> TableRoll:
        if depth > MAX_NESTING:
            raise budget.fail(f"references nest more than {MAX_NESTING} deep")
        budget.path.append(f"@{table.id}")
        budget.step()
        nested: list[dict[str, Any]] = []
        if table.kind == "grammar":
            text = self._grammar(table).expand(rng, self._resolver(rng, depth, nested, budget),
                                               budget=budget)
            budget.store(len(text))
            budget.path.pop()
            return TableRoll(table.id, table.title, text, nested=nested)
        dice_roll: RollResult | None = None
        if table.kind == "range":
            assert table.dice is not None
            dice_roll = self._dice(table.dice, rng, budget)
            row = self._row_for(table, dice_roll.total)
        else:
            index = rng.weighted_index([r.weight for r in table.rows])
            row = table.rows[index]
        value = self._expand_value(row.value, rng, depth, nested, budget)
        if isinstance(value, dict):
            text = str(value.get("text", ""))
            fields = {k: v for k, v in value.items() if k != "text"}
        else:
            text, fields = str(value), {}
        budget.path.pop()
        return TableRoll(table.id, table.title, text, dice_roll, row.index, row.range_label(),
                         fields, nested)

    @staticmethod
    def _dice(notation: str, rng: Rng, budget: Budget) -> RollResult:
        try:
            expr = parse(notation)
        except DiceError as exc:
            if budget.root is None:
                raise
            raise TableError(f"table {budget.root}: {exc}") from None
        budget.roll_dice(expr.dice_count)
        return roll(expr, rng)

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

    def _resolver(self, rng: Rng, depth: int, nested: list[dict[str, Any]], budget: Budget):
        def resolve(kind: str, arg: str) -> str:
            return self._reference(kind, arg, rng, depth, nested, budget)

        return resolve

    def _reference(self, kind: str, arg: str, rng: Rng, depth: int,
                   nested: list[dict[str, Any]], budget: Budget) -> str:
        if kind == "=":
            budget.path.append(f"={arg.strip()}")
            result = self._dice(arg.strip(), rng, budget)
            budget.path.pop()
            nested.append({"kind": "dice", **result.to_dict()})
            return str(result.total)
        sub = self._roll(self.lookup(arg.strip()), rng, depth + 1, budget)
        nested.append({"kind": "table", **sub.to_dict()})
        return sub.text

    def _expand_text(self, text: str, rng: Rng, depth: int, nested: list[dict[str, Any]],
                     budget: Budget) -> str:
        if "{" not in text:
            return text
        expanded = REFERENCE.sub(
            lambda m: self._reference(m[1], m[2], rng, depth, nested, budget), text)
        budget.text(len(expanded))
        budget.store(len(expanded))
        return expanded

    def _expand_value(self, value: Any, rng: Rng, depth: int, nested: list[dict[str, Any]],
                      budget: Budget) -> Any:
        if isinstance(value, str):
            return self._expand_text(value, rng, depth, nested, budget)
        if isinstance(value, dict):
            return {k: self._expand_value(v, rng, depth, nested, budget) for k, v in value.items()}
        if isinstance(value, list):
            return [self._expand_value(v, rng, depth, nested, budget) for v in value]
        return value
