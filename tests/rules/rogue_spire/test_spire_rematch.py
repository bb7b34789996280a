"""A forecast plays each Rogue Spire fight as a `rematch` of one made fight: it must play exactly like a
freshly made one (the initiative and every later die drawn in the same order, the same log, outcome and
sheets after), with the fight's options, a creature unfit from the start included, and share nothing a
fight changes with the fight it copies.  A fight whose making changes its actors (``best-die``
initiative, an exhausted vitality die refreshed by the first turn) is never rematched."""

from __future__ import annotations

from typing import Any

import pytest
from rematch_checks import copies, played

from solo.dice import Rng
from solo.rules import registry
from solo.rules.engine import Encounter, RulesError
from solo.rules.forecast import forecast
from solo.rules.rogue_spire.encounter import Skirmish

ROLES = ("fighter", "sneak", "caster", "talker")

#: (foes, options, the party member unfit from the start or None)
SCENARIOS: dict[str, tuple[list[str], dict[str, Any], int | None]] = {
    "plain": (["ember-wyrmling", "hill-ogre", "hobgoblin-warlord"], {}, None),
    "apart, contests": (["dire-wolf", "marsh-ghoul", "goblin-cutthroat"],
                        {"distance": "apart", "contests": True}, None),
    "brawl, failure-but, tokens": (["orc-raider", "bandit-sergeant"],
                                   {"nonlethal": True, "ties": "failure-but", "master_tokens": 3}, None),
    "one on death's door": (["troll-chieftain", "sewer-rat", "sewer-rat"], {"contests": True}, 1),
}


def _sides(name: str) -> dict[str, list[Any]]:
    foe_ids, _, unfit = SCENARIOS[name]
    spire = registry.get("rogue-spire")
    party = [spire.random_character(Rng(30 + i), role=r) for i, r in enumerate(ROLES)]
    if unfit is not None:
        party[unfit].vitality["injured"] = True
    return {"party": party, "foes": [spire.npc(f) for f in foe_ids]}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
@pytest.mark.parametrize("record", [True, False])
def test_a_rematched_fight_plays_like_a_fresh_one(name: str, record: bool) -> None:
    spire = registry.get("rogue-spire")
    options = SCENARIOS[name][1]
    sides = _sides(name)
    made = Encounter(spire, copies(sides), Rng(0), record=record, **options)
    for seed in range(4):
        again = made.rematch(Rng(seed))
        fresh = Encounter(spire, copies(sides), Rng(seed), record=record, **options)
        assert [e.text for e in again.log] == [e.text for e in fresh.log]  # the order, rolled as made
        assert [(s.label, s.initiative) for s in again.turn_order] == [
            (s.label, s.initiative) for s in fresh.turn_order]
        assert played(again, "party") == played(fresh, "party")
        assert [e.text for e in again.log] == [e.text for e in fresh.log]
        assert again.summary() == fresh.summary()
    if SCENARIOS[name][2] is not None:
        assert made.seats[1].out == "on death's door"


def test_the_scenarios_meet_what_they_are_for() -> None:
    """The scenarios' options show in the fights: nobody engaged at the start apart, the Master's tokens
    as given, an unfit PC sits the fight out."""
    spire = registry.get("rogue-spire")
    apart: Skirmish = Encounter(spire, copies(_sides("apart, contests")), Rng(1),  # type: ignore[assignment]
                                distance="apart", contests=True)
    assert not apart.rematch(Rng(2)).positions.links
    brawl: Skirmish = Encounter(spire, copies(_sides("brawl, failure-but, tokens")), Rng(1),  # type: ignore[assignment]
                                master_tokens=3, nonlethal=True)
    assert brawl.rematch(Rng(2)).master_tokens == 3
    unfit: Skirmish = Encounter(spire, copies(_sides("one on death's door")), Rng(1))  # type: ignore[assignment]
    again: Skirmish = unfit.rematch(Rng(2))  # type: ignore[assignment]
    assert again.seats[1].out == "on death's door" and again.seats[1].initiative == 0
    assert again.alive == {"party": 3, "foes": 3}


def _mutable(enc: Skirmish) -> dict[str, Any]:
    """Every container a fight holds and changes, by where it is found."""
    found: dict[str, Any] = {"positions": enc.positions, "links": enc.positions.links,
                             "focus": enc.positions.focus, "turn_order": enc.turn_order, "alive": enc.alive,
                             "seats": enc.seats}
    for seat in enc.seats:
        found[f"{seat.label}"] = seat
        found[f"{seat.label}.taken"] = seat.taken
        found[f"{seat.label}.dice"] = seat.actor.dice
        for i, die in enumerate(seat.actor.dice):
            found[f"{seat.label}.dice[{i}]"] = die
    return found


def test_a_rematch_shares_nothing_a_fight_changes() -> None:
    spire = registry.get("rogue-spire")
    made: Skirmish = Encounter(spire, copies(_sides("apart, contests")), Rng(0),  # type: ignore[assignment]
                               distance="apart", contests=True, master_tokens=2)
    before = [s.actor.to_dict() for s in made.seats]
    mine = _mutable(made)
    for seed in range(3):
        again: Skirmish = made.rematch(Rng(seed))  # type: ignore[assignment]
        theirs = _mutable(again)
        assert set(theirs) == set(mine)
        assert [name for name in mine if theirs[name] is mine[name]] == []
        assert all(a.kit is b.kit for a, b in zip(again.seats, made.seats, strict=True))  # a sheet's, kept
        again.run()
        assert again.is_over() and again.rounds_played >= 1
    assert [s.actor.to_dict() for s in made.seats] == before  # the made fight is as it was
    assert made.round == 1 and made.master_tokens == 2
    assert not made.positions.focus and not made.positions.links


@pytest.mark.parametrize("change", ["best-die", "winded"])
def test_a_fight_whose_making_changes_its_actors_is_never_rematched(change: str) -> None:
    spire = registry.get("rogue-spire")
    sides = _sides("plain")
    options = {"initiative": "best-die"} if change == "best-die" else {}
    if change == "winded":
        sides["party"][2].vitality["exhausted"] = True  # the first turn refreshes it on the made fight's copy
    made = Encounter(spire, copies(sides), Rng(0), **options)
    assert not made.can_rematch()
    with pytest.raises(RulesError, match="only a fight as made"):
        made.rematch(Rng(1))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
@pytest.mark.parametrize("change", [None, "best-die", "winded"])
def test_a_forecast_of_rematches_counts_what_fresh_fights_count(name: str, change: str | None,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    spire = registry.get("rogue-spire")
    sides = _sides(name)
    options = dict(SCENARIOS[name][1])
    if change == "best-die":
        options["initiative"] = "best-die"
    elif change == "winded":
        sides["party"][0].vitality["exhausted"] = True
    party, foes = sides["party"], sides["foes"]
    quick = forecast(spire, party, foes, 60, Rng(7), workers=1, **options)
    monkeypatch.setattr(Skirmish, "quick_rematch", False)  # every fight made afresh
    slow = forecast(spire, party, foes, 60, Rng(7), workers=1, **options)
    assert (quick.wins, quick.draws, quick.losses, quick.rounds) == (slow.wins, slow.draws, slow.losses,
                                                                     slow.rounds)
    assert quick.harm == slow.harm and quick.statuses == slow.statuses
