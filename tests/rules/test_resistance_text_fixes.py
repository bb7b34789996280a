"""Resistance Toolbox conflict rules solo used to miss, replayed with scripted dice.

The Defensive weapon tag gives one more armour slot while the weapon is in
use (RULES.md 4.6.7), and a relevant domain adds a die to a roll (4.3),
in a fight as anywhere else.
"""

from __future__ import annotations

import pytest

from solo.dice import ScriptedRng
from solo.rules import Action, Encounter, registry
from solo.rules.engine import RulesError
from solo.rules.resistance import ResistancePC


@pytest.fixture(scope="module")
def rt():
    return registry.get("resistance")


def hero(weapons, **changes) -> ResistancePC:
    pc = ResistancePC(
        name="Ysolt",
        stress={"body": 0, "faith": 0, "gold": 0, "soul": 0},
        skills=["fight"],
        domains=["host"],
        weapons=weapons,
    )
    for key, value in changes.items():
        setattr(pc, key, value)
    return pc


SPEAR = {"name": "spear", "stress": "d6", "tags": ["defensive"]}
SWORD = {"name": "arming sword", "stress": "d6", "tags": []}


def attack(conflict, pc, foe, weapon=0):
    return conflict.apply(Action(pc, "attack", foe, options={"weapon": weapon}))


@pytest.mark.parametrize(("weapons", "armour", "track"), [([SPEAR], 1, 1), ([SWORD], 0, 2)])
def test_a_defensive_weapon_is_one_more_armour_slot(rt, weapons, armour, track):
    pc, goblin = hero(weapons), rt.npc("goblin")
    # pool 1 + FIGHT = 2 dice [3 2]: a failure; the goblin's knife d3 rolls 2; fallout d10 rolls 9
    rng = ScriptedRng([3, 2, 2, 9])
    conflict = Encounter(rt, {"party": [pc], "foes": [goblin]}, rng)
    events = attack(conflict, pc, goblin)
    assert (pc.armour_stress, pc.stress["body"]) == (armour, track) and rng.exhausted
    stress = [e for e in events if e.kind == "stress"][0]
    assert ("(1 in armour)" in stress.text) == bool(armour)
    conflict.end()
    assert pc.armour_stress == 0  # armour slots clear when the situation ends


def test_the_defensive_slot_goes_with_the_weapon_in_hand(rt):
    pc, goblin = hero([SWORD, SPEAR]), rt.npc("goblin")
    conflict = Encounter(rt, {"party": [pc], "foes": [goblin]}, ScriptedRng([3, 2, 2, 9]))
    side = conflict.who(pc)
    assert conflict.defensive(side) == 0  # the sword is in hand
    attack(conflict, pc, goblin, weapon=1)
    assert conflict.defensive(side) == 1 and pc.armour_stress == 1


def test_the_conflicts_domain_adds_a_die_for_those_who_know_it(rt):
    pc, outsider = hero([SWORD]), hero([SWORD], name="Bero", domains=["church"])
    goblin = rt.npc("goblin")
    conflict = Encounter(rt, {"party": [pc, outsider], "foes": [goblin]}, ScriptedRng([4, 9, 10, 3]),
                         domain="HOST")
    assert conflict.action_odds(Action(pc, "attack", goblin, options={"weapon": 0})).detail["pool"] == 3
    assert conflict.action_odds(Action(outsider, "attack", goblin, options={"weapon": 0})).detail["pool"] == 2
    events = attack(conflict, pc, goblin)  # three dice [4 9 10]: a critical success; the sword's d6: 3
    roll = [e for e in events if e.kind == "roll"][0]
    assert roll.data["pool"] == 3 and roll.data["dice"] == [4, 9, 10]
    assert goblin.stress == 4  # 3 + 1 for the 10
    plain = Encounter(rt, {"party": [hero([SWORD])], "foes": [rt.npc("goblin")]}, ScriptedRng([]))
    a = plain.sides["party"][0]
    assert plain.action_odds(Action(a, "attack", plain.sides["foes"][0], options={"weapon": 0})).detail[
        "pool"] == 2


def test_an_unknown_domain_is_refused_by_name(rt):
    with pytest.raises(RulesError, match="no domain called 'moon'"):
        Encounter(rt, {"party": [hero([SWORD])], "foes": [rt.npc("goblin")]}, ScriptedRng([]), domain="moon")
