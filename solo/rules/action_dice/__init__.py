"""The action-dice DnD-alike: typed action dice, a response stack, hidden wounds, spell stones."""

from solo.rules.action_dice.character import Delver
from solo.rules.action_dice.skirmish import Skirmish
from solo.rules.action_dice.system import ActionDice

__all__ = ["ActionDice", "Delver", "Skirmish"]
