"""People: every part rolled, seeded, distinct names; stats only through the rules engine."""

from __future__ import annotations

import pytest

from solo.dice import Rng
from solo.story import generate_npc, generate_npcs
from solo.tables import load_tables


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


def test_a_seeded_person_is_exactly_as_recorded(tables):
    npc = generate_npc(tables, Rng(4))
    assert npc.to_dict() == {
        "name": "Jory Dunmore",
        "role": "night-watch sergeant",
        "look": "wears an apron with a dozen pockets, with one grey eye and one brown",
        "manner": "never sits with their back to a door",
        "want": "to catch the thief who keeps robbing them",
        "secret": "they are dying and have told no one; their neighbour suspects",
        "system": None,
        "stats": None,
        "stat_block": None,
    }


def test_every_part_comes_from_its_table(tables):
    roles = {r.text for r in tables.get("story/npc/role").rows}
    manners = {r.text for r in tables.get("story/npc/manner").rows}
    for npc in generate_npcs(tables, Rng(2), 200):
        assert npc.role in roles and npc.manner in manners
        assert npc.want.startswith("to ")
        assert all(part and "#" not in part for part in (npc.name, npc.look, npc.secret))


def test_people_in_one_batch_have_different_names(tables):
    people = generate_npcs(tables, Rng(3), 150)
    assert len({p.name for p in people}) == 150


def test_the_same_seed_gives_the_same_people(tables):
    first = [p.to_dict() for p in generate_npcs(tables, Rng(6), 20)]
    assert first == [p.to_dict() for p in generate_npcs(tables, Rng(6), 20)]


def test_stats_come_from_the_systems_random_character():
    from solo.rules import registry

    tables = load_tables(use_env=False)
    for system_id in registry.ids():
        system = registry.get(system_id)
        npc = generate_npc(tables, Rng(5), system=system)
        plain = generate_npc(tables, Rng(5))
        # the story parts are rolled first, so stats never change who the person is
        assert (npc.name, npc.role, npc.want) == (plain.name, plain.role, plain.want)
        assert npc.system == system_id
        actor = system.actor_from_dict(npc.stats)  # the stats are the engine's own actor data
        assert actor.name == npc.name
        assert npc.stat_block == system.stat_block(actor) != ""
        again = generate_npc(tables, Rng(5), system=system)
        assert again.stats == npc.stats and again.stat_block == npc.stat_block


def test_an_unknown_system_is_refused_listing_the_known_ones(cli):
    from solo.rules import registry

    result = cli("npc", "--system", "no-such-system")
    assert result.code == 1
    for system_id in registry.ids():
        assert system_id in result.err


def test_npc_command_shows_stat_blocks(cli):
    from solo.rules import registry

    system_id = registry.ids()[0]
    result = cli("npc", "--system", system_id, "--seed", "5", "--json")
    assert result.code == 0
    npc = result.json["npcs"][0]
    assert npc["system"] == system_id and npc["stats"] and npc["stat_block"]
    text = cli("npc", "--system", system_id, "--seed", "5").out
    assert f"Stats ({system_id}):" in text


@pytest.mark.parametrize(("system_id", "head"), [
    ("nine-powers", "Sefa Thistle - Nine Powers NPC: tanner"),
    ("resistance", "Sefa Thistle - Resistance NPC (Fantastical Crusades): tanner"),
])
def test_a_story_npcs_stats_are_an_npcs_labelled_with_their_trade(tables, system_id, head):
    from solo.rules import registry

    system = registry.get(system_id)
    npc = generate_npc(tables, Rng(3), system=system)
    assert npc.role == "tanner" and "tanner" not in system.roles()  # a trade, not a concept
    assert npc.stat_block.splitlines()[0] == head
    actor = system.actor_from_dict(npc.stats)
    assert not actor.is_pc
    if system_id == "nine-powers":
        assert (actor.kind, actor.heroism, actor.concept) == ("npc", 0, "tanner")
        assert "Heroism" not in npc.stat_block and "Set up well" not in npc.stat_block
