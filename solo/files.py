"""Writing a file the user named (`-o FILE`, `--out FILE`) without harming what is there.

A regular file is replaced in one step: the text goes to a temporary file in
the same folder, is flushed to disk, and then takes the target's place (with
the target's permissions), so an interrupted run or a full disk leaves the old
file intact.  A symlink is followed, so the file it points at is the one
replaced.  Anything else that already exists at the name (`/dev/stdout`, a
pipe, a terminal) is written to directly: replacing a device or a pipe with a
plain file would be wrong.  A missing folder is an error, not created.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from solo.errors import SoloError


def _mode_for(path: Path) -> int:
    """An existing file's permissions; a new file gets the usual ones (0666 less umask)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_text(path: str | os.PathLike, text: str) -> Path:
    """Write `text` to `path` as described above; returns the file actually written."""
    given = Path(path)
    target = given.resolve() if given.is_symlink() else given
    try:
        info = target.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise SoloError(f"cannot write to {given}: {exc.strerror or exc}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise SoloError(f"cannot write to {given}: it is a directory")
    if info is not None and not stat.S_ISREG(info.st_mode):
        try:
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            raise SoloError(f"cannot write to {given}: {exc.strerror or exc}") from None
        return target
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise SoloError(f"cannot write to {given}: the folder {folder} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SoloError(f"cannot write to {given}: {exc.strerror or exc}") from None
    try:
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        raise SoloError(f"cannot write to {given}: {exc.strerror or exc}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target
