"""Nine Powers wealth checks, treasure and coins.

Buying something that matters is a wealth check (pool = current wealth) whose
difficulty comes from the item's impact.  The rules leave the mapping out;
our reading: impact 0 never needs a check, impact up to wealth - 1 is easy,
impact equal to wealth is medium, wealth + 1 is tough, and anything dearer is
out of reach today.  Success buys the item and lowers wealth by 1.

Wealth only comes back through treasure: spending treasure of impact exactly
wealth + 1 raises wealth by 1 (never above its maximum).  A patron pays, and
a significant enemy carries, treasure of impact equal to the highest rating
among their important skills.
"""

from __future__ import annotations

from typing import Any

from solo.dice import Rng
from solo.rules.data import SystemData
from solo.rules.engine import RulesError

MAX_IMPACT = 8


def wealth_difficulty(wealth: int, impact: int) -> str | None:
    """The difficulty of buying at this impact; None when no check is needed."""
    if not 0 <= impact <= MAX_IMPACT:
        raise RulesError(f"impact ratings run 0-{MAX_IMPACT}, not {impact}")
    if impact == 0:
        return None
    if impact <= wealth - 1:
        return "easy"
    if impact == wealth:
        return "medium"
    if impact == wealth + 1:
        return "tough"
    raise RulesError(
        f"impact {impact} is out of reach with wealth {wealth}: at most wealth + 1"
        f" ({wealth + 1}) can be bought today"
    )


def impact_row(data: SystemData, impact: int) -> dict[str, Any]:
    for record in data.records("nine-powers/impact"):
        if record.get("impact") == impact:
            return record
    raise RulesError(f"the impact table has no row for impact {impact}")


def treasure(data: SystemData, impact: int, rng: Rng) -> dict[str, Any]:
    """A piece of treasure of this impact, with its coin value."""
    impact = max(0, min(MAX_IMPACT, impact))
    row = impact_row(data, impact)
    item = data.roll(f"nine-powers/treasure/impact-{impact}", rng)
    return {"impact": impact, "item": item["text"], "silver": row["silver"], "gold": row["gold"]}
