"""The action-dice game's dice: d6 against a number, with natural 6 and natural 1, and advantage.

Everything rolls one d6 [SR: the text never names the action-die size;
RULES.md §3.7 item 1].  A saving throw succeeds on a d6 of at least the
current fatigue (after penalties: a spell's level, a check's difficulty);
an attack hits when the attack die plus the Strength bonus [SR] reaches the
target's armour class.  Either way a natural 6 always succeeds and a
natural 1 always fails.  Advantage rolls two d6 and keeps the higher,
disadvantage the lower; one of each cancels out.

The exact odds here are Fractions over the 6 (or 36) faces, so they are
what `solo odds action-dice` prints and what the tests hold the text to.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from solo.dice import Rng

SIDES = 6
STAT_MIN, STAT_MAX = 3, 18


def stat_bonus(score: int) -> int:
    """The bonus a 3d6 stat gives (table 3.4.1): the extremes -2 and +2, the middle band none."""
    if score <= 3:
        return -2
    if score <= 6:
        return -1
    if score <= 14:
        return 0
    if score <= 17:
        return 1
    return 2


@cache
def stat_bonus_odds() -> dict[int, Fraction]:
    """The chance of each bonus for a stat rolled on 3d6 (out of 216)."""
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                bonus = stat_bonus(a + b + c)
                out[bonus] = out.get(bonus, Fraction(0)) + Fraction(1, 216)
    return dict(sorted(out.items()))


def edge(advantage: bool, disadvantage: bool) -> int:
    """+1 advantage, -1 disadvantage, 0 when neither or both (they cancel)."""
    return int(advantage) - int(disadvantage)


def roll_d6(rng: Rng, edge_: int = 0) -> tuple[int, list[int]]:
    """One d6 (two with an edge, keeping the higher or lower): the kept face and every face rolled."""
    if edge_ == 0:
        face = rng.die(SIDES)
        return face, [face]
    faces = [rng.die(SIDES), rng.die(SIDES)]
    return (max(faces) if edge_ > 0 else min(faces)), faces


def passes(face: int, modifier: int, target: int) -> bool:
    """Natural 6 passes, natural 1 fails, otherwise face + modifier must reach the target."""
    if face == SIDES:
        return True
    if face == 1:
        return False
    return face + modifier >= target


def _face_odds(edge_: int) -> list[Fraction]:
    """Chance that the kept face is 1..6 (index 0..5)."""
    if edge_ == 0:
        return [Fraction(1, SIDES)] * SIDES
    out = []
    for face in range(1, SIDES + 1):
        if edge_ > 0:  # higher of two is exactly `face`
            out.append(Fraction(face * face - (face - 1) * (face - 1), SIDES * SIDES))
        else:
            low = SIDES - face + 1
            out.append(Fraction(low * low - (low - 1) * (low - 1), SIDES * SIDES))
    return out


@cache
def chance(modifier: int, target: int, edge_: int = 0) -> Fraction:
    """Exact chance that one d6 (kept from two with an edge) + modifier reaches `target`."""
    faces = _face_odds(edge_)
    return sum(
        (p for face, p in zip(range(1, SIDES + 1), faces, strict=True) if passes(face, modifier, target)),
        Fraction(0),
    )


def save_chance(fatigue: int, penalty: int = 0, edge_: int = 0) -> Fraction:
    """A saving throw against current fatigue, the penalty taken off the roll."""
    return chance(-penalty, fatigue, edge_)


def attack_chance(ac: int, bonus: int = 0, edge_: int = 0) -> Fraction:
    """An attack die + Strength bonus against an armour class."""
    return chance(bonus, ac, edge_)


@cache
def sum_at_least(dice: int, target: int) -> Fraction:
    """The chance that `dice` d6 add up to at least `target` (a finishing blow, a task's completion)."""
    if dice < 0:
        raise ValueError("a negative number of dice")
    counts = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, SIDES + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    good = sum(ways for total, ways in counts.items() if total >= target)
    return Fraction(good, SIDES**dice)


def finishing_chance(wounds: int, health: int) -> Fraction:
    """The chance a finishing blow kills: `wounds` d6 of damage reaching `health`."""
    return sum_at_least(wounds, health)
