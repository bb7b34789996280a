"""Set-tos played bit by bit with scripted dice: Role Fx, monster specials, restaging, the end."""

from fractions import Fraction

import pytest
from masque_stage import bit, masque_fixture, set_to, texts  # noqa: F401 - the masque fixture

from solo.dice import ScriptedRng
from solo.rules import RulesError
from solo.rules.masque.setto import SetTo
from solo.rules.masque.specials import HOOKED, KINDS


def test_every_hook_names_a_monster_with_stats_and_the_data_says_which(masque):
    rows = masque.monsters
    assert all(r.get("hook") for r in rows.values())  # every monster with stats plays its special
    assert {r["hook"] for r in rows.values()} == set(HOOKED)
    assert all(r["hook"] == KINDS.get(k, k) for k, r in rows.items())


def test_lancer_role_fx_rerolls_the_foe_die_and_adds_a_d6(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    troll = masque.npc("troll")
    # Lancer d12 12; Troll d10 9, d4 2, d4 3; Fx: reroll 7, the Troll's d10 rerolled to 2, +d6 5
    enc = set_to(masque, [lancer], [troll], [12, 9, 2, 3, 7, 2, 5, 3])
    bit(enc, (lancer, "d12"))
    assert "Lancer's Role Fx (reroll 7): Troll's d10 rerolled 9 → 2, +5 to its casting" in texts(enc)
    assert "Totals: troupe 12, monsters 7." in texts(enc)


def test_curate_role_fx_can_hold_a_foe_fast(masque):
    curate = masque.new_actor("Curate", "curate")
    orc = masque.npc("orc")
    # Curate d10 10 (natural), Orc d4 3; reroll 6 comes off the 3: -3, held 4 bits
    enc = set_to(masque, [curate], [orc], [10, 3, 6])
    bit(enc, (curate, "d10"))
    assert enc.seat(orc).immobile == 4
    assert "Totals: troupe 6, monsters 0." in texts(enc)
    assert [t.kind for t in enc.templates(orc)] == ["held"]


def test_magnus_turns_an_odd_die_to_one_and_more_of_that_size(masque):
    magnus = masque.new_actor("Magnus", "magnus")
    orcs = [masque.npc("orc"), masque.npc("orc")]
    # Magnus d6 6; Orcs d4 3 and 2; reroll 5: the 3 becomes 1, the other Orc's 2 fits within 5: 1 too
    enc = set_to(masque, [magnus], orcs, [6, 3, 2, 5])
    bit(enc, (magnus, "d6"))
    assert "Totals: troupe 5, monsters 2." in texts(enc)


def test_bravo_against_bravo_only_knocks_the_die_away(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    rival = masque.new_actor("Vlad", "bravo", npc=True)
    enc = set_to(masque, [bravo], [rival], [8, 3, 6])  # Bravo d8 8, Vlad d8 3; reroll 6 >= 3
    bit(enc, (bravo, "d8"), (rival, "d8"))
    assert "Bravo's Role Fx (reroll 6): Vlad's d8 (3) is knocked away" in texts(enc)
    assert "Totals: troupe 6, monsters 0." in texts(enc)  # removed, but not added to the troupe


def test_a_role_actor_leading_the_monsters_takes_options_first(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    vlad = masque.npc("vlad")
    enc = set_to(masque, [bravo], [vlad], [8, 10, 1, 6, 2])  # both naturals (Vlad's bonus d2 1); his Fx first
    bit(enc, (bravo, "d8"), (vlad, "d10"))
    fx = [t for t in texts(enc) if "Role Fx" in t]
    assert fx[0].startswith("Vlad's Role Fx (reroll 6)") and fx[1].startswith("Bravo's Role Fx (reroll 2)")


def test_goblin_hoards_kept_d6_faces_and_adds_a_die_of_that_size(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    goblin = masque.npc("goblin")
    # bit 1: Lancer 3; Goblin d4 4, d6 3 -> keeps the d6 3: hoard 3.  Goblin 3 vs 3: parley
    # bit 2: Lancer 2; Goblin d4 2, d6 5 -> keeps 2, plus its hoard d3: 3 (never rerolled)
    enc = set_to(masque, [lancer], [goblin], [3, 4, 3, 2, 2, 5, 3])
    bit(enc, (lancer, "d12"))
    assert "Goblin hoards its d6 3: its casts add d3 from now on." in texts(enc)
    bit(enc, (lancer, "d12"))
    assert "Goblin: d4=2 d3=3 → 5 (met avg 4.5)" in texts(enc)


def test_orc_stepping_onto_a_fallen_allys_mark_borrows_its_dice(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    orcs = [masque.npc("orc") for _ in range(4)]
    # bit 1: Lancer 11; Orcs 1 (all-1s: a hit), 2, 2.  Orc 1 then... takes the strike's hit too
    enc = set_to(masque, [lancer], orcs, [11, 1, 2, 2])
    enc.seat(orcs[0]).hits = 1  # its all-1s hit is its second
    bit(enc, (lancer, "d12"))
    fallen = [o for o in orcs if enc.seat(o).out]
    assert fallen, texts(enc)
    mark = enc.seat(fallen[0]).state["fell_mark"]
    assert enc.stage.at("monsters", mark) is enc.seat(orcs[3])
    assert "Orc 4 takes Orc 1's place and its dice (d4) for the next bit." in texts(enc) or \
        any("takes" in t and "place" in t for t in texts(enc))
    assert enc.monster_cast(enc.seat(orcs[3])).text == "2d4"


def test_ogre_loses_its_d6_to_its_second_hit_and_rams_on_a_natural(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    ogre = masque.npc("ogre")
    enc = set_to(masque, [lancer], [ogre], [10, 2, 3, 9, 2, 2, 9, 3])
    bit(enc, (lancer, "d12"))
    bit(enc, (lancer, "d12"))
    assert "Lancer's hit knocks the d6 out of Ogre's cast." in texts(enc)
    assert enc.monster_cast(enc.seat(ogre)).text == "d8" and enc.seat(ogre).out is None
    bit(enc, (lancer, "d12"))
    assert enc.seat(ogre).out == "out of action" and enc.is_over()
    rammed = masque.new_actor("Lancer", "lancer")
    enc = set_to(masque, [rammed], [masque.npc("ogre")], [5, 8, 3, 2])
    bit(enc, (rammed, "d12"))
    assert "Ogre rams Lancer: its casting counts nothing and it is forced downstage." in texts(enc)
    assert "Totals: troupe 0, monsters 13." in texts(enc)
    assert enc.mark(enc.seat(rammed)) == 0 and enc.seat(rammed).hits == 1


def test_hybor_downstage_slips_half_its_hits(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    hybor = masque.npc("hybor")
    enc = set_to(masque, [lancer], [hybor], [])
    enc.stage.vacate("monsters", enc.seat(hybor))  # downstage: the only foe, so hits still find it
    enc.rng = ScriptedRng([8, 1])  # Lancer 8 strikes an empty upstage; the d2 of 1 cancels
    bit(enc, (lancer, "d12"), (hybor, "wait"))
    assert "Hybor slips the hit downstage." in texts(enc) and enc.seat(hybor).hits == 0


def test_turbul_bats_drive_a_foe_downstage_when_struck(masque):
    lancer, bravo = masque.new_actor("Lancer", "lancer"), masque.new_actor("Bravo", "bravo")
    bats = [masque.npc("turbul-bats") for _ in range(3)]
    # Lancer 11, Bravo 7; Bats (d6 - d2): 5-1=4 met, 2-1, 2-1; troupe 18 strikes; 2 hits on bats
    enc = set_to(masque, [lancer, bravo], bats, [11, 7, 5, 1, 2, 1, 2, 1])
    bit(enc, (lancer, "d12"), (bravo, "d8"))
    assert any("swarm" in t for t in texts(enc)) == (enc.seat(bats[0]).state.get("hit_bit") != 1)


def test_ghoul_with_a_match_sheds_a_hit(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    ghoul = masque.npc("ghoul")
    enc = set_to(masque, [lancer], [ghoul], [])
    enc.seat(ghoul).hits = 1
    enc.rng = ScriptedRng([1, 3, 2, 3])  # Lancer 1; Ghoul d6 3, d6 2, d4 3: a d6 matches the d4
    bit(enc, (lancer, "d12"))
    assert "Ghoul sheds a hit and gives up its own this bit." in texts(enc)
    assert "Totals: troupe 1, monsters 2." in texts(enc) and "The strike goes to the monsters." in texts(enc)
    assert enc.seat(ghoul).hits == 0 and enc.seat(lancer).hits == 0  # nobody else could deal its hit


def test_troll_checks_weak_hits_on_a_d6(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    troll = masque.npc("troll")
    # Lancer 11 (not natural); Troll d10 1... no: 2, d4 2, d4 3 -> 7 (under 10.5): the Lancer strikes.
    # The Lancer's top die 11 beats the Troll's best (2 or 5): the hit lands without a check.
    enc = set_to(masque, [lancer], [troll], [11, 2, 2, 3])
    bit(enc, (lancer, "d12"))
    assert enc.seat(troll).hits == 1
    lancer2 = masque.new_actor("Lancer", "lancer")
    troll2 = masque.npc("troll")
    # Lancer 2d6 (5, 4): top die 5; Troll 1... d10 3, d4 1, d4 1 -> 5, under 10.5.  9 vs 5 strike;
    # top 5 <= best(3, 2) no: 5 > 3 - so use d10 6: best 6 >= 5: d6 check 4 loses a d4
    enc = set_to(masque, [lancer2], [troll2], [5, 4, 6, 1, 1, 4])
    bit(enc, (lancer2, "2d6"))
    assert "Troll loses a d4 from its cast instead (d6 4)." in texts(enc)
    assert enc.monster_cast(enc.seat(troll2)).text == "d10+d4"


def test_fell_groot_d4_comes_off_the_foes_total(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    groot = masque.npc("fell-groot")
    enc = set_to(masque, [lancer], [groot], [9, 2, 2, 3])  # G'root 2d6+d4: 2, 2, d4 3
    bit(enc, (lancer, "d12"))
    assert "Totals: troupe 6, monsters 7." in texts(enc)


def test_salamander_burns_whoever_hits_it(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    sal = masque.npc("salamander")
    enc = set_to(masque, [lancer], [sal], [11, 1, 1, 2])  # d8 1, d5 1, d4 2: all-1s too (d8, d5)
    bit(enc, (lancer, "d12"))
    assert "Lancer is burned striking Salamander." in texts(enc)
    assert "Lancer takes a hit." in texts(enc) and enc.seat(sal).out is not None
    assert "Lancer's single hit is erased." in texts(enc)  # the set-to is over


def test_merekite_double_counts_twice_in_bit_one(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    kite = masque.npc("merekite")
    enc = set_to(masque, [lancer], [kite], [9, 3, 3])
    bit(enc, (lancer, "d12"))
    assert "Merekite's double 3-3 counts twice." in texts(enc)
    assert "Totals: troupe 9, monsters 11." in texts(enc)


def test_warg_adds_a_d4_when_its_d3_names_an_empty_mark(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    warg = masque.npc("warg")
    enc = set_to(masque, [lancer], [warg], [6, 3, 2, 3])  # d6 3, d3 2 (mark 2 is empty), d4 3
    bit(enc, (lancer, "d12"))
    assert "Totals: troupe 6, monsters 8." in texts(enc)


def test_a_role_actors_pair_costs_build_and_rolls_add_ons(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    witcher = masque.npc("witcher")
    enc = set_to(masque, [bravo], [witcher], [])
    enc.seat(bravo).hits = 1
    enc.rng = ScriptedRng([2, 9, 3, 1])  # Bravo 2, Witcher 9: a hit pairs; add-ons |3 - 1| = 2: a new pair
    bit(enc, (bravo, "d8"))
    assert bravo.current == 6 and enc.seat(bravo).hits == 0
    assert "Bravo takes 2 add-on hit(s)." in texts(enc)


def test_an_illegal_cast_is_refused_naming_the_actor(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    enc = set_to(masque, [bravo], [masque.npc("orc")], [])
    template = next(t for t in enc.templates(bravo) if t.kind == "cast")
    with pytest.raises(RulesError, match="at most 3 dice"):
        enc.bind(template, bravo, None, dice="4d2")
    from solo.rules import Action

    with pytest.raises(RulesError, match="Bravo: d12 spends 12 faces, over current build 8"):
        enc.apply(Action(bravo, "cast", None, options={"dice": "d12"}))


def test_the_board_shows_both_sides_marks_and_who_waits(masque):
    troupe = [masque.new_actor(n, r) for n, r in (("Ann", "lancer"), ("Bo", "bravo"), ("Mo", "magnus"))]
    foes = [masque.npc(n) for n in ("orc", "orc", "goblin", "ogre")]
    enc = set_to(masque, troupe, foes, [])
    (heading, lines), = enc.board()
    assert heading == "Stage (troupe | monsters)"
    assert lines[0].startswith("1 Ann 12/12 h0") and "|1 Orc 1 B4 h0" in lines[0]
    assert lines[-1] == "monsters downstage: Ogre B14 h0"
    assert all(len(line) <= 76 for line in lines)


def test_monsters_break_off_when_half_are_out(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    orcs = [masque.npc("orc"), masque.npc("orc")]
    enc = set_to(masque, [lancer], orcs, [11, 1, 3])  # Orc 1 all-1s: one hit; the Lancer's hit...
    enc.seat(orcs[0]).hits = 1
    bit(enc, (lancer, "d12"))
    assert enc.is_over() and enc.winner == "troupe"
    assert "Half of the monsters are out: the rest break off and flee." in texts(enc)


def test_a_cast_shows_its_exact_chance_of_meeting_its_average(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    bravo.build = bravo.current = 9
    enc = set_to(masque, [bravo], [masque.npc("orc")], [])
    template = next(t for t in enc.templates(bravo) if t.kind == "cast")
    assert template.params[0][1][0] == "d8+d1"  # the first suggestion keeps the role die full
    odds = enc.action_odds(enc.bind(template, bravo, None, dice="d8+d1"))
    assert odds.success == Fraction(9, 16)  # MQ-3


def test_rounder_keeping_its_d3_casts_d4_or_d6_next_and_a_d6_four_is_a_d4_natural(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    rounder = masque.npc("rounder")
    enc = set_to(masque, [lancer], [rounder], [3, 1, 2, 3, 2, 4, 3])
    bit(enc, (lancer, "d12"))
    assert "Rounder keeps its d3: next bit it casts d4|d6 best max." in texts(enc)
    bit(enc, (lancer, "d12"))
    assert "Rounder: d6=4 d4=3 → 7 (met avg 6)" in texts(enc)


def test_hobgoblin_steps_its_one_up_and_its_neighbours_die_down(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    hobs = [masque.npc("hobgoblin"), masque.npc("hobgoblin")]
    enc = set_to(masque, [lancer], hobs, [3, 1, 4])
    bit(enc, (lancer, "d12"))
    assert "Hobgoblin 1 steps its 1 up, and Hobgoblin 2's die down." in texts(enc)
    assert "Totals: troupe 3, monsters 5." in texts(enc) and enc.seat(hobs[0]).hits == 0


def test_commoner_steps_up_a_reroll_no_higher_than_its_d4(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    enc = set_to(masque, [lancer], [masque.npc("commoner")], [3, 5, 3, 2])
    bit(enc, (lancer, "d12"))
    assert "Commoner steps up 1 low reroll(s)." in texts(enc)
    assert "Totals: troupe 3, monsters 8." in texts(enc)


def test_gnome_drops_its_d8_on_a_seven_and_steps_its_d6_up(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    gnome = masque.npc("gnome")
    enc = set_to(masque, [lancer], [gnome], [3, 4, 7])
    bit(enc, (lancer, "d12"))
    assert "Totals: troupe 3, monsters 5." in texts(enc)
    assert enc.monster_cast(enc.seat(gnome)).text == "d6"


def test_elf_trades_its_reroll_for_a_d4_to_each_neighbour(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    elves = [masque.npc("elf") for _ in range(3)]
    enc = set_to(masque, [lancer], elves, [3, 2, 8, 3, 4, 2, 3, 2, 2])  # the Lancer's pair: add-ons 0
    bit(enc, (lancer, "d12"))
    assert "Elf 2 gives up its reroll: Elf 1, Elf 3 each add a d4." in texts(enc)
    assert "Totals: troupe 3, monsters 19." in texts(enc)


def test_dwarf_steps_up_a_reroll_below_its_kins_lowest_die(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    dwarves = [masque.npc("dwarf"), masque.npc("dwarf")]
    enc = set_to(masque, [lancer], dwarves, [3, 4, 3, 1, 3, 3, 1, 1])
    bit(enc, (lancer, "d12"))
    assert "Dwarf 1 steps up 1 reroll(s) beside its kin." in texts(enc)
    assert "Totals: troupe 3, monsters 15." in texts(enc)


def test_spidure_brackets_the_facing_high_die(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    enc = set_to(masque, [lancer], [masque.npc("spidure")], [7, 5, 3, 2])
    bit(enc, (lancer, "d12"))
    assert "Spidure's d5s (7, 3) bracket Lancer's high die (7): it counts nothing this bit." in texts(enc)
    assert "Totals: troupe 0, monsters 10." in texts(enc)


def test_witcher_forced_down_drags_a_foe_that_stays_down_while_it_waits(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    witcher, orc = masque.npc("witcher"), masque.npc("orc")
    enc = set_to(masque, [lancer], [witcher, orc], [2, 4, 4, 3, 1, 2])
    bit(enc, (lancer, "d12"))
    assert "Witcher drags Lancer downstage with it (d12 1)." in texts(enc)
    assert enc.mark(enc.seat(lancer)) == 0
    bit(enc, (lancer, "enter"))
    assert enc.mark(enc.seat(lancer)) == 0  # the Witcher was still downstage when it tried


def test_a_plus_two_weapon_helps_meet_the_average_but_not_a_shared_total(masque):
    bravo, magnus = masque.new_actor("Bravo", "bravo"), masque.new_actor("Magnus", "magnus")
    bravo.items = ["weapon+2"]
    orc = masque.npc("orc")
    enc = set_to(masque, [bravo, magnus], [orc], [4, 1, 3, 2])  # Bravo d8 4 +d2 1; Magnus 3; Orc 2
    bit(enc, (bravo, "d8"), (magnus, "d6"))
    assert "Bravo: d8=4 +1 weapon → 4 (5 armed) (met avg 4.5)" in texts(enc)
    assert "Totals: troupe 7, monsters 2." in texts(enc)  # two castings: the bonus stays out
    alone = masque.new_actor("Bravo", "bravo")
    alone.items = ["weapon+2"]
    enc = set_to(masque, [alone], [masque.npc("orc")], [4, 2, 2])
    bit(enc, (alone, "d8"))
    assert "Totals: troupe 6, monsters 2." in texts(enc)  # the side's only casting: it counts


def test_armour_may_erase_a_single_hit_at_the_end_of_the_bit(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    bravo.items = ["armour+3"]
    witcher = masque.npc("witcher")
    enc = set_to(masque, [bravo], [witcher], [2, 9, 3])  # the Witcher hits; the armour's d8 is 3
    bit(enc, (bravo, "d8"))
    assert "Bravo's armour turns the single hit aside." in texts(enc) and enc.seat(bravo).hits == 0


def test_an_unknown_item_on_a_sheet_is_named(masque):
    sheet = masque.new_actor("Bravo", "bravo").to_dict()
    sheet["items"] = ["weapon+2", "vorpal spoon"]
    with pytest.raises(RulesError, match=r"items\[1\]: item 'vorpal spoon' is not weapon\+N"):
        masque.load_actor(sheet)
    sheet["items"] = ["narsil", "armour-1"]
    assert masque.load_actor(sheet).items == ["narsil", "armour-1"]


def test_mq15_mast_rats_take_an_opponent_mark_through_real_bits(masque):
    roles = ("lancer", "bravo", "magnus", "curate")
    lancer, bravo, magnus, curate = (masque.new_actor(r.title(), r) for r in roles)
    rats = [masque.npc("mast-rats") for _ in range(4)]
    enc = set_to(masque, [lancer, bravo, magnus, curate], rats,
                 [4, 5, 1, 2, 1, 2, 1, 2,  # bit 1: 9 against 9, a parley
                  4, 5, 1, 2, 1, 2, 1, 2,  # bit 2: the same
                  6, 5, 3, 1, 2, 1, 2, 1, 2, 1, 2, 2])  # bit 3: the Rat bites the Curate for 2: 12 all
    enc.morale = "none"
    rat = enc.seat(rats[3])
    # bit 1: the Bravo leaves mark 2; the Rat may not take it, as it was exited this restaging
    bit(enc, (lancer, "d12"), (bravo, "step-down"), (magnus, "d6"), (curate, "wait"), (rats[3], "enter"))
    assert enc.mark(enc.seat(bravo)) == 0 and not enc.up(rat)
    # bit 2: the Rats' marks are full, so the Rat takes the empty troupe mark first; the Curate steps up too
    bit(enc, (lancer, "d12"), (bravo, "wait"), (magnus, "d6"), (curate, "enter"), (rats[3], "enter"))
    assert "Mast Rats 4 scurries onto troupe mark 2." in texts(enc)
    assert enc.intruding(rat) == ("troupe", 2) and enc.mark(enc.seat(curate)) == 2
    assert "+Mast Rats 4" in enc.board()[0][1][1]
    # bit 3: the Rat casts as usual; the Curate sharing its mark loses a d6; both stayed, so the Rat goes
    bit(enc, (lancer, "d12"), (bravo, "wait"), (magnus, "d6"), (curate, "d10"))
    assert "Mast Rats 4 gnaws at Curate: -2." in texts(enc)
    assert "Totals: troupe 12, monsters 12." in texts(enc)
    assert "Mast Rats 4 shared mark 2 with Curate all bit and must go downstage." in texts(enc)
    assert not enc.up(rat) and enc.mark(enc.seat(curate)) == 2


def test_halfling_suckers_the_foe_facing_it_when_its_d3s_d6_face_is_low(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    enc = set_to(masque, [lancer], [masque.npc("halfling")], [9, 3, 2, 1])  # d4 3, d3 2 -> d6 face 3
    bit(enc, (lancer, "d12"))
    assert "Halfling suckers Lancer (d6 face 3 under its d4 3): its casting counts nothing." in texts(enc)
    assert "Totals: troupe 0, monsters 5." in texts(enc)
    spared = masque.new_actor("Lancer", "lancer")
    enc = set_to(masque, [spared], [masque.npc("halfling")], [9, 3, 2, 2])  # face 4 > 3: no effect
    bit(enc, (spared, "d12"))
    assert "Totals: troupe 9, monsters 5." in texts(enc)


def test_the_board_shows_last_bits_dice_and_whether_each_cast_met_its_average(masque):
    bravo, magnus = masque.new_actor("Bravo", "bravo"), masque.new_actor("Magnus", "magnus")
    orc, goblin = masque.npc("orc"), masque.npc("goblin")
    enc = set_to(masque, [bravo, magnus], [orc, goblin], [6, 4, 3, 2, 5])
    bit(enc, (bravo, "d8"), (magnus, "d6"))
    (_, lines), = enc.board()
    assert lines[0].startswith("1 Bravo 8/8 h0 d8=6 → 6+")
    assert lines[1].startswith("2 Magnus 6/6 h0 d6=4 → 4+")
    assert all(len(line) <= 76 for line in lines)


def test_manifold_scabbard_chains_smaller_dice_once_a_set_to(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    bravo.items = ["manifold-scabbard"]
    enc = set_to(masque, [bravo], [masque.npc("witcher")], [6, 4, 2, 9, 6, 5])
    bit(enc, (bravo, "d8"))  # MQ-13: d8 6 -> d6 4 -> d4 2: 6 + 4 + 2
    assert "Bravo: d8=6 +6 bonus [manifold scabbard: d8=6, d6=4, d4=2] → 12 (met avg 4.5)" in texts(enc)
    bit(enc, (bravo, "d8"))  # used up: a 6 now is just a 6
    assert "Bravo: d8=6 → 6 (met avg 4.5)" in texts(enc)


def test_battery_mace_banks_a_below_average_casting(masque):
    curate = masque.new_actor("Curate", "curate")
    curate.items = ["battery-mace"]
    enc = set_to(masque, [curate], [masque.npc("orc")], [3, 2, 4, 2])
    bit(enc, (curate, "d10"))  # 3 is under 5.5, and the Orc's 2 deals nothing
    assert "Curate's battery mace banks 3 for the next bit." in texts(enc)
    bit(enc, (curate, "d10"))
    assert "Curate: d10=4 +3 bonus [battery mace] → 7 (met avg 5.5)" in texts(enc)


def test_healing_salve_makes_the_next_recovery_three_d20s(masque):
    from solo.rules.masque.growth import recovery_roll

    bravo = masque.new_actor("Bravo", "bravo")
    bravo.current = 4
    bravo.items = ["healing-salve"]
    lines = recovery_roll(bravo, ScriptedRng([20, 3, 6, 5]))  # 20 adds a d20: read 3, 5, 6, 20
    assert bravo.current == 7 and bravo.items == []  # 3 is not above 4; 5, 6 and 20 each raise it
    assert lines == ["healing salve: d20s 3, 5, 6, 20 - current build 7"]


def test_an_outnumbered_side_with_a_d6_natural_takes_the_strike(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    orcs = [masque.npc("orc"), masque.npc("orc")]
    # the Lancer casts 2d6: 6 and 1 (a natural on a d6, no role die); the Orcs 4+4+3 and 3: 14 against 7
    enc = set_to(masque, [lancer], orcs, [6, 1, 4, 4, 3, 3])
    bit(enc, (lancer, "2d6"))
    assert "Totals: troupe 7, monsters 14." in texts(enc)
    assert "The strike goes to the troupe." in texts(enc)  # the Orcs' naturals are on d4s [SR: die size]
    assert "Lancer: d6=6 d6=1 → 7 (met avg 7)" in texts(enc)


def test_an_entering_actor_takes_the_mark_it_chose_or_the_lowest_vacant_one(masque):
    troupe = [masque.new_actor(n, r) for n, r in (("Ann", "lancer"), ("Bo", "bravo"), ("Cy", "curate"),
                                                    ("Mo", "magnus"))]
    enc = set_to(masque, troupe, [masque.npc("orc"), masque.npc("orc")], [2, 2, 2, 2, 2])
    enc.stage.vacate("troupe", enc.seat(troupe[0]))
    enc.stage.vacate("troupe", enc.seat(troupe[2]))  # marks 1 and 3 empty; Ann, Cy and Mo wait downstage
    template = next(t for t in enc.templates(troupe[3]) if t.kind == "enter")
    assert template.params == (("mark", ("any", 1, 2, 3)),)
    enc.apply(enc.bind(template, troupe[3], None, mark=3))
    enc.apply(enc.bind(template, troupe[0], None, mark=3))  # both want 3: Ann, first in the troupe, has it
    bit(enc, (troupe[1], "d8"), (troupe[2], "wait"))
    assert "Ann steps up onto mark 3." in texts(enc) and "Mo steps up onto mark 1." in texts(enc)
    assert enc.stage.marks["troupe"] == [enc.seat(troupe[3]), enc.seat(troupe[1]), enc.seat(troupe[0])]


def test_surprise_checked_by_a_saving_throw_holds_the_caught_that_fail_their_reaction(masque):
    troupe = [masque.new_actor("Ann", "lancer"), masque.new_actor("Bo", "bravo")]
    orcs = [masque.npc("orc"), masque.npc("orc")]
    # saving throw: Ann d12 3, Bo d8 2 = 5 against the Orcs' 4 + 1 (a natural 4 rerolled) and 3 = 8: the
    # troupe is surprised by 3; reaction d% over 30: Ann 31 reacts, Bo 30 is caught
    enc = SetTo(masque, {"troupe": troupe, "monsters": orcs}, ScriptedRng([3, 2, 4, 1, 3, 31, 30]),
                surprise="check")
    assert texts(enc) == [
        "Surprise saving throw, troupe: Ann 3, Bo 2 = 5.",
        "Surprise saving throw, monsters: Orc 1 5, Orc 2 3 = 8.",
        "The troupe are surprised (by 3): each needs a reaction roll over 30 to act in bit 1.",
        "Ann reacts in time (d% 31).",
        "Bo is caught flat-footed (d% 30): no cast in bit 1."]
    assert [t.kind for t in enc.templates(troupe[1])] == ["held"]
    assert [t.kind for t in enc.templates(troupe[0])] == ["cast", "step-down"]
    named = SetTo(masque, {"troupe": [masque.new_actor("Ann", "lancer")], "monsters": [masque.npc("orc")]},
                  ScriptedRng([50]), surprise="entourage")
    assert "Orc is caught flat-footed (d% 50): no cast in bit 1." in texts(named)
    with pytest.raises(RulesError, match="surprise"):
        SetTo(masque, {"troupe": troupe, "monsters": orcs}, ScriptedRng([]), surprise="maybe")


def test_the_board_marks_an_actor_held_fast(masque):
    enc = SetTo(masque, {"troupe": [masque.new_actor("Ann", "lancer")], "monsters": [masque.npc("orc")]},
                ScriptedRng([50]), surprise="entourage")
    (_, lines), = enc.board()
    assert lines[0].endswith("|1 Orc B4 h0 held")
