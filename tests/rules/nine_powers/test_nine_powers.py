"""Nine Powers: checks, pools, characters, wealth and wounds, against the rule text's own numbers."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from solo.dice import Rng, ScriptedRng
from solo.rules import registry
from solo.rules.engine import RulesError
from solo.rules.nine_powers import NinePowersActor, build
from solo.rules.nine_powers.character import actor_from_dict, check_new_pc, group_threes, group_total
from solo.rules.nine_powers.economy import wealth_difficulty
from solo.rules.nine_powers.pools import build_pool, degree_odds
from solo.rules.nine_powers.skills import SKILL_IDS, skill_id
from solo.rules.nine_powers.tracks import actor_pool


@pytest.fixture(scope="module")
def np():
    return registry.get("nine-powers")


def pc(**skills: int) -> NinePowersActor:
    ratings = {s: 1 for s in SKILL_IDS}
    ratings.update({skill_id(k.replace("_", "-")): v for k, v in skills.items()})
    return NinePowersActor(
        name="Vroy",
        skills=ratings,
        stamina=3,
        stamina_max=3,
        composure=3,
        composure_max=3,
        wealth=3,
        wealth_max=5,
        heroism=4,
        heroism_max=4,
    )


# -- NP-1: the design note's success chances, exactly -------------------------------------------


@pytest.mark.parametrize(
    "rating, easy, medium, tough",
    [
        (1, F(3, 4), F(1, 2), F(1, 4)),
        (2, F(7, 8), F(2, 3), F(3, 8)),
        (3, F(59, 64), F(3, 4), F(29, 64)),
        (4, F(121, 128), F(4, 5), F(65, 128)),
        (5, F(491, 512), F(5, 6), F(281, 512)),
        (6, F(9883, 10240), F(17, 20), F(5851, 10240)),
    ],
)
def test_success_chances_are_exact(np, rating, easy, medium, tough):
    got = [np.odds_for(rating=rating, difficulty=d).success for d in ("easy", "medium", "tough")]
    assert got == [easy, medium, tough]


def test_design_note_table_rounds_to_the_printed_percentages(np):
    printed = {1: (75, 50, 25), 2: (88, 67, 38), 3: (92, 75, 45), 4: (95, 80, 51)}
    for rating, row in printed.items():
        got = tuple(
            round(float(np.odds_for(rating=rating, difficulty=d).success) * 100 + 1e-9)
            for d in ("easy", "medium", "tough")
        )
        assert got == row


def test_expected_damage_claim_medium_best_until_six_dice():
    # NP-2: medium has the highest expected damage up to 5 dice; at 6 dice tough edges ahead.
    for n in range(1, 7):
        pool = build_pool(n)
        ev = {d: degree_odds(pool, d)["fail"] for d in ("easy", "medium", "tough")}
        value = {d: (1 - ev[d]) * dmg for d, dmg in (("easy", 1), ("medium", 2), ("tough", 3))}
        best = max(value, key=value.get)
        assert best == ("tough" if n == 6 else "medium")
    assert round(float((1 - degree_odds(build_pool(6), "tough")["fail"]) * 3), 3) == 1.714


# -- NP-3: pools ------------------------------------------------------------------------------------


def test_pool_bonuses_penalties_clamps_and_bans():
    assert build_pool(4, 1) == (4, 6, 8, 10, 12)
    assert build_pool(4, 2) == (4, 6, 8, 10, 12, 20)
    assert build_pool(1, -2) == (4,)  # never fewer than one die
    assert build_pool(4, 5) == (4, 6, 8, 10, 12, 20)  # never more than six
    assert build_pool(3, banned=(4,)) == (6, 8, 10)  # Wonder takes the d4
    # Identify/Lore's d20: a later small bonus may add nothing new
    assert build_pool(4, 1, extra=(12, 20)) == (4, 6, 8, 10, 12, 20)
    assert build_pool(2, extra=(20,)) == (4, 6, 20)


# -- NP-4 .. NP-6: checks from the examples ---------------------------------------------------------


def test_vroy_appraises_the_sword_easy_success(np):
    vroy = pc(identify_lore=2)
    result = np.check(vroy, "lore", "easy", ScriptedRng([4, 3]))
    assert result.detail["pool"] == ["d4", "d6"]
    assert result.detail["lowest"] == 3
    assert result.degree == "success"


def test_vroy_dodges_the_dart_trap_with_a_one(np):
    vroy = pc(acrobatics_climb=3)
    result = np.check(vroy, None, "tough", ScriptedRng([3, 1, 7]), skill="Acrobatics")
    assert result.detail["pool"] == ["d4", "d6", "d8"] and result.degree == "success"


def test_siron_lore_degree_of_success_is_medium(np):
    siron = pc(identify_lore=3)
    result = np.check(siron, "lore", "easy", ScriptedRng([3, 2, 5]))
    assert result.detail["beaten"] == "medium"
    assert result.degree == "strong"  # a medium degree on an easy check
    assert np.check(siron, "lore", "tough", ScriptedRng([3, 2, 5])).degree == "fail"


def test_neutral_hard_is_tough_and_approach_picks_best_skill(np):
    a = pc(melee_protect=2, wrestle_disarm=4)
    result = np.check(a, "force", "hard", ScriptedRng([2, 2, 2, 1]))
    assert result.skill == "wrestle-disarm" and result.difficulty == "tough"
    assert result.degree == "success"


def test_trading_a_one_for_momentum_judges_the_rest(np):
    # The clue example: the removed die (a 1) no longer counts; the rest decide.
    a = pc(alchemy=3)
    result = np.check(a, None, "medium", ScriptedRng([3, 1, 2]), skill="alchemy", trade="momentum")
    assert a.set_up_well and result.detail["traded"] == "being set up well"
    assert result.degree == "success"  # the 2 left still beats medium
    result = np.check(a, None, "medium", ScriptedRng([1, 4, 5]), skill="alchemy", trade="momentum")
    assert a.leverage and result.degree == "fail"
    a.leverage = False
    result = np.check(
        a, None, "medium", ScriptedRng([1, 4, 5]), skill="alchemy", trade="clue", keep_success=True
    )
    assert result.degree == "strong" and a.clues == 0  # kept the 1: no trade


def test_trade_odds_are_exact(np):
    a = pc(alchemy=2)
    odds = np.check_odds(a, None, "medium", skill="alchemy", trade="momentum")
    # d4 d6: one die showing 1 is traded away; what is left must show 2 or less.
    no_one = F(3, 4) * F(5, 6)
    no_one_no_two = F(2, 4) * F(4, 6)
    a_two_without_ones = no_one - no_one_no_two
    one_then_a_two = F(1, 4) * F(1, 6) + F(1, 6) * F(1, 4)  # the other die shows 2
    both_ones = F(1, 4) * F(1, 6)  # the second 1 still counts, as a strong success
    assert odds.success == a_two_without_ones + one_then_a_two + both_ones == F(5, 12)
    assert odds.degrees["strong"] == both_ones


def test_spending_set_up_well_gives_a_big_bonus_and_clears_it(np):
    a = pc(melee_protect=2)
    a.set_up_well = True
    result = np.check(a, "force", "medium", ScriptedRng([4, 6, 8, 2]), spend="setup")
    assert result.detail["pool"] == ["d4", "d6", "d8", "d10"] and not a.set_up_well
    with pytest.raises(RulesError, match="not set up well"):
        np.check(a, "force", "medium", ScriptedRng([1]), spend="setup")


def test_caul_rolls_his_potion_talent(np):
    caul = np.npc("caul")
    assert caul.skills["bargain-wonder"] == 3 and caul.skills["melee-protect"] == 1
    result = np.check(caul, None, "medium", ScriptedRng([3, 2]), skill="alchemy", use_talent=True)
    assert result.detail["pool"] == ["d4", "d6"] and result.degree == "success"


# -- characters --------------------------------------------------------------------------------------


NIMSY = [
    "Alchemy",
    "Etiquette",
    "Alchemy",
    "Climb",
    "Intuition",
    "Stealth/Track",
    "Melee",
    "Stealth/Track",
    "Bargain/Wonder",
    "Wilderness",
    "Stealth/Track",
    "Perception",
    "Alchemy",
    "Machinery",
    "Bargain/Wonder",
]


def test_nimsy_from_fifteen_answers(np):
    nimsy = build.new_pc("Nimsy", NIMSY, build.Gear(np.data), np.formula, body="none", weapon="dagger")
    expected = {
        "alchemy": 4,
        "stealth-track": 4,
        "bargain-wonder": 3,
        "disguise-etiquette": 2,
        "acrobatics-climb": 2,
        "intuition-hearthwork": 2,
        "melee-protect": 2,
        "animals-wilderness": 2,
        "perception-escape": 2,
        "machinery": 2,
        "shoot-throw": 1,
        "gamble-provoke": 1,
        "wrestle-disarm": 1,
        "identify-lore": 1,
        "musing": 1,
    }
    assert nimsy.skills == expected
    assert sum(nimsy.skills.values()) == 30 and nimsy.talents == {}
    # group-threes: Brawn has none at 3+, Brains one (Stealth 4, Bargain 3 -> two), Build one (Alchemy 4)
    assert (nimsy.stamina_max, nimsy.composure_max, nimsy.wealth_max) == (1, 3, 2)
    assert (nimsy.fortitude, nimsy.resilience, nimsy.craftiness) == (4, 4, 4)
    assert (nimsy.armor, nimsy.heroism) == (0, 6)


def test_the_skill_based_concept_adds_up_to_31_and_is_refused():
    skills = {s: 1 for s in SKILL_IDS}
    skills.update(
        {
            "shoot-throw": 4,
            "acrobatics-climb": 4,
            "melee-protect": 4,
            "wrestle-disarm": 4,
            "perception-escape": 3,
            "animals-wilderness": 2,
            "stealth-track": 2,
        }
    )
    with pytest.raises(RulesError, match="total 30; these total 31"):
        check_new_pc(skills)


def test_a_sixteenth_raise_past_four_is_refused(np):
    with pytest.raises(RulesError, match="already 4"):
        build.new_pc("X", ["alchemy"] * 4 + ["musing"] * 11, build.Gear(np.data), np.formula)


def test_guided_creation_state_machine(np):
    creation = np.creation()
    answers = iter(
        ["Nimsy", "a sloppy alchemist"]
        + [x for skill in NIMSY for x in (f"answer about {skill}", skill)]
        + ["leather", "arms", "sword-and-shield"]
    )
    seen = []
    while (q := creation.question) is not None:
        seen.append(q.key)
        creation.answer(next(answers))
    nimsy = creation.actor()
    assert seen[:4] == ["name", "concept", "background-1", "skill-1"] and len(seen) == 35
    assert nimsy.skills["alchemy"] == 4 and sum(nimsy.skills.values()) == 30
    assert nimsy.background[0]["answer"] == "answer about Alchemy"
    # leather (armor 2, heroism 4) + arm pieces (+1, -1)
    assert (nimsy.armor, nimsy.heroism_max) == (
        3,
        3,
    ) and nimsy.armor_worn == "boiled and waxed leather with rerebraces and vambraces"
    assert nimsy.shield and not nimsy.two_handed
    assert nimsy.skill_penalties == {"shoot-throw": 1}


def test_guided_creation_explains_bad_answers(np):
    creation = np.creation(name="Ann")
    creation.answer("")  # concept may be blank
    creation.answer("my answer")
    with pytest.raises(RulesError, match="no Nine Powers skill called 'Cooking'"):
        creation.answer("Cooking")
    assert creation.question.key == "skill-1"  # asked again
    creation.answer("Musing")
    for _ in range(2):
        creation.answer("x")
        creation.answer("Musing")
    creation.answer("x")
    with pytest.raises(RulesError, match="Musing is already 4"):
        creation.answer("Musing")


def test_track_formulas_are_swappable():
    skills = {s: 1 for s in SKILL_IDS}
    skills.update({"melee-protect": 4, "wrestle-disarm": 3, "shoot-throw": 3})
    assert group_threes(skills, "brawn") == 4
    assert group_total(skills, "brawn") == (4 + 3 + 3 + 1 + 1 - 5) // 2 + 1 == 4
    assert group_threes(skills, "brains") == 1


def test_random_character_is_legal_and_reproducible(np):
    a = np.random_character(Rng(11), role="scout")
    b = np.random_character(Rng(11), role="scout")
    assert a == b
    assert sum(a.skills.values()) == 30 and max(a.skills.values()) <= 4 and a.talents == {}
    assert a.stamina == a.stamina_max >= 1 and a.heroism == a.heroism_max
    with pytest.raises(RulesError, match="no Nine Powers concept called 'pirate'"):
        np.random_character(Rng(1), role="pirate")


def test_actor_round_trips_exactly(np):
    a = np.random_character(Rng(5))
    a.wounds.append(
        {"location": "knee", "description": "stiff", "scope": "acrobatics-climb", "penalty": "small"}
    )
    a.set_up_well, a.clues, a.coins, a.inventory = True, 2, 45, ["rope"]
    data = a.to_dict()
    assert data["system"] == "nine-powers"
    assert actor_from_dict(data) == a
    assert np.load_actor(data).to_dict() == data


@pytest.mark.parametrize(
    "change, message",
    [
        ({"skills": {"melee": 7}}, "skills.melee-protect must be 1-4"),
        ({"stamina": 9}, "stamina 9 is above its maximum"),
        ({"talents": {"alchemy": 3}}, "talent \\(3\\) is above its skill"),
        ({"bogus": 1}, "unknown field\\(s\\) bogus"),
        ({"fortitude": -1}, "fortitude must be a whole number"),
        ({"name": ""}, "needs a name"),
    ],
)
def test_bad_saved_characters_are_refused_with_a_clear_message(np, change, message):
    data = pc(alchemy=2).to_dict()
    data.update(change)
    with pytest.raises(RulesError, match=message):
        np.actor_from_dict(data)


def test_load_actor_refuses_another_systems_character(np):
    data = np.random_character(Rng(2)).to_dict()
    data["system"] = "resistance"
    with pytest.raises(RulesError, match="belongs to 'resistance'"):
        np.load_actor(data)


# -- harm and recovery ----------------------------------------------------------------------------


def test_harm_spends_the_buffer_before_stamina_and_defeats_at_zero(np):
    a = pc()
    events = np.harm(a, "body", "major")
    assert (a.fortitude, a.stamina) == (1, 3) and events[0].data == {"kind": "body", "buffer": 3, "real": 0}
    np.harm(a, "body", "moderate")
    assert (a.fortitude, a.stamina) == (0, 2)
    events = np.harm(a, "body", "major")
    assert (a.fortitude, a.stamina) == (0, 0) and events[-1].kind == "defeat"
    np.harm(a, "body", "major")
    assert (a.fortitude, a.stamina) == (0, 0)


def test_harm_kinds_reach_their_own_tracks(np):
    a = pc()
    np.harm(a, "mind", "minor")
    np.harm(a, "resources", "moderate")
    assert (a.resilience, a.craftiness, a.fortitude) == (3, 2, 4)


def test_defeat_by_harm_rolls_a_wound_when_an_rng_is_given(np):
    a = pc()
    a.fortitude, a.stamina = 0, 1
    events = np.harm(a, "body", "minor", Rng(3))
    assert [e.kind for e in events] == ["harm", "defeat", "wound"]
    assert len(a.wounds) == 1 and a.wounds[0]["attack"] == "melee"


def test_recover_fills_the_buffer_first(np):
    a = pc()
    a.fortitude, a.stamina = 1, 1
    np.recover(a, "body", "major")
    assert (a.fortitude, a.stamina) == (4, 1)
    np.recover(a, "body", "moderate")
    assert (a.fortitude, a.stamina) == (4, 3)
    np.rest(a)
    assert a.stamina == a.stamina_max


# -- wounds --------------------------------------------------------------------------------------------


def test_vroys_wound_a_five_on_a_melee_attack_is_the_left_arm(np):
    vroy = pc(melee_protect=4)
    wound = np.wound(vroy, "melee", ScriptedRng([5]))
    assert wound["location"] == "left arm" and wound["scope"] == "brawn"
    assert wound["description"] in [r["text"] for r in np.data.records("nine-powers/wounds/hurt")]
    # a small penalty to every Brawn skill until it heals
    assert actor_pool(vroy, "melee-protect") == (4, 6, 8)
    assert actor_pool(vroy, "identify-lore") == (4,)
    np.heal_wound(vroy, 0)
    assert actor_pool(vroy, "melee-protect") == (4, 6, 8, 10)


# -- wealth and treasure -----------------------------------------------------------------------------


def test_wealth_check_difficulty_follows_impact():
    assert wealth_difficulty(3, 0) is None
    assert [wealth_difficulty(3, i) for i in (1, 2, 3, 4)] == ["easy", "easy", "medium", "tough"]
    with pytest.raises(RulesError, match="out of reach"):
        wealth_difficulty(3, 5)


def test_buying_and_restoring_wealth(np):
    a = pc()  # wealth 3 of 5
    result = np.wealth_check(a, 3, ScriptedRng([2, 6, 8]))
    assert result.difficulty == "medium" and result.success and a.wealth == 2
    with pytest.raises(RulesError, match="impact exactly 3"):
        np.restore_wealth(a, 4)
    np.restore_wealth(a, 3)
    assert a.wealth == 3
    failed = np.wealth_check(a, 4, ScriptedRng([2, 2, 2]))
    assert not failed.success and a.wealth == 3


def test_impact_table_uses_the_corrected_gold_column(np):
    rows = {r["impact"]: (r["silver"], r["gold"]) for r in np.data.records("nine-powers/impact")}
    assert rows == {
        0: (2, "1/20"),
        1: (10, "1/4"),
        2: (20, "1/2"),
        3: (80, "2"),
        4: (160, "4"),
        5: (400, "10"),
        6: (1200, "30"),
        7: (3200, "80"),
        8: (8000, "200"),
    }
    for silver, gold in rows.values():
        assert F(gold) * 40 == silver  # 1 gold = 40 silver everywhere


def test_a_patron_pays_by_the_best_skill(np):
    a = pc(melee_protect=4)
    reward = np.treasure_for(a, Rng(1))
    assert reward["impact"] == 4 and reward["silver"] == 160
    assert reward["item"] in [r["text"] for r in np.data.records("nine-powers/treasure/impact-4")]


def test_advancement_costs_the_new_rating(np):
    a = pc(melee_protect=2)
    a.advancement_tokens = 4
    np.advance(a, "melee")
    assert a.skills["melee-protect"] == 3 and a.advancement_tokens == 1
    np.advance(a, "melee", talent=True)
    assert a.talents["melee-protect"] == 1 and a.advancement_tokens == 0
    with pytest.raises(RulesError, match="costs 2 tokens"):
        np.advance(a, "melee", talent=True)
    a.advancement_tokens = 9
    a.talents["musing"] = 1
    with pytest.raises(RulesError, match="cannot pass its skill"):
        np.advance(a, "musing", talent=True)


def test_armour_table_and_npc_chart_numbers(np):
    armour = {r["id"]: (r["armor"], r["heroism"]) for r in np.data.records("nine-powers/armour")}
    assert armour["none"] == (0, 6) and armour["haubergeon"] == (2, 4) and armour["brigandine"] == (3, 3)
    veteran = np.npc("veteran")
    assert sorted(veteran.skills.values(), reverse=True)[:6] == [4, 4, 4, 4, 3, 3]
    assert veteran.talents == {
        "shoot-throw": 2,
        "acrobatics-climb": 2,
        "melee-protect": 3,
        "wrestle-disarm": 2,
    }
    with pytest.raises(RulesError, match="no Nine Powers NPC called 'dragon'"):
        np.npc("dragon")
