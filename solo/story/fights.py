"""The party's simulated fights for balancing, played in fixed pieces on every core.

A measuring step is ``(seed, fights)``.  It is cut into pieces of `PIECE`
fights; each piece's seed is drawn in order from ``Rng(seed)`` and the
pieces' counts are added in order.  So what a step measures depends on its
seed and size alone - never on how many processes played its pieces - and
an adventure is the same for a seed on one core or on many.

`Fights` plays the pieces in this process or, when it may fork (more than
one core to run on, a single thread, the ``fork`` start method), in a pool
of worker processes forked once for the whole adventure: they inherit the
system and the party, and are sent only the foes and the seeds.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

from solo.dice import Rng
from solo.rules.engine import Actor, System
from solo.rules.forecast import Forecast, forecast

PIECE = 10


def pieces(seed: int, runs: int) -> list[tuple[int, int]]:
    """The (seed, fights) pieces a step of `runs` fights from `seed` is played in."""
    rng = Rng(seed)
    return [(rng.randint(0, 2**63 - 1), min(PIECE, runs - done)) for done in range(0, runs, PIECE)]


def add_up(parts: Sequence[Forecast]) -> Forecast:
    """One forecast from several over the same fight (their fights added together)."""
    first = parts[0]
    total = Forecast(first.system, first.party, first.foes, sum(p.runs for p in parts))
    for part in parts:
        total.wins += part.wins
        total.draws += part.draws
        total.losses += part.losses
        total.rounds += part.rounds
        total.seconds += part.seconds
        for key, value in part.harm.items():
            total.harm[key] = total.harm.get(key, 0) + value
        for who, counts in part.statuses.items():
            mine = total.statuses.setdefault(who, {})
            for key, value in counts.items():
                mine[key] = mine.get(key, 0) + value
    return total


def cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def may_fork() -> bool:
    import multiprocessing

    # forking while other threads run (the TUI's workers, say) is not safe
    return threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()


_SHARED: tuple[System, list[Actor]] | None = None


def _piece(job: tuple[list[Actor], int, int]) -> Forecast:
    assert _SHARED is not None
    system, party = _SHARED
    foes, seed, runs = job
    return forecast(system, party, foes, runs, Rng(seed), workers=1)


class Fights:
    """The party's fights against groups of foes: ``with Fights(system, party) as fights: ...``.

    `workers` caps the processes (default: one per core); the figures do not depend on it.
    """

    def __init__(self, system: System, party: Sequence[Actor], workers: int | None = None):
        self.system = system
        self.party = list(party)
        self.workers = cores() if workers is None else max(1, workers)
        self.played = 0  # fights simulated so far
        self._pool: Any = None

    def __enter__(self) -> Fights:
        global _SHARED
        if self.workers > 1 and may_fork():
            import multiprocessing

            _SHARED = (self.system, self.party)
            try:
                self._pool = multiprocessing.get_context("fork").Pool(self.workers)
            finally:
                _SHARED = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    @property
    def forked(self) -> bool:
        """Whether the fights are played by forked workers."""
        return self._pool is not None

    def play(self, foes: Sequence[Actor], seed: int, runs: int) -> Forecast:
        """`runs` fights of the party against `foes` from `seed`, the same wherever they are played."""
        jobs = [(list(foes), s, n) for s, n in pieces(seed, runs)]
        self.played += runs
        if self._pool is not None:
            parts = self._pool.map(_piece, jobs, chunksize=1)
        else:
            parts = [forecast(self.system, self.party, f, n, Rng(s), workers=1) for f, s, n in jobs]
        return add_up(parts)
