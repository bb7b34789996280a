"""The snapshot's format: one JSON document per campaign, versioned.

`<slug>.json` is a snapshot: the whole campaign as it stood after record
`log.seq` of its action log (`log.py`), rewritten now and then rather than
on every move (see `store.py`).

JSON rather than YAML because a long campaign's file is large (10,000
journal entries is a few megabytes) and the standard library reads and
writes JSON an order of magnitude faster; it stays readable because the
writer lays it out by hand: the campaign's state one field per line, then
the journal, the action log and the undo steps one entry per line, so a
player can read (or grep, or diff) the story in any text editor.

Layout of format version 2 (`CURRENT_VERSION`):

    {
     "format": "solo-campaign", "version": 2, "saved": "<UTC time>",
     "name", "slug", "seed", "created",
     "origin": {"system": ...},        settings the campaign started with (for replay)
     "state": {...},                   Campaign.state_dict(): chaos, scene, characters, rng...
     "journal": [{at, scene, kind, text, data}, ...],
     "actions": [{name, params, at}, ...],
     "undo": [{action, at, journal, actions, state}, ...]   oldest first
     "log": {"id", "seq", "offset"}    the log it belongs to, the last record it holds,
                                       and the byte offset in the log just after that record
    }

Every decoding failure (not UTF-8, not JSON, an integer of thousands of
digits, nesting deeper than the stack, a lone surrogate escape, a wrong type
anywhere) is a `DamagedSave` naming the file (`jsontext.py`).

Older versions are brought up to date by `solo.campaign.migrations` before
they are read; a newer version than this program knows is refused, never
guessed at.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solo.campaign.fields import StateError, items, need, optional_text
from solo.campaign.journal import ActionRecord, JournalEntry, UndoStep, utc_now
from solo.campaign.jsontext import BadJson, loads
from solo.campaign.migrations import CURRENT_VERSION, migrate
from solo.campaign.state import Campaign
from solo.dice import Rng
from solo.errors import SoloError

FORMAT = "solo-campaign"
KIND = re.compile(r"^[a-z][a-z0-9_-]*$")


class SaveError(SoloError):
    """A save file that cannot be read; the message names the file and what is wrong."""

    def __init__(self, message: str, path: Path):
        super().__init__(message)
        self.path = path


class DamagedSave(SaveError):
    """Truncated, not JSON, or holding values that make no sense."""


class NewerSave(SaveError):
    """Written by a newer solo, in a format this one does not know."""


# -- writing ---------------------------------------------------------------------
def to_document(campaign: Campaign, saved: str | None = None,
                log: LogRef | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": CURRENT_VERSION,
        "saved": saved or utc_now(),
        "name": campaign.name,
        "slug": campaign.slug,
        "seed": campaign.seed,
        "created": campaign.created,
        "origin": campaign.origin,
        "state": campaign.state_dict(),
        "journal": [e.to_dict() for e in campaign.journal],
        "actions": [a.to_dict() for a in campaign.actions],
        "undo": [u.to_dict() for u in campaign.undo],
        "log": log.to_dict() if log is not None else None,
    }


# How deep each top-level value is spread over lines; deeper parts stay on one line.
_SPREAD = {"state": 2, "journal": 1, "actions": 1, "undo": 1}


def _layout(value: Any, depth: int, indent: int) -> str:
    # A list spreads one element per line at depth 1; a mapping needs depth 2,
    # so small mappings (a scene, a journal entry) stay on one line.
    spread = depth >= 2 if isinstance(value, dict) else depth >= 1 and isinstance(value, list)
    if not spread or not value:
        return json.dumps(value, ensure_ascii=False)
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        inner = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_layout(v, depth - 1, indent + 1)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(inner) + "\n" + " " * indent + "}"
    inner = [pad + _layout(v, depth - 1, indent + 1) for v in value]
    return "[\n" + ",\n".join(inner) + "\n" + " " * indent + "]"


def render(document: dict[str, Any]) -> str:
    try:
        parts = [f" {json.dumps(key)}: {_layout(value, _SPREAD.get(key, 0), 1)}"
                 for key, value in document.items()]
    except (TypeError, ValueError, RecursionError) as exc:
        raise SoloError(f"campaign {document.get('name')!r} holds data that cannot be saved: {exc}") from None
    return "{\n" + ",\n".join(parts) + "\n}\n"


# -- reading ---------------------------------------------------------------------
def _decode(raw: bytes, path: Path) -> Any:
    if not raw.strip():
        raise DamagedSave(f"{path} is damaged: the file is empty", path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DamagedSave(f"{path} is damaged: byte {exc.start} is not UTF-8 text", path) from None
    try:
        return loads(text)
    except BadJson as exc:
        if exc.truncated:
            raise DamagedSave(f"{path} is damaged: it stops in the middle (truncated after"
                              f" {len(raw)} bytes, {str(exc).split('(')[-1]}", path) from None
        raise DamagedSave(f"{path} is damaged: {exc}", path) from None


def parse(raw: bytes, path: Path) -> Campaign:
    """A campaign from a save file's bytes; `SaveError` naming `path` when it cannot be."""
    return parse_snapshot(raw, path)[0]


def parse_snapshot(raw: bytes, path: Path) -> tuple[Campaign, LogRef | None]:
    """A campaign and the log position it holds (None: written before logs, or a plain export)."""
    document = _decode(raw, path)
    if not isinstance(document, dict):
        raise DamagedSave(f"{path} is damaged: expected a JSON object at the top", path)
    version = document.get("version")
    if document.get("format", FORMAT if version == 0 else None) != FORMAT:
        raise DamagedSave(f"{path} is not a solo campaign save (it lacks \"format\": \"{FORMAT}\")",
                          path)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise DamagedSave(f"{path} is damaged: its format version is {version!r},"
                          " not a whole number", path)
    if version > CURRENT_VERSION:
        raise NewerSave(f"{path} was saved by a newer solo (save format {version}; this solo"
                        f" reads formats up to {CURRENT_VERSION}): update solo to open it", path)
    try:
        current = migrate(document)
        return from_document(current), _log_ref(current.get("log"))
    except StateError as exc:
        raise DamagedSave(f"{path} is damaged: {exc}", path) from None
    except RecursionError:
        raise DamagedSave(f"{path} is damaged: its JSON is nested too deeply to read", path) from None


@dataclass(frozen=True)
class LogRef:
    """Where a snapshot stands in its log: the log's id, the last record held, the byte after it."""

    id: str
    seq: int
    offset: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "seq": self.seq, "offset": self.offset}


def _log_ref(value: Any) -> LogRef | None:
    if value is None:
        return None
    log_id = need(value, "id", str, "file.log")
    seq = need(value, "seq", int, "file.log")
    offset = need(value, "offset", int, "file.log")
    if seq < 0 or offset < 0 or not log_id:
        raise StateError("file.log: a negative position in the log")
    return LogRef(log_id, seq, offset)


def from_document(doc: dict[str, Any]) -> Campaign:
    """Build a campaign from a current-version document, checking every value."""
    name = need(doc, "name", str, "file")
    campaign = Campaign(
        name=name,
        slug=need(doc, "slug", str, "file"),
        seed=need(doc, "seed", int, "file"),
        rng=Rng(0),
        created=need(doc, "created", str, "file"),
    )
    # Only the settings `Campaign.new` takes, so a replay can always start from them.
    campaign.origin = {"system": optional_text(need(doc, "origin", dict, "file", default={}),
                                               "system", "file.origin")}
    campaign.load_state(need(doc, "state", dict, "file"), "state")
    campaign.journal = [entry_from(d, w) for w, d in items(doc, "journal", "file")]
    campaign.actions = [_record(d, w) for w, d in items(doc, "actions", "file")]
    campaign.undo = [_undo_step(d, w, campaign) for w, d in items(doc, "undo", "file")]
    previous = (0, 0)
    for i, step in enumerate(campaign.undo):
        mark = (step.journal, step.actions)
        if mark < previous:
            raise StateError(f"undo[{i}]: undo steps are out of order")
        previous = mark
    return campaign


def entry_from(data: Any, where: str) -> JournalEntry:
    kind = need(data, "kind", str, where)
    if not KIND.match(kind):
        raise StateError(f"{where}.kind: {kind!r} is not a lower-case word")
    return JournalEntry(need(data, "at", str, where), need(data, "scene", int, where), kind,
                        need(data, "text", str, where), need(data, "data", dict, where, default={}))


def _record(data: Any, where: str) -> ActionRecord:
    return ActionRecord(need(data, "name", str, where), need(data, "params", dict, where),
                        need(data, "at", str, where))


def _undo_step(data: Any, where: str, campaign: Campaign) -> UndoStep:
    journal = need(data, "journal", int, where)
    actions = need(data, "actions", int, where)
    if not 0 <= journal <= len(campaign.journal) or not 0 <= actions <= len(campaign.actions):
        raise StateError(f"{where}: points past the end of the journal or the action log")
    state = need(data, "state", dict, where)
    Campaign(campaign.name, campaign.slug, campaign.seed, Rng(0)).load_state(state, f"{where}.state")
    return UndoStep(need(data, "action", str, where), need(data, "at", str, where), state,
                    journal, actions)
