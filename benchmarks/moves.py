"""One move (`Session.perform`) and the bytes it writes, at 100, 10,000 and 100,000 journal entries.

Each move is paired, run by run (A B A B...), with the same action done
alone on an in-memory campaign of the same length (`actions.perform`, no
disk): that is the floor the store adds its log line, fsync and lock to.
The moves alternate a note and a dice roll.  Bytes written per move are
the growth of the log plus any snapshot rewritten during that move.

Goals (issue 16): a move at 100,000 entries within 2x of a move at 100;
bytes per move that do not grow with the journal.

The snapshot is rewritten only when the log has grown past it by
`max(SNAPSHOT_EVERY, SNAPSHOT_SHARE x its size)`, so a run of 60 moves rarely
meets one; "amortized" adds its share: line x (1 + snapshot / that growth).

The large campaigns are built quickly: a few hundred real moves, then those
entries and actions repeated up to the length wanted, saved with
`CampaignStore.add` (the snapshot is written directly; its log starts empty).

    python benchmarks/moves.py [--sizes 100,10000,100000] [--moves 60]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.campaign import Campaign, CampaignStore, perform  # noqa: E402
from solo.campaign import store as store_module  # noqa: E402
from solo.campaign.journal import ActionRecord, JournalEntry  # noqa: E402

SEED_MOVES = 300


def build(entries: int) -> Campaign:
    """A campaign of `entries` journal entries mixing notes and dice, as play does."""
    c = Campaign.new("Benchmark Road", system="nine-powers", seed=1)
    for i in range(3):
        c.add_character({"name": f"PC {i}", "skills": {f"skill{k}": k % 4 + 1 for k in range(15)}})
        c.add_thread(f"Thread number {i}")
    for i in range(min(entries, SEED_MOVES)):
        if i % 2 == 0:
            perform(c, "note", {"text": f"Entry {i}: the road bends west past the old toll house,"
                                        " and the wind brings the smell of the marsh."})
        else:
            perform(c, "roll", {"expression": "4d6kh3+1"})
    journal, actions = c.journal[:], c.actions[:]
    while len(c.journal) < entries:
        i = len(c.journal) % len(journal)
        e, a = journal[i], actions[i]
        c.journal.append(JournalEntry(e.at, e.scene, e.kind, e.text, e.data))
        c.actions.append(ActionRecord(a.name, a.params, a.at))
    return c


MOVES = [("note", {"text": "We wait for the ferry; the fog lifts a little."}),
         ("roll", {"expression": "4d6kh3+1"})]


def measure(entries: int, moves: int, root: Path) -> dict[str, float]:
    store = CampaignStore(root / f"saves-{entries}")
    store.add(build(entries))
    session = store.open("benchmark-road")
    alone = build(entries)  # the baseline: the same length, in memory only
    log = session.bound.path  # type: ignore[union-attr]
    base_times, solo_times, written = [], [], []
    for i in range(moves):
        name, params = MOVES[i % len(MOVES)]
        start = time.perf_counter()
        perform(alone, name, dict(params))
        base_times.append(time.perf_counter() - start)

        size, snapshot_at = log.stat().st_size, session.bound.snapshot_offset  # type: ignore[union-attr]
        start = time.perf_counter()
        session.perform(name, **params)
        solo_times.append(time.perf_counter() - start)
        grew = log.stat().st_size - size
        if session.bound.snapshot_offset != snapshot_at:  # type: ignore[union-attr]
            grew += session.bound.snapshot_size  # type: ignore[union-attr]
        written.append(grew)
    return {"entries": len(session.campaign.journal), "base_min": min(base_times),
            "base_med": statistics.median(base_times), "solo_min": min(solo_times),
            "solo_med": statistics.median(solo_times), "bytes_mean": statistics.fmean(written),
            "bytes_max": max(written), "snapshot": store.path("benchmark-road").stat().st_size}


def amortized(row: dict[str, float]) -> float:
    """Bytes per move counting the snapshot rewrite each move brings closer."""
    every = max(store_module.SNAPSHOT_EVERY, store_module.SNAPSHOT_SHARE * row["snapshot"])
    return row["bytes_mean"] * (1 + row["snapshot"] / every)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,10000,100000")
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for entries in sizes:
            rows.append(measure(entries, args.moves, Path(tmp)))
    print(f"{args.moves} moves per size (note and 4d6kh3+1 alternating), each paired with the action"
          " alone in memory")
    print(f"{'entries':>8} {'solo min':>9} {'solo med':>9} {'alone min':>10} {'alone med':>10}"
          f" {'ratio':>6} {'bytes/move':>11} {'max bytes':>10} {'snapshot':>10} {'amortized':>10}")
    for r in rows:
        print(f"{r['entries']:>8} {r['solo_min'] * 1000:>7.2f}ms {r['solo_med'] * 1000:>7.2f}ms"
              f" {r['base_min'] * 1000:>8.2f}ms {r['base_med'] * 1000:>8.2f}ms"
              f" {r['solo_med'] / r['base_med']:>6.1f} {r['bytes_mean']:>11.0f} {r['bytes_max']:>10}"
              f" {r['snapshot'] / 1e6:>8.2f}MB {amortized(r):>10.0f}")
    first, last = rows[0], rows[-1]
    growth = last["solo_med"] / first["solo_med"]
    print(f"move at {last['entries']} / move at {first['entries']} (medians): {growth:.2f}"
          f" (goal: within 2x) {'met' if growth <= 2 else 'MISSED'}")
    return 0 if growth <= 2 else 1


if __name__ == "__main__":
    raise SystemExit(main())
