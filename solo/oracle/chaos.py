"""The chaos factor: how far the story has slipped out of the characters' hands.

It runs from 1 (calm, things go as planned) to 9 (anything can happen) and
starts at 5, the neutral point where a fate check is exactly the Nine Powers
one.  It moves one step at the end of a scene: up when the scene got away
from the characters, down when they stayed in control.  Values outside 1-9
are refused rather than clamped when they come from the user, because a
silently changed number is a lost number; moves at the ends stop at the end.
"""

from __future__ import annotations

from solo.oracle.errors import OracleError

CHAOS_MIN = 1
CHAOS_MAX = 9
CHAOS_NEUTRAL = 5
DIRECTIONS = {"up": 1, "down": -1, "same": 0}


def check_chaos(value: object) -> int:
    """The chaos factor as an int, or an error naming the allowed range."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise OracleError(f"chaos factor must be a whole number {CHAOS_MIN}-{CHAOS_MAX},"
                              f" not {value!r}") from None
    if not CHAOS_MIN <= value <= CHAOS_MAX:
        raise OracleError(f"chaos factor must be between {CHAOS_MIN} and {CHAOS_MAX}, not {value}")
    return value


def end_scene_chaos(chaos: int, direction: str) -> int:
    """The chaos factor after a scene: one step up or down, stopping at 1 and 9."""
    chaos = check_chaos(chaos)
    step = DIRECTIONS.get(str(direction).strip().lower())
    if step is None:
        raise OracleError(f"chaos direction must be one of {', '.join(DIRECTIONS)}, not {direction!r}")
    return max(CHAOS_MIN, min(CHAOS_MAX, chaos + step))
