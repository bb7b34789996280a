"""A PC defeated in one fight (stamina 0, not yet rested) sits out the next unless chosen for it."""

from __future__ import annotations

import pytest

from solo.campaign import Campaign, perform
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import registry

NP = registry.get("nine-powers")


def party(mira_stamina: int, bo_stamina: int = 2) -> Campaign:
    campaign = Campaign.new("Ford", system="nine-powers", seed=3)
    for name, stamina in (("Mira", mira_stamina), ("Bo", bo_stamina)):
        actor = NP.random_character(Rng(1), name=name)
        actor.stamina = stamina
        perform(campaign, "character_add", {"sheet": actor.to_dict()})
    return campaign


def test_a_defeated_pc_sits_out_when_the_party_is_not_named():
    campaign = party(0)
    [start] = perform(campaign, "rules.encounter_start", {"foes": ["goblin"]})
    assert start.text.splitlines()[:2] == [
        "An encounter begins (Nine Powers, physical contest): Bo against Goblin.",
        "Mira sits this one out (stamina 0); choose them for the party to bring them in.",
    ]
    assert start.data["party"] == ["Bo"]


def test_the_player_may_bring_a_defeated_pc_in_anyway():
    campaign = party(0)
    [start] = perform(campaign, "rules.encounter_start", {"pcs": ["Mira", "Bo"], "foes": ["goblin"]})
    assert start.data["party"] == ["Mira", "Bo"] and "sits this one out" not in start.text


def test_with_nobody_fit_to_fight_the_start_is_refused():
    campaign = party(0, 0)
    with pytest.raises(SoloError, match=r"no player character is in a state to fight \(Mira, Bo\)"):
        perform(campaign, "rules.encounter_start", {"foes": ["goblin"]})
    assert campaign.extra.get("rules", {}).get("encounter") is None


def test_composure_zero_also_sits_out_but_wealth_zero_does_not():
    mira = NP.random_character(Rng(1), name="Mira")
    assert mira.unfit() is None
    mira.wealth = 0
    assert mira.unfit() is None
    mira.composure = 0
    assert mira.unfit() == "composure 0"


def test_the_cli_starts_without_the_defeated(cli):
    assert cli("new", "Moor", "--system", "nine-powers", "--seed", "3").code == 0
    for name in ("Mira", "Bo"):
        assert cli("character", "new", "--campaign", "moor", "--random", "--name", name).code == 0
    out = cli("encounter", "--campaign", "moor", "--foe", "goblin", "--end", "retreat").out
    assert out.startswith("An encounter begins (Nine Powers, physical contest): Mira and Bo against Goblin.")
