"""Why two action-dice PCs lose to three goblins and a goblin boss: win rates as the odds change.

The engine plays both sides (`solo.rules.forecast`).  Parties are random
level-1 characters (a fighter and a rogue, then a second fighter and rogue),
each party seeded in turn; the foes come from the bestiary, or a goblin made
weaker one step at a time, to see whether the bestiary or the number of foes
decides the fight.  The foes take the first turn, as the text has it in a
dungeon (the side longest in the area).

    python benchmarks/balance_action_dice.py [--parties 8] [--fights 100]

Measured 24 Nov 2026, 16:50 UTC, with the defaults (12 s of CPU):

    foes                                       PCs  win
    1 goblin                                     2  97.1%
    2 goblins                                    2  50.4%
    3 goblins                                    2  6.5%
    the goblin boss                              2  82.0%
    3 goblins + boss                             2  0.0%
    3 goblins + boss                             3  18.9%
    3 goblins + boss                             4  60.5%
    3 goblins (1 M die) + boss                   2  0.0%
    3 goblins (health 3) + boss                  2  1.2%
    3 goblins (1 M, Dex +0, health 4) + boss     2  1.4%

The reading: a goblin is about a match for a level-1 PC (two against two
is an even fight), and the rules give every fighter its own attack each
side turn while a PC has one or two dodges to spend against them and only
health 5-7 against 1d6 of hidden damage a wound, so four foes take two PCs
apart before they can land the three hits a lesser goblin needs (two wounds
and a finishing blow).  Making the goblins much weaker barely moves it;
adding PCs does.  It is the numbers, as the rules have them, not a
misreading or a policy that never defends (both sides dodge, block and
riposte when an attack would hit as things stand).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402
from solo.rules.forecast import forecast  # noqa: E402

ROLES = ("fighter", "rogue", "fighter", "rogue")
SYSTEM = registry.get("action-dice")


def goblin(**changes: Any) -> Any:
    foe = SYSTEM.npc("goblin")
    for key, value in changes.items():
        setattr(foe, key, value)
    return foe


def win_rate(size: int, foes: list[Any], parties: int, fights: int) -> float:
    wins = 0
    for seed in range(parties):
        party = [SYSTEM.random_character(Rng(100 * seed + i), role=r) for i, r in enumerate(ROLES[:size])]
        result = forecast(SYSTEM, party, foes, fights, Rng(seed), workers=1, initiative="foes")
        wins += result.wins
    return wins / (parties * fights)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parties", type=int, default=8)
    parser.add_argument("--fights", type=int, default=100)
    args = parser.parse_args()
    boss = SYSTEM.npc("goblin-boss")
    stats = dict(SYSTEM.npc("goblin").stats)
    one_m = {"equipment": [], "dice": {"M": 1, "A": 1, "S": 0}}
    rows: list[tuple[str, int, list[Any]]] = [
        ("1 goblin", 2, [goblin()]),
        ("2 goblins", 2, [goblin(), goblin()]),
        ("3 goblins", 2, [goblin() for _ in range(3)]),
        ("the goblin boss", 2, [boss]),
        ("3 goblins + boss", 2, [*(goblin() for _ in range(3)), boss]),
        ("3 goblins + boss", 3, [*(goblin() for _ in range(3)), boss]),
        ("3 goblins + boss", 4, [*(goblin() for _ in range(3)), boss]),
        ("3 goblins (1 M die) + boss", 2, [*(goblin(**one_m) for _ in range(3)), boss]),
        ("3 goblins (health 3) + boss", 2, [*(goblin(health=3) for _ in range(3)), boss]),
        (
            "3 goblins (1 M, Dex +0, health 4) + boss",
            2,
            [*(goblin(**one_m, stats={**stats, "dex": 12}, health=4) for _ in range(3)), boss],
        ),
    ]
    print(f"{args.parties} random parties x {args.fights} fights each; the foes take the first turn")
    print(f"{'foes':42} {'PCs':>3}  win")
    for name, size, foes in rows:
        print(f"{name:42} {size:>3}  {win_rate(size, foes, args.parties, args.fights):.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
