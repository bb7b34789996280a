"""The worked examples DL-1 to DL-9 (EXAMPLES.md section C), with scripted dice."""

from __future__ import annotations

from fractions import Fraction

from solo.dice.rng import ScriptedRng
from solo.rules import Action
from solo.rules.action_dice import build
from solo.rules.action_dice.dice import finishing_chance, stat_bonus, stat_bonus_odds
from solo.rules.action_dice.moves import level_price, watch

from .helpers import SYSTEM, delver, fight, settle, texts


def test_dl1_a_dodge_on_the_stack_turns_georgias_hit_into_a_miss():
    georgia = delver("Georgia")
    orc = delver("Orc", kind="npc", ac=2)
    enc = fight([georgia], [orc], [2, 3])
    enc.engage(enc.post(georgia), enc.post(orc))
    enc.apply(Action(georgia, "jab", orc))  # pays an A die, rolls 2, pushes the jab
    assert enc.board()[1] == (
        "Stack (top first)",
        ["#1 Georgia: JAB Orc [die 2, 2 vs AC 2: hits as things stand]"],
    )
    assert enc.next_actor() is orc  # the orc is asked first whether it answers
    enc.apply(Action(orc, "dodge"))  # a fatigue and an M die rolling 3, on top
    assert orc.fatigue == 1
    assert enc.board()[1][1] == [  # the jab below shows what the dodge above will make of it
        "#2 Orc: DODGE [die 3]",
        "#1 Georgia: JAB Orc [die 2, 2 vs AC 2: hits as things stand; after #2, AC 3: misses]",
    ]
    assert enc.next_actor() is georgia
    enc.apply(Action(georgia, "pass"))  # everyone passes: the dodge resolves first
    assert enc.ac_of(enc.post(orc)) == 3
    enc.apply(Action(georgia, "pass"))  # then Georgia's jab, judged now
    assert texts(enc)[-2:] == [
        "Resolving #1: Georgia: JAB Orc [die 2, 2 vs AC 3: misses as things stand].",
        "Georgia's JAB misses Orc: 2 vs AC 3.",
    ]
    assert orc.wounds == 0 and not enc.stack
    assert enc.next_actor() is georgia  # her own turn goes on, the stack empty


def test_dl1_without_the_dodge_the_same_two_hits_and_the_wound_stays_hidden():
    georgia = delver("Georgia")
    orc = delver("Orc", kind="npc", ac=2)
    enc = fight([georgia], [orc], [2, 4])
    enc.engage(enc.post(georgia), enc.post(orc))
    enc.apply(Action(georgia, "jab", orc))
    enc.apply(Action(orc, "pass"))
    enc.apply(Action(georgia, "pass"))
    assert "Georgia's JAB hits Orc: 2 vs AC 2." in texts(enc)
    assert texts(enc)[-1] == "Orc takes 1 wound (Georgia's jab): wounded x1."
    assert orc.hidden_damage == [4] and "4" not in texts(enc)[-1]
    assert enc.log[-1].data == {"wounds": 1, "hidden": True}
    assert SYSTEM.resources(orc) == "AC 2 · fatigue 0/6 · wounded x1 (damage hidden)"


def test_dl2_an_attack_merged_into_a_stacked_move_resolves_at_its_point_then_the_move_finishes():
    georgia = delver("Georgia", equipment=["bow"])  # a bow makes her jab quick
    goblin = delver(
        "Goblin",
        kind="npc",
        lesser=True,
        health=5,
        stats={"str": 8, "dex": 15, "con": 9, "int": 8, "wis": 8, "cha": 6},
    )
    enc = fight([georgia], [goblin], [4, 5], initiative="foes")
    enc.apply(Action(goblin, "withdraw"))  # runs past Georgia toward the labyrinth: M die 4 (+1 Dex)
    enc.apply(Action(georgia, "interrupt", goblin, options={"with": "jab"}))  # attack die 5
    assert enc.board()[1][1] == [
        "#1 Goblin: WITHDRAW [die 4 = 5]",
        "   + at Goblin comes within Georgia's reach: #2 Georgia: INTERRUPT Goblin's"
        " move with JAB [die 5, 5 vs AC 1: hits as things stand]",
    ]
    enc.apply(Action(georgia, "pass"))
    assert texts(enc)[-6:] == [
        "Resolving #1: Goblin: WITHDRAW [die 4 = 5].",
        "Goblin's AC rises to 5 until the end of the turn.",
        "As Goblin comes within Georgia's reach, Georgia takes over:"
        " Georgia: INTERRUPT Goblin's move with JAB"
        " [die 5, 5 vs AC 5: hits as things stand].",
        "Georgia's JAB hits Goblin: 5 vs AC 5.",
        "Goblin takes 1 wound (Georgia's jab): wounded x1.",
        "Goblin falls back, far from the fight.",
    ]
    assert goblin.wounds == 1 and goblin.hidden_damage == [] and enc.post(goblin).far


def test_dl2_a_trip_at_the_named_point_stops_the_move_there():
    georgia = delver("Georgia", powers=["trip"])
    goblin = delver("Goblin", kind="npc", lesser=True, health=5)
    enc = fight([georgia], [goblin], [2, 6], initiative="foes")
    enc.apply(Action(goblin, "withdraw"))
    enc.apply(Action(georgia, "interrupt", goblin, options={"with": "trip"}))
    settle(enc)
    assert texts(enc)[1] == (
        "Merged into #1: Georgia: INTERRUPT Goblin's move with TRIP [die 6, 6 vs AC 1: hits"
        " as things stand]; it takes over when Goblin comes within Georgia's reach."
    )
    assert texts(enc)[-2:] == [
        "Georgia's TRIP hits Goblin: 6 vs AC 2 (a natural 6).",
        "Goblin goes down at Georgia's feet; the move ends there.",
    ]
    assert not enc.post(goblin).far and enc.post(goblin).engaged == {enc.post(georgia).index}


def test_dl3_stat_bonus_table_and_its_3d6_odds():
    assert [stat_bonus(n) for n in range(3, 19)] == [-2, -1, -1, -1] + [0] * 8 + [1, 1, 1, 2]
    assert stat_bonus_odds() == {
        -2: Fraction(1, 216),
        -1: Fraction(19, 216),
        0: Fraction(176, 216),
        1: Fraction(19, 216),
        2: Fraction(1, 216),
    }
    assert SYSTEM.odds_for(stat_bonus=0).success == Fraction(176, 216)


def test_dl4_derived_stats():
    book = SYSTEM.book
    stats = dict(str=10, dex=10, con=15, int=10, wis=18, cha=5)
    sums = build.derive(book, stats, "fighter", "plate")
    assert (sums["health"], sums["max_fatigue"], sums["ac"], sums["permanent"]) == (7, 8, 3, 4)
    low = build.derive(book, dict(stats, wis=3, cha=16), "fighter", "leather")
    assert (low["max_fatigue"], low["ac"], low["permanent"]) == (4, 2, 1)
    pc = build.make_pc(book, "Wren", dict(stats, cha=16), "trip", "greatsword")
    assert (pc.health, pc.ac, pc.permanent, pc.fatigue, pc.dice) == (7, 4, 3, 3, {"M": 1, "A": 1, "S": 0})


def test_dl5_save_odds_and_lucky():
    plain = [SYSTEM.odds_for(save=True, fatigue=f).success for f in range(8)]
    assert plain == [Fraction(5, 6)] * 3 + [
        Fraction(2, 3),
        Fraction(1, 2),
        Fraction(1, 3),
        Fraction(1, 6),
        Fraction(1, 6),
    ]
    for f, p in enumerate(plain):
        assert SYSTEM.odds_for(save=True, fatigue=f, advantage=True).success == 1 - (1 - p) ** 2
    assert SYSTEM.odds_for(save=True, fatigue=4, advantage=True, disadvantage=True).success == Fraction(1, 2)


def test_dl6_attack_odds():
    assert [SYSTEM.odds_for(attack=True, ac=ac).success for ac in range(8)] == (
        [Fraction(5, 6)] * 3
        + [Fraction(2, 3), Fraction(1, 2), Fraction(1, 3), Fraction(1, 6), Fraction(1, 6)]
    )
    chart = SYSTEM.odds_chart()
    assert [row[2][2].success for row in chart.rows] == [
        SYSTEM.odds_for(attack=True, ac=n).success for n in range(7)
    ]


def test_dl7_level_prices_and_the_out_of_class_markup():
    fighter = delver("Bram", powers=["trip"])
    assert level_price(SYSTEM, fighter, "riposte") == 300
    assert level_price(SYSTEM, fighter, "tumble") == 450
    fighter.powers = ["trip", "riposte", "heavy-hitter", "trip", "riposte"]
    assert level_price(SYSTEM, fighter, "trip") == 9600
    assert level_price(SYSTEM, fighter, "exert") == 14400
    fighter.powers = ["trip", "riposte"]
    assert [level_price(SYSTEM, delver("x", powers=["trip"] * n), "trip") for n in range(1, 6)] == [
        300,
        600,
        2100,
        4400,
        9600,
    ]


def test_dl8_a_finishing_blow_reveals_five_against_six_and_the_pc_lives():
    hero = delver("Hero", health=6, wounds=2, hidden_damage=[4, 1])
    ogre = delver("Brute", kind="npc")
    enc = fight([hero], [ogre], [5], initiative="foes")
    enc.engage(enc.post(hero), enc.post(ogre))
    enc.apply(Action(ogre, "coup", hero))
    settle(enc)
    assert "Finishing blow on Hero: Hero reveals 5 damage against health 6 - still standing." in texts(enc)
    assert enc.is_active(hero)


def test_dl8_a_lesser_goblin_rolls_all_its_wounds_at_each_finishing_blow():
    assert finishing_chance(3, 5) == Fraction(53, 54)
    hero = delver("Hero")
    goblin = delver("Goblin", kind="npc", lesser=True, health=5, wounds=3, ac=0)
    enc = fight([hero], [goblin], [4, 1, 1, 2, 3, 2, 2, 1])
    enc.engage(enc.post(hero), enc.post(goblin))
    enc.apply(Action(hero, "coup", goblin))  # attack die 4, then the three wounds roll [1, 1, 2]
    settle(enc)
    assert (
        "Finishing blow on Goblin: Hero rolls 3 wounds: [1, 1, 2] = 4 against health 5 - still standing."
        in texts(enc)
    )
    assert goblin.wounds == 3 and goblin.hidden_damage == []  # nothing recorded
    enc.post(hero).avail["A"] = 1  # a second attack die, as two weapons would give
    enc.apply(Action(hero, "coup", goblin))  # attack die 3, then a fresh roll of all three: [2, 2, 1]
    settle(enc)
    assert texts(enc)[-2] == (
        "Finishing blow on Goblin: Hero rolls 3 wounds: [2, 2, 1] = 5 against health 5 - dead."
    )
    assert enc.is_over() and enc.winner == "party"


def test_dl9_the_resting_watch_is_an_ambush_roll():
    watcher = delver("Ash", skills={"watch": 1})  # skilled: two progress attempts
    ok, events = watch(SYSTEM, watcher, dungeon_level=2, fatigue=7, rng=ScriptedRng([3, 5, 3, 4]))
    assert events[0].data == {"difficulty": 3, "requirement": 7} and watcher.fatigue == 1
    assert ok and events[-1].data == {"rolls": [3, 4], "total": 7, "requirement": 7, "ambush": False}
    ok, events = watch(
        SYSTEM, delver("Ash", skills={"watch": 1}), dungeon_level=2, fatigue=7, rng=ScriptedRng([2, 6, 6])
    )
    assert not ok and events[-1].data["ambush"] and events[-1].data["rolls"] == [6]
