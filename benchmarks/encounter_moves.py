"""How long one move in a campaign's encounter takes as the fight grows long.

A campaign keeps a running encounter as its starting sheets, a seed and the
moves chosen, and rebuilds it for every move (see
`solo/campaign/encounter_moves.py`), so a move late in a long fight replays
all the earlier ones.  This measures `rules.encounter_act` at the first move
and after many, against a baseline measured in the same run: the same
contest played straight through by the engine with nothing rebuilt.

Goal: a move stays well under a tenth of a second even forty rounds in,
so the CLI and the TUI never wait on it.

    python benchmarks/encounter_moves.py [--moves N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.campaign import Campaign, perform  # noqa: E402
from solo.campaign.encounter_moves import encounter_view  # noqa: E402
from solo.dice import Rng  # noqa: E402
from solo.rules import Encounter, registry  # noqa: E402
from solo.rules.forecast import FOES, PARTY  # noqa: E402
from solo.tables import load_tables  # noqa: E402


def sturdy_campaign(tables: object) -> Campaign:
    """A PC who waits and a foe, both with stamina for hundreds of blows: the fight lasts."""
    campaign = Campaign.new("Long Fight", system="nine-powers", seed=5)
    pc, foe = tough(tables)
    perform(campaign, "character_add", {"sheet": pc.to_dict()}, tables=tables)
    perform(campaign, "rules.encounter_start", {"foes": [foe.to_dict()], "max_rounds": 1000}, tables=tables)
    return campaign


def tough(tables: object) -> tuple:
    system = registry.get("nine-powers", tables)
    pc, foe = system.random_character(Rng(1), name="Mira"), system.npc("giant-lizard")
    for actor in (pc, foe):
        actor.stamina = actor.stamina_max = 500
    return pc, foe


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    tables = load_tables(use_env=False)
    campaign = sturdy_campaign(tables)
    wait = {"kind": "wait"}
    timings = []
    for _ in range(args.moves):
        start = time.perf_counter()
        perform(campaign, "rules.encounter_act", {"actor": "Mira", "action": wait}, tables=tables)
        timings.append(time.perf_counter() - start)
        if encounter_view(campaign, tables) is None:
            break
    start = time.perf_counter()
    view = encounter_view(campaign, tables)
    view_time = time.perf_counter() - start

    system = registry.get("nine-powers", tables)
    pc, foe = tough(tables)
    start = time.perf_counter()
    enc = Encounter(system, {PARTY: [pc], FOES: [foe]}, Rng(5), max_rounds=1000)
    for _ in range(len(timings)):
        if enc.is_over():
            break
        while enc.awaiting() and not enc.is_over():
            actor = enc.awaiting()[0]
            if enc.side_of(actor) == PARTY:
                enc.apply(enc.legal_actions(actor)[-1])  # wait
                break
            enc.apply(enc.npc_policy(actor))
    straight = time.perf_counter() - start

    print(f"moves played: {len(timings)} (fight {'over' if view is None else 'still running'})")
    print(f"first move:        {timings[0] * 1000:7.1f} ms")
    print(f"last move:         {timings[-1] * 1000:7.1f} ms")
    print(f"menu (view) now:   {view_time * 1000:7.1f} ms")
    print(f"baseline, the whole fight straight through in the engine: {straight * 1000:7.1f} ms")
    goal = timings[-1] < 0.1
    print(f"goal (a move under 100 ms): {'met' if goal else 'MISSED'}")
    return 0 if goal else 1


if __name__ == "__main__":
    sys.exit(main())
