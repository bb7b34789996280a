"""`solo hooks`, `solo npc`, `solo foundation` as a user runs them."""

from __future__ import annotations

import json
import re

import pytest

SEEDED_HOOKS = [
    "A nervous apprentice finds the Beekeeper's Compass in the pocket of a sleepwalker and asks"
    " you to look after it. Everyone who has held it has had the same dream, and you have just"
    " had it too.",
    "A drunk banker's nephew swears a stranger at The Last Heron paid for a room with a gold coin"
    " from a kingdom that fell. It is all anyone will talk about, until the next rumour.",
]


def test_hooks_as_plain_text_one_per_line(cli):
    result = cli("hooks", "-n", "2", "--seed", "12")
    assert result.code == 0 and result.err == ""
    assert result.out == "\n".join(SEEDED_HOOKS) + "\n"


def test_hooks_as_markdown_and_json(cli):
    md = cli("hooks", "-n", "2", "--seed", "12", "--format", "md")
    assert md.out == (f"# Adventure hooks\n\n*Seed 12.*\n\n1. {SEEDED_HOOKS[0]}\n"
                      f"2. {SEEDED_HOOKS[1]}\n")
    for args in (("--json",), ("--format", "json")):
        data = cli("hooks", "-n", "2", "--seed", "12", *args).json
        assert data == {"table": "story/hook", "seed": 12, "count": 2, "hooks": SEEDED_HOOKS}


def test_without_a_seed_the_json_says_which_seed_to_reuse(cli):
    first = cli("hooks", "-n", "3", "--json").json
    again = cli("hooks", "-n", "3", "--json", "--seed", str(first["seed"])).json
    assert again == first


def test_same_seed_same_hooks_in_separate_processes(solo_process):
    runs = [solo_process("hooks", "-n", "25", "--seed", "2024", "--format", "json") for _ in range(2)]
    assert runs[0].code == runs[1].code == 0
    assert runs[0].out == runs[1].out
    assert len(set(json.loads(runs[0].out)["hooks"])) == 25


def test_hooks_from_another_table(cli):
    result = cli("hooks", "--from", "story/item", "-n", "3", "--seed", "1", "--format", "md")
    assert result.out.startswith("# An item with a story\n\n*Seed 1.*\n\n1. ")
    assert result.out.count(", which ") == 3
    bad = cli("hooks", "--from", "story/hok")
    assert bad.code == 1
    assert bad.err.startswith("solo: error: no table named 'story/hok'; did you mean story/hook")


@pytest.mark.parametrize("count", ["0", "-3", "100001"])
def test_a_bad_count_is_a_usage_error(cli, count):
    result = cli("hooks", "-n", count)
    assert result.code == 2
    assert result.err == f"solo: error: -n must be between 1 and 100000, not {count}\n"


def test_json_and_another_format_disagree(cli):
    result = cli("hooks", "--json", "--format", "md")
    assert result.code == 2
    assert "--json and --format md disagree" in result.err


def test_writing_a_file_takes_the_format_from_its_name(cli, tmp_path):
    for name, check in (("h.json", lambda t: json.loads(t)["count"] == 4),
                        ("h.md", lambda t: t.startswith("# Adventure hooks\n")),
                        ("h.txt", lambda t: len(t.splitlines()) == 4),
                        ("hooks", lambda t: t.startswith("# Adventure hooks\n"))):
        path = tmp_path / name
        result = cli("hooks", "-n", "4", "--seed", "3", "-o", path)
        assert result.code == 0
        assert result.out.startswith(f"wrote 4 hooks to {path} (")
        assert check(path.read_text()), name
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.json", "h.md", "h.txt", "hooks"]


def test_many_hooks_to_a_file_show_progress_on_stderr(cli, tmp_path):
    path = tmp_path / "many.txt"
    result = cli("hooks", "-n", "1000", "--seed", "5", "-o", path)
    assert result.code == 0
    assert re.search(r"hooks .*1000/1000", result.err)
    lines = path.read_text().splitlines()
    assert len(lines) == 1000 and len(set(lines)) >= 900
    few = cli("hooks", "-n", "300", "--seed", "5", "-o", tmp_path / "few.txt")
    assert few.err == ""
    on_screen = cli("hooks", "-n", "1000", "--seed", "5")
    assert on_screen.err == "" and on_screen.out == path.read_text()


def test_a_missing_folder_is_an_error_and_an_existing_file_survives(cli, tmp_path):
    result = cli("hooks", "-o", tmp_path / "nowhere" / "h.md")
    assert result.code == 1
    assert result.err == (f"solo: error: cannot write to {tmp_path / 'nowhere' / 'h.md'}:"
                          f" the folder {tmp_path / 'nowhere'} does not exist\n")
    keep = tmp_path / "keep.md"
    keep.write_text("my notes\n")
    bad = cli("hooks", "-n", "0", "-o", keep)
    assert bad.code == 2 and keep.read_text() == "my notes\n"
    assert cli("hooks", "-o", tmp_path).code == 1
    assert [p.name for p in tmp_path.iterdir()] == ["keep.md"]  # no temporary files left


def test_npc_text_markdown_and_json(cli):
    text = cli("npc", "--seed", "4").out
    assert text == (
        "Jory Dunmore, night-watch sergeant\n"
        "  Look:   wears an apron with a dozen pockets, with one grey eye and one brown\n"
        "  Manner: never sits with their back to a door\n"
        "  Wants:  to catch the thief who keeps robbing them\n"
        "  Secret: they are dying and have told no one; their neighbour suspects\n"
    )
    md = cli("npc", "--seed", "4", "--format", "md").out
    assert md.startswith("# People\n\n*Seed 4.*\n\n## Jory Dunmore\n\n*night-watch sergeant*\n\n")
    assert "- **Wants:** to catch the thief who keeps robbing them\n" in md
    data = cli("npc", "-n", "3", "--seed", "4", "--json").json
    assert data["seed"] == 4 and data["count"] == 3
    assert data["npcs"][0]["name"] == "Jory Dunmore"
    assert len({n["name"] for n in data["npcs"]}) == 3


def test_foundation_markdown_has_the_chart_and_the_plot(cli):
    result = cli("foundation", "--seed", "9", "--format", "md")
    assert result.code == 0
    md = result.out
    assert md.startswith("# A story's foundation\n\n*Seed 9 · a living world of 4 people and 2 items"
                         " · shape: Look, Don't Touch (branching)*\n")
    assert "```mermaid\nflowchart LR\n    n1[\"Essa Greyling, lamplighter\"]\n" in md
    assert "**First task:** Essa Greyling asks you to watch Falk the Lame at the Lantern Library" in md
    assert "**If it goes well**, several ways open at once:" in md


def test_foundation_json_matches_its_markdown_and_a_shape_can_be_chosen(cli):
    data = cli("foundation", "--seed", "9", "--shape", "chase", "--json").json
    md = cli("foundation", "--seed", "9", "--shape", "chase", "--format", "md").out
    assert data["shape"]["id"] == "the-chase"
    for node in data["nodes"]:
        assert f"    {node['id']}" in md and node["name"] in md
    for edge in data["edges"]:
        assert f'|"{edge["location"]}"|' in md
    assert "**If it goes well**, one step leads to the next:\n\n1. " in md


def test_foundation_shapes_are_listed_and_a_bad_one_named(cli):
    listed = cli("foundation", "--list-shapes")
    assert listed.code == 0
    assert len(listed.out.splitlines()) == 11
    assert re.match(r"sequence-of-people +linear +A Chain of People: Each person", listed.out)
    assert [s["id"] for s in cli("foundation", "--list-shapes", "--json").json["items"]][:2] == [
        "sequence-of-people", "the-chase"]
    bad = cli("foundation", "--shape", "spiral")
    assert bad.code == 1
    assert bad.err.startswith("solo: error: no story shape called 'spiral'; the shapes are:"
                              " sequence-of-people, the-chase,")


def test_foundation_to_a_file(cli, tmp_path):
    path = tmp_path / "world.md"
    result = cli("foundation", "--seed", "3", "-o", path)
    assert result.code == 0 and result.out == f"wrote 1 foundation to {path} (md)\n"
    assert "```mermaid" in path.read_text()
