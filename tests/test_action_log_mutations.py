"""A hand-edited action log never crashes a replay: every mutated parameter ends in our one-line error.

A campaign is played through most of solo's actions (oracle, rules, encounter,
story, dice, tables), then each action's parameters in its log are mutated
one at a time — wrong types, missing keys, unknown keys, huge numbers, nested
junk, parameters that are not a mapping — and the log replayed.  The only
acceptable failure is a `ReplayError` naming the action's number in the log.
"""

from __future__ import annotations

import copy
import itertools

import pytest

from solo.campaign import Campaign, CampaignStore, perform, replay
from solo.campaign.actions import ReplayError
from solo.campaign.journal import ActionRecord
from solo.tables import load_tables

PLAY = [
    ("set_system", {"system": "nine-powers"}),
    ("note", {"text": "We set out at dawn."}),
    ("rules.character_random", {"name": "Mira"}),
    ("rules.npc_add", {"npc": "giant-lizard"}),
    ("oracle.scene_start", {"expectation": "The ford is quiet"}),
    ("oracle.ask", {"question": "Is the ford guarded?", "odds": "likely", "character": "Mira"}),
    ("oracle.thread_add", {"text": "Cross the river"}),
    ("oracle.notable_add", {"name": "Old Tam", "kind": "person", "note": "ferryman"}),
    ("oracle.clock", {"name": "Rising water", "segments": 6, "advance": 2}),
    ("oracle.clue_gain", {"character": "Mira"}),
    ("oracle.prepare", {"character": "Mira"}),
    ("rules.check", {"character": "Mira", "approach": "wits", "difficulty": "medium"}),
    ("rules.harm", {"character": "Mira", "kind": "body", "size": "minor"}),
    ("rules.recover", {"character": "Mira", "kind": "body", "size": "minor"}),
    ("oracle.journey", {"setting": "wild", "character": "Mira"}),
    ("rules.encounter_start", {"foes": ["Giant Lizard"], "max_rounds": 30}),
    ("rules.encounter_act", {"actor": "Mira", "action": 1}),
    ("rules.encounter_auto", {}),
    ("oracle.countdown_mark", {"roll": True}),
    ("oracle.meaning", {"muse_words": 2}),
    ("oracle.event", {}),
    ("oracle.stall", {}),
    ("oracle.thread_random", {}),
    ("oracle.thread_close", {"thread": 1}),
    ("oracle.character_random", {}),
    ("roll", {"expression": "2d6+1", "times": 2}),
    ("table_roll", {"table": "oracle/meaning/action", "times": 1}),
    ("story.hooks", {"count": 2}),
    ("story.npc", {"count": 1}),
    ("story.foundation", {}),
    ("oracle.scene_end", {"chaos": "up"}),
    ("oracle.clock_remove", {"name": "Rising water"}),
    ("oracle.leverage", {"character": "Mira", "difficulty": "medium"}),
    ("oracle.trade_one", {"trade": "momentum", "character": "Mira"}),
    ("oracle.countdown_roll", {}),
    ("oracle.clue_roll", {}),
    ("character_update", {"character": "Mira", "sheet": {}}),
]

DEEP: list = []
for _ in range(5000):
    DEEP = [DEEP]

# Wrong types, edge and huge numbers, hostile text, nested junk.
VALUES = [None, True, -1, 0, 10**30, -(2**63), 1.5, float("nan"), "", "x" * 5000, "\x1b[2J",
          [], [1, [2, [3]]], {}, {"a": {"b": [None]}}, ["Mira", {"x": 1}], 7, "Mira", DEEP]


@pytest.fixture(scope="module")
def played() -> Campaign:
    campaign = Campaign.new("Ford", seed=3)
    for name, params in PLAY:
        perform(campaign, name, params)
    return campaign


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def _mutants(played: Campaign, index: int):
    """(label, mutated log) pairs for the action at `index`: per field, a rotating share of VALUES,
    the field removed, an unknown field, and parameters that are not a mapping at all."""
    record = played.actions[index]
    rotation = itertools.cycle(range(len(VALUES)))
    for _ in range(index * 5):  # each action starts the rotation elsewhere: all VALUES get used
        next(rotation)

    def swap(params, label):
        log = list(played.actions)
        log[index] = ActionRecord(record.name, params, record.at)
        return label, log

    for key in list(record.params) + ["unknown_field"]:
        for _ in range(3):
            value = VALUES[next(rotation)]
            shown = "a list nested 5000 deep" if value is DEEP else repr(value)[:30]
            yield swap(record.params | {key: value}, f"{key}={shown}")
        if key in record.params:
            yield swap({k: v for k, v in record.params.items() if k != key}, f"no {key}")
    for junk in ([], "text", 5, None, [["note"]]):
        yield swap(junk, f"params={junk!r}")


def test_the_played_campaign_replays_exactly(played, tables):
    assert [a.name for a in played.actions] == [name for name, _ in PLAY]
    again = replay(played, tables=tables)
    assert again.journal == played.journal


@pytest.mark.parametrize("index", range(len(PLAY)), ids=[name for name, _ in PLAY])
def test_every_mutated_parameter_ends_in_our_error_naming_the_action(played, tables, index):
    tried = refused = 0
    for label, log in _mutants(played, index):
        mutated = copy.copy(played)
        mutated.actions = log
        tried += 1
        try:
            replay(mutated, tables=tables)
        except ReplayError as exc:
            refused += 1
            message = str(exc)
            assert "\n" not in message
            # the failing action is the mutated one, or a later one the mutation led astray
            failing = int(message.split()[1])
            assert failing >= index + 1, (label, message)
            assert message.startswith(f"action {failing} of {len(log)} in the log ("), message
        except Exception as exc:  # pragma: no cover - the failure message is the point
            pytest.fail(f"action {index + 1} ({log[index].name}) with {label}: {type(exc).__name__}: {exc}")
    assert refused >= 5  # at least the five parameter sets that are not a mapping
    assert tried >= refused


@pytest.mark.parametrize("index, field, value, expected", [
    (7, "kind", None, "field 'kind': expected text, found nothing (null)"),
    (15, "foes", True, "field 'foes': expected a list or null, found True"),
    (26, "table", [], "field 'table': expected text, found []"),
    (19, "muse_words", "many", "field 'muse_words': expected a whole number, found 'many'"),
    (2, "name", True, "field 'name': expected text or null, found True"),
])
def test_the_error_names_the_action_number_and_the_field(played, tables, index, field, value, expected):
    record = played.actions[index]
    mutated = copy.copy(played)
    mutated.actions = list(played.actions)
    mutated.actions[index] = ActionRecord(record.name, record.params | {field: value}, record.at)
    with pytest.raises(ReplayError) as caught:
        replay(mutated, tables=tables)
    assert str(caught.value) == (f"action {index + 1} of {len(played.actions)} in the log"
                                 f" ({record.name!r}) cannot be replayed: action {record.name!r},"
                                 f" {expected}")


def test_solo_replay_of_a_hand_edited_log_is_one_line(cli, saves_dir, played):
    mutated = copy.deepcopy(played)
    record = mutated.actions[7]
    mutated.actions[7] = ActionRecord(record.name, record.params | {"kind": None}, record.at)
    CampaignStore(saves_dir).add(mutated)
    result = cli("replay", "Ford")
    assert result.code == 1
    assert result.err == (f"solo: error: action 8 of {len(played.actions)} in the log"
                          " ('oracle.notable_add') cannot be replayed: action 'oracle.notable_add',"
                          " field 'kind': expected text, found nothing (null)\n")
