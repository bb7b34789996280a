"""Keeping Python's cyclic garbage collector out of loading a campaign.

Parsing a save builds hundreds of thousands of small objects (a dict and a
few strings per journal entry), and every few hundred allocations the
collector runs; its full passes walk everything built so far, so they grow
with the campaign and, at 10,000 entries, roughly doubled the time to parse
it (issue 16).  None of it is garbage, so the collector is paused while a
campaign loads, and what was loaded is then frozen (`gc.freeze`): moved to a
generation the collector never walks, so it does not slow down the key
presses that follow either.  Frozen objects are still freed normally when no
longer referenced (a campaign closed for another); only reference cycles among
them are left for the process's end.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No collection inside the block; everything alive after it is frozen."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
