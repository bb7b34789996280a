"""The Textual TUI: the table where a solo game is played.

`create_app` is the one way to build the app, used by `solo` and by the
tests alike (the tests pass their own saves and tables directories).  The
rest of solo never imports this package, so the command line starts
without loading Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from solo.campaign import CampaignStore


def create_app(*, saves_dir: str | Path | None = None, tables_dirs: Sequence[str | Path] = (),
               campaign: str | None = None):  # noqa: ANN201 - SoloApp, imported lazily
    """The app on `campaign` (a name or slug), else the campaign saved last, else the picker."""
    from solo.tui.app import SoloApp
    from solo.tui.library import Library

    return SoloApp(Library(CampaignStore(saves_dir), tables_dirs), campaign=campaign)
