"""How long a campaign with 10,000 journal entries takes to snapshot and to load.

Since the action log (issue 16) a move appends one line (see
`benchmarks/moves.py`); "save" here is the whole-campaign snapshot
(`Session.save`), rewritten only now and then.

Goal (issue 3): each well under a second.  For scale, the same document is
also turned into JSON and back with nothing else (`json.dumps`/`json.loads`
plus a plain file write and read) in the same run: that is the floor any
JSON save format pays; ours adds the human-friendly layout, fsyncs, the
backup, and checking every value on the way in.

    python benchmarks/saves.py [--entries N] [--repeat R]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.campaign import Campaign, CampaignStore, perform  # noqa: E402
from solo.campaign.document import to_document  # noqa: E402
from solo.tables import load_tables  # noqa: E402


def build(entries: int) -> Campaign:
    """A campaign whose journal mixes notes, dice and table rolls, as play does."""
    tables = load_tables(use_env=False)
    c = Campaign.new("Benchmark Road", system="nine-powers", seed=1)
    for i in range(3):
        c.add_character({"name": f"PC {i}", "skills": {f"skill{k}": k % 4 + 1 for k in range(15)}})
        c.add_thread(f"Thread number {i}")
    while len(c.journal) < entries:
        i = len(c.journal)
        if i % 3 == 0:
            perform(c, "note", {"text": f"Entry {i}: the road bends west past the old toll house,"
                                        " and the wind brings the smell of the marsh."}, tables=tables)
        elif i % 3 == 1:
            perform(c, "roll", {"expression": "4d6kh3+1"}, tables=tables)
        else:
            perform(c, "table_roll", {"table": "weather/day"}, tables=tables)
    return c


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    campaign = build(args.entries)
    with tempfile.TemporaryDirectory() as tmp:
        store = CampaignStore(Path(tmp) / "saves")
        session = store.add(campaign)
        path = session.path
        size = path.stat().st_size

        save = best(session.save, args.repeat)
        load = best(lambda: store.load("benchmark-road"), args.repeat)

        document = to_document(campaign)
        plain = Path(tmp) / "plain.json"
        dump = best(lambda: plain.write_text(json.dumps(document)), args.repeat)
        read = best(lambda: json.loads(plain.read_text()), args.repeat)

    print(f"campaign: {len(campaign.journal)} journal entries, {len(campaign.actions)} actions,"
          f" {len(campaign.undo)} undo steps; save file {size / 1e6:.1f} MB")
    print(f"{'':24}{'solo':>10}{'plain json':>12}{'ratio':>8}")
    print(f"{'save (write + fsync)':24}{save * 1000:>8.0f}ms{dump * 1000:>10.0f}ms{save / dump:>8.1f}")
    print(f"{'load (read + check)':24}{load * 1000:>8.0f}ms{read * 1000:>10.0f}ms{load / read:>8.1f}")
    goal = max(save, load) < 1.0
    print(f"goal (each well under 1 s): {'met' if goal else 'MISSED'}")
    return 0 if goal else 1


if __name__ == "__main__":
    raise SystemExit(main())
