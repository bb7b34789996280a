"""What the rematch tests of every system compare: fresh copies of the sides, and what a fight came to."""

from __future__ import annotations

from typing import Any

from solo.rules.engine import Encounter


def copies(sides: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """Each side's actors copied afresh, for one encounter to make."""
    return {side: [a.copy() for a in actors] for side, actors in sides.items()}


def played(enc: Encounter, side: str) -> tuple[Any, ...]:
    """What a fight came to for `side`, and the next draw of its dice (the same only if every draw
    was the same)."""
    enc.run()
    seats = [(s.label, s.out, dict(s.taken), s.actor.to_dict()) for s in enc.seats]
    return enc.result_for(side), enc.rounds_played, seats, enc.rng.random()
