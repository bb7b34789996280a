"""--campaign: generated hooks, people and foundations go into a campaign's lists and journal."""

from __future__ import annotations

import pytest

from solo.campaign import Campaign, CampaignStore, perform, replay, undo
from solo.dice import Rng
from solo.errors import SoloError
from solo.story import Foundation, generate_foundation
from solo.story.render import foundation_markdown
from solo.tables import load_tables


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


def new_campaign(cli, name="Salt Road", seed="3"):
    assert cli("new", name, "--seed", seed).code == 0
    return "salt-road"


def load(slug: str) -> Campaign:
    return CampaignStore().load(slug)


def test_hooks_become_threads_with_journal_entries(cli):
    slug = new_campaign(cli)
    result = cli("hooks", "-n", "2", "--campaign", slug)
    assert result.code == 0
    hooks = result.out.splitlines()
    assert len(hooks) == 2
    assert result.err == "added 2 threads to 'Salt Road'\n"
    campaign = load(slug)
    assert [t.text for t in campaign.threads] == hooks and all(t.open for t in campaign.threads)
    assert [e.kind for e in campaign.journal] == ["story", "story"]
    assert [e.text for e in campaign.journal] == [f"New thread: {h}" for h in hooks]
    assert campaign.journal[0].data == {"story": "hook", "table": "story/hook", "thread": 1,
                                        "text": hooks[0]}
    assert [a.name for a in campaign.actions] == ["story.hooks"]


def test_campaign_dice_make_the_same_hooks_for_the_same_campaign_seed(cli, saves_dir):
    first = cli("hooks", "-n", "3", "--campaign", new_campaign(cli), "--json").json
    cli("delete", "salt-road", "--yes")
    again = cli("hooks", "-n", "3", "--campaign", new_campaign(cli), "--json").json
    assert first == again and first["seed"] is None and first["count"] == 3


def test_people_become_notables_and_the_journal_keeps_them(cli):
    slug = new_campaign(cli)
    data = cli("npc", "-n", "2", "--campaign", slug, "--json").json
    people = data["npcs"]
    campaign = load(slug)
    assert [(n.name, n.kind) for n in campaign.notables] == [(p["name"], "person") for p in people]
    first = people[0]
    assert campaign.notables[0].note == (f"{first['role']}; {first['look']}; {first['manner']}."
                                         f" Wants {first['want']}. Secret: {first['secret']}.")
    assert campaign.journal[0].text == f"New NPC: {first['name']}, {first['role']}. Wants {first['want']}."
    assert campaign.journal[0].data == {"story": "npc", **first}
    assert campaign.characters == []  # no rule system asked for: no sheet, so no character


def test_a_foundation_notes_its_world_and_opens_its_first_task(cli):
    slug = new_campaign(cli)
    result = cli("foundation", "--campaign", slug, "--shape", "flee", "--json")
    data = result.json
    campaign = load(slug)
    names = [(n.name, n.kind) for n in campaign.notables]
    expected = [(n["name"], "person" if n["kind"] == "npc" else "thing") for n in data["nodes"]]
    expected += [(loc["name"], "place") for loc in data["locations"]]
    assert names == expected
    assert [t.text for t in campaign.threads] == [data["first_task"]]
    entry = campaign.journal[0]
    assert entry.data == {"story": "foundation", "thread": 1, **data}
    assert data["seed"] is None and data["shape"]["id"] == "flee"
    assert entry.text.startswith("A story's foundation (Flee!, branching): ")
    assert entry.text.endswith(f"First task: {data['first_task']}")


def test_undo_and_replay_cover_story_actions(cli):
    slug = new_campaign(cli)
    cli("npc", "--campaign", slug)
    cli("hooks", "-n", "2", "--campaign", slug)
    cli("foundation", "--campaign", slug)
    replayed = cli("replay", slug)
    assert replayed.code == 0 and "the journal is identical" in replayed.out
    assert cli("undo", "-c", slug).code == 0
    campaign = load(slug)
    assert len(campaign.threads) == 2 and len(campaign.notables) == 1


def test_bad_use_with_a_campaign_is_refused_and_the_campaign_untouched(cli, saves_dir):
    slug = new_campaign(cli)
    before = (saves_dir / f"{slug}.json").read_bytes()
    too_many = cli("hooks", "-n", "21", "--campaign", slug)
    assert too_many.code == 2
    assert too_many.err == ("solo: error: with --campaign, -n is at most 20 (not 21);"
                            " generate more without --campaign, to a file\n")
    seeded = cli("npc", "--campaign", slug, "--seed", "4")
    assert seeded.code == 2 and "--seed cannot be used with --campaign" in seeded.err
    bad_shape = cli("foundation", "--campaign", slug, "--shape", "spiral")
    assert bad_shape.code == 1 and "no story shape called 'spiral'" in bad_shape.err
    missing = cli("hooks", "--campaign", "nowhere")
    assert missing.code == 1 and "no campaign 'nowhere'" in missing.err
    assert (saves_dir / f"{slug}.json").read_bytes() == before


def test_actions_directly_are_seeded_by_the_campaign_and_undo_exactly(tables):
    first, second = Campaign.new("A", seed=9), Campaign.new("B", seed=9)
    one = perform(first, "story.npc", {"count": 2}, tables=tables)
    two = perform(second, "story.npc", {"count": 2}, tables=tables)
    assert [e.data for e in one] == [e.data for e in two]
    assert len({e.data["name"] for e in one}) == 2
    perform(first, "story.hooks", {"count": 1}, tables=tables)
    state = first.rng.get_state()
    perform(first, "story.foundation", {}, tables=tables)
    undo(first)
    assert first.rng.get_state() == state and len(first.notables) == 2
    assert replay(first, tables=tables).journal == first.journal
    with pytest.raises(SoloError, match="a campaign takes 1 to 20 at a time, not 0"):
        perform(first, "story.hooks", {"count": 0}, tables=tables)


def test_foundation_round_trips_through_its_json(tables):
    for seed in range(10):
        found = generate_foundation(tables, Rng(seed))
        again = Foundation.from_dict(found.to_dict())
        assert again.to_dict() == found.to_dict()
        assert foundation_markdown(again) == foundation_markdown(found)
    with pytest.raises(SoloError, match="a story foundation's data is damaged"):
        Foundation.from_dict({"shape": {}})
