"""Named items of RULES.md 5.7 in real bits, with scripted dice (solo/rules/masque/named.py)."""

from __future__ import annotations

import pytest
from masque_stage import bit, masque_fixture, set_to, texts  # noqa: F401 - the masque fixture

from solo.rules import RulesError


def test_narsil_turns_back_the_hit_of_a_foe_it_has_hit_unless_that_foe_rolled_a_natural(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    lancer.items = ["narsil"]
    orc = masque.npc("orc")
    # bit 1: Lancer d12 9, Orc d4 2: the Lancer hits the Orc.  bit 2: Lancer 2, Orc 3 (no natural): the
    # Orc strikes, and Narsil gives its hit back to it: a second hit, out
    enc = set_to(masque, [lancer], [orc], [9, 2, 2, 3])
    bit(enc, (lancer, "d12"))
    bit(enc, (lancer, "d12"))
    assert "Narsil turns Orc's hit back: without a natural it takes the hit itself." in texts(enc)
    assert enc.seat(orc).out == "out of action" and enc.seat(lancer).hits == 0
    # the same with a natural 4 (rerolled and added: 4 + 1) lands on the Lancer
    other = masque.npc("orc")
    enc = set_to(masque, [masque.new_actor("Lancer", "lancer")], [other], [9, 2, 2, 4, 1])
    enc.seats[0].mactor.items = ["narsil"]
    bit(enc, (enc.seats[0].actor, "d12"))
    bit(enc, (enc.seats[0].actor, "d12"))
    assert "Orc hits Lancer." in texts(enc) and enc.seats[0].hits == 1


def test_a_fencing_foil_moves_the_hit_to_the_foe_nearer_falling(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    lancer.items = ["fencing-foil"]
    orcs = [masque.npc("orc"), masque.npc("orc")]
    enc = set_to(masque, [lancer], orcs, [9, 2, 3])  # Lancer 9 beats both; Orc 1 already holds a hit
    enc.seat(orcs[0]).hits = 1
    bit(enc, (lancer, "d12"))
    assert enc.seat(orcs[0]).out == "out of action" and enc.seat(orcs[1]).hits == 0
    assert "Lancer's fencing foil turns the hit from Orc 2 to Orc 1." in texts(enc)


def test_a_dueling_rapier_answers_its_attacker_with_a_doubled_hit(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    bravo.items = ["dueling-rapier"]
    orcs = [masque.npc("orc"), masque.npc("orc")]
    # bit 1: Bravo 2; Orc 1 3 hits it, Orc 2 all 1s (a hit).  bit 2: Bravo 6, Orc 1 alone upstage 2
    enc = set_to(masque, [bravo], orcs, [2, 3, 1, 6, 2])
    bit(enc, (bravo, "d8"))
    assert enc.seat(bravo).hits == 1
    bit(enc, (bravo, "d8"))
    assert "Bravo's dueling rapier strikes Orc 1 again." in texts(enc)
    assert enc.seat(orcs[0]).out == "out of action"


def test_a_holdout_dagger_answers_a_hit_downstage_and_a_natural_slips_it(masque):
    magnus = masque.new_actor("Magnus", "magnus")
    magnus.items = ["holdout-dagger"]
    orc = masque.npc("orc")
    # the Magnus waits downstage; the Orc's 3 strikes it there; two d6 6 and 1 (7, the average): a hit
    # back on the Orc, and the natural 6 slips the Orc's hit
    enc = set_to(masque, [magnus], [orc], [3, 6, 1])
    enc.stage.vacate("troupe", enc.seat(magnus))
    bit(enc, (magnus, "wait"))
    assert "Magnus answers with a holdout dagger: d6s 6 and 1, a hit on Orc." in texts(enc)
    assert "Magnus slips the incoming hit." in texts(enc)
    assert enc.seat(orc).hits == 1 and enc.seat(magnus).hits == 0
    # under the average and no natural (2 and 3): the Orc's hit lands
    enc = set_to(masque, [magnus], [masque.npc("orc")], [3, 2, 3])
    enc.stage.vacate("troupe", enc.seats[0])
    bit(enc, (magnus, "wait"))
    assert "Magnus answers with a holdout dagger: d6s 2 and 3, under their average." in texts(enc)
    assert enc.seats[0].hits == 1


def test_a_scud_shield_steps_down_rather_than_pair_a_hit(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    bravo.items = ["scud-shield"]
    lancer = masque.new_actor("Lancer", "lancer")
    witcher = masque.npc("witcher")
    enc = set_to(masque, [bravo, lancer], [witcher], [6, 11])  # Bravo 6 (met) vs Witcher 11
    enc.seat(bravo).hits = 1
    enc.stage.vacate("troupe", enc.seat(lancer))  # the Lancer waits downstage
    bit(enc, (bravo, "d8"), (lancer, "wait"))
    assert "Bravo ducks behind a scud shield and steps downstage." in texts(enc)
    assert "The hit falls to Lancer instead." in texts(enc)
    assert (bravo.current, enc.seat(bravo).hits, enc.seat(lancer).hits) == (8, 1, 1)
    assert not enc.up(enc.seat(bravo))


def test_a_prop_ring_casts_the_role_die_at_full_size_but_the_excess_counts_nothing(masque):
    lancer = masque.new_actor("Lancer", "lancer")
    lancer.current = 8
    enc = set_to(masque, [lancer], [masque.npc("orc")], [])
    with pytest.raises(RulesError, match="d12 spends 12 faces, over current build 8"):
        bit(enc, (lancer, "d12"))
    lancer.items = ["prop-ring"]
    enc = set_to(masque, [lancer], [masque.npc("orc")], [11, 3])
    bit(enc, (lancer, "d12"))
    assert "Lancer: d12=11 → 11 (met avg 6.5)" in texts(enc)
    assert "Totals: troupe 8, monsters 3." in texts(enc)  # 11 counts only up to current build 8
    with pytest.raises(RulesError, match="a Prop ring allows the role die d12 alone"):
        masque.check(lancer, None, "easy", None, cast="d10+d4")


def test_a_remand_rod_sends_the_top_caster_down_and_passes_to_it(masque):
    magnus = masque.new_actor("Magnus", "magnus")
    magnus.items = ["remand-rod"]
    orcs = [masque.npc("orc"), masque.npc("orc")]
    enc = set_to(masque, [magnus], orcs, [3, 2, 3])  # Magnus 3 vs Orcs 2 + 3: Orc 2 hits, Orc 1 forced down
    bit(enc, (magnus, "d6"))
    assert "Magnus's remand rod sends Orc 2 downstage; it now holds the rod." in texts(enc)
    assert magnus.items == [] and orcs[1].items == ["remand-rod"]
    assert enc.stage.upstage("monsters") == []


def test_an_unreadied_item_is_readied_downstage_and_only_then_works(masque):
    bravo = masque.new_actor("Bravo", "bravo")
    lancer = masque.new_actor("Lancer", "lancer")
    bravo.unreadied = ["weapon+2"]
    enc = set_to(masque, [lancer, bravo], [masque.npc("orc")], [9, 2])
    enc.stage.vacate("troupe", enc.seat(bravo))  # the Bravo waits downstage
    template = next(t for t in enc.templates(bravo) if t.kind == "ready")
    assert template.params == (("item", ("weapon+2",)),)
    enc.apply(enc.bind(template, bravo))
    bit(enc, (lancer, "d12"))
    assert "Bravo readies its weapon+2." in texts(enc)
    assert (bravo.items, bravo.unreadied) == (["weapon+2"], [])
    assert "Items: weapon+2" in masque.stat_block(bravo)
    sheet = bravo.to_dict() | {"unreadied": ["spoon"]}
    with pytest.raises(RulesError, match=r"unreadied\[0\]: item 'spoon' is not"):
        masque.load_actor(sheet)
