"""A list whose older items stay in the snapshot file until they are asked for.

A campaign of 100,000 journal entries held as Python objects took a few
hundred megabytes; most of it is never looked at in a session (the screen
shows the newest few dozen).  `StoredList` keeps, for the items read from
the snapshot, only where each one's JSON line lies in the file (`Spans`)
and an open descriptor of that file; an item is read back with `pread` and
decoded each time it is asked for, so memory grows with what is looked at,
not with the campaign.  Items added in this session (new moves, log records
applied on opening) are kept as objects after the stored ones.

Where the lines lie is known in one of two ways.  A snapshot read line by
line (`document.read_snapshot`) knows every line's place and has checked
every line.  A long snapshot opened for the TUI (`document.open_snapshot`)
knows only where its journal's lines begin and end and how many there are;
each line's place is found from the end backward, a block at a time, as
far as the items asked for (the screen shows the newest ones first), and
the whole list is checked afterwards, off the screen's thread (`fill`).
Until then an item that does not decode is shown as what it is, a damaged
line (`damaged`), never raised in the middle of drawing a frame; the check
that follows names the damage and the file.

The descriptor stays valid when the snapshot is rewritten: the rewrite
renames a new file over the name, and the old file lives on, unchanged,
for as long as a descriptor holds it.

It behaves like the list it replaces for everything the campaign does with
its journal and action log: length, indexing, slices (a slice is a plain
list, read with one `pread` and one JSON parse), iteration, `append`,
`extend`, `del items[n:]` (undo), equality and `copy()` (cheap: it shares the
file and the spans).
"""

from __future__ import annotations

import json
import os
import threading
from array import array
from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate
from typing import Any, Generic, TypeVar

from solo.campaign.diskfiles import read_at
from solo.errors import SoloError

T = TypeVar("T")

FIRST_BLOCK = 1 << 16  # bytes read by the first step back from the end; each next step doubles
LAST_BLOCK = 1 << 22
READ_BATCH = 1024  # items read with one `pread` and decoded with one parse when iterating


class _File:
    """One open snapshot file, closed when the last list reading it is gone."""

    __slots__ = ("fd",)

    def __init__(self, fd: int):
        self.fd = fd

    def read(self, start: int, length: int) -> bytes:
        data = read_at(self.fd, length, start)
        if len(data) != length:  # pragma: no cover - solo never changes a snapshot in place
            raise OSError(f"the snapshot shrank under this solo (read {len(data)} of {length} bytes)")
        return data

    def __del__(self, _close: Callable[[int], None] = os.close) -> None:
        # `os.close` kept as a default: at the interpreter's exit `os` may be gone already.
        try:
            _close(self.fd)
        except OSError:  # pragma: no cover
            pass


class Spans:
    """Where each of `count` lines lies in a file: `span(i)` is (start, length) of line i's JSON.

    `known`: every place given (and every line checked).  `from_end`: the
    lines are `  <json>,` one per line between byte `begin` (the first
    line's indent) and byte `end` (just after the last line's JSON, which has
    no comma); places are found backward from `end` as far as asked, and the
    lines are not checked until `fill` gives the places found by the check.

    Shared by every copy of a list (a copy of the journal on screen and the
    campaign's own): the places never change, only how many of them a list
    uses.  Reading needs no lock (each state is a tuple replaced whole);
    finding more, or filling, takes one.
    """

    __slots__ = ("file", "count", "_state", "_region", "_lock", "_block")

    def __init__(self, file: _File | None, count: int, first: int, starts: array, lengths: array,
                 region: tuple[int, int] | None, edge: int):
        self.file = file
        self.count = count
        # (first line whose place is known, their starts, their lengths, where the unknown text ends)
        self._state: tuple[int, array, array, int] = (first, starts, lengths, edge)
        self._region = region
        self._lock = threading.Lock()
        self._block = FIRST_BLOCK

    @classmethod
    def known(cls, file: _File | None, starts: array, lengths: array) -> Spans:
        return cls(file, len(starts), 0, starts, lengths, None, 0)

    @classmethod
    def from_end(cls, fd: int, begin: int, end: int, count: int) -> Spans:
        """Take ownership of `fd` (closed when nothing reads it any more)."""
        return cls(_File(fd), count, count, array("q"), array("q"), (begin, end), end)

    @property
    def checked(self) -> bool:
        """Whether every line's place is known from a check of the whole list."""
        return self._region is None

    def span(self, index: int) -> tuple[int, int]:
        first, starts, lengths, _ = self._state
        if index < first:
            first, starts, lengths, _ = self._reach(index)
        return starts[index - first], lengths[index - first]

    def _reach(self, index: int) -> tuple[int, array, array, int]:
        """Find the places back to line `index`, a block at a time (each twice the last)."""
        with self._lock:
            while True:
                state = self._state
                first, starts, lengths, edge = state
                if index >= first or self._region is None:
                    return state
                begin, end = self._region
                assert self.file is not None
                low = max(begin, edge - self._block)
                data = self.file.read(low, edge - low)
                skip = 0
                if low > begin:
                    skip = data.find(b"\n") + 1
                    if not skip:  # one line longer than the block: read a longer one
                        self._block *= 2
                        continue
                self._block = min(self._block * 2, LAST_BLOCK)
                pieces = data[skip:].split(b"\n")
                found = array("q", accumulate(map(len, pieces[:-1]), lambda at, size: at + size + 1,
                                              initial=low + skip + 2))
                sizes = array("q", map((3).__rsub__, map(len, pieces)))  # less the indent and comma
                if edge == end:
                    sizes[-1] += 1  # the last line has no comma
                new_first = first - len(pieces)
                if new_first < 0 or (low == begin) != (new_first == 0):
                    raise OSError("the snapshot changed under this solo (its lines moved)")
                self._state = (new_first, found + starts, sizes + lengths, low + skip - 1)

    def fill(self, starts: array, lengths: array) -> bool:
        """Every line's place, from a check of the whole list: nothing left to find or check.

        False (and nothing changed) when they are not the lines this was made for.
        """
        with self._lock:
            if self._region is not None:
                begin, end = self._region
                if (len(starts) != self.count or not starts or starts[0] != begin + 2
                        or starts[-1] + lengths[-1] != end):
                    return False
            elif (starts, lengths) != self._state[1:3]:
                return False
            self._state = (0, starts, lengths, 0)
            self._region = None
            return True


class StoredList(Generic[T]):
    """The first `count` lines of `spans` decoded by `decode`, then items in memory.

    `damaged` makes the stand-in for a line not yet checked that does not
    decode (see the module's docstring); a checked line always decodes.
    """

    __slots__ = ("_spans", "_count", "_decode", "_damaged", "_tail")

    def __init__(self, spans: Spans | None, count: int, decode: Callable[[Any], T],
                 tail: Iterable[T] = (), damaged: Callable[[int, Exception], T] | None = None):
        self._spans = spans
        self._count = count
        self._decode = decode
        self._damaged = damaged
        self._tail: list[T] = list(tail)

    @classmethod
    def open(cls, fd: int, starts: array, lengths: array, decode: Callable[[Any], T]) -> StoredList[T]:
        """Take ownership of `fd` (closed when no list reads it any more); every line checked."""
        return cls(Spans.known(_File(fd), starts, lengths), len(starts), decode)

    @property
    def spans(self) -> Spans | None:
        return self._spans

    @property
    def stored(self) -> int:
        """How many items are read from the file (the rest are in memory)."""
        return self._count

    def raw(self, index: int) -> str:
        """The JSON text of stored item `index`, as it is in the file."""
        assert self._spans is not None and self._spans.file is not None
        start, length = self._spans.span(index)
        return self._spans.file.read(start, length).decode("utf-8")

    def _item(self, index: int) -> T:
        if index < self._count:
            try:
                return self._decode(json.loads(self.raw(index)))
            except (ValueError, TypeError, KeyError, RecursionError, SoloError) as exc:
                if self._damaged is None or self._spans is None or self._spans.checked:
                    raise
                return self._damaged(index, exc)
        return self._tail[index - self._count]

    def _items(self, start: int, stop: int) -> list[T]:
        """Stored items `start` to `stop`: one read, one parse (item by item if that fails)."""
        if stop - start < 2:
            return [self._item(i) for i in range(start, stop)]
        assert self._spans is not None and self._spans.file is not None
        spans = [self._spans.span(i) for i in range(start, stop)]  # the first finds them all
        low = spans[0][0]
        data = self._spans.file.read(low, spans[-1][0] + spans[-1][1] - low)
        try:
            text = b",".join(data[at - low: at - low + size] for at, size in spans).decode("utf-8")
            return [self._decode(value) for value in json.loads("[" + text + "]")]
        except (ValueError, TypeError, KeyError, RecursionError, SoloError):
            return [self._item(i) for i in range(start, stop)]

    def __len__(self) -> int:
        return self._count + len(self._tail)

    def __getitem__(self, key: int | slice) -> Any:
        if isinstance(key, slice):
            start, stop, step = key.indices(len(self))
            if step == 1 and start < stop:
                middle = min(stop, self._count)
                found = self._items(start, middle) if start < middle else []
                return found + self._tail[max(start, middle) - self._count: stop - self._count]
            return [self._item(i) for i in range(start, stop, step)]
        size = len(self)
        index = key + size if key < 0 else key
        if not 0 <= index < size:
            raise IndexError("list index out of range")
        return self._item(index)

    def __iter__(self) -> Iterator[T]:
        count = self._count
        for start in range(0, count, READ_BATCH):
            yield from self._items(start, min(count, start + READ_BATCH))
        yield from list(self._tail)

    def __reversed__(self) -> Iterator[T]:
        for index in range(len(self) - 1, -1, -1):
            yield self._item(index)

    def __setitem__(self, key: int, item: T) -> None:
        index = key + len(self) if key < 0 else key
        if not 0 <= index < len(self):
            raise IndexError("list assignment index out of range")
        if index < self._count:
            self._load_all()
        self._tail[index - self._count] = item

    def append(self, item: T) -> None:
        self._tail.append(item)

    def extend(self, items: Iterable[T]) -> None:
        self._tail.extend(items)

    def __delitem__(self, key: int | slice) -> None:
        size = len(self)
        if isinstance(key, slice):
            start, stop, step = key.indices(size)
            if step == 1 and stop >= size:  # cutting the end off: all undo ever does
                self._cut(start)
                return
        self._load_all()
        del self._tail[key]

    def _cut(self, count: int) -> None:
        if count >= self._count:
            del self._tail[count - self._count:]
        else:
            self._count = count  # the spans stay shared and whole: this list uses fewer of them
            self._tail.clear()

    def _load_all(self) -> None:
        """Read every stored item into memory (only for edits other than cutting the end off)."""
        self._tail = list(self)
        self._spans, self._count = None, 0

    def copy(self) -> StoredList[T]:
        return StoredList(self._spans, self._count, self._decode, self._tail, self._damaged)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, StoredList)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<StoredList of {len(self)} ({self._count} in the file)>"

    def json_text(self, encode: Callable[[T], Any]) -> Iterator[str]:
        """The items as a snapshot lays them out, `  <json>` joined by `,\n`, in pieces.

        The stored ones are copied from the file a batch of lines at a time,
        never decoded (between two stored lines there is always exactly
        `,\n  `: the check of a snapshot's lines makes sure of it).
        """
        separator = ""
        if self._count:
            assert self._spans is not None and self._spans.file is not None
            for first in range(0, self._count, READ_BATCH):
                begin = self._spans.span(first)[0] - 2
                start, length = self._spans.span(min(self._count, first + READ_BATCH) - 1)
                yield separator + self._spans.file.read(begin, start + length - begin).decode("utf-8")
                separator = ",\n"
        for item in list(self._tail):
            yield f"{separator}  {json.dumps(encode(item), ensure_ascii=False)}"
            separator = ",\n"


def last_identity(items: Any) -> object:
    """What tells whether the last item of a list was replaced, without decoding a stored one.

    A stored item is decoded afresh each time it is asked for, so its `id`
    says nothing; its place in the file does.
    """
    if isinstance(items, StoredList) and not items._tail:
        spans = items.spans
        place = spans.span(items.stored - 1)[0] if spans is not None and items.stored else None
        return ("stored", items.stored, place)
    return id(items[-1]) if items else None
