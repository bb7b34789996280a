"""Budgets on reading and rolling tables: each limit, its message, and what stays allowed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.dice import DiceError, Rng, distribution, parse
from solo.dice.odds import WORK_BUDGET, check_cost
from solo.tables import Table, TableError, load_tables
from solo.tables.budget import MAX_DICE, MAX_STEPS, MAX_TEXT, Budget, describe_path
from solo.tables.grammar import Grammar
from solo.tables.loader import (
    MAX_ALIAS_EXPANSION,
    MAX_ALIASES,
    MAX_FILE_BYTES,
    MAX_YAML_NESTING,
    FileReader,
    read_file,
    scan_budget,
)
from solo.tables.model import Row
from solo.tables.roller import Roller


def read(text: str, name: str = "t.yaml"):
    reader = FileReader(Path(name), text)
    return reader.read(), [str(p) for p in reader.problems]


def lookup_of(*tables: Table):
    by_id = {t.id: t for t in tables}
    return by_id.__getitem__


# -- reading YAML ---------------------------------------------------------------------
def test_nesting_is_refused_at_the_limit_with_the_line():
    ok = "id: t/ok\nrows:\n  - text: x\n    deep: " + "[" * (MAX_YAML_NESTING - 3) + "1" \
         + "]" * (MAX_YAML_NESTING - 3) + "\n"
    tables, problems = read(ok)
    assert problems == [] and [t.id for t in tables] == ["t/ok"]
    deep = "id: t/deep\n\nrows: " + "[" * 2000 + "x" + "]" * 2000 + "\n"
    tables, problems = read(deep)
    assert tables == []
    assert problems == [f"t.yaml:3: refused: nested more than {MAX_YAML_NESTING} levels deep"]


def test_block_nesting_is_counted_too():
    lines = ["id: t/block", "rows:", "  - text: x", "    more:"]
    lines += ["      " + "  " * i + "- " + "a:" for i in range(80)]
    assert scan_budget("\n".join(lines))[1] == f"nested more than {MAX_YAML_NESTING} levels deep"


def test_an_alias_bomb_is_refused_where_it_passes_the_budget():
    laughs = ['  - &a0 "lol lol lol lol lol lol lol lol"']
    laughs += [f"  - &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    text = "\n".join(["id: t/bomb", "seed:", *laughs, "rows: *a9", ""])
    _, problems = read(text)
    # a0 is one unit and each level ten times the last plus one: a4 is 11,111 units, so the
    # aliases on a5's line (8) pass 100,000, long before a9 would stand for a billion.
    assert problems == [f"t.yaml:8: refused: aliases expand to more than {MAX_ALIAS_EXPANSION:,}"
                        " units of data (at *a4); an alias bomb?"]


def test_a_few_aliases_of_shared_rows_are_fine():
    text = ("tables:\n"
            "  - id: t/one\n    rows: &common [a cave, a ford, a ruin]\n"
            "  - id: t/two\n    rows: *common\n")
    tables, problems = read(text)
    assert problems == []
    assert [r.text for r in tables[1].rows] == ["a cave", "a ford", "a ruin"]


def test_too_many_aliases_and_self_reference():
    many = "id: t/many\nx: &a 1\nrows: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    assert scan_budget(many) == (3, f"more than {MAX_ALIASES} aliases (*name)")
    selfish = "id: t/self\nrows: &me\n  - a road\n  - *me\n"
    assert scan_budget(selfish) == (
        4, "alias *me sits inside the anchor it names (a document that contains itself)")


def test_plain_files_skip_the_event_scan_and_ampersands_in_text_are_not_anchors():
    assert scan_budget("id: t/x\nrows: [R&D lab, Tom & Jerry, a * b]\n") is None
    assert read("id: t/x\nrows: [R&D lab, Tom & Jerry]\n")[1] == []


def test_file_size_and_encoding_are_checked_before_yaml(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"id: t/big\nrows:\n" + b"  - row\n" * (MAX_FILE_BYTES // 8 + 1))
    assert [str(p) for p in read_file(big)[1]] == [
        f"{big}: the file is over 2 MiB, the limit for a table file"]
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"id: t/latin\nrows:\n  - caf\xe9\n")
    assert [str(p) for p in read_file(latin)[1]] == [
        f"{latin}:3: not UTF-8 text: byte 0xe9 cannot be read"]


def test_values_python_will_not_build_are_problems_not_crashes():
    _, problems = read("id: t/n\nrows:\n  - " + "7" * 5000 + "\n")
    assert problems == ["t.yaml:3: cannot read a value: a number of more than 4,300 digits"]
    _, problems = read("id: t/d\nrows:\n  - 2024-13-45\n")
    assert len(problems) == 1 and problems[0].startswith("t.yaml: cannot read a value:")


def test_row_count_limit():
    text = "id: t/rows\nrows:\n" + "  - x\n" * 10_001
    assert read(text)[1] == ["t.yaml:2: table t/rows: 10,001 rows; a table may have at most 10,000"]


# -- dice cost ---------------------------------------------------------------------------
@pytest.mark.parametrize("expr, units", [
    ("500d4dl2", 748_996_495),
    ("100d20dl3", 186_245_844),
])
def test_keep_drop_pools_over_a_second_are_refused_by_count(expr, units):
    with pytest.raises(DiceError) as caught:
        distribution(expr)
    assert str(caught.value) == (
        f'exact odds would take too long to compute: "{expr}" needs about {units:,} units'
        f" of work, over the {WORK_BUDGET:,} allowed (about a second)")


def test_cost_model_figures():
    # faces * n(n+1)/2 * outcomes of the kept total: 6 * 10 * 16 for 4d6 drop 1.
    assert check_cost(parse("4d6dl1")) == 6 * 10 * 16 + 16
    # Plain sums grow with the bits of their counts: 500d6 passed the old guard, not this one.
    with pytest.raises(DiceError, match="needs about 54,114,166 units"):
        check_cost(parse("500d6"))
    for fine in ("d66", "2d66", "3d6", "4d6dl1", "2d20kh1", "10d10", "20d100", "9d100dl1"):
        assert check_cost(parse(fine)) <= WORK_BUDGET
    assert distribution("4d6dl1").exactly(18) * 1296 == 21


# -- budgets while rolling ---------------------------------------------------------------
def test_describe_path_folds_repeats_and_cuts_long_paths():
    assert describe_path(["@a", "#x#", "#x#", "#x#", "@b"]) == "@a > #x# (x3) > @b"
    names = [f"@t{i}" for i in range(20)]
    assert describe_path(names) == "@t0 > @t1 > @t2 > @t3 > ... 12 more ... > @t16 > @t17 > @t18 > @t19"


def test_a_runaway_grammar_stops_at_the_step_limit_naming_the_path():
    # 1 + 30 + 900 symbols to expand, at most three deep: the step limit, not the depth, stops it.
    grammar = Grammar("t/wide", {"origin": ["#w#" * 30], "w": ["#x#" * 30], "x": ["end"]})
    budget = Budget(max_steps=500)
    with pytest.raises(TableError) as caught:
        grammar.expand(Rng(1), lambda kind, arg: "", budget=budget)
    assert str(caught.value) == ("table t/wide: one roll took more than 500 steps;"
                                 " it ran away along #origin# > #w# > #x#")
    assert budget.steps == 501
    assert Grammar("t/wide", {"origin": ["#w#" * 30], "w": ["#x#" * 30], "x": ["end"]}).expand(
        Rng(1), lambda kind, arg: "") == "end" * 900


def test_a_growing_replace_is_refused_before_it_runs():
    mods = ".replace(a,aaaaaaaaaa)" * 12
    grammar = Grammar("t/replace", {"origin": [f"#w{mods}#"], "w": ["aaaaaaaaaa"]})
    with pytest.raises(TableError, match=f"text grew past {MAX_TEXT:,} characters;"
                                          " it ran away along #origin#"):
        grammar.expand(Rng(1), lambda kind, arg: "")
    # Four replacements make 100,000 characters: refused; three make 10,000: fine.
    three = Grammar("t/three", {"origin": ["#w" + ".replace(a,aaaaaaaaaa)" * 3 + "#"], "w": ["a"]})
    assert three.expand(Rng(1), lambda kind, arg: "") == "a" * 1000


def fan(levels: int, width: int, leaf: str = "") -> list[Table]:
    tables = []
    for level in range(levels):
        text = f"{{@f/{level + 1}}}" * width if level < levels - 1 else leaf
        tables.append(Table(f"f/{level}", f"F{level}", "weight", rows=[Row(text, 0)]))
    return tables


def test_fan_out_stops_at_the_step_limit_naming_the_chain():
    tables = fan(8, 5)  # 5^7 = 78,125 rolls of the last table
    with pytest.raises(TableError) as caught:
        Roller(lookup_of(*tables)).roll("f/0", Rng(3))
    assert str(caught.value) == (
        f"table f/0: one roll took more than {MAX_STEPS:,} steps; it ran away along"
        " @f/0 > @f/1 > @f/2 > @f/3 > @f/4 > @f/5 > @f/6 > @f/7")
    assert Roller(lookup_of(*fan(5, 5, "x"))).roll("f/0", Rng(3)).text == "x" * 625


def test_dice_per_roll_are_capped_and_what_is_stored_is_bounded():
    at_limit = Table("d/ok", "Ok", "weight", rows=[Row("{=1000d10000} {=1000d10000}", 0)])
    result = Roller(lookup_of(at_limit)).roll("d/ok", Rng(5))
    assert sum(len(n["dice"]) for n in result.nested) == MAX_DICE
    stored = len(json.dumps(result.to_dict()))
    assert stored < 200_000  # the figure tables/README.md gives for a roll at the dice limit
    hoard = Table("d/hoard", "Hoard", "weight", rows=[Row("{=1000d10000} " * 2000, 0)])
    with pytest.raises(TableError) as caught:
        Roller(lookup_of(hoard)).roll("d/hoard", Rng(5))
    assert str(caught.value) == (f"table d/hoard: one roll asked for more than {MAX_DICE:,} dice;"
                                 " it ran away along @d/hoard > =1000d10000")


def test_texts_stored_by_one_roll_are_bounded():
    long = Table("s/long", "Long", "weight", rows=[Row("x" * 15_000, 0)])
    fields = {"text": "{@s/long}", **{f"f{i}": "{@s/long}" for i in range(6)}}
    many = Table("s/many", "Many", "weight", rows=[Row(fields, 0)])
    with pytest.raises(TableError, match="texts, nested ones included, passed 100,000 characters"):
        Roller(lookup_of(long, many)).roll("s/many", Rng(1))


def test_builtin_tables_use_a_small_part_of_each_budget():
    import solo.tables.roller as roller_module

    budgets: list[Budget] = []

    class Watched(Budget):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            budgets.append(self)

    tables = load_tables(use_env=False)
    roller = Roller(tables.get)
    original = roller_module.Budget
    roller_module.Budget = Watched
    try:
        rng = Rng(11)
        for table_id in tables.ids():
            for _ in range(40):
                roller.roll(table_id, rng)
    finally:
        roller_module.Budget = original
    assert max(b.steps for b in budgets) * 100 < MAX_STEPS
    assert max(b.dice for b in budgets) * 100 < MAX_DICE
    assert max(b.stored for b in budgets) * 10 < MAX_TEXT


# -- found before rolling ----------------------------------------------------------------
def write(directory: Path, name: str, text: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_text(text)


def test_check_finds_fan_out_and_what_leans_on_it(tmp_path):
    rows = [f"  - id: f/{i}\n    rows: [\"{' '.join([f'{{@f/{i + 1}}}'] * 10)}\"]" for i in range(6)]
    rows.append("  - id: f/6\n    rows: [leaf]")
    write(tmp_path, "fan.yaml", "tables:\n" + "\n".join(rows) + "\n")
    tables = load_tables([tmp_path], use_env=False)
    messages = {p.table: p.message for p in tables.problems}
    # f/2 rolls 10^4 leaves (11,111 steps): allowed; f/1 would take 111,111.
    assert "f/2" in tables and "f/1" not in tables and "f/0" not in tables
    assert messages["f/1"] == (f"one roll can take more than {MAX_STEPS:,} steps (the limit),"
                               " growing along @f/1 > @f/2 > @f/3 > @f/4 > @f/5 > @f/6")
    assert "f/0" in messages


def test_check_finds_a_grammar_that_grows_faster_than_it_finishes(tmp_path):
    write(tmp_path, "g.yaml", "tables:\n"
          "  - id: g/runaway\n    grammar:\n      origin: '#a#'\n      a: ['#a# #a# #a#', end]\n"
          "  - id: g/critical\n    grammar:\n      origin: '#a#'\n      a: ['#a# #a#', end]\n"
          "  - id: g/fine\n    grammar:\n      origin: '#a#'\n      a: ['#a# #a#', end, stop]\n")
    tables = load_tables([tmp_path], use_env=False)
    messages = {p.table: p.message for p in tables.problems}
    assert messages["g/runaway"].startswith(
        f"one roll is expected to take more than {MAX_STEPS:,} steps (the limit), growing along"
        " @g/runaway > #a#")
    assert messages["g/critical"].startswith("one roll is expected to take more than")
    assert "g/fine" in tables  # each 'a' makes 2/3 of an 'a' on average: 3 expected


def test_check_finds_dice_hoards_and_chains_too_deep(tmp_path):
    write(tmp_path, "d.yaml", "id: d/hoard\nrows:\n  - \"" + "{=1000d6} " * 3 + "\"\n")
    chain = [f"  - id: c/{i}\n    rows: ['{{@c/{i + 1}}}']" for i in range(14)]
    write(tmp_path, "c.yaml", "tables:\n" + "\n".join(chain) + "\n  - id: c/14\n    rows: [end]\n")
    tables = load_tables([tmp_path], use_env=False)
    messages = {p.table: p.message for p in tables.problems}
    assert messages["d/hoard"] == (f"one roll can take 3,000 dice, over the {MAX_DICE:,} allowed,"
                                   " along @d/hoard")
    assert messages["c/0"] == ("table references nest 14 deep, over the 12 a roll follows:"
                               " @c/0 > @c/1 > @c/2 > @c/3 > ... 7 more ... > @c/11 > @c/12 > @c/13 > @c/14")
    assert "c/2" in tables and "c/1" not in tables


def test_a_chain_of_thousands_of_tables_is_checked_without_recursion(tmp_path):
    chain = [f"  - id: c/{i}\n    rows: ['{{@c/{i + 1}}}']" for i in range(3000)]
    chain.append("  - id: c/3000\n    rows: ['{@c/0}']")  # and a cycle all the way round
    write(tmp_path, "c.yaml", "tables:\n" + "\n".join(chain) + "\n")
    tables = load_tables([tmp_path], use_env=False)
    cycle = [p for p in tables.problems if p.message.startswith("reference cycle: c/0 -> c/1")]
    assert len(cycle) == 3001
    assert not any(t.startswith("c/") for t in tables.ids())


def test_a_grammar_deeper_than_a_roll_follows_is_found_by_check(tmp_path):
    def chain(n: int) -> str:
        symbols = [f"      s{i}: '#s{i + 1}#'" for i in range(n - 1)] + [f"      s{n - 1}: end"]
        return "      origin: '#s0#'\n" + "\n".join(symbols)

    write(tmp_path, "g.yaml", "tables:\n  - id: g/deep\n    grammar:\n" + chain(70) + "\n"
          "  - id: g/ok\n    grammar:\n" + chain(50) + "\n")
    tables = load_tables([tmp_path], use_env=False)
    messages = {p.table: p.message for p in tables.problems}
    assert messages == {"g/deep": "every expansion of 'origin' goes 71 symbols deep; a roll stops at 60"}
    assert tables.roll("g/ok", Rng(1)).text == "end"


def test_endless_symbols_are_found_in_any_order_of_definition(tmp_path):
    # Thousands of symbols, defined so that a pass in order settles only one per pass.
    symbols = [f"      s{i}: ['#s{i + 1}#', '#s{i}##s{i}#']" for i in range(3000)]
    write(tmp_path, "g.yaml", "id: g/long\ngrammar:\n  origin: '#s0#'\n"
          + "\n".join(s[4:] for s in symbols) + "\n  s3000: '#s3000#'\n")
    tables = load_tables([tmp_path], use_env=False)
    endless = [p.message for p in tables.problems if "can never finish" in p.message]
    assert len(endless) == 3002  # s0..s3000 and origin: the last one never finishes
