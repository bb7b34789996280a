"""The Resistance Toolbox: the d10 pool, stress, fallout, recovery, bonds and conflicts."""

from __future__ import annotations

import json
import re
from fractions import Fraction as F

import pytest

from solo.dice import Rng, ScriptedRng
from solo.rules import Action, Encounter, registry
from solo.rules.engine import RulesError
from solo.rules.resistance import ResistanceNPC, ResistancePC
from solo.rules.resistance.dice import band_odds, dice_after, roll_pool, step
from solo.rules.resistance.stress import severity
from solo.tables import load_tables


@pytest.fixture(scope="module")
def rt():
    return registry.get("resistance")


def hero(**changes) -> ResistancePC:
    pc = ResistancePC(
        name="Ysolt",
        stress={"body": 0, "faith": 0, "gold": 0, "soul": 0},
        skills=["fight", "scout"],
        domains=["host"],
        knacks=["fight-shieldwall"],
        weapons=[{"name": "arming sword", "stress": "d6", "tags": []}],
    )
    for key, value in changes.items():
        setattr(pc, key, value)
    return pc


# -- RT-1: difficulty below zero -----------------------------------------------------------------


def test_pool_one_difficulty_two_rolls_one_die_one_band_down():
    assert dice_after(1, 2) == (1, 1)
    bands = [roll_pool(1, 1, ScriptedRng([face])).band_name for face in (10, 9, 8, 7, 6, 5, 2, 1)]
    assert bands == [
        "success",
        "success at a cost",
        "success at a cost",
        "failure",
        "failure",
        "critical failure",
        "critical failure",
        "critical failure",
    ]
    assert band_odds(1, 1) == (F(1, 2), F(1, 5), F(1, 5), F(1, 10), F(0))


def test_pool_landing_on_zero_rolls_with_no_downgrade_unless_the_house_rule_says():
    assert dice_after(1, 1) == (1, 0)
    assert dice_after(1, 1, downgrade_at_zero=True) == (1, 1)
    assert dice_after(1, 3) == (1, 2)
    assert roll_pool(1, 2, ScriptedRng([10])).band_name == "success at a cost"
    assert dice_after(4, 2) == (2, 0)


def test_a_downgraded_ten_loses_its_critical_bonus():
    assert roll_pool(1, 0, ScriptedRng([10])).tens == 1
    assert roll_pool(1, 1, ScriptedRng([10])).tens == 0


# -- RT-2 and RT-3: pools and band odds ----------------------------------------------------------------


def test_pool_building_caps_mastery_at_one(rt):
    pc = hero()
    odds = rt.check_odds(pc, None, 0, skill="fight", domain="host", knack="fight-shieldwall", mastery=True)
    assert odds.detail["pool"] == 4 and odds.detail["mastery_from"] == ["mastery", "knack fight-shieldwall"]
    assert rt.odds_for(skill=True, domain=True, mastery=True, assist=2).detail["pool"] == 6


@pytest.mark.parametrize(
    "dice, expected",
    [
        (1, (F(1, 10), F(4, 10), F(2, 10), F(2, 10), F(1, 10))),
        (2, (F(1, 100), F(24, 100), F(24, 100), F(32, 100), F(19, 100))),
        (3, (F(1, 1000), F(124, 1000), F(218, 1000), F(386, 1000), F(271, 1000))),
        (4, (F(1, 10000), F(624, 10000), F(1776, 10000), F(4160, 10000), F(3439, 10000))),
    ],
)
def test_band_odds_by_pool_size(dice, expected):
    assert band_odds(dice, 0) == expected
    assert 1 - sum(expected[:2]) == {1: F(1, 2), 2: F(3, 4), 3: F(7, 8), 4: F(15, 16)}[dice]


def test_neutral_check_uses_the_approach_skill_and_neutral_difficulty(rt):
    pc = hero()
    # FIGHT: a pool of 2 at hard (difficulty 2) lands on 0: one die, no downgrade
    result = rt.check(pc, "force", "hard", ScriptedRng([7]))
    assert (
        result.detail["pool"] == 2 and result.detail["dice_rolled"] == 1 and result.detail["downgrades"] == 0
    )
    assert result.degree == "cost" and result.detail["band"] == "success at a cost"
    result = rt.check(pc, "presence", "hard", ScriptedRng([7]))  # no PREACH: pool 1 -> one band down
    assert result.detail["downgrades"] == 1 and result.detail["band"] == "failure"
    result = rt.check(pc, "wits", "easy", ScriptedRng([3, 10]))  # SCOUT
    assert result.degree == "strong" and result.detail["tens"] == 1


# -- stress and fallout ----------------------------------------


def test_fallout_trigger_chance_and_severity():
    for total in range(12):
        chance = sum(1 for roll in range(1, 11) if roll < total) / 10
        assert chance == {0: 0, 1: 0}.get(total, min(1, (total - 1) / 10))
    assert [severity(t) for t in (1, 2, 4, 5, 8, 9, 20)] == [
        None,
        "minor",
        "minor",
        "moderate",
        "moderate",
        "severe",
        "severe",
    ]


@pytest.mark.parametrize(
    "before, roll, level, after",
    [
        (2, 2, "minor", 0),  # total 3: minor, remove 3 -> 0
        (5, 3, "moderate", 1),  # total 6: moderate, remove 5 -> 1
        (9, 9, "severe", 3),  # total 10: severe, remove 7 -> 3
    ],
)
def test_fallout_thresholds_and_stress_removed(rt, before, roll, level, after):
    pc = hero(stress={"body": before, "faith": 0, "gold": 0, "soul": 0})
    events = rt.take_stress(pc, 1, "body", ScriptedRng([roll]))
    fallout = pc.fallout[-1]
    assert fallout["severity"] == level and fallout["resistance"] == "body"
    assert pc.stress["body"] == after
    assert events[-1].data["removed"] == before + 1 - after


def test_no_fallout_when_the_d10_is_not_lower(rt):
    pc = hero(stress={"body": 2, "faith": 0, "gold": 0, "soul": 0})
    rt.take_stress(pc, 1, "body", ScriptedRng([3]))
    assert pc.fallout == [] and pc.stress["body"] == 3


def test_slots_and_armour_soak_first_and_never_count(rt):
    pc = hero(slots={"body": 2}, armour_value=1)
    events = rt.take_stress(pc, 4, "BODY", ScriptedRng([2]))
    assert (pc.armour_stress, pc.slot_stress["body"], pc.stress["body"]) == (1, 2, 1)
    assert pc.fallout == [] and events[0].data == {
        "resistance": "body",
        "amount": 4,
        "armour": 1,
        "slots": 2,
        "track": 1,
    }
    rt.end_situation(pc)
    assert pc.armour_stress == 0 and pc.slot_stress["body"] == 2


def test_stress_all_soaked_by_armour_shows_no_fallout_check_against_zero(rt):
    pc = hero(armour_value=2)
    events = rt.take_stress(pc, 2, "body", ScriptedRng([7]))
    assert pc.stress["body"] == 0 and pc.armour_stress == 2
    assert [e.kind for e in events] == ["stress"]  # not "Fallout check: d10 7 against 0 stress"


def test_with_the_players_own_dice_no_d10_is_asked_for_a_fallout_check_against_zero(rt):
    from solo.dice.entered import EnteredDice

    pc = hero(armour_value=2)
    dice = EnteredDice([])  # no face at all: asking for one would raise DiceNeeded
    events = rt.take_stress(pc, 2, "body", dice)
    assert [e.kind for e in events] == ["stress"] and dice.asked == []


def test_piercing_passes_armour_unless_implacable(rt):
    pc = hero(armour_value=2)
    rt.take_stress(pc, 2, "body", ScriptedRng([10]), piercing=True)
    assert (pc.armour_stress, pc.stress["body"]) == (0, 2)
    pc = hero(armour_value=2, armour_tags=["implacable"])
    rt.take_stress(pc, 2, "body", ScriptedRng([10]), piercing=True)
    assert (pc.armour_stress, pc.stress["body"]) == (2, 0)


def test_fallout_comes_from_the_most_stressed_but_clears_the_triggering_resistance_first(rt):
    # RULES.md §4.8 item 4 [SR]: the stress comes off the resistance that set off the check first.
    pc = hero(stress={"body": 1, "faith": 0, "gold": 0, "soul": 4})
    rt.take_stress(pc, 1, "body", ScriptedRng([2]))  # total 6 -> moderate, from SOUL (4 > 2)
    assert pc.fallout[-1]["resistance"] == "soul" and pc.fallout[-1]["severity"] == "moderate"
    assert pc.stress == {"body": 0, "faith": 0, "gold": 0, "soul": 1}  # 2 off BODY, the other 3 off SOUL


def test_overflow_goes_to_the_most_stressed_of_the_others(rt):
    pc = hero(stress={"body": 0, "faith": 3, "gold": 1, "soul": 3})
    rt.take_stress(pc, 1, "body", ScriptedRng([1]))  # total 8 -> moderate: 5 to clear
    # BODY's 1 first, then FAITH and SOUL (tied at 3, in the setting's order): 3 off FAITH, 1 off SOUL.
    assert pc.stress == {"body": 0, "faith": 0, "gold": 1, "soul": 2}


def test_house_rule_clears_the_fallouts_own_resistance_first():
    tables = load_tables()
    tables.tables["resistance/house-rules"].rows[0].value["fallout_clears"] = "fallout"
    old_way = registry.get("resistance", tables)
    pc = hero(stress={"body": 1, "faith": 0, "gold": 0, "soul": 4})
    old_way.take_stress(pc, 1, "body", ScriptedRng([2]))
    assert pc.stress == {"body": 1, "faith": 0, "gold": 0, "soul": 0}  # 4 off SOUL, then 1 off BODY
    tables.tables["resistance/house-rules"].rows[0].value["fallout_clears"] = "strongest"
    with pytest.raises(RulesError, match="fallout_clears must be stressed or fallout, not 'strongest'"):
        registry.get("resistance", tables).take_stress(pc, 1, "body", ScriptedRng([2]))


def test_named_helpers_add_dice_and_share_the_stress_the_roller_takes(rt):
    # RULES.md §4.3 item 1 and §4.8 item 10 [SR]: each helper suffers the same stress result.
    ysolt = hero()
    bero = hero(name="Bero", skills=["fight"], domains=[])  # helps with a skill
    dunn = hero(name="Dunn", skills=["study"], domains=["host"])  # helps with the domain
    odds = rt.check_odds(ysolt, "force", 0, domain="host", assistants=[bero, dunn])
    assert (odds.detail["pool"], odds.detail["assist"]) == (5, 2)
    result = rt.check(ysolt, "force", 0, ScriptedRng([3, 4, 2, 5, 1, 4, 10, 10, 10]), domain="host",
                      assistants=[bero, dunn], stress="d6", resistance="body")
    assert result.detail["assistants"] == ["Bero", "Dunn"]
    assert [e.text for e in result.events] == [
        "Ysolt: FIGHT at difficulty 0, pool 5 [3, 4, 2, 5, 1] - failure",
        "Ysolt marks 4 BODY stress from the check (d6); BODY now 4, total 4.",
        "Fallout check: d10 10 against 4 stress - no fallout.",
        "Bero marks 4 BODY stress from helping Ysolt; BODY now 4, total 4.",
        "Fallout check: d10 10 against 4 stress - no fallout.",
        "Dunn marks 4 BODY stress from helping Ysolt; BODY now 4, total 4.",
        "Fallout check: d10 10 against 4 stress - no fallout.",
    ]
    assert [pc.stress["body"] for pc in (ysolt, bero, dunn)] == [4, 4, 4]


def test_a_helper_must_serve_the_roll_and_helpers_are_capped(rt):
    cal = hero(name="Cal", skills=["study"], domains=[])
    with pytest.raises(RulesError, match="Cal has no skill or domain serving this roll, so cannot help"):
        rt.check_odds(hero(), "force", 0, assistants=[cal])
    with pytest.raises(RulesError, match="helpers from 0 to 5, not 6"):
        rt.check_odds(hero(), "force", 0, assist=5, assistants=[hero(name="Bero")])
    ysolt = hero()
    with pytest.raises(RulesError, match="Ysolt cannot help twice, nor help themselves"):
        rt.check_odds(ysolt, "force", 0, assistants=[ysolt])


def test_less_lethal_variant_counts_only_the_stressed_resistance():
    tables = load_tables()
    tables.tables["resistance/house-rules"].rows[0].value["fallout_total"] = "affected"
    gentle = registry.get("resistance", tables)
    pc = hero(stress={"body": 0, "faith": 0, "gold": 0, "soul": 8})
    gentle.take_stress(pc, 1, "body", ScriptedRng([1]))  # total 9 overall, but BODY has only 1
    assert pc.fallout == []


def test_fallout_split_takes_two_of_the_tier_below():
    tables = load_tables()
    tables.tables["resistance/house-rules"].rows[0].value["fallout_split"] = True
    split = registry.get("resistance", tables)
    pc = hero(stress={"body": 5, "faith": 0, "gold": 0, "soul": 0})
    split.take_stress(pc, 1, "body", ScriptedRng([1]))
    assert [f["severity"] for f in pc.fallout] == ["minor", "minor"] and pc.stress["body"] == 1


def test_every_resistance_has_fallout_at_every_severity(rt):
    for rid in list(rt.setting.resistances) + ["bond"]:
        for level in ("minor", "moderate", "severe"):
            rows = rt.data.records(f"resistance/fantastical-crusades/fallout/{rid}/{level}")
            assert len(rows) >= 3 and all(r["name"].isupper() for r in rows)


def test_check_stakes_double_on_a_one_and_partial_on_a_cost(rt):
    pc = hero()
    result = rt.check(pc, "survival", 0, ScriptedRng([1, 1, 4, 10]), stress="d6", resistance="soul")
    assert result.detail["stress"]["amount"] == 8 and pc.stress["soul"] == 8
    pc = hero()
    result = rt.check(pc, "survival", 0, ScriptedRng([2, 6, 3, 10]), stress="d6", defensive=True)
    assert result.detail["stress"]["die"] == "d3" and pc.stress["body"] == 3
    assert step("d3", -1) == "1" and step("1", -1) == "0" and step("d8", 1) == "d10"


def test_harm_and_recover_speak_the_neutral_words(rt):
    pc = hero()
    rt.harm(pc, "mind", "moderate", ScriptedRng([4, 10]))  # d6 = 4 SOUL, fallout d10 10
    assert pc.stress["soul"] == 4
    rt.recover(pc, "mind", "minor", ScriptedRng([2]))
    assert pc.stress["soul"] == 2
    rt.harm(pc, "resources", "major", ScriptedRng([8, 10]))
    assert pc.stress["gold"] == 8
    with pytest.raises(RulesError, match="pass an rng"):
        rt.harm(pc, "body", "minor")
    goblin = rt.npc("goblin")
    events = rt.harm(goblin, "body", "minor", ScriptedRng([3]))
    assert goblin.at_mercy and events[-1].kind == "defeat"


def test_lay_low_and_refresh(rt):
    pc = hero(stress={"body": 3, "faith": 1, "gold": 0, "soul": 4}, slot_stress={"body": 1}, armour_stress=1)
    rt.refresh(pc, "moderate", ScriptedRng([5]))
    assert pc.stress == {"body": 2, "faith": 1, "gold": 0, "soul": 0}  # most stressed first
    rt.lay_low(pc)
    assert pc.total_stress() == 0 and pc.slot_stress == {} and pc.armour_stress == 0
    with pytest.raises(RulesError, match="d3, d6 or d8"):
        rt.refresh(pc, "d10", Rng(1))


# -- bonds ----------------------------------------


def test_bond_favours_stress_the_bond_not_the_character(rt):
    pc = rt.random_character(Rng(4), role="sutler")
    bond = pc.bonds[0]["name"]
    result = rt.call_favour(pc, bond, "d6", ScriptedRng([4, 9, 3]), expertise=True)
    assert result.detail["pool"] == 2 and result.degree == "success"  # highest 9: no stress
    result = rt.call_favour(pc, bond, "d6", ScriptedRng([6, 5]))
    assert result.degree == "cost" and pc.bonds[0]["stress"] == 5 and pc.total_stress() == 0
    events = rt.end_session(pc, ScriptedRng([2]))
    assert pc.fallout[-1]["severity"] == "moderate" and pc.bonds[0]["stress"] == 0
    assert "bond stress clears" in events[-1].text
    assert rt.end_session(pc, Rng(1)) == []  # nothing stressed since


def test_bond_levels_give_mastery_downward_and_forbid_upward(rt):
    pc = hero()
    rt.add_bond(pc, "The Lance", level="company")
    result = rt.call_favour(pc, "The Lance", "d3", ScriptedRng([2, 8]), against="person")
    assert result.detail["pool"] == 2
    with pytest.raises(RulesError, match="cannot act against a throne"):
        rt.call_favour(pc, "The Lance", "d3", Rng(1), against="throne")


# -- characters and NPCs ----------------------------------------


def test_toolbox_npcs_keep_their_numbers(rt):
    goblin, police, wolf, moon = (
        rt.npc(n) for n in ("goblin", "police-officer", "werewolf", "werewolf-full-moon")
    )
    assert (goblin.difficulty, goblin.resistance, goblin.when, goblin.weapons[0]["stress"]) == (
        0,
        3,
        {"hiding": 1, "fleeing": 1},
        "d3",
    )
    assert (police.resistance, police.armour_value, [w["tags"] for w in police.weapons]) == (
        6,
        1,
        [["stunning", "one-shot"], []],
    )
    assert (wolf.difficulty, wolf.resistance, wolf.weapons[0]["tags"]) == (0, 6, ["ranged"])
    assert (moon.difficulty, moon.resistance, moon.weapons[0]["tags"]) == (2, 14, ["brutal"])


def test_random_character_has_the_starting_kit(rt):
    pc = rt.random_character(Rng(9), role="knight")
    assert pc.skills == ["fight", "ride", "endure"] and pc.domains == ["nobility", "host"]
    assert pc.knacks == ["fight-mounted"] and len(pc.abilities) == 2 and len(pc.refresh) == 1
    # role slots (3, the house total) plus HIDE LIKE OLD LEATHER's +2 BODY
    assert pc.slots == {"body": 4, "faith": 1}
    assert pc.armour_value == 3  # mail 2 + SHIELD-WALL VETERAN
    assert rt.actor_from_dict(pc.to_dict()) == pc


def test_guided_creation(rt):
    creation = rt.creation()
    for reply in ["Ysolt", "inquisitor", "", "warded, desert-wise", "hakim", "Brother Tomas"]:
        creation.answer(reply)
    pc = creation.actor()
    assert pc.refresh == ["zealous"]  # the role's first, taken as the default
    assert pc.slots == {"soul": 4, "faith": 1} and [b["kind"] for b in pc.bonds] == ["npc", "pc"]
    creation = rt.creation(name="X")
    creation.answer("knight")
    creation.answer("glorious")
    with pytest.raises(RulesError, match="exactly two different abilities"):
        creation.answer("warded")


def test_bad_saved_characters_are_refused(rt):
    data = hero().to_dict()
    data["stress"] = {"body": -1}
    with pytest.raises(RulesError, match="stress.body must be a whole number"):
        rt.actor_from_dict(data)
    data = hero().to_dict()
    data["stress"] = {"luck": 2}
    with pytest.raises(RulesError, match="'luck' is not a resistance"):
        rt.actor_from_dict(data)
    data = hero().to_dict()
    data["weapons"] = [{"name": "bow", "stress": "d12", "tags": []}]
    with pytest.raises(RulesError, match="stress comes as 1, d3, d6 or d8"):
        rt.actor_from_dict(data)


# -- conflicts ----------------------------------------


def attack(conflict, pc, target, **options):
    return conflict.apply(Action(pc, "attack", target, options=options or {"weapon": 0}))


def test_critical_success_adds_a_stress_per_ten(rt):
    pc = hero(knacks=[], abilities=["voice-of-the-host"])
    pc.weapons = [{"name": "arming sword", "stress": "d6", "tags": ["surprising"]}]
    knight = rt.npc("renegade-knight")
    knight.difficulty = 0
    # FIGHT + Surprising mastery = 3 dice: [10, 10, 4]; d6 shows 3 -> 3 + 2 = 5, plate soaks 3
    conflict = Encounter(rt, {"party": [pc], "foes": [knight]}, ScriptedRng([10, 10, 4, 3]))
    events = attack(conflict, pc, knight)
    assert knight.armour_stress == 3 and knight.stress == 2
    assert "takes 5 stress" in [e for e in events if e.kind == "stress"][0].text


def test_brutal_rolls_extra_stress_dice_and_keeps_the_highest(rt):
    pc = hero()
    pc.weapons = [{"name": "great axe", "stress": "d8", "tags": ["brutal-3"]}]
    goblin = rt.npc("goblin")
    goblin.resistance = 20
    conflict = Encounter(rt, {"party": [pc], "foes": [goblin]}, ScriptedRng([9, 2, 2, 7, 1, 3]))
    attack(conflict, pc, goblin)
    assert goblin.stress == 7  # four d8s: 2, 7, 1, 3


def test_goblins_at_mercy_after_three_stress(rt):
    pc = hero()
    goblins = [rt.npc("goblin"), rt.npc("goblin")]
    conflict = Encounter(rt, {"party": [pc], "foes": goblins}, ScriptedRng([8, 2, 3, 9, 9, 6]))
    attack(conflict, pc, goblins[0])
    assert goblins[0].stress == 3 and conflict.status(goblins[0]) == "at mercy"
    assert conflict.round == 2
    attack(conflict, pc, goblins[1])
    assert conflict.is_over() and conflict.winner == "party"


def test_failure_brings_down_the_worst_weapon_in_reach(rt):
    pc = hero()
    foes = [rt.npc("goblin"), rt.npc("bandit")]
    conflict = Encounter(rt, {"party": [pc], "foes": foes}, ScriptedRng([3, 4, 5, 10]))
    events = attack(conflict, pc, foes[0])
    stress = [e for e in events if e.kind == "stress"][0]
    assert "Bandit's short sword (d6)" in stress.text and pc.stress["body"] == 5


def test_outranging_caps_incoming_stress_at_one(rt):
    pc = hero(skills=["shoot"])
    pc.weapons = [{"name": "longbow", "stress": "d6", "tags": ["ranged"]}]
    goblins = [rt.npc("goblin"), rt.npc("goblin")]
    conflict = Encounter(rt, {"party": [pc], "foes": goblins}, ScriptedRng([2, 3, 10]), distance="far")
    events = attack(conflict, pc, goblins[0])
    assert pc.stress["body"] == 1 and any("(1)" in e.text for e in events if e.kind == "stress")
    assert conflict.distance == "close"  # after a round the goblins have closed in


def test_outranged_character_must_win_a_roll_to_close(rt):
    pc = hero()
    raider = rt.npc("raider")
    # FIGHT: 2 dice [6, 4] -> a 6-7 closes the gap, but it was only to avoid harm: the raider's
    # d6 bow steps down to a d3 (shows 2); then the fallout d10 (10)
    conflict = Encounter(rt, {"party": [pc], "foes": [raider]}, ScriptedRng([6, 4, 2, 10]), distance="far")
    assert [a.kind for a in conflict.legal_actions(pc)] == ["close", "flee"]
    events = conflict.apply(Action(pc, "close"))
    assert conflict.distance == "close" and pc.stress["body"] == 2
    assert any("horse bow (d3)" in e.text for e in events)


def test_stunning_sets_difficulty_to_zero(rt):
    pc = hero(skills=["fight"])
    pc.weapons = [{"name": "reliquary", "stress": "d3", "tags": ["stunning"]}]
    hound = rt.npc("pit-hound")
    conflict = Encounter(rt, {"party": [pc], "foes": [hound]}, ScriptedRng([8, 9, 9]))
    attack(conflict, pc, hound, weapon=0, stun=True)
    assert hound.stress == 0 and conflict.difficulty_of(conflict.who(hound)) == 0


def test_the_engine_plays_the_character_reproducibly(rt):
    def run(seed):
        pc = rt.random_character(Rng(6), role="knight")
        conflict = Encounter(rt, {"party": [pc], "foes": [rt.npc("bandit"), rt.npc("goblin")]}, Rng(seed))
        return [e.to_dict() for e in conflict.play()], conflict.winner

    assert run(5) == run(5)


def test_conflicts_need_characters_facing_npcs(rt):
    with pytest.raises(RulesError, match="player characters on one side"):
        Encounter(rt, {"a": [rt.npc("goblin")], "b": [rt.npc("goblin")]}, Rng(1))
    pc = hero()
    conflict = Encounter(rt, {"party": [pc], "foes": [rt.npc("goblin")]}, Rng(1))
    with pytest.raises(RulesError, match="NPCs never act on their own"):
        conflict.npc_policy(conflict.sides["foes"][0])
    assert isinstance(conflict.sides["foes"][0], ResistanceNPC)


def test_reload_one_shot_and_unreliable_weapons(rt):
    pc = hero(skills=["shoot"])
    pc.weapons = [
        {"name": "crossbow", "stress": "d6", "tags": ["ranged", "reload"]},
        {"name": "wildfire", "stress": "d6", "tags": ["ranged", "one-shot", "unreliable"]},
    ]
    foe = rt.npc("sergeant")
    foe.difficulty = 0
    # crossbow [9, 2] hits for d6 = 4; the pot [5, 1] fails (1 stress from the spear out of reach, fallout
    # d10 10); the reload rolls [8, 8]
    rng = ScriptedRng([9, 2, 4, 5, 1, 10, 8, 8])
    conflict = Encounter(rt, {"party": [pc], "foes": [foe]}, rng, distance="far", closing_rounds=9)
    attack(conflict, pc, foe, weapon=0)
    assert foe.armour_stress == 2 and foe.stress == 2
    kinds = [a.label for a in conflict.legal_actions(pc)]
    assert "reload crossbow" in kinds and not any("crossbow (" in k for k in kinds)
    attack(conflict, pc, foe, weapon=1)  # a failure with the unreliable pot: it is done for
    assert pc.stress["body"] == 1  # outranged spear: 1 stress
    assert all("wildfire" not in a.label for a in conflict.legal_actions(pc))
    conflict.apply(Action(pc, "reload", options={"weapon": 0}))
    assert any("crossbow (d6)" in a.label for a in conflict.legal_actions(pc))


def test_fleeing_leaves_the_fight(rt):
    pc = hero()
    conflict = Encounter(rt, {"party": [pc], "foes": [rt.npc("ghoul")]}, ScriptedRng([6, 3, 1, 10]))
    events = conflict.apply(Action(pc, "flee"))
    # a 6-7 after the ghoul's difficulty 1 (two dice less one = one die: 6 -> cost): partial d3 stress
    assert conflict.status(pc) == "fled" and conflict.winner == "foes"
    assert any("(d3)" in e.text for e in events if e.kind == "stress")


def test_group_action_followers_roll_with_mastery_after_the_leader_succeeds(rt):
    sneak = hero(skills=["sneak"])
    sneak.name = "Lead"
    others = [hero(skills=[]), hero(skills=[])]
    result = rt.group_check([others[0], sneak, others[1]], "stealth", 0, ScriptedRng([8, 2, 2, 9, 6, 1]))
    assert result.detail["leader"] == "Lead" and result.success
    pools = [e.data["pool"] for e in result.events if e.kind == "check"]
    assert pools == [2, 2, 2]  # the leader's SNEAK; the others' mastery
    assert result.detail["followers"] == [
        {"name": "Ysolt", "degree": "success"},
        {"name": "Ysolt", "degree": "cost"},
    ]
    failed = rt.group_check([sneak, others[0]], "stealth", 0, ScriptedRng([3, 4]))
    assert not failed.success and failed.detail["followers"] == []


@pytest.mark.parametrize(("change", "message"), [
    ({"skills": ["fight", "flying"]}, "skills[1] 'flying' is not one of the skills of fantastical-crusades"),
    ({"domains": ["host", "sea"]}, "domains[1] 'sea' is not one of the domains of fantastical-crusades"),
    ({"knacks": ["juggling"]}, "knacks[0] 'juggling' is not one of the knacks of fantastical-crusades"),
    ({"refresh": ["nap"]}, "refresh[0] 'nap' is not one of the refresh conditions of fantastical-crusades"),
    ({"abilities": ["flight"]}, "abilities[0] 'flight' is not one of the abilities of fantastical-crusades"),
    ({"stress": {"luck": 2}}, "stress.luck - 'luck' is not a resistance of fantastical-crusades"),
    ({"weapons": [{"name": "stick", "tags": []}]},
     "weapons[0]: weapon 'stick' needs its stress die (1, d3, d6 or d8)"),
    ({"weapons": [{"name": "axe", "stress": "d6"}, {"name": "bow", "stress": "d12"}]},
     "weapons[1]: weapon 'bow': stress comes as 1, d3, d6 or d8"),
])
def test_a_sheet_is_checked_against_its_setting_pack(rt, change, message):
    sheet = hero().to_dict() | change
    with pytest.raises(RulesError, match=f"Resistance character 'Ysolt'(, |: ){re.escape(message)}"):
        rt.load_actor(sheet)


def test_a_bad_sheet_in_a_file_is_one_clear_line(cli, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(hero().to_dict() | {"skills": ["flying"]}))
    result = cli("check", "resistance", "--pc", path, "--approach", "force")
    assert result.code == 1 and result.err.startswith(
        f"solo: error: {path}: Resistance character 'Ysolt': skills[0] 'flying' is not one of the skills")


def test_no_stress_is_nothing_to_mark_or_roll_for(rt):
    pc = hero()
    assert rt.take_stress(pc, 0, "body", ScriptedRng([])) == []  # no die is drawn either
    assert pc.stress["body"] == 0


def test_a_cost_with_no_foe_left_standing_marks_nothing(cli):
    # Round 3: the last goblin falls to a success at a cost; nobody is left to exact the cost.
    out = cli("encounter", "resistance", "--pc", "random", "--foe", "goblin", "--foe", "goblin", "--auto",
              "--seed", "1").out.splitlines()
    assert "marks 0" not in "\n".join(out)
    end = out.index("The fight is over: Dunya prevails.")
    assert out[end - 3:end] == [
        "Dunya rolls to attack Goblin 2 with flanged mace: pool 2 at difficulty 0 [7, 7]"
        " - success at a cost.",
        "Goblin 2 takes 5 stress from Dunya's flanged mace (d6): 6/3.",
        "Goblin 2 is at the characters' mercy.",
    ]
