"""The rules systems solo knows, by id.

A system is added by writing its package under `solo/rules/` and one line in
`SYSTEMS`; the rest of solo (commands, campaigns, the oracle) finds it here.
Systems are built lazily and once per set of tables, since building one reads
its data tables.
"""

from __future__ import annotations

import importlib
from typing import Any

from solo.rules.engine import RulesError, System

# id -> "module:Class"
SYSTEMS: dict[str, str] = {
    "nine-powers": "solo.rules.nine_powers:NinePowers",
    "resistance": "solo.rules.resistance:Resistance",
    "rogue-spire": "solo.rules.rogue_spire:RogueSpire",
    "action-dice": "solo.rules.action_dice:ActionDice",
    "masque": "solo.rules.masque:Masque",
}

_built: dict[str, System] = {}


def ids() -> list[str]:
    return list(SYSTEMS)


def system_class(system_id: str) -> type[System]:
    """The class of a system, without reading its tables (for what it declares: options, `moves()`...)."""
    key = str(system_id).strip().lower()
    if key not in SYSTEMS:
        raise RulesError(f"no rules system called {system_id!r}; known: {', '.join(SYSTEMS)}")
    return _class(key)


def _class(key: str) -> type[System]:
    module, cls = SYSTEMS[key].split(":")
    return getattr(importlib.import_module(module), cls)


def get(system_id: str, tables: Any = None) -> System:
    """The system with this id, reading its data from `tables` (default: built-in + SOLO_TABLES)."""
    key = str(system_id).strip().lower()
    if key not in SYSTEMS:
        raise RulesError(f"no rules system called {system_id!r}; known: {', '.join(SYSTEMS)}")
    if tables is not None:
        return _class(key)(tables)
    default = _default()
    cached = _built.get(key)
    if cached is None or cached.data.tables is not default:  # type: ignore[attr-defined]
        cached = _built[key] = _class(key)(None)
    return cached


def _default() -> Any:
    from solo.rules.data import default_tables

    return default_tables()
