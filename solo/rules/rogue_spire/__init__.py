"""Master of the Rogue Spire: step dice that are spent, strained and injured instead of hit points."""

from solo.rules.rogue_spire.system import RogueSpire

__all__ = ["RogueSpire"]
