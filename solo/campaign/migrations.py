"""Bringing old save files up to the current format, one version at a time.

Each step is a function from the document of version N to version N+1,
registered in `MIGRATIONS[N]`; `migrate` chains them.  A step never touches
the file: the migrated campaign is written in the current format at its next
save, and the backup kept by that save is the old file, untouched.

Version 0 was the first, flat shape, written during early development:

    {"version": 0, "name", "seed", "created", "system", "chaos",
     "scene": 3, "scene_open": true, "expectation": "...",
     "pcs": [{"name", "sheet", "set_up_well", "leverage"}], "npcs": [{"name", "sheet"}],
     "threads": [{"text", "closed"}], "people": [{"name", "note"}],
     "clocks": [{"name", "size", "ticks"}], "marks": 2, "clues": 1, "rng": {...},
     "journal": [{"time", "scene", "type", "text", "data"}],
     "log": [{"action", "args", "time"}]}

Version 1 was the whole campaign in one file, rewritten on every move.
Version 2 is the same document used as a snapshot beside the action log
(`log.py`): it adds `"log": {"id", "seq", "offset"}`, where the snapshot
stands in its log.  A version-1 document becomes a version-2 one with
`"log": null`, which the store reads as "the log starts here": on its first
opening for play the store starts a log for it and keeps the version-1 file
as `<slug>.json.v1` (see `store.py`).

Version 0 times carried a "+00:00" offset instead of "Z", and the table action was
called "table".  Version 0 kept no undo steps, and could not change a
campaign's system after creation, so its system is also its starting one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solo.campaign.fields import StateError, items, need
from solo.campaign.slugs import slugify

CURRENT_VERSION = 2

_V0_ACTION_NAMES = {"table": "table_roll"}


def _time(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise StateError(f"{where}: expected a time as text, found {value!r}")
    return value.replace("+00:00", "Z")


def _v0_to_v1(doc: dict[str, Any]) -> dict[str, Any]:
    name = need(doc, "name", str, "file")
    system = doc.get("system")
    characters: list[dict[str, Any]] = []
    for role, key in (("pc", "pcs"), ("npc", "npcs")):
        for where, c in items(doc, key, "file"):
            characters.append({
                "id": len(characters) + 1, "name": need(c, "name", str, where), "role": role,
                "sheet": need(c, "sheet", dict, where, default={}),
                "set_up_well": need(c, "set_up_well", bool, where, default=False),
                "leverage": need(c, "leverage", bool, where, default=False),
            })
    threads = [{"id": i + 1, "text": need(t, "text", str, w),
                "open": not need(t, "closed", bool, w, default=False)}
               for i, (w, t) in enumerate(items(doc, "threads", "file"))]
    notables = [{"name": need(p, "name", str, w), "kind": "person",
                 "note": need(p, "note", str, w, default="")}
                for w, p in items(doc, "people", "file")]
    clocks = [{"name": need(c, "name", str, w), "segments": need(c, "size", int, w),
               "filled": need(c, "ticks", int, w, default=0)}
              for w, c in items(doc, "clocks", "file")]
    journal = [{"at": _time(e.get("time"), f"{w}.time"), "scene": need(e, "scene", int, w),
                "kind": need(e, "type", str, w), "text": need(e, "text", str, w),
                "data": need(e, "data", dict, w, default={})}
               for w, e in items(doc, "journal", "file")]
    actions = []
    for w, a in items(doc, "log", "file"):
        action = need(a, "action", str, w)
        actions.append({"name": _V0_ACTION_NAMES.get(action, action),
                        "params": need(a, "args", dict, w, default={}),
                        "at": _time(a.get("time"), f"{w}.time")})
    return {
        "format": "solo-campaign",
        "version": 1,
        "saved": doc.get("saved", ""),
        "name": name,
        "slug": slugify(name),
        "seed": need(doc, "seed", int, "file"),
        "created": _time(doc.get("created"), "file.created"),
        "origin": {"system": system},
        "state": {
            "system": system,
            "chaos": need(doc, "chaos", int, "file", default=5),
            "scene": {"number": need(doc, "scene", int, "file", default=0),
                      "open": need(doc, "scene_open", bool, "file", default=False),
                      "expectation": need(doc, "expectation", str, "file", default="")},
            "characters": characters,
            "threads": threads,
            "notables": notables,
            "clocks": clocks,
            "countdown": need(doc, "marks", int, "file", default=0),
            "clues": need(doc, "clues", int, "file", default=0),
            "extra": {},
            "rng": need(doc, "rng", dict, "file"),
        },
        "journal": journal,
        "actions": actions,
        "undo": [],
    }


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    return {**doc, "version": 2, "log": None}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _v0_to_v1, 1: _v1_to_v2}


def migrate(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` brought up to `CURRENT_VERSION` (returned as it is when already current)."""
    version = doc.get("version")
    while version != CURRENT_VERSION:
        step = MIGRATIONS.get(version)  # type: ignore[arg-type]
        if step is None:
            raise StateError(f"no way to read save format version {version!r}")
        doc = step(doc)
        version = doc["version"]
    return doc
