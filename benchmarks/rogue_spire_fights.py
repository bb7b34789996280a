"""A workload for callgrind: N simulated Rogue Spire fights played as `solo adventure` balances a fight.

    python benchmarks/rogue_spire_fights.py N small|big

small: a fighter, sneak, caster and talker against an Ember Wyrmling, a Hill
Ogre and a Hobgoblin Warlord (as adventure seed 3's second fight; about 4
rounds a fight); big: the same party against an NPC leader, a Hill Ogre, an
Orc Raider, two Goblin Cutthroats and a Marsh Ghoul (as seed 2's first).
The fights are played through `solo.story.fights` as one measuring step of
N fights, and the counts are printed, so two versions can be checked for the
same fights.  Instructions per fight: the difference of two runs over the
difference of their N, so start-up counts for nothing::

    valgrind --tool=callgrind python benchmarks/rogue_spire_fights.py 10 small
    valgrind --tool=callgrind python benchmarks/rogue_spire_fights.py 200 small

Measured 2026-11-28 (callgrind, CPython 3.11.7; fights 11 to 200): before the
fights were rematched and the policy's chances kept per Strike (9f48bc7),
small 7.00 million instructions a fight and big 6.46 million; after
(6e6ed68), 5.74 million (-18 %) and 5.96 million (-8 %), with the same counts
(small 130 wins, 70 losses, 1,240 rounds; big 64 wins, 136 losses, 733
rounds).
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
    spire = registry.get("rogue-spire")
    roles = ("fighter", "sneak", "caster", "talker")
    party = [spire.random_character(Rng(20 + i), role=r) for i, r in enumerate(roles)]
    if which == "small":
        foes = [spire.npc(k) for k in ("ember-wyrmling", "hill-ogre", "hobgoblin-warlord")]
    else:
        leader = spire.random_character(Rng(7), name="Corvel", role="fighter", npc=True)
        kinds = ("hill-ogre", "orc-raider", "goblin-cutthroat", "goblin-cutthroat", "marsh-ghoul")
        foes = [leader] + [spire.npc(k) for k in kinds]
    result = Fights(spire, party, workers=1).play(foes, 5, runs)
    print(result.wins, result.draws, result.losses, result.rounds, result.harm)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
