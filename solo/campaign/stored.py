"""A list whose older items stay in the snapshot file until they are asked for.

A campaign of 100,000 journal entries held as Python objects took a few
hundred megabytes; most of it is never looked at in a session (the screen
shows the newest few dozen).  `StoredList` keeps, for each item read from
the snapshot, only where its JSON line lies in the file (two machine
integers) and an open descriptor of that file; an item is read back with
`pread` and decoded each time it is asked for, so memory grows with what is
looked at, not with the campaign.  Items added in this session (new moves,
log records applied on opening) are kept as objects after the stored ones.

The descriptor stays valid when the snapshot is rewritten: the rewrite
renames a new file over the name, and the old file lives on, unchanged,
for as long as a descriptor holds it.  Every line was decoded and checked
once when the snapshot was opened (`document.py`), so decoding again cannot
fail unless the old file is changed in place, which solo never does.

It behaves like the list it replaces for everything the campaign does with
its journal and action log: length, indexing, slices (a slice is a plain
list), iteration, `append`, `extend`, `del items[n:]` (undo), equality and
`copy()` (cheap: it shares the file).
"""

from __future__ import annotations

import json
import os
from array import array
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

from solo.campaign.diskfiles import read_at

T = TypeVar("T")


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


class StoredList(Generic[T]):
    """Items at (start, length) spans of a file, decoded by `decode`, then items in memory."""

    __slots__ = ("_file", "_starts", "_lengths", "_decode", "_tail")

    def __init__(self, file: _File | None, starts: array, lengths: array,
                 decode: Callable[[Any], T], tail: Iterable[T] = ()):
        self._file = file
        self._starts = starts
        self._lengths = lengths
        self._decode = decode
        self._tail: list[T] = list(tail)

    @classmethod
    def open(cls, fd: int, starts: array, lengths: array, decode: Callable[[Any], T]) -> StoredList[T]:
        """Take ownership of `fd` (closed when no list reads it any more)."""
        return cls(_File(fd), starts, lengths, decode)

    @property
    def stored(self) -> int:
        """How many items are read from the file (the rest are in memory)."""
        return len(self._starts)

    def raw(self, index: int) -> str:
        """The JSON text of stored item `index`, as it is in the file."""
        assert self._file is not None
        return self._file.read(self._starts[index], self._lengths[index]).decode("utf-8")

    def _item(self, index: int) -> T:
        if index < len(self._starts):
            return self._decode(json.loads(self.raw(index)))
        return self._tail[index - len(self._starts)]

    def __len__(self) -> int:
        return len(self._starts) + len(self._tail)

    def __getitem__(self, key: int | slice) -> Any:
        if isinstance(key, slice):
            return [self._item(i) for i in range(*key.indices(len(self)))]
        size = len(self)
        index = key + size if key < 0 else key
        if not 0 <= index < size:
            raise IndexError("list index out of range")
        return self._item(index)

    def __iter__(self) -> Iterator[T]:
        for index in range(len(self._starts)):
            yield self._item(index)
        yield from list(self._tail)

    def __reversed__(self) -> Iterator[T]:
        for index in range(len(self) - 1, -1, -1):
            yield self._item(index)

    def __setitem__(self, key: int, item: T) -> None:
        index = key + len(self) if key < 0 else key
        if not 0 <= index < len(self):
            raise IndexError("list assignment index out of range")
        if index < len(self._starts):
            self._load_all()
        self._tail[index - len(self._starts)] = item

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
        stored = len(self._starts)
        if count >= stored:
            del self._tail[count - stored:]
        else:
            del self._starts[count:], self._lengths[count:]
            self._tail.clear()

    def _load_all(self) -> None:
        """Read every stored item into memory (only for edits other than cutting the end off)."""
        self._tail = list(self)
        self._starts, self._lengths, self._file = array("q"), array("q"), None

    def copy(self) -> StoredList[T]:
        return StoredList(self._file, array("q", self._starts), array("q", self._lengths),
                          self._decode, self._tail)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, StoredList)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<StoredList of {len(self)} ({len(self._starts)} in the file)>"

    def json_lines(self, encode: Callable[[T], Any]) -> Iterator[str]:
        """Each item as one line of JSON: stored ones as they are in the file, without decoding."""
        for index in range(len(self._starts)):
            yield self.raw(index)
        for item in list(self._tail):
            yield json.dumps(encode(item), ensure_ascii=False)


def last_identity(items: Any) -> object:
    """What tells whether the last item of a list was replaced, without decoding a stored one.

    A stored item is decoded afresh each time it is asked for, so its `id`
    says nothing; its place in the file does.
    """
    if isinstance(items, StoredList) and not items._tail:
        return ("stored", items.stored, items._starts[-1] if items.stored else None)
    return id(items[-1]) if items else None
