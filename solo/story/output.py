"""Writing generated stories to a file without ever leaving half a file behind.

The text goes to a temporary file beside the target, is flushed to disk, and
then replaces the target in one step, so an interrupted run (or a full disk)
leaves whatever was there before, intact.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from solo.errors import SoloError

EXTENSIONS = {".md": "md", ".markdown": "md", ".json": "json", ".txt": "txt"}


def format_for(path: Path) -> str | None:
    """The output format a file name implies (`hooks.json` -> json), if any."""
    return EXTENSIONS.get(path.suffix.lower())


def _file_mode(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (0666 less umask)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomically(path: Path, text: str) -> None:
    if path.is_dir():
        raise SoloError(f"cannot write to {path}: it is a directory")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise SoloError(f"cannot write to {path}: the folder {folder} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SoloError(f"cannot write to {path}: {exc.strerror or exc}") from None
    try:
        os.chmod(tmp, _file_mode(path))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        raise SoloError(f"cannot write to {path}: {exc.strerror or exc}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
