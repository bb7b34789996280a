"""A Masque forecast's exact counts for fixed seeds, pinned before the set-to was made faster.

Speed work on the set-to (staging, hits, the policy, the rolls) must not
change a single result: the same seed gives the same fights, so the same
counts to the unit.  The numbers below were taken from the code before that
work, for four-PC troupes against mixed entourages: one with a role NPC
(Vlad) and Mast Rats on the stage, one with named items, weapons and armour.
"""

from __future__ import annotations

import pytest

from solo.dice import Rng
from solo.rules import registry
from solo.rules.forecast import forecast

ROLES = ("lancer", "curate", "bravo", "magnus")

PINNED = {
    "vlad and four monsters": (
        20, None, ["vlad", "spidure", "dwarf", "salamander", "mast-rats"], 400, 17,
        (325, 0, 75, 10381), {"hits": 13046, "build": 6210},
        {"Doro": {"fighting": 315, "out of action": 85}, "Falk": {"fighting": 309, "out of action": 91},
         "Elowen (1)": {"fighting": 269, "out of action": 131},
         "Elowen (2)": {"fighting": 322, "out of action": 78}},
    ),
    "a troupe with items": (
        40, (["narsil", "weapon+2"], ["armour+1", "battery-mace"], ["dueling-rapier", "scud-shield"],
             ["remand-rod", "holdout-dagger"]),
        ["troll", "ghoul", "orc", "hybor", "fell-groot"], 300, 23,
        (299, 0, 1, 2392), {"hits": 2771, "build": 1041},
        {"Osric": {"fighting": 299, "out of action": 1}, "Marten": {"fighting": 297, "out of action": 3},
         "Ulric": {"fighting": 299, "out of action": 1}, "Brisca": {"fighting": 298, "out of action": 2}},
    ),
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_a_four_pc_forecast_is_pinned(name: str) -> None:
    first, kits, foe_ids, runs, seed, counts, harm, statuses = PINNED[name]
    masque = registry.get("masque")
    troupe = [masque.random_character(Rng(first + i), role=r) for i, r in enumerate(ROLES)]
    for pc, kit in zip(troupe, kits or [[]] * len(troupe), strict=True):
        pc.items = list(kit)
    result = forecast(masque, troupe, [masque.npc(f) for f in foe_ids], runs, Rng(seed), workers=1)
    assert (result.wins, result.draws, result.losses, result.rounds) == counts
    assert result.harm == harm
    assert result.statuses == statuses
    assert [pc.items for pc in troupe] == [list(kit) for kit in kits or [[]] * 4]  # it played copies
