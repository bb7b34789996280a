"""How dangerous is this fight?  Play it many times and count.

Every run plays fight copies (`Actor.fight_copy`) of the party against fight
copies of the foes, with the engine's policy on both sides and nothing
journaled, through the encounter kernel's one run loop.  An encounter that
allows it (`Encounter.quick_rematch`) is made once per chunk and each fight is
a `rematch` of it, the rules not read again.  The actors handed in are never
changed.

The runs are split into chunks of `CHUNK` fights, each with its own seed
drawn in order from the caller's Rng, and the chunks' counts are added in
order: so the result for a seed is the same whether the chunks run in this
process or spread over every core (forked worker processes, used from
`PARALLEL_FROM` fights when the process has one thread and more than one
core to run on).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng
from solo.rules.engine import Actor, Encounter, RulesError, System

PARTY, FOES = "party", "foes"
MAX_RUNS = 1_000_000
CHUNK = 500
PARALLEL_FROM = 2_000


@dataclass
class Forecast:
    system: str
    party: list[str]
    foes: list[str]
    runs: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    rounds: int = 0
    harm: dict[str, int] = field(default_factory=dict)  # summed over the party and all runs
    # each party member's end states, counted over the fights: each member's counts sum to `runs`
    statuses: dict[str, dict[str, int]] = field(default_factory=dict)
    seconds: float = 0.0

    def rate(self, count: int) -> float:
        return count / self.runs if self.runs else 0.0

    @property
    def average_harm(self) -> dict[str, float]:
        return {k: v / self.runs for k, v in sorted(self.harm.items())}

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "party": self.party,
            "foes": self.foes,
            "runs": self.runs,
            "win": self.rate(self.wins),
            "draw": self.rate(self.draws),
            "loss": self.rate(self.losses),
            "average_rounds": self.rounds / self.runs if self.runs else 0.0,
            "average_harm": self.average_harm,
            "party_end_states": {
                who: {k.replace(" ", "_"): self.rate(v) for k, v in sorted(ends.items())}
                for who, ends in self.statuses.items()
            },
            "seconds": round(self.seconds, 3),
        }

    def render(self) -> str:
        lines = [
            f"{' and '.join(self.party)} against {', '.join(self.foes)} ({self.system}), {self.runs} fights:",
            f"  win {self.rate(self.wins):.1%}   draw {self.rate(self.draws):.1%}"
            f"   loss {self.rate(self.losses):.1%}",
            f"  fights last {self.rounds / self.runs:.1f} rounds on average",
        ]
        if self.harm:
            harm = ", ".join(f"{k} {v:.2f}" for k, v in self.average_harm.items())
            lines.append(f"  the party takes on average: {harm}")
        for who, counts in self.statuses.items():
            ends = ", ".join(f"{k} {self.rate(v):.1%}" for k, v in sorted(counts.items()))
            lines.append(f"  {who} ends the fight: {ends}")
        return "\n".join(lines)


def _member_names(party: Sequence[Actor]) -> list[str]:
    """Each party member's name, numbered when two share one."""
    names = [a.name for a in party]
    return [f"{n} ({names[:i].count(n) + 1})" if names.count(n) > 1 else n for i, n in enumerate(names)]


def forecast(
    system: System, party: Sequence[Actor], foes: Sequence[Actor], runs: int, rng: Rng,
    *, workers: int | None = None, **options: Any
) -> Forecast:
    """Play the fight `runs` times with the engine deciding for everyone.

    `workers` caps the processes used (default: one per core available);
    the result does not depend on it.
    """
    if not 1 <= runs <= MAX_RUNS:
        raise RulesError(f"a forecast runs 1 to {MAX_RUNS} fights, not {runs}")
    if not party or not foes:
        raise RulesError("a forecast needs a party and at least one foe")
    # Refuse bad options here, before any worker starts; in this process it is also the encounter each
    # fight is a rematch of, when it allows that (it is never played, and its dice are not the fights')
    made = Encounter(system, {PARTY: [a.copy() for a in party], FOES: [a.copy() for a in foes]}, Rng(0),
                     record=False, **options)
    result = Forecast(system.id, [a.name for a in party], [a.name for a in foes], runs)
    members = _member_names(party)
    for who in members:
        result.statuses[who] = {}
    start = time.perf_counter()
    jobs = [(rng.randint(0, 2**63 - 1), min(CHUNK, runs - done)) for done in range(0, runs, CHUNK)]
    count = _workers(workers, runs, len(jobs))
    if count > 1:
        parts = _in_parallel((system, list(party), list(foes), options), jobs, count)
    else:
        parts = [_chunk(system, party, foes, options, seed, size, made) for seed, size in jobs]
    for wins, draws, losses, rounds, harm, statuses in parts:
        result.wins += wins
        result.draws += draws
        result.losses += losses
        result.rounds += rounds
        for key, value in harm.items():
            result.harm[key] = result.harm.get(key, 0) + value
        for who, counts in statuses.items():
            mine = result.statuses[who]
            for key, value in counts.items():
                mine[key] = mine.get(key, 0) + value
    result.seconds = time.perf_counter() - start
    return result


Part = tuple[int, int, int, int, dict[str, int], dict[str, dict[str, int]]]


def _chunk(system: System, party: Sequence[Actor], foes: Sequence[Actor], options: dict[str, Any],
           seed: int, runs: int, made: Encounter | None = None) -> Part:
    """`runs` fights from one seed: (wins, draws, losses, rounds, harm, each member's end states).

    `made`: the fight as made by `forecast`, never played, that each fight is a rematch of (when the
    encounter allows it); else one is made here."""
    rng = Rng(seed)
    members = _member_names(party)
    wins = draws = losses = rounds = 0
    harm: dict[str, int] = {}
    statuses: dict[str, dict[str, int]] = {}

    def fresh(dice: Rng) -> Encounter:
        sides = {PARTY: [a.fight_copy() for a in party], FOES: [a.fight_copy() for a in foes]}
        return Encounter(system, sides, dice, record=False, **options)

    # never played: each fight copies it, with the chunk's dice (any it drew itself are thrown away,
    # and drawn again by each rematch, as a freshly made one would)
    if not system.encounter_class.quick_rematch:
        made = None
    elif made is None:
        made = fresh(Rng(0))
    if made is not None and not made.can_rematch():
        made = None
    for _ in range(runs):
        encounter = made.rematch(rng) if made is not None else fresh(rng)
        encounter.run()
        outcome = encounter.result_for(PARTY)
        if outcome == "win":
            wins += 1
        elif outcome == "loss":
            losses += 1
        else:
            draws += 1
        rounds += encounter.rounds_played
        for who, seat in zip(members, encounter.seats, strict=False):  # the party's seats come first
            for key, value in seat.taken.items():
                harm[key] = harm.get(key, 0) + value
            counts = statuses.setdefault(who, {})
            status = seat.out or "fighting"
            counts[status] = counts.get(status, 0) + 1
    return wins, draws, losses, rounds, harm, statuses


def _workers(asked: int | None, runs: int, chunks: int) -> int:
    """How many processes to use: one per core this process may run on, if it is worth forking."""
    if asked is not None:
        return max(1, min(asked, chunks))
    import multiprocessing

    forkable = "fork" in multiprocessing.get_all_start_methods()
    if runs < PARALLEL_FROM or threading.active_count() > 1 or not forkable:
        return 1  # forking a process while other threads run is not safe
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, chunks))


_JOB: tuple[System, list[Actor], list[Actor], dict[str, Any]] | None = None


def _run_job(job: tuple[int, int]) -> Part:
    assert _JOB is not None
    system, party, foes, options = _JOB
    return _chunk(system, party, foes, options, *job)


def _in_parallel(shared: tuple[System, list[Actor], list[Actor], dict[str, Any]],
                 jobs: list[tuple[int, int]], count: int) -> list[Part]:
    """The chunks spread over `count` forked processes, which inherit the system and actors; in order."""
    import multiprocessing

    global _JOB
    _JOB = shared
    try:
        with multiprocessing.get_context("fork").Pool(count) as pool:
            return pool.map(_run_job, jobs, chunksize=1)
    finally:
        _JOB = None
