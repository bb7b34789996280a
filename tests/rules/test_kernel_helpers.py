"""The shared pieces systems are built from: declared options read once, turn order, rules from house
rules, sheets checked by their declarations, NPC rows, moves that are one method, journal grammar."""

from __future__ import annotations

import pytest

from solo.dice import Rng
from solo.rules import Encounter, RulesError, registry
from solo.rules.moves import calls
from solo.rules.options import Option, OptionError, given
from solo.rules.words import joined, listed, moved, plural, track

NP = registry.get("nine-powers")
RT = registry.get("resistance")


def test_given_fills_declared_defaults_and_refuses_what_is_not_declared():
    declared = (Option("assist", "int", default=0), Option("bond", "flag"))
    read = given(declared, {"bond": True}, "Resistance checks")
    assert (read.assist, read.bond) == (0, True)
    with pytest.raises(OptionError, match="Resistance checks take assist, bond; not stres$"):
        given(declared, {"stres": "d6"}, "Resistance checks")
    with pytest.raises(OptionError, match="Nine Powers odds take rating, difficulty, bonus, penalty, trade;"
                                          " not dice"):
        NP.odds_for(rating=2, dice=3)


def test_in_turns_orders_seats_and_keeps_ties_together_in_seat_order():
    a, b, c = (NP.npc("bandit") for _ in range(3))
    enc = Encounter(NP, {"party": [a], "foes": [b, c]}, Rng(1))
    speed = {id(a): 2, id(b): 1, id(c): 2}
    groups = enc.in_turns(enc.seats, lambda seat: speed[id(seat.actor)])
    assert [[s.label for s in group] for group in groups] == [["Bandit 2"], ["Bandit 1", "Bandit 3"]]


def test_an_encounter_rule_is_the_option_else_the_house_rule_else_the_default():
    sides = {"party": [NP.npc("bandit")], "foes": [NP.npc("goblin")]}
    assert Encounter(NP, sides, Rng(1)).same_skill == "simultaneous"  # the house rules table's
    assert Encounter(NP, sides, Rng(1), same_skill="More-Damage-First").same_skill == "more-damage-first"
    assert Encounter(NP, sides, Rng(1), social_armor=False, kind="social").armoured is False
    with pytest.raises(RulesError, match="same skill must be one of simultaneous, more-damage-first"):
        Encounter(NP, sides, Rng(1), same_skill="x")


def test_sheets_are_checked_by_what_their_fields_declare():
    data = NP.random_character(Rng(3)).to_dict()
    with pytest.raises(RulesError, match=r"'.*': kind must be pc or npc, not 'monster'"):
        NP.actor_from_dict({**data, "kind": "monster"})
    with pytest.raises(RulesError, match="talents.alchemy must be 0-4, not 5"):
        NP.actor_from_dict({**data, "talents": {"Alchemy": 5}})
    assert NP.actor_from_dict({**data, "talents": {"Alchemy": 0}}).talents == {}  # zero means none
    assert NP.actor_from_dict({**data, "attack_skill": "Shoot"}).attack_skill == "shoot-throw"


def test_npc_rows_load_through_the_schema_and_a_bad_row_names_itself():
    goblin = RT.npc("goblin")
    assert (goblin.difficulty, goblin.resistance, goblin.when) == (0, 3, {"hiding": 1, "fleeing": 1})
    with pytest.raises(RulesError, match="resistance/npcs row 'odd': resistance must be a whole number of"
                                         " 1 or more, not 0"):
        RT.npc_from_record({"id": "odd", "text": "Odd", "resistance": 0})
    with pytest.raises(RulesError, match="nine-powers/npcs row 'odd': unknown field\\(s\\) wings"):
        NP.npc_from_record({"id": "odd", "text": "Odd", "wings": 2})


def test_a_move_that_is_one_method_calls_it_with_the_named_options():
    seen = []

    class Fake:
        def act(self, actor, first, second, rng):
            seen.append((actor, first, second, rng))
            return ["done"]

    rng = Rng(1)
    assert calls("act", "b", "a", rng=True)(Fake(), "Ash", {"a": 1, "b": 2}, rng) == ["done"]
    assert seen == [("Ash", 2, 1, rng)]


def test_the_journal_grammar():
    mira = NP.random_character(Rng(5))
    before = {"fortitude": mira.fortitude, "stamina": mira.stamina}
    mira.fortitude -= 2
    assert moved(mira, before) == [f"fortitude {mira.fortitude + 2} → {mira.fortitude}"]
    assert track(mira, "fortitude") == f"Fortitude {mira.fortitude}/{mira.fortitude_max}"
    assert (plural(1, "round"), plural(3, "round")) == ("1 round", "3 rounds")
    assert joined(["A"]) == "A" and joined(["A", "B", "C"]) == "A, B and C"
    assert listed("Carrying", ["rope", "", "lamp"]) == "Carrying: rope, lamp" and listed("Notes", [""]) == ""
