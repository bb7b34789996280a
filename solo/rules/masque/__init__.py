"""Masque (RULES.md section 5): casts within a Build, set-tos on a stage of marks, Role Fx, monsters."""

from solo.rules.masque.system import Masque

__all__ = ["Masque"]
