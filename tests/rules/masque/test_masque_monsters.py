"""Monster specials of RULES.md 5.8 in real bits: the Pyethonda, the venomous Spidure and Vlad."""

from __future__ import annotations

from masque_stage import bit, masque_fixture, set_to, texts  # noqa: F401 - the masque fixture


def test_a_pyethonda_natural_hauls_its_victim_over_and_squeezes_it_until_it_falls(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    snake = masque.npc("pyethonda")
    # bit 1: Lancer d12 2; the Pyethonda's d13 (two d12s) 6 + 7 = 13, a natural: rerolled 1 + 1 = 2,
    # casting 15 (average 14: met).  It strikes, hits the Lancer and hauls it onto its own side's mark 2.
    # bit 2: the snake already holds a hit; Lancer 11, snake 1 + 1 = 2: the Lancer counts 11 - 2 = 9,
    # strikes and takes the snake out; let go, the Lancer drops downstage.
    enc = set_to(masque, [lancer], [snake], [2, 6, 7, 1, 1, 11, 1, 1])
    bit(enc, (lancer, "d12"))
    log = texts(enc)
    assert "Pyethonda: d13=13+2 → 15 (met avg 14)" in log
    assert ("Pyethonda coils round Lancer and hauls it onto monsters mark 2: it loses its special ability"
            " and the snake's casting comes off its own.") in log
    assert enc.intruders[("monsters", 2)] is enc.seat(lancer) and enc.up(enc.seat(lancer))
    assert enc.stage.at("troupe", 1) is None
    enc.seat(snake).hits = 1
    bit(enc, (lancer, "d12"))
    log = texts(enc)
    assert "Pyethonda squeezes Lancer: -2." in log and "Totals: troupe 9, monsters 2." in log
    assert "Pyethonda takes a second hit and is out of action." in log
    assert "Pyethonda lets go of Lancer, which drops downstage." in log
    assert not enc.up(enc.seat(lancer)) and enc.intruders == {}


def test_a_held_victim_loses_its_role_fx(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    snake = masque.npc("pyethonda")
    # bit 1 as before (an Orc beside the snake: no empty mark, held where it stands); bit 2: Lancer 12,
    # snake 5 + 5 = 10, add-ons |1 - 1| = 0
    enc = set_to(masque, [lancer], [snake, masque.npc("orc")], [2, 6, 7, 1, 1, 2, 12, 5, 5, 1, 1])
    bit(enc, (lancer, "d12"))
    assert any(line.startswith("Pyethonda coils round Lancer and hauls it where it stands")
               for line in texts(enc))
    # bit 2: a natural 12 on the Lancer's full role die opens no Role Fx while it is held
    bit(enc, (lancer, "d12"))
    assert not any("Role Fx" in line for line in texts(enc))
    assert "Pyethonda squeezes Lancer: -10." in texts(enc)


def test_a_venomous_spidure_adds_d4_less_d3_add_on_hits_when_its_hits_pair(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    spider = masque.npc("venomous-spidure")
    enc = set_to(masque, [bravo], [spider], [2, 4, 4, 3, 2, 4, 1])
    enc.seat(bravo).hits = 1
    # Bravo 2 vs 2d5 4 + 4 = 8: its hit pairs (build 7); add-ons |d3 3 - d2 2| = 1 and venom |4 - 1| = 3:
    # four add-on hits, two more pairs (build 5)
    bit(enc, (bravo, "d8"))
    assert "Venomous Spidure's venom: 3 more add-on hit(s)." in texts(enc)
    assert "Bravo takes 4 add-on hit(s)." in texts(enc)
    assert bravo.current == 5 and enc.seat(bravo).hits == 0
    plain = set_to(masque, [masque.new_actor("Bravo", "bravo")], [masque.npc("spidure")], [2, 4, 4, 3, 2])
    plain.seats[0].hits = 1
    bit(plain, (plain.seats[0].actor, "d8"))
    assert plain.seats[0].mactor.current == 7 and "Bravo takes 1 add-on hit(s)." in texts(plain)


def test_vlad_rolls_a_bonus_d2_and_pays_the_light(masque):
    vlad = masque.npc("vlad")
    lancer = masque.new_actor("Lancer", "lancer")
    # Lancer 3; Vlad's chosen d10+d4 gains a d2: 6 + 3 + 2 - 2 (light) = 9 against an average 7.5 - 2
    enc = set_to(masque, [lancer], [vlad], [3, 6, 3, 2])
    bit(enc, (lancer, "d12"), (vlad, "d10+d4"))
    assert "Vlad: d10=6 d4=3 d2=2 -2 → 9 (met avg 7.5)" in texts(enc)
    # a cast of three dice gets no bonus die
    enc = set_to(masque, [masque.new_actor("Lancer", "lancer")], [masque.npc("vlad")], [3, 6, 1, 2])
    bit(enc, (enc.seats[0].actor, "d12"), (enc.seats[1].actor, "d10+d2+d2"))
    assert "Vlad: d10=6 d2=1 d2=2 -2 → 7 (met avg 6.5)" in texts(enc)


def test_vlads_fx_gives_d1_more_add_on_hits_when_his_hit_pairs(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    vlad = masque.npc("vlad")
    enc = set_to(masque, [bravo], [vlad], [2, 10, 2, 7, 1, 1, 2])
    enc.seat(bravo).hits = 1
    # Bravo 2; Vlad d10 10 (natural, full), d2 2: his Fx rerolls 7; 7 + 2 - 2 = 7 strikes; the hit pairs:
    # add-ons |1 - 1| = 0, and his Fx d1 (a d2 of 2, less one) = 1 more
    bit(enc, (bravo, "d8"), (vlad, "d10"))
    assert ("Vlad's Role Fx (reroll 7): a foe whose build his hit lowers this bit takes +d1 add-on"
            " hits.") in texts(enc)
    assert "Vlad's Fx: +d1 = 1 more add-on hit(s)." in texts(enc)
    assert bravo.current == 7 and enc.seat(bravo).hits == 1
