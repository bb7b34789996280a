"""Action-dice fight rules past the worked examples: stack losses, shields, sorcery, the engine's answers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.rules import Action, RulesError

from .helpers import SYSTEM, delver, fight, settle, texts


def test_a_wound_with_abilities_stacked_forces_a_save_and_a_failure_loses_them_all():
    hero = delver("Hero", fatigue=3, max_fatigue=6)
    orc = delver("Orc", kind="npc", ac=0, equipment=["two-handed"])
    # hero jabs (die 5); the orc swings back quick with its two-handed axe (a fatigue, die 4):
    # it resolves first,
    # two wounds on the hero (hidden 3, 2), whose save (2 vs fatigue 3) fails: the jab is lost.
    enc = fight([hero], [orc], [5, 4, 3, 2, 2])
    enc.engage(enc.post(hero), enc.post(orc))
    enc.apply(Action(hero, "jab", orc))
    enc.apply(Action(orc, "jab", hero))
    settle(enc)
    assert texts(enc)[-3:] == [
        "Hero takes 2 wounds (Orc's jab): wounded x2.",
        "Hero saves (to keep its stacked abilities): 2 vs fatigue 3: fails.",
        "Hero loses #1 from the stack.",
    ]
    assert "Orc takes a fatigue (a two-handed swing made quick): 1/6." in texts(enc)
    assert hero.wounds == 2 and hero.hidden_damage == [3, 2] and orc.wounds == 0 and not enc.stack


def test_death_takes_its_stacked_abilities_off_the_stack():
    hero = delver("Hero", equipment=["bow"])  # a bow makes the finishing blow quick
    goblin = delver("Goblin", kind="npc", lesser=True, health=2, wounds=1, ac=0, equipment=["bow"])
    # the goblin shoots (die 4); the hero answers with a finishing blow (die 5; the wound rolls 2), which
    # resolves first and kills it, so its shot never lands.
    enc = fight([hero], [goblin], [4, 5, 2], initiative="foes")
    enc.apply(Action(goblin, "jab", hero))
    enc.apply(Action(hero, "coup", goblin))
    settle(enc)
    assert texts(enc)[-3:] == [
        "Finishing blow on Goblin: Hero rolls 1 wound: [2] = 2 against health 2 - dead.",
        "Goblin's stacked #1 die with it.",
        "The fight is over: Hero prevails.",
    ]
    assert hero.wounds == 0 and enc.winner == "party" and goblin.dead
    assert goblin.unfit() == "dead" and SYSTEM.resources(goblin) == "AC 0 · fatigue 0/6 · dead"


def test_block_cancels_a_melee_attack_no_stronger_than_the_shield_die():
    hero = delver("Hero", equipment=["shield"])
    orc = delver("Orc", kind="npc", ac=0)
    enc = fight([hero], [orc], [3, 4], initiative="foes")
    enc.engage(enc.post(hero), enc.post(orc))
    enc.apply(Action(orc, "jab", hero))  # 3
    enc.apply(Action(hero, "block", orc))  # shield die 4
    settle(enc)
    assert "Hero blocks #1: 3 against a shield of 4." in texts(enc)
    assert hero.wounds == 0 and enc.post(hero).avail["S"] == 0


def test_block_stops_a_shot_and_gives_the_shield_die_back():
    hero = delver("Hero", equipment=["shield"])
    archer = delver("Archer", kind="npc", ac=0, equipment=["bow"])
    enc = fight([hero], [archer], [6, 1], initiative="foes")
    enc.apply(Action(archer, "jab", hero))  # a natural 6, from afar
    enc.apply(Action(hero, "block", archer))
    settle(enc)
    assert texts(enc)[-1] == "Hero's shield catches the shot #1; the shield die comes back."
    assert enc.post(hero).avail["S"] == 1 and hero.wounds == 0


def test_a_shot_into_a_melee_costs_a_fatigue_and_a_failed_save_sends_it_astray():
    archer = delver("Archer", equipment=["bow"], fatigue=4, max_fatigue=6)
    friend = delver("Friend")
    orc = delver("Orc", kind="npc", ac=0)
    enc = fight([archer, friend], [orc], [3, 4, 1])
    enc.engage(enc.post(friend), enc.post(orc))
    # the odds offered count the save: it lands on a 5 or 6 (fatigue 5 by then), then any but a 1 hits
    assert enc.action_odds(Action(archer, "jab", orc)).success == Fraction(2, 6) * Fraction(5, 6)
    enc.apply(Action(archer, "jab", orc))  # a fatigue (5), save 3 vs 5 fails, then the shot: die 4...
    assert texts(enc)[:3] == [
        "Archer takes a fatigue (shooting into a melee): 5/6.",
        "Archer saves (a clear shot): 3 vs fatigue 5: fails.",
        "Archer's shot goes astray toward Friend.",
    ]
    settle(enc)
    assert "Archer's JAB hits Friend: 4 vs AC 1." in texts(enc) and friend.wounds == 1


def test_a_shot_into_a_melee_with_no_fatigue_free_lands_by_lot():
    archer = delver("Archer", equipment=["bow"], fatigue=6, max_fatigue=6)
    orc = delver("Orc", kind="npc", ac=0)
    enc = fight([archer, delver("Ann"), delver("Bo")], [orc], [])
    enc.engage(enc.post(enc.participants[1]), enc.post(orc))
    enc.engage(enc.post(enc.participants[2]), enc.post(orc))
    # no save to make: one in three (the orc, Ann, Bo), then any but a natural 1 hits AC 0
    assert enc.action_odds(Action(archer, "jab", orc)).success == Fraction(1, 3) * Fraction(5, 6)
    ann = enc.participants[1]  # Ann's melee is the orc alone: one in two
    assert enc.action_odds(Action(archer, "jab", ann)).success == Fraction(1, 2) * Fraction(5, 6)


def test_riposte_cancels_a_melee_attack_whose_die_is_no_higher():
    fighter = delver("Fighter", powers=["riposte"])
    orc = delver("Orc", kind="npc", ac=1)
    # the riposte (5) hits the orc, which saves with advantage ([6, 2]) to keep its attack,
    # then loses it anyway
    enc = fight([fighter], [orc], [3, 5, 6, 2], initiative="foes")
    enc.engage(enc.post(fighter), enc.post(orc))
    enc.apply(Action(orc, "jab", fighter))
    enc.apply(Action(fighter, "riposte", orc))
    settle(enc)
    assert "Fighter turns aside Orc's attack #1." in texts(enc) and fighter.wounds == 0


def test_sorcery_gather_then_cast_with_its_save_and_the_natural_six_copy():
    wizard = delver(
        "Mage",
        equipment=["free-hand"],
        powers=["spell"],
        spells=["cinder-dart"],
        menhirs=["fire"],
        bag=["fire"],
        fatigue=0,
    )
    goblin = delver("Goblin", kind="npc", lesser=True, health=9, ac=0)
    enc = fight([wizard], [goblin], [1, 6, 6])
    enc.apply(Action(wizard, "gather"))  # two M dice; the stone goes to the active pool [SR]
    settle(enc)
    assert wizard.pool == ["fire"] and wizard.bag == [] and enc.post(wizard).avail["M"] == 0
    with pytest.raises(RulesError, match="cannot CAST"):
        enc.apply(Action(wizard, "cast", goblin, options={"spell": "cinder-dart"}))  # no M die left
    enc.post(wizard).avail["M"] = 1
    enc.apply(
        Action(wizard, "cast", goblin, options={"spell": "cinder-dart"})
    )  # save 6: a copy and a fatigue
    assert wizard.pool == [] and wizard.discard == ["fire"] and wizard.fatigue == 1
    settle(enc)  # nobody can answer a spell here: the copy (#3) resolves first, then the casting (#2)
    assert [t for t in texts(enc) if t.startswith(("Stacked", "Resolving"))][-4:] == [
        "Stacked #2: Mage casts Cinder Dart (1 stone).",
        "Stacked #3: a free copy of Cinder Dart (a natural 6).",
        "Resolving #3: Mage: CAST Cinder Dart at Goblin.",
        "Resolving #2: Mage: CAST Cinder Dart at Goblin [die 6].",
    ]
    assert goblin.wounds == 2


def test_casting_with_no_stones_is_one_clear_refusal():
    wizard = delver("Mage", powers=["spell"], spells=["cinder-dart"], menhirs=["fire"], bag=["fire"])
    goblin = delver("Goblin", kind="npc", lesser=True)
    enc = fight([wizard], [goblin], [])
    with pytest.raises(RulesError, match="^Mage has no spell stones in the active pool to cast with"):
        enc.apply(Action(wizard, "cast", goblin, options={"spell": "cinder-dart"}))
    assert wizard.bag == ["fire"] and not enc.stack and enc.actions == []


def test_a_sorcerer_saves_at_the_end_of_its_turn_and_a_failure_at_its_limit_burns_the_stones():
    wizard = delver(
        "Mage",
        powers=["spell"],
        spells=["cinder-dart"],
        menhirs=["fire", "water"],
        pool=["fire"],
        discard=["water"],
        fatigue=6,
        max_fatigue=6,
    )
    goblin = delver("Goblin", kind="npc", lesser=True)
    enc = fight([wizard], [goblin], [2])
    enc.apply(Action(wizard, "pass"))
    assert texts(enc)[:2] == [
        "Mage saves (the sorcery's end-of-turn save): 2 vs fatigue 6: fails.",
        "Mage's stones burn out until a serious rest.",
    ]
    assert wizard.lost == ["fire", "water"] and wizard.pool == [] == wizard.discard


def test_slow_actions_wait_for_ones_own_turn():
    hero = delver("Hero")
    orc = delver("Orc", kind="npc", ac=0)
    enc = fight([hero], [orc], [3])
    enc.engage(enc.post(hero), enc.post(orc))
    enc.apply(Action(hero, "jab", orc))
    with pytest.raises(RulesError, match="Orc cannot JAB at Hero now \\(slow actions wait for your own turn"):
        enc.apply(Action(orc, "jab", hero))


def test_the_engine_dodges_an_attack_that_would_hit_and_passes_on_one_that_would_not():
    hero = delver("Hero")
    orc = delver("Orc", kind="npc", ac=2)
    enc = fight([hero], [orc], [2, 1, 4])
    enc.engage(enc.post(hero), enc.post(orc))
    enc.apply(Action(hero, "jab", orc))
    assert SYSTEM.npc_policy(orc, enc, enc.rng).kind == "dodge"
    enc.apply(Action(orc, "dodge"))
    settle(enc)
    enc.post(hero).avail["A"] = 1
    enc.post(orc).avail["M"] = 1
    enc.rng.results += [1]
    enc.apply(Action(hero, "jab", orc))  # a natural 1 misses whatever the orc does
    assert SYSTEM.npc_policy(orc, enc, enc.rng).kind == "pass"


def test_the_board_names_whose_answer_the_stack_awaits():
    hero = delver("Hero")
    orc = delver("Orc", kind="npc", ac=2)
    enc = fight([hero], [orc], [2])
    enc.engage(enc.post(hero), enc.post(orc))
    assert enc.board()[0] == ("Turn", ["Round 1, party side · awaiting Hero (act or pass)"])
    enc.apply(Action(hero, "jab", orc))
    assert enc.board() == [
        ("Turn", ["Round 1, party side · awaiting Orc's answer (respond or pass)"]),
        ("Stack (top first)", ["#1 Hero: JAB Orc [die 2, 2 vs AC 2: hits as things stand]"]),
    ]
    # each fighter's place and dice left go on its own row, not the board
    assert [enc.fight_state(hero), enc.fight_state(orc)] == [
        "M1 A0 · melee with Orc", "M1 A1 · melee with Hero"]


def test_powerful_spends_a_stone_as_a_natural_six_at_the_price_of_a_casting_save():
    wizard = delver("Mage", powers=["powerful"], menhirs=["fire"], pool=["fire"], fatigue=2)
    orc = delver("Orc", kind="npc", ac=5)
    enc = fight([wizard], [orc], [3, 1, 4])  # the jab's die 3; then the stone's save, 1: a fatigue
    enc.engage(enc.post(wizard), enc.post(orc))
    enc.apply(Action(wizard, "jab", orc))
    assert enc.post(wizard).avail["A"] == 0
    settle(enc)
    enc.apply(Action(wizard, "jab", orc))
    assert texts(enc)[-4:-1] == [
        "Mage spends a fire stone as an attack die (a natural 6).",
        "Mage saves (a stone spent as a die): 1-1 vs fatigue 2: fails.",
        "Mage gains 1 fatigue (the strain of the stone): 3/6.",
    ]
    assert wizard.pool == [] and wizard.discard == ["fire"]
    settle(enc)
    assert "Mage's JAB hits Orc: 6 vs AC 5 (a natural 6)." in texts(enc) and orc.wounds == 1


def test_exert_wins_back_a_spent_die_for_a_fatigue():
    wizard = delver("Mage", powers=["exert"])
    orc = delver("Orc", kind="npc", ac=0)
    enc = fight([wizard], [orc], [2, 3])
    enc.engage(enc.post(wizard), enc.post(orc))
    enc.apply(Action(wizard, "jab", orc))
    settle(enc)
    enc.apply(Action(wizard, "exert", options={"die": "A"}))
    settle(enc)
    assert texts(enc)[-3:] == [
        "Stacked #2: Mage: EXERT for an attack die.",
        "Resolving #2: Mage: EXERT for an attack die.",
        "Mage wins back an attack die.",
    ]
    assert wizard.fatigue == 1 and enc.post(wizard).avail["A"] == 1


def test_tumble_makes_a_move_quick_for_a_fatigue_and_raised_ac_falls_at_the_end_of_the_turn():
    rogue = delver("Rogue", powers=["tumble"], fatigue=1)
    orc = delver("Orc", kind="npc", ac=0)
    enc = fight([rogue], [orc], [5, 4, 2], initiative="foes")
    enc.engage(enc.post(rogue), enc.post(orc))
    enc.apply(Action(orc, "jab", rogue))  # 5
    enc.apply(Action(rogue, "withdraw"))  # quick by Tumble: a fatigue; M die 4
    assert rogue.fatigue == 2
    settle(enc)  # the withdrawal resolves first: AC 4 and out of reach, so the jab fails
    assert texts(enc)[-2:] == [
        "Resolving #1: Orc: JAB Rogue [die 5, 5 vs AC 4: hits as things stand].",
        "Rogue is out of Orc's reach: the attack fails.",
    ]
    assert enc.ac_of(enc.post(rogue)) == 4
    enc.apply(Action(orc, "pass"))  # the foes' turn ends: raised AC falls, their dice refresh
    assert enc.ac_of(enc.post(rogue)) == 1 and enc.post(orc).avail == {"M": 1, "A": 1, "S": 0}
    assert enc.next_actor() is rogue and enc.post(rogue).avail["M"] == 0  # spent on the foes' turn


def test_heavy_hitter_tires_the_target_hit_or_miss_and_two_handed_wounds_count_double_on_lesser_foes():
    brute = delver("Brute", powers=["heavy-hitter"], equipment=["two-handed"])
    goblin = delver("Goblin", kind="npc", lesser=True, ac=3, fatigue=4, max_fatigue=5)
    enc = fight([brute], [goblin], [2])
    enc.engage(enc.post(brute), enc.post(goblin))
    enc.apply(Action(brute, "jab", goblin))
    settle(enc)
    assert texts(enc)[-2:] == [
        "Brute's JAB misses Goblin: 2 vs AC 3.",
        "Goblin gains 1 fatigue (Brute hits heavily): 5/5.",
    ]
    goblin.fatigue = 5
    enc2 = fight([brute], [goblin], [4])
    enc2.engage(enc2.post(brute), enc2.post(goblin))
    enc2.apply(Action(brute, "jab", goblin))
    settle(enc2)
    assert texts(enc2)[-3:] == [
        "Goblin gains 1 fatigue (Brute hits heavily): 6/5.",
        "Goblin takes 1 wound (fatigue past the limit): wounded x1.",
        "Goblin takes 2 wounds (Brute's jab): wounded x3.",
    ]
    assert goblin.hidden_damage == []


def test_a_fight_that_starts_far_takes_two_moves_to_reach_melee():
    hero = delver("Hero")
    orc = delver("Orc", kind="npc", ac=0)
    enc = fight([hero], [orc], [3, 4], start="far")
    enc.apply(Action(hero, "move", orc))
    settle(enc)
    assert texts(enc)[-1] == "Hero closes the distance toward Orc." and not enc.post(hero).engaged
    enc.post(hero).avail["M"] = 1
    enc.apply(Action(hero, "move", orc))
    settle(enc)
    assert texts(enc)[-1] == "Hero is in melee with Orc." and enc.post(hero).engaged == {1}


def _menu(enc, actor):
    """The move menu as a player sees it: each move's label and the foes it may aim at, by label."""
    return {t.kind: (t.label, [enc.label(a) for a in t.targets]) for t in enc.templates(actor)}


def test_jab_and_coup_wait_for_a_foe_in_reach_and_withdraw_says_where_it_goes():
    hero = delver("Hero", equipment=["free-hand"])  # two movement dice
    archer = delver("Archer", equipment=["bow"])
    goblins = [delver("Goblin", kind="npc", ac=0), delver("Goblin", kind="npc", ac=0)]
    enc = fight([hero, archer], goblins, [4, 5])
    menu = _menu(enc, hero)  # near, in melee with nobody: no attack to offer (it could only fail)
    assert "jab" not in menu and "coup" not in menu
    assert menu["withdraw"] == ("WITHDRAW to fall back far (M)", [])
    assert _menu(enc, archer)["jab"] == ("JAB: a wound on a hit (A)", ["Goblin 1", "Goblin 2"])  # a bow
    enc.apply(Action(hero, "move", goblins[0]))
    settle(enc)
    menu = _menu(enc, hero)
    assert menu["jab"][0] == "JAB: a wound on a hit (A)" and menu["jab"][1][0] == "Goblin 1"
    assert menu["coup"][0] == "COUP DE GRACE: a finishing blow on a hit (A)"
    assert menu["withdraw"][0] == "WITHDRAW from melee (M)"
    [jab] = [c for c in enc.choices(hero) if c.action.kind == "jab" and c.typical]
    assert enc.action_odds(jab.action).success == Fraction(5, 6)  # die 2+ against AC 0, Goblin 1
    # typed at the goblin out of reach, a jab is taken as before, and fails when it resolves
    enc.apply(Action(hero, "jab", goblins[1]))
    settle(enc)
    assert "Goblin 2 is out of Hero's reach: the attack fails." in texts(enc)
    enc.post(archer).far = True  # a withdraw from far keeps the distance (and raises the AC)
    assert _menu(enc, archer)["withdraw"] == ("WITHDRAW to keep your distance (M)", [])
