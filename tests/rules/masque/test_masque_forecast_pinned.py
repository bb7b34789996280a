"""A Masque forecast's exact counts for fixed seeds, pinned before the set-to was made faster.

Speed work on the set-to (staging, hits, the policy, the rolls) must not
change a single result: the same seed gives the same fights, so the same
counts to the unit.  The numbers below were taken from the code before that
work, for four-PC troupes against mixed entourages: one with a role NPC
(Vlad) and Mast Rats on the stage, one with named items, weapons and armour.
"""

from __future__ import annotations

from solo.dice import Rng
from solo.rules import registry
from solo.rules.forecast import forecast

ROLES = ("lancer", "curate", "bravo", "magnus")


def test_four_pcs_against_vlad_and_four_monsters_is_pinned() -> None:
    masque = registry.get("masque")
    troupe = [masque.random_character(Rng(20 + i), role=r) for i, r in enumerate(ROLES)]
    foes = [masque.npc(f) for f in ("vlad", "spidure", "dwarf", "salamander", "mast-rats")]
    result = forecast(masque, troupe, foes, 400, Rng(17), workers=1)
    assert (result.wins, result.draws, result.losses, result.rounds) == (325, 0, 75, 10381)
    assert result.harm == {"hits": 13046, "build": 6210}
    assert result.statuses == {
        "Doro": {"fighting": 315, "out of action": 85},
        "Falk": {"fighting": 309, "out of action": 91},
        "Elowen (1)": {"fighting": 269, "out of action": 131},
        "Elowen (2)": {"fighting": 322, "out of action": 78},
    }


def test_four_pcs_with_items_against_five_monsters_is_pinned() -> None:
    masque = registry.get("masque")
    troupe = [masque.random_character(Rng(40 + i), role=r) for i, r in enumerate(ROLES)]
    kits = (["narsil", "weapon+2"], ["armour+1", "battery-mace"], ["dueling-rapier", "scud-shield"],
            ["remand-rod", "holdout-dagger"])
    for pc, kit in zip(troupe, kits, strict=True):
        pc.items = list(kit)
    foes = [masque.npc(f) for f in ("troll", "ghoul", "orc", "hybor", "fell-groot")]
    result = forecast(masque, troupe, foes, 300, Rng(23), workers=1)
    assert (result.wins, result.draws, result.losses, result.rounds) == (299, 0, 1, 2392)
    assert result.harm == {"hits": 2771, "build": 1041}
    assert result.statuses == {
        "Osric": {"fighting": 299, "out of action": 1},
        "Marten": {"fighting": 297, "out of action": 3},
        "Ulric": {"fighting": 299, "out of action": 1},
        "Brisca": {"fighting": 298, "out of action": 2},
    }
    assert [pc.items for pc in troupe] == [list(kit) for kit in kits]  # the forecast played copies
