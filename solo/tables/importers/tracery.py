"""Tracery grammars (JSON: each symbol mapped to its rules) as solo grammar tables.

Tracery's own syntax is solo's: `#symbol#`, `[name:#rule#]` and modifiers
after a dot.  What Tracery tolerates and solo's checks do not is reported:
with no `origin` the first symbol starts (Tracery itself would need one
named); a symbol never reached from the start is left out, named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.tables.grammar import analyse, reachable_symbols
from solo.tables.importers.common import Conversion, Draft, Group, ImportFailure, join_id, read_json, slug

BAD_SYMBOL = set("#[]:.@=")


def convert(path: Path, prefix: str | None) -> Conversion:
    data = read_json(path, "a Tracery grammar")
    if not isinstance(data, dict) or not data:
        raise ImportFailure(f"{path}: not a Tracery grammar: the file must hold one JSON object"
                            " mapping symbols to lists of rules")
    rules: dict[str, list[str]] = {}
    lost: list[str] = []
    for symbol, value in data.items():
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, (str, int, float)) for v in value):
            raise ImportFailure(f"{path}: not a Tracery grammar: symbol {symbol!r} must map to a"
                                " list of rules (text)")
        if not symbol or BAD_SYMBOL & set(symbol):
            lost.append(f"symbol {symbol!r} holds a character solo keeps for its syntax; left out")
            continue
        if not value:
            lost.append(f"symbol {symbol!r} has no rules; left out")
            continue
        rules[symbol] = [str(v) for v in value]
    if not rules:
        raise ImportFailure(f"{path}: not a Tracery grammar: no symbol has rules")
    start = "origin" if "origin" in rules else next(iter(rules))
    if start != "origin":
        lost.append(f"no 'origin' symbol: expands from '{start}', the first one")
    reached = reachable_symbols(start, analyse(rules))
    for symbol in [s for s in rules if s not in reached]:
        lost.append(f"symbol '{symbol}' is never reached from '{start}'; left out")
        del rules[symbol]
    name = slug(path.stem)
    table: dict[str, Any] = {"id": join_id(prefix or "", name),
                             "title": path.stem.replace("_", " ")}
    table["grammar"] = rules
    if start != "origin":
        table["start"] = start
    group = Group(join_id(prefix or "", name), table["title"], drafts=[Draft(table, lost)])
    return Conversion("tracery", path, "Tracery", [group])
