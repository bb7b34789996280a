"""Nine Powers: pools of different dice, buffers before stamina, armour bypassed by 1s."""

from solo.rules.nine_powers.character import NinePowersActor
from solo.rules.nine_powers.contest import Contest
from solo.rules.nine_powers.system import NinePowers

__all__ = ["Contest", "NinePowers", "NinePowersActor"]
