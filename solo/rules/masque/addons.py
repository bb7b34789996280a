"""Add-on hits: a role actor whose hits pair up takes |d3 - d2| more (MQ-10).

The same odds as a d6 read 0, 0, 1, 1, 1, 2.  A venomous Spidure's bite is
|d4 - d3| per pairing.
"""

from __future__ import annotations

from fractions import Fraction

from solo.dice import Rng


def roll_addons(rng: Rng, high: int = 3, low: int = 2) -> int:
    return abs(rng.die(high) - rng.die(low))


def addon_odds(high: int = 3, low: int = 2) -> dict[int, Fraction]:
    """Exact chances of each number of add-on hits from |d(high) - d(low)|."""
    counts: dict[int, int] = {}
    for a in range(1, high + 1):
        for b in range(1, low + 1):
            counts[abs(a - b)] = counts.get(abs(a - b), 0) + 1
    return {n: Fraction(c, high * low) for n, c in sorted(counts.items())}
