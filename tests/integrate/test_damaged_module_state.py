"""Module state in a save (`state.extra`) edited or damaged by hand: a clear error, the file untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.campaign import CampaignStore, SaveError, perform
from solo.errors import SoloError
from solo.tables import load_tables

TABLES = load_tables(use_env=False)


def _campaign_with_every_module_state(cli, saves_dir: Path) -> Path:
    """A save whose oracle and rules slices are all filled in by real moves."""
    path = saves_dir / "c.json"
    if path.exists():
        return path
    assert cli("new", "C", "--seed", "3").code == 0
    store = CampaignStore(saves_dir)
    session = store.open("C")
    session.perform("oracle.clue_gain")
    session.perform("oracle.scene_start", expectation="the gate is quiet")   # scene_clue
    session.perform("oracle.journey", setting="wild")                        # journey_pending
    session.perform("set_system", system="nine-powers")
    session.perform("rules.character_random", name="Ulric")
    session.perform("rules.encounter_start", foes=["mook"])
    session.perform("rules.encounter_auto")                                  # last_encounter
    session.perform("rules.encounter_start", foes=["mook", "bandit"])         # encounter
    session.perform("rules.encounter_act", actor="Ulric", action=0)
    session.campaign.extra["rules"] |= {"edge": 1, "edge_source": "the journey"}
    session.perform("note", text="saved with every module's state")
    session.save()  # the snapshot holds everything, so editing it by hand is editing the campaign
    state = json.loads(path.read_text())["state"]["extra"]
    assert set(state["oracle"]) == {"scene_clue", "journey_pending"}
    assert {"edge", "edge_source", "encounter", "last_encounter"} <= set(state["rules"])
    return path


def _damage(path: Path, where: tuple, value) -> bytes:
    doc = json.loads(path.read_text())
    holder = doc["state"]["extra"]
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = value
    raw = json.dumps(doc, indent=1).encode()
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize(("where", "value", "message", "command"), [
    (("rules",), "x", "state.extra.rules: expected a mapping, found 'x'",
     ("encounter", "--campaign", "C", "--act", "1")),
    (("rules", "encounter", "seed"), "abc",
     "state.extra.rules.encounter.seed: expected a whole number, found 'abc'",
     ("encounter", "--campaign", "C", "--act", "1")),
    (("oracle",), "x", "state.extra.oracle: expected a mapping, found 'x'",
     ("scene", "start", "x", "--campaign", "C")),
    (("oracle", "journey_pending", "check", "approaches"), 5,
     "state.extra.oracle.journey_pending: the saved journey event is damaged: check.approaches is 5",
     ("journey", "--campaign", "C", "--resolve", "success")),
    (("rules", "edge"), 7, "state.extra.rules.edge: expected -1, 0 or 1, found 7",
     ("check", "--campaign", "C", "--approach", "wits")),
    (("rules", "encounter", "party", 0, "character"), None,
     "state.extra.rules.encounter.party[0].character: expected a whole number, found nothing (null)",
     ("encounter", "--campaign", "C", "--auto")),
])
def test_a_damaged_module_state_is_named_on_loading_and_the_file_is_left_alone(
        cli, saves_dir, where, value, message, command):
    path = _campaign_with_every_module_state(cli, saves_dir)
    raw = _damage(path, where, value)
    result = cli(*command)
    assert result.code == 1 and "Traceback" not in result.err
    assert result.err.startswith(f"solo: error: {path} is damaged: {message}")
    assert "the file is left exactly as it is" in result.err
    assert path.read_bytes() == raw


def test_a_saved_encounter_the_engine_cannot_rebuild_is_reported_as_the_saves_fault(cli, saves_dir):
    path = _campaign_with_every_module_state(cli, saves_dir)
    raw = _damage(path, ("rules", "encounter", "options"), {"kind": "underwater"})
    result = cli("encounter", "--campaign", "C", "--auto")
    assert result.code == 1 and "Traceback" not in result.err
    assert result.err.startswith("solo: error: the encounter saved in 'C' (extra.rules.encounter)"
                                 " cannot be rebuilt: ")
    assert "underwater" in result.err
    assert path.read_bytes() == raw


def _paths(value, path=()):
    """Every place in a module state, inner mappings and lists too (lists: the first two items)."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value[:2]):
            yield from _paths(inner, (*path, i))


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)

# What a player does next with the damaged campaign; each may refuse, none may crash.
_MOVES = [
    ("rules.encounter_act", {"actor": "Ulric", "action": 0}),
    ("rules.encounter_auto", {}),
    ("oracle.journey_resolve", {"result": "success"}),
    ("oracle.ask", {"question": "Is it safe?", "spend_clue": True}),
    ("oracle.clue_spend", {}),
    ("rules.check", {"character": "Ulric", "approach": "wits"}),
    ("oracle.scene_start", {"expectation": "a new day"}),
    ("oracle.journey", {"setting": "town"}),
]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damaged_module_state_loads_as_an_error_or_plays_without_a_crash(cli, saves_dir, data):
    path = _campaign_with_every_module_state(cli, saves_dir)
    good = json.loads(path.read_text())
    extra = good["state"]["extra"]
    where = data.draw(st.sampled_from(sorted(_paths(extra), key=repr)))
    broken = saves_dir / "broken.json"
    broken.write_text(path.read_text())
    raw = _damage(broken, where, data.draw(_JSON))
    try:
        campaign = CampaignStore(saves_dir).load("broken")
    except SaveError as exc:
        assert str(exc).startswith(f"{broken} is damaged: state.extra.")
        assert broken.read_bytes() == raw
        return
    for name, params in _MOVES:
        try:
            perform(campaign, name, params, tables=TABLES)
        except SoloError:
            pass
