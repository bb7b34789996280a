"""Group checks: one member rolls for the group, then the others roll as the system says.

`group_roll` refuses an empty group, picks the leader (`lead`, the system's
rule for who is best placed), rolls the leader's check and then, when
`follow` gives options for them (None: they do not roll), every other
member's check with those options added, their events joining the
leader's result.  What the followers' rolls mean (each failure costing the
leader, a success letting everyone through) stays the system's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solo.dice import Rng
from solo.rules.engine import CheckResult, RulesError, System


def group_roll(system: System, group: Sequence[Any], approach: str | None, difficulty: Any, rng: Rng,
               lead: Callable[[Sequence[Any]], Any], follow: Callable[[CheckResult], dict[str, Any] | None],
               **options: Any) -> tuple[Any, CheckResult, list[tuple[Any, CheckResult]]]:
    """(leader, the leader's result with everyone's events, each follower with its result)."""
    if not group:
        raise RulesError("a group check needs someone in the group")
    leader = lead(group)
    result = system.check(leader, approach, difficulty, rng, **options)
    more = follow(result)
    rolls = []
    for member in group if more is not None else ():
        if member is not leader:
            roll = system.check(member, approach, difficulty, rng, **{**options, **(more or {})})
            result.events.extend(roll.events)
            rolls.append((member, roll))
    result.detail["leader"] = leader.name
    return leader, result, rolls
