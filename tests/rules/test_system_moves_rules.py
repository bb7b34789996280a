"""Each system's moves between fights follow the text's numbers (scripted dice where they roll)."""

from __future__ import annotations

import pytest

from solo.dice import Rng, ScriptedRng
from solo.rules import registry
from solo.rules.engine import RulesError
from solo.rules.moves import find_move
from solo.rules.options import OptionError

NP = registry.get("nine-powers")
RT = registry.get("resistance")


def run(system, actor, name, rng=None, **options):
    move = find_move(system.moves(), name)
    return [e.text for e in move.run(system, actor, move.parse(options), rng or ScriptedRng([]))]


def mira(**changes):
    actor = NP.random_character(Rng(1), name="Mira")
    for key, value in changes.items():
        setattr(actor, key, value)
    return actor


def ash(**stress):
    actor = RT.random_character(Rng(2), name="Ash")
    actor.stress.update(stress)
    return actor


def test_every_system_declares_its_moves_with_known_ids():
    assert [m.id for m in NP.moves()] == ["rest", "heal", "award", "advance", "buy", "treasure"]
    assert [m.id for m in RT.moves()] == ["lay-low", "recover", "refresh", "favour", "return-favour", "buy",
                                          "end-session"]
    assert registry.system_class("nine-powers").moves() == NP.moves()


# -- Nine Powers ------------------------------------------------------------------------------------

def test_rest_in_safety_restores_stamina_composure_heroism_but_not_wealth():
    a = mira(stamina=0, composure=1, heroism=2, fortitude=0, wealth=1)
    [text] = run(NP, a, "rest")
    assert (a.stamina, a.composure, a.heroism, a.fortitude) == (a.stamina_max, a.composure_max,
                                                                a.heroism_max, 4)
    assert a.wealth == 1  # only treasure restores wealth
    assert text == (f"Mira rests in safety: stamina 0 → {a.stamina_max}, composure 1 → {a.composure_max},"
                    f" heroism 2 → {a.heroism_max}, fortitude 0 → 4.")


def test_a_wound_heals_on_its_own():
    a = mira(wounds=[{"location": "knee", "scope": "acrobatics-climb"}, {"location": "left arm"}])
    assert run(NP, a, "heal", wound=2) == ["Mira's left arm has healed."]
    assert [w["location"] for w in a.wounds] == ["knee"]
    with pytest.raises(RulesError, match="Mira has 1 wound\\(s\\); there is no wound 3"):
        run(NP, a, "heal", wound=3)


def test_advancement_costs_the_new_rating_in_tokens():
    a = mira(advancement_tokens=0)
    for _ in range(3):
        run(NP, a, "award", accomplishment="fight")
    assert a.advancement_tokens == 3
    assert run(NP, a, "advance", skill="melee-protect") == [
        "Mira raises Melee/Protect to 3 (0 tokens left)."]  # 2 -> 3 costs 3
    with pytest.raises(RulesError, match="raising to 1 costs 1 tokens; Mira has 0"):
        run(NP, a, "advance", skill="melee-protect", talent="yes")


def test_buying_is_a_wealth_check_by_impact_and_costs_one_wealth():
    a = mira()
    assert a.wealth == 2
    # impact 2 = wealth: medium; [d4:3 d6:2] succeeds (a 2 is medium); wealth 2 -> 1
    texts = run(NP, a, "buy", ScriptedRng([3, 2]), impact=2, item="a lantern")
    assert texts[0] == "Mira shops for something of impact 2 (a lantern)."
    assert texts[-1] == "Mira can afford it; wealth drops to 1." and a.wealth == 1
    # impact 2 against wealth 1 is tough: [d4:2] fails, nothing is spent
    assert run(NP, a, "buy", ScriptedRng([2]), impact=2)[-1] == "Not today: Mira cannot get it (impact 2)."
    assert a.wealth == 1
    assert run(NP, a, "buy", impact=0)[-1] == "Mira buys something of impact 0 without a second thought."


def test_treasure_of_impact_wealth_plus_one_raises_wealth():
    a = mira(wealth=1)
    with pytest.raises(RulesError, match="takes treasure of impact exactly 2, not 3"):
        run(NP, a, "treasure", impact=3)
    assert run(NP, a, "treasure", impact=2) == ["Mira turns treasure of impact 2 into wealth 2."]


def test_missing_and_wrong_options_are_named():
    with pytest.raises(OptionError, match="move buy needs --impact"):
        run(NP, mira(), "buy")
    with pytest.raises(OptionError, match="move buy: option --impact is at most 8, not 9"):
        run(NP, mira(), "buy", impact=9)
    with pytest.raises(OptionError, match="has no move called 'fly'; its moves: rest, heal"):
        find_move(NP.moves(), "fly", "Nine Powers")


# -- the Resistance Toolbox ----------------------------------------------------------------------------

def test_lay_low_clears_all_stress():
    a = ash(body=3, soul=2)
    a.armour_stress = 1
    assert run(RT, a, "lay-low") == ["Ash lies low and clears all 6 stress; the world moves on without them."]
    assert a.total_stress() == 0 and a.armour_stress == 0


@pytest.mark.parametrize(("effort", "sides"), [("minor", 3), ("moderate", 6), ("major", 8)])
def test_acting_to_recover_removes_d3_d6_d8(effort, sides):
    a = ash(body=9)
    run(RT, a, "recover", ScriptedRng([sides]), resistance="BODY", effort=effort)  # the die's top face
    assert a.stress["body"] == 9 - sides


def test_refresh_takes_stress_off_the_most_stressed_first():
    a = ash(body=1, gold=4)
    assert run(RT, a, "refresh", ScriptedRng([5]), effort="moderate") == [
        "Ash refreshes: d6 = 5, 5 stress removed (total now 0)."]


def test_a_favour_marks_its_price_on_the_bonds_own_track():
    a = ash()
    bond = a.bonds[0]["name"]
    # 1d10 + expertise + home = three dice [3 4 5]: a failure; the d6 price rolls 4
    texts = run(RT, a, "favour", ScriptedRng([3, 4, 5, 4]), bond=bond, favour="d6", expertise=True,
                home=True)
    assert texts[0].endswith("pool 3 [3, 4, 5] - failure")
    assert a.bonds[0]["stress"] == 4 and a.total_stress() == 0  # bonds never count toward fallout
    run(RT, a, "return-favour", ScriptedRng([2]), bond=bond, effort="minor")
    assert a.bonds[0]["stress"] == 2
    # at the session's end the stressed bond rolls for fallout: d10 9 against 2 - none
    assert run(RT, a, "end-session", ScriptedRng([9])) == [f"Bond {bond}: d10 9 against 2 - no fallout."]


def test_a_purchase_failure_marks_its_price_on_gold():
    a = ash()
    a.slots = {}
    # a helpful domain (ROAD) adds a die: [4 2] is a failure; the d6 price rolls 3; fallout d10 9: none
    texts = run(RT, a, "buy", ScriptedRng([4, 2, 3, 9]), price="moderate", domain="road", item="a mule")
    assert texts[0] == "Ash buys something moderate (a mule)."
    assert "pool 2 [4, 2] - failure" in texts[1]
    assert a.stress["gold"] == 3


def test_a_bond_whose_stress_was_cleared_rolls_no_fallout_check():
    a = ash()
    bond = a.bonds[0]["name"]
    # a failure on one die [3]; the d3 price rolls 2, then a good turn (d6 5) clears both points
    run(RT, a, "favour", ScriptedRng([3, 2]), bond=bond, favour="d3")
    assert a.bonds[0]["stress"] == 2
    run(RT, a, "return-favour", ScriptedRng([5]), bond=bond, effort="moderate")
    assert a.bonds[0]["stress"] == 0
    # no d10 against 0 stress: the script holds no die, so a draw would fail here
    assert run(RT, a, "end-session", ScriptedRng([])) == [
        f"Bond {bond}: no stress left, so no fallout check."]
    assert run(RT, a, "end-session", ScriptedRng([])) == ["No bond of Ash's took stress this session."]
