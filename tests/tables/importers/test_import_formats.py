"""`solo import`: every format's fixture converted, written, loaded and rolled with known dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.dice.rng import ScriptedRng
from solo.tables import load_tables

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def imported(cli, tmp_path):
    """Import a fixture into a fresh directory; returns (summary JSON, the tables loaded from it)."""

    def run(fmt: str, name: str, *extra: str):
        into = tmp_path / "into"
        result = cli("import", fmt, FIXTURES / name, "--into", into, "--json", *extra)
        assert result.code == 0, result.err
        tables = load_tables([into], use_env=False)
        assert tables.problems == []
        return result.json, tables

    return run


def lost(summary: dict, table_id: str) -> list[str]:
    return next(t["lost"] for t in summary["tables"] if t["id"] == table_id)


def test_datasworn_0_0_10_package(imported):
    summary, tables = imported("datasworn", "emberfall-0.0.10.json")
    assert summary["detail"] == "Datasworn 0.0.10"
    assert len(summary["tables"]) == 11 and summary["not_imported"] == []
    sign = tables.get("emberfall/omens/sign")
    assert sign.recommended == (1, 2) and sign.suggest == ["emberfall/omens/weather"]
    assert sign.rows[0].display and sign.rows[0].text == "Signs of the hearth"
    assert lost(summary, "emberfall/omens/sign") == [
        "see-also emberfall/moves/fate/ask is not a table of this package",
        "a match on 1d10, which cannot roll doubles, is left out",
    ]
    # roll twice (keep), reaching the 7-8 row, which rolls the weather table's two columns
    result = tables.roll("emberfall/omens/sign", ScriptedRng([9, 2, 7, 5]))
    assert result.text == ("Roll twice: A crow on the lintel; Sign + Weather: Sky: Clear and cold;"
                           " Ground: Frost on embers")
    assert result.source == ("Source: Emberfall Zine, p. 7, by Test Writer; licence"
                             " https://creativecommons.org/licenses/by/4.0; https://example.org/emberfall")
    # a link to a table in a row's text is offered as a follow-up (its words stay)
    smoke = tables.roll("emberfall/omens/sign", ScriptedRng([5]))
    assert smoke.text == "Smoke that leans against the wind"
    assert smoke.offers == [{"table": "emberfall/omens/weather", "title": "Weather", "times": 1}]
    assert tables.roll("emberfall/omens/weather", ScriptedRng([3])).text == "Sky: Red haze"
    # {{text:...}} template: the weather's first column only
    assert tables.roll("emberfall/omens/title", ScriptedRng([1, 6])).text == "The Clear and cold omen"
    portent = tables.roll("emberfall/omens/portent", ScriptedRng([77]))
    assert (portent.text, portent.match) == ("Not this year", "On a match, the portent comes true at once.")
    assert tables.roll("emberfall/omens/portent", ScriptedRng([76])).match is None
    # table_shared_rolls: one roll read across columns, and each column alone
    assert tables.roll("emberfall/omens/names", ScriptedRng([3])).text == "Given: Brannoc; Family: Ashgrove"
    assert tables.roll("emberfall/omens/names/family", ScriptedRng([1])).text == "Cindervale"
    assert tables.get("emberfall/omens/names/given").suggest == ["emberfall/omens/names/family"]
    # table_shared_text: each column its own ranges
    assert tables.roll("emberfall/omens/beasts/forest", ScriptedRng([2])).text == "Stag"
    assert tables.roll("emberfall/omens/beasts/marsh", ScriptedRng([2])).text == "Owl"
    # a truth rolls its option's sub-table
    truth = tables.roll("emberfall/truths/hearth", ScriptedRng([12, 2]))
    assert truth.text == "Every village keeps one fire. Twin children"
    assert truth.fields["quest_starter"] == "The eldest fire went out."
    assert tables.get("emberfall/omens/sign").collection.title == "Omens"
    assert tables.get("emberfall/omens/names").collection.title == "Omens › Seer Names"


def test_datasworn_0_1_package(imported):
    summary, tables = imported("datasworn", "tidewrack-0.1.json")
    assert summary["detail"] == "Datasworn 0.1.0"
    find = tables.get("tidewrack/shore/find")
    assert find.upstream == ["rows 4 and 5 overlap at 88-90; row 4 keeps them"]
    assert find.match == "On a match, something watches you."
    assert find.suggest == ["tidewrack/shore/tide"]
    # roll twice, make it worse: the same row twice is marked
    worse = tables.roll("tidewrack/shore/find", ScriptedRng([75, 10, 20]))
    assert worse.text == "Roll twice: A glass float; A glass float (drawn again: it gets worse)"
    assert worse.match is None
    # {{text>...}} on a three-column table reads its first column
    assert tables.roll("tidewrack/shore/find", ScriptedRng([41, 2])).text == "A bottle holding slack"
    # an embedded table and an auto: false roll are offered, not rolled; 88 is a match on d100
    wreck = tables.roll("tidewrack/shore/find", ScriptedRng([99]))
    assert wreck.text == "A wreck"
    assert wreck.offers == [{"table": "tidewrack/shore/tide", "title": "Tide", "times": 1}]
    assert wreck.match == "On a match, something watches you."
    assert tables.roll("tidewrack/shore/tide", ScriptedRng([2])).text == "Water: slack; Smell: weed"
    assert tables.roll("tidewrack/shore/gulls", ScriptedRng([2])).text == "Cry: Awk; Feather: Speckled"
    assert tables.roll("tidewrack/shore/gulls/cry", ScriptedRng([1])).text == "Kreel"
    # truth options' embedded oracles, and oracles embedded in a move
    assert tables.roll("tidewrack/truths/sea", ScriptedRng([31, 1])).text == "The sea is alive. it is hungry"
    assert tables.roll("tidewrack/moves/beach/comb/yield", ScriptedRng([2])).text == "Nothing but sand"
    assert tables.get("tidewrack/moves/beach/comb/yield").credit.page == 5
    assert lost(summary, "tidewrack/shore/find") == [
        "see-also move:tidewrack/beach/comb is not a table of this package"]
    assert summary["not_imported"] == [{
        "name": "asset.ability.oracle_rollable:tidewrack/tools/net.0.catch",
        "reason": "an oracle inside an asset ability is not imported (solo has no assets)"}]


def test_datasworn_0_2_is_read_in_the_later_shape(cli, tmp_path):
    data = json.loads((FIXTURES / "tidewrack-0.1.json").read_text())
    data["datasworn_version"] = "0.2.3"
    copy = tmp_path / "tidewrack-0.2.json"
    copy.write_text(json.dumps(data))
    result = cli("import", "datasworn", copy, "--into", tmp_path / "o", "--json")
    assert result.code == 0 and result.json["detail"] == "Datasworn 0.2.3"
    assert len(result.json["tables"]) == 8


def test_foundry_v9_nested_table_inline_roll_and_html(imported):
    summary, tables = imported("foundry", "foundry-v9.json")
    features = tables.get("foundry-v9/ruin-features")
    assert features.dice == "d6"  # derived from the ranges: the formula was empty
    assert features.description == "Roll when you enter a ruin."
    assert tables.roll("foundry-v9/ruin-features", ScriptedRng([1])).text == "Collapsed & dusty hall"
    assert tables.roll("foundry-v9/ruin-features", ScriptedRng([3, 2])).text == "A pit 2 yards deep"
    assert tables.roll("foundry-v9/ruin-features", ScriptedRng([5, 3])).text == "Two stone hounds"
    assert tables.roll("foundry-v9/ruin-features", ScriptedRng([6])).text == "Healing Draught"
    assert lost(summary, "foundry-v9/ruin-features") == [
        "result 4 links to items itm01 outside this file; kept as its name"]


def test_foundry_v11_string_types_gaps_overlaps_and_no_replacement(imported, cli):
    summary, tables = imported("foundry", "foundry-v11.json")
    rumours = tables.get("foundry-v11")
    assert rumours.upstream == ["rows 1 and 2 overlap at 3; row 1 keeps them",
                                "no row for 6 (between rows 2 and 3); row 2 now covers it"]
    assert tables.roll("foundry-v11", ScriptedRng([3, 4, 5])).text == "The miller owes 9 crowns"
    assert tables.roll("foundry-v11", ScriptedRng([6])).text == "Wolves on the north road"
    assert rumours.deck  # replacement: false
    assert lost(summary, "foundry-v11") == [
        "result 3 links to Item itm9 outside this file; kept as its name"]
    into = Path(summary["into"])
    listing = cli("table", "list", "--tables", into).out.splitlines()
    assert listing[listing.index("foundry-v11") + 1].split() == [
        "foundry-v11", "1d8", "Tavern", "Rumours", "[upstream", "data", "errors:", "2]"]
    check = cli("table", "check", into)
    assert check.code == 0
    assert check.out.splitlines()[0] == (
        f"warning: {into / 'foundry-v11.yaml'}: table foundry-v11: upstream data error:"
        " rows 1 and 2 overlap at 3; row 1 keeps them")


def test_foundry_v13_names_descriptions_and_uuids(imported):
    summary, tables = imported("foundry", "foundry-v13.json")
    assert tables.roll("foundry-v13/cave-sounds", ScriptedRng([2])).text == "Water dripping somewhere"
    assert tables.roll("foundry-v13/cave-sounds", ScriptedRng([4])).text == "Wings"
    assert tables.roll("foundry-v13/cave-sounds", ScriptedRng([6, 2])).text == "Damp fur, a bear"


def test_foundry_weights_only(imported):
    summary, tables = imported("foundry", "foundry-weights.json")
    assert [(r.text, r.weight) for r in tables.get("foundry-weights").rows] == [
        ("copper", 5), ("silver", 2), ("gold", 1)]


def test_tracery_grammar(imported):
    summary, tables = imported("tracery", "harbour.tracery.json")
    assert lost(summary, "harbour-tracery") == ["symbol 'unused' is never reached from 'origin'; left out"]
    from solo.dice import Rng

    texts = {tables.roll("harbour-tracery", Rng(seed)).text for seed in range(40)}
    assert "Skiff called the Low Lantern" in texts and "A leaking barge" in texts


def test_csv_columns_and_weights(imported, cli, tmp_path):
    summary, tables = imported("csv", "market.csv", "--id-prefix", "town")
    market = tables.get("town/market")
    assert market.dice == "d6" and list(market.columns) == ["stall", "keeper"]
    assert tables.roll("town/market", ScriptedRng([5])).text == (
        "Stall: Charms; Keeper: a girl who sings, badly")
    weighted = cli("import", "csv", FIXTURES / "weighted.csv", "--into", tmp_path / "w", "--json").json
    assert weighted["tables"][0]["rows"] == 2
    rows = load_tables([tmp_path / "w"], use_env=False).get("weighted").rows
    assert [(r.text, r.weight) for r in rows] == [("A fog bank", 3), ("A clear sky", 1)]


def test_markdown_tables_d6_ranges_d66_and_iron_vault(imported, cli, tmp_path):
    summary, tables = imported("markdown", "lair.md")
    assert tables.roll("lair/lair-door", ScriptedRng([4])).text == "A curtain of hanging vines"
    assert tables.roll("lair/keeper-name", ScriptedRng([2, 5])).text == "Given: Brisk; Epithet: of Ash"
    assert tables.get("lair/keeper-name").collection.title == "Lair Notes"
    vault = cli("import", "markdown", FIXTURES / "ironvault.md", "--into", tmp_path / "v", "--json").json
    assert vault["tables"][0]["upstream"] == [
        "rows 2 and 3 overlap at 61-70; row 2 keeps them",
        "no row for 96-99 (between rows 3 and 4); row 3 now covers it",
    ]
    omens = load_tables([tmp_path / "v"], use_env=False)
    assert omens.roll("ironvault", ScriptedRng([100])).text == "The bridge is gone"


def test_summary_text_names_tables_rows_and_losses(cli, tmp_path):
    out = cli("import", "foundry", FIXTURES / "foundry-v11.json", "--into", tmp_path).out.splitlines()
    assert out[0] == (f"Imported 1 table(s), 3 row(s) from {FIXTURES / 'foundry-v11.json'}"
                      f" (Foundry VTT RollTable) into {tmp_path}")
    assert out[1].split() == ["foundry-v11", "3", "row(s)"]
    assert out[2].strip() == "lost: result 3 links to Item itm9 outside this file; kept as its name"


def test_import_writes_to_the_user_tables_directory_read_on_every_start(cli, monkeypatch, tmp_path):
    home = tmp_path / "home-tables"
    monkeypatch.setenv("SOLO_USER_TABLES", str(home))
    assert cli("import", "csv", FIXTURES / "market.csv").code == 0
    assert (home / "market.yaml").is_file()
    rolled = cli("table", "roll", "market", "--seed", "1").out
    assert rolled.startswith("market (d6: ")
    assert cli("table", "check").code == 0


@pytest.mark.parametrize("fmt, name, message", [
    ("csv", "noheader.csv", "noheader.csv:1: no header naming a roll, weight or text column"
     " (the first line is '1-2,Eel pies')"),
    ("markdown", "notes-no-table.md", "notes-no-table.md: no Markdown table found (a '| d6 | Result |'"
     " line followed by a '|---|---|' line)"),
    ("datasworn", "truncated.json", "truncated.json:1: not valid JSON: Unterminated string starting at"
     " (column 83); not a Datasworn package"),
    ("datasworn", "future-datasworn.json", "future-datasworn.json: Datasworn version 0.9.0 is not one"
     " solo reads (0.0.10, 0.1.x or 0.2.x)"),
    ("datasworn", "foundry-v9.json", "foundry-v9.json: not a Datasworn package (it has no"
     " 'datasworn_version')"),
    ("foundry", "market.csv", "market.csv:1: not valid JSON: Expecting value (column 1); not a"
     " Foundry RollTable"),
    ("foundry", "harbour.tracery.json", "harbour.tracery.json: not a Foundry RollTable (no object with"
     " 'name' and 'results')"),
    ("tracery", "foundry-v9.json", "foundry-v9.json: not a Tracery grammar: the file must hold one"
     " JSON object mapping symbols to lists of rules"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(cli, tmp_path, fmt, name, message):
    into = tmp_path / "into"
    result = cli("import", fmt, FIXTURES / name, "--into", into)
    assert result.code == 2 and result.out == ""
    assert result.err == f"solo: error: {FIXTURES / name}"[:-len(name)] + message + "\n"
    assert not into.exists()


def test_hostile_json_is_refused_before_parsing(cli, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"datasworn_version": "0.1.0", "x": ' + "[" * 5000 + "]" * 5000 + "}")
    result = cli("import", "datasworn", deep, "--into", tmp_path / "o")
    assert result.code == 2
    assert result.err == (f"solo: error: {deep}: arrays and objects nest 5001 deep; at most 64 are"
                          " read; not a Datasworn package\n")


def test_bad_prefix_and_missing_file(cli, tmp_path):
    assert cli("import", "csv", FIXTURES / "market.csv", "--id-prefix", "Bad Prefix").code == 2
    missing = cli("import", "csv", tmp_path / "nope.csv")
    assert (missing.code, missing.err) == (2, f"solo: error: {tmp_path / 'nope.csv'}: no such file\n")


def test_foundry_compendium_db_one_table_per_line(cli, tmp_path):
    tables = json.loads((FIXTURES / "foundry-v9.json").read_text())
    db = tmp_path / "ruins.db"
    db.write_text("\n".join(json.dumps(t) for t in tables) + "\n")
    result = cli("import", "foundry", db, "--into", tmp_path / "o", "--json")
    assert [t["id"] for t in result.json["tables"]] == ["ruins/ruin-features", "ruins/ruin-guardians"]
    loaded = load_tables([tmp_path / "o"], use_env=False)
    assert loaded.roll("ruins/ruin-features", ScriptedRng([5, 1])).text == "A clay sentinel"
