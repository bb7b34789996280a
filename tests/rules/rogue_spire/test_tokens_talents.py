"""The player's story tokens (1.7), talents and equipment qualities that change numbers."""

from fractions import Fraction

import pytest

from solo.dice import Rng, ScriptedRng
from solo.rules import registry
from solo.rules.engine import Encounter, RulesError
from solo.rules.rogue_spire.build import new_die
from solo.rules.rogue_spire.character import SpireActor

PLAYED = {"brace", "riposte", "guard", "accurate", "inaccurate", "effective", "ineffective",
          "disorient", "non-lethal", "bulky", "noisy", "ablative"}


@pytest.fixture
def rs():
    return registry.get("rogue-spire")


def leader(trait: str = "Athletic", **fields) -> SpireActor:
    traits = [{"name": trait, "kind": "ability", "expertise": ""}] * 4
    fields.setdefault("dice", [new_die(s) for s in (4, 4, 4, 6)])
    return SpireActor("Kell", traits=traits, **fields)


def test_a_token_makes_an_unskilled_roll_skilled_and_is_spent(rs):
    kell = leader(tokens=1)  # Athletic serves force and survival, not presence
    plain = rs.check(kell.copy(), "presence", "medium", ScriptedRng([3]))
    assert plain.detail["skilled"] is False and plain.detail["rolled"] == "D4"
    result = rs.check(kell, "presence", "medium", ScriptedRng([5]), token="skilled")
    assert result.detail["skilled"] is True and result.detail["rolled"] == "D6"  # the highest skill die
    assert result.degree == "success" and kell.tokens == 0
    assert "(a story token spent: skilled; 0 left)" in result.text
    with pytest.raises(RulesError, match="option --token: Kell has no story token to spend"):
        rs.check(kell, "presence", "medium", ScriptedRng([5]), token="plus")


def test_token_odds_a_step_up_and_a_reroll(rs):
    kell = leader(tokens=1)
    up = rs.check_odds(kell, "force", "hard", token="plus")  # D6 stepped to D8 against TD 4
    assert up.detail["die"] == "D8" and up.degrees["success"] + up.degrees["strong"] == Fraction(1, 2)
    again = rs.check_odds(kell, "force", "hard", token="reroll")  # D6 vs TD 4: 1/3 success, 1/2 failure
    assert again.degrees["success"] + again.degrees["strong"] == Fraction(1, 3) * (1 + Fraction(1, 2))
    assert again.degrees["fail"] == Fraction(1, 4)
    result = rs.check(kell, "force", "hard", ScriptedRng([2, 6]), token="reroll")
    assert result.degree == "success" and "a story token's reroll" in result.text


def test_bulky_and_noisy_armour_take_steps_off_the_checks_their_traits_serve(rs):
    scale = {"name": "scale", "values": [1, 1, 2], "qualities": ["bulky", "noisy"]}
    kell = leader("Coordinated", armour=scale, dice=[new_die(s) for s in (4, 4, 4, 8)])
    # finesse is served by Coordinated (bulky) and Elusive (noisy): two steps, D8 to D4
    assert rs.check_odds(kell, "finesse", "medium").detail["die"] == "D4"
    assert rs.check_odds(kell, "craft", "medium").detail["die"] == "D6"  # Coordinated only: one step
    strong = leader("Athletic", armour=scale, dice=[new_die(s) for s in (4, 4, 4, 8)])
    assert rs.check_odds(strong, "force", "medium").detail["die"] == "D8"  # neither serves force


def fighters(**ada_fields):
    ada = SpireActor("Ada", dice=[new_die(4), new_die(4), new_die(8)], **ada_fields)
    brute = SpireActor("Brute", kind="npc", dice=[new_die(4), new_die(8)])
    return ada, brute


def test_a_token_adds_a_step_to_a_pcs_attack(rs):
    ada, brute = fighters(tokens=2)
    enc = Encounter(rs, {"party": [ada], "foes": [brute]}, ScriptedRng([4, 1, 9]))
    template = next(t for t in enc.templates(ada) if t.kind == "attack" and t.fixed)
    assert template.label == "Attack, spending a story token: +1 to the roll (2)"
    action = enc.bind(template, ada, brute, die=8)
    odds = enc.action_odds(action)
    assert odds.degrees["success"] + odds.degrees["strong"] == Fraction(6, 10)  # D10 against TD 4
    enc.apply(action)
    assert "D8 stepped to D10 (m +1) vs D8 TD 4, rolls D10 9 vs TD 4 - Success AND" in enc.log[-3].text
    assert ada.tokens == 1 and brute.die_text(1) == "D8xs"  # bare fists strain


def test_second_wind_refreshes_the_largest_exhausted_die_once_a_fight(rs):
    talent = {"id": "second-wind", "slot": "d8", "size": "d8", "trait": ""}
    ada, brute = fighters(talents=[talent])
    enc = Encounter(rs, {"party": [ada], "foes": [brute]}, ScriptedRng([4, 1, 2, 3]))
    assert "wind" not in {t.kind for t in enc.templates(ada)}  # nothing exhausted yet
    enc.apply(enc.bind(next(t for t in enc.templates(ada) if t.kind == "attack"), ada, brute, die=8))
    enc.apply(enc.bind(next(t for t in enc.templates(ada) if t.kind == "wind"), ada))
    assert enc.log[-1].text == "Ada finds a second wind: D8 refreshes." and ada.die_text(2) == "D8"
    enc.apply(enc.bind(next(t for t in enc.templates(ada) if t.kind == "attack"), ada, brute, die=8))
    assert "wind" not in {t.kind for t in enc.templates(ada)}


def test_every_house_talent_and_quality_changes_a_number(rs):
    for key, talent in rs.catalogue.talents.items():
        effect = talent.get("effect") or {}
        assert effect and all(isinstance(v, int) and v for v in effect.values()), key
    qualities = [q for table in (rs.catalogue.weapons, rs.catalogue.armours)
                 for rec in table.values() for q in rec.get("qualities", [])]
    qualities += [q for rec in rs.data.keyed("rogue-spire/npcs").values()
                  for q in (rec.get("weapon") or {}).get("qualities", [])]
    assert set(qualities) <= PLAYED and {"brace", "riposte", "bulky", "noisy"} <= set(qualities)
    assert rs.random_character(Rng(5), name="X").tokens >= 0
