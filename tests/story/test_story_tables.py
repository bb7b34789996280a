"""The story tables: valid, rich enough, read as written, and checked by the validator."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.dice import Rng
from solo.story import generate_hooks
from solo.tables import load_tables
from solo.tables.grammar import analyse, reachable_symbols

STORY_DIR = Path(__file__).resolve().parents[2] / "tables" / "story"
STORY_GRAMMARS = [
    "story/hook", "story/npc", "story/npc/look", "story/npc/want", "story/npc/secret",
    "story/item", "story/item/name", "story/item/history", "story/location",
    "story/location/name", "story/faction", "story/faction/name", "story/complication",
    "story/adventure/clue",
]


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


def test_story_tables_load_without_a_single_problem(tables):
    assert tables.problems == []
    story = [t for t in tables.tables.values() if t.id.startswith("story/")]
    assert {t.source.parent for t in story} == {STORY_DIR}
    assert len(story) == 28  # 22, and six for whole adventures (tables/story/adventure.yaml)
    for table_id in STORY_GRAMMARS:
        assert tables.get(table_id).kind == "grammar", table_id


@pytest.mark.parametrize("table_id", STORY_GRAMMARS)
def test_every_symbol_is_defined_and_reachable(tables, table_id):
    table = tables.get(table_id)
    info = analyse(table.grammar)
    used = set().union(*info.references.values())
    assert used <= set(table.grammar), used - set(table.grammar)
    assert reachable_symbols(table.start, info) == set(table.grammar)
    assert info.errors == []
    assert all(ref in tables for ref in info.tables), info.tables


def test_no_rule_loses_its_end_to_a_yaml_comment():
    # In YAML, " #" outside quotes starts a comment: `- owe #=2d6# silver` would be
    # read as "owe". Every rule with a tag in it must be quoted.
    unquoted = re.compile(r"^\s*-\s+[^\"'{\s].*\s#")
    for path in STORY_DIR.glob("*.yaml"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not unquoted.match(line), f"{path.name}:{number}: {line.strip()}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_thousand_hooks_hold_at_least_900_different_texts(tables, seed):
    hooks = generate_hooks(tables, Rng(seed), 1000)
    assert len(hooks) == 1000
    assert len(set(hooks)) >= 900


@pytest.mark.parametrize("table_id", ["story/npc", "story/item", "story/location", "story/faction"])
def test_other_generators_are_varied_too(tables, table_id):
    texts = generate_hooks(tables, Rng(5), 500, table_id)
    assert len(set(texts)) >= 450


def test_hooks_are_finished_sentences(tables):
    for hook in generate_hooks(tables, Rng(8), 2000):
        assert hook[0].isupper(), hook
        assert hook.endswith((".", "?", '"')), hook
        assert "((" not in hook and "#" not in hook and "<" not in hook, hook
        assert "  " not in hook, hook


def test_the_same_seed_gives_the_same_hooks(tables):
    assert generate_hooks(tables, Rng(99), 50) == generate_hooks(tables, Rng(99), 50)
    assert generate_hooks(tables, Rng(99), 50) != generate_hooks(tables, Rng(100), 50)


def test_a_seeded_hook_is_exactly_as_recorded(tables):
    assert generate_hooks(tables, Rng(12), 2) == [
        "A nervous apprentice finds the Beekeeper's Compass in the pocket of a sleepwalker and asks"
        " you to look after it. Everyone who has held it has had the same dream, and you have just"
        " had it too.",
        "A drunk banker's nephew swears a stranger at The Last Heron paid for a room with a gold coin"
        " from a kingdom that fell. It is all anyone will talk about, until the next rumour.",
    ]


# -- the validator catches broken grammars -----------------------------------------------
def _problems(tmp_path, text: str) -> list[str]:
    (tmp_path / "bad.yaml").write_text(text)
    tables = load_tables([tmp_path], include_builtin=False, use_env=False)
    return [str(p) for p in tables.problems]


def test_an_undefined_symbol_is_a_validation_error(tmp_path):
    problems = _problems(tmp_path, "id: bad/hook\ngrammar:\n  origin: ['#who# waits']\n")
    assert len(problems) == 1
    assert "bad.yaml:3: table bad/hook: symbol 'origin' uses #who#, which is not defined" in problems[0]


def test_an_unreachable_symbol_is_a_validation_error(tmp_path):
    problems = _problems(tmp_path, "id: bad/hook\ngrammar:\n  origin: [a]\n  lost: [b]\n")
    assert len(problems) == 1
    assert "bad.yaml:4: table bad/hook: symbol 'lost' is never used from 'origin'" in problems[0]


def test_unbounded_recursion_is_a_validation_error_not_a_runaway(tmp_path):
    text = "id: bad/hook\ngrammar:\n  origin: ['#more#']\n  more: ['and #more#', '#more#!']\n"
    problems = _problems(tmp_path, text)
    assert any("symbol 'more' can never finish: every rule leads back to itself" in p
               for p in problems)
    assert any("symbol 'origin' can never finish" in p for p in problems)


def test_recursion_with_a_way_out_is_fine(tmp_path):
    text = "id: ok/list\ngrammar:\n  origin: ['#more#']\n  more: ['x', 'x and #more#']\n"
    assert _problems(tmp_path, text) == []


def test_a_reference_to_a_missing_table_is_a_validation_error(tmp_path):
    problems = _problems(tmp_path, "id: bad/hook\ngrammar:\n  origin: ['#@story/nothing#']\n")
    assert any("refers to table 'story/nothing', which does not exist" in p for p in problems)


def test_a_broken_user_grammar_leaves_the_story_tables_working(tmp_path, cli):
    (tmp_path / "bad.yaml").write_text("id: my/hook\ngrammar:\n  origin: ['#who#']\n")
    result = cli("hooks", "-n", "2", "--seed", "12", "--tables", str(tmp_path))
    assert result.code == 0
    assert "skipped a broken table" in result.err and "#who#" in result.err
    assert result.out.startswith("A nervous apprentice finds the Beekeeper's Compass")


def test_a_broken_replacement_for_the_hook_grammar_is_named_not_a_traceback(tmp_path, cli):
    (tmp_path / "bad.yaml").write_text("id: story/hook\ngrammar:\n  origin: ['#who#']\n")
    result = cli("hooks", "--tables", str(tmp_path))
    assert result.code == 1 and result.out == ""
    assert "solo: error: no table named 'story/hook'; it was skipped because of a problem" in result.err
    assert "uses #who#, which is not defined" in result.err
    assert "Traceback" not in result.err
