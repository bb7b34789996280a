"""A workload for callgrind: N simulated Masque set-tos played as `solo adventure` balances a fight.

    python benchmarks/masque_fights.py N small|big

small: a Lancer, Curate, Bravo and Magnus against a Troll, a Warg, a Spidure
and a Ghoul (about 10 bits a fight); big: adventure seed 3's first fight, two
Lancers and two Bravos against a Bravo NPC and seven monsters (about 33 bits).
The fights are played through `solo.story.fights` as one measuring step of
N fights (forecasts of 10), and the counts are printed, so two versions can
be checked for the same fights.  Instructions per fight: the difference of
two runs over the difference of their N, so start-up counts for nothing::

    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/masque_fights.py 10 small
    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/masque_fights.py 200 small

(a fixed hash seed keeps start-up the same from run to run).  Measured
2026-11-28 (callgrind, CPython 3.11.7; fights 11 to 200): before the set-to
was rematched and its bit made cheaper, small 4.56 million instructions a
fight and big 13.60 million; after, 3.83 million (-16 %) and 11.66 million
(-14 %), with the same counts.  Then, with a bit's moves declared in one
pass, a role cast's plan kept by dice and build, a monster's plain cast read
off its drawn values and a hit with no special in its way landing at once:
small 3.83 -> 3.66 million (-4.4 %), big 11.64 -> 11.07 million (-4.9 %),
the same counts.  Then, with a bit's declarations and casts in one pass over
the seats still in, upstage lists and initiative kept until the stage or who
is in changes, derived casts made once and state written only for hooks in
play (measured 2026-11-28 against main at 3fafea6, each tree warmed up by one
plain run, then 10 and 200 fights)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/mq20.%p \
        python benchmarks/masque_fights.py 10 small    # and 200; the same for big

small 3.657 -> 3.374 million (-7.7 %), big 11.059 -> 9.657 million (-12.7 %),
the same counts.  A set-to keeps fewer than 30 attributes: with 30 (the size
of CPython 3.11's shared key table) this workload measured about 2 % slower
although it did less.
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
    masque = registry.get("masque")
    if which == "small":
        roles, foe_ids = ("lancer", "curate", "bravo", "magnus"), ("troll", "warg", "spidure", "ghoul")
        leader = []
    else:
        roles = ("lancer", "bravo", "lancer", "bravo")
        foe_ids = ("hobgoblin", "mast-rats", "ghoul", "warg", "troll", "commoner", "troll")
        leader = [masque.new_actor("Roake", "bravo", npc=True)]
    troupe = [masque.random_character(Rng(20 + i), role=r) for i, r in enumerate(roles)]
    foes = leader + [masque.npc(k) for k in foe_ids]
    result = Fights(masque, troupe, workers=1).play(foes, 5, runs)
    print(result.wins, result.draws, result.losses, result.rounds, result.harm)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
