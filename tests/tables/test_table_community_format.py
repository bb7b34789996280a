"""The table format's community features: roll again, offers, columns, matches, credits, groups."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.dice.rng import ScriptedRng
from solo.tables import load_tables

DATA = Path(__file__).parent / "data"


@pytest.fixture
def tables():
    loaded = load_tables([DATA / "lantern.yaml"], use_env=False)
    assert [p for p in loaded.problems if "lantern" in str(p.file)] == []
    return loaded


def test_roll_twice_rolls_the_same_table_again_skipping_the_roll_twice_row(tables):
    # d6 6 asks for two more; the 6 met on the way is skipped (rolled again), not a third request
    result = tables.roll("lantern/mood", ScriptedRng([6, 3, 6, 5]))
    assert result.text == "Roll twice: Rowdy; Wary"
    assert [n["text"] for n in result.nested] == ["Rowdy", "Wary"]


def test_duplicates_keep_reroll_and_worse(tmp_path):
    (tmp_path / "d.yaml").write_text(
        "tables:\n"
        "  - {id: t/keep, dice: d4, rows: [a, b, c, {text: twice, then: {times: 2, duplicates: keep}}]}\n"
        "  - {id: t/reroll, dice: d4, rows: [a, b, c, {text: twice, then: {times: 2}}]}\n"
        "  - {id: t/worse, dice: d4, rows: [a, b, c, {text: twice, then: {times: 2, duplicates: worse}}]}\n")
    tables = load_tables([tmp_path], use_env=False)
    assert tables.problems == []
    assert tables.roll("t/keep", ScriptedRng([4, 2, 2])).text == "twice: b; b"
    assert tables.roll("t/reroll", ScriptedRng([4, 2, 2, 1])).text == "twice: b; a"
    assert tables.roll("t/worse", ScriptedRng([4, 2, 2])).text == (
        "twice: b; b (drawn again: it gets worse)")


def test_a_self_reference_is_not_a_cycle_but_every_row_repeating_is_an_error(tmp_path):
    (tmp_path / "s.yaml").write_text(
        "id: t/loop\ndice: d2\nrows:\n"
        "  - {text: again, then: {table: t/loop}}\n"
        "  - {text: again, then: {times: 2}}\n")
    tables = load_tables([tmp_path], use_env=False)
    assert "t/loop" not in tables
    assert [p.message for p in tables.problems] == [
        "every row rolls this table again, so a repeat could never stop; at least one row must"
        " give a result of its own"]
    assert tables.problems[0].line == 3


def test_columns_are_read_by_one_roll_and_a_column_table_reads_one(tables):
    assert tables.roll("lantern/names", ScriptedRng([4])).text == (
        "Given name: Tamsin; Family name: Roke")
    family = tables.roll("lantern/family", ScriptedRng([2]))
    assert (family.title, family.text, family.range) == ("Family Name", "Vell", "1-3")


def test_match_on_doubles_and_display_rows_never_roll(tables):
    matched = tables.roll("lantern/omen", ScriptedRng([33]))
    assert matched.text == "A moth circles twice"
    assert matched.match == "A lantern gutters out as you speak."
    assert tables.roll("lantern/omen", ScriptedRng([100])).match is not None  # 00 is a match
    assert tables.roll("lantern/omen", ScriptedRng([34])).match is None
    assert all(not r.display or r.low is None for r in tables.get("lantern/omen").rows)


def test_offers_suggestions_and_credit_follow_the_result(tables):
    offered = tables.roll("lantern/omen", ScriptedRng([80]))
    assert offered.text == "Bells ring far off"  # offered, not rolled
    assert offered.offers == [{"table": "lantern/mood", "title": "Market Mood", "times": 1}]
    mood = tables.roll("lantern/mood", ScriptedRng([5]))
    assert mood.render().splitlines() == [
        "Market Mood (d6: 5): Wary",
        "  See also: Stall Keeper",
        "  Source: Lantern Zine, p. 4, by Ada Quill; licence CC BY 4.0; https://example.org/lantern",
    ]
    assert mood.to_dict()["source"].startswith("Source: Lantern Zine")


def test_table_list_groups_collections_and_show_names_the_extras(cli):
    listing = cli("table", "list", "--tables", DATA / "lantern.yaml").out.splitlines()
    at = listing.index("Lantern Oracles — Small oracles for a night market.")
    assert listing[at + 2].split() == ["lantern/family", "column", "Family", "Name"]
    shown = cli("table", "show", "lantern/mood", "--tables", DATA / "lantern.yaml").out
    assert "Recommended rolls: 1-2" in shown
    assert "then roll this table x2 (duplicates: keep)" in shown
    names = cli("table", "show", "lantern/names", "--tables", DATA / "lantern.yaml").out.splitlines()
    assert names[-3:] == ["           Given name | Family name", "      1-3  Orrin | Vell",
                          "      4-6  Tamsin | Roke"]


@pytest.mark.parametrize("body, message", [
    ("id: t/a\ndice: d6\nrows: [a, b, c, d, e, {text: f, then: {times: 0}}]\n",
     "row 6: 'times' must be a whole number from 1 to 20"),
    ("id: t/a\ndice: d6\nrows: [a, b, c, d, e, {text: f, then: {duplicates: twice}}]\n",
     "row 6: duplicates 'twice' must be one of reroll, keep, worse"),
    ("id: t/a\ndice: d6\nmatch: odd\nrows: [a, b, c, d, e, f]\n",
     "'match' needs dice that can roll doubles; d6 cannot"),
    ("id: t/a\nsource: {title: Zine, isbn: 3}\nrows: [a]\n",
     "unknown key(s) in 'source': isbn; it may have authors, licence, page, title, url"),
    ("id: t/a\ncolumn-of: t/b\ncolumn: nope\n---\n", None),
    ("id: t/a\ncolumns: [[]]\nrows: [a]\n",  # a list inside the list (found by the fuzz test)
     "'columns' must name the columns (a list of words, or words mapped to their labels)"),
    ("id: t/a\nrecommended: lots\nrows: [a]\n",
     "'recommended' is how many rolls to make: a number such as 2 or a span such as 1-2"),
])
def test_bad_community_keys_are_named_with_file_and_line(tmp_path, body, message):
    if message is None:
        (tmp_path / "c.yaml").write_text(
            "tables:\n  - {id: t/b, dice: d2, columns: [x], rows: [{x: one}, {x: two}]}\n"
            "  - {id: t/a, column-of: t/b, column: nope}\n")
        message = "table 't/b' has no column 'nope' (its columns: x)"
    else:
        (tmp_path / "c.yaml").write_text(body)
    tables = load_tables([tmp_path], use_env=False)
    assert "t/a" not in tables
    found = [p for p in tables.problems if p.table == "t/a"]
    assert [p.message for p in found] == [message]
    assert found[0].line is not None


def test_a_missing_see_also_is_reported_and_dropped_but_the_table_loads(tmp_path):
    (tmp_path / "m.yaml").write_text("id: t/a\nsuggest: [t/none]\nrows: [a]\n")
    tables = load_tables([tmp_path], use_env=False)
    assert tables.get("t/a").suggest == []
    assert [p.message for p in tables.problems] == [
        "refers to table 't/none', which does not exist or is broken"]


def test_json_tables_in_a_directory_are_read(tmp_path, cli):
    (tmp_path / "j.json").write_text('{"id": "t/json", "dice": "d2", "rows": ["left", "right"]}')
    assert cli("table", "check", tmp_path).out.strip() == "1 table(s) checked: no problems."
    (tmp_path / "deep.json").write_text("[" * 200 + "]" * 200)
    bad = cli("table", "check", tmp_path)
    assert bad.code == 2
    assert f"{tmp_path / 'deep.json'}: arrays and objects nest 200 deep; at most 64 are read" in bad.out


def test_a_deck_draws_every_row_once_then_shuffles(tmp_path, cli):
    (tmp_path / "deck.yaml").write_text("id: t/deck\ndeck: true\ndice: d4\nrows: [a, b, c, d]\n")
    tables = load_tables([tmp_path], use_env=False)
    decks: dict = {}
    # 2 is drawn, then the dice land on 2 again and are rolled again (3)
    assert tables.roll("t/deck", ScriptedRng([2]), decks).text == "b"
    assert tables.roll("t/deck", ScriptedRng([2, 3]), decks).text == "c"
    assert decks == {"t/deck": [1, 2]}
    assert tables.roll("t/deck", ScriptedRng([4]), decks).text == "d"
    last = tables.roll("t/deck", ScriptedRng([1]), decks)
    assert (last.text, last.shuffled) == ("a", False)
    again = tables.roll("t/deck", ScriptedRng([3]), decks)
    assert (again.text, again.shuffled, decks) == ("c", True, {"t/deck": [2]})
    assert again.render().splitlines()[1] == "  (Every card was drawn: the deck is shuffled again.)"
    # one command's draws share a deck: four draws give four different rows
    rolled = cli("table", "roll", "t/deck", "-n", "4", "--seed", "5", "--tables", tmp_path, "--json")
    assert sorted(r["text"] for r in rolled.json["items"]) == ["a", "b", "c", "d"]


def test_a_campaign_keeps_its_decks_drawn_rows_and_undo_puts_a_card_back(tmp_path, cli):
    (tmp_path / "deck.yaml").write_text("id: t/deck\ndeck: true\nrows: [a, b, c]\n")
    assert cli("new", "Cards", "--seed", "2").code == 0
    drawn = [cli("table", "roll", "t/deck", "--campaign", "cards", "--tables", tmp_path, "--json")
             .json["items"][0]["text"] for _ in range(3)]
    assert sorted(drawn) == ["a", "b", "c"]
    from solo.campaign import CampaignStore

    saved = CampaignStore(None).load("cards")
    assert sorted(saved.extra["tables"]["drawn"]["t/deck"]) == [0, 1, 2]
    assert cli("undo", "-c", "cards").code == 0
    assert len(CampaignStore(None).load("cards").extra["tables"]["drawn"]["t/deck"]) == 2


def test_the_source_line_reaches_the_journal_and_the_export(cli):
    assert cli("new", "Market", "--seed", "1").code == 0
    assert cli("table", "roll", "lantern/mood", "--campaign", "market", "--tables", DATA).code == 0
    exported = cli("export", "market", "--tables", DATA).out
    assert ">   Source: Lantern Zine, p. 4, by Ada Quill; licence CC BY 4.0; https://example.org/lantern" in (
        exported)


def test_a_damaged_deck_in_a_save_is_named_when_the_campaign_opens(cli, saves_dir):
    assert cli("new", "Cards", "--seed", "2").code == 0
    path = saves_dir / "cards.json"
    data = json.loads(path.read_text())
    data["state"]["extra"] = {"tables": {"drawn": {"t/deck": ["x"]}}}
    path.write_text(json.dumps(data))
    result = cli("note", "-c", "cards", "hello")
    assert result.code == 1
    assert "extra.tables.drawn.t/deck: expected a list of row numbers, found" in result.err


def test_further_rolls_count_toward_the_growth_check(tmp_path):
    # four tables each rolling the next twenty times: 20**4 rolls, refused before rolling
    body = "tables:\n"
    for i in range(4):
        body += f"  - {{id: t/n{i}, rows: [{{text: x, then: {{table: t/n{i + 1}, times: 20}}}}]}}\n"
    body += "  - {id: t/n4, rows: [leaf]}\n"
    (tmp_path / "fan.yaml").write_text(body)
    tables = load_tables([tmp_path], use_env=False)
    assert "t/n0" not in tables and "t/n1" in tables  # 20**3 = 8,000 rolls is within the limit
    message = next(p.message for p in tables.problems if p.table == "t/n0")
    assert message.startswith("one roll can take more than 20,000 steps (the limit), growing along")
    roll_twice = "id: t/self\ndice: d2\nrows: [a, {text: again, then: {times: 20}}]\n"
    (tmp_path / "fan.yaml").write_text(roll_twice)
    assert "t/self" in load_tables([tmp_path], use_env=False)
