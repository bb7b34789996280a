"""A campaign names only the systems the rules engine implements."""

from solo.campaign import Campaign, CampaignStore, known_systems
from solo.rules import registry


def test_known_systems_are_the_registry(cli):
    assert known_systems() == registry.ids() == ["nine-powers", "resistance"]
    result = cli("new", "Spire", "--system", "rogue-spire")
    assert (result.code, result.err) == (
        1, "solo: error: unknown rule system 'rogue-spire'; choose one of: nine-powers, resistance"
           " (the systems the rules engine implements)\n")
    assert cli("new", "Road", "--system", "resistance", "--json").json["system"] == "resistance"


def test_an_old_save_naming_an_unknown_system_still_loads(saves_dir):
    store = CampaignStore(saves_dir)
    store.add(Campaign.new("Old Masque", system="masque", seed=3))
    assert store.load("old-masque").system == "masque"
