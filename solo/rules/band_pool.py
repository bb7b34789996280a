"""Pools that keep their highest die and read it as a band: failure, a cost, success...

A `BandPool` says which faces of its die fall in which band (the highest
face of each band, lowest band first), what each band is called and the
neutral degree it counts as.  It rolls a number of dice and keeps the
highest; a result may be dropped some bands (never below the lowest, as a
system does when a pool was pushed below one die), and dice showing the top
face add to a top-band result (none once dropped).  Exact odds come from
`solo.rules.pool_odds`.  The Resistance Toolbox's d10 pool is one: 1
critical failure, 2-5 failure, 6-7 success at a cost, 8-9 success, 10
critical success.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from solo.dice import Rng
from solo.rules.pool_odds import highest
from solo.rules.words import plural


@dataclass(frozen=True)
class BandPool:
    sides: int
    tops: tuple[int, ...]  # the highest face in each band, lowest band first: (1, 5, 7, 9, 10)
    names: tuple[str, ...]
    degrees: tuple[str, ...]

    def __post_init__(self) -> None:
        # each face's band, looked up rather than searched: a forecast reads one per roll
        faces = tuple(next((b for b, top in enumerate(self.tops) if face <= top), len(self.tops) - 1)
                      for face in range(1, self.sides + 1))
        object.__setattr__(self, "_bands", faces)

    def band_of(self, face: int) -> int:
        return self._bands[face - 1]  # type: ignore[attr-defined, no-any-return]

    def roll(self, count: int, drops: int, rng: Rng) -> BandRoll:
        """Roll `count` dice, keep the highest, drop the result `drops` bands."""
        dice = rng.dice((self.sides,) * count)
        top = max(dice)
        band = self._bands[top - 1] - drops  # type: ignore[attr-defined]
        if band < 0:
            band = 0
        tens = dice.count(self.sides) if band == len(self.tops) - 1 else 0
        return BandRoll(self, dice, top, band, drops, tens)

    def odds(self, count: int, drops: int) -> tuple[Fraction, ...]:
        """Exact chance of each band, lowest first."""
        return _band_odds(self, count, drops)

    def degree_odds(self, count: int, drops: int) -> dict[str, Fraction]:
        """Exact chance of each neutral degree the bands count as."""
        out: dict[str, Fraction] = {}
        for band, p in enumerate(self.odds(count, drops)):
            out[self.degrees[band]] = out.get(self.degrees[band], Fraction(0)) + p
        return out


@lru_cache(maxsize=64)
def _band_odds(pool: BandPool, count: int, drops: int) -> tuple[Fraction, ...]:
    out = [Fraction(0)] * len(pool.tops)
    for top, p in highest((pool.sides,) * count):
        out[max(0, pool.band_of(top) - drops)] += p
    return tuple(out)


@dataclass(slots=True)
class BandRoll:
    """One roll of a `BandPool`: the dice, the highest, the band it lands in after any drop."""

    pool: BandPool
    dice: list[int]
    highest: int
    band: int
    downgrades: int
    tens: int  # dice on the top face that add to a top-band result (none once downgraded)

    @property
    def degree(self) -> str:
        return self.pool.degrees[self.band]

    @property
    def band_name(self) -> str:
        return self.pool.names[self.band]

    def told(self, size: int, difficulty: int) -> str:
        """'pool 2 at difficulty 1 [4, 7], 1 band down - failure': the roll as the journal gives it."""
        note = f", {plural(self.downgrades, 'band')} down" if self.downgrades else ""
        return f"pool {size} at difficulty {difficulty} {self.dice}{note} - {self.band_name}"

    def to_dict(self) -> dict[str, object]:
        return {"dice": self.dice, "highest": self.highest, "band": self.band_name,
                "downgrades": self.downgrades, "tens": self.tens}
