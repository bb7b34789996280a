"""Rogue Spire sheets, creation, moves and fights as a user meets them."""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction as F

import pytest

from solo.cli import main
from solo.dice import Rng, ScriptedRng
from solo.rules import Encounter, RulesError, registry
from solo.rules.moves import find_move


@pytest.fixture(scope="module")
def rs():
    return registry.get("rogue-spire")


def show(path):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["character", "show", str(path)])
    return code, err.getvalue().splitlines()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["dice"][1].update(die="d7"), "dice[1].die 'd7' is not a die of the ladder"),
        (
            lambda s: s["talents"].append({"id": "arcane-lance", "slot": "d12", "size": "d12"}),
            "talents[5].slot D12: the dice give 0 D12 slots",
        ),
        (lambda s: s["talents"][0].update(size="d20"), "talents[0].size D20 is larger than its"),
        (
            lambda s: s.update(personality=["cruel", "humane"]),
            "personality[1] humane is too far round the wheel",
        ),
    ],
)
def test_a_bad_sheet_is_one_line_naming_the_field(rs, tmp_path, change, message):
    sheet = rs.random_character(Rng(4), name="Vess", role="fighter").to_dict()
    change(sheet)
    path = tmp_path / "vess.json"
    path.write_text(json.dumps(sheet))
    before = path.read_text()
    code, lines = show(path)
    assert code == 1 and len(lines) == 1 and str(path) in lines[0] and message in lines[0], lines
    assert path.read_text() == before


def test_an_upgrade_without_a_matching_die_is_refused_and_changes_nothing(rs):
    actor = rs.random_character(Rng(2), name="Ost", role="sneak")  # leader: D4 + D4 D4 D6
    actor.xp = 100
    before = actor.to_dict()
    actor.dice[1]["exhausted"] = True
    before = actor.to_dict()
    move = find_move(rs.moves(), "night-rest")
    # D4 -> D6 and D6 -> D8 would pay, the third (one D6 left) is refused: none is bought, no rest taken
    with pytest.raises(RulesError, match=r"no second D6 \(the matching-die rule"):
        move.run(rs, actor, move.parse({"upgrade": ["d4", "d6", "d6"]}), Rng(1))
    assert actor.to_dict() == before
    move.run(rs, actor, move.parse({"upgrade": ["d4"]}), Rng(1))
    assert actor.xp == 80 and actor.level == 2 and [actor.sides(i) for i in actor.skill_indices] == [6, 4, 6]
    assert not actor.dice[1]["exhausted"]  # and the night's rest refreshed the die
    assert {m.id for m in rs.moves()}.isdisjoint({"upgrade", "ascend"})  # XP is spent only at a night's rest


def test_guided_creation_makes_a_leader_with_five_talents(rs):
    answers = iter(
        [
            "Kell",
            "leader",
            "sneak",
            "independent, ambitious",
            "cutpurse",
            "locks",
            "elusive, coordinated, perceptive",
            "dagger",
            "boiled-leather",
        ]
    )
    actor = rs.creation().run(lambda q: next(answers))
    assert [actor.sides(i) for i in range(len(actor.dice))] == [4, 4, 4, 6]
    assert [t["name"] for t in actor.traits] == ["Cutpurse", "Elusive", "Coordinated", "Perceptive"]
    assert len(actor.talents) == 5 and actor.wealth == 16 - 1 - 2
    assert actor.personality == ["independent", "ambitious"]


def test_creation_refuses_barred_personalities_and_kit_over_budget(rs):
    creation = rs.creation(name="Rae")
    creation.answer("leader")
    creation.answer("fighter")
    with pytest.raises(RulesError, match="too far apart"):
        creation.answer("cruel, humane")
    creation.answer("obedient")
    creation.answer("soldier")
    creation.answer("strength style")
    creation.answer("athletic, determined, lucky")
    creation.answer("halberd")
    with pytest.raises(RulesError, match="cost 20 wealth together"):
        creation.answer("knights-plate")


def test_rests_healing_and_deaths_door(rs):
    a = rs.random_character(Rng(5), name="Tam", role="fighter")
    for die in a.dice:
        die["exhausted"] = True
    a.dice[1]["strained"] = True
    a.dice[0]["injured"] = True
    assert a.condition() == "on death's door"
    minute = find_move(rs.moves(), "deaths-door")
    events = minute.run(rs, a, {}, ScriptedRng([3]))
    assert "still clinging on" in events[0].text and not a.dead
    heal = find_move(rs.moves(), "heal")
    events = heal.run(rs, a, heal.parse({"skilled": True, "healer_die": "d8"}), ScriptedRng([3]))
    assert "saved from death's door" in events[0].text and a.condition() == "unconscious"
    night = find_move(rs.moves(), "night-rest")
    night.run(rs, a, {}, ScriptedRng([]))
    assert a.condition() == "up" and a.dice[1]["strained"] and not any(d["exhausted"] for d in a.dice)
    minute_again = rs.random_character(Rng(5), name="Tam", role="fighter")
    minute_again.dice[0]["injured"] = True
    minute.run(rs, minute_again, {}, ScriptedRng([1]))
    assert minute_again.dead and minute_again.condition() == "dead"


def test_a_fight_shows_every_die_and_the_policy_keeps_a_parry(rs):
    party = [rs.random_character(Rng(7), name="Vess", role="fighter")]
    foes = [rs.npc("goblin-cutthroat"), rs.npc("goblin-cutthroat"), rs.npc("orc-raider")]
    enc = Encounter(rs, {"party": party, "foes": foes}, Rng(11))
    (heading, lines), tokens = enc.board()
    assert heading == "Order, round 1" and len(lines) == 4
    assert tokens == ("Story tokens", ["Master 1; Vess 1"])
    assert any("Vit D4 | D4 D4 D6" in line and "Vess" in line for line in lines)
    enc.run()
    assert enc.is_over() and enc.winner in ("party", "foes")
    turns = [e for e in enc.log if e.kind == "turn"]
    assert turns and all("dice Vit" in e.text for e in turns)
    downs = [e.text for e in enc.log if e.kind == "down"]
    assert downs


def test_neutral_harm_and_recovery(rs):
    a = rs.random_character(Rng(8), name="Ula", role="caster")
    rs.harm(a, "body", "minor")
    assert a.dice[1]["exhausted"]
    rs.harm(a, "body", "major")
    assert a.dice[1]["injured"]
    rs.recover(a, "body", "major")
    assert (
        not a.dice[1]["injured"] and not a.dice[1]["strained"]
    )  # healed to strained, then a night clears it


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_solo_odds_prints_the_rs6_chart_and_exact_explosions():
    code, out, _ = run_cli("odds", "rogue-spire")
    rows = out.splitlines()
    assert code == 0 and rows[3].split()[:2] == ["attacker", "D4"]
    d8 = next(r for r in rows if r.startswith("D8 "))
    assert d8.split("  ")[0] == "D8" and "75% / 12.5% / 50%" in d8 and "62.5% / 12.5% / 25%" in d8
    code, out, _ = run_cli("odds", "rogue-spire", "--die", "d4", "--td", "10")
    assert code == 0 and "success 1/11520" in out.splitlines()[0]
    code, out, err = run_cli("odds", "rogue-spire", "--die", "d7")
    assert code != 0 and "d7" in err and len(err.splitlines()) == 1


def test_renewed_hope_is_a_story_token(rs):
    a = rs.random_character(Rng(1), name="Io")
    rs.renewed_hope(a)
    assert a.tokens == 2


def test_every_fight_action_shows_its_odds(rs):
    pc = rs.random_character(Rng(7), name="Vess", role="fighter")
    enc = Encounter(rs, {"party": [pc], "foes": [rs.npc("orc-raider")]}, Rng(2))
    while enc.next_actor() is not pc:
        enc.apply(rs.npc_policy(enc.next_actor(), enc, enc.rng))
    rolls = [c.action for c in enc.choices(pc) if c.action.kind in ("attack", "sway")]
    assert rolls and all(enc.action_odds(a) is not None for a in rolls)
    attack = next(a for a in rolls if a.kind == "attack")
    odds = enc.action_odds(attack)
    assert sum(odds.degrees.values()) == 1 and odds.detail["td"] >= 1


def test_the_policy_keeps_its_last_die_rather_than_waste_it(rs):
    from solo.rules.rogue_spire.build import new_die
    from solo.rules.rogue_spire.character import SpireActor

    rat = rs.npc("sewer-rat")  # Vit D4 | D6, bare teeth
    knight = SpireActor(
        "Knight",
        dice=[new_die(4), new_die(20), new_die(20)],
        armour={"name": "plate", "values": [3, 3, 3], "qualities": []},
    )
    enc = Encounter(rs, {"party": [knight], "foes": [rat]}, ScriptedRng([1, 4]))  # the rat goes first
    assert enc.next_actor() is rat
    odds = enc.attack_odds(enc.seats[1], enc.seats[0], 6, False)
    assert odds.success < F(1, 2)  # D6 stepped down three times against D20 armour 3: hopeless-ish
    action = rs.npc_policy(rat, enc, enc.rng)
    assert action.kind == "end" and rat.dice[1]["exhausted"] is False


def test_checks_roll_a_die_that_can_be_used(rs):
    a = rs.random_character(Rng(7), name="Vess", role="fighter")  # Vit D4 | D4 D4 D6
    a.dice[3]["injured"] = True
    free = rs.check(a, "force", "medium", ScriptedRng([4]))
    assert free.detail["die"] == "D4" and free.degree == "success"
    a.dice[1]["exhausted"] = True
    danger = rs.check(a, "force", "medium", ScriptedRng([2]), danger=True)
    assert danger.detail["die"] == "D4" and a.dice[2]["exhausted"] and not a.dice[0]["exhausted"]
    a.dice[0]["exhausted"] = True  # nothing fresh is left
    before = a.to_dict()
    with pytest.raises(RulesError, match="Vess's D4x cannot be spent now"):
        rs.check(a, "force", "medium", ScriptedRng([2]), danger=True)
    assert a.to_dict() == before


def test_ascending_a_tier_and_past_champion(rs):
    from solo.rules.rogue_spire.build import new_die
    from solo.rules.rogue_spire.character import SpireActor

    ascend = find_move(rs.moves(), "night-rest")
    minion = SpireActor(
        "Pell",
        tier="minion",
        xp=35,
        dice=[new_die(4), new_die(6)],
        traits=[{"name": "Lucky", "kind": "ability", "expertise": ""}] * 2,
    )
    ascend.run(rs, minion, ascend.parse({"ascend": True, "trait": "elusive"}), Rng(1))
    assert minion.tier == "elite" and minion.xp == 5 and minion.level == 1
    assert [minion.sides(i) for i in range(3)] == [4, 6, 4] and minion.traits[-1]["name"] == "Elusive"
    champ = SpireActor(
        "Ysolde", tier="champion", level=10, xp=120, dice=[new_die(s) for s in (4, 6, 8, 10, 12)]
    )
    ascend.run(rs, champ, ascend.parse({"ascend": True}), Rng(1))
    assert (champ.tier, champ.sides(0), champ.level, champ.xp) == ("epic", 6, 11, 20)
    champ.level = 15  # Epic's top: D8 D10 D12 D20 under a D6 vitality die
    for i, sides in zip(champ.skill_indices, (8, 10, 12, 20), strict=True):
        champ.dice[i]["die"] = f"d{sides}"
    with pytest.raises(RulesError, match="the next tier costs 150 XP; Ysolde has 20"):
        ascend.run(rs, champ, ascend.parse({"ascend": True}), Rng(1))


def test_ablative_armour_weakens_over_an_injured_die(rs):
    a = rs.random_character(Rng(7), name="Vess", role="fighter")
    a.armour = {"name": "plate", "values": [2, 2, 2], "qualities": ["ablative"]}
    before = a.defense(1, "armor")
    a.dice[1]["injured"] = True
    assert a.defense(1, "armor") == before - 1


def test_story_tokens_in_a_fight(rs):
    from solo.rules.rogue_spire.build import new_die
    from solo.rules.rogue_spire.character import SpireActor

    pc = SpireActor("Ada", tokens=1, dice=[new_die(4), new_die(6)])
    foe = SpireActor("Brute", kind="npc", dice=[new_die(4), new_die(8)])
    # Brute goes first: its D8 rolls 2 against Ada's D6 (TD 3), a failure; the Master rerolls: 7,
    # a Success AND with bare fists (non-lethal): exhausted and strained
    enc = Encounter(rs, {"party": [pc], "foes": [foe]}, ScriptedRng([1, 4, 2, 7]))
    enc.apply(enc.bind(next(t for t in enc.templates(foe) if t.kind == "attack"), foe, pc, die=8))
    # Ada holds a token, so she is asked how she defends: she keeps it and meets the blow with her D6
    assert enc.next_actor() is pc and [t.label for t in enc.templates(pc)] == [
        "Defend with a die",
        "Defend, spending a story token: -1 to the attacker's roll (1)",
    ]
    enc.apply(enc.bind(enc.templates(pc)[0], pc, die=6))
    assert "the Master spends a story token to reroll: 7" in enc.log[-3].text and enc.master_tokens == 0
    assert pc.die_text(1) == "D6xs"
    enc.apply(enc.bind(next(t for t in enc.templates(foe) if t.kind == "end"), foe))
    token = next(t for t in enc.templates(pc) if t.kind == "token")
    enc.apply(enc.bind(token, pc))
    assert pc.tokens == 0 and enc.log[-1].text == "Ada spends a story token: D6s refreshes (0 left)."
