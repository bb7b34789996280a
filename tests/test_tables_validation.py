"""Every kind of table problem is found, located by file and line, and skipped."""

import textwrap
from pathlib import Path

import pytest

from solo.tables import load_tables


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def problems_for(tmp_path: Path, text: str, name: str = "t.yaml"):
    path = write(tmp_path, name, text)
    tables = load_tables([tmp_path], use_env=False)
    return tables, [p for p in tables.problems if p.file == path]


def only(problems):
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]


def test_gap_in_ranges(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/gap
        dice: d6
        rows:
          - 1-2: a
          - 4-6: b
        """)
    p = only(problems)
    assert (p.line, p.table) == (3, "t/gap")
    assert "no row for 3 on d6" in p.message


def test_overlap_in_ranges(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/overlap
        dice: 2d6
        rows:
          - 2-7: a
          - 6-12: b
        """)
    p = only(problems)
    assert p.line == 5
    assert "row 2 (6-12) overlaps row 1 at 6-7" in p.message


def test_row_the_dice_cannot_reach(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/reach
        dice: 2d6
        rows:
          - 1: never
          - 2-12: always
        """)
    p = only(problems)
    assert p.line == 4
    assert "row 1 (1) can never be rolled on 2d6 (2-12)" in p.message


def test_d66_rows_and_gaps(tmp_path):
    tables, problems = problems_for(tmp_path, """
        id: t/d66
        dice: d66
        rows:
          - 11-16: one
          - 21-26: two
          - 31-36: three
          - 41-46: four
          - 51-56: five
          - 61-65: six
        """)
    assert "no row for 66 on d66" in only(problems).message


def test_unknown_table_reference(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/ref
        rows:
          - "fine"
          - "you find {@t/nowhere}"
        """)
    p = only(problems)
    assert p.line == 4
    assert "refers to table 't/nowhere', which does not exist" in p.message


def test_reference_cycle(tmp_path):
    tables, problems = problems_for(tmp_path, """
        tables:
          - id: t/a
            rows: ["{@t/b}"]
          - id: t/b
            rows: ["{@t/c}"]
          - id: t/c
            rows: ["{@t/a}", "stop"]
          - id: t/outside
            rows: ["{@t/a}"]
        """)
    messages = [p.message for p in problems]
    assert "reference cycle: t/a -> t/b -> t/c -> t/a" in messages
    assert {p.table for p in problems} == {"t/a", "t/b", "t/c", "t/outside"}
    assert "t/outside" not in tables  # it leaned on a broken table


@pytest.mark.parametrize(
    "dice, fragment",
    [("2d", "bad dice '2d'"), ("d0", "at least one side"), ("7", "has no dice in it")],
)
def test_bad_table_dice(tmp_path, dice, fragment):
    _, problems = problems_for(tmp_path, f"""
        id: t/dice
        dice: "{dice}"
        rows: [a, b]
        """)
    p = only(problems)
    assert p.line == 2 and fragment in p.message


def test_bad_dice_in_text(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/cell
        rows:
          - "{=3d} coins"
        """)
    p = only(problems)
    assert p.line == 3 and "{=3d}" in p.message


def test_invalid_yaml_names_the_line(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/yaml
        rows:
          - "unclosed
          - next
        """)
    p = only(problems)
    assert p.message.startswith("not valid YAML") and p.line in (3, 4, 5)


def test_structural_mistakes(tmp_path):
    _, problems = problems_for(tmp_path, """
        tables:
          - id: Bad Id
            rows: [a]
          - id: t/nokind
          - id: t/typo
            rowz: [a]
            rows: [a]
          - id: t/range
            dice: d6
            rows:
              - 1-x: a
        """)
    messages = sorted(p.message for p in problems)
    assert any("table id 'Bad Id' must be lowercase" in m for m in messages)
    assert any("needs exactly one of 'rows' or 'grammar'" in m for m in messages)
    assert any("unknown key(s) rowz" in m for m in messages)
    assert any("'1-x' is not a dice range" in m for m in messages)
    lines = {p.table: p.line for p in problems}
    assert lines["t/typo"] == 5


def test_unnumbered_rows_must_match_the_die(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/count
        dice: d6
        rows: [a, b, c]
        """)
    assert "3 unnumbered rows under d6, which needs exactly 6" in only(problems).message


def test_ranges_without_dice(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/nodice
        rows:
          - 1-3: a
        """)
    assert "has a range but the table has no dice" in only(problems).message


def test_duplicate_ids_in_one_directory(tmp_path):
    write(tmp_path, "a.yaml", "id: t/same\nrows: [a]\n")
    write(tmp_path, "b.yaml", "id: t/same\nrows: [b]\n")
    tables = load_tables([tmp_path], use_env=False)
    p = only([p for p in tables.problems if p.table == "t/same"])
    assert p.file.name == "b.yaml" and "already used in" in p.message and "a.yaml:1" in p.message


def test_grammar_problems(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/grammar
        grammar:
          origin: ["#hero# meets #villian#", "#hero.shout#"]
          hero: [Ash, "#@t/missing#"]
          villain: [Bram]
          orphan: [never used]
          loop: ["#loop# again"]
          start2: ["#loop#"]
        """)
    messages = [p.message for p in problems]
    assert "symbol 'origin' uses #villian#, which is not defined" in messages
    assert any("unknown modifier .shout" in m for m in messages)
    assert "symbol 'villain' is never used from 'origin'" in messages
    assert "symbol 'orphan' is never used from 'origin'" in messages
    assert any("'loop' can never finish" in m and "unbounded recursion" in m for m in messages)
    assert any("refers to table 't/missing'" in m for m in messages)
    by_message = {p.message: p.line for p in problems}
    assert by_message["symbol 'orphan' is never used from 'origin'"] == 6


def test_grammar_syntax_errors(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/syntax
        grammar:
          origin: ["#unclosed", "[x:#a#"]
          a: [b]
        """)
    messages = " | ".join(p.message for p in problems)
    assert "unclosed tag" in messages and "too many [" in messages


def test_grammar_start_must_exist(tmp_path):
    _, problems = problems_for(tmp_path, """
        id: t/start
        start: story
        grammar:
          origin: [a]
        """)
    assert "start symbol 'story' is not defined" in only(problems).message


def test_recursive_grammar_that_can_finish_is_fine(tmp_path):
    tables, problems = problems_for(tmp_path, """
        id: t/list
        grammar:
          origin: ["#list#"]
          list: ["#item#", "#item# and #list#"]
          item: [a rope, a lamp]
        """)
    assert problems == []
    assert "t/list" in tables


def test_broken_file_is_skipped_the_rest_loads(tmp_path):
    write(tmp_path, "good.yaml", "id: t/good\nrows: [fine]\n")
    write(tmp_path, "bad.yaml", "id: t/bad\ndice: d6\nrows: [a]\n")
    write(tmp_path, "worse.yaml", ": : :\n")
    tables = load_tables([tmp_path], use_env=False)
    assert "t/good" in tables and "t/bad" not in tables
    assert {p.file.name for p in tables.problems} == {"bad.yaml", "worse.yaml"}
    assert "weather/day" in tables  # the built-in tables are untouched
