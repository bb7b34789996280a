"""Adventure hooks in bulk: any table or grammar, rolled N times from one seeded RNG.

Hooks come from the `story/hook` grammar by default; any other table id works
(`story/item`, `story/location`, a user's own grammar), which makes this the
batch generator for every story table.  One RNG is drawn from in order, so
hook number k depends on the seed and on k only: the same seed gives the same
list in every process.
"""

from __future__ import annotations

from collections.abc import Iterator

from solo.dice import Rng
from solo.tables import TableSet

HOOK_TABLE = "story/hook"


def iter_hooks(tables: TableSet, rng: Rng, count: int, table_id: str = HOOK_TABLE) -> Iterator[str]:
    """`count` texts rolled on `table_id`, one at a time (for progress bars)."""
    tables.get(table_id)  # a clear error for a bad id before anything is rolled
    for _ in range(count):
        yield tables.roll(table_id, rng).text.strip()


def generate_hooks(tables: TableSet, rng: Rng, count: int, table_id: str = HOOK_TABLE) -> list[str]:
    return list(iter_hooks(tables, rng, count, table_id))
