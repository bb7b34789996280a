"""Rogue Spire numbers outside the roll: movement, lifting, stacking talents, contests.

* movement (table 1.9.4): a spent die moves its sides times the distance per
  side of the round length; terrain or mounts multiply, and a die spent only
  on roughly straight-line movement counts double;
* lifting (1.9.14): treating an object as a smaller capacity has TD equal to
  the capacity ignored; above 32, TD rises by 1 per capacity over 32;
* a talent retaken at several die sizes (+1D / +2D / +3D) gives +1 for each
  taking no larger than the die expended;
* a spontaneous contest: the opposer stops the action by rolling higher;
  double the other roll (or more) is a Success AND; equal rolls let the
  opposer choose who gets the small advantage.
"""

from __future__ import annotations

from fractions import Fraction

from solo.rules.engine import RulesError

#: round length -> distance per side, in yards (1 yard ~ 1 m; a mile is 1760 yards)
PER_SIDE = {
    "1 day": Fraction(2, 5),
    "2 hours": Fraction(1, 5),
    "30 minutes": Fraction(100),
    "5 minutes": Fraction(20),
    "10 seconds": Fraction(1),
}
UNITS = {
    "1 day": "miles",
    "2 hours": "miles",
    "30 minutes": "yards",
    "5 minutes": "yards",
    "10 seconds": "yards",
}
TERRAIN = {
    "open": Fraction(1),
    "swamp": Fraction(1, 4),
    "jungle": Fraction(1, 4),
    "alpine": Fraction(1, 4),
    "snow": Fraction(1, 4),
    "desert": Fraction(1, 2),
    "forest": Fraction(1, 2),
    "hills": Fraction(1, 2),
    "carriage": Fraction(3, 2),
    "donkey": Fraction(3, 2),
    "pony": Fraction(3, 2),
    "horse": Fraction(2),
    "dogsled": Fraction(2),
    "boat": Fraction(2),
}


MOBILITY = {"full": Fraction(1), "half": Fraction(1, 2), "immobile": Fraction(0)}


def movement(
    sides: int, round_length: str, terrain: str = "open", straight: bool = False, mobility: str = "full"
) -> Fraction:
    """How far a spent die carries a creature, in the round's unit (miles or yards); a load over
    capacity halves it, four times capacity stops it (`SpireActor.mobility`)."""
    if round_length not in PER_SIDE:
        raise RulesError(f"round length must be one of {', '.join(PER_SIDE)}, not {round_length!r}")
    if terrain not in TERRAIN:
        raise RulesError(f"terrain must be one of {', '.join(TERRAIN)}, not {terrain!r}")
    return sides * PER_SIDE[round_length] * TERRAIN[terrain] * (2 if straight else 1) * MOBILITY[mobility]


def lift_td(capacity: int, as_capacity: int | None = None) -> int:
    """TD to handle an object of `capacity` as if it were `as_capacity` (or just to lift it past 32)."""
    if as_capacity is not None:
        return max(0, capacity - as_capacity)
    return max(0, capacity - 32)


def stacked_bonus(taken_at: list[int], spent: int) -> int:
    """A stacking talent's bonus: one per size it was taken at that the expended die reaches."""
    return sum(1 for size in taken_at if size <= spent)


def contest(actor_roll: int, opposer_roll: int) -> str:
    """Who wins a spontaneous contest: 'opposer' (+ ' AND' on double), 'actor' (+ ' AND'), or 'tie'."""
    if opposer_roll > actor_roll:
        return "opposer AND" if opposer_roll >= 2 * actor_roll else "opposer"
    if actor_roll > opposer_roll:
        return "actor AND" if actor_roll >= 2 * opposer_roll else "actor"
    return "tie"


def opposed_move_td(spent_sides: int) -> int:
    """An action that needs no roll (a move) is opposed at TD half the sides of the die spent on it."""
    return spent_sides // 2


def contest_odds(opposer_sides: int, actor_sides: int) -> tuple[Fraction, Fraction]:
    """Exact chances that the opposer's die rolls higher, and lower, than the actor's."""
    total = opposer_sides * actor_sides
    higher = sum(1 for o in range(1, opposer_sides + 1) for a in range(1, actor_sides + 1) if o > a)
    lower = sum(1 for o in range(1, opposer_sides + 1) for a in range(1, actor_sides + 1) if o < a)
    return Fraction(higher, total), Fraction(lower, total)
