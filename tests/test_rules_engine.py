"""The shared vocabulary, as the oracle, journeys and campaigns will call it."""

from __future__ import annotations

import json

import pytest

from solo.dice import Rng, ScriptedRng
from solo.rules import APPROACHES, DEGREES, Encounter, Event, registry
from solo.rules.engine import RulesError
from solo.rules.forecast import forecast


def test_registry_lists_and_builds_systems():
    assert registry.ids() == ["nine-powers", "resistance", "rogue-spire", "action-dice", "masque"]
    np = registry.get("nine-powers")
    assert (np.id, np.name) == ("nine-powers", "Nine Powers")
    assert registry.get("Nine-Powers") is np  # built once
    with pytest.raises(RulesError,
                       match="no rules system called 'gurps'; known: nine-powers, resistance,"
                             " rogue-spire, action-dice, masque"):
        registry.get("gurps")


@pytest.mark.parametrize("system_id", registry.ids())
def test_every_system_understands_every_neutral_approach(system_id):
    system = registry.get(system_id)
    assert system.approaches == list(APPROACHES)
    pc = system.random_character(Rng(1))
    for approach in APPROACHES:
        odds = system.check_odds(pc, approach, "medium")
        assert set(odds.degrees) == set(DEGREES) and sum(odds.degrees.values()) == 1
        result = system.check(pc, approach, "medium", Rng(2))
        assert result.degree in DEGREES and result.events[0].kind == "check"
        json.dumps(result.to_dict())  # plain data all the way down


@pytest.mark.parametrize("system_id", registry.ids())
def test_neutral_difficulties_get_harder(system_id):
    system = registry.get(system_id)
    pc = system.random_character(Rng(3))
    chances = [system.check_odds(pc, "force", d).success for d in ("easy", "medium", "hard")]
    assert chances[0] >= chances[1] >= chances[2] and chances[0] > chances[2]


@pytest.mark.parametrize("system_id", registry.ids())
def test_harm_and_recover_return_events_with_text(system_id):
    system = registry.get(system_id)
    pc = system.random_character(Rng(4))
    for kind in ("body", "mind", "resources"):
        events = system.harm(pc, kind, "moderate", Rng(5))
        assert events and all(isinstance(e, Event) and e.text for e in events)
        events = system.recover(pc, kind, "minor", Rng(6))
        assert events and events[0].kind in ("recover", "refresh", "rest")
    with pytest.raises(RulesError, match="harm size must be one of minor, moderate, major"):
        system.harm(pc, "body", "huge", Rng(1))
    with pytest.raises(RulesError, match="harm kind must be one of body, mind, resources"):
        system.harm(pc, "luck", "minor", Rng(1))


def test_unknown_approach_is_named():
    np = registry.get("nine-powers")
    with pytest.raises(RulesError, match="approach must be one of force, finesse"):
        np.check(np.random_character(Rng(1)), "charm", "easy", Rng(1))


def test_events_and_odds_serialise():
    event = Event("harm", "Vroy loses 2.", "Vroy", {"buffer": 2})
    assert event.to_dict() == {
        "kind": "harm",
        "text": "Vroy loses 2.",
        "actor": "Vroy",
        "data": {"buffer": 2},
    }
    odds = registry.get("nine-powers").odds_for(rating=1, difficulty="medium")
    data = odds.to_dict()
    assert data["success"] == 0.5 and data["degrees"]["success"]["exact"] == "1/4"
    assert data["degrees"]["strong"]["exact"] == "1/4"


def test_encounter_api_is_the_same_for_both_systems():
    for system_id, foe in (("nine-powers", "bandit"), ("resistance", "bandit")):
        system = registry.get(system_id)
        pc = system.random_character(Rng(7))
        encounter = Encounter(system, {"party": [pc], "foes": [system.npc(foe), system.npc(foe)]}, Rng(8))
        assert type(encounter).__name__ in ("Contest", "Conflict")
        assert [encounter.label(a) for a in encounter.sides["foes"]] == ["Bandit 1", "Bandit 2"]
        waiting = encounter.awaiting()
        assert waiting[0] is pc
        actions = encounter.legal_actions(pc)
        assert actions and all(a.actor is pc and a.label for a in actions)
        events = encounter.apply(encounter.npc_policy(pc))
        assert isinstance(events, list)
        while not encounter.is_over():
            encounter.apply(encounter.npc_policy(encounter.awaiting()[0]))
        assert encounter.result_for("party") in ("win", "loss", "draw")
        summary = encounter.summary()
        json.dumps(summary)
        assert summary["winner"] == encounter.winner and summary["rounds"] == encounter.rounds_played
        with pytest.raises(RulesError):
            encounter.apply(actions[0])


def test_encounters_refuse_bad_sides():
    np, rt = registry.get("nine-powers"), registry.get("resistance")
    pc = np.random_character(Rng(1))
    with pytest.raises(RulesError, match="at least two sides"):
        Encounter(np, {"only": [pc]}, Rng(1))
    with pytest.raises(RulesError, match="has nobody on it"):
        Encounter(np, {"a": [pc], "b": []}, Rng(1))
    with pytest.raises(RulesError, match="is not a Nine Powers character"):
        Encounter(np, {"a": [pc], "b": [rt.npc("goblin")]}, Rng(1))
    with pytest.raises(RulesError, match="cannot stand in an encounter twice"):
        Encounter(np, {"a": [pc], "b": [pc]}, Rng(1))


def test_forecast_leaves_the_originals_alone_and_is_reproducible():
    np = registry.get("nine-powers")
    pc = np.random_character(Rng(2), role="sellsword")
    foes = [np.npc("bandit"), np.npc("goblin")]
    before = pc.to_dict(), [f.to_dict() for f in foes]
    first = forecast(np, [pc], foes, 200, Rng(3))
    second = forecast(np, [pc], foes, 200, Rng(3))
    assert (pc.to_dict(), [f.to_dict() for f in foes]) == before
    assert first.to_dict() | {"seconds": 0} == second.to_dict() | {"seconds": 0}
    assert first.wins + first.draws + first.losses == 200
    assert set(first.average_harm) <= {"fortitude", "stamina"}


def test_guided_creation_run_reasks_after_a_bad_answer():
    rt = registry.get("resistance")
    replies = iter(["Ysolt", "pirate", "guide", "curious", "warded, desert-wise", "hakim", ""])
    told = []
    pc = rt.creation().run(lambda q: next(replies), told.append)
    assert pc.name == "Ysolt" and pc.role.startswith("a desert guide")
    assert told == ["choose a role from: knight, preacher, sutler, relic-hunter, inquisitor, guide"]


def test_scripted_rng_reports_running_out():
    np = registry.get("nine-powers")
    with pytest.raises(Exception, match="scripted dice ran out"):
        np.check(np.random_character(Rng(1)), "force", "easy", ScriptedRng([]))
