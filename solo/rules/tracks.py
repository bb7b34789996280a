"""Tracks that take harm in order: a buffer in front of a real pool, slots before a resistance.

A track is an attribute of the actor with its maximum beside it as
``<name>_max``.  Harm empties the first track named before the next
(`take`); recovery fills them in the same order (`give`); none goes below 0
or above its maximum.  A system names its tracks in order: Nine Powers'
fortitude then stamina, a hit-point pool alone, armour before wounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def take(actor: Any, tracks: Sequence[str], amount: int, skip: int = 0) -> list[int]:
    """Take `amount` points, first track first; how many each track lost, in order.

    `skip` of them pass the first track by (a talent that ignores the buffer)
    and fall on the tracks after it.
    """
    if amount <= 0:
        return [0] * len(tracks)
    passing = min(skip, amount)
    left = amount - passing
    out = []
    for name in tracks:
        have = getattr(actor, name)
        lost = have if have < left else left
        setattr(actor, name, have - lost)
        out.append(lost)
        left += passing - lost
        passing = 0
    return out


def give(actor: Any, tracks: Sequence[str], amount: int) -> list[int]:
    """Give back `amount` points, first track first, none past its maximum; how many each gained."""
    out = [0] * len(tracks)
    left = max(0, amount)
    for i, name in enumerate(tracks):
        have, top = getattr(actor, name), getattr(actor, f"{name}_max")
        out[i] = min(top - have, left)
        setattr(actor, name, have + out[i])
        left -= out[i]
    return out
