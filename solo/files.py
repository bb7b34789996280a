"""Writing a file the user named (`-o FILE`, `--out FILE`) without harming what is there.

A regular file is replaced in one step: the text goes to a temporary file in
the same folder, is flushed to disk, and then takes the target's place (with
the target's permissions), so an interrupted run, a kill or a full disk leaves
the old file or the new one, never part of one.  A symlink is followed, so
the file it points at is the one replaced.  Anything else that already
exists at the name (`/dev/stdout`, a pipe, a terminal) is written to
directly: replacing a device or a pipe with a plain file would be wrong.  A
missing folder is an error, not created.

The temporary file is created the safe way: `O_CREAT | O_EXCL | O_NOFOLLOW`
under a name with 64 random bits from `os.urandom`, so a file or a symlink
someone planted at a guessed name is never opened, let alone written
through (another name is drawn instead).  Its name, `.solo-<pid>-<random>.tmp`,
is short whatever the target is called, so a target name near the 255-byte
limit still gets a temporary file, and carries the writer's process id: a
temporary file left by a writer that was killed outright (SIGKILL cannot be
caught) is removed by the next write into that folder, once that process is
gone.

Control characters other than newline and tab are written spelled out
(`\u001b`, see `solo.text_safety`), so no file solo writes carries a raw
escape sequence from a save or a table: Markdown and text show them
visibly, and in JSON `\u001b` is the standard escape, so the data reads
back unchanged.

Every failure is a `SoloError` naming the file and the system's reason.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from solo.errors import SoloError
from solo.text_safety import escape_controls

TEMP_PREFIX = ".solo-"
TEMP_SUFFIX = ".tmp"
TEMP_NAME = re.compile(r"^\.solo-(\d+)-[0-9a-f]{16}\.tmp$")
ATTEMPTS = 20
CHUNK = 1 << 16
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _mode_for(info: os.stat_result | None) -> int:
    """An existing file's permissions; a new file gets the usual ones (0666 less umask)."""
    if info is not None:
        return info.st_mode & 0o777
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _fail(given: Path, exc: OSError | str) -> SoloError:
    reason = exc if isinstance(exc, str) else (exc.strerror or str(exc))
    return SoloError(f"cannot write to {given}: {reason}")


def random_hex(size: int) -> str:
    """`size` random bytes in hex: `secrets.token_hex`, without loading hmac and hashlib at start."""
    return os.urandom(size).hex()


def temp_name() -> str:
    return f"{TEMP_PREFIX}{os.getpid()}-{random_hex(8)}{TEMP_SUFFIX}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def sweep(folder: Path) -> list[Path]:
    """Remove temporary files in `folder` left by solo processes that no longer run."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        found = TEMP_NAME.match(name)
        if not found or int(found.group(1)) == os.getpid() or _alive(int(found.group(1))):
            continue
        try:
            os.unlink(folder / name)  # unlinks a planted symlink itself, never its target
            removed.append(folder / name)
        except OSError:
            pass
    return removed


def _open_temp(folder: Path, mode: int) -> tuple[int, Path]:
    """A new temporary file in `folder`, opened exclusively; a taken name means another draw."""
    for _ in range(ATTEMPTS):
        path = folder / temp_name()
        try:
            return os.open(path, _FLAGS, mode), path
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # a symlink, where O_NOFOLLOW does not say EEXIST
                continue
            raise
    raise FileExistsError(errno.EEXIST, f"{ATTEMPTS} temporary names in a row were taken")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view[:CHUNK])
        view = view[written:]


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable; a file system (or Windows) that cannot is no reason to fail."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_text(path: str | os.PathLike, text: str) -> Path:
    """Write `text` to `path` as described above; returns the file actually written."""
    given = Path(path)
    data = escape_controls(text).encode("utf-8")
    try:
        target = given.resolve() if given.is_symlink() else given
        try:
            info: os.stat_result | None = target.stat()
        except FileNotFoundError:
            info = None
    except OSError as exc:
        raise _fail(given, exc) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise _fail(given, "it is a directory")
    if info is not None and not stat.S_ISREG(info.st_mode):
        try:
            with open(target, "wb") as handle:
                handle.write(data)
        except OSError as exc:
            raise _fail(given, exc) from None
        return target
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise _fail(given, f"the folder {folder} does not exist")
    sweep(folder)
    try:
        fd, tmp = _open_temp(folder, 0o600)
    except OSError as exc:
        raise _fail(given, exc) from None
    try:
        try:
            os.fchmod(fd, _mode_for(info))
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException as exc:  # Ctrl+C included: no temporary file is left behind
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _fail(given, exc) from None
        raise
    fsync_dir(folder)
    return target
