"""The campaign's action log, `<slug>.log`: one line per action, appended and fsynced.

Why a log: the whole campaign used to be rewritten on every move, so a move
cost as much as the journal was long.  Now a move appends one line, whose
size depends only on that action, and the whole campaign is rewritten only
now and then as a snapshot (`<slug>.json`, see `store.py`).

What is in it, one JSON document per line, each ending in a newline:

    {"format": "solo-campaign-log", "version": 1, "id": "<32 hex digits>"}
    {"seq": 1, "op": "do", "name": "note", "params": {...}, "at": "<UTC time>",
     "rng": 0, "entries": [{at, scene, kind, text, data}, ...], "state": {...}}
    {"seq": 2, "op": "undo", "at": "<UTC time>"}
    {"seq": 3, "op": "name", "name": "The Long Salt Road", "at": "<UTC time>"}

* The first line names the log; a snapshot refers to it by `id`, so a
  snapshot is never applied to another campaign's log.
* `do` is one action: what replay needs (name, parameters with any dice the
  player entered, time) and what loading needs without running it again:
  the journal entries it wrote, the campaign state after it when that
  changed (`state`, without the RNG), and the RNG's position as the number
  of 32-bit words the action drew (`rng`, see `rngstep.py`) — or, when that
  cannot be said in words, the whole generator state (`rng_state`).
* `undo` takes back the newest action still standing, exactly as
  `actions.undo` does: the undo steps are rebuilt from the records, so
  every process holds the same ones (and the redo list: what undo took).
  A redo is a `do` record again, marked `"redo": true`: it holds the
  action's entries and state as any `do` does, so loading it runs nothing,
  and a solo that knows no redo still reads it right.  A solo that meets an
  `op` it does not know refuses the log rather than guess.
* `name` is a rename (`CampaignStore.rename`): not an action, so neither
  journaled nor undone, but in the log so every process learns it.
* `seq` counts records from 1 with no gaps; a snapshot says up to which
  `seq` (and byte offset) it already holds.

A record is written with one `write` and then fsynced, so a crash can leave
at most the last line cut short.  A last line without its newline is torn:
it is dropped with a notice (the action it held was never reported done)
and nothing before it is touched.  Any other unreadable line is damage,
named by file and byte offset.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.campaign import rngstep
from solo.campaign.actions import UNDO_DEPTH, undo
from solo.campaign.diskfiles import read_at
from solo.campaign.fields import StateError, need
from solo.campaign.journal import ActionRecord, JournalEntry, UndoStep
from solo.campaign.jsontext import BadJson, loads
from solo.campaign.state import Campaign
from solo.errors import SoloError
from solo.files import random_hex

LOG_FORMAT = "solo-campaign-log"
LOG_VERSION = 1
OPS = ("do", "undo", "name")


class LogError(SoloError):
    """A log line that cannot be applied; the store turns it into a `DamagedSave`."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


def new_id() -> str:
    return random_hex(16)


def header(log_id: str) -> bytes:
    return (json.dumps({"format": LOG_FORMAT, "version": LOG_VERSION, "id": log_id}) + "\n").encode()


def read_header(raw: bytes) -> tuple[str, int]:
    """The log's id and the length of its first line, from the file's first bytes."""
    end = raw.find(b"\n")
    if end < 0:
        raise LogError("its first line (the header) is cut short", 0)
    try:
        head = loads(raw[:end].decode("utf-8"))
    except (BadJson, UnicodeDecodeError) as exc:
        raise LogError(f"its header is not readable ({exc})", 0) from None
    if not isinstance(head, dict) or head.get("format") != LOG_FORMAT:
        raise LogError(f"its first line is not a {LOG_FORMAT} header", 0)
    version = head.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > LOG_VERSION:
        raise LogError(f"it was written by a newer solo (log version {version!r}): update solo", 0)
    log_id = head.get("id")
    if not isinstance(log_id, str) or not log_id:
        raise LogError("its header has no id", 0)
    return log_id, end + 1


@dataclass
class Tail:
    """The complete records after some offset, and what follows the last newline."""

    records: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (offset, record)
    end: int = 0     # offset just past the last complete line
    torn: int = 0    # bytes after it (a line cut short by a crash, or one being written)


def parse_tail(raw: bytes, offset: int, *, stop_at_damage: bool = False) -> Tail:
    """The records in `raw`, which starts at byte `offset` of the log.

    With `stop_at_damage`, an unreadable line ends the tail there (`end` is
    its offset) instead of raising `LogError`.
    """
    tail = Tail(end=offset)
    last = raw.rfind(b"\n") + 1
    tail.torn = len(raw) - last
    position = 0
    while position < last:
        stop = raw.index(b"\n", position)
        line = raw[position:stop]
        at = offset + position
        try:
            try:
                record = loads(line.decode("utf-8"))
            except UnicodeDecodeError as exc:
                raise LogError(f"byte {at + exc.start} is not UTF-8 text", at) from None
            except BadJson as exc:
                raise LogError(f"the line at byte {at} is unreadable: {exc}", at) from None
            if not isinstance(record, dict):
                raise LogError(f"the line at byte {at} is not a record", at)
        except LogError:
            if not stop_at_damage:
                raise
            tail.end = at
            return tail
        tail.records.append((at, record))
        position = stop + 1
    tail.end = offset + last
    return tail


def read_from(path: Path, offset: int) -> tuple[str, Tail]:
    """The log's id and its records from byte `offset` (0: right after the header)."""
    with open(path, "rb") as handle:
        return read_open(handle.fileno(), offset)


def read_open(fd: int, offset: int, *, stop_at_damage: bool = False) -> tuple[str, Tail]:
    head = read_at(fd, 4096, 0)
    log_id, start = read_header(head)
    offset = max(offset, start)
    size = os.fstat(fd).st_size
    chunks = []
    position = offset
    while position < size:
        chunk = read_at(fd, min(size - position, 1 << 24), position)
        if not chunk:
            break
        chunks.append(chunk)
        position += len(chunk)
    return log_id, parse_tail(b"".join(chunks), offset, stop_at_damage=stop_at_damage)


# -- writing records ---------------------------------------------------------------
def _state_without_rng(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "rng"}


def do_record(seq: int, campaign: Campaign, entries: list[JournalEntry], *,
              redo: bool = False) -> bytes:
    """The line for the action just performed on `campaign` (its last undo step holds the state before).

    `redo` marks an action put back by redo: loading applies it like any
    other, and takes it off the campaign's redo list.
    """
    record = campaign.actions[-1]
    before = campaign.undo[-1].state if campaign.undo else None
    after = campaign.state_dict()
    line: dict[str, Any] = {"seq": seq, "op": "do", "name": record.name, "params": record.params,
                            "at": record.at}
    words = rngstep.words_between(before["rng"], after["rng"]) if before is not None else None
    if words is None:
        line["rng_state"] = after["rng"]
    else:
        line["rng"] = words
    line["entries"] = [e.to_dict() for e in entries]
    state = _state_without_rng(after)
    if before is None or state != _state_without_rng(before):
        line["state"] = state
    if redo:
        line["redo"] = True
    return encode(line)


def undo_record(seq: int, at: str) -> bytes:
    return encode({"seq": seq, "op": "undo", "at": at})


def encode(record: dict[str, Any]) -> bytes:
    try:
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        return (text + "\n").encode("utf-8")
    except (TypeError, ValueError, RecursionError) as exc:
        raise SoloError(f"an action's record cannot be saved: {exc}") from None


# -- applying records ----------------------------------------------------------------
def apply(campaign: Campaign, record: dict[str, Any], where: str) -> int:
    """Apply one record to `campaign`; the first journal index it changed is returned.

    Raises `StateError` (naming `where`) for any value that makes no sense;
    the campaign may then be half-changed, so callers apply to a campaign
    they can throw away or reload.
    """
    op = need(record, "op", str, where)
    if op == "undo":
        need(record, "at", str, where)
        if not campaign.undo:
            raise StateError(f"{where}: an undo with nothing left to take back")
        undo(campaign)
        return len(campaign.journal)
    if op == "name":
        name = need(record, "name", str, where)
        if not name.strip():
            raise StateError(f"{where}.name: a campaign needs a name")
        campaign.name = name
        return len(campaign.journal)
    if op != "do":
        raise StateError(f"{where}: the record kind {op!r} is not known to this solo"
                         " (written by a newer one?)")
    from solo.campaign.document import entry_from

    name = need(record, "name", str, where)
    params = need(record, "params", dict, where)
    at = need(record, "at", str, where)
    entries = [entry_from(d, f"{where}.entries[{i}]")
               for i, d in enumerate(need(record, "entries", list, where))]
    before = _state_without_rng(campaign.state_dict())
    before = json.loads(json.dumps(before, ensure_ascii=False))  # a copy the undo step owns
    before["rng"] = campaign.rng.get_state()  # a fresh list already
    if "rng_state" in record:
        rng_state = need(record, "rng_state", dict, where)
    else:
        words = need(record, "rng", int, where)
        if not 0 <= words <= rngstep.WORDS * rngstep.MAX_BLOCKS + rngstep.WORDS:
            raise StateError(f"{where}.rng: {words} words is not a position")
        try:
            rng_state = rngstep.advanced(before["rng"], words)
        except (ValueError, KeyError, TypeError) as exc:
            raise StateError(f"{where}.rng: {exc}") from None
    state = need(record, "state", dict, where, default=None)
    if state is not None:
        campaign.load_state({**state, "rng": rng_state}, f"{where}.state")
    else:  # only the dice moved
        try:
            campaign.rng.set_state(rng_state)
        except SoloError as exc:
            raise StateError(f"{where}.rng_state: {exc}") from None
    marks = len(campaign.journal), len(campaign.actions)
    campaign.journal.extend(entries)
    campaign.actions.append(ActionRecord(name, params, at))
    campaign.undo.append(UndoStep(name, at, before, *marks))
    if len(campaign.undo) > UNDO_DEPTH:
        del campaign.undo[: len(campaign.undo) - UNDO_DEPTH]
    if record.get("redo") is True:
        if campaign.redo:
            campaign.redo.pop()
    else:
        campaign.redo.clear()
    return marks[0]


def apply_tail(campaign: Campaign, tail: Tail, seq: int, path: Path) -> tuple[int, int | None]:
    """Apply every record of `tail`, which must follow `seq`; (new seq, first journal index changed)."""
    changed: int | None = None
    for at, record in tail.records:
        where = f"record at byte {at}"
        number = record.get("seq")
        if number != seq + 1 or isinstance(number, bool):
            raise LogError(f"the {where} is numbered {number!r} where {seq + 1} was due", at)
        try:
            first = apply(campaign, record, where)
        except (StateError, SoloError) as exc:
            raise LogError(str(exc), at) from None
        except RecursionError:
            raise LogError(f"the {where} is nested too deeply", at) from None
        seq += 1
        changed = first if changed is None else min(changed, first)
    return seq, changed
