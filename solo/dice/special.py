"""Dice that are not a plain 1..n roll: d1, doubled dice, explode-and-add, face steps.

Any system may use these; each comes with a roll through an injected `Rng`
and its exact distribution as `Fraction`s.

* **d1** is a d2 less one: 0 or 1, even odds, average 1/2.
* **Doubled dice** stand in for sizes no polyhedron has: a d7 is two d6
  summed, kept when the sum is at most 7 and reduced by 7 when above it (d11
  from two d10, d13 from two d12).  Faces 1..n-1 are then equally likely and
  the top face a little more likely (d7: 5/36 each, 7 at 6/36).
* **Explode-and-add**: a die showing its top face (a *natural*, for dice of
  `min_faces` faces or more) is rolled again and the new value added, for as
  long as naturals keep coming.  A roll stops after `MAX_REROLLS` rerolls; the
  exact odds follow the same chain to a `depth` the caller picks, where the
  last reroll is kept as it falls.  `explode_cost` counts the work before any
  of it is done, and a depth whose outcome table would pass `WORK_BUDGET`
  entries is refused with `DiceError`, never tried.
* **Steps and flips** of a face on a 1..n die: one face up, one face down
  (held inside 1..n), and n + 1 - face.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from solo.dice.notation import DiceError
from solo.dice.rng import Rng

#: size of a doubled die -> the size of the two dice summed for it
DOUBLED = {7: 6, 11: 10, 13: 12}
#: how many rerolls one explode-and-add roll may make before the chain is cut
MAX_REROLLS = 60
#: the most (value, rerolls) outcomes an exact explode-and-add table may hold
WORK_BUDGET = 200_000


def roll_d1(rng: Rng) -> int:
    """A d1: a d2 less one."""
    return rng.die(2) - 1


def roll_doubled(sides: int, rng: Rng) -> int:
    """A doubled d7, d11 or d13 (two smaller dice summed, less `sides` when over it)."""
    base = _base(sides)
    total = rng.die(base) + rng.die(base)
    return total if total <= sides else total - sides


def roll_face(sides: int, rng: Rng) -> int:
    """One die of any size as the doubled-dice rules roll it: d1 as d2-1, d7/d11/d13 doubled, else 1..n."""
    if sides == 1:
        return roll_d1(rng)
    if sides in DOUBLED:
        return roll_doubled(sides, rng)
    return rng.die(sides)


def _base(sides: int) -> int:
    try:
        return DOUBLED[sides]
    except KeyError:
        raise DiceError(f"only a d7, d11 or d13 is rolled doubled, not a d{sides}") from None


def d1_distribution() -> dict[int, Fraction]:
    return {0: Fraction(1, 2), 1: Fraction(1, 2)}


def doubled_distribution(sides: int) -> dict[int, Fraction]:
    """Exact chances of each face of a doubled die."""
    base = _base(sides)
    counts: dict[int, int] = {}
    for a in range(1, base + 1):
        for b in range(1, base + 1):
            face = a + b if a + b <= sides else a + b - sides
            counts[face] = counts.get(face, 0) + 1
    whole = base * base
    return {face: Fraction(counts[face], whole) for face in sorted(counts)}


def face_distribution(sides: int) -> dict[int, Fraction]:
    """Exact chances of each face of `roll_face(sides)`."""
    if sides < 1:
        raise DiceError(f"a die has at least one face, not {sides}")
    if sides == 1:
        return d1_distribution()
    if sides in DOUBLED:
        return doubled_distribution(sides)
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def is_natural(sides: int, face: int, min_faces: int = 4) -> bool:
    """Whether `face` is a natural: the top face of a die with `min_faces` faces or more."""
    return sides >= min_faces and face == sides


def explode_add(sides: int, rng: Rng, *, min_faces: int = 4) -> list[int]:
    """Roll a die and reroll it while it shows a natural; every value rolled, first to last."""
    rolls = [roll_face(sides, rng)]
    while is_natural(sides, rolls[-1], min_faces) and len(rolls) <= MAX_REROLLS:
        rolls.append(roll_face(sides, rng))
    return rolls


def explode_cost(faces: int, depth: int) -> int:
    """How many (total, rolls) outcomes an exact explode-and-add table to `depth` rerolls holds."""
    return faces * (depth + 1)


def explode_distribution(
    faces: Mapping[int, Fraction], natural: int | None, depth: int
) -> dict[tuple[int, int], Fraction]:
    """Exact chances of (sum, dice rolled) for a die exploding on `natural`, at most `depth` rerolls.

    `faces` is the die's own distribution (`face_distribution`); `natural`
    the face that earns a reroll (None: the die never explodes).  The
    reroll at `depth` is kept as it falls.
    """
    if depth < 0:
        raise DiceError(f"an explosion depth is 0 or more, not {depth}")
    cost = explode_cost(len(faces), depth)
    if cost > WORK_BUDGET:
        raise DiceError(f"exploding to depth {depth} needs {cost:,} outcomes, over the budget of"
                        f" {WORK_BUDGET:,}; ask for a smaller depth")
    out: dict[tuple[int, int], Fraction] = {}
    reach = Fraction(1)  # chance of rolling naturals on every roll so far
    carried = 0
    p_natural = faces.get(natural, Fraction(0)) if natural is not None else Fraction(0)
    for level in range(depth + 1):
        last = level == depth or not p_natural
        for face, p in faces.items():
            if face == natural and not last:
                continue
            key = (carried + face, level + 1)
            out[key] = out.get(key, Fraction(0)) + reach * p
        if last:
            break
        reach *= p_natural
        carried += natural or 0
    return out


def step_up(face: int, sides: int) -> int:
    """The next higher face, held at the top."""
    return min(face + 1, sides)


def step_down(face: int, sides: int) -> int:
    """The next lower face, held at the bottom (1; 0 on a d1)."""
    return max(face - 1, 0 if sides == 1 else 1)


def flip(face: int, sides: int) -> int:
    """The opposite face: n + 1 - face (d1: 1 - face)."""
    return (1 - face) if sides == 1 else sides + 1 - face
