"""Action-dice characters: creation, the sheet's checks, moves between fights, neutral checks."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from solo.dice import Rng
from solo.dice.rng import ScriptedRng
from solo.rules import RulesError
from solo.rules.action_dice import build
from solo.rules.action_dice.moves import buy_level, rest, work_task

from .helpers import SYSTEM, delver


def test_random_characters_roll_3d6_in_order_and_follow_their_first_power():
    pc = SYSTEM.random_character(
        ScriptedRng([1, 1, 1, 6, 6, 6, 5, 5, 5, 3, 3, 3, 2, 2, 2, 4, 4, 4] + [1, 1, 2]),
        name="Rolled",
        role="fighter",
    )
    assert pc.stats == {"str": 3, "dex": 18, "con": 15, "int": 9, "wis": 6, "cha": 12}
    assert SYSTEM.book.power_class(pc.powers[0]) == "fighter" == pc.role
    assert (pc.health, pc.max_fatigue, pc.fatigue) == (7, 5, pc.permanent)  # fighter 6 + Con 1; Wis -1 + 6


def test_every_wizard_starts_with_a_menhir_and_only_the_spell_power_teaches_a_spell():
    book = SYSTEM.book
    stats = dict(str=10, dex=10, con=10, int=10, wis=10, cha=10)
    caster = build.make_pc(book, "Vell", stats, "spell", "robes-and-staff", school="water")
    assert (caster.menhirs, caster.bag, caster.pool, caster.spells) == (
        ["water"],
        ["water"],
        [],
        ["brine-lash"],
    )
    exerter = build.make_pc(book, "Oda", stats, "exert", "robes-and-staff", school="fire")
    assert (exerter.menhirs, exerter.spells) == (["fire"], [])
    assert SYSTEM.random_character(Rng(3), name="Ri", role="wizard").menhirs


def test_guided_creation_keeps_the_roll_or_takes_typed_scores_and_refuses_a_19():
    creation = SYSTEM.creation(name="Typed")
    assert creation.question.key == "stats"  # the name was given
    with pytest.raises(RulesError, match="^str must be a 3d6 score, 3-18, not '19'$"):
        creation.answer("19 10 10 10 10 10")


def test_guided_creation_builds_the_sheet_from_the_answers():
    creation = SYSTEM.creation(name="Typed")
    for reply in ("12 15 16 9 13 17", "skilled", "duellist", "locks"):
        creation.answer(reply)
    pc = creation.actor()
    assert pc.stats["dex"] == 15 and pc.powers == ["skilled"] and pc.skills == {"locks": 1}
    assert (pc.health, pc.ac, pc.max_fatigue, pc.dice["M"]) == (6, 2, 6, 2)


def sheet(**changes):
    data = delver("Sheet").to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "changes, message",
    [
        (
            {"stats": {"str": 19, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}},
            "action-dice character 'Sheet': stats.str must be a 3d6 score, 3-18, not 19",
        ),
        (
            {"dice": {"M": 1, "A": 1, "S": 1}},
            "action-dice character 'Sheet': dice.S - a shield die needs a shield in the equipment",
        ),
        (
            {"wounds": 2, "hidden_damage": [3]},
            "action-dice character 'Sheet': hidden_damage holds 1 rolls for 2 wound(s)",
        ),
        (
            {"powers": ["fireball"]},
            "action-dice character 'Sheet': powers[0] 'fireball' is not one of exert,"
            " spell, powerful, tumble,"
            " skilled, lucky, trip, heavy-hitter, riposte",
        ),
        (
            {"fatigue": 0, "permanent": 2},
            "action-dice character 'Sheet': fatigue 0 is below the armour's permanent fatigue 2",
        ),
    ],
)
def test_a_broken_sheet_is_one_line_naming_the_field(changes, message):
    with pytest.raises(RulesError) as info:
        SYSTEM.load_actor(sheet(**changes))
    assert str(info.value) == message


def test_the_cli_refuses_a_stat_of_19_in_one_line_and_leaves_the_file_alone(cli, tmp_path):
    path = tmp_path / "bad.json"
    text = json.dumps(sheet(stats={"str": 19, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}))
    path.write_text(text)
    result = cli("character", "show", str(path))
    assert result.code == 1 and len(result.err.splitlines()) == 1
    assert "stats.str must be a 3d6 score, 3-18, not 19" in result.err and str(path) in result.err
    assert path.read_text() == text


def test_the_stat_block_shows_wounds_but_never_the_hidden_damage():
    pc = delver("Hero", wounds=2, hidden_damage=[6, 5])
    block = SYSTEM.stat_block(pc)
    assert "wounded x2 (damage hidden)" in block and "11" not in block
    assert pc.to_dict()["hidden_damage"] == [6, 5]


def test_a_neutral_check_is_a_save_against_fatigue_with_the_difficulty_off_the_roll():
    pc = delver("Hero", fatigue=3)
    odds = SYSTEM.check_odds(pc, "force", "medium")  # d6 - 2 >= 3: a 5, or a natural 6 (strong)
    assert (odds.degrees["success"], odds.degrees["strong"], odds.degrees["fail"]) == (
        Fraction(1, 6),
        Fraction(1, 6),
        Fraction(2, 3),
    )
    result = SYSTEM.check(pc, "force", "medium", ScriptedRng([5]))
    assert result.degree == "success" and result.text == (
        "Hero: saving throw (force, medium) 5-2 vs fatigue 3 - success"
    )
    lucky = delver("Lucky", fatigue=3, powers=["lucky"])
    assert SYSTEM.check(lucky, "force", "easy", ScriptedRng([1, 6])).degree == "strong"


def test_harm_adds_hidden_wounds_and_fatigue_and_recovery_takes_them_away():
    pc = delver("Hero", fatigue=5, max_fatigue=6)
    SYSTEM.harm(pc, "body", "moderate", ScriptedRng([4]))  # a wound (d6 4) and a fatigue
    assert (pc.wounds, pc.hidden_damage, pc.fatigue) == (1, [4], 6)
    events = SYSTEM.harm(
        pc, "mind", "moderate", ScriptedRng([2, 3])
    )  # two fatigue past the maximum: two wounds
    assert (pc.wounds, pc.hidden_damage, pc.fatigue) == (3, [4, 2, 3], 8)
    assert events[-1].text == "Hero is pushed past the limit: wounded x3 (damage hidden)."
    SYSTEM.recover(pc, "body", "major", ScriptedRng([1, 2]))
    assert (pc.wounds, pc.hidden_damage) == (1, [2])


def test_rest_sheds_fatigue_to_the_armour_floor_returns_stones_and_heals_one_wound():
    pc = delver(
        "Mage",
        armour="leather",
        permanent=1,
        fatigue=5,
        wounds=2,
        hidden_damage=[6, 2],
        menhirs=["fire", "water"],
        discard=["fire"],
        lost=["water"],
    )
    events = rest(SYSTEM, pc, 0, ScriptedRng([1]))
    assert (pc.fatigue, pc.bag, pc.discard, pc.lost, pc.wounds, pc.hidden_damage) == (
        1,
        ["fire", "water"],
        [],
        [],
        1,
        [2],
    )
    assert (
        events[0].text == "Mage rests: fatigue 5 -> 1, 2 stone(s) back in the bag, a wound heals (wounded x1"
        " (damage hidden))."
    )
    light = delver("Light", fatigue=5, wounds=1, hidden_damage=[3], menhirs=["fire"], lost=["fire"])
    rest(SYSTEM, light, 2, ScriptedRng([]))
    assert (light.fatigue, light.wounds, light.lost) == (2, 1, ["fire"])


def test_the_dead_do_not_rest():
    with pytest.raises(RulesError, match="^Hero is dead; the living must carry on without them$"):
        rest(SYSTEM, delver("Hero", dead=True), 0, ScriptedRng([]))


def test_buying_a_level_costs_money_and_adds_the_new_class_health():
    pc = delver(
        "Bram",
        powers=["trip"],
        money=1000,
        stats={"str": 10, "dex": 10, "con": 16, "int": 10, "wis": 10, "cha": 10},
    )
    buy_level(SYSTEM, pc, "tumble", "", "")  # rogue power, out of class: 450; rogue health 5 + Con 1
    assert (pc.money, pc.spent, pc.level, pc.health) == (550, 450, 2, 12)
    with pytest.raises(RulesError, match="^Riposte costs 600 to spend on luxury; Bram has 550$"):
        buy_level(SYSTEM, pc, "riposte", "", "")


def test_a_task_keeps_its_requirement_hidden_until_completion():
    pc = delver("Nim", skills={"locks": 1})
    first = work_task(SYSTEM, pc, "the vault lock", "locks", 3, 0, False, ScriptedRng([4, 5, 3]))
    assert [e.text for e in first] == [
        "Nim takes on a task: the vault lock (difficulty 3, requirement hidden).",
        "Nim works at the vault lock: 3+0 against 3 - progress (progress 1, 1 attempt(s) left).",
    ]
    assert pc.tasks[0]["hidden_requirement"] == 9 and "9" not in SYSTEM.stat_block(pc)
    work_task(SYSTEM, pc, "The Vault Lock", "", 3, 0, False, ScriptedRng([6]))
    with pytest.raises(RulesError, match="all 2 progress attempt"):
        work_task(SYSTEM, pc, "the vault lock", "", 3, 0, False, ScriptedRng([6]))
    done = work_task(SYSTEM, pc, "the vault lock", "", 3, 0, True, ScriptedRng([5, 4]))
    assert done[-1].text == "Nim tries to finish the vault lock: the requirement was 9; [5, 4] = 9: done."
    assert pc.tasks == []


def test_harm_and_recovery_leave_the_dead_alone():
    body = delver("Hero", dead=True, wounds=3, hidden_damage=[6, 6, 6])
    assert [e.text for e in SYSTEM.harm(body, "body", "major", ScriptedRng([]))] == [
        "Hero is dead; nothing more can befall them."
    ]
    assert [e.text for e in SYSTEM.recover(body, "body", "major", ScriptedRng([]))] == [
        "Hero is dead and stays so."
    ]
    assert body.wounds == 3 and body.hidden_damage == [6, 6, 6]
