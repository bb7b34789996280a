"""A campaign names only the systems the rules engine implements."""

import pytest

from solo.campaign import Campaign, CampaignStore, known_systems
from solo.rules import registry


def test_known_systems_are_the_registry(cli):
    assert known_systems() == registry.ids() == ["nine-powers", "resistance", "rogue-spire", "action-dice",
                                                 "masque"]
    result = cli("new", "Spire", "--system", "gurps")
    assert (result.code, result.err) == (
        1, "solo: error: unknown rule system 'gurps'; choose one of: nine-powers, resistance,"
           " rogue-spire, action-dice, masque (the systems the rules engine implements)\n")
    assert cli("new", "Road", "--system", "resistance", "--json").json["system"] == "resistance"


def test_an_old_save_naming_an_unknown_system_still_loads(saves_dir):
    store = CampaignStore(saves_dir)
    store.add(Campaign.new("Old Mummers", system="mummers", seed=3))
    assert store.load("old-mummers").system == "mummers"


def test_solo_system_shows_and_sets_a_campaigns_system(cli, saves_dir):
    assert cli("new", "The Road", "--seed", "2").code == 0
    unset = cli("check", "--campaign", "the-road", "--approach", "force")
    assert unset.err == ("solo: error: 'The Road' plays no rule system yet: choose one first with"
                         " `solo system the-road SYSTEM`"
                         " (nine-powers, resistance, rogue-spire, action-dice, masque)\n")
    assert cli("system", "the road").out == ("'The Road' plays no rule system yet; choose one with"
                                             " `solo system the-road SYSTEM`"
                                             " (nine-powers, resistance, rogue-spire, action-dice,"
                                             " masque).\n")
    assert cli("system", "the-road", "resistance").out == "The campaign now plays resistance.\n"
    assert cli("system", "the-road", "--json").json == {
        "campaign": "The Road", "system": "resistance",
        "systems": ["nine-powers", "resistance", "rogue-spire", "action-dice", "masque"]}
    assert CampaignStore(saves_dir).load("the-road").journal[-1].text == "The campaign now plays resistance."
    assert cli("character", "new", "--campaign", "the-road", "--random", "--name", "Doro").code == 0
    assert cli("check", "--campaign", "the-road", "--approach", "force").code == 0


@pytest.mark.parametrize(("setup", "wanted", "message"), [
    (("character", "new", "--campaign", "the-road", "--random", "--name", "Doro"), "nine-powers",
     "player characters have sheets of another system: Doro (resistance); the rule system can change"
     " only while no PC carries another system's sheet"),
    (("encounter", "--campaign", "the-road", "--foe", "goblin"), "none",
     "an encounter is running: finish it (or end it) before changing the rule system"),
    (("note", "-c", "the-road", "nothing yet"), "resistance", "'The Road' already plays resistance"),
    (("note", "-c", "the-road", "nothing yet"), "dnd", "unknown rule system 'dnd'"),
])
def test_solo_system_refuses_a_change_the_campaign_cannot_take(cli, saves_dir, setup, wanted, message):
    assert cli("new", "The Road", "--system", "resistance", "--seed", "2").code == 0
    if setup[0] == "encounter":
        assert cli("character", "new", "--campaign", "the-road", "--random").code == 0
    assert cli(*setup).code == 0
    before = (saves_dir / "the-road.json").read_bytes()
    result = cli("system", "the-road", wanted)
    assert result.code == 1 and result.err.startswith(f"solo: error: {message}")
    assert (saves_dir / "the-road.json").read_bytes() == before
    assert CampaignStore(saves_dir).load("the-road").system == "resistance"
