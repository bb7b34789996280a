"""Exact chances for pools of dice, from icepool: the lowest die, the two lowest, the highest.

A pool is the sides of its dice, ``(4, 6, 8)`` or ``(10, 10)``.  Each
function gives every outcome with its exact chance as a `Fraction`, in
rising order, and is cached: the odds a menu shows ask for the same pools
again and again.  Nine Powers judges a pool by its lowest die (and the two
lowest when a 1 is traded away); the Resistance Toolbox by its highest.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

import icepool


def _chances(die: Any, key: Any = int) -> tuple[tuple[Any, Fraction], ...]:
    denominator = int(die.denominator())
    return tuple((key(o), Fraction(int(q), denominator)) for o, q in die.items() if q)


@lru_cache(maxsize=512)
def lowest(pool: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """Chances of the lowest die showing each value."""
    dice = [icepool.d(s) for s in pool]
    # With one argument icepool reads it as a collection, so one die stands alone.
    return _chances(dice[0] if len(dice) == 1 else icepool.lowest(*dice))


@lru_cache(maxsize=512)
def lowest_two(pool: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Joint chances of the two lowest dice, lowest first (one die: just its value)."""
    if len(pool) == 1:
        return tuple(((o,), p) for o, p in lowest(pool))
    die = icepool.Pool([icepool.d(s) for s in pool]).lowest(2).expand()
    return _chances(die, lambda o: tuple(int(x) for x in o))


@lru_cache(maxsize=512)
def highest(pool: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """Chances of the highest die showing each value."""
    dice = [icepool.d(s) for s in pool]
    return _chances(dice[0] if len(dice) == 1 else icepool.Pool(dice).highest(1).sum())
