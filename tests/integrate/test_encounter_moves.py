"""Encounters kept in a campaign: started, played move by move, saved between moves, undone, replayed."""

import json

import pytest
from test_rules_moves import mira

from solo.campaign import Campaign, CampaignStore, differences, perform, replay, undo
from solo.campaign.encounter_moves import encounter_view
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import registry

RT = registry.get("resistance")
ATTACK_MELEE = {"kind": "attack", "target": "Giant Lizard", "skill": "melee-protect", "difficulty": "medium"}


def lizard_ford() -> Campaign:
    campaign = Campaign.new("Lizard Ford", system="nine-powers", seed=3)
    perform(campaign, "character_add", {"sheet": mira()})
    perform(campaign, "rules.npc_add", {"npc": "giant-lizard"})
    return campaign


def frozen(campaign: Campaign) -> str:
    return json.dumps(campaign.state_dict(), sort_keys=True)


def test_a_contest_played_move_by_move_then_by_the_engine():
    campaign = lizard_ford()
    [start] = perform(campaign, "rules.encounter_start", {"foes": ["Giant Lizard"]})
    assert start.text == "An encounter begins (Nine Powers, physical contest): Mira against Giant Lizard."

    view = encounter_view(campaign)
    assert view["waiting"] == "Mira" and view["round"] == 1
    # Melee/Protect 2 is a d4 and a d6: 7/8 easy, 2/3 medium, 3/8 tough.
    assert [(a["index"], a["label"], a["chance"]) for a in view["actions"][:3]] == [
        (0, "Melee/Protect 2: attack Giant Lizard, easy", "87.5%"),
        (1, "Melee/Protect 2: attack Giant Lizard, medium", "66.7%"),
        (2, "Melee/Protect 2: attack Giant Lizard, tough", "37.5%"),
    ]
    assert view["actions"][-1]["label"] == "wait and watch" and view["actions"][-1]["odds"] is None
    assert [p["label"] for p in view["foes"]] == ["Giant Lizard"]
    assert view["party"][0]["stat_block"].startswith("Mira - Nine Powers PC")

    [one] = perform(campaign, "rules.encounter_act", {"actor": "Mira", "action": 4})
    assert one.text.splitlines() == [
        "Round 1",
        "Mira intends to Shoot/Throw 1: attack Giant Lizard, medium.",
        "Giant Lizard intends to Melee/Protect 2: attack Mira, medium.",
        "Mira: Shoot/Throw medium against Giant Lizard [d4:4] fails.",
        "Giant Lizard: Melee/Protect medium against Mira [d4:1 d6:6] succeeds for 2 damage.",
        "Mira takes 2: fortitude 4 → 2.",  # Mira wears no armour: no armour check
    ]
    assert campaign.character("Mira").sheet["fortitude"] == 2  # the sheet follows the fight

    [two] = perform(campaign, "rules.encounter_act", {"actor": "mira", "action": ATTACK_MELEE})
    assert two.text.splitlines()[3:] == [
        "Mira: Melee/Protect medium against Giant Lizard [d4:4 d6:4] fails.",
        "Giant Lizard: Melee/Protect medium against Mira [d4:1 d6:1] succeeds for 2 damage.",
        "Mira takes 2: fortitude 2 → 0.",
    ]

    entries = perform(campaign, "rules.encounter_auto", {})
    assert [e.text.splitlines()[0] for e in entries[:-1]] == ["Round 3"]
    assert entries[-2].text.splitlines()[-5:] == [
        "Mira takes 2: stamina 2 → 0.",
        "Mira is defeated (stamina 0).",
        "Mira is wounded: knee, burning with every move (small penalty to Acrobatics/Climb).",
        "The contest is over: Giant Lizard prevails.",
        "Everyone catches their breath: fortitude, resilience and craftiness are full again.",
    ]
    assert entries[-1].text.splitlines() == ["The party loses after 3 rounds.",
                                             "Mira: defeated; it cost fortitude 4, stamina 2."]

    # The sheets hold the result: buffers full again, stamina and the wound kept.
    mira_sheet = campaign.character("Mira").sheet
    assert (mira_sheet["fortitude"], mira_sheet["stamina"]) == (4, 0)
    assert [w["location"] for w in mira_sheet["wounds"]] == ["knee"]
    lizard = campaign.character("Giant Lizard").sheet
    assert (lizard["fortitude"], lizard["stamina"]) == (4, 3)
    assert campaign.extra["rules"]["encounter"] is None
    assert campaign.extra["rules"]["last_encounter"]["result"] == "loss"
    assert encounter_view(campaign) is None


def test_every_move_can_be_played_in_a_separate_process(saves_dir):
    """Save between moves (as the CLI does): the rebuilt fight goes on exactly as in one sitting."""
    in_one_go = lizard_ford()
    perform(in_one_go, "rules.encounter_start", {"foes": ["Giant Lizard"]})
    perform(in_one_go, "rules.encounter_act", {"actor": "Mira", "action": 4})
    perform(in_one_go, "rules.encounter_act", {"actor": "Mira", "action": ATTACK_MELEE})
    perform(in_one_go, "rules.encounter_auto", {})

    store = CampaignStore(saves_dir)
    store.add(lizard_ford())
    store.open("lizard-ford").perform("rules.encounter_start", foes=["Giant Lizard"])
    store.open("lizard-ford").perform("rules.encounter_act", actor="Mira", action=4)
    store.open("lizard-ford").perform("rules.encounter_act", actor="Mira", action=ATTACK_MELEE)
    store.open("lizard-ford").perform("rules.encounter_auto")
    saved = store.load("lizard-ford")
    assert [e.text for e in saved.journal] == [e.text for e in in_one_go.journal]
    assert saved.character("Mira").sheet == in_one_go.character("Mira").sheet
    assert differences(saved, replay(saved)) == []


def test_undo_takes_a_move_back_exactly():
    campaign = lizard_ford()
    perform(campaign, "rules.encounter_start", {"foes": ["Giant Lizard"]})
    before = frozen(campaign)
    first = perform(campaign, "rules.encounter_act", {"actor": "Mira", "action": 1})
    undo(campaign)
    assert frozen(campaign) == before
    again = perform(campaign, "rules.encounter_act", {"actor": "Mira", "action": 1})
    assert [e.text for e in again] == [e.text for e in first]


def test_momentum_spent_in_a_fight_is_spent_from_the_campaign():
    campaign = lizard_ford()
    campaign.character("Mira").set_up_well = True
    perform(campaign, "rules.encounter_start", {"foes": ["Giant Lizard"]})
    [entry] = perform(campaign, "rules.encounter_act", {"actor": "Mira", "action": {
        **ATTACK_MELEE, "options": {"boost": "setup"}}})
    assert "Mira spends being set up well for a big bonus." in entry.text.splitlines()
    assert campaign.character("Mira").set_up_well is False


def test_a_resistance_fight_broken_off_clears_armour_and_keeps_stress():
    campaign = Campaign.new("Camp Road", system="resistance", seed=4)
    perform(campaign, "character_add", {"sheet": RT.random_character(Rng(2), name="Ash").to_dict()})
    [start] = perform(campaign, "rules.encounter_start", {"foes": ["goblin", "goblin"]})
    assert start.text == "An encounter begins (The Resistance Toolbox): Ash against Goblin 1, Goblin 2."
    view = encounter_view(campaign)
    # SHOOT for the longbow: 2 d10 against a goblin's difficulty 0, 6+ on either: 75%.  The knife has
    # no skill: one die, 50%.  Fleeing: a skill (SCOUT) and mastery (DESERT-WISE): three dice, 87.5%.
    labels = [(a["label"], a["chance"]) for a in view["actions"]]
    assert labels == [
        ("attack Goblin 1 with longbow (d6)", "75%"), ("attack Goblin 2 with longbow (d6)", "75%"),
        ("attack Goblin 1 with knife (d3)", "50%"), ("attack Goblin 2 with knife (d3)", "50%"),
        ("flee the fight", "87.5%"),
    ]
    [hit] = perform(campaign, "rules.encounter_act", {"actor": "Ash", "action": 0})
    assert hit.text.splitlines()[1].startswith("Ash rolls to attack Goblin 1 with longbow: pool 2")
    marked = campaign.character("Ash").sheet
    entries = perform(campaign, "rules.encounter_end", {"outcome": "retreat"})
    assert entries[0].text.splitlines()[0] == "The fight ends: the party falls back."
    assert entries[-1].text.startswith("It ends in a retreat after 2 rounds.\nAsh: fell back;")
    after = campaign.character("Ash").sheet
    assert after["armour_stress"] == 0 and after["stress"] == marked["stress"]
    assert campaign.extra["rules"]["last_encounter"]["outcome"] == "retreat"


def test_participants_belong_to_the_fight_until_it_ends():
    campaign = lizard_ford()
    perform(campaign, "rules.encounter_start", {"foes": ["Giant Lizard"]})
    with pytest.raises(SoloError, match="Mira is in the running encounter: harm waits until it is over"):
        perform(campaign, "rules.harm", {"character": "Mira", "kind": "body"})
    with pytest.raises(SoloError, match="an encounter is already running"):
        perform(campaign, "rules.encounter_start", {"foes": ["goblin"]})
    with pytest.raises(SoloError, match="Giant Lizard is in the running encounter: changing the sheet waits"):
        perform(campaign, "character_update", {"character": "Giant Lizard", "sheet": {"name": "x"}})
    with pytest.raises(SoloError, match="an encounter is running: finish it .or end it. before changing"):
        perform(campaign, "set_system", {"system": "resistance"})
    perform(campaign, "rules.encounter_end", {"outcome": "truce"})
    perform(campaign, "rules.harm", {"character": "Mira", "kind": "body"})


def test_bad_moves_are_refused_and_change_nothing():
    campaign = lizard_ford()
    with pytest.raises(SoloError, match="no encounter is running"):
        perform(campaign, "rules.encounter_auto", {})
    with pytest.raises(SoloError, match="'dragon' is neither an NPC of this campaign .Giant Lizard."
                                        " nor one of the system's: no Nine Powers NPC called 'dragon'"):
        perform(campaign, "rules.encounter_start", {"foes": ["dragon"]})
    with pytest.raises(SoloError, match="Mira cannot be on both sides"):
        perform(campaign, "rules.encounter_start", {"foes": ["Mira"]})
    with pytest.raises(SoloError, match="unknown Nine Powers encounter option.s. distance"):
        perform(campaign, "rules.encounter_start", {"foes": ["goblin"], "distance": "far"})
    with pytest.raises(SoloError, match="max_rounds must be a whole number from 1 to 1000"):
        perform(campaign, "rules.encounter_start", {"foes": ["goblin"], "max_rounds": "many"})
    perform(campaign, "rules.encounter_start", {"foes": ["Giant Lizard"]})
    before = frozen(campaign)
    cases = [
        ({"actor": "Mira", "action": 999}, "Mira has moves 0 to 40, not 999"),
        ({"actor": "Giant Lizard", "action": 0}, "'Giant Lizard' is not in the party"),
        ({"actor": "Mira", "action": {"kind": "attack", "target": "Nobody"}},
         "the target 'Nobody' is not in this encounter"),
        ({"actor": "Mira", "action": {"kind": "fly"}}, "unknown contest action 'fly'"),
        ({"actor": "Mira", "action": "attack"}, "field 'action': expected a whole number or a mapping"),
    ]
    for params, message in cases:
        with pytest.raises(SoloError, match=message):
            perform(campaign, "rules.encounter_act", params)
    with pytest.raises(SoloError, match="an encounter ends in retreat, surrender, truce, rout, not 'win'"):
        perform(campaign, "rules.encounter_end", {"outcome": "win"})
    assert frozen(campaign) == before


def test_two_pcs_acting_in_one_round_share_its_heading():
    campaign = lizard_ford()
    perform(campaign, "character_add", {"sheet": {**mira(), "name": "Tam"}})
    perform(campaign, "rules.encounter_start", {"foes": ["Giant Lizard"]})
    [first] = perform(campaign, "rules.encounter_act", {"actor": "Mira", "action": 4})
    [second] = perform(campaign, "rules.encounter_act", {"actor": "Tam", "action": 4})
    shoot = "intends to Shoot/Throw 1: attack Giant Lizard, medium."
    assert first.text.splitlines()[:2] == ["Round 1", f"Mira {shoot}"]
    assert second.text.splitlines()[0] == f"Tam {shoot}"
    assert second.data["round"] == 1
    [third] = perform(campaign, "rules.encounter_act", {"actor": "Mira", "action": 4})
    assert third.text.splitlines()[:2] == ["Round 2", f"Mira {shoot}"]
    text = "\n".join(e.text for e in campaign.journal)
    assert (text.count("Round 1\n"), text.count("Round 2\n")) == (1, 1)
    # undone and played again, the heading comes back with the move that opens the round
    undo(campaign)
    [again] = perform(campaign, "rules.encounter_act", {"actor": "Mira", "action": 4})
    assert again.text.splitlines()[0] == "Round 2"
