"""A forecast plays each action-dice fight as a `rematch` of one made fight: it must play exactly like a
freshly made one (the same dice in the same order, the same log and outcome), whichever side starts
and wherever, and share nothing a fight changes with the fight it copies."""

from __future__ import annotations

from typing import Any

import pytest
from rematch_checks import copies, played

from solo.dice import Rng
from solo.rules import registry
from solo.rules.action_dice.skirmish import Skirmish
from solo.rules.engine import Encounter
from solo.rules.forecast import forecast
from solo.rules.stack import Stack

ROLES = (("rogue", 20), ("fighter", 21), ("wizard", 22), ("fighter", 29))
OPTIONS: list[dict[str, Any]] = [{}, {"start": "far"}, {"initiative": "foes"}]


def _sides() -> dict[str, list[Any]]:
    system = registry.get("action-dice")
    party = [system.random_character(Rng(seed), role=role) for role, seed in ROLES]
    return {"party": party, "foes": [system.npc(k) for k in ("goblin-archer", "cult-magus", "orc")]}


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("record", [True, False])
def test_a_rematched_fight_plays_like_a_fresh_one(options: dict[str, Any], record: bool) -> None:
    system = registry.get("action-dice")
    sides = _sides()
    made = Encounter(system, copies(sides), Rng(0), record=record, **options)
    for seed in range(4):
        again = made.rematch(Rng(seed))
        fresh = Encounter(system, copies(sides), Rng(seed), record=record, **options)
        assert [s.far for s in again.seats] == [s.far for s in fresh.seats]
        assert played(again, "party") == played(fresh, "party")
        assert [e.text for e in again.log] == [e.text for e in fresh.log]
        assert again.summary() == fresh.summary()


def test_a_rematch_shares_nothing_a_fight_changes() -> None:
    system = registry.get("action-dice")
    made: Skirmish = Encounter(system, copies(_sides()), Rng(0), start="far")  # type: ignore[assignment]
    before = [s.actor.to_dict() for s in made.seats]
    for seed in range(3):
        again: Skirmish = made.rematch(Rng(seed))  # type: ignore[assignment]
        for name, value in vars(made).items():
            if isinstance(value, (list, dict, set, Stack)) and name != "sides":
                assert getattr(again, name) is not value, name
        for mine, theirs in zip(made.side_seats.values(), again.side_seats.values(), strict=True):
            assert all(a is not b for a, b in zip(mine, theirs, strict=True))
        for seat, first in zip(again.seats, made.seats, strict=True):
            assert seat.actor is not first.actor and seat.avail is not first.avail
            mine, theirs = first.delver, seat.delver
            assert theirs.pool is not mine.pool and theirs.hidden_damage is not mine.hidden_damage
        again.run()
        assert again.is_over()
    assert [s.actor.to_dict() for s in made.seats] == before  # the made fight is as it was
    assert made.round == 1 and not made.stack.items
    assert [s.far for s in made.seats] == [False] * 4 + [True] * 3


def test_a_forecast_of_rematches_counts_what_fresh_fights_count(monkeypatch: pytest.MonkeyPatch) -> None:
    system = registry.get("action-dice")
    sides = _sides()
    quick = forecast(system, sides["party"], sides["foes"], 120, Rng(7), workers=1)
    monkeypatch.setattr(Skirmish, "quick_rematch", False)  # every fight made afresh
    slow = forecast(system, sides["party"], sides["foes"], 120, Rng(7), workers=1)
    assert (quick.wins, quick.draws, quick.losses, quick.rounds) == (slow.wins, slow.draws, slow.losses,
                                                                     slow.rounds)
    assert quick.harm == slow.harm and quick.statuses == slow.statuses
    assert 0 < quick.wins < 120  # the fights go both ways: a real test of the counts
