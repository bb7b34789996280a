"""Issue 17's guarantee, in full: every registered system, 200 seeds, every fight measured again.

Run from the repository root:

    python benchmarks/adventure_guarantee.py [SEEDS] [SYSTEM ...]

(default: 200 seeds, every registered system; `--from N` starts at seed N;
`--again-every K` measures the fights again with fresh dice only on seeds
that K divides, for a run that must spend less: the fresh measure costs
about as much as building the adventure).
For each system and seed it builds ``solo adventure --seed N`` (a random
four-PC party, danger ``fair``: the climax fair, the lesser fights low) and
counts:

* adventures that keep the clue rule (`clue_problems`) and name nothing
  that does not exist (`reference_problems`);
* fights whose own figure (at least 1,000 simulated fights) lies in the band;
* fights whose figure measured again - a fresh 1,000-fight forecast with
  dice the generator never used - lies in the band, and how many lie within
  three standard errors of it (a fresh 1,000 fights differ from the first by
  up to 1.6 points per standard error, so a group measured just inside an
  edge can land just outside it);
* adventures that could not be built (the error line), and CPU seconds.

The suite (tests/story/test_adventure_guarantee.py) checks the same on as
many seeds as fit in its time; this prints the counts for all of them.
"""

from __future__ import annotations

import resource
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cpu() -> float:
    """CPU seconds of this process and its finished workers."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def main(argv: list[str]) -> int:
    from solo.dice import Rng
    from solo.errors import SoloError
    from solo.rules import registry
    from solo.story.adventure import generate_adventure, reference_problems
    from solo.story.balance import BANDS, RUNS
    from solo.story.clues import clue_problems
    from solo.story.fights import Fights
    from solo.tables import load_tables

    first = 1
    if "--from" in argv:
        at = argv.index("--from")
        first = int(argv[at + 1])
        del argv[at:at + 2]
    every = 1
    if "--again-every" in argv:
        at = argv.index("--again-every")
        every = int(argv[at + 1])
        del argv[at:at + 2]
    seeds = int(argv[0]) if argv else 200
    systems = argv[1:] or registry.ids()
    signal.signal(signal.SIGINT, signal.default_int_handler)  # `kill -INT` too, run in the background
    tables = load_tables(use_env=False)
    counts = {s: dict.fromkeys(("built", "clue_ok", "refs_ok", "fights", "own_in", "again", "fresh_in",
                                 "fresh_near", "cpu"), 0.0) for s in systems}
    failed: list[str] = []
    try:  # seeds outside, systems inside: a run stopped early (Ctrl-C) has counted every system
        for seed in range(first, first + seeds):
            for system_id in systems:
                system = registry.get(system_id)
                start = cpu()
                try:
                    adv = generate_adventure(tables, Rng(seed), system)
                except SoloError as exc:
                    failed.append(f"{system_id} seed {seed}: {exc}")
                    continue
                done = counts[system_id]
                tally = dict.fromkeys(done, 0.0)  # this seed's, added in once it is all measured
                tally["built"] += 1
                tally["clue_ok"] += not clue_problems(adv.locations, adv.links, adv.revelations,
                                                      adv.clues)
                tally["refs_ok"] += not reference_problems(adv)
                party = [system.load_actor(p) for p in adv.party]
                for index, fight in enumerate(adv.fights):
                    tally["fights"] += 1
                    lo, hi = BANDS[fight.danger]
                    tally["own_in"] += fight.forecast["runs"] >= RUNS and lo <= fight.win <= hi
                    if seed % every:
                        continue
                    tally["again"] += 1
                    foes = [system.load_actor(f.sheet) for f in fight.foes]
                    with Fights(system, party) as fresh:  # seeds the generator's Rng never gives
                        again = fresh.play(foes, 2**40 + 1_000 * seed + index, RUNS)
                    win = again.rate(again.wins)
                    tally["fresh_in"] += lo <= win <= hi
                    error = 3 * (win * (1 - win) / RUNS) ** 0.5
                    tally["fresh_near"] += lo - error <= win <= hi + error
                tally["cpu"] += cpu() - start
                for key, value in tally.items():  # a seed stopped part way (Ctrl-C) counts nothing
                    done[key] += value
                print(f"  {system_id} seed {seed}: {[f.win for f in adv.fights]}", flush=True)
    except KeyboardInterrupt:
        print("stopped early; the counts so far:")
    for system_id, t in counts.items():
        print(f"{system_id}: {t['built']:.0f} built, {t['clue_ok']:.0f} keep the clue rule,"
              f" {t['refs_ok']:.0f} name only what exists; {t['fights']:.0f} fights:"
              f" {t['own_in']:.0f} in band by their own 1,000+ fights; of {t['again']:.0f} measured"
              f" again with fresh dice, {t['fresh_in']:.0f} in band and {t['fresh_near']:.0f} within"
              f" 3 standard errors of it; {t['cpu']:.0f} s cpu")
    for line in failed:
        print(f"  not built: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
