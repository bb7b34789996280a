"""Item arithmetic of RULES.md 5.7: stacked +n modifiers, +n armour checks, the Manifold scabbard chain.

* Similar modifiers stack in ascending order, the second halved, the third
  divided by three and so on, each rounded away from zero (|x| up, sign kept).
* A +n weapon adds d(n) (a cursed one takes d|n|) to the casting, not to the
  average it must meet; [SR 5.10.7] the bonus is capped at the value it boosts.
* +n armour: with a single hit standing, a d8 at the end of each bit at or
  under n erases it; cursed armour (n < 0) at or under |n| adds the second hit.
* Manifold scabbard (MQ-13): an even value of 4 or more on a d4-or-larger die
  (a natural, or a face that stands for a smaller die's natural) is added and
  a smaller die is rolled: d8 to d6, d6 to d4, a d4 stays a d4.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from solo.dice import Rng
from solo.rules.engine import RulesError

_PLUS = re.compile(r"^(weapon|armour)([+-][1-5])$")


def plus_item(text: str) -> tuple[str, int] | None:
    """('weapon', 2) for 'weapon+2', ('armour', -1) for 'armour-1'; None for a named item."""
    match = _PLUS.match(text.strip().lower())
    return (match.group(1), int(match.group(2))) if match else None


def check_item(text: str, named: set[str], where: str) -> str:
    """An item as a sheet keeps it, or a RulesError naming it."""
    if plus_item(text) is not None or text in named:
        return text
    raise RulesError(f"{where}: item {text!r} is not weapon+N, armour+N (N -5..5, not 0) or one of"
                     f" {', '.join(sorted(named))}")


def pluses(items: list[str], kind: str) -> list[int]:
    if not items:
        return []
    return list(_pluses(tuple(items), kind))


@lru_cache(maxsize=512)
def _pluses(items: tuple[str, ...], kind: str) -> tuple[int, ...]:
    """`pluses`, read once for each list of items (a forecast asks every bit)."""
    return tuple(p[1] for p in map(plus_item, items) if p is not None and p[0] == kind)


def stack_modifiers(values: list[int]) -> int:
    """The total of similar modifiers: ascending, the k-th divided by k, |x| rounded up, sign kept."""
    total = 0
    for k, value in enumerate(sorted(values), start=1):
        part = math.ceil(abs(value) / k)
        total += part if value >= 0 else -part
    return total


def weapon_bonus(n: int, boosted: int, rng: Rng) -> int:
    """A +n weapon's bonus to a casting of `boosted` (capped at it); negative for a cursed one."""
    if n == 0:
        return 0
    roll = rng.die(abs(n))
    return min(roll, max(boosted, 0)) if n > 0 else -roll


def armour_check(n: int, rng: Rng) -> str:
    """End-of-bit check for a wearer holding a single hit: 'erased', 'paired' (cursed) or 'stands'."""
    roll = rng.die(8)
    if n > 0 and roll <= n:
        return "erased"
    if n < 0 and roll <= -n:
        return "paired"
    return "stands"


def _smaller(sides: int) -> int:
    return max(4, sides - 2)


def manifold_chain(sides: int, value: int, rng: Rng, limit: int = 60) -> list[tuple[int, int]]:
    """(die, value) pairs of a Manifold scabbard chain starting from a die showing `value`."""
    chain = [(sides, value)]
    while value >= 4 and value % 2 == 0 and sides >= 4 and len(chain) <= limit:
        sides = _smaller(sides)
        value = rng.die(sides)
        chain.append((sides, value))
    return chain
