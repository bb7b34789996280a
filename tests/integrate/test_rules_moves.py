"""rules.* campaign actions: characters, checks, harm and recovery through the campaign's system."""

import json

import pytest

from solo.campaign import Campaign, CampaignStore, differences, perform, replay, undo
from solo.dice import Rng, ScriptedRng
from solo.errors import SoloError
from solo.rules import registry

NP = registry.get("nine-powers")
RT = registry.get("resistance")


def mira(**skills: int) -> dict:
    """A Nine Powers PC whose tested skills have known ratings."""
    actor = NP.random_character(Rng(1), name="Mira")
    actor.skills.update({"shoot-throw": 1, "melee-protect": 2, "identify-lore": 3,
                         "intuition-hearthwork": 4, **skills})
    return actor.to_dict()


def scripted(system: str, dice: list[int], sheet: dict) -> Campaign:
    campaign = Campaign.new("Scripted", system=system, rng=ScriptedRng(dice))
    perform(campaign, "character_add", {"sheet": sheet})
    return campaign


def frozen(campaign: Campaign) -> str:
    return json.dumps(campaign.state_dict(), sort_keys=True)


def test_a_random_pc_is_the_systems_own_roll_with_the_campaigns_dice():
    campaign = Campaign.new("Salt Road", system="nine-powers", seed=5)
    [entry] = perform(campaign, "rules.character_random", {"name": "Mira"})
    expected = NP.random_character(Rng(5), name="Mira")
    assert [(c.name, c.role) for c in campaign.characters] == [("Mira", "pc")]
    assert campaign.characters[0].sheet == expected.to_dict()
    assert entry.kind == "character"
    assert entry.text == f"New player character: Mira, {expected.concept}."
    undo(campaign)
    assert campaign.characters == [] and campaign.rng.get_state() == Rng(5).get_state()


def test_random_npcs_and_named_npcs_join_as_npcs():
    campaign = Campaign.new("Crusade", system="resistance", seed=8)
    perform(campaign, "rules.character_random", {"name": "Brother Kell", "npc": True})
    [entry] = perform(campaign, "rules.npc_add", {"npc": "goblin", "name": "Snagtooth"})
    assert [(c.name, c.role) for c in campaign.characters] == [("Brother Kell", "npc"), ("Snagtooth", "npc")]
    kell = RT.load_actor(campaign.character("Brother Kell").sheet)
    assert kell.npc and not kell.is_pc  # a whole sheet, but the GM's
    assert RT.stat_block(kell).startswith("Brother Kell - Resistance NPC (Fantastical Crusades): ")
    goblin = campaign.character("Snagtooth").sheet
    assert (goblin["kind"], goblin["name"]) == ("npc", "Snagtooth")
    assert {k: goblin[k] for k in ("difficulty", "resistance")} == {
        k: RT.npc("goblin").to_dict()[k] for k in ("difficulty", "resistance")}
    assert entry.text == "New NPC: Snagtooth, quick, spiteful, cowardly when alone."


@pytest.mark.parametrize(("skill", "chance", "exact"), [
    ("shoot-throw", "50%", "1/2"),
    ("melee-protect", "66.7%", "2/3"),
    ("identify-lore", "75%", "3/4"),
    ("intuition-hearthwork", "80%", "4/5"),
])
def test_a_check_journals_the_seeds_own_odds_before_the_dice(skill, chance, exact):
    # Nine Powers' design note: ratings 1-4 at medium succeed 50 / 67 / 75 / 80 percent.
    rating = {"shoot-throw": 1, "melee-protect": 2, "identify-lore": 3, "intuition-hearthwork": 4}[skill]
    campaign = scripted("nine-powers", [3, 5, 7, 9][:rating], mira())
    [entry] = perform(campaign, "rules.check", {"character": "Mira", "skill": skill})
    dice = " ".join(f"d{s}:{r}" for s, r in zip((4, 6, 8, 10), (3, 5, 7, 9), strict=False))
    dice = " ".join(dice.split()[:rating])
    name = {"shoot-throw": "Shoot/Throw", "melee-protect": "Melee/Protect", "identify-lore": "Identify/Lore",
            "intuition-hearthwork": "Intuition/Hearthwork"}[skill]
    assert entry.kind == "check"
    assert entry.text == f"Mira: {name} medium [{dice}] fails (chance of success {chance})"
    assert (entry.data["degree"], entry.data["odds"]["success_exact"]) == ("fail", exact)


def test_an_approach_picks_the_best_skill_and_hard_is_tough():
    campaign = scripted("nine-powers", [1, 4, 8, 9], mira())
    [entry] = perform(campaign, "rules.check", {"character": "Mira", "approach": "wits",
                                                "difficulty": "hard"})
    # wits serves Perception/Escape, Identify/Lore, Intuition/Hearthwork...: the 4 wins.
    assert entry.text == ("Mira: Intuition/Hearthwork tough [d4:1 d6:4 d8:8 d10:9] succeeds"
                          " (chance of success 50.8%)")


def test_a_traded_one_becomes_the_campaigns_momentum_and_is_spent_from_it():
    campaign = scripted("nine-powers", [1, 2, 7, 9] + [4, 6, 8, 10, 12, 20], mira())
    [entry] = perform(campaign, "rules.check", {"character": "Mira", "skill": "intuition-hearthwork",
                                                "trade": "momentum"})
    # With the trade a 1 is taken out and the rest judged: 71/120 by counting every roll.
    assert entry.text.splitlines() == [
        "Mira: Intuition/Hearthwork medium [d4:1 d6:2 d8:7 d10:9] succeeds (a 1 traded for being set up well)"
        " (chance of success 59.2%)",
        "Mira trades a 1 for being set up well.",
    ]
    assert entry.data["odds"]["success_exact"] == "71/120"
    pc = campaign.character("Mira")
    assert pc.set_up_well is True and pc.sheet["set_up_well"] is True
    [entry] = perform(campaign, "rules.check", {"character": "Mira", "skill": "intuition-hearthwork",
                                                "spend": "setup"})
    assert entry.text.splitlines() == [
        # A big bonus makes six dice: 1 - (2/4)(4/6)(6/8)(8/10)(10/12)(18/20) = 85%.
        "Mira: Intuition/Hearthwork medium [d4:4 d6:6 d8:8 d10:10 d12:12 d20:20] fails"
        " (chance of success 85%)",
        "Mira spends being set up well for a big bonus.",
    ]
    assert campaign.character("Mira").set_up_well is False


def test_a_clue_banked_on_a_check_is_the_campaigns_clue():
    campaign = scripted("nine-powers", [1, 2, 7, 9], mira())
    perform(campaign, "rules.check", {"character": "Mira", "skill": "intuition-hearthwork", "trade": "clue"})
    assert campaign.clues == 1


def test_harm_and_recovery_go_through_the_buffer_first():
    campaign = scripted("nine-powers", [], mira())
    [hurt] = perform(campaign, "rules.harm", {"character": "Mira", "kind": "body", "size": "major"})
    [healed] = perform(campaign, "rules.recover", {"character": "Mira", "kind": "body", "size": "minor"})
    assert (hurt.kind, hurt.text) == ("harm", "Mira loses 3 (major body harm): fortitude 4 → 1.")
    assert (healed.kind, healed.text) == ("recovery", "Mira recovers 1: fortitude 1 → 2.")
    assert campaign.character("Mira").sheet["fortitude"] == 2
    undo(campaign)
    assert campaign.character("Mira").sheet["fortitude"] == 1


def test_resistance_harm_marks_stress_and_rolls_for_fallout():
    sheet = RT.random_character(Rng(2), name="Ash").to_dict()
    campaign = scripted("resistance", [5, 9], sheet)  # d6 stress 5, then the fallout d10
    [entry] = perform(campaign, "rules.harm", {"character": "Ash", "kind": "mind", "size": "moderate"})
    assert entry.text.splitlines() == [
        "Ash marks 5 SOUL stress from moderate mind harm (d6); SOUL now 5, total 5.",
        "Fallout check: d10 9 against 5 stress - no fallout.",
    ]
    assert campaign.character("Ash").sheet["stress"]["soul"] == 5


def test_bad_requests_are_refused_and_leave_the_campaign_as_it_was():
    plain = Campaign.new("Plain", seed=1)
    perform(plain, "character_add", {"sheet": {"name": "Nobody"}})
    with pytest.raises(SoloError, match="'Plain' plays no rule system yet"):
        perform(plain, "rules.check", {"character": "Nobody", "approach": "wits"})
    campaign = Campaign.new("Road", system="nine-powers", seed=2)
    perform(campaign, "character_add", {"sheet": {"name": "Sketch"}})
    perform(campaign, "character_add", {"sheet": mira()})
    before, entries = frozen(campaign), len(campaign.journal)
    cases = [
        ({"character": "Sketch", "approach": "wits"}, "Sketch has no rules sheet"),
        ({"character": "Mira", "approach": "wits", "mastery": True},
         "a Nine Powers check takes the options skill, bonus, penalty, spend, trade, keep_success,"
         " use_talent; not mastery"),
        ({"character": "Mira", "approach": "charm"}, "approach must be one of"),
        ({"character": "Mira"}, "a check needs an approach"),
        ({"character": "Mira", "approach": "wits", "spend": "setup"}, "Mira is not set up well"),
        ({"character": "Zed", "approach": "wits"}, "no character 'Zed' in this campaign"),
    ]
    for params, message in cases:
        with pytest.raises(SoloError, match=message):
            perform(campaign, "rules.check", params)
    with pytest.raises(SoloError, match="harm kind must be one of body, mind, resources, not 'soul'"):
        perform(campaign, "rules.harm", {"character": "Mira", "kind": "soul"})
    with pytest.raises(SoloError, match="Nine Powers has no role 'pirate'"):
        perform(campaign, "rules.character_random", {"role": "pirate"})
    assert frozen(campaign) == before and len(campaign.journal) == entries


def test_rules_actions_replay_and_survive_a_save(saves_dir):
    store = CampaignStore(saves_dir)
    session = store.create("Replay Road", system="nine-powers", seed=21)
    session.perform("rules.character_random", name="Mira")
    session.perform("rules.check", character="Mira", approach="force", difficulty="easy")
    session.perform("rules.harm", character="Mira", kind="mind", size="moderate")
    session.perform("rules.recover", character="Mira", kind="mind", size="minor")
    loaded = store.load("replay-road")
    assert loaded.character("Mira").sheet == session.campaign.character("Mira").sheet
    again = replay(loaded)
    assert differences(loaded, again) == []
