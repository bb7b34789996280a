"""Sheets saved before the armour fields were renamed still load, upgraded on read.

`tests/data/sheets-v1/` holds two campaigns saved by solo before the change
(snapshot and action log, as written): a Nine Powers one whose sheets said
`armour` for what is worn beside `armor` for its rating, with a fight
against a watchman under way, and a Resistance one whose police officer (an
NPC sheet) said `armour` for the number and `armour_name` for the vest.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from solo.campaign import CampaignStore
from solo.rules import registry, schema
from solo.rules.engine import RulesError

OLD = Path(__file__).parent / "data" / "sheets-v1"


@pytest.fixture
def old_saves(saves_dir: Path) -> Path:
    for path in OLD.iterdir():
        shutil.copyfile(path, saves_dir / path.name)
    return saves_dir


def test_an_old_nine_powers_sheet_loads_with_one_name_per_meaning(old_saves):
    campaign = CampaignStore(old_saves).load("old-sheets")
    ilse = campaign.characters[0].sheet
    assert (ilse["version"], ilse["armour"], ilse["armor"]) == (1, "gambeson", 1)  # as it was saved
    actor = registry.get("nine-powers").load_actor(ilse)
    assert (actor.armor_worn, actor.armor) == ("gambeson", 1)
    saved = actor.to_dict()
    assert saved["version"] == 2 and "armour" not in saved
    assert (saved["armor_worn"], saved["armor"]) == ("gambeson", 1)
    foe = campaign.extra["rules"]["encounter"]["foes"][0]["sheet"]
    watchman = registry.get("nine-powers").load_actor(foe)
    assert (watchman.name, watchman.armor_worn, watchman.armor) == ("Watchman", "gambeson", 1)


def test_an_old_fight_goes_on_and_the_sheet_shows_the_armour(old_saves, cli):
    shown = cli("character", "list", "-c", "old-sheets")
    assert shown.code == 0, shown.err
    result = cli("encounter", "-c", "old-sheets", "--act", "15")
    assert result.code == 0, result.err
    assert "Continue with `solo encounter --campaign old-sheets" in result.out
    sheet = CampaignStore(old_saves).load("old-sheets").characters[0].sheet
    assert registry.get("nine-powers").stat_block(
        registry.get("nine-powers").load_actor(sheet)).count("Armour: gambeson (armor 1)") == 1


def test_an_old_resistance_npc_sheet_swaps_its_armour_fields(old_saves, cli):
    campaign = CampaignStore(old_saves).load("old-crusade")
    foe = campaign.extra["rules"]["encounter"]["foes"][0]["sheet"]
    assert (foe["version"], foe["armour"], foe["armour_name"]) == (1, 1, "stab vest")  # as it was saved
    system = registry.get("resistance")
    officer = system.load_actor(foe)
    assert (officer.armour, officer.armour_value) == ("stab vest", 1)
    assert "Armour: stab vest 1" in system.stat_block(officer)
    pc = system.load_actor(campaign.characters[0].sheet)  # a PC's fields were always the new ones
    assert (pc.armour, pc.armour_value, pc.armour_tags) == ("mail hauberk", 2, ["heavy"])
    result = cli("encounter", "-c", "old-crusade", "--act", "1")
    assert result.code == 0, result.err
    assert "Police Officer takes 5 stress from Bertrand's flanged mace (d6 +1 for tens): 5/6." in result.out


def test_a_sheet_from_a_newer_solo_or_an_unknown_version_is_refused_by_name():
    system = registry.get("nine-powers")
    sheet = system.npc("watchman").to_dict()
    newer = r"Nine Powers character 'Watchman': saved by a newer solo \(version 3\); this solo reads 2"
    with pytest.raises(RulesError, match=newer):
        system.load_actor({**sheet, "version": 3})
    with pytest.raises(RulesError, match="no way to read sheet version 0"):
        system.load_actor({**sheet, "version": 0})
    assert schema.renaming({"a": "b"}, lambda d: False)({"a": 1}) == {"a": 1}
