"""The living world and the story shape: counts, collisions, places on lines, the chart, the plot."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from solo.dice import Rng
from solo.errors import SoloError
from solo.story import UnknownShape, find_shape, generate_foundation, generate_world, load_shapes
from solo.story.render import foundation_markdown, foundation_text, mermaid
from solo.story.world import collide
from solo.tables import load_tables

SEEDS = range(120)
SHAPE_IDS = [
    "sequence-of-people", "the-chase", "unavoidable-steps", "the-contest", "peel-the-onion",
    "tower-defense", "exploration", "everyone-wants-the-mcguffin", "flee", "prime-directive",
    "not-receiving-visitors",
]


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


@pytest.fixture(scope="module")
def worlds(tables):
    return [generate_world(tables, Rng(seed)) for seed in SEEDS]


def test_worlds_have_three_to_six_nodes_with_one_or_two_items(worlds):
    sizes = Counter((len(w.people), len(w.items)) for w in worlds)
    assert set(sizes) == {(2, 1), (3, 1), (4, 1), (5, 1), (4, 2)}
    for world in worlds:
        assert 3 <= len(world.nodes) <= 6
        assert [n.id for n in world.nodes] == [f"n{i}" for i in range(1, len(world.nodes) + 1)]


def test_every_persons_want_collides_with_someone_elses(worlds):
    for world in worlds:
        pairs = set(world.collisions)
        for person in world.people:
            assert person.want is not None
            assert any(person.id in pair for pair in pairs), (person.name, person.want)
        # the list is exactly the colliding pairs, no more
        people = world.people
        expected = {(a.id, b.id) for i, a in enumerate(people) for b in people[i + 1:]
                    if collide(a, b)}
        assert pairs == expected
        assert all(world.node(a).kind == world.node(b).kind == "npc" for a, b in pairs)


def test_wants_point_at_the_right_kind_of_node_and_name_their_target(worlds):
    for world in worlds:
        for person in world.people:
            want = person.want
            target = world.node(want.target)
            if want.kind == "thwart":
                assert target.kind == "npc" and target.id != person.id
            else:
                assert target.kind == "item"
            assert want.text.startswith("to ")
            if want.kind != "thwart":
                assert target.name in want.text
            rival = world.node(want.rival)
            assert rival.kind == "npc" and rival.id != person.id
            assert (person.id, rival.id) in world.collisions or (rival.id, person.id) in world.collisions


def test_a_keeper_holds_the_item_and_nobody_else_does(worlds):
    for world in worlds:
        for item in world.items:
            keepers = [p.id for p in world.people if p.want.kind == "keep" and p.want.target == item.id]
            assert keepers == ([item.holder] if item.holder else [])
            fighters = [p for p in world.people if p.want.target == item.id]
            assert len(fighters) >= 2


def test_every_line_has_its_own_place_and_the_chart_is_one_piece(worlds):
    for world in worlds:
        names = [e.place.name for e in world.edges]
        assert len(set(names)) == len(names)
        assert all(e.place.detail for e in world.edges)
        ids = {n.id for n in world.nodes}
        reached, todo = {world.nodes[0].id}, [world.nodes[0].id]
        while todo:
            here = todo.pop()
            for e in world.edges:
                for a, b in ((e.source, e.target), (e.target, e.source)):
                    if a == here and b not in reached:
                        reached.add(b)
                        todo.append(b)
        assert reached == ids
        # one line per want, plus ties between people
        wants = [e for e in world.edges if e.relation != "tie"]
        assert len(wants) == len(world.people)
        ties = [e for e in world.edges if e.relation == "tie"]
        assert all(world.node(e.source).kind == world.node(e.target).kind == "npc" for e in ties)


NODE_LINE = re.compile(r'^    (n\d+)(\["|\{\{")(.*?)("\]|"\}\})$')
EDGE_LINE = re.compile(r'^    (n\d+) (-->|--x|---)\|"(.*?)"\| (n\d+)$')


def parse_mermaid(block: str):
    lines = block.splitlines()
    assert lines[0] == "flowchart LR"
    nodes, edges = {}, []
    for line in lines[1:]:
        if m := NODE_LINE.match(line):
            nodes[m[1]] = ("npc" if m[2] == '["' else "item", m[3])
        elif m := EDGE_LINE.match(line):
            edges.append((m[1], m[2], m[3], m[4]))
        else:
            raise AssertionError(f"unexpected mermaid line: {line!r}")
    return nodes, edges


def test_markdown_flowchart_matches_the_json_node_for_node_and_line_for_line(tables):
    arrows = {"tie": "---", "thwart": "--x"}
    for seed in range(40):
        found = generate_foundation(tables, Rng(seed))
        data = found.to_dict()
        md = foundation_markdown(found)
        block = re.search(r"```mermaid\n(.*?)\n```", md, re.S)[1]
        nodes, edges = parse_mermaid(block)
        assert nodes == {n["id"]: (n["kind"], n["name"] + (f", {n['role']}" if n["kind"] == "npc" else ""))
                         for n in data["nodes"]}
        assert edges == [(e["from"], arrows.get(e["relation"], "-->"), e["location"], e["to"])
                         for e in data["edges"]]
        assert {loc["name"] for loc in data["locations"]} == {e["location"] for e in data["edges"]}


def test_mermaid_labels_cannot_break_out_of_their_quotes(tables):
    world = generate_world(tables, Rng(1))
    world.nodes[0].name = 'Ann "the Knife"'
    world.nodes[0].npc.name = 'Ann "the Knife"'
    line = mermaid(world).splitlines()[1]
    assert line == f'    n1["Ann #quot;the Knife#quot;, {world.nodes[0].npc.role}"]'


def test_the_json_has_the_documented_shape(tables):
    data = generate_foundation(tables, Rng(4), "the-chase").to_dict()
    assert set(data) == {"seed", "foundation", "nodes", "edges", "locations", "collisions",
                         "main_item", "if_nobody_acts", "shape", "cast", "first_task",
                         "on_success", "on_failure"}
    assert data["seed"] == 4 and data["foundation"] == "living-world"
    person = next(n for n in data["nodes"] if n["kind"] == "npc")
    assert set(person) == {"id", "kind", "name", "role", "look", "manner", "secret", "want"}
    assert set(person["want"]) == {"kind", "target", "rival", "text"}
    item = next(n for n in data["nodes"] if n["kind"] == "item")
    assert set(item) == {"id", "kind", "name", "power", "history", "holder"}
    assert set(data["edges"][0]) == {"from", "to", "relation", "location", "text"}
    assert data["shape"] == {"id": "the-chase", "name": "The Chase", "kind": "linear",
                             "summary": data["shape"]["summary"]}
    assert data["on_success"]["mode"] == "then" and len(data["on_success"]["steps"]) == 2
    assert data["if_nobody_acts"]["winner"] == data["cast"]["rival"]["id"]
    assert data["if_nobody_acts"]["loser"] == data["cast"]["giver"]["id"]


def test_the_catalogue_has_the_eleven_shapes_six_linear_five_branching(tables):
    shapes = load_shapes(tables)
    assert [s.id for s in shapes] == SHAPE_IDS
    assert Counter(s.kind for s in shapes) == {"linear": 6, "branching": 5}
    for shape in shapes:
        if shape.kind == "branching":
            assert len(shape.success) >= 3  # several ways open at once
        assert shape.failure


@pytest.mark.parametrize("shape_id", SHAPE_IDS)
def test_every_shape_lays_out_a_plot_with_every_placeholder_filled(tables, shape_id):
    for seed in range(15):
        found = generate_foundation(tables, Rng(seed), shape_id)
        assert found.shape.id == shape_id
        texts = [found.plot.first_task, *found.plot.success, *found.plot.failure]
        for text in texts:
            assert "<" not in text and ">" not in text and "{" not in text, text
            assert text[0].isupper(), text
        cast_names = {c["name"] for c in found.cast.values()}
        assert any(name in found.plot.first_task for name in cast_names)


def test_a_chosen_shape_does_not_change_the_world(tables):
    chase = generate_foundation(tables, Rng(21), "the-chase")
    flee = generate_foundation(tables, Rng(21), "flee")
    rolled = generate_foundation(tables, Rng(21))
    assert chase.world.to_dict() == flee.world.to_dict() == rolled.world.to_dict()
    assert chase.plot != flee.plot


def test_the_same_seed_gives_the_same_foundation(tables):
    assert generate_foundation(tables, Rng(8)).to_dict() == generate_foundation(tables, Rng(8)).to_dict()
    assert generate_foundation(tables, Rng(8)).to_dict() != generate_foundation(tables, Rng(9)).to_dict()


def test_a_small_world_brings_in_a_passer_by_for_the_third_part(tables):
    found = next(f for f in (generate_foundation(tables, Rng(s), "sequence-of-people")
                             for s in SEEDS) if len(f.world.people) == 2)
    npc = found.cast["npc"]
    assert npc["id"] is None and npc["role"]
    assert npc["name"] not in {p.name for p in found.world.people}
    assert npc["name"] in found.plot.first_task
    assert f"Also in the story: {npc['name']}, {npc['role']} (not on the chart)" in foundation_markdown(found)


def test_shapes_can_be_named_by_id_name_or_a_unique_piece(tables):
    shapes = load_shapes(tables)
    assert find_shape(shapes, "the-chase").id == "the-chase"
    assert find_shape(shapes, "Flee!").id == "flee"
    assert find_shape(shapes, "mcguffin").id == "everyone-wants-the-mcguffin"
    assert find_shape(shapes, "ONION").id == "peel-the-onion"
    with pytest.raises(UnknownShape, match="shape 'the' could be any of the-chase, the-contest"):
        find_shape(shapes, "the")
    with pytest.raises(UnknownShape, match="no story shape called 'spiral'; the shapes are: sequence"):
        find_shape(shapes, "spiral")


def test_a_broken_shape_row_is_named(tmp_path):
    (tmp_path / "shapes.yaml").write_text(
        "id: story/shape\nrows:\n  - {text: Loop, id: loop, kind: circular, summary: s,"
        " task: t, success: [a], failure: [b]}\n")
    tables = load_tables([tmp_path], use_env=False)
    with pytest.raises(SoloError, match=r"table story/shape \(.*shapes.yaml\), row 1: kind 'circular'"
                       r" must be one of linear, branching"):
        load_shapes(tables)


def test_an_unknown_placeholder_in_a_user_shape_is_named(tmp_path):
    (tmp_path / "shapes.yaml").write_text(
        "id: story/shape\nrows:\n  - {text: Odd, id: odd, kind: linear, summary: s,"
        " task: 'Find <villain>.', success: [a], failure: [b]}\n")
    tables = load_tables([tmp_path], use_env=False)
    with pytest.raises(SoloError, match=r"shape odd in table story/shape: unknown placeholder <villain>"):
        generate_foundation(tables, Rng(1))


def test_text_output_tells_the_whole_story(tables):
    found = generate_foundation(tables, Rng(9), "prime-directive")
    text = foundation_text(found)
    for node in found.world.nodes:
        assert node.name in text
    for edge in found.world.edges:
        assert edge.place.name in text
    assert f"First task: {found.plot.first_task}" in text
    assert "If it goes well, any of these open up:" in text
    assert text.rstrip().endswith("(seed 9)")
    assert "**" not in text and "```" not in text


def test_a_cast_shares_no_first_name_secret_or_want(worlds):
    for world in worlds:
        people = world.people
        assert len({p.name.split()[0] for p in people}) == len(people)
        assert len({p.npc.secret.split(";")[0] for p in people}) == len(people)
        wants = [p.want.text.split(",")[0] for p in people]
        assert len(set(wants)) == len(wants), wants


def test_collisions_are_told_in_words(tables):
    found = generate_foundation(tables, Rng(5))
    md = foundation_markdown(found)
    section = md.split("### Where the wants collide\n\n")[1].split("\n\n")[0].splitlines()
    assert section == [
        "- Abelard the Younger and Cress Ash-Hand, over the Last Hourglass",
        "- Abelard the Younger and Falk Two-Rings, over the Last Hourglass",
        "- Doro Oakhart against Cress Ash-Hand",
    ]
