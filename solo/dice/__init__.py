"""Dice: notation, seeded rolls, step dice and exact odds."""

from solo.dice.ladder import STANDARD_LADDER, Ladder, Step, die_name
from solo.dice.notation import MAX_DICE, MAX_SIDES, DiceError, Expression, parse
from solo.dice.odds import Distribution, distribution, percent, probability
from solo.dice.rng import Rng, ScriptedRng
from solo.dice.roll import Die, RollResult, TermRoll, roll, roll_die

__all__ = [
    "MAX_DICE",
    "MAX_SIDES",
    "STANDARD_LADDER",
    "Die",
    "DiceError",
    "Distribution",
    "Expression",
    "Ladder",
    "RollResult",
    "Rng",
    "ScriptedRng",
    "Step",
    "TermRoll",
    "die_name",
    "distribution",
    "parse",
    "percent",
    "probability",
    "roll",
    "roll_die",
]
