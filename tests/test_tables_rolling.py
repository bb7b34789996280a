"""Rolling tables and grammars: seeded, nested, and independent of the global random."""

import os
import random
import textwrap

import pytest

from solo.dice import Rng, ScriptedRng
from solo.tables import TableError, load_tables
from solo.tables.grammar import Grammar


@pytest.fixture(scope="module")
def builtin():
    return load_tables(use_env=False)


def user_tables(tmp_path, text):
    (tmp_path / "mine.yaml").write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    tables = load_tables([tmp_path], use_env=False)
    assert [str(p) for p in tables.problems] == []
    return tables


def test_builtin_tables_are_all_valid(builtin):
    assert builtin.problems == []
    for table_id in ("names/person", "weather/day", "treasure/hoard", "treasure/trinket"):
        assert table_id in builtin


def test_range_table_picks_the_row_of_the_roll(builtin):
    result = builtin.roll("weather/day", ScriptedRng([4, 4]))
    assert result.dice.total == 8
    assert result.range == "8-9"
    assert result.text == "Clear and warm. Water goes quicker than expected."
    assert result.render() == ("Weather today (2d6: 8): Clear and warm. Water goes quicker"
                               " than expected.")


def test_nested_table_and_dice_rolls_are_recorded(builtin):
    # d100 -> 31 (gold and a trinket); 2d6 coins -> 3+4; d20 trinket -> 2.
    result = builtin.roll("treasure/hoard", ScriptedRng([31, 3, 4, 2]))
    assert result.text == ("7 gold coins in a purse of oiled leather, and a brass key too small"
                           " for any lock you have seen")
    kinds = [n["kind"] for n in result.nested]
    assert kinds == ["dice", "table"]
    assert result.nested[0]["total"] == 7
    assert result.nested[1]["table"] == "treasure/trinket"
    assert result.to_dict()["row"] == 2


def test_d100_double_zero_is_a_hundred(builtin):
    result = builtin.roll("treasure/hoard", ScriptedRng([100, 4, 3, 3, 5]))
    assert result.range == "96-100"
    assert result.text == ("a real prize: a pair of candlesticks from a ruined chapel,"
                           " plus 11 gold coins")


def test_same_seed_same_results(builtin):
    a = [builtin.roll("names/person", Rng(42)).text for _ in range(3)]
    b = [builtin.roll("names/person", Rng(42)).text for _ in range(3)]
    assert a == b
    rng = Rng(42)
    seq = [builtin.roll("names/tavern", rng).text for _ in range(20)]
    assert len(set(seq)) > 10


def test_global_random_seed_changes_no_table_or_grammar(builtin):
    def draw():
        rng = Rng(77)
        return [builtin.roll(t, rng).text for t in ("names/person", "treasure/hoard",
                                                    "names/tavern", "treasure/gem")]
    random.seed(1)
    first = draw()
    random.seed(12345)
    assert draw() == first


def test_weighted_rows_follow_their_weights(tmp_path):
    tables = user_tables(tmp_path, """
        id: t/weights
        rows:
          - {text: common, weight: 3}
          - {text: rare, weight: 1}
        """)
    rng = Rng(5)
    texts = [tables.roll("t/weights", rng).text for _ in range(4000)]
    assert 2850 < texts.count("common") < 3150


def test_structured_rows_keep_their_fields_with_rolls_filled_in(tmp_path):
    tables = user_tables(tmp_path, """
        id: t/event
        dice: d6
        rows:
          - 1-6:
              text: "A rope bridge over a gorge {=d4} spans wide."
              approaches: [finesse, wits]
              difficulty: medium
              failure: "You lose {=1d3} hours."
        """)
    result = tables.roll("t/event", ScriptedRng([5, 2, 3]))
    assert result.text == "A rope bridge over a gorge 2 spans wide."
    assert result.fields == {"approaches": ["finesse", "wits"], "difficulty": "medium",
                             "failure": "You lose 3 hours."}


def test_grammar_uses_tables_dice_and_modifiers(tmp_path):
    tables = user_tables(tmp_path, """
        tables:
          - id: t/colour
            rows: [amber]
          - id: t/sentence
            grammar:
              origin: ["#[who:#name#]who.capitalize# found #=2d6# #@t/colour# beads; #who# kept #thing.a#."]
              name: [ilse]
              thing: [owl]
        """)
    result = tables.roll("t/sentence", ScriptedRng([6, 6]))
    assert result.text == "Ilse found 12 amber beads; ilse kept an owl."
    assert [n["kind"] for n in result.nested] == ["dice", "table"]


def test_user_table_overrides_builtin_by_id(tmp_path, monkeypatch):
    (tmp_path / "w.yaml").write_text("id: weather/wind\nrows: [a dead calm]\n", encoding="utf-8")
    tables = load_tables([tmp_path], use_env=False)
    assert tables.roll("weather/wind", Rng(1)).text == "a dead calm"
    assert "weather/wind" in tables.overrides
    # ...and built-in tables that use it now get the user's version.
    assert tables.roll("weather/day", ScriptedRng([1, 6])).text.endswith("a dead calm.")


def test_tables_from_the_environment(tmp_path, monkeypatch):
    (tmp_path / "x.yaml").write_text("id: mine/x\nrows: [from env]\n", encoding="utf-8")
    monkeypatch.setenv("SOLO_TABLES", str(tmp_path))
    assert load_tables().roll("mine/x", Rng(1)).text == "from env"


def test_unknown_table_suggests_close_ids(builtin):
    with pytest.raises(TableError, match="no table named 'weather/dya'; did you mean weather/day"):
        builtin.get("weather/dya")


def test_search_finds_by_words(builtin):
    assert [t.id for t in builtin.search("weather wind")] == ["weather/wind"]


def test_grammar_crashes_become_clear_errors():
    pop = Grammar("t/pop", {"origin": ["[x:POP][x:POP]#x#"], "x": ["a"]})
    with pytest.raises(TableError, match="grammar t/pop: a \\[symbol:POP\\] removed more"):
        pop.expand(Rng(1), lambda kind, arg: "")
    deep = Grammar("t/deep", {"origin": ["#origin#"]})
    with pytest.raises(TableError, match="more than 60 levels deep"):
        deep.expand(Rng(1), lambda kind, arg: "")
    missing = Grammar("t/missing", {"origin": ["#nobody#"]})
    with pytest.raises(TableError, match="symbol 'nobody' is not defined"):
        missing.expand(Rng(1), lambda kind, arg: "")


def test_modifiers_are_safe_on_empty_text():
    g = Grammar("t/empty", {"origin": ["[#e.capitalize##e.s##e.ed##e.a#]x"], "e": [""]})
    assert g.expand(Rng(1), lambda kind, arg: "") == "x"


def test_grammar_state_does_not_leak_between_expansions():
    g = Grammar("t/leak", {"origin": ["#[hero:#name#]story#"], "story": ["#hero#"],
                           "name": ["Ash", "Bram", "Cress"]})
    rng = Rng(9)
    names = {g.expand(rng, lambda k, a: "") for _ in range(60)}
    assert names == {"Ash", "Bram", "Cress"}


def test_tables_load_again_without_parsing_files_that_did_not_change(tmp_path):
    from solo.tables.registry import FILES

    mine = tmp_path / "mine.yaml"
    mine.write_text("id: mood\ntitle: Mood\nrows:\n  - Calm\n", encoding="utf-8")
    first = load_tables([tmp_path], use_env=False)
    before = FILES.parsed
    again = load_tables([tmp_path], use_env=False)
    assert FILES.parsed == before  # neither the built-in files nor mine parsed twice
    assert again.roll("mood", Rng(1)).text == "Calm"
    assert again.ids() == first.ids()
    # Same size, same instant as far as the file system can tell: still read as changed.
    stat = mine.stat()
    mine.write_text("id: mood\ntitle: Mood\nrows:\n  - Grim\n", encoding="utf-8")
    os.utime(mine, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    changed = load_tables([tmp_path], use_env=False)
    assert FILES.parsed == before + 1
    assert changed.roll("mood", Rng(1)).text == "Grim"


def test_a_broken_table_is_reported_on_every_load_not_only_the_first(tmp_path):
    (tmp_path / "bad.yaml").write_text("id: bad\nrows: [\n", encoding="utf-8")
    for _ in range(2):
        problems = [str(p) for p in load_tables([tmp_path], use_env=False).problems]
        assert len(problems) == 1 and "not valid YAML" in problems[0]


def test_changing_one_loaded_table_set_leaves_the_next_load_alone():
    first = load_tables(use_env=False)
    first.tables["weather/day"].rows[0].value = "changed in memory"
    again = load_tables(use_env=False)
    assert again.tables["weather/day"].rows[0].value != "changed in memory"


def test_with_your_own_dice_a_table_says_its_dice_and_rows_before_the_roll():
    import pytest

    from solo.dice.entered import DiceNeeded, EnteredDice
    from solo.tables import load_tables

    tables = load_tables(use_env=False)
    with pytest.raises(DiceNeeded) as asked:
        tables.roll("weather/day", EnteredDice([]))
    assert (asked.value.sides, asked.value.before) == (6, "table Weather today: rolled with 2d6, 9 rows")
