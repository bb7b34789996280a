"""Encounters as campaign actions, and the two rules-engine additions the TUI reads:
`Encounter.action_odds` (odds before choosing) and `System.resources` (the side panel's line)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.campaign import Campaign, perform, replay, undo
from solo.campaign.encounter_moves import current
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import Encounter, registry


def campaign_with_pc(system: str = "nine-powers", seed: int = 3) -> Campaign:
    c = Campaign.new("Fight Night", system=system, seed=seed)
    sheet = registry.get(system).random_character(Rng(1), name="Vroy").to_dict()
    perform(c, "character_add", {"sheet": sheet})
    return c


def test_an_encounter_runs_to_its_end_and_writes_harm_back():
    c = campaign_with_pc()
    start = perform(c, "rules.encounter_start", {"foes": ["mook"]})
    assert start[0].text == "An encounter begins: Vroy against Mook."
    live = current(c)
    assert live.waiting_for.name == "Vroy"
    assert live.choices()[0].label == "Melee/Protect 2: attack Mook, easy"
    first = perform(c, "rules.encounter_act", {"choice": 0})
    assert [e.text for e in first[:2]] == ["Vroy intends to Melee/Protect 2: attack Mook, easy.",
                                           "Mook intends to Melee/Protect 1: attack Vroy, medium."]
    steps = 1
    while c.extra.get("encounter"):
        perform(c, "rules.encounter_act", {"choice": 0})
        steps += 1
    assert steps == 7
    assert c.journal[-1].text == "The encounter is over: the party wins after 7 rounds."
    assert c.journal[-1].data["winner"] == "party"
    # Nine Powers refills the buffers after a contest; the stamina track shows what it cost.
    assert c.pcs[0].sheet["fortitude"] == c.pcs[0].sheet["fortitude_max"]


def test_each_step_undoes_and_the_whole_fight_replays():
    c = campaign_with_pc()
    perform(c, "rules.encounter_start", {"foes": ["mook"]})
    perform(c, "rules.encounter_act", {"choice": 1})
    after_one = (len(c.journal), [dict(x) for x in c.extra["encounter"]["choices"]])
    perform(c, "rules.encounter_act", {"choice": 0})
    undo(c)
    assert (len(c.journal), c.extra["encounter"]["choices"]) == after_one
    again = [(e.text, e.data) for e in perform(c, "rules.encounter_act", {"choice": 0})]
    undo(c)
    redone = perform(c, "rules.encounter_act", {"choice": 0})
    assert [(e.text, e.data) for e in redone] == again  # the same dice after an undo
    assert replay(c).journal == c.journal


def test_the_pc_sheet_follows_the_fight_step_by_step():
    c = campaign_with_pc()
    perform(c, "rules.encounter_start", {"foes": ["mook"]})
    for _ in range(4):  # by round 4 Mook has landed a blow (see the test above)
        perform(c, "rules.encounter_act", {"choice": 0})
    live = current(c)
    assert c.pcs[0].sheet == live.party[0].to_dict()
    assert c.pcs[0].sheet["fortitude"] == 3


def test_ending_early_calls_it_off():
    c = campaign_with_pc()
    perform(c, "rules.encounter_start", {"foes": ["mook", "thug"]})
    perform(c, "rules.encounter_act", {"choice": 0})
    entries = perform(c, "rules.encounter_end", {})
    assert [e.text for e in entries] == [
        "The contest is called off in round 2.",
        "Everyone catches their breath: fortitude, resilience and craftiness are full again.",
        "The encounter is called off in round 2."]
    assert "encounter" not in c.extra
    with pytest.raises(SoloError, match="no encounter is running"):
        perform(c, "rules.encounter_act", {"choice": 0})


def test_campaign_npcs_can_be_foes_and_keep_their_harm():
    c = campaign_with_pc(seed=5)
    perform(c, "story.npc", {"system": "nine-powers"})
    npc = c.npcs[0]
    perform(c, "rules.encounter_start", {"foes": [npc.name]})
    assert c.extra["encounter"]["foes"][0]["character"] == npc.id
    while c.extra.get("encounter"):
        perform(c, "rules.encounter_act", {"choice": 0})
    assert c.npcs[0].sheet != {} and c.journal[-1].text.startswith("The encounter is over")


@pytest.mark.parametrize("params, message", [
    ({"foes": []}, "at least one foe"),
    ({"foes": ["dragon-emperor"]}, "no foe 'dragon-emperor'"),
    ({"foes": ["Vroy"]}, "Vroy is a player character, not a foe"),
])
def test_bad_encounters_are_refused_and_change_nothing(params, message):
    c = campaign_with_pc()
    before = c.state_dict(), len(c.journal)
    with pytest.raises(SoloError, match=message):
        perform(c, "rules.encounter_start", params)
    assert (c.state_dict(), len(c.journal)) == before


def test_no_system_no_encounter():
    c = Campaign.new("Oracle only", seed=1)
    with pytest.raises(SoloError, match="rule system"):
        perform(c, "rules.encounter_start", {"foes": ["mook"]})


def test_a_bad_choice_is_refused():
    c = campaign_with_pc()
    perform(c, "rules.encounter_start", {"foes": ["mook"]})
    n = len(current(c).choices())
    with pytest.raises(SoloError, match=f"from 0 to {n - 1}"):
        perform(c, "rules.encounter_act", {"choice": n})


# -- odds before choosing ------------------------------------------------------------------


def test_nine_powers_action_odds_are_the_seed_numbers():
    system = registry.get("nine-powers")
    pc = system.random_character(Rng(3), name="Vroy")  # Melee/Protect 1, Shoot/Throw 2
    contest = Encounter(system, {"party": [pc], "foes": [system.npc("mook")]}, Rng(5))
    actions = contest.legal_actions(pc)
    assert [a.label for a in actions if contest.action_odds(a) is None] == ["wait and watch"]
    odds = {a.label: contest.action_odds(a).success for a in actions if a.kind != "wait"}
    assert odds["Melee/Protect 1: attack Mook, easy"] == Fraction(3, 4)  # a d4 at 3 or under
    assert odds["Melee/Protect 1: attack Mook, medium"] == Fraction(1, 2)
    assert odds["Melee/Protect 1: attack Mook, tough"] == Fraction(1, 4)
    assert odds["Shoot/Throw 2: attack Mook, easy"] == Fraction(7, 8)  # d4 d6: 1 - 1/4 * 3/6
    assert odds["Perception/Escape 1: escape (medium)"] == Fraction(1, 2)


def test_resistance_action_odds_follow_the_foes_difficulty():
    system = registry.get("resistance")
    pc = system.random_character(Rng(3), name="Vroy")  # has FIGHT: a pool of 2 to attack
    easy = Encounter(system, {"party": [pc], "foes": [system.npc("goblin")]}, Rng(5))
    attack = easy.legal_actions(pc)[0]
    assert easy.action_odds(attack).success == Fraction(3, 4)  # best of 2d10 is 6 or more
    other = pc.copy()
    hard = Encounter(system, {"party": [other], "foes": [system.npc("ghoul")]}, Rng(5))
    attack = next(a for a in hard.legal_actions(other) if a.kind == "attack")
    assert hard.action_odds(attack).success == Fraction(1, 2)  # difficulty 1 takes a die away
    flee = next(a for a in hard.legal_actions(other) if a.kind == "flee")
    assert hard.action_odds(flee).success == Fraction(1, 2)


def test_resources_lines():
    np_ = registry.get("nine-powers")
    vroy = np_.random_character(Rng(3), name="Vroy")
    assert np_.resources(vroy) == ("Fortitude 4/4 · Resilience 4/4 · Craftiness 4/4 · Stamina 1/1"
                                   " · Composure 3/3 · Wealth 4/4 · Heroism 5/5")
    res = registry.get("resistance")
    assert res.resources(res.random_character(Rng(3), name="Vroy")) == (
        "Stress BODY 0 FAITH 0 GOLD 0 SOUL 0 · armour 0/2 marked")
