"""A long campaign for the benchmarks, built through the public `solo.campaign` API.

Built the way `benchmarks/tui_startup.py` always built its campaign: a player
character, a scene and a journey, then notes and dice rolls in turn until the
journal holds the number of entries asked for.  The notes and rolls are
performed straight on the campaign (no save per action, undo kept to the
default depth) and saved once at the end, so 100,000 entries take seconds,
not hours; the save on disk is whatever format the store writes.

    python benchmarks/big_campaign.py SAVES_DIR ENTRIES
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAME = "Benchmark Road"
NEWEST = "The newest entry: the marsh lights go out one by one."  # what a start-up waits to see


def make_campaign(saves: Path, entries: int) -> str:
    """Create the campaign in `saves`; return the text of its newest entry."""
    from solo.campaign import CampaignStore, perform
    from solo.dice import Rng
    from solo.rules import registry

    session = CampaignStore(saves).create(NAME, system="nine-powers", seed=1)
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    session.perform("character_add", sheet=sheet)
    session.perform("oracle.scene_start", expectation="We reach the toll house at dusk")
    session.perform("oracle.journey", setting="wild")
    campaign = session.campaign
    while len(campaign.journal) < entries - 1:
        i = len(campaign.journal)
        if i % 2:
            perform(campaign, "roll", {"expression": "2d6+1"}, undo_depth=30)
        else:
            perform(campaign, "note", {"text": f"Entry {i}: the road bends west past the old toll house,"
                                               " and the wind brings the smell of the marsh."}, undo_depth=30)
    perform(campaign, "note", {"text": NEWEST}, undo_depth=30)
    session.save()
    return campaign.journal[-1].text


if __name__ == "__main__":
    start = time.perf_counter()
    last = make_campaign(Path(sys.argv[1]), int(sys.argv[2]))
    print(f"{sys.argv[2]} entries in {time.perf_counter() - start:.1f} s; newest: {last}")
