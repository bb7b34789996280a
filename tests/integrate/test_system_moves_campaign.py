"""`move.run`: any system move through a campaign - journaled, saved, undoable - and `solo move`."""

from __future__ import annotations

import pytest

from solo.campaign import Campaign, CampaignStore, perform, undo
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import registry

NP = registry.get("nine-powers")
RT = registry.get("resistance")


def np_campaign(**changes) -> Campaign:
    campaign = Campaign.new("Ford", system="nine-powers", seed=3)
    mira = NP.random_character(Rng(1), name="Mira")
    for key, value in changes.items():
        setattr(mira, key, value)
    perform(campaign, "character_add", {"sheet": mira.to_dict()})
    return campaign


def test_a_rest_heals_the_sheet_and_undo_takes_it_back():
    campaign = np_campaign(stamina=0, fortitude=1)
    [entry] = perform(campaign, "move.run", {"move": "rest"})
    sheet = campaign.character("Mira").sheet
    assert (sheet["stamina"], sheet["fortitude"]) == (sheet["stamina_max"], 4)
    assert entry.kind == "move" and entry.data["move"] == "rest" and entry.data["character"] == "Mira"
    assert entry.text.splitlines()[0] == "Mira: Rest in safety."
    undo(campaign)
    assert campaign.character("Mira").sheet["stamina"] == 0 and len(campaign.journal) == 1


def test_options_arrive_as_text_and_are_parsed_by_the_declaration():
    campaign = np_campaign(advancement_tokens=3)
    perform(campaign, "move.run", {"move": "advance", "skill": "Melee-Protect", "talent": "no"})
    assert campaign.character("Mira").sheet["skills"]["melee-protect"] == 3
    with pytest.raises(SoloError, match="move advance: option --skill must be one of"):
        perform(campaign, "move.run", {"move": "advance", "skill": "juggling"})
    with pytest.raises(SoloError, match="unknown option --price"):
        perform(campaign, "move.run", {"move": "rest", "price": "minor"})


def test_a_pc_in_the_running_encounter_cannot_rest():
    campaign = np_campaign()
    perform(campaign, "rules.encounter_start", {"foes": ["goblin"]})
    with pytest.raises(SoloError, match="Mira is in the running encounter: rest in safety waits"):
        perform(campaign, "move.run", {"move": "rest"})


def test_a_campaign_without_a_system_has_no_moves():
    campaign = Campaign.new("Plain", seed=1)
    with pytest.raises(SoloError, match="plays no rule system, so it has no moves"):
        perform(campaign, "move.run", {"move": "rest"})


def test_which_pc_when_there_are_two():
    campaign = np_campaign(stamina=0)
    perform(campaign, "character_add", {"sheet": NP.random_character(Rng(2), name="Bo").to_dict()})
    with pytest.raises(SoloError, match="which character\\? name one of: Mira, Bo"):
        perform(campaign, "move.run", {"move": "rest"})
    perform(campaign, "move.run", {"move": "rest", "character": "mira"})
    assert campaign.character("Mira").sheet["stamina"] > 0


def test_resistance_lay_low_through_the_campaign():
    campaign = Campaign.new("Crusade", system="resistance", seed=4)
    ash = RT.random_character(Rng(2), name="Ash")
    ash.stress["body"] = 3
    perform(campaign, "character_add", {"sheet": ash.to_dict()})
    [entry] = perform(campaign, "move.run", {"move": "lay low"})
    assert campaign.character("Ash").sheet["stress"]["body"] == 0
    assert "the world moves on without them" in entry.text


# -- the command line ---------------------------------------------------------------------------------

def test_move_is_listed_in_help_and_lists_the_moves(cli):
    from solo.cli import build_parser

    assert "move        a rule system's moves between fights" in build_parser().format_help()
    listed = cli("move", "--list").out
    assert "Nine Powers moves:" in listed and "The Resistance Toolbox moves:" in listed
    assert "  lay-low        Lay low: clear all stress" in listed
    data = cli("move", "--list", "--json").json
    assert [m["id"] for m in data["systems"]["nine-powers"]] == ["rest", "heal", "award", "advance", "buy",
                                                                 "treasure"]


def test_after_a_fight_a_rest_heals(cli, saves_dir):
    assert cli("new", "Moor", "--system", "nine-powers", "--seed", "3").code == 0
    assert cli("character", "new", "--campaign", "moor", "--random", "--name", "Mira").code == 0
    assert cli("encounter", "--campaign", "moor", "--foe", "bandit", "--auto").code == 0
    hurt = CampaignStore(saves_dir).load("moor").character("Mira").sheet
    assert hurt["stamina"] < hurt["stamina_max"]
    out = cli("move", "rest", "--campaign", "moor").out
    assert out.startswith("Mira: Rest in safety.\nMira rests in safety: stamina ")
    healed = CampaignStore(saves_dir).load("moor").character("Mira").sheet
    assert healed["stamina"] == healed["stamina_max"]
    listed = cli("move", "--list", "--campaign", "moor").out
    assert listed.startswith("Nine Powers moves:") and "Resistance" not in listed
    assert cli("undo", "-c", "moor").code == 0
    assert CampaignStore(saves_dir).load("moor").character("Mira").sheet["stamina"] == hurt["stamina"]


def test_cli_errors_name_the_problem(cli):
    assert cli("new", "Moor", "--system", "nine-powers", "--seed", "3").code == 0
    assert cli("character", "new", "--campaign", "moor", "--random", "--name", "Mira").code == 0
    wrong = cli("move", "buy", "--campaign", "moor", "--effort", "minor")
    assert wrong.code == 2 and wrong.err == ("solo: error: --effort is not for the buy move (Nine Powers);"
                                             " it takes: --impact N [--coins] [--item ITEM]\n")
    missing = cli("move", "buy", "--campaign", "moor")
    assert missing.code == 1 and "move buy needs --impact" in missing.err
    assert "give --campaign NAME" in cli("move", "rest").err
    assert "name the move" in cli("move", "--campaign", "moor").err
    assert cli("move", "fly", "--campaign", "moor").code == 1
