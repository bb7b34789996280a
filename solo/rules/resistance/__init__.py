"""The Resistance Toolbox: a d10 pool keeping the highest, stress on resistances, fallout."""

from solo.rules.resistance.character import ResistanceNPC, ResistancePC
from solo.rules.resistance.conflict import Conflict
from solo.rules.resistance.system import Resistance

__all__ = ["Conflict", "Resistance", "ResistanceNPC", "ResistancePC"]
