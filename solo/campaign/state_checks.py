"""The shape checks for the oracle's and the rules' slices of `Campaign.extra`.

They live apart from the moves that keep those slices (`oracle_moves`,
`actors`, `encounter_moves`) so opening a campaign can check its whole file
without loading the oracle or the rules engine: the moves themselves load on
first use (`solo.campaign.actions.PROVIDERS`).  The names here must match the
modules' own (a test keeps them equal).
"""

from __future__ import annotations

from typing import Any

from solo.campaign.extra import extra_check
from solo.campaign.fields import StateError, describe, items, need, within

TABLES = "tables"
DRAWN = "drawn"  # deck tables' drawn rows: table id -> row numbers (0-based)
ORACLE = "oracle"
RULES = "rules"
ENCOUNTER = "encounter"
LAST_ENCOUNTER = "last_encounter"
MAX_ROUNDS = 1000
JOURNAL = "journal"  # journal_edits: how edited or struck-out entries read now
EDITS = "edits"


@extra_check(TABLES, DRAWN)
def _check_drawn(value: Any, where: str) -> None:
    if not isinstance(value, dict):
        raise StateError(f"{where}: expected a mapping of table ids to drawn rows, found"
                         f" {describe(value)}")
    for table_id, rows in value.items():
        if not isinstance(rows, list) or not all(
                isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in rows):
            raise StateError(f"{where}.{table_id}: expected a list of row numbers, found"
                             f" {describe(rows)}")


@extra_check(ORACLE, "scene_clue")
def _check_scene_clue(value: Any, where: str) -> None:
    if value is None:
        return
    within(need(value, "scene", int, where), 0, 10**9, f"{where}.scene")
    need(value, "benefit", str, where)
    need(value, "effect", str, where)


@extra_check(ORACLE, "journey_pending")
def _check_journey(value: Any, where: str) -> None:
    if value is None:
        return
    from solo.oracle.errors import OracleError
    from solo.oracle.journey import event_from_dict

    try:
        event_from_dict(value)
    except OracleError as exc:
        raise StateError(f"{where}: {exc}") from None


@extra_check(RULES, "edge")
def _check_edge(value: Any, where: str) -> None:
    if value not in (-1, 0, 1) or isinstance(value, bool) or not isinstance(value, int):
        raise StateError(f"{where}: expected -1, 0 or 1, found {describe(value)}")


@extra_check(RULES, "edge_source")
def _check_edge_source(value: Any, where: str) -> None:
    if value is not None and not isinstance(value, str):
        raise StateError(f"{where}: expected text or null, found {describe(value)}")


@extra_check(RULES, ENCOUNTER)
def _check_running(value: Any, where: str) -> None:
    """The running encounter's shape; what only the engine can judge is checked on rebuilding."""
    if value is None:
        return
    need(value, "system", str, where)
    need(value, "seed", int, where)
    options = need(value, "options", dict, where)
    if "record" in options:
        raise StateError(f"{where}.options: 'record' is not an encounter option")
    if "max_rounds" in options:
        within(need(options, "max_rounds", int, f"{where}.options"), 1, MAX_ROUNDS,
               f"{where}.options.max_rounds")
    within(need(value, "round", int, where), 1, 10**6, f"{where}.round")
    for side in ("party", "foes"):
        members = items(value, side, where)
        if not members:
            raise StateError(f"{where}.{side}: nobody is on this side")
        for place, member in members:
            need(member, "sheet", dict, place)
            if side == "party" or member.get("character") is not None:
                need(member, "character", int, place)
    for place, move in items(value, "moves", where):
        if not isinstance(move, dict):
            raise StateError(f"{place}: expected a mapping, found {describe(move)}")


@extra_check(RULES, LAST_ENCOUNTER)
def _check_last(value: Any, where: str) -> None:
    if value is not None and not isinstance(value, dict):
        raise StateError(f"{where}: expected a mapping or null, found {describe(value)}")


@extra_check(JOURNAL, EDITS)
def _check_edits(value: Any, where: str) -> None:
    if not isinstance(value, dict):
        raise StateError(f"{where}: expected a mapping of entry numbers to edits, found"
                         f" {describe(value)}")
    for number, change in value.items():
        if not number.isdigit() or not isinstance(change, dict):
            raise StateError(f"{where}.{number}: expected an entry number and its edit")
        need(change, "text", str, f"{where}.{number}")
        need(change, "struck", bool, f"{where}.{number}")
