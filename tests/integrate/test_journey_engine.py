"""Journeys and complications through the rules engine when the campaign plays a system."""

import json

import pytest

from solo.campaign import Campaign, perform, replay
from solo.campaign.actors import pending_edge
from solo.dice import Rng, ScriptedRng
from solo.errors import SoloError
from solo.rules import registry

NP = registry.get("nine-powers")
RT = registry.get("resistance")

FORD = [1, 1]  # d66 11 on the wild table: harm body minor; force or survival, medium;
#                failure: harm resources minor
SPRING = [1, 3]  # d66 13: recover body minor; survival or lore, easy
CRUMBLES = [6, 6]  # complication d66 66: harm body moderate
GEAR_FAILS = [4, 2]  # complication d66 42: harm resources minor


def np_sheet(name: str, **skills: int) -> dict:
    actor = NP.random_character(Rng(1), name=name)
    actor.skills = {s: 1 for s in actor.skills} | skills
    actor.talents = {}
    return actor.to_dict()


def party(dice: list[int], system: str = "nine-powers") -> Campaign:
    campaign = Campaign.new("Ford", system=system, rng=ScriptedRng(dice))
    perform(campaign, "character_add", {"sheet": np_sheet("Mira", **{"animals-wilderness": 3})})
    perform(campaign, "character_add", {"sheet": np_sheet("Oswin", **{"melee-protect": 4})})
    return campaign


def sheet(campaign: Campaign, name: str, track: str) -> int:
    return campaign.character(name).sheet[track]


def test_a_journey_hurts_every_pc_and_the_engine_rolls_for_the_best_placed_one():
    campaign = party(FORD + [6] + [3, 5, 7, 9])  # countdown d6 6; Oswin's check dice
    entries = perform(campaign, "oracle.journey", {})
    assert [(e.kind, e.text) for e in entries] == [
        ("journey", "Journey (wild, d66 11): The ford is running high after rain, and the crossing leaves"
                    " everyone soaked and bruised. Every PC: minor harm to body. Then a medium check:"
                    " force or survival."),
        ("harm", "Mira loses 1 (minor body harm): fortitude 4 → 3.\n"
                 "Oswin loses 1 (minor body harm): fortitude 4 → 3."),
        ("countdown", "Countdown: 1 mark, d6 rolled 6 (needed 1 or less, 16.7%) -> not yet; 1 mark stands."),
        # Oswin's force (Melee/Protect 4, 80%) beats Mira's survival (Animals/Wilderness 3, 75%).
        ("check", "Oswin: Melee/Protect medium [d4:3 d6:5 d8:7 d10:9] fails (chance of success 80%)"),
        ("journey", "Failure (Oswin, force): Someone loses their footing and a pack bobs away downstream."
                    " [minor harm to resources]"),
        ("harm", "Mira loses 1 (minor resources harm): craftiness 4 → 3.\n"
                 "Oswin loses 1 (minor resources harm): craftiness 4 → 3."),
    ]
    assert [sheet(campaign, n, "fortitude") for n in ("Mira", "Oswin")] == [3, 3]
    assert [sheet(campaign, n, "craftiness") for n in ("Mira", "Oswin")] == [3, 3]
    assert campaign.extra["oracle"]["journey_pending"] is None  # nothing waits for the player


def test_the_named_pc_and_approach_take_the_check():
    campaign = party(FORD + [6] + [2, 5, 7])
    entries = perform(campaign, "oracle.journey", {"character": "Mira", "approach": "survival"})
    assert entries[3].text == ("Mira: Animals/Wilderness medium [d4:2 d6:5 d8:7] succeeds"
                               " (chance of success 75%)")
    assert entries[4].text == ("Success (Mira, survival): You find the shallows and link arms; nobody is"
                               " swept off their feet.")
    with pytest.raises(SoloError, match="this check is made with force or survival, not lore"):
        perform(party(FORD + [6]), "oracle.journey", {"approach": "lore"})


def test_a_result_the_player_reports_still_wins_but_harm_goes_through_the_engine():
    campaign = party(FORD + [6])
    entries = perform(campaign, "oracle.journey", {"result": "success", "approach": "force"})
    assert [e.kind for e in entries] == ["journey", "harm", "countdown", "journey"]
    assert entries[-1].text.startswith("Success (force): You find the shallows")
    assert sheet(campaign, "Oswin", "fortitude") == 3


def test_recovery_refills_the_buffer_and_a_pc_without_a_sheet_is_named():
    campaign = party([])
    campaign.character("Mira").sheet["fortitude"] = 2
    perform(campaign, "character_add", {"sheet": {"name": "Pip"}})
    campaign.rng = ScriptedRng(SPRING + [6] + [1, 6, 8])  # Mira's survival 3, easy
    entries = perform(campaign, "oracle.journey", {})
    assert entries[1].text.splitlines() == [
        "Mira recovers 1: fortitude 2 → 3.",
        "Oswin is already at full fortitude and stamina.",
        "(Pip: no Nine Powers sheet, so not applied.)",
    ]


def test_without_a_system_or_a_sheet_the_journey_waits_for_the_player():
    for campaign in (Campaign.new("Plain", rng=ScriptedRng(FORD + [6])),
                     Campaign.new("Sheetless", system="nine-powers", rng=ScriptedRng(FORD + [6]))):
        perform(campaign, "character_add", {"sheet": {"name": "Pip"}})
        entries = perform(campaign, "oracle.journey", {})
        assert [e.kind for e in entries] == ["journey", "countdown"]
        assert campaign.extra["oracle"]["journey_pending"]["roll"] == 11
    with pytest.raises(SoloError, match="naming who takes the journey's check needs a rule system"):
        perform(Campaign.new("Plain"), "oracle.journey", {"character": "Pip"})


def test_an_edge_waits_for_the_next_check_and_is_used_up_there():
    campaign = party([])
    campaign.rng = ScriptedRng([1, 2] + [6] + [1, 6, 8])  # d66 12: wits or lore, success -> edge
    entries = perform(campaign, "oracle.journey", {"character": "Mira", "approach": "wits"})
    assert entries[-1].text == "From the journey: the next check gets a small bonus."
    assert pending_edge(campaign) == 1
    campaign.rng = ScriptedRng([4, 6])  # Mira's Perception/Escape 1 becomes two dice: d4 and d6
    [check] = perform(campaign, "rules.check", {"character": "Mira", "skill": "perception-escape"})
    assert check.text.splitlines() == [
        "A small bonus on this check, from the journey.",
        "Mira: Perception/Escape medium [d4:4 d6:6] fails (chance of success 66.7%)",
    ]
    assert (check.data["edge"], pending_edge(campaign)) == (1, 0)


def test_edges_and_setbacks_cancel_and_never_pile_up():
    from solo.campaign.actors import add_edge

    campaign = Campaign.new("Edges", seed=1)
    assert add_edge(campaign, 1, "a journey") == "the next check gets a small bonus"
    assert add_edge(campaign, 1, "a journey") == ("a small bonus was already waiting for the next check;"
                                                   " they do not add up")
    assert add_edge(campaign, -1, "a complication") == ("a small penalty, which cancels the small bonus"
                                                         " that was waiting")
    assert pending_edge(campaign) == 0


def test_resistance_edges_are_mastery_and_setbacks_a_point_of_difficulty():
    ash = RT.random_character(Rng(2), name="Ash").to_dict()  # SHOOT serves finesse
    campaign = Campaign.new("Camp", system="resistance", rng=ScriptedRng([5, 9]))
    perform(campaign, "character_add", {"sheet": ash})
    campaign.extra["rules"] = {"edge": 1, "edge_source": "the journey"}
    [check] = perform(campaign, "rules.check", {"character": "Ash", "approach": "finesse"})
    # 1 die + SHOOT + mastery = 3 dice, less difficulty 1 = 2 dice: 6+ on either, 75%.
    assert check.text.splitlines()[1] == ("Ash: SHOOT at difficulty 1, pool 3 [5, 9] - success"
                                          " (chance of success 75%)")
    campaign.extra["rules"] = {"edge": -1, "edge_source": "the journey"}
    campaign.rng = ScriptedRng([6])
    [check] = perform(campaign, "rules.check", {"character": "Ash", "approach": "finesse"})
    # Pool 2 at difficulty 1 + 1 = one die: 50%.
    assert check.text.splitlines()[1] == ("Ash: SHOOT at difficulty 2, pool 2 [6] - success at a cost"
                                          " (chance of success 50%)")


def test_a_complication_that_hurts_goes_through_the_engine():
    campaign = party([1] + CRUMBLES)  # one mark, d6 1: the complication fires
    entries = perform(campaign, "oracle.countdown_mark", {})
    assert entries[0].text == (
        "Countdown: 1 mark, d6 rolled 1 (needed 1 or less, 16.7%) -> a complication! Marks cleared."
        " The ground itself betrays you: a floor gives way, a cellar caves in, a path crumbles into the"
        " dark. [every PC: moderate harm to body]")
    assert entries[0].data["effect"]["action"] == "harm"
    assert entries[1].text == ("Mira loses 2 (moderate body harm): fortitude 4 → 2.\n"
                               "Oswin loses 2 (moderate body harm): fortitude 4 → 2.")


def test_without_a_system_a_complication_is_only_words():
    campaign = Campaign.new("Plain", rng=ScriptedRng([1] + GEAR_FAILS))
    perform(campaign, "character_add", {"sheet": {"name": "Pip", "fortitude": 4}})
    entries = perform(campaign, "oracle.countdown_mark", {})
    assert len(entries) == 1
    assert entries[0].text.endswith("the lamp runs dry. [every PC: minor harm to resources]")
    assert campaign.character("Pip").sheet == {"name": "Pip", "fortitude": 4}


def test_a_third_of_the_complications_carry_a_well_formed_effect():
    from solo.oracle.countdown import complication_effect
    from solo.tables import load_tables

    tables = load_tables(use_env=False)
    effects = {}
    for tens in range(1, 7):
        for units in range(1, 7):
            drawn = tables.roll("oracle/complication", ScriptedRng([tens, units]))
            effect = complication_effect(drawn)
            if effect is not None:
                effects[10 * tens + units] = effect.action
    assert len(effects) == 12
    assert set(effects.values()) == {"harm", "recover", "setback"}


def test_a_broken_complication_effect_names_its_table_and_row(tmp_path):
    from solo.oracle.countdown import countdown_roll
    from solo.tables import load_tables

    (tmp_path / "complication.yaml").write_text(
        "id: oracle/complication\ndice: d6\nrows:\n  - 1-6:\n"
        "      text: Rain.\n      effect: harm soul minor\n")
    tables = load_tables([tmp_path], use_env=False)
    with pytest.raises(SoloError, match="table oracle/complication, row 1-6, effect: 'harm soul minor'"):
        countdown_roll(1, ScriptedRng([1, 3]), tables)


def test_no_travelling_while_an_encounter_runs():
    campaign = party([])
    campaign.rng = Rng(3)
    perform(campaign, "rules.encounter_start", {"foes": ["goblin"]})
    with pytest.raises(SoloError, match="an encounter is running: finish it .or end it. before travelling"):
        perform(campaign, "oracle.journey", {})


def test_journeys_through_the_engine_replay_exactly():
    campaign = Campaign.new("Long Road", system="resistance", seed=9)
    perform(campaign, "rules.character_random", {"name": "Ash"})
    perform(campaign, "rules.character_random", {"name": "Bree"})
    for setting in ("wild", "town", "wild", "town", "wild", "wild"):
        perform(campaign, "oracle.journey", {"setting": setting})
    again = replay(campaign)
    assert [e.text for e in again.journal] == [e.text for e in campaign.journal]
    assert json.dumps(again.state_dict(), sort_keys=True) == json.dumps(campaign.state_dict(), sort_keys=True)
