"""The shared rules engine and the systems that speak its vocabulary.

`registry.get(id)` gives a `System`; see `engine` for the neutral vocabulary
(checks with approaches and degrees, harm and recovery, encounters).
"""

from solo.rules import registry
from solo.rules.engine import (
    APPROACHES,
    DEGREES,
    DIFFICULTIES,
    HARM_KINDS,
    SIZES,
    Action,
    Actor,
    CheckResult,
    Creation,
    Encounter,
    Event,
    Odds,
    OddsChart,
    Question,
    RulesError,
    System,
)

__all__ = [
    "APPROACHES",
    "DEGREES",
    "DIFFICULTIES",
    "HARM_KINDS",
    "SIZES",
    "Action",
    "Actor",
    "CheckResult",
    "Creation",
    "Encounter",
    "Event",
    "Odds",
    "OddsChart",
    "Question",
    "RulesError",
    "System",
    "registry",
]
