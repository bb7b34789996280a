"""The output format a file name implies; the writing itself is
`solo.files.write_text` (never half a file, never a device or a link replaced
by a plain file).
"""

from __future__ import annotations

from pathlib import Path

EXTENSIONS = {".md": "md", ".markdown": "md", ".json": "json", ".txt": "txt"}


def format_for(path: Path) -> str | None:
    """The output format a file name implies (`hooks.json` -> json), if any."""
    return EXTENSIONS.get(path.suffix.lower())
