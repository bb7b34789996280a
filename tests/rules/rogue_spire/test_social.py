"""Personality in play, haggling and carrying capacity (RULES.md 1.2, 1.3 item 10, 1.9.14)."""

from fractions import Fraction

import pytest

from solo.dice import Rng, ScriptedRng
from solo.rules import registry
from solo.rules.engine import Action, Encounter, RulesError
from solo.rules.moves import find_move
from solo.rules.rogue_spire.build import new_die
from solo.rules.rogue_spire.character import SpireActor
from solo.rules.rogue_spire.measures import movement


@pytest.fixture
def rs():
    return registry.get("rogue-spire")


def talker(**fields) -> SpireActor:
    traits = [{"name": "Charismatic", "kind": "ability", "expertise": ""}] * 4
    return SpireActor("Vell", dice=[new_die(s) for s in (4, 4, 4, 6)], traits=traits, **fields)


def run(rs, actor, move, rng=None, **options):
    m = find_move(rs.moves(), move)
    return m.run(rs, actor, m.parse(options), rng or Rng(1))


def test_encouraged_and_discouraged_tokens_last_until_their_rest(rs):
    vell = talker(tokens=1)
    run(rs, vell, "encouraged")
    events = run(rs, vell, "discouraged")
    assert events[0].text == ("Vell is discouraged: D4 strained, two story tokens to use against the cause"
                              " (4 held).")
    assert vell.die_text(1) == "D4s" and (vell.tokens, vell.encouraged, vell.discouraged) == (4, 1, 2)
    with pytest.raises(RulesError, match="already discouraged"):
        run(rs, vell, "discouraged")
    texts = [e.text for e in run(rs, vell, "night-rest")]
    assert "Vell's D4 is no longer strained." in texts
    assert "Vell's encouragement fades: 1 story token(s) gone." in texts
    assert "Vell's discouragement lifts: 2 story token(s) gone." in texts
    assert vell.tokens == 1 and vell.die_text(1) == "D4"


def test_haggling_is_a_contest_with_the_merchants_die(rs):
    vell = talker()
    # D6 (skilled: Charismatic) one step down for the merchant's Mind 1: D4 against D6's TD 3, rolls 4
    (event,) = run(rs, vell, "haggle", ScriptedRng([4]), price=8, offer=4, mind=1)
    assert event.text == ("Vell haggles (skilled): D6 stepped to D4 (m -1) against the merchant's D6 TD 3,"
                          " D4 4 vs TD 3 - bought for 4 instead of 8 (12 left).")
    # three ranks down (16 -> 2) is two steps harder, a friendly merchant gives +1 Bypass (no Mind to
    # cancel): D6 down two, past D4, so the merchant's D6 steps up to D8: TD 4
    (event,) = run(rs, vell, "haggle", ScriptedRng([2]), price=16, offer=2, attitude="friendly")
    assert "(m -2) against the merchant's D8 TD 4" in event.text and event.text.endswith("no bargain.")
    assert vell.wealth == 12
    with pytest.raises(RulesError, match="option --offer must be below the asking --price"):
        run(rs, vell, "haggle", price=4, offer=4)


def test_a_load_over_capacity_halves_movement_and_four_times_it_stops_a_creature(rs):
    vell = talker(
        weapons=[{"name": "halberd", "range": "very-long", "ranged": False, "power": 2, "bypass": 1,
                  "qualities": [], "capacity": 4}],
        armour={"name": "plate", "values": [2, 2, 2], "qualities": [], "capacity": 8},
    )
    assert (vell.carried(), vell.mobility()) == (12, "half")
    assert "load 12/8 (half)" in rs.stat_block(vell)
    assert movement(6, "10 seconds", mobility=vell.mobility()) == Fraction(3)
    vell.load = 20
    assert vell.mobility() == "immobile"
    foe = SpireActor("Rat", kind="npc", dice=[new_die(4), new_die(6)])
    enc = Encounter(rs, {"party": [vell], "foes": [foe]}, ScriptedRng([4, 1]), distance="apart")
    assert "close" not in {t.kind for t in enc.templates(vell)}
    with pytest.raises(RulesError, match="Vell carries four times its capacity and cannot move"):
        enc.apply(Action(vell, "close", foe, options={"die": 4}))
