"""Named helpers in a Resistance check of a campaign: their dice join the pool, they share the stress."""

import pytest
from test_rules_moves import scripted

from solo.campaign import CampaignStore, perform
from solo.errors import SoloError
from solo.rules import registry
from solo.rules.resistance import ResistancePC

RT = registry.get("resistance")


def pc(name: str, skills: list[str], domains: list[str]) -> dict:
    return ResistancePC(name=name, stress={"body": 0, "faith": 0, "gold": 0, "soul": 0}, skills=skills,
                        domains=domains).to_dict()


def test_a_helper_in_the_campaign_adds_a_die_and_marks_the_same_stress():
    campaign = scripted("resistance", [2, 5, 3, 3, 10, 10], pc("Ysolt", ["fight"], []))
    perform(campaign, "character_add", {"sheet": pc("Bero", ["fight"], [])})
    [entry] = perform(campaign, "rules.check", {"character": "Ysolt", "approach": "force", "difficulty": 0,
                                                "assistants": ["Bero"], "stress": "d3"})
    assert entry.text.splitlines() == [
        "Ysolt: FIGHT at difficulty 0, pool 3 [2, 5, 3] - failure (chance of success 87.5%)",
        "Ysolt marks 3 BODY stress from the check (d3); BODY now 3, total 3.",
        "Fallout check: d10 10 against 3 stress - no fallout.",
        "Bero marks 3 BODY stress from helping Ysolt; BODY now 3, total 3.",
        "Fallout check: d10 10 against 3 stress - no fallout.",
    ]
    assert [campaign.character(n).sheet["stress"]["body"] for n in ("Ysolt", "Bero")] == [3, 3]


def test_helpers_are_checked_before_any_die_is_rolled():
    campaign = scripted("resistance", [], pc("Ysolt", ["fight"], []))
    perform(campaign, "character_add", {"sheet": pc("Cal", ["study"], [])})
    with pytest.raises(SoloError, match="Cal has no skill or domain serving this roll, so cannot help"):
        perform(campaign, "rules.check", {"character": "Ysolt", "approach": "force", "assistants": ["Cal"]})
    with pytest.raises(SoloError, match="nobody helps their own roll"):
        perform(campaign, "rules.check", {"character": "Ysolt", "approach": "force", "assistants": ["Ysolt"]})
    with pytest.raises(SoloError, match="no character 'Zed' in this campaign"):
        perform(campaign, "rules.check", {"character": "Ysolt", "approach": "force", "assistants": ["Zed"]})


def test_assistant_on_the_command_line(cli, saves_dir):
    assert cli("new", "Host", "--system", "resistance", "--seed", "7").code == 0
    session = CampaignStore(saves_dir).open("host")
    session.perform("character_add", sheet=pc("Ysolt", ["fight"], []))
    session.perform("character_add", sheet=pc("Bero", ["fight"], []))
    result = cli("check", "--campaign", "host", "--pc", "Ysolt", "--approach", "force", "--assistant", "Bero",
                 "--difficulty", "2", "--stress", "d6")
    assert result.out.splitlines() == [
        "Ysolt: FIGHT at difficulty 2, pool 3 [6] - success at a cost (chance of success 50%)",
        "Ysolt marks 2 BODY stress from the check (d6); BODY now 2, total 2.",
        "Fallout check: d10 7 against 2 stress - no fallout.",
        "Bero marks 2 BODY stress from helping Ysolt; BODY now 2, total 2.",
        "Fallout check: d10 1 against 2 stress - minor BODY fallout: BLOODIED (a cut above the eye keeps"
        " filling it with blood; the next thing you do that needs clear sight is 1 harder). 2 stress clears.",
    ]
    saved = CampaignStore(saves_dir).load("host")
    assert saved.character("Ysolt").sheet["stress"]["body"] == 2
    bero = saved.character("Bero").sheet
    assert bero["stress"]["body"] == 0 and [f["name"] for f in bero["fallout"]] == ["BLOODIED"]


def test_an_npc_with_a_whole_sheet_stands_with_the_party_not_against_it():
    campaign = scripted("resistance", [7] * 10, pc("Ysolt", ["fight"], []))
    perform(campaign, "rules.character_random", {"name": "Kell", "npc": True})
    with pytest.raises(SoloError, match="Kell has a whole character sheet, so can stand beside the player"
                                        " characters but not against them; foes are NPC stat blocks"):
        perform(campaign, "rules.encounter_start", {"foes": ["Kell"]})
    [start] = perform(campaign, "rules.encounter_start", {"pcs": ["Ysolt", "Kell"], "foes": ["goblin"]})
    assert start.text.startswith("An encounter begins (The Resistance Toolbox): Ysolt and Kell against"
                                 " Goblin.")
