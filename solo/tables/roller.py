"""Rolling tables: pick a row, then fill in every roll its text asks for.

A `TableRoll` keeps what was rolled (the table's dice, the row, every nested
table roll and dice roll in order) so the journal can show it and re-render
it later.  Each roll draws on one `Budget` (steps, dice, text; see
`solo.tables.budget`), so what a roll does and what it stores are bounded
however the tables are written; rerolls, repeats and deck draws count too.

A row's further rolls (``then``) are made after its own references: on this
same table the repeat skips rows that would roll again ("roll twice" yields
two results, never a third request), and the duplicates policy decides what
a row drawn twice means: ``reroll`` draws again (up to `MAX_REROLLS` times),
``keep`` keeps it, ``worse`` keeps it and says it compounds.  Rolls marked not
``auto`` are offered, not made, like the table's see-also suggestions.  The
table's credit, a match on doubles, offers and suggestions follow the result
on lines of their own.

A deck (`deck: true`) is drawn without replacement: `decks` maps a table id
to the row numbers already drawn, and is kept by whoever rolls (a campaign
keeps it in its state, so the drawn cards survive saving and undo).  A draw
rolls the table's dice again while they land on a drawn row (up to
`MAX_REROLLS` times, then it picks among the rows left with the dice's own
odds), so each row left keeps its chance relative to the others.  When every
row is out, the deck is shuffled (emptied of drawn rows) and the result says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any

from solo.dice import DiceError, Rng, RollResult, distribution, parse, roll
from solo.dice.entered import DiceNeeded
from solo.tables.budget import Budget, TableError
from solo.tables.grammar import Grammar
from solo.tables.model import FollowUp, Row, Table

REFERENCE = re.compile(r"\{([@=])([^{}]*)\}")
MAX_NESTING = 12
MAX_REROLLS = 50
WORSE = " (drawn again: it gets worse)"


def is_match(result: RollResult) -> bool:
    """Doubles: a d100 of 11, 22 ... 99 or 100 (00), a d66 of 11 ... 66, or equal dice."""
    dice = [d for d in result.dice if d.kept]
    if len(dice) == 1:
        die = dice[0]
        if die.sides == 100:
            return die.value == 100 or die.value % 11 == 0
        if die.sides == 66:
            return die.value // 10 == die.value % 10
        return False
    return len(dice) >= 2 and len({d.value for d in dice}) == 1


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
    source: str | None = None  # the table's credit line
    match: str | None = None  # the table's match text, when the dice came up doubles
    offers: list[dict[str, Any]] = field(default_factory=list)  # rolls offered, not made
    suggest: list[dict[str, Any]] = field(default_factory=list)  # see-also tables
    columns: dict[str, Any] = field(default_factory=dict)  # a column table's texts, by column
    shuffled: bool = False  # a deck ran out and was shuffled before this draw

    def to_dict(self) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        for key in ("source", "match", "offers", "suggest", "columns", "shuffled"):
            if getattr(self, key):
                extra[key] = getattr(self, key)
        return extra | {
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
        lines = [f"{head}: {self.text}"]
        if self.shuffled:
            lines.append("  (Every card was drawn: the deck is shuffled again.)")
        if self.match:
            lines.append(f"  Match: {self.match}")
        if self.offers:
            lines.append("  You may also roll: " + ", ".join(
                o["title"] + (f" ×{o['times']}" if o["times"] > 1 else "") for o in self.offers))
        if self.suggest:
            lines.append("  See also: " + ", ".join(s["title"] for s in self.suggest))
        if self.source:
            lines.append(f"  {self.source}")
        return "\n".join(lines)


def further_rolls(data: dict[str, Any]) -> list[tuple[str, int, str]]:
    """What a table roll (as journaled) offers next: (table id, times, label), offers first."""
    found: list[tuple[str, int, str]] = []
    for offer in data.get("offers", ()):
        times = int(offer.get("times", 1))
        label = f"Roll {offer['title']}" + (f" ×{times}" if times > 1 else "")
        found.append((offer["table"], times, label))
    for link in data.get("suggest", ()):
        if not any(f[0] == link["table"] for f in found):
            found.append((link["table"], 1, f"See also: {link['title']}"))
    return found


class Roller:
    """Rolls tables from a lookup, following references between them."""

    def __init__(self, lookup: Callable[[str], Table]):
        self.lookup = lookup
        self._grammars: dict[str, Grammar] = {}
        self.decks: dict[str, list[int]] = {}

    def roll(self, table_id: str, rng: Rng, decks: dict[str, list[int]] | None = None) -> TableRoll:
        """One roll; `decks` holds the rows drawn from decks (a fresh set when not given)."""
        table = self.lookup(table_id)
        with self._decks(decks):
            return self._start(table, rng)

    def roll_table(self, table: Table, rng: Rng) -> TableRoll:
        with self._decks(None):
            return self._start(table, rng)

    def expand(self, text: str, rng: Rng, nested: list[dict[str, Any]] | None = None) -> str:
        """Fill in the {@table} and {=dice} references of any text."""
        budget = Budget()
        with self._decks(None):
            expanded = self._expand_text(text, rng, 0, nested if nested is not None else [], budget)
        budget.text(len(expanded))
        return expanded

    def _start(self, table: Table, rng: Rng) -> TableRoll:
        budget = Budget()
        budget.start(table.id, table.source)
        return self._roll(table, rng, 0, budget)

    @contextmanager
    def _decks(self, decks: dict[str, list[int]] | None) -> Iterator[None]:
        """The drawn rows this call draws from; the previous set comes back after it."""
        before, self.decks = self.decks, (decks if decks is not None else {})
        try:
            yield
        finally:
            self.decks = before

    # -- internals ---------------------------------------------------------
    def _roll(self, table: Table, rng: Rng, depth: int, budget: Budget,
              again: bool = False) -> TableRoll:
        """One roll; `again` is a repeat asked for by a row of this same table."""
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
            return self._dressed(table, TableRoll(table.id, table.title, text, nested=nested))
        rows_of = self.lookup(table.column_of) if table.kind == "column" and table.column_of else table
        shuffled = False
        try:
            if rows_of.deck:
                shuffled, (dice_roll, row) = self._draw(rows_of, rng, again, budget)
            else:
                dice_roll, row = self._pick(rows_of, rng, again, budget)
        except DiceNeeded as needed:  # the player rolls: which table, its dice and its rows
            if not needed.before:
                needed.before = _table_before(rows_of)
            raise
        value = self._expand_value(row.value, rng, depth, nested, budget)
        columns = rows_of.columns
        if table.kind == "column":
            text = str(value.get(table.column, "")) if isinstance(value, dict) else str(value)
            fields: dict[str, Any] = {}
        elif isinstance(value, dict) and columns:
            text = "; ".join(f"{label}: {value[key]}" for key, label in columns.items()
                             if value.get(key) not in (None, ""))
            fields = {k: v for k, v in value.items() if k not in columns}
        elif isinstance(value, dict):
            text = str(value.get("text", ""))
            fields = {k: v for k, v in value.items() if k != "text"}
        else:
            text, fields = str(value), {}
        result = TableRoll(table.id, table.title, text, dice_roll, row.index, row.range_label(),
                           fields, nested)
        result.shuffled = shuffled
        if isinstance(value, dict) and columns and table.kind != "column":
            result.columns = {key: value.get(key) for key in columns}
        if row.then and table.kind != "column":
            self._follow(table, row, result, rng, depth, budget)
        if dice_roll is not None and rows_of.match and is_match(dice_roll):
            result.match = rows_of.match
        budget.path.pop()
        return self._dressed(table, result)

    def _dressed(self, table: Table, result: TableRoll) -> TableRoll:
        """The credit and see-also links every result of the table carries."""
        credit = table.credit
        if credit is None and table.column_of:
            credit = self.lookup(table.column_of).credit
        result.source = credit.line() if credit else None
        result.suggest = [{"table": ref, "title": self._title(ref)} for ref in table.suggest]
        return result

    def _title(self, table_id: str) -> str:
        try:
            return self.lookup(table_id).title
        except TableError:
            return table_id

    def _pick(self, table: Table, rng: Rng, again: bool,
              budget: Budget) -> tuple[RollResult | None, Row]:
        """The table's dice (if any) and the row they give; a repeat skips rows that repeat."""
        if table.kind == "range":
            assert table.dice is not None
            for _ in range(MAX_REROLLS):
                dice_roll = self._dice(table.dice, rng, budget)
                row = self._row_for(table, dice_roll.total)
                if not (again and row.rolls_self):
                    return dice_roll, row
            raise TableError(f"table {table.id}: {MAX_REROLLS} rolls in a row asked to roll again")
        rows = [r for r in table.rows if not r.display and not (again and r.rolls_self)]
        index = rng.weighted_index([r.weight for r in rows])
        return None, rows[index]

    def _draw(self, table: Table, rng: Rng, again: bool,
              budget: Budget) -> tuple[bool, tuple[RollResult | None, Row]]:
        """A draw from a deck: (whether it was shuffled first, the dice and the row)."""
        playable = [r for r in table.rows if not r.display and not (again and r.rolls_self)]
        drawn = self.decks.setdefault(table.id, [])
        shuffled = all(r.index in drawn for r in playable)
        if shuffled:
            drawn.clear()
        left = [r for r in playable if r.index not in drawn]
        if table.kind == "range":
            assert table.dice is not None
            for _ in range(MAX_REROLLS):
                dice_roll = self._dice(table.dice, rng, budget)
                row = self._row_for(table, dice_roll.total)
                if row in left:
                    drawn.append(row.index)
                    return shuffled, (dice_roll, row)
            odds = dict(distribution(table.dice).probabilities)
            chances = [sum((p for v, p in odds.items() if r.low is not None and r.high is not None
                            and r.low <= v <= r.high), Fraction(0)) for r in left]
            scale = lcm(*(c.denominator for c in chances))
            index = rng.weighted_index([int(c * scale) for c in chances])
            drawn.append(left[index].index)
            return shuffled, (None, left[index])
        index = rng.weighted_index([r.weight for r in left])
        drawn.append(left[index].index)
        return shuffled, (None, left[index])

    def _follow(self, table: Table, row: Row, result: TableRoll, rng: Rng, depth: int,
                budget: Budget) -> None:
        """The row's `then:` rolls: made (their texts joined to the row's) or offered."""
        texts: list[str] = []
        for follow in row.then:
            target = table if follow.table is None else self.lookup(follow.table)
            if not follow.auto:
                result.offers.append({"table": target.id, "title": target.title,
                                      "times": follow.times})
                continue
            for sub in self._repeat(target, follow, rng, depth, budget):
                result.nested.append({"kind": "table", **sub.to_dict()})
                texts.append(sub.text)
                result.offers.extend(o for o in sub.offers if o not in result.offers)
        if texts:
            joined = "; ".join(texts)
            if not result.text:
                result.text = joined
            elif result.text.endswith((".", ":", "!", "?")):
                result.text = f"{result.text} {joined}"
            else:
                result.text = f"{result.text}: {joined}"

    def _repeat(self, target: Table, follow: FollowUp, rng: Rng, depth: int,
                budget: Budget) -> list[TableRoll]:
        again = follow.table is None
        results: list[TableRoll] = []
        drawn: set[tuple[int | None, str]] = set()
        for _ in range(follow.times):
            sub = self._roll(target, rng, depth + 1, budget, again=again)
            key = (sub.row, sub.text)
            if follow.duplicates == "reroll":
                for _ in range(MAX_REROLLS):
                    if key not in drawn:
                        break
                    sub = self._roll(target, rng, depth + 1, budget, again=again)
                    key = (sub.row, sub.text)
            elif follow.duplicates == "worse" and key in drawn:
                sub.text += WORSE
            drawn.add(key)
            results.append(sub)
        return results

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
            if row.display or row.low is None or row.high is None:
                continue
            if row.low <= total <= row.high:
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
        target, mark, column = arg.strip().partition("#")
        sub = self._roll(self.lookup(target.strip()), rng, depth + 1, budget)
        nested.append({"kind": "table", **sub.to_dict()})
        if mark and column.strip() in sub.columns:  # {@id#column}: one column of the row
            return str(sub.columns[column.strip()] or "")
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


def _table_before(table: Table) -> str:
    """What a player rolling by hand is told first: the table, the dice it is rolled with, its rows."""
    rows = len([r for r in table.rows if not r.display])
    how = f"rolled with {table.dice}" if table.kind == "range" and table.dice else "one row picked"
    return f"table {table.title}: {how}, {rows} row{'s' if rows != 1 else ''}"
