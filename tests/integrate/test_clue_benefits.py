"""A clue's benefit changes the sheet it names, and "set up well or leverage" is the player's choice."""

from __future__ import annotations

import pytest

from solo.campaign import Campaign, perform, undo
from solo.dice import Rng, ScriptedRng
from solo.errors import SoloError
from solo.rules import registry
from solo.tables import load_tables

TABLES = load_tables(use_env=False)
NP = registry.get("nine-powers")
RT = registry.get("resistance")


def act(campaign: Campaign, action: str, /, **params):
    return perform(campaign, action, params, tables=TABLES)


def campaign_with(system: str, sheet: dict, clue: int) -> Campaign:
    """A campaign whose new scene (d10 10: as expected) rolls `clue` on the d12 clue table."""
    campaign = Campaign.new("Clues", system=system, rng=ScriptedRng([10, clue]))
    perform(campaign, "character_add", {"sheet": sheet}, tables=TABLES)
    act(campaign, "oracle.clue_gain")
    act(campaign, "oracle.clue_gain")
    act(campaign, "oracle.scene_start", expectation="A quiet evening")
    return campaign


def test_renewed_hope_wins_back_one_heroism_on_the_sheet():
    mira = NP.random_character(Rng(1), name="Mira")
    mira.heroism = mira.heroism_max - 2
    campaign = campaign_with("nine-powers", mira.to_dict(), 4)  # d12 4: regain 1 heroism
    [entry] = act(campaign, "oracle.clue_spend")
    sheet = campaign.character("Mira").sheet
    assert sheet["heroism"] == mira.heroism_max - 1 and campaign.clues == 1
    assert entry.text.splitlines()[1] == (f"Mira wins back 1 heroism: {mira.heroism_max - 2} →"
                                          f" {mira.heroism_max - 1}.")
    act(campaign, "oracle.clue_spend")
    assert campaign.character("Mira").sheet["heroism"] == mira.heroism_max and campaign.clues == 0
    undo(campaign)
    assert campaign.character("Mira").sheet["heroism"] == mira.heroism_max - 1


def test_renewed_hope_never_passes_the_maximum():
    mira = NP.random_character(Rng(1), name="Mira")
    campaign = campaign_with("nine-powers", mira.to_dict(), 4)
    [entry] = act(campaign, "oracle.clue_spend")
    assert campaign.character("Mira").sheet["heroism"] == mira.heroism_max
    assert entry.text.splitlines()[1] == f"Mira's heroism is already full ({mira.heroism_max})."


def test_renewed_hope_in_the_resistance_toolbox_clears_a_soul_stress():
    ash = RT.random_character(Rng(2), name="Ash")
    ash.stress["soul"] = 3
    campaign = campaign_with("resistance", ash.to_dict(), 4)
    [entry] = act(campaign, "oracle.clue_spend")
    assert campaign.character("Ash").sheet["stress"]["soul"] == 2
    assert "Ash's hope returns: 1 SOUL stress cleared (SOUL now 2)." in entry.text


@pytest.mark.parametrize(("gain", "flags", "said"), [
    ("leverage", (False, True), "holding leverage"),
    ("set-up-well", (True, False), "set up well"),
])
def test_the_player_chooses_set_up_well_or_leverage(gain, flags, said):
    campaign = campaign_with("nine-powers", NP.random_character(Rng(1), name="Mira").to_dict(), 5)
    [entry] = act(campaign, "oracle.clue_spend", gain=gain)
    mira = campaign.character("Mira")
    assert (mira.set_up_well, mira.leverage) == flags
    assert entry.text == f"A clue is spent: Mira is now {said}. (1 left.)"


def test_a_choice_that_is_already_held_is_refused():
    campaign = campaign_with("nine-powers", NP.random_character(Rng(1), name="Mira").to_dict(), 5)
    act(campaign, "oracle.clue_spend", gain="leverage")
    with pytest.raises(SoloError, match="Mira already holds leverage: choose set-up-well"):
        act(campaign, "oracle.clue_spend", gain="leverage")
    with pytest.raises(SoloError, match="set-up-well or leverage, not 'wealth'"):
        act(campaign, "oracle.clue_spend", gain="wealth")
    assert campaign.clues == 1


def test_a_choice_for_a_clue_that_offers_none_is_refused():
    campaign = campaign_with("nine-powers", NP.random_character(Rng(1), name="Mira").to_dict(), 4)
    with pytest.raises(SoloError, match="there is no set up well or leverage to choose"):
        act(campaign, "oracle.clue_spend", gain="leverage")


def test_the_cli_passes_the_choice(cli):
    assert cli("new", "Moor", "--system", "nine-powers", "--seed", "3").code == 0
    assert cli("character", "new", "--campaign", "moor", "--random", "--name", "Mira").code == 0
    assert cli("clue", "gain", "--campaign", "moor").code == 0
    bad = cli("clue", "roll", "--campaign", "moor", "--gain", "leverage")
    assert bad.code == 2 and "--gain goes with `solo clue spend`" in bad.err
