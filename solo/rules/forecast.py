"""How dangerous is this fight?  Play it many times and count.

Every run plays a fresh copy of the party against fresh copies of the foes,
with the engine's policy on both sides and nothing journaled, so ten
thousand runs take seconds.  The actors handed in are never changed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng
from solo.rules.engine import Actor, Encounter, RulesError, System

PARTY, FOES = "party", "foes"
MAX_RUNS = 1_000_000


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
                who: {k: self.rate(v) for k, v in sorted(ends.items())} for who, ends in self.statuses.items()
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
    system: System, party: Sequence[Actor], foes: Sequence[Actor], runs: int, rng: Rng, **options: Any
) -> Forecast:
    """Play the fight `runs` times with the engine deciding for everyone."""
    if not 1 <= runs <= MAX_RUNS:
        raise RulesError(f"a forecast runs 1 to {MAX_RUNS} fights, not {runs}")
    if not party or not foes:
        raise RulesError("a forecast needs a party and at least one foe")
    result = Forecast(system.id, [a.name for a in party], [a.name for a in foes], runs)
    harm = result.harm
    members = _member_names(party)
    statuses = result.statuses
    for who in members:
        statuses[who] = {}
    start = time.perf_counter()
    for _ in range(runs):
        ours = [a.copy() for a in party]
        theirs = [a.copy() for a in foes]
        encounter = Encounter(system, {PARTY: ours, FOES: theirs}, rng, record=False, **options)
        encounter.play()
        outcome = encounter.result_for(PARTY)
        if outcome == "win":
            result.wins += 1
        elif outcome == "loss":
            result.losses += 1
        else:
            result.draws += 1
        result.rounds += encounter.rounds_played
        for who, actor in zip(members, ours, strict=True):
            for key, value in encounter.harm_taken(actor).items():
                harm[key] = harm.get(key, 0) + value
            status = encounter.status(actor)
            counts = statuses[who]
            counts[status] = counts.get(status, 0) + 1
    result.seconds = time.perf_counter() - start
    return result
