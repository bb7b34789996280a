"""A PC answers what is aimed at it: its defence die (1.5 step 2), a story token, contests (1.6)."""

from fractions import Fraction

import pytest

from solo.dice import ScriptedRng
from solo.rules import registry
from solo.rules.engine import Encounter
from solo.rules.rogue_spire.build import new_die
from solo.rules.rogue_spire.character import SpireActor

SPEAR = {"name": "spear", "power": 1, "bypass": 0, "range": "long", "ranged": False, "qualities": ["brace"]}


@pytest.fixture
def rs():
    return registry.get("rogue-spire")


def people(tokens: int = 0, weapon: dict | None = None) -> tuple[SpireActor, SpireActor]:
    ada = SpireActor("Ada", tokens=tokens, dice=[new_die(4), new_die(4), new_die(8)])
    brute = SpireActor("Brute", kind="npc", dice=[new_die(4), new_die(8)], weapons=[weapon] if weapon else [])
    return ada, brute


def act(enc, actor, kind, target=None, **params):
    fixed = params.pop("fixed", False)
    template = next(t for t in enc.templates(actor) if t.kind == kind and bool(t.fixed) == fixed)
    return enc.apply(enc.bind(template, actor, target, **params))


def test_the_pc_chooses_its_defence_die(rs):
    ada, brute = people()
    enc = Encounter(rs, {"party": [ada], "foes": [brute]}, ScriptedRng([1, 4, 3]))  # Brute first
    act(enc, brute, "attack", ada, die=8)
    assert enc.next_actor() is ada
    (defend,) = enc.templates(ada)
    assert defend.params == (("die", (8, 4)),) and defend.default == (("die", 8),)
    # the menu's odds are Ada's: the blow misses (Brute's D8 under TD 4: 3 in 8; under TD 2: 1 in 8)
    assert enc.action_odds(enc.bind(defend, ada, die=8)).success == Fraction(3, 8)
    assert enc.action_odds(enc.bind(defend, ada, die=4)).success == Fraction(1, 8)
    act(enc, ada, "defend", die=4)  # meet it with the D4: TD 2, and the 3 beats it
    assert enc.log[-2].text == "Brute attacks Ada: D8 (m +0) vs D4 TD 2, rolls D8 3 vs TD 2 - Success."
    assert [ada.die_text(i) for i in range(3)] == ["D4", "D4x", "D8"]
    assert enc.next_actor() is brute  # Brute's turn goes on


def test_a_story_token_takes_a_step_off_the_attackers_roll(rs):
    ada, brute = people(tokens=1)
    enc = Encounter(rs, {"party": [ada], "foes": [brute]}, ScriptedRng([1, 4, 5]))
    act(enc, brute, "attack", ada, die=8)
    act(enc, ada, "defend", die=8, fixed=True)
    assert enc.log[-3].text == "Ada spends a story token: -1 to the roll."
    assert "D8 stepped to D6 (m -1) vs D8 TD 4, rolls D6 5 vs TD 4 - Success." in enc.log[-2].text
    assert ada.tokens == 0 and ada.die_text(2) == "D8x"


def test_a_counter_attack_contest_after_the_pcs_first_turn(rs):
    ada, brute = people()
    enc = Encounter(rs, {"party": [ada], "foes": [brute]}, ScriptedRng([4, 1, 2, 6]), contests=True)
    act(enc, ada, "end")
    act(enc, brute, "attack", ada, die=8)
    assert [t.kind for t in enc.templates(ada)] == ["defend", "counter"]
    counter = enc.bind(enc.templates(ada)[1], ada, die=8)  # D8 against D8: higher 28/64, equal 8/64
    assert enc.action_odds(counter).degrees["success"] == Fraction(7, 16)
    assert enc.action_odds(counter).success == Fraction(9, 16)
    act(enc, ada, "counter", die=8)  # Brute's D8 rolls 2, Ada's D8 6: three times it, a Success AND
    assert enc.log[-2].text == ("Ada answers with a counter-attack: D8 6 against Brute's D8 2"
                                " - Ada wins, double.")
    assert brute.die_text(1) == "D8xs" and ada.die_text(2) == "D8x"  # bare fists strain


def test_a_braced_spear_stops_a_pc_closing_in(rs):
    ada, brute = people(weapon=SPEAR)
    enc = Encounter(rs, {"party": [ada], "foes": [brute]}, ScriptedRng([4, 1, 7]),
                    contests=True, distance="apart")
    act(enc, ada, "end")
    act(enc, brute, "end")
    act(enc, ada, "close", brute, die=4)  # D4 spent: TD 2; Brute's D8 braced rolls as a D10: 7
    assert enc.log[-3].text == ("Brute opposes the move (braced: +1 Power): D10 7 against 2"
                                " (half the D4 spent) - the move fails.")
    assert [ada.die_text(i) for i in range(3)] == ["D4", "D4x!", "D8x"]  # injured; double: D8 exhausted
    assert not enc.positions.engaged(0, 1)


def test_the_pc_may_oppose_or_let_a_foe_close_in(rs):
    ada, brute = people()
    enc = Encounter(rs, {"party": [ada], "foes": [brute]}, ScriptedRng([4, 1]),
                    contests=True, distance="apart")
    act(enc, ada, "end")
    act(enc, brute, "close", ada, die=8)
    assert enc.next_actor() is ada and [t.kind for t in enc.templates(ada)] == ["oppose", "allow"]
    act(enc, ada, "allow")
    assert enc.positions.engaged(0, 1) and enc.next_actor() is brute
