"""Low-level file steps the campaign store is built from: exclusive temporary files, the lock.

* Temporary files are created with `O_CREAT | O_EXCL | O_NOFOLLOW` under a
  name with 64 random bits (`.<file>.<hex>.tmp`), so nothing planted in the
  saves directory beforehand (a symlink at a guessed name) is ever opened or
  written through: a clash simply picks another name.
* `write_new` fills such a file, fsyncs it and returns its path; the caller
  then renames or links it into place, which is the one step anyone sees.
* `Lock` is `fcntl.flock` on an open file (the campaign's log): the kernel
  drops it when the process dies, however it dies, so a killed solo can never
  leave a campaign locked.  Where `fcntl` does not exist (Windows) the lock
  is a no-op and a single writer at a time is the player's business.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path

from solo.files import (
    fsync_dir,  # noqa: F401  (callers take it from here too)
    random_hex,
)

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

TEMP_SUFFIX = ".tmp"
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def temp_name(target: Path) -> Path:
    """An unpredictable temporary name beside `target` (hidden, so never listed as a campaign)."""
    stem = target.name.encode("utf-8")[:200].decode("utf-8", "ignore")  # 255 bytes at most
    return target.with_name(f".{stem}.{random_hex(8)}{TEMP_SUFFIX}")


def create_exclusive(target: Path) -> tuple[int, Path]:
    """A new, empty temporary file beside `target`, opened for writing: (fd, path)."""
    for _ in range(16):
        temp = temp_name(target)
        try:
            return os.open(temp, _FLAGS, 0o644), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"could not make a temporary file beside {target}")  # pragma: no cover


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_new(target: Path, data: bytes | Iterable[bytes]) -> Path:
    """`data` (bytes, or pieces of it) in a fresh, fsynced temporary file beside `target`; its path."""
    fd, temp = create_exclusive(target)
    try:
        for piece in [data] if isinstance(data, bytes) else data:
            write_all(fd, piece)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        remove(temp)
        raise
    os.close(fd)
    return temp


def read_at(fd: int, size: int, offset: int) -> bytes:
    """Up to `size` bytes at `offset` (`os.pread` where it exists; a seek and a read elsewhere)."""
    if hasattr(os, "pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)  # pragma: no cover - Windows
    return os.read(fd, size)  # pragma: no cover


def remove(path: Path) -> None:
    """Remove `path` if it is there; any error is ignored (it is a leftover, not a campaign)."""
    try:
        os.unlink(path)
    except OSError:
        pass


def link_new(source: Path, target: Path) -> bool:
    """Give `source` the name `target` only if nothing has it (atomic); False when taken.

    Where hard links do not work, a check then a rename (not atomic, but the
    best that file system allows).
    """
    try:
        os.link(source, target, follow_symlinks=False)
        return True
    except FileExistsError:
        return False
    except OSError:
        if os.path.lexists(target):
            return False
        os.replace(source, target)
        return True


def sweep_temps(directory: Path, older_than: float, mine: tuple[str, ...] = ()) -> None:
    """Remove temporary files killed processes left behind.

    Those of the files named in `mine` (whose writers hold the lock the
    caller holds, so none of them is still at work) go at once; any other
    once it is more than `older_than` seconds old.
    """
    cutoff = time.time() - older_than
    ours = {temp_name(directory / name).name[:-len(TEMP_SUFFIX) - 16] for name in mine}
    try:
        found = list(directory.glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return
    for leftover in found:
        try:
            if (leftover.name[:-len(TEMP_SUFFIX) - 16] in ours
                    or leftover.lstat().st_mtime < cutoff):
                leftover.unlink()
        except OSError:
            pass


class Lock:
    """An exclusive `flock` on an open file descriptor, for a `with` block."""

    def __init__(self, fd: int, *, wait: bool = True):
        self.fd = fd
        self.wait = wait

    def acquire(self) -> bool:
        if fcntl is None:  # pragma: no cover - Windows
            return True
        flags = fcntl.LOCK_EX | (0 if self.wait else fcntl.LOCK_NB)
        try:
            fcntl.flock(self.fd, flags)
        except BlockingIOError:
            return False
        return True

    def release(self) -> None:
        if fcntl is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)

    def __enter__(self) -> Lock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
