"""The worked examples MQ-1 to MQ-19 (EXAMPLES.md section E) with scripted dice."""

from fractions import Fraction

import pytest
from masque_stage import bit, masque_fixture, set_to  # noqa: F401 - the masque fixture

from solo.dice import ScriptedRng
from solo.dice.special import face_distribution
from solo.rules import RulesError
from solo.rules.masque import fx
from solo.rules.masque.addons import addon_odds, roll_addons
from solo.rules.masque.cast import legal_cast, parse_cast
from solo.rules.masque.growth import award_chops, recovery_roll
from solo.rules.masque.odds import cast_odds
from solo.rules.masque.reaction import read, reversed_digits
from solo.rules.masque.throw import roll_cast
from solo.rules.stage import Stage


def test_mq1_averages_of_a_d4_and_a_d1():
    d4 = parse_cast("d4")
    assert d4.average == Fraction(5, 2)
    assert not roll_cast(d4, ScriptedRng([2]), monster=False).met
    assert roll_cast(d4, ScriptedRng([3]), monster=False).met  # needs 3+
    assert cast_odds(d4).met == Fraction(1, 2)
    assert parse_cast("d1").average == Fraction(1, 2)


def test_mq2_bravo_d8_needs_five():
    cast = legal_cast("d8", 8)
    assert cast.average == Fraction(9, 2)
    assert [roll_cast(cast, ScriptedRng([v]), monster=False).met for v in (4, 5)] == [False, True]
    assert cast_odds(cast).met == Fraction(1, 2)


def test_mq3_bravo_at_nine_casts_d8_plus_d1(masque):
    cast = legal_cast("d8+d1", 9)
    assert cast.average == 5
    assert cast_odds(cast).met == Fraction(9, 16)
    bravo = masque.new_actor("Bravo", "bravo")
    bravo.build = bravo.current = 9
    roll = roll_cast(cast, ScriptedRng([8, 1]), monster=False)  # d1 from a d2 of 1: 0
    assert roll.casting == 8 and roll.met
    assert roll.dice[0].full and roll.dice[0].natural  # the d8 is full: Role Fx is open


def test_mq4_bravo_at_seven_casts_d8_minus_one_and_loses_role_fx(masque):
    cast = legal_cast("d8-1", 7)
    assert cast.average == Fraction(7, 2)
    roll = roll_cast(cast, ScriptedRng([8]), monster=False, over=True)
    assert not roll.dice[0].full and roll.casting == 7
    assert [roll_cast(cast, ScriptedRng([v]), monster=False, over=True).met for v in (4, 5)] == [False, True]
    assert cast_odds(cast).met == Fraction(1, 2)


@pytest.mark.parametrize("text", ["2d6-1", "3d4-1", "d10+d1", "d5+d4+d3-1", "d11", "d6+d5", "d8+d3", "d12-1"])
def test_mq5_legal_casts_at_eleven(text):
    assert legal_cast(text, 11).text == text


@pytest.mark.parametrize(("text", "why"), [
    ("d12", "one over current build 11: add -1"),
    ("4d3", "at most 3 dice"),
    ("2d6", "one over current build 11: add -1"),
    ("d20", "over current build 11"),
])
def test_mq5_illegal_casts_at_eleven_say_why(text, why):
    with pytest.raises(RulesError, match=why):
        legal_cast(text, 11)


def test_mq6_ghoul_rerolls_a_d6_and_its_d4():
    cast = parse_cast("2d6-d4")
    assert cast.average == Fraction(9, 2)  # base Ghoul needs 5+
    roll = roll_cast(cast, ScriptedRng([6, 2, 4, 3, 1]), monster=True)
    assert [d.rolls for d in roll.dice] == [[6, 3], [2], [4, 1]]
    assert roll.average == Fraction(11, 2)  # 3 x 3.5 - 2 x 2.5
    assert roll.casting == 6 and roll.met


def test_mq7_a_modifying_die_is_never_rerolled():
    rng = ScriptedRng([4, 6, 2])  # Goblin d4|d6 least: d4 4, d6 6; the d4 natural rerolls a 2
    roll = roll_cast(parse_cast("d4|d6 least"), rng, monster=True)
    assert roll.dice[0].sides == 4 and roll.dice[0].rolls == [4, 2]
    assert roll.dice[0].other == (6, 6) and rng.exhausted
    assert roll.casting == 6


def test_mq8_hybor_lizard_explodes_to_fourteen():
    roll = roll_cast(parse_cast("d6-1"), ScriptedRng([6, 6, 3]), monster=True)
    assert roll.casting == 14 and roll.average == Fraction(19, 2) and roll.met


@pytest.mark.parametrize(("die", "natural"),
                         [(7, Fraction(1, 6)), (11, Fraction(1, 10)), (13, Fraction(1, 12))])
def test_mq9_doubled_dice_naturals(die, natural):
    assert cast_odds(parse_cast(f"d{die}")).casting[die] == natural
    assert face_distribution(die)[die] == natural


def test_mq10_add_on_hits():
    assert addon_odds() == {0: Fraction(1, 3), 1: Fraction(1, 2), 2: Fraction(1, 6)}
    d6 = [0, 0, 1, 1, 1, 2]
    assert {n: Fraction(d6.count(n), 6) for n in (0, 1, 2)} == addon_odds()
    assert addon_odds(4, 3) == {0: Fraction(1, 4), 1: Fraction(5, 12), 2: Fraction(1, 4), 3: Fraction(1, 12)}
    assert roll_addons(ScriptedRng([3, 1])) == 2


def test_mq11_monster_all_ones():
    bats = parse_cast("d6-d2")
    both = roll_cast(bats, ScriptedRng([1, 1]), monster=True)
    assert both.nullified and both.casting == 0
    low = roll_cast(bats, ScriptedRng([1, 2]), monster=True)
    assert not low.nullified and low.casting == 0  # below 1, but no hit
    ghoul = roll_cast(parse_cast("2d6-d4"), ScriptedRng([1, 1, 3]), monster=True)
    assert ghoul.nullified
    troll = parse_cast("d10+2d4")
    assert roll_cast(troll, ScriptedRng([1, 1, 3]), monster=True).nullified
    assert not roll_cast(troll, ScriptedRng([1, 3, 1]), monster=True).nullified
    assert cast_odds(troll, monster=True).nullified == Fraction(1, 10) * Fraction(1, 4)  # the text's 50 %


def test_mq12_monster_casts_against_their_build(masque):
    plus_one = {"turbul-bats", "hybor", "merekite", "ghoul"}
    for name in masque.npc_names():
        npc = masque.npc(name)
        if npc.is_monster:
            cast = parse_cast(npc.cast)
            assert cast.faces == npc.build + (1 if name in plus_one else 0), name
            if name in plus_one:
                assert cast.const < 0 or any(t.sign < 0 for t in cast.terms)


def test_mq13_manifold_scabbard_chain():
    from solo.rules.masque.items import manifold_chain

    assert manifold_chain(8, 6, ScriptedRng([4, 4, 2])) == [(8, 6), (6, 4), (4, 4), (4, 2)]
    assert manifold_chain(8, 5, ScriptedRng([])) == [(8, 5)]


def test_mq14_vlad_is_a_curate_out_at_five(masque):
    vlad = masque.npc("Vlad")
    assert (vlad.role, vlad.build, vlad.baseline, vlad.kind) == ("curate", 14, 5, "npc")
    masque.harm(vlad, "body", "major")
    masque.harm(vlad, "body", "major")
    assert vlad.current == 8 and not vlad.out_of_action
    masque.harm(vlad, "body", "major")
    assert vlad.current == 5 and vlad.out_of_action


def test_mq15_a_mark_exited_in_restaging_cannot_be_entered_that_restaging():
    stage: Stage[str] = Stage(["troupe", "monsters"])
    stage.stage("troupe", ["Lancer", "Bravo", "Magnus"])
    stage.new_restaging()
    assert stage.exit("troupe", "Bravo")
    assert stage.enter("troupe", "Rat") == 0  # occupied and exited this restaging: trampled
    stage.new_restaging()
    assert stage.enter("troupe", "Rat") == 2  # the next bit it is vacant
    assert stage.enter("troupe", "Bravo") == 0  # nothing left to enter


def test_mq16_recovery_at_eight(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    bravo.build, bravo.current = 10, 8
    recovery_roll(bravo, ScriptedRng([8]))
    assert bravo.current == 8
    recovery_roll(bravo, ScriptedRng([9]))
    assert bravo.current == 9
    bravo.current = 8
    recovery_roll(bravo, ScriptedRng([20, 20, 3]))
    assert bravo.current == 10  # a 20 always counts and rolls again; 3 does not beat 10... nor is it rolled
    assert sum(1 for v in range(1, 21) if v > 8) / 20 == 0.6


def test_mq17_chops(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    bravo.chops = 7
    award_chops(bravo, hit_bits=2, dealt=2, took_out=False)
    assert (bravo.chops, bravo.build, bravo.current) == (0, 9, 9)
    other = masque.new_actor("Other", "bravo")
    other.chops = 5
    award_chops(other, hit_bits=1, dealt=1, took_out=False)
    assert other.chops == 6


def test_mq18_reaction_roll_digits():
    assert reversed_digits(18) == 81 and reversed_digits(100) == 100 and reversed_digits(5) == 50
    assert read(18, 12).needed == 84 and read(18, 12).result == "unfavourable"  # 81 is short of 84
    strong = read(18, 18)  # needs 81: the reversed reading passes, the offence is tolerated
    assert strong.needed == 81 and strong.result == "tolerated" and "-18" in strong.text
    assert read(85, 8).needed == 86 and read(85, 8).result == "unfavourable"
    assert read(99, 8).result == "favourable" and read(100, 8).result == "special favour"


def test_mq19_one_bit_through_the_real_set_to(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    magnus = masque.new_actor("Magnus", "magnus")
    orc, goblin = masque.npc("orc"), masque.npc("goblin")
    # Bravo d8 6, Magnus d6 2, Orc d4 3, Goblin d4 2 and d6 5
    enc = set_to(masque, [bravo, magnus], [orc, goblin], [6, 2, 3, 2, 5])
    rng = enc.rng
    bit(enc, (bravo, "d8"), (magnus, "d6"))
    texts = [e.text for e in enc.log]
    assert "Goblin: d4=2 → 2 (under avg 2.5)" in texts
    assert "Totals: troupe 8, monsters 5." in texts and "The strike goes to the troupe." in texts
    assert "Bravo: d8=6 → 6 (met avg 4.5)" in texts and "Magnus: d6=2 → 2 (under avg 3.5)" in texts
    hits = {enc.label(a): enc.seat(a).hits for a in (orc, goblin)}
    assert sorted(hits.values()) == [0, 1]  # one singleton on the Orc or the Goblin
    assert enc.mark(enc.seat(magnus)) == 0 and enc.mark(enc.seat(bravo)) == 1  # Magnus forced down
    assert "Magnus is forced downstage." in texts
    # the monsters deal nothing
    assert not any(e.kind == "hit" and e.actor in ("Bravo", "Magnus") for e in enc.log)
    assert enc.round == 2 and rng.exhausted


def test_role_fx_triggers_only_on_a_full_role_die_natural(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    orc = masque.npc("orc")
    enc = set_to(masque, [bravo], [orc], [8, 3, 6])
    seat = enc.seat(bravo)
    seat.roll = roll_cast(parse_cast("d8"), enc.rng, monster=False)
    enc.seat(orc).roll = roll_cast(parse_cast("d4"), enc.rng, monster=True)
    events: list = []
    fx.role_fx(enc, seat, orc, events)  # reroll 6 >= the Orc's d4 3: the die changes sides
    assert enc.seat(orc).roll.casting == 0 and enc.side_total("troupe") == 9
    assert "takes Orc's d4 (3) for its side" in events[0].text


def test_stacked_modifiers_halve_the_second_and_divide_the_third():
    from solo.rules.masque.items import armour_check, stack_modifiers

    assert stack_modifiers([3, 1]) == 1 + 2  # ascending: 1, then 3 halved and rounded up
    assert stack_modifiers([2, 2, 5]) == 2 + 1 + 2  # 5 / 3 rounds up to 2
    assert stack_modifiers([-3, 2]) == -3 + 1  # |x| rounded up, sign kept
    assert [armour_check(2, ScriptedRng([v])) for v in (2, 3)] == ["erased", "stands"]
    assert armour_check(-1, ScriptedRng([1])) == "paired"
