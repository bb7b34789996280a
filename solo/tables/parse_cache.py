"""Table files as parsed, kept on disk between runs, so a command or the TUI starts without YAML.

Parsing solo's fifty-odd table files takes about a quarter of a second, more
than the rest of a command's start-up beside Python's own; reading back what
an earlier run parsed takes a tenth of that.  So what `FileReader` made of
each file (its tables, problems and line finder) is kept in the user cache
directory (`locations.cache_dir`: SOLO_CACHE, else platformdirs'
``user_cache_dir``; ``SOLO_CACHE=off`` turns it off), one entry per file
path, overwritten when the file changes.

An entry is used only when it was made from the very same input by the very
same reader: its first 32 bytes are a SHA-256 of a format number, the
source of the modules that parse and check tables (`solo.tables`,
`solo.dice`), the Python and PyYAML versions, the file's path, whether it
is built in, and its whole text.  Anything else - an edited table, a new
solo, a half-written or foreign entry - is a miss, and the file is parsed
as if there were no cache.  Entries are written whole (a temporary file
renamed over the old one), so two solos starting at once never read a torn
one, and a cache that cannot be written (a read-only home, a full disk) is
simply not kept: nothing is ever reported or lost because of it.

What is kept is a pickle, like the bytecode Python keeps in ``__pycache__``:
it is read only from the user's own cache directory, which only the user's
own programs can write.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

FORMAT = b"solo-parsed-tables 1"
_DIGEST = 32
_code: bytes | None = None


def _code_digest() -> bytes:
    """What the parsed form depends on besides the file: the parsing code and its versions."""
    global _code
    if _code is None:
        import yaml

        here = Path(__file__).resolve().parent
        digest = hashlib.sha256(FORMAT)
        digest.update(f"{sys.version_info[:3]} {getattr(yaml, '__version__', '')}".encode())
        for folder in (here, here.parent / "dice"):
            for source in sorted(folder.glob("*.py")):
                digest.update(source.name.encode())
                digest.update(source.read_bytes())
        _code = digest.digest()
    return _code


class ParseCache:
    """Parsed table files in `folder` (None: kept nowhere)."""

    def __init__(self, folder: Path | None):
        self.folder = folder

    def _where(self, path: Path, builtin: bool) -> Path:
        assert self.folder is not None
        name = hashlib.sha256(f"{builtin}:{path}".encode()).hexdigest()[:40]
        return self.folder / f"{name}.parsed"

    @staticmethod
    def _key(path: Path, builtin: bool, text: str) -> bytes:
        digest = hashlib.sha256(_code_digest())
        digest.update(f"{builtin}:{path}\0".encode())
        digest.update(text.encode("utf-8", "surrogatepass"))
        return digest.digest()

    def get(self, path: Path, builtin: bool, text: str) -> bytes | None:
        """The pickled parse of this file as it reads now, if an earlier run kept it."""
        if self.folder is None:
            return None
        try:
            data = self._where(path, builtin).read_bytes()
        except OSError:
            return None
        if data[:_DIGEST] != self._key(path, builtin, text):
            return None
        return data[_DIGEST:]

    def put(self, path: Path, builtin: bool, text: str, pickled: bytes) -> None:
        """Keep the pickled parse of this file for later runs (quietly not, if it cannot be written)."""
        if self.folder is None:
            return
        where = self._where(path, builtin)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(self._key(path, builtin, text))
                    out.write(pickled)
                os.replace(temp, where)
            except BaseException:
                os.unlink(temp)
                raise
        except OSError:
            return


def load(pickled: bytes) -> Any | None:
    """A kept parse read back, or None when it cannot be (then the file is parsed instead)."""
    try:
        return pickle.loads(pickled)  # noqa: S301 - written by solo into the user's own cache
    except Exception:  # a foreign or damaged entry is a miss, never an error
        return None
