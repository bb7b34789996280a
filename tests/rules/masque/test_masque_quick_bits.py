"""A forecast's set-to plays each bit the quick way (`SetTo._quick_casts`, a role cast's plan kept by
its dice and build, a monster's plain cast read off the values drawn): it must play exactly as the
kernel's recorded loop does, draw the same dice as the plain roll, and keep a recorded fight's log."""

from __future__ import annotations

from typing import Any

import pytest

from solo.dice import Rng
from solo.dice.rng import ScriptedRng
from solo.rules import registry
from solo.rules.engine import Encounter
from solo.rules.masque.cast import parse_cast
from solo.rules.masque.setto import SetTo, _role_plan
from solo.rules.masque.throw import CastRoll, explode, roll_cast, roll_term

ROLES = ("lancer", "curate", "bravo", "magnus")
FOES = {
    "plain": ["troll", "warg", "spidure", "ghoul"],
    "many hooks": ["hobgoblin", "mast-rats", "commoner", "elf", "goblin"],
    "snake and groot": ["pyethonda", "fell-groot", "salamander", "ogre"],
}


def _set_to(foes: str, seed: int, record: bool) -> SetTo:
    masque = registry.get("masque")
    troupe = [masque.random_character(Rng(30 + i), role=r) for i, r in enumerate(ROLES)]
    monsters = [masque.npc(f) for f in FOES[foes]]
    return Encounter(masque, {"troupe": troupe, "monsters": monsters}, Rng(seed),  # type: ignore[return-value]
                     record=record)


def _outcome(enc: SetTo) -> tuple[Any, ...]:
    enc.run()
    seats = [(s.label, s.out, dict(s.taken), s.actor.to_dict()) for s in enc.seats]
    return enc.result_for("troupe"), enc.rounds_played, seats, enc.rng.random()


@pytest.mark.parametrize("foes", sorted(FOES))
def test_the_quick_loop_plays_what_the_recorded_loop_plays(foes: str) -> None:
    for seed in range(6):
        recorded, quick = _set_to(foes, seed, True), _set_to(foes, seed, False)
        assert _outcome(quick) == _outcome(recorded)
        assert quick.log == []  # nothing recorded, nothing written
        texts = [e.text for e in recorded.log]
        assert texts[0] == "Bit 1." and any(t.startswith("Totals: troupe ") for t in texts)
        # every cast of a recorded bit is written with its dice and verdict
        assert any(t.startswith("Roake: d") and "avg" in t for t in texts)


def test_a_role_actors_quick_cast_follows_its_current_build() -> None:
    """Its moves are kept by target and build: a lower build picks the dice the policy would."""
    enc = _set_to("plain", 1, False)
    lancer = enc.seats[0]
    enc._quick_casts()
    first = lancer.action
    assert first is not None and first == enc._policy_move(lancer)
    for seat in enc.seats:
        seat.action = None
    lancer.mactor.current -= 3
    enc._quick_casts()
    assert lancer.action == enc._policy_move(lancer) and lancer.action != first
    for seat in enc.seats:
        seat.action = None
    lancer.mactor.current += 3
    enc._quick_casts()
    assert lancer.action is first  # made once a set-to and used again


def test_a_role_cast_plan_is_one_face_over_only_at_the_build_below() -> None:
    assert _role_plan("d8-1", 7) == (parse_cast("d8-1"), True)
    assert _role_plan("d8-1", 8) == (parse_cast("d8-1"), False)  # the same text at another build
    assert _role_plan("d6+d2", 8)[1] is False


def _reference(text: str, rng: Rng) -> CastRoll:
    """A monster's roll term by term, as a cast that is not plain is rolled."""
    cast = parse_cast(text)
    dice = [roll_term(t, cast.least, rng) for t in cast.terms]
    roll = CastRoll(cast, dice, cast.const)
    roll.nullified = all(dice[i].rolls[0] == 1 for i in cast.tops)
    for die in dice:
        if die.sides >= 4 and die.rolls[-1] == die.sides:
            explode(die, rng)
    return roll


@pytest.mark.parametrize("text", ["d12", "d5", "2d3", "d6+d3", "2d6-d4", "d10+2d4", "2d4-1", "d6-d2"])
def test_a_monsters_plain_cast_draws_what_rolling_term_by_term_draws(text: str) -> None:
    seen_natural = seen_nullify = False
    for seed in range(300):
        quick, slow = Rng(seed), Rng(seed)
        roll, ref = roll_cast(parse_cast(text), quick, monster=True), _reference(text, slow)
        assert [d.to_dict() for d in roll.dice] == [d.to_dict() for d in ref.dice]
        assert (roll.nullified, roll.casting, roll.average2) == (ref.nullified, ref.casting, ref.average2)
        assert quick.random() == slow.random()  # no draw more, none fewer
        seen_natural = seen_natural or any(len(d.rolls) > 1 for d in roll.dice)
        seen_nullify = seen_nullify or roll.nullified
    assert seen_nullify and (seen_natural or text in ("2d3",))


def test_a_monsters_natural_rerolls_and_all_ones_by_scripted_dice() -> None:
    roll = roll_cast(parse_cast("d6+d3"), ScriptedRng([6, 3, 6, 2]), monster=True)
    assert [d.rolls for d in roll.dice] == [[6, 6, 2], [3]] and roll.casting == 17
    ones = roll_cast(parse_cast("d12"), ScriptedRng([1]), monster=True)
    assert ones.nullified and ones.casting == 0
    top = roll_cast(parse_cast("d12"), ScriptedRng([12, 5]), monster=True)
    assert top.dice[0].rolls == [12, 5] and not top.nullified
