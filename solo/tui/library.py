"""Where the app's data comes from: the campaigns in a saves directory and the tables.

The tables are read once, on first need and from any thread (the app asks
for them in a background worker right after the first frame, so a slow disk
never delays the screen, and reports any broken user table then).  Every
campaign session the app opens shares them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from solo.campaign import CampaignStore, Session
from solo.tui import collector

if TYPE_CHECKING:
    from solo.tables import TableSet


class Library:
    def __init__(self, store: CampaignStore, tables_dirs: Sequence[str | Path] = ()):
        self.store = store
        self.tables_dirs = [str(d) for d in tables_dirs]
        self._tables: TableSet | None = None
        self._lock = threading.Lock()

    @property
    def tables(self) -> TableSet:
        from solo.tables import load_tables

        with self._lock:
            if self._tables is None:
                self._tables = load_tables(self.tables_dirs)
            return self._tables

    def open(self, name: str) -> Session:
        """The campaign, its newest entries ready to show; the app runs `Session.check()` after."""
        with collector.paused():  # see collector.py: no collector passes over a campaign being parsed
            return self.store.open(name, tables=lambda: self.tables, lazy=True)

    def create(self, name: str, *, system: str | None = None, seed: int | None = None) -> Session:
        return self.store.create(name, system=system, seed=seed, tables=lambda: self.tables)
