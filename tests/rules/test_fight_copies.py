"""A forecast plays each fight with fight copies: what a fight changes is the copy's own, and what it
only reads (skills, weapons) is shared with the actor handed in, which must never change."""

from __future__ import annotations

from dataclasses import fields

import pytest

from solo.dice import Rng
from solo.rules import registry
from solo.rules.engine import Encounter, RulesError
from solo.rules.forecast import forecast

SYSTEMS = ("nine-powers", "resistance", "rogue-spire")
#: fields every system's fight copies share (what its fights only read)
SHARED = {"nine-powers": {"skills"}, "resistance": {"skills"},
          "rogue-spire": {"weapons", "talents", "traits"}}


def _everyone(system_id: str) -> list:
    system = registry.get(system_id)
    return ([system.random_character(Rng(i), role=r) for i, r in enumerate(system.roles())]
            + [system.npc(n) for n in system.npc_names()])


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_fight_copy_shares_only_what_fights_read(system_id: str) -> None:
    shared_somewhere = set()
    for actor in _everyone(system_id):
        twin = actor.fight_copy()
        assert type(twin) is type(actor) and twin == actor
        for f in fields(actor):
            value = getattr(actor, f.name)
            if not isinstance(value, (list, dict)):
                continue
            if f.metadata.get("read_in_fights"):
                assert getattr(twin, f.name) is value, f.name
                shared_somewhere.add(f.name)
            else:
                assert getattr(twin, f.name) is not value, f"{f.name} is shared"
    assert SHARED[system_id] <= shared_somewhere


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_forecast_leaves_the_actors_it_was_given_as_they_were(system_id: str) -> None:
    system = registry.get(system_id)
    pick = Rng(2)
    for n in range(6):
        party = [system.random_character(Rng(40 + n + i), role=pick.choice(system.roles()))
                 for i in range(1 + n % 3)]
        foes = [system.npc(pick.choice(system.npc_names())) for _ in range(1 + (n + 1) % 3)]
        before = [a.to_dict() for a in party + foes]
        forecast(system, party, foes, 150, Rng(n), workers=1)
        assert [a.to_dict() for a in party + foes] == before


def test_a_lore_check_in_a_fight_copy_stays_on_the_copy() -> None:
    system = registry.get("nine-powers")
    scholar, foe = system.random_character(Rng(3), role="scholar"), system.npc("bandit")
    mine = scholar.fight_copy()
    contest = Encounter(system, {"party": [mine], "foes": [foe.fight_copy()]}, Rng(1))
    while not contest.is_over() and not mine.lore:
        for actor in contest.awaiting():
            if actor is mine:
                contest.apply(contest.bind(contest.templates(mine)[[t.kind for t in contest.templates(mine)]
                                                                    .index("lore")], mine, difficulty="easy"))
            else:
                contest.apply(contest.npc_policy(actor))
    assert mine.lore and not scholar.lore


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_rematch_plays_as_a_freshly_made_encounter(system_id: str) -> None:
    system = registry.get(system_id)
    roles = system.roles()
    party = [system.random_character(Rng(i), role=roles[i]) for i in range(2)]
    foes = [system.npc(n) for n in system.npc_names()[:3]]
    made = Encounter(system, {"party": party, "foes": foes}, Rng(5))
    before = [a.to_dict() for a in party + foes]
    for _ in range(3):
        again = made.rematch()
        again.run()
        assert again.rng is made.rng and again.is_over()
        assert [s.label for s in again.seats] == [s.label for s in made.seats]
        for seat, first in zip(again.seats, made.seats, strict=True):  # worked out once for every fight
            assert seat.actor is not first.actor and seat.kept
            assert all(getattr(seat, name) is getattr(first, name) for name in seat.kept)
    assert [a.to_dict() for a in party + foes] == before
    made = Encounter(system, {"party": party, "foes": foes}, Rng(9))
    again = made.rematch(Rng(9))  # the dice as a fresh one's (a Rogue Spire fight rolls initiative as made)
    twin = Encounter(system, {"party": [a.copy() for a in party], "foes": [a.copy() for a in foes]}, Rng(9))
    again.run()
    twin.run()
    assert [e.text for e in again.log] == [e.text for e in twin.log] and again.log
    assert again.summary() == twin.summary()
    with pytest.raises(RulesError):
        again.rematch()
