"""Actions: journaling, failing cleanly, undo (across processes' saves) and replay."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from solo.campaign import (
    UNDO_DEPTH,
    ActionError,
    Campaign,
    CampaignStore,
    JournalEntry,
    campaign_action,
    differences,
    perform,
    replay,
    undo,
)
from solo.dice import Rng, roll
from solo.errors import SoloError
from solo.tables import load_tables

DATA = Path(__file__).parent / "data"
TABLES = load_tables([DATA / "campaign-tables"], use_env=False)
AT = "2024-05-01T18:00:00.000Z"


@campaign_action("test.scene")
def _scene(campaign, ctx, expectation: str = "") -> list[JournalEntry]:
    scene = campaign.start_scene(expectation)
    return [ctx.entry("scene", f"Scene {scene.number} begins: {expectation}")]


@campaign_action("test.thread")
def _thread(campaign, ctx, text: str) -> list[JournalEntry]:
    thread = campaign.add_thread(text)
    campaign.adjust_chaos(+1)
    campaign.countdown += ctx.rng.die(2)
    return [ctx.entry("thread", f"New thread: {thread.text}", {"id": thread.id})]


@campaign_action("test.half_done")
def _half_done(campaign, ctx) -> list[JournalEntry]:
    campaign.add_thread("should vanish")
    campaign.clues += 5
    ctx.rng.die(6)
    raise SoloError("the oracle is silent")


@campaign_action("test.scribbler")
def _scribbler(campaign, ctx) -> list[JournalEntry]:
    campaign.journal.append(ctx.entry("note", "written behind perform's back"))
    return []


def test_a_note_is_journaled_with_its_time_scene_and_kind():
    c = Campaign.new("Notes", seed=3)
    perform(c, "test.scene", {"expectation": "quiet"}, at=AT)
    entries = perform(c, "note", {"text": "  The dog barks twice.  "}, at="2024-05-01T18:05:00.000Z")
    assert [e.to_dict() for e in entries] == [{"at": "2024-05-01T18:05:00.000Z", "scene": 1,
                                               "kind": "note", "text": "The dog barks twice.",
                                               "data": {}}]
    assert c.journal[-1] is entries[0]
    assert c.actions[-1].to_dict() == {"name": "note", "params": {"text": "  The dog barks twice.  "},
                                       "at": "2024-05-01T18:05:00.000Z"}


def test_rolls_use_the_campaigns_own_dice():
    c = Campaign.new("Dice", seed=7)
    entries = perform(c, "roll", {"expression": "2d6", "times": 3})
    twin = Rng(7)
    expected = [roll("2d6", twin) for _ in range(3)]
    assert [e.text for e in entries] == [r.render() for r in expected]
    assert entries[0].text == "2d6 [3, 2] = 5"
    assert entries[0].data["total"] == 5 and entries[0].kind == "roll"
    assert c.rng.get_state() == twin.get_state()


def test_table_rolls_journal_the_row_and_its_dice():
    c = Campaign.new("Tables", seed=7)
    [entry] = perform(c, "table_roll", {"table": "test/signs"}, tables=TABLES)
    assert entry.kind == "table"
    assert entry.text == "Roadside sign (d6: 3): a scarecrow wearing a soldier's helmet"
    assert (entry.data["table"], entry.data["row"], entry.data["dice"]["total"]) == ("test/signs", 3, 3)


def test_a_failing_action_leaves_the_campaign_exactly_as_it_was():
    c = Campaign.new("Careful", seed=11)
    perform(c, "note", {"text": "before"}, at=AT)
    before = copy.deepcopy((c.state_dict(), [e.to_dict() for e in c.journal],
                            [a.to_dict() for a in c.actions], [u.to_dict() for u in c.undo]))
    with pytest.raises(SoloError, match="the oracle is silent"):
        perform(c, "test.half_done")
    with pytest.raises(SoloError, match="no table"):
        perform(c, "table_roll", {"table": "test/nothing"}, tables=TABLES)
    with pytest.raises(SoloError, match="dice"):
        perform(c, "roll", {"expression": "2d6 + banana"})
    with pytest.raises(TypeError, match="changed the journal itself"):
        perform(c, "test.scribbler")
    after = (c.state_dict(), [e.to_dict() for e in c.journal], [a.to_dict() for a in c.actions],
             [u.to_dict() for u in c.undo])
    assert after == before


def test_unknown_actions_and_wrong_parameters_are_clear_errors():
    c = Campaign.new("Errors", seed=1)
    with pytest.raises(ActionError, match="no campaign action named 'dance'.*note"):
        perform(c, "dance")
    with pytest.raises(ActionError, match="action 'note': .*'text'"):
        perform(c, "note")
    with pytest.raises(ActionError, match="action 'note': .*unexpected keyword argument 'colour'"):
        perform(c, "note", {"text": "x", "colour": "red"})
    with pytest.raises(ActionError, match="plain data"):
        perform(c, "note", {"text": object()})
    with pytest.raises(SoloError, match="between 1 and 1000, not 0"):
        perform(c, "roll", {"expression": "d6", "times": 0})
    assert c.journal == [] and c.actions == []


def test_an_action_name_cannot_be_taken_twice():
    with pytest.raises(ValueError, match="'note' is already registered by solo.campaign.builtin.note"):
        @campaign_action("note")
        def note(campaign, ctx, text):  # pragma: no cover - never registered
            return []
    with pytest.raises(ValueError, match="lower-case"):
        campaign_action("Bad Name")


def _snapshot(c: Campaign) -> tuple:
    return (copy.deepcopy(c.state_dict()), [e.to_dict() for e in c.journal],
            [a.to_dict() for a in c.actions])


def _play(c: Campaign, i: int) -> None:
    """One of a rotating set of actions, so undo is tested on each kind."""
    at = f"2024-05-01T18:{i:02d}:00.000Z"
    match i % 5:
        case 0:
            perform(c, "note", {"text": f"note {i}"}, tables=TABLES, at=at)
        case 1:
            perform(c, "roll", {"expression": "3d6", "times": 1 + i % 3}, tables=TABLES, at=at)
        case 2:
            perform(c, "table_roll", {"table": "test/signs"}, tables=TABLES, at=at)
        case 3:
            perform(c, "test.thread", {"text": f"thread {i}"}, tables=TABLES, at=at)
        case 4:
            perform(c, "test.scene", {"expectation": f"scene {i}"}, tables=TABLES, at=at)


def test_undoing_twenty_actions_restores_state_journal_and_rng_exactly(saves_dir):
    store = CampaignStore(saves_dir)
    session = store.create("Twenty Steps", seed=2024, tables=TABLES)
    states = [_snapshot(session.campaign)]
    for i in range(25):
        _play(session.campaign, i)
        states.append(_snapshot(session.campaign))
    session.save()

    # Each undo in a freshly loaded campaign, as `solo undo` in a new process would.
    for back in range(1, 21):
        reopened = store.open("twenty-steps", tables=TABLES)
        step, removed = reopened.undo()
        loaded = store.load("twenty-steps")
        assert _snapshot(loaded) == states[25 - back], f"after {back} undos"
        assert removed == [JournalEntry(**e) for e in states[26 - back][1][len(states[25 - back][1]):]]
    # The dice are where they were: the next five actions come out the same as the first time.
    session = store.open("twenty-steps", tables=TABLES)
    for i in range(5, 10):
        _play(session.campaign, i)
        assert _snapshot(session.campaign) == states[i + 1]


def test_undo_goes_back_thirty_actions_then_says_so():
    c = Campaign.new("Depth", seed=5)
    for i in range(UNDO_DEPTH + 5):
        perform(c, "note", {"text": f"n{i}"})
    for _ in range(UNDO_DEPTH):
        undo(c)
    assert [e.text for e in c.journal] == ["n0", "n1", "n2", "n3", "n4"]
    with pytest.raises(SoloError, match="nothing to undo in 'Depth'"):
        undo(c)


def test_replay_from_seed_and_action_log_gives_an_identical_journal(saves_dir):
    store = CampaignStore(saves_dir)
    session = store.create("Replayed", system="nine-powers", seed=77, tables=TABLES)
    for i in range(40):
        _play(session.campaign, i)
        if i % 9 == 8:
            undo(session.campaign)  # undone actions leave the log too
    session.perform("character_add", sheet={"name": "Mira", "build": 4})
    session.perform("set_system", system="resistance")
    recorded = store.load("replayed")

    again = replay(recorded, tables=TABLES)
    assert differences(recorded, again) == []
    assert [e.to_dict() for e in again.journal] == [e.to_dict() for e in recorded.journal]
    assert len(recorded.journal) > 40
    assert again.rng.get_state() == recorded.rng.get_state()
    assert again.state_dict() == recorded.state_dict()
    assert (again.system, again.origin) == ("resistance", {"system": "nine-powers"})


def test_replay_notices_when_a_table_changed_since(tmp_path):
    c = Campaign.new("Drift", seed=7)
    perform(c, "table_roll", {"table": "test/signs", "times": 3}, tables=TABLES)
    changed = tmp_path / "signs.yaml"
    changed.write_text((DATA / "campaign-tables" / "signs.yaml").read_text().replace(
        "a soldier's helmet", "a bishop's mitre"))
    found = differences(c, replay(c, tables=load_tables([tmp_path], use_env=False)))
    assert [e.data["row"] for e in c.journal] == [3, 2, 4]
    assert found == ["journal entry 1: recorded \"Roadside sign (d6: 3): a scarecrow wearing a"
                     " soldier's helmet\", replayed \"Roadside sign (d6: 3): a scarecrow wearing a"
                     " bishop's mitre\""]
