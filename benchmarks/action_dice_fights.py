"""A workload for callgrind: N simulated action-dice fights played as `solo adventure` balances a fight.

    python benchmarks/action_dice_fights.py N small|big

The party is an archer, a sword-and-board fighter with TRIP, a Powerful
wizard and a greatsword fighter with RIPOSTE.  small: two Goblins and a
Bandit Captain (as adventure seed 3's second fight; about 6 rounds a fight);
big: an NPC rogue leader, an Orc Warband Soldier, a Giant Rat and a Cult
Magus (as seed 3's first; about 7.5 rounds).  The fights are played through
`solo.story.fights` as one measuring step of N fights, and the counts are
printed, so two versions can be checked for the same fights.  Instructions
per fight: the difference of two runs over the difference of their N, so
start-up counts for nothing::

    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/action_dice_fights.py 10 small
    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/action_dice_fights.py 200 small

(a fixed hash seed keeps start-up the same from run to run).  Measured
2026-11-28 (callgrind, CPython 3.11.7; runs of 10 and 200, fights 11 to 200):
before (main at 3fafea6), small 7.72 million instructions a fight and big
8.89 million; after the silent fight asked only the first seat with an
answer (whether the top item is worth one asked once per item), looked for
who acts next among the active side's seats (and kept who `_settle` found),
kept each side's opponents until someone goes out, and played each fight as
a rematch of one made fight (418f2a1): small 6.05 million (-21.6 %) and big
6.93 million (-22.0 %), with the same counts (small 95 wins, 105 losses,
1,606 rounds; big 34 wins, 166 losses, 1,433 rounds).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.dice import Rng  # noqa: E402
from solo.rules import registry  # noqa: E402
from solo.story.fights import Fights  # noqa: E402


def main() -> int:
    runs, which = int(sys.argv[1]), sys.argv[2]
    system = registry.get("action-dice")
    made = (("rogue", 20), ("fighter", 21), ("wizard", 22), ("fighter", 29))
    party = [system.random_character(Rng(seed), role=role) for role, seed in made]
    if which == "small":
        foes = [system.npc(k) for k in ("goblin", "bandit-captain", "goblin")]
    else:
        leader = system.random_character(Rng(7), name="Roake", role="rogue", npc=True)
        foes = [leader] + [system.npc(k) for k in ("orc-soldier", "giant-rat", "cult-magus")]
    result = Fights(system, party, workers=1).play(foes, 5, runs)
    print(result.wins, result.draws, result.losses, result.rounds, result.harm)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
