"""Opening a long snapshot newest first: shown at once, checked line by line afterwards.

`document.read_snapshot` decodes and checks every journal and action line
before it returns, which at 100,000 entries was most of a cold start (the
README's Speed section: 1.98x the minimal app, before this module).
`open_snapshot` returns a campaign at once and a `Check` to run afterwards
(the TUI runs it in a worker after the first frame):

1. one pass over the file in blocks of a megabyte, with `bytes.find` and
   `bytes.count` only (no Python step per line), finds where the journal's
   and the action log's lines begin and end and how many there are;
2. everything else (the state, the undo and redo steps, the log position)
   is parsed and checked whole, as always, so the campaign's state is never
   unchecked, with one exception: the full state each undo or redo step
   keeps (most of the bytes of a short campaign's snapshot: thirty states,
   each with its 625-word random generator) is checked by the `Check`, and
   again by undo or redo as it loads it (`Campaign.load_state` checks every
   value before it changes anything);
3. the newest `CHECKED_FIRST` lines of each list are read (from the end
   backward, `stored.Spans`) and checked before anything is shown;
4. the `Check` reads the file again line by line exactly as `read_snapshot`
   does, checks every line, makes sure it found the lines where step 1 did,
   and hands the places over (`Spans.fill`); then it checks the states of
   step 2.

What stays guaranteed: a damaged snapshot is named, with the same message
(the same `DamagedSave` from the whole-file parse) as when it is read
eagerly, only later; and nothing is ever written from lines not checked
yet: the session runs the check (or waits for it) before it rewrites the
snapshot, the only write that copies those lines (`session.py`).  Moves
appended to the log in the meantime hold their own entries and state, so a
snapshot found damaged afterwards loses none of them: its backup plus the
log is the whole campaign (`solo restore`).

A file smaller than `EAGER_BELOW` bytes, or one not laid out as solo writes
it, is read by `read_snapshot` as before (checked before it is shown).  The
threshold is low: a snapshot of a few hundred entries is already half a
megabyte (two thirds of it the undo states), and reading it eagerly was a
fair part of the TUI's cold start (benchmarks/tui_startup.py).
"""

from __future__ import annotations

import os
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solo.campaign import document
from solo.campaign.diskfiles import read_at
from solo.campaign.document import CURRENT_VERSION, FORMAT, DamagedSave, LogRef, SaveError
from solo.campaign.fields import StateError
from solo.campaign.journal import ActionRecord, JournalEntry
from solo.campaign.jsontext import BadJson
from solo.campaign.state import Campaign
from solo.campaign.stored import Spans, StoredList
from solo.errors import SoloError

EAGER_BELOW = 1 << 16  # bytes: a snapshot this small is checked whole before it is shown (a few ms)
CHECKED_FIRST = 128  # the newest lines of each list checked before the campaign is shown (a screen
                     # shows a few dozen entries; undo reaches back as many actions as it keeps)
HEAD_LIMIT = 1 << 24  # bytes before the journal's lines; past this the file is read eagerly
BLOCK = 1 << 20

_JOURNAL = b'\n "journal": [\n'
_ACTIONS = b'\n ],\n "actions": [\n'
_UNDO = b'\n ],\n "undo": '


@dataclass(frozen=True)
class _Region:
    begin: int  # the first line's indent
    end: int    # just after the last line's JSON
    count: int


def _find(fd: int, start: int, size: int, marker: bytes, limit: int | None = None) -> tuple[int, int] | None:
    """Where `marker` first is at or after `start`, and how many newlines lie before it; or None."""
    newlines = 0
    at = start
    keep = len(marker) - 1
    while at < size and (limit is None or at < limit):
        block = read_at(fd, BLOCK, at)
        hit = block.find(marker)
        if hit >= 0:
            return at + hit, newlines + block.count(b"\n", 0, hit)
        if at + len(block) >= size:
            return None
        step = len(block) - keep
        newlines += block.count(b"\n", 0, step)
        at += step
    return None


def _layout(fd: int, size: int) -> tuple[bytes, dict[str, _Region]] | None:
    """The document without its journal and action lines, and where those lines are; or None."""
    found = _find(fd, 0, size, _JOURNAL, HEAD_LIMIT)
    if found is None:
        return None
    begin = found[0] + len(_JOURNAL)
    found = _find(fd, begin, size, _ACTIONS)
    if found is None:
        return None
    journal_end, journal_lines = found
    actions_begin = journal_end + len(_ACTIONS)
    found = _find(fd, actions_begin, size, _UNDO)
    if found is None:
        return None
    actions_end, action_lines = found
    rest = (read_at(fd, begin, 0) + read_at(fd, actions_begin - journal_end - 1, journal_end + 1)
            + read_at(fd, size - actions_end - 1, actions_end + 1))
    return rest, {"journal": _Region(begin, journal_end, journal_lines + 1),
                  "actions": _Region(actions_begin, actions_end, action_lines + 1)}


def _damaged_entry(index: int, exc: Exception) -> JournalEntry:
    return JournalEntry("", 0, "damaged", f"(journal entry {index + 1} does not read: {exc})")


def _damaged_record(index: int, exc: Exception) -> ActionRecord:
    return ActionRecord("damaged", {}, "")


_STAND_INS: dict[str, Any] = {"journal": _damaged_entry, "actions": _damaged_record}


class Check:
    """The rest of a snapshot opened newest first: every line decoded and checked, once."""

    def __init__(self, fd: int, path: Path, rest: bytes, spans: dict[str, Spans], campaign: Campaign,
                 states: document.Pending):
        self._fd = fd
        self.path = path
        self._rest = rest
        self._spans = spans
        self._campaign = campaign
        self._states = states

    def run(self) -> None:
        """Check every line, then the undo and redo states; `DamagedSave` (as `read_snapshot` says
        it) when one does not pass."""
        with os.fdopen(os.dup(self._fd), "rb") as handle:
            handle.seek(0)
            try:
                found = document._scan(handle, self.path)
            except (StateError, BadJson, UnicodeDecodeError, RecursionError):
                found = None
            if found is not None and found[0] == self._rest and self._fill(found[1]):
                try:
                    document.check_states(self._campaign, self._states)
                except StateError as exc:
                    raise DamagedSave(f"{self.path} is damaged: {exc}", self.path) from None
                except RecursionError:
                    raise DamagedSave(f"{self.path} is damaged: its JSON is nested too deeply to read",
                                      self.path) from None
                self._states = []
                return
            handle.seek(0)
            document.parse_snapshot(handle.read(), self.path)  # raises the error, named as ever
        # Laid out as solo writes it and whole, yet not where the first look found the lines:
        # changed in place under this solo (solo never does).
        raise SoloError(f"{self.path} changed on disk while it was being read: open it again")

    def _fill(self, spans: dict[str, tuple[array, array]]) -> bool:
        if spans.keys() != self._spans.keys():
            return False
        return all([self._spans[key].fill(starts, lengths) for key, (starts, lengths) in spans.items()])

    def __del__(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def open_snapshot(handle: Any, path: Path) -> tuple[Campaign, LogRef | None, int, Check | None]:
    """A campaign, its log position, the file's size and what is left to check (None: nothing).

    `SaveError` as `read_snapshot` raises it for what is read now; the
    `Check` raises it for the rest.
    """
    fd = handle.fileno()
    size = os.fstat(fd).st_size
    if size >= EAGER_BELOW:
        try:
            opened = _open(fd, path, size)
        except (StateError, BadJson, UnicodeDecodeError, RecursionError, SaveError):
            opened = None
        if opened is not None:
            return opened
    campaign, ref, size = document.read_snapshot(handle, path)
    return campaign, ref, size, None


def _open(fd: int, path: Path, size: int) -> tuple[Campaign, LogRef | None, int, Check] | None:
    found = _layout(fd, size)
    if found is None:
        return None
    rest, regions = found
    head = document._decode(rest, path)
    if not (isinstance(head, dict) and head.get("format") == FORMAT
            and head.get("version") == CURRENT_VERSION):
        return None
    lists: dict[str, StoredList] = {}
    spans: dict[str, Spans] = {}
    for key, region in regions.items():
        spans[key] = Spans.from_end(os.dup(fd), region.begin, region.end, region.count)
        lists[key] = StoredList(spans[key], region.count, document._DECODE[key], damaged=_STAND_INS[key])
        first = max(0, region.count - CHECKED_FIRST)
        document._check_all(key, [lists[key].raw(i).encode("utf-8") for i in range(first, region.count)],
                            first)
    states: document.Pending = []
    campaign = document.from_document(head, lists, later=states)
    return campaign, document._log_ref(head.get("log")), size, Check(os.dup(fd), path, rest, spans,
                                                                     campaign, states)
