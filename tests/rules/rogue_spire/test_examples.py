"""The Rogue Spire worked examples (EXAMPLES.md RS-1 to RS-19), each number asserted with scripted dice."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from solo.dice import ScriptedRng
from solo.rules import Encounter, registry
from solo.rules.rogue_spire import measures, recovery
from solo.rules.rogue_spire.build import TIERS, new_die, tier_dice
from solo.rules.rogue_spire.character import SpireActor
from solo.rules.rogue_spire.dice import band, band_odds, roll, roll_modifier, shift, td_of


@pytest.fixture(scope="module")
def rs():
    return registry.get("rogue-spire")


def creature(name, sizes, kind="pc", weapon=None, armour=None, tier="leader"):
    return SpireActor(
        name,
        kind=kind,
        tier=tier,
        dice=[new_die(s) for s in sizes],
        traits=[{"name": "Athletic", "kind": "ability", "expertise": ""} for _ in sizes],
        weapons=[weapon] if weapon else [],
        armour=armour,
    )


def test_rs1_td_is_half_the_opposing_die():
    assert [td_of(s) for s in (4, 6, 8, 10, 12, 20)] == [2, 3, 4, 5, 6, 10]


def test_rs2_roll_modifier_steps_and_overflow():
    assert shift(4, 2).attack == 8
    assert shift(20, -4).attack == 6
    over = shift(12, 3, defence=8)
    assert (over.attack, over.overflow, over.defence) == (20, 2, 4)
    assert shift(12, 3, defence=6).defence == 4  # clamped at D4


def test_rs3_outcome_bands_at_td_3_and_xp_on_a_one():
    assert [band(r, 3) for r in (7, 6, 4, 3, 2, 1)] == [
        "and",
        "success",
        "success",
        "tie",
        "failure",
        "failure",
    ]
    one = roll(8, 3, ScriptedRng([1]))
    assert one.band == "failure" and one.xp == 8


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20])
def test_rs4_xp_on_a_natural_one_is_the_sides_and_averages_one(sides):
    assert roll(sides, 2, ScriptedRng([1])).xp == sides
    assert roll(sides, 2, ScriptedRng([1]), free=True).xp == 0
    assert sum(F(sides if face == 1 else 0, sides) for face in range(1, sides + 1)) == 1


def test_rs4_exploded_follow_up_dice_give_no_xp():
    rolled = roll(4, 5, ScriptedRng([4, 1]))
    assert rolled.faces == [4, 1] and rolled.exploded == [6] and rolled.xp == 0 and rolled.band == "failure"


def test_rs5_epic_d20_succeeds_half_the_time():
    odds = band_odds(20, 10)
    assert odds["success"] + odds["and"] == F(1, 2) and odds["tie"] == F(1, 20) and odds["and"] == 0


RS6 = {  # attacker -> [(success, tie, AND) in percent against D4 ... D20], as EXAMPLES.md prints them
    4: ["50/25/0", "25/25/0", "0/25/0", "0/0/0", "0/0/0", "0/0/0"],
    6: ["66.7/16.7/33.3", "50/16.7/0", "33.3/16.7/0", "16.7/16.7/0", "0/16.7/0", "0/0/0"],
    8: ["75/12.5/50", "62.5/12.5/25", "50/12.5/0", "37.5/12.5/0", "25/12.5/0", "0/0/0"],
    10: ["80/10/60", "70/10/40", "60/10/20", "50/10/0", "40/10/0", "0/10/0"],
    12: ["83.3/8.3/66.7", "75/8.3/50", "66.7/8.3/33.3", "58.3/8.3/16.7", "50/8.3/0", "16.7/8.3/0"],
    20: ["90/5/80", "85/5/70", "80/5/60", "75/5/50", "70/5/40", "50/5/0"],
}


def test_rs6_the_odds_chart_is_the_table(rs):
    chart = rs.odds_chart()
    assert [r[0] for r in chart.rows] == ["D4", "D6", "D8", "D10", "D12", "D20"]
    for (name, _, cells), sides in zip(chart.rows, RS6, strict=True):
        for odds, expected in zip(cells, RS6[sides], strict=True):
            shown = "/".join(f"{float(p) * 100:.1f}".rstrip("0").rstrip(".") for _, p in chart.cell(odds))
            assert shown == expected, (name, expected)
    d8_vs_d6 = chart.rows[2][2][1]
    assert chart.cell(d8_vs_d6) == [("success", F(5, 8)), ("tie", F(1, 8)), ("AND", F(1, 4))]


def test_rs7_explosion_method_one(rs):
    assert rs.odds_for(die="d4", td=5).detail["bands"]["Success (all)"]["exact"] == "1/24"
    assert rs.odds_for(die="d4", td=10).detail["bands"]["Success (all)"]["exact"] == "1/11520"
    assert band_odds(4, 10)["success"] == F(1, 11520)
    assert roll(4, 5, ScriptedRng([4, 6])).band == "success"
    climbed = roll(4, 10, ScriptedRng([4, 6, 8, 10, 11]))
    assert climbed.exploded == [6, 8, 10, 12] and climbed.judged == 11 and climbed.band == "success"
    assert roll(4, 10, ScriptedRng([4, 6, 7])).band == "failure"


def test_rs8_movement():
    assert measures.movement(6, "10 seconds") == 6
    assert measures.movement(8, "1 day") == F(16, 5)
    assert measures.movement(8, "1 day", "horse") == F(32, 5)
    assert measures.movement(8, "1 day", straight=True) == F(32, 5)


def test_rs9_lifting():
    assert measures.lift_td(8, 1) == 7
    assert measures.lift_td(16, 8) == 8
    assert measures.lift_td(40) == 8


def test_rs10_talent_slots_per_die_and_per_tier():
    d8 = creature("D8", [4, 8])
    assert d8.talent_slots()[8] == 1 and d8.talent_slots()[6] == 1 and d8.talent_slots()[4] == 2
    expected = {
        "minion": [4, 4, 6],
        "elite": [4, 4, 4, 6],
        "leader": [4, 4, 4, 4, 6],
        "champion": [4, 4, 4, 4, 4, 6],
    }
    for tier, slots in expected.items():
        actor = SpireActor("T", tier=tier, dice=tier_dice(tier))
        got = actor.talent_slots()  # a slot of size S for every die of S or more
        exact = sorted(size for size, count in got.items() for _ in range(count))
        assert exact == slots, tier


def test_rs10_a_random_character_fills_every_slot(rs):
    from solo.dice import Rng

    for tier, count in (("minion", 3), ("leader", 5)):
        rs.house_rules  # noqa: B018 - loaded once
        from solo.rules.rogue_spire.build import random_character

        actor = random_character(rs.catalogue, Rng(3), name="X", role="fighter", tier=tier)
        assert len(actor.talents) == count and len(actor.traits) == len(actor.dice)


def test_rs11_stacking_talent():
    taken = [4, 8, 12]
    assert measures.stacked_bonus(taken, 12) == 3
    assert measures.stacked_bonus(taken, 10) == measures.stacked_bonus(taken, 8) == 2
    assert measures.stacked_bonus(taken, 6) == measures.stacked_bonus(taken, 4) == 1


def _maxima(vitality: int, skills: list[int], tier: str) -> set[tuple[tuple[int, ...], int]]:
    out, stack = set(), [(tuple(skills), 1)]
    seen = set()
    while stack:
        dice, level = stack.pop()
        if (dice, level) in seen:
            continue
        seen.add((dice, level))
        actor = SpireActor("M", tier=tier, level=level, dice=[new_die(vitality)] + [new_die(s) for s in dice])
        moved = False
        for i in actor.skill_indices:
            if recovery.can_upgrade(actor, i) is None:
                nxt = list(dice)
                nxt[i - 1] = {4: 6, 6: 8, 8: 10, 10: 12, 12: 20}[dice[i - 1]]
                stack.append((tuple(sorted(nxt)), level + 1))
                moved = True
        if not moved:
            out.add((dice, level))
    return out


def test_rs12_costs_and_tier_maxima():
    assert [recovery.upgrade_cost(s) for s in (4, 6, 8, 10, 12)] == [20, 30, 40, 50, 60]
    for tier, highest, cost in (("minion", 6, 30), ("elite", 8, 40), ("leader", 10, 50)):
        a = SpireActor("A", tier=tier, dice=[new_die(4), new_die(highest)])
        assert recovery.ascension_cost(a) == cost
    for vit, cost in ((4, 100), (6, 150), (8, 200)):
        assert (
            recovery.ascension_cost(SpireActor("C", tier="champion", dice=[new_die(vit), new_die(20)]))
            == cost
        )
    assert _maxima(4, [6], "minion") == {((6,), 1)}
    assert _maxima(4, [4, 6], "elite") == {((6, 8), 3)}
    assert _maxima(4, [4, 4, 6], "leader") == {((6, 8, 10), 6)}
    assert _maxima(4, [4, 4, 4, 6], "champion") == {((6, 8, 10, 12), 10)}
    mythic = SpireActor("My", tier="mythic", level=20, dice=[new_die(s) for s in (10, 10, 12, 20, 20)])
    assert recovery.can_upgrade(mythic, 1) == "level 20 is the cap"


def test_rs13_mithrial_costs_20_or_30(rs):
    def mithrial():
        return SpireActor("Mithrial", tier="leader", level=2, xp=64, dice=[new_die(s) for s in (4, 4, 6, 6)])

    one = mithrial()
    recovery.upgrade(one, 4, rs.catalogue)
    assert [one.sides(i) for i in one.skill_indices] == [6, 6, 6] and one.xp == 44 and one.level == 3
    two = mithrial()
    recovery.upgrade(two, 6, rs.catalogue)
    assert [two.sides(i) for i in two.skill_indices] == [4, 8, 6] and two.xp == 34 and two.level == 3


def test_rs14_four_xp_instead_of_a_token(rs):
    from solo.rules.moves import find_move

    a = creature("T", [4, 6])
    move = find_move(rs.moves(), "token")
    move.run(rs, a, move.parse({"use": "xp"}), ScriptedRng([]))
    assert a.xp == 4 and a.tokens == 0


def test_rs15_attitude_shifts_on_a_social_attack(rs):
    pc = creature("Talker", [4, 6])
    for attitude, mind, bypass in (
        ("hostile", 2, 0),
        ("unfriendly", 1, 0),
        ("indifferent", 0, 0),
        ("friendly", 0, 1),
        ("loyal", 0, 2),
    ):
        npc = creature("Mark", [4, 6], kind="npc")
        npc.attitude = attitude
        enc = Encounter(rs, {"party": [pc.copy()], "foes": [npc]}, ScriptedRng([4, 1]))
        plan = enc.plan(enc.seats[0], enc.seats[1], 6, social=True)
        assert (plan["defense"], plan["bypass"]) == (mind, bypass), attitude


def _seat_with(rs, sizes, exhausted, strained=(), turns=1):
    a = creature("R", sizes)
    for i in exhausted:
        a.dice[i]["exhausted"] = True
    for i in strained:
        a.dice[i]["strained"] = True
    enc = Encounter(rs, {"party": [a], "foes": [creature("F", [4, 6], kind="npc")]}, ScriptedRng([4, 1]))
    seat = enc.seats[0]
    for i in exhausted:  # the first turn has already refreshed the vitality die
        a.dice[i]["exhausted"] = True
    seat.turns = turns
    enc.turn_start(seat, [])
    return [a.die_text(i) for i in range(len(a.dice))]


def test_rs16_refresh_at_turn_start(rs):
    assert _seat_with(rs, [4, 6, 10], [0, 1, 2], turns=1) == ["D4", "D6", "D10x"]
    assert _seat_with(rs, [4, 6, 10], [0, 1, 2], turns=0) == ["D4", "D6x", "D10x"]
    assert _seat_with(rs, [4, 6, 10], [0, 1, 2], strained=[1], turns=1) == ["D4", "D6xs", "D10"]


def test_rs17_spontaneous_contest():
    assert measures.opposed_move_td(6) == 3 and band(4, 3) in ("success", "and")
    assert measures.contest(4, 8) == "opposer AND"
    assert measures.contest(4, 7) == "opposer"
    assert measures.contest(5, 5) == "tie"


def test_rs18_free_time_action_costs_time(rs):
    a = creature("Climber", [4, 4, 8])
    before = a.to_dict()
    result = rs.check(a, "force", 5, ScriptedRng([3]))
    assert result.degree == "fail" and result.detail["die"] == "D8" and result.detail["extra_attempts"] == 3
    assert a.to_dict() == before  # free time: nothing spent


def test_rs19_combat_resolution(rs):
    sword = {"name": "sword", "power": 1, "bypass": 0, "range": "long", "ranged": False, "qualities": []}
    coat = {"name": "coat", "values": [0, 1, 0], "qualities": []}
    att = creature("Attacker", [4, 8], weapon=sword)
    dfd = creature("Defender", [4, 6], kind="npc", armour=coat)
    enc = Encounter(rs, {"party": [att], "foes": [dfd]}, ScriptedRng([4, 1, 7]))
    plan = enc.plan(enc.seats[0], enc.seats[1], 8, social=False)
    assert (plan["modifier"], plan["rolled"], plan["td"]) == (0, 8, 3)
    assert enc.attack_odds(enc.seats[0], enc.seats[1], 8, False).degrees["strong"] == F(2, 8)
    enc.apply(enc.bind(enc.templates(att)[0], att, dfd, die=8))
    assert dfd.die_text(1) == "D6x!" and "Success AND" in enc.log[-3].text
    # already exhausted: a plain success injures it
    dfd2 = creature("Defender", [4, 6], kind="npc", armour=coat)
    dfd2.dice[1]["exhausted"] = True
    enc2 = Encounter(
        rs, {"party": [creature("Attacker", [4, 8], weapon=sword)], "foes": [dfd2]}, ScriptedRng([4, 1, 4])
    )
    pc = enc2.seats[0].actor
    enc2.apply(enc2.bind(enc2.templates(pc)[0], pc, dfd2, die=8))
    assert dfd2.die_text(1) == "D6x!"


def test_rs_modifier_formula_is_the_standard_reading():
    assert roll_modifier(1, 0, 1) == 0
    assert roll_modifier(2, 3, 1) == 2  # bypass only cancels defense
    assert roll_modifier(0, 0, 3) == -3
    assert TIERS["leader"][2] == 6


def _contest_fight(rs, rolls):
    blade = {
        "name": "rapier",
        "power": 0,
        "bypass": 0,
        "range": "long",
        "ranged": False,
        "qualities": ["riposte"],
    }
    att = creature("Attacker", [4, 8])
    dfd = creature("Duellist", [4, 8], kind="npc", weapon=blade)
    enc = Encounter(rs, {"party": [att], "foes": [dfd]}, ScriptedRng([4, 1, *rolls]), contests=True)
    enc.seats[1].turns = 1  # its first turn is behind it
    enc.apply(enc.bind(enc.templates(att)[0], att, dfd, die=8))
    return att, dfd, enc


def test_rs17_a_counter_attack_contest_in_a_fight(rs):
    att, dfd, enc = _contest_fight(rs, [3, 7])  # attacker's D8 3, the riposte D10 7
    assert (
        "Duellist answers with a counter-attack: D10 7 against Attacker's D8 3 - Duellist wins, double"
        in (enc.log[-2].text)
    )
    assert att.die_text(1) == "D8x!" and dfd.die_text(1) == "D8x"
    att, dfd, enc = _contest_fight(rs, [5, 5])
    assert "a tie: the attack is interrupted" in enc.log[-1].text
    assert att.die_text(1) == "D8x" and dfd.die_text(1) == "D8x"


def test_rs17_no_contest_before_the_defenders_first_turn(rs):
    att = creature("Attacker", [4, 8])
    dfd = creature("Duellist", [4, 8], kind="npc")
    enc = Encounter(rs, {"party": [att], "foes": [dfd]}, ScriptedRng([4, 1, 6]), contests=True)
    enc.apply(enc.bind(enc.templates(att)[0], att, dfd, die=8))
    assert "rolls D8 6 vs TD 4 - Success" in enc.log[-2].text and dfd.die_text(1) == "D8x"


def test_rolling_again_by_exhausting_more_dice_the_last_roll_stands(rs):
    a = creature("Brann", [4, 4, 6, 8])
    odds = rs.check_odds(a, "force", "medium", die="d8", danger=True, again=["d6", "d4"])
    assert odds.degrees["fail"] == F(2, 8) * F(2, 6) * F(2, 4)
    result = rs.check(a, "force", "medium", ScriptedRng([2, 1, 3]), die="d8", danger=True, again=["d6", "d4"])
    assert result.degree == "cost" and "Success BUT" in result.text
    assert [a.die_text(i) for i in range(4)] == ["D4", "D4x", "D6x", "D8x"] and a.xp == 6
    with pytest.raises(Exception, match="add --danger"):
        rs.check(a, "force", "medium", ScriptedRng([2]), again=["d6"])


def test_a_nonlethal_blow_on_a_strained_die_falls_through_to_vitality(rs):
    att = creature("Brawler", [4, 8])  # bare fists: non-lethal
    dfd = creature("Drunk", [4, 6], kind="npc")
    dfd.dice[0]["exhausted"] = True
    dfd.dice[1].update(exhausted=True, strained=True)
    enc = Encounter(rs, {"party": [att], "foes": [dfd]}, ScriptedRng([4, 1, 5]))
    enc.apply(enc.bind(enc.templates(att)[0], att, dfd, die=8))
    assert dfd.die_text(0) == "D4xs" and dfd.condition() == "unconscious"
    assert enc.status(dfd) == "unconscious" and enc.is_over()
