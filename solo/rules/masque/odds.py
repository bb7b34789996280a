"""Exact odds of a Masque cast: its final casting and the chance it meets its average.

Each initial die becomes a table of (value, twice its margin over its
average, whether its first roll was a 1) with exact chances; the tables are
combined die by die.  A monster's dice explode-and-add (`solo.dice.special`)
to `depth` rerolls, the last kept as it falls, and its all-1s nullify is
counted; a role actor's dice are rolled once.  The work is counted first:
a cast whose combined table would pass `WORK_BUDGET` entries is refused.

`strike_odds` compares two casts' final castings: the chance each strikes
and of a parley (a tie).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solo.dice.notation import DiceError
from solo.dice.special import explode_distribution, face_distribution
from solo.rules.engine import RulesError
from solo.rules.masque.cast import Cast, Term
from solo.rules.masque.throw import top_two

DEPTH = 8
WORK_BUDGET = 3_000_000

State = tuple[int, int, int]  # (signed total, twice the signed margin, ones among the top two dice)


@dataclass(frozen=True)
class CastOdds:
    cast: Cast
    monster: bool
    depth: int
    casting: dict[int, Fraction]  # final casting (0 when nullified or below 1) -> chance
    met: Fraction
    nullified: Fraction
    tail: Fraction  # chance some die's chain reached the depth (its last reroll was not exploded)
    joint: dict[tuple[int, bool], Fraction]  # (final casting, met its average) -> chance


def _kept(term: Term, least: bool) -> dict[tuple[int, int], Fraction]:
    """(kept die's faces, its first value) -> chance, for a single die or a pair."""
    first = face_distribution(term.sides)
    if not term.pair:
        return {(term.sides, v): p for v, p in first.items()}
    second = face_distribution(term.pair)
    out: dict[tuple[int, int], Fraction] = {}
    for a, pa in first.items():
        for b, pb in second.items():
            if a == b:
                key = (min(term.sides, term.pair), a)
            elif (a > b) != least:
                key = (term.sides, a)
            else:
                key = (term.pair, b)
            out[key] = out.get(key, Fraction(0)) + pa * pb
    return out


def _term_table(term: Term, least: bool, monster: bool, depth: int, top: bool
                ) -> tuple[dict[State, Fraction], Fraction]:
    table: dict[State, Fraction] = {}
    tail = Fraction(0)
    for (sides, value), p in _kept(term, least).items():
        span = 1 if sides == 1 else sides + 1  # twice the die's average
        one = int(top and value == 1)
        chains: dict[tuple[int, int], Fraction]
        if monster and sides >= 4 and value == sides and depth > 0:
            more = explode_distribution(face_distribution(sides), sides, depth - 1)
            chains = {(value + s, 1 + r): q for (s, r), q in more.items()}
            tail += p * sum((q for (_, r), q in more.items() if r == depth), Fraction(0))
        else:
            chains = {(value, 1): Fraction(1)}
        for (total, rolls), q in chains.items():
            key = (term.sign * total, term.sign * (2 * total - span * rolls), one)
            table[key] = table.get(key, Fraction(0)) + p * q
    return table, tail


def cast_odds(cast: Cast, *, monster: bool = False, depth: int = DEPTH) -> CastOdds:
    """Exact chances of every final casting of `cast`, and of meeting its average."""
    tops = set(top_two(cast)) if monster else set()
    tables = []
    tail_none = Fraction(1)
    for i, term in enumerate(cast.terms):
        try:
            table, tail = _term_table(term, cast.least, monster, depth, i in tops)
        except DiceError as exc:
            raise RulesError(str(exc)) from None
        tables.append(table)
        tail_none *= 1 - tail
    work = 1
    for table in tables:
        work *= len(table)
        if work > WORK_BUDGET:
            raise RulesError(f"the exact odds of {cast.text} need over {WORK_BUDGET:,} outcomes;"
                             " ask for fewer or smaller dice")
    states: dict[State, Fraction] = {(cast.const, 0, 0): Fraction(1)}
    for table in tables:
        merged: dict[State, Fraction] = {}
        for (t1, m1, o1), p1 in states.items():
            for (t2, m2, o2), p2 in table.items():
                key = (t1 + t2, m1 + m2, o1 + o2)
                merged[key] = merged.get(key, Fraction(0)) + p1 * p2
        states = merged
    casting: dict[int, Fraction] = {}
    met = nullified = Fraction(0)
    joint: dict[tuple[int, bool], Fraction] = {}
    for (total, margin2, ones), p in states.items():
        null = monster and ones == len(tops)
        final = 0 if null or total < 1 else total
        if null:
            nullified += p
        casting[final] = casting.get(final, Fraction(0)) + p
        # average = total - margin / 2; met when final >= 1 and final >= average
        hit = final >= 1 and 2 * final >= 2 * total - margin2
        if hit:
            met += p
        joint[(final, hit)] = joint.get((final, hit), Fraction(0)) + p
    return CastOdds(cast, monster, depth, dict(sorted(casting.items())), met, nullified, 1 - tail_none,
                    dict(sorted(joint.items())))


def strike_odds(ours: CastOdds, theirs: CastOdds) -> tuple[Fraction, Fraction, Fraction]:
    """(we strike, they strike, parley) when these two final castings are the side totals."""
    win = lose = Fraction(0)
    for a, pa in ours.casting.items():
        for b, pb in theirs.casting.items():
            if a > b:
                win += pa * pb
            elif b > a:
                lose += pa * pb
    return win, lose, 1 - win - lose
