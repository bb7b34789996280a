"""Dice: notation, seeded rolls, step dice and exact odds.

The names below are loaded from their modules on first use (PEP 562), so a
process that needs only the random source (`solo.dice.rng`, which opening a
campaign does) loads neither the notation parser nor the exact odds, with
`fractions` and `decimal` beneath them (some 10 ms of the TUI's cold start,
benchmarks/tui_startup.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solo.dice.ladder import STANDARD_LADDER, Ladder, Step, die_name
    from solo.dice.notation import MAX_DICE, MAX_SIDES, DiceError, Expression, parse
    from solo.dice.odds import Distribution, distribution, percent, probability
    from solo.dice.rng import Rng, ScriptedRng
    from solo.dice.roll import Die, RollResult, TermRoll, roll, roll_die

# Each name and the module it comes from.
_MODULES = {
    "ladder": ("STANDARD_LADDER", "Ladder", "Step", "die_name"),
    "notation": ("MAX_DICE", "MAX_SIDES", "DiceError", "Expression", "parse"),
    "odds": ("Distribution", "distribution", "percent", "probability"),
    "rng": ("Rng", "ScriptedRng"),
    "roll": ("Die", "RollResult", "TermRoll", "roll", "roll_die"),
}
_HOME = {name: module for module, names in _MODULES.items() for name in names}

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


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    loaded = importlib.import_module(f"{__name__}.{module}")
    # Every name of that module at once, looked up once: `roll` is both a function and the module
    # it lives in, and importing the module has just bound the package's `roll` to the module.
    # (So import these names from `solo.dice`, never the module `solo.dice.roll` itself.)
    globals().update({other: getattr(loaded, other) for other in _MODULES[module]})
    return globals()[name]


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
