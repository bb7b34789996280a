"""The player's own dice: faces entered for an action's rolls, checked, journaled and replayed."""

from __future__ import annotations

import pytest

from solo.campaign import Campaign, differences, perform, replay
from solo.dice.entered import DiceNeeded
from solo.errors import SoloError


def test_an_oracle_question_takes_the_faces_entered_and_asks_for_each_die_in_turn():
    c = Campaign.new("Table Dice", seed=1)
    rng_before = c.rng.get_state()
    with pytest.raises(DiceNeeded) as asked:
        perform(c, "oracle.ask", {"question": "Is it locked?", "odds": "likely", "entered_dice": []})
    assert (asked.value.sides, asked.value.number) == (4, 1)  # likely at chaos 5: one d4
    assert asked.value.before == "likely at chaos 5: chance of yes 75%"  # said before the die is thrown
    with pytest.raises(DiceNeeded) as asked:
        perform(c, "oracle.ask", {"question": "Is it locked?", "odds": "likely", "entered_dice": [2]})
    assert (asked.value.sides, asked.value.number) == (10, 2)  # then the twist dice
    with pytest.raises(SoloError, match="die 2 was entered as 11, which a d10 cannot show"):
        perform(c, "oracle.ask", {"question": "Is it locked?", "odds": "likely",
                                  "entered_dice": [2, 11, 4]})
    with pytest.raises(DiceNeeded) as asked:  # and a d6 for the line that reads the answer
        perform(c, "oracle.ask", {"question": "Is it locked?", "odds": "likely",
                                  "entered_dice": [2, 9, 8]})
    assert (asked.value.sides, asked.value.number) == (6, 4)
    [entry] = perform(c, "oracle.ask", {"question": "Is it locked?", "odds": "likely",
                                        "entered_dice": [2, 9, 8, 1]})
    assert entry.text.endswith("rolled d4:2, twist 9+8 -> Yes (60.8%: the chance of this exact"
                               " answer). Yes, just as you thought. (your dice: 2, 9, 8, 1)")
    assert c.rng.get_state() == rng_before  # the campaign's own dice were not touched
    with pytest.raises(SoloError, match="5 dice were entered but this move rolls only 4"):
        perform(c, "oracle.ask", {"question": "Again?", "odds": "likely", "entered_dice": [2, 9, 8, 1, 1]})
    assert differences(c, replay(c)) == []


def test_a_table_and_a_dice_roll_take_entered_faces_and_a_note_records_none():
    c = Campaign.new("Table Dice", seed=1)
    [rolled] = perform(c, "roll", {"expression": "2d6", "entered_dice": [6, 3]})
    assert rolled.text == "2d6 [6, 3] = 9 (your dice: 6, 3)"
    [weather] = perform(c, "table_roll", {"table": "weather/wind", "entered_dice": [1]})
    assert weather.text == "Wind (d6: 1): hardly a breath of wind (your dice: 1)"
    [note] = perform(c, "note", {"text": "Calm.", "entered_dice": []})
    assert note.text == "Calm." and "entered_dice" not in note.data  # no die: nothing to name
    assert c.actions[-1].params == {"text": "Calm."}
    assert c.actions[0].params == {"expression": "2d6", "entered_dice": [6, 3]}
    assert differences(c, replay(c)) == []


def _asked(c, name, params, face=2):
    """Play `name` entering `face` for every die it asks for; the dice asked, in order."""
    faces: list[int] = []
    sizes: list[int] = []
    while True:
        try:
            return perform(c, name, {**params, "entered_dice": faces}), sizes
        except DiceNeeded as needed:
            sizes.append(needed.sides)
            faces.append(min(face, needed.sides))


def test_a_check_rolls_the_entered_faces():
    from solo.dice import Rng
    from solo.rules import registry

    c = Campaign.new("Table Dice", seed=1, system="nine-powers")
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    perform(c, "character_add", {"sheet": sheet})
    (entry,), sizes = _asked(c, "rules.check", {"character": "Vroy", "approach": "lore"}, face=2)
    assert sizes and all(s in (4, 6, 8, 10, 12, 20) for s in sizes)
    assert c.actions[-1].params["entered_dice"] == [2] * len(sizes)
    assert differences(c, replay(c)) == []


def test_a_check_says_its_exact_chance_before_the_first_die_the_one_it_journals():
    import re

    from solo.dice import Rng
    from solo.rules import registry

    c = Campaign.new("Table Dice", seed=1, system="nine-powers")
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    perform(c, "character_add", {"sheet": sheet})
    with pytest.raises(DiceNeeded) as asked:
        perform(c, "rules.check", {"character": "Vroy", "approach": "lore", "entered_dice": []})
    (entry,), _ = _asked(c, "rules.check", {"character": "Vroy", "approach": "lore"}, face=2)
    journaled = re.search(r"\(chance of success ([0-9.]+%)\)", entry.text)
    assert journaled is not None
    assert asked.value.before == f"Vroy's check: chance of success {journaled.group(1)}"


def test_a_fight_rolls_the_entered_faces_for_both_sides_and_rebuilds_with_them():
    from solo.campaign.encounter_moves import running_state
    from solo.dice import Rng
    from solo.rules import registry

    c = Campaign.new("Table Dice", seed=1, system="nine-powers")
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    perform(c, "character_add", {"sheet": sheet})
    (start,), sizes = _asked(c, "rules.encounter_start", {"foes": ["goblin"]})
    assert sizes == [] and start.text == ("An encounter begins (Nine Powers, physical contest):"
                                          " Vroy against Goblin.")
    (act,), sizes = _asked(c, "rules.encounter_act", {"actor": "Vroy", "action": 0}, face=5)
    assert sizes == [4, 6, 4, 6]  # Vroy's pool, then the goblin's
    assert "Vroy: Melee/Protect easy against Goblin [d4:4 d6:5] fails." in act.text
    assert "Goblin: Melee/Protect medium against Vroy [d4:4 d6:5] fails." in act.text
    assert c.actions[-1].params["entered_dice"] == [4, 5, 4, 5]
    assert act.text.endswith("\n(your dice: 4, 5, 4, 5)")  # a fight's entry of many lines: one more
    perform(c, "rules.encounter_act", {"actor": "Vroy", "action": 0})  # solo's dice again
    assert running_state(c)["dice"] == [None, [4, 5, 4, 5], None]
    with pytest.raises(SoloError, match="die 1 was entered as 7, which a d4 cannot show"):
        perform(c, "rules.encounter_act", {"actor": "Vroy", "action": 0, "entered_dice": [7]})
    assert differences(c, replay(c)) == []


def test_a_pick_by_weight_throws_one_die_the_size_of_the_weights_total():
    from solo.dice import Rng
    from solo.dice.entered import EnteredDice

    dice = EnteredDice([3, 6])
    assert dice.weighted_index([1, 2, 3]) == 1  # a d6 shows 3: past the first weight, within the second
    assert dice.weighted_index([1, 2, 3]) == 2
    assert dice.asked == [6, 6]
    assert "weighted_index" not in vars(EnteredDice)  # one way to pick by weight, shared with Rng
    assert [Rng(5).weighted_index([1, 2, 3]), Rng(9).weighted_index([1, 2, 3])] == [2, 2]  # as before
