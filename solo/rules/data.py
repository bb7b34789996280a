"""System data read from tables: NPCs, armour, fallout lists, house rules.

Every system keeps its numbers and words in `tables/systems/<system>/` as
ordinary tables whose rows carry extra fields, so they are validated like any
table and a player can replace one (their own NPCs, their own fallout) with
`--tables DIR`.  This module turns those rows into plain records and names
the table when one is missing or malformed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from solo.dice import DiceError, Rng
from solo.dice.notation import DiceTerm, parse
from solo.locations import TABLES_ENV
from solo.rules.engine import RulesError
from solo.tables import TableSet, load_tables
from solo.tables.grammar import TableError
from solo.tables.model import Table


@lru_cache(maxsize=4)
def _default_tables(env: str) -> TableSet:
    return load_tables()


def default_tables() -> TableSet:
    """Built-in tables plus SOLO_TABLES, loaded once per process."""
    return _default_tables(os.environ.get(TABLES_ENV, ""))


class SystemData:
    """One system's view of a TableSet."""

    def __init__(self, system_id: str, tables: TableSet | None = None):
        self.system_id = system_id
        self.tables = tables if tables is not None else default_tables()
        self._plain: dict[str, tuple[Table, Callable[[Rng], dict[str, Any]] | None]] = {}

    def has(self, table_id: str) -> bool:
        return table_id in self.tables

    def records(self, table_id: str) -> list[dict[str, Any]]:
        """The rows of a table as dicts: `text` plus every extra field."""
        try:
            table = self.tables.get(table_id)
        except TableError as exc:
            raise RulesError(f"{self.system_id} needs the table {table_id!r}: {exc}") from None
        out = []
        for row in table.rows:
            record = dict(row.fields)
            record["text"] = row.text
            out.append(record)
        return out

    def keyed(self, table_id: str, key: str = "id") -> dict[str, dict[str, Any]]:
        """Rows by a field (default `id`); a row without it is a data error naming the table."""
        out: dict[str, dict[str, Any]] = {}
        for index, record in enumerate(self.records(table_id)):
            value = record.get(key)
            if not isinstance(value, str) or not value:
                raise RulesError(f"table {table_id!r} row {index + 1} needs a {key!r} field")
            out[value] = record
        return out

    def settings(self, table_id: str) -> dict[str, Any]:
        """A one-row table whose fields are configuration (house rules)."""
        records = self.records(table_id)
        if len(records) != 1:
            raise RulesError(f"table {table_id!r} must have exactly one row of settings")
        return records[0]

    def roll(self, table_id: str, rng: Rng) -> dict[str, Any]:
        """Roll a table; the row's fields plus its (expanded) text.

        A plain table (`plain_lookup`) is read straight from the one draw the table roller makes for
        it: the same dice, the same row, without the roller's bookkeeping (a forecast rolls wounds
        and fallout in thousands of fights).
        """
        try:
            table = self.tables.get(table_id)
            known = self._plain.get(table_id)
            if known is None or known[0] is not table:
                known = self._plain[table_id] = (table, plain_lookup(table))
            if known[1] is not None and not getattr(rng, "entered", False):
                return known[1](rng)
            result = self.tables.roll(table_id, rng)
        except TableError as exc:
            raise RulesError(f"{self.system_id} needs the table {table_id!r}: {exc}") from None
        record = dict(result.fields)
        record["text"] = result.text
        if result.dice is not None:
            record["roll"] = result.dice.total
        return record

    def name(self, rng: Rng, fallback: str) -> str:
        """A given name from the shared name tables, if they are there."""
        if "names/given" in self.tables:
            return self.tables.roll("names/given", rng).text
        return fallback


def need(record: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """A field of a data row, checked, with an error naming the row."""
    if key not in record:
        raise RulesError(f"{where} has no {key!r}")
    value = record[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise RulesError(f"{where}: {key!r} has the wrong type ({value!r})")
    return value


def find(rows: Mapping[str, Mapping[str, Any]], text: Any, what: str, where: str = "",
         known: Iterable[str] | None = None) -> str:
    """The key of the row `text` names, by its key or (any case) its ``text``; else a RulesError
    "no <what> called 'x'<where>; known: ..." listing `known` (default: the rows' texts)."""
    key = str(text).strip().lower()
    if key in rows:
        return key
    for row_key, record in rows.items():
        if str(record.get("text", "")).lower() == key:
            return row_key
    names = known if known is not None else (str(r.get("text", k)) for k, r in rows.items())
    raise RulesError(f"no {what} called {text!r}{where}; known: {', '.join(names)}")


class KeyedTable:
    """A table read once, by its rows' ids, as a cached attribute: ``skills = KeyedTable("skills")``.

    The owner gives `data` (a SystemData) and `prefix` (the folder of its
    tables, "resistance/fantastical-crusades"); the attribute is
    ``data.keyed(prefix + "/" + name)``, read on first use and kept.
    """

    def __init__(self, name: str):
        self.name = name

    def __set_name__(self, owner: type, attribute: str) -> None:
        self.attribute = attribute

    def __get__(self, owner: Any, cls: type | None = None) -> dict[str, dict[str, Any]]:
        if owner is None:
            return self  # type: ignore[return-value]
        rows: dict[str, dict[str, Any]] = owner.data.keyed(f"{owner.prefix}/{self.name}")
        owner.__dict__[self.attribute] = rows
        return rows


def plain_lookup(table: Table) -> Callable[[Rng], dict[str, Any]] | None:
    """How `SystemData.roll` reads a plain table: its record from the draw the table roller makes.

    Plain: rows by weight, or by one die (d6, d10; not a d66); no row asks for further rolls, no text
    has a reference to fill in, every field is a single value; no columns, no deck.  The roller draws
    `Rng.weighted_index` of the weights, or one `Rng.die`, and finds the row the same way.  Anything
    else (None here) goes through the roller.
    """
    if table.kind not in ("range", "weight") or table.deck or table.columns or table.column_of:
        return None
    rows = [row for row in table.rows if not row.display]
    if not rows or any(row.then or not _literal(row.value) for row in rows):
        return None
    records = [{**row.fields, "text": row.text} for row in rows]
    if table.kind == "weight":
        weights = [row.weight for row in rows]
        return lambda rng: dict(records[rng.weighted_index(weights)])
    try:
        terms = parse(table.dice or "").terms
    except DiceError:
        return None
    term = terms[0] if len(terms) == 1 else None
    if not isinstance(term, DiceTerm) or term.count != 1 or term.keep is not None or term.sign != 1 \
            or term.sides == 66:
        return None
    by_roll: list[dict[str, Any]] = []
    for total in range(1, term.sides + 1):  # the first row whose range holds the roll, as the roller finds it
        found = next((record for row, record in zip(rows, records, strict=True)
                      if row.low is not None and row.high is not None and row.low <= total <= row.high), None)
        if found is None:
            return None  # a gap: the roller's error says so
        by_roll.append({**found, "roll": total})
    sides = term.sides
    return lambda rng: dict(by_roll[rng.die(sides) - 1])


def _literal(value: Any) -> bool:
    """A row's value with nothing to fill in: a text without references, or single values."""
    if isinstance(value, str):
        return "{" not in value
    if isinstance(value, dict):
        return all(_literal(v) if isinstance(v, str) else isinstance(v, int | float | bool | None)
                   for v in value.values())
    return False
