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
     "redo": [{name, params, at, entries, state}, ...]      what undo took back, newest last
                                       (absent in older files: nothing to redo)
     "log": {"id", "seq", "offset"}    the log it belongs to, the last record it holds,
                                       and the byte offset in the log just after that record
    }

`read_snapshot` reads a file in this layout without holding its journal or
action log (see `stored.py`); any other layout is parsed whole, with the
same result.

Every decoding failure (not UTF-8, not JSON, an integer of thousands of
digits, nesting deeper than the stack, a lone surrogate escape, a wrong type
anywhere) is a `DamagedSave` naming the file (`jsontext.py`).

Older versions are brought up to date by `solo.campaign.migrations` before
they are read; a newer version than this program knows is refused, never
guessed at.
"""

from __future__ import annotations

import json
import os
import re
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solo.campaign.fields import StateError, items, need, optional_text
from solo.campaign.journal import ActionRecord, JournalEntry, UndoStep, utc_now
from solo.campaign.jsontext import BadJson, loads
from solo.campaign.migrations import CURRENT_VERSION, migrate
from solo.campaign.state import Campaign
from solo.campaign.stored import StoredList
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
                log: LogRef | None = None, lines: bool = False) -> dict[str, Any]:
    """The campaign as one JSON-ready mapping.

    With `lines`, the journal and the action log are `_Lines` of JSON text
    instead of lists of mappings (for `render` only): entries still in the
    snapshot file are copied as they are there, never decoded.
    """
    if lines:
        journal: Any = _Lines(campaign.journal, JournalEntry.to_dict)
        actions: Any = _Lines(campaign.actions, ActionRecord.to_dict)
    else:
        journal = [e.to_dict() for e in campaign.journal]
        actions = [a.to_dict() for a in campaign.actions]
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
        "journal": journal,
        "actions": actions,
        "undo": [u.to_dict() for u in campaign.undo],
        "redo": campaign.redo,
        "log": log.to_dict() if log is not None else None,
    }


class _Lines:
    """A journal or action log to be written one element per line, each already JSON text."""

    def __init__(self, items: Any, encode: Any):
        self.items, self.encode = items, encode

    def __len__(self) -> int:
        return len(self.items)

    def text(self) -> Iterator[str]:
        """The elements one per line, `  <json>` joined by `,\n`, in pieces."""
        if isinstance(self.items, StoredList):
            yield from self.items.json_text(self.encode)
            return
        separator = ""
        for item in self.items:
            yield f"{separator}  {json.dumps(self.encode(item), ensure_ascii=False)}"
            separator = ",\n"


# How deep each top-level value is spread over lines; deeper parts stay on one line.
_SPREAD = {"state": 2, "journal": 1, "actions": 1, "undo": 1, "redo": 1}


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
    return "".join(render_chunks(document))


def render_chunks(document: dict[str, Any]) -> Iterator[str]:
    """The document's text in pieces, a journal line at a time: a long campaign is written
    without ever being one string in memory."""
    last = len(document) - 1
    yield "{\n"
    for n, (key, value) in enumerate(document.items()):
        end = ",\n" if n < last else "\n"
        if isinstance(value, _Lines):
            if not len(value):
                yield f" {json.dumps(key)}: []{end}"
                continue
            yield f" {json.dumps(key)}: [\n"
            pieces = value.text()
            while True:
                try:
                    piece = next(pieces, None)
                except (TypeError, ValueError, RecursionError) as exc:
                    raise SoloError(f"campaign {document.get('name')!r} holds data that cannot be"
                                    f" saved: {exc}") from None
                if piece is None:
                    break
                yield piece
            yield f"\n ]{end}"
            continue
        try:
            yield f" {json.dumps(key)}: {_layout(value, _SPREAD.get(key, 0), 1)}{end}"
        except (TypeError, ValueError, RecursionError) as exc:
            raise SoloError(f"campaign {document.get('name')!r} holds data that cannot be saved:"
                            f" {exc}") from None
    yield "}\n"


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


# -- reading a snapshot line by line ---------------------------------------------------
_LISTS = {b' "journal": [\n': "journal", b' "actions": [\n': "actions"}


def _decode_entry(data: Any) -> JournalEntry:
    # The checks of `entry_from` inline for a value that passes them, as in `_check_all`: an entry
    # read back is decoded each time it is drawn or counted.
    if type(data) is dict:
        at, scene, kind, text = data.get("at"), data.get("scene"), data.get("kind"), data.get("text")
        extra = data.get("data", {})
        if (type(at) is str and type(scene) is int and type(kind) is str and type(text) is str
                and type(extra) is dict and KIND.match(kind)):
            return JournalEntry(at, scene, kind, text, extra)
    return entry_from(data, "journal")


def _decode_record(data: Any) -> ActionRecord:
    if type(data) is dict:
        name, params, at = data.get("name"), data.get("params"), data.get("at")
        if type(name) is str and type(params) is dict and type(at) is str:
            return ActionRecord(name, params, at)
    return _record(data, "actions")


_BATCH = 2048  # lines decoded by one call of the JSON parser


def _check_all(key: str, lines: list[bytes], first: int) -> None:
    """Decode and check lines `first`, `first + 1`... of a list: raises as `parse_snapshot` would."""
    journal = key == "journal"
    values = loads("[" + b",".join(lines).decode("utf-8") + "]")
    for n, value in enumerate(values):
        # The checks of `entry_from` and `_record` for a value that passes them, inline
        # (they take most of the time of opening); any other value goes through them and fails.
        if type(value) is dict and type(value.get("at")) is str:
            if journal:
                kind = value.get("kind")
                if (type(kind) is str and KIND.match(kind) and type(value.get("scene")) is int
                        and type(value.get("text")) is str and type(value.get("data", {})) is dict):
                    continue
            elif type(value.get("name")) is str and type(value.get("params")) is dict:
                continue
        (entry_from if journal else _record)(value, f"file.{key}[{first + n}]")


_DECODE = {"journal": _decode_entry, "actions": _decode_record}


def read_snapshot(handle: Any, path: Path) -> tuple[Campaign, LogRef | None, int]:
    """A campaign, its log position and the file's size, from a snapshot open as `handle`.

    A snapshot as solo writes it has the journal and the action log one
    element per line.  Those lines are read one at a time, each checked
    as `parse_snapshot` checks it, and only where it lies in the file is
    kept (`stored.py`): opening a campaign of 100,000 entries never holds
    the file, its text or its journal in memory.  The rest of the document
    is parsed as a whole.  A file laid out otherwise (written by hand, by
    an older solo, cut short) is parsed whole by `parse_snapshot`, which
    gives the same campaign or the same error.
    """
    handle.seek(0)
    size = os.fstat(handle.fileno()).st_size
    try:
        found = _scan(handle, path)
    except (StateError, BadJson, UnicodeDecodeError, RecursionError):
        found = None
    if found is not None:
        rest, spans = found
        head = _decode(rest, path)
        if isinstance(head, dict) and head.get("format") == FORMAT and head.get("version") == CURRENT_VERSION:
            fd = os.dup(handle.fileno())
            lists = {key: StoredList.open(os.dup(fd), starts, lengths, _DECODE[key])
                     for key, (starts, lengths) in spans.items()}
            os.close(fd)
            try:
                return from_document(head, lists), _log_ref(head.get("log")), size
            except StateError as exc:
                raise DamagedSave(f"{path} is damaged: {exc}", path) from None
            except RecursionError:
                raise DamagedSave(f"{path} is damaged: its JSON is nested too deeply to read",
                                  path) from None
    handle.seek(0)
    campaign, ref = parse_snapshot(handle.read(), path)
    return campaign, ref, size


def _scan(handle: Any, path: Path) -> tuple[bytes, dict[str, tuple[array, array]]] | None:
    """The document without its journal and action log lines, and where those lines are.

    None when the file is not laid out as solo writes it; a line that does
    not decode or check raises (the whole file is then parsed for the error).
    """
    rest: list[bytes] = []
    spans: dict[str, tuple[array, array]] = {}
    position = 0
    key: str | None = None
    starts = lengths = array("q")
    pending: list[bytes] = []
    last_comma = False
    for line in handle:
        here, position = position, position + len(line)
        if key is None:
            rest.append(line)
            key = _LISTS.get(line)
            if key is not None:
                if key in spans:
                    return None
                starts, lengths = array("q"), array("q")
                spans[key] = (starts, lengths)
                last_comma = True
            continue
        if line.startswith(b" ]") and line.strip(b" ,\n") == b"]":
            if last_comma or not starts:
                return None
            rest.append(line)
            key = None
            continue
        if not last_comma or line[:3] != b"  {":
            return None
        if line.endswith(b"},\n"):
            length = len(line) - 4
        elif line.endswith(b"}\n"):
            length, last_comma = len(line) - 3, False
        else:
            return None
        starts.append(here + 2)
        lengths.append(length)
        pending.append(line[2:2 + length])
        if len(pending) >= _BATCH or not last_comma:
            _check_all(key, pending, len(starts) - len(pending))
            pending.clear()
    if key is not None:
        return None
    return b"".join(rest), spans


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


# The states kept for undo and redo, not checked yet: (where, state) for `check_states`.
Pending = list[tuple[str, dict[str, Any]]]


def from_document(doc: dict[str, Any], stored: dict[str, StoredList] | None = None,
                  later: Pending | None = None) -> Campaign:
    """Build a campaign from a current-version document, checking every value.

    `stored` may hold the journal or the action log already read (and
    checked) from the file's lines; the document's own list is then empty.
    `later`: the full states kept for undo and redo (most of a snapshot's
    head: one per step) are put in this list instead of checked here, for
    `check_states` to check afterwards; everything else about the steps is
    checked now.  Undo and redo check a state again as they load it.
    """
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
    stored = stored or {}
    campaign.journal = stored.get("journal") or [  # type: ignore[assignment]
        entry_from(d, w) for w, d in items(doc, "journal", "file")]
    campaign.actions = stored.get("actions") or [  # type: ignore[assignment]
        _record(d, w) for w, d in items(doc, "actions", "file")]
    campaign.undo = [_undo_step(d, w, campaign, later) for w, d in items(doc, "undo", "file")]
    previous = (0, 0)
    for i, step in enumerate(campaign.undo):
        mark = (step.journal, step.actions)
        if mark < previous:
            raise StateError(f"undo[{i}]: undo steps are out of order")
        previous = mark
    campaign.redo = [_redo_step(d, w, campaign, later) for w, d in items(doc, "redo", "file")]
    return campaign


def check_states(campaign: Campaign, states: Pending) -> None:
    """Check states `from_document` left for later, as it checks them; `StateError` naming the first
    that does not pass."""
    for where, state in states:
        Campaign(campaign.name, campaign.slug, campaign.seed, Rng(0)).load_state(state, where)


def _step_state(data: Any, where: str, campaign: Campaign, later: Pending | None) -> dict[str, Any]:
    state = need(data, "state", dict, where)
    if later is None:
        check_states(campaign, [(f"{where}.state", state)])
    else:
        later.append((f"{where}.state", state))
    return state


def entry_from(data: Any, where: str) -> JournalEntry:
    kind = need(data, "kind", str, where)
    if not KIND.match(kind):
        raise StateError(f"{where}.kind: {kind!r} is not a lower-case word")
    return JournalEntry(need(data, "at", str, where), need(data, "scene", int, where), kind,
                        need(data, "text", str, where), need(data, "data", dict, where, default={}))


def _record(data: Any, where: str) -> ActionRecord:
    return ActionRecord(need(data, "name", str, where), need(data, "params", dict, where),
                        need(data, "at", str, where))


def _redo_step(data: Any, where: str, campaign: Campaign, later: Pending | None = None) -> dict[str, Any]:
    """One step of the redo list (`actions._redo_step`), every part checked as redo will use it."""
    record = _record(data, where)
    entries = need(data, "entries", list, where)
    for i, entry in enumerate(entries):
        entry_from(entry, f"{where}.entries[{i}]")
    state = _step_state(data, where, campaign, later)
    return {"name": record.name, "params": record.params, "at": record.at,
            "entries": entries, "state": state}


def _undo_step(data: Any, where: str, campaign: Campaign, later: Pending | None = None) -> UndoStep:
    journal = need(data, "journal", int, where)
    actions = need(data, "actions", int, where)
    if not 0 <= journal <= len(campaign.journal) or not 0 <= actions <= len(campaign.actions):
        raise StateError(f"{where}: points past the end of the journal or the action log")
    state = _step_state(data, where, campaign, later)
    return UndoStep(need(data, "action", str, where), need(data, "at", str, where), state,
                    journal, actions)
