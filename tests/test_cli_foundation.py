"""The command line as a user meets it: output, JSON, exit codes, one-line errors."""

import re


def test_roll_same_seed_same_output_across_processes(solo_process):
    a = solo_process("roll", "4d6kh3+2", "-n", "3", "--seed", "11")
    b = solo_process("roll", "4d6kh3+2", "-n", "3", "--seed", "11")
    assert a.code == 0 and a.out == b.out and a.err == ""
    assert len(a.out.strip().splitlines()) == 3


def test_seed_may_come_before_the_command(cli):
    assert cli("--seed", "5", "roll", "3d6").out == cli("roll", "3d6", "--seed", "5").out


def test_roll_json_has_total_and_dice(cli):
    result = cli("roll", "2d6", "+", "3", "--seed", "1", "--json")
    (data,) = result.json["items"]
    assert result.code == 0
    assert data["expression"] == "2d6+3"
    assert data["total"] == sum(d["value"] for d in data["dice"]) + 3
    assert [d["sides"] for d in data["dice"]] == [6, 6]


def test_odds_bound_and_distribution(cli):
    bound = cli("odds", "2d6", "--at-least", "7")
    assert bound.out.strip() == "P(2d6 >= 7) = 7/12 = 58.33%"
    data = cli("odds", "d4", "--at-most", "2", "--json").json
    assert data["probability"] == 0.5 and data["exact"] == "1/2"
    table = cli("odds", "2d6").out.splitlines()
    assert table[0] == "2d6: mean 7.00, range 2..12"
    assert table[2].split() == ["2", "2.78%", "100%", "2.78%"]
    full = cli("odds", "d66", "--json").json
    assert len(full["distribution"]) == 36


def test_errors_are_one_line_and_non_zero(cli):
    bad = cli("roll", "2d")
    assert bad.code == 1 and bad.out == ""
    assert bad.err.count("\n") == 1 and bad.err.startswith("solo: error: bad dice expression")
    usage = cli("roll")
    assert usage.code == 2 and usage.err.count("\n") == 1
    assert cli("odds", "1000d100").err.startswith("solo: error: exact odds would take too long")
    assert cli("table", "roll", "nope").code == 1
    assert cli("roll", "d6", "-n", "0").code == 2


def test_table_list_show_roll(cli):
    listing = cli("table", "list").out
    # the id column is as wide as the longest id, which grows as tables are added
    assert re.search(r"^weather/day +2d6 +Weather today$", listing, re.M)
    shown = cli("table", "show", "weather/day").out
    assert "      5-6  Overcast and still. Sounds carry a long way." in shown
    rolled = cli("table", "roll", "treasure/trinket", "-n", "2", "--seed", "3", "--json").json
    assert [r["table"] for r in rolled["items"]] == ["treasure/trinket"] * 2
    assert cli("table", "list", "weather", "--json").json["items"][0]["id"] == "weather/day"


def test_table_check_exit_codes(cli, tmp_path):
    assert cli("table", "check").code == 0
    good = tmp_path / "good"
    good.mkdir()
    (good / "a.yaml").write_text("id: mine/a\nrows: [x]\n")
    ok = cli("table", "check", str(good))
    assert ok.code == 0 and ok.out.strip() == "1 table(s) checked: no problems."
    (tmp_path / "bad.yaml").write_text("id: mine/b\ndice: d6\nrows:\n  - 1-3: a\n  - 3-5: b\n")
    bad = cli("table", "check", str(tmp_path / "bad.yaml"))
    assert bad.code == 2
    lines = bad.out.splitlines()
    assert lines[0].endswith("bad.yaml:5: table mine/b: row 2 (3-5) overlaps row 1 at 3")
    assert lines[1].endswith("bad.yaml:3: table mine/b: no row for 6 on d6")
    assert lines[-1] == "2 problem(s); 0 table(s) are fine."
    data = cli("table", "check", str(tmp_path / "bad.yaml"), "--json").json
    assert data["valid"] is False and len(data["problems"]) == 2


def test_checking_part_of_the_builtin_tables_is_not_an_override(cli):
    from solo.locations import builtin_tables_dir

    result = cli("table", "check", str(builtin_tables_dir() / "starter"))
    assert result.code == 0
    assert "replace built-in" not in result.out
    assert result.out.strip().endswith("checked: no problems.")


def test_broken_user_tables_warn_but_commands_still_work(cli, tmp_path):
    (tmp_path / "broken.yaml").write_text("id: mine/x\ndice: d6\nrows: [a]\n")
    result = cli("--tables", str(tmp_path), "table", "roll", "weather/wind", "--seed", "1")
    assert result.code == 0 and result.out.startswith("Wind (d6:")
    assert "solo: warning: skipped a broken table:" in result.err
    assert "broken.yaml:3: table mine/x" in result.err


def test_user_tables_override_through_the_environment(solo_process, tmp_path):
    (tmp_path / "wind.yaml").write_text("id: weather/wind\ntitle: Wind\nrows: [no wind at all]\n")
    result = solo_process("table", "roll", "weather/wind", env={"SOLO_TABLES": str(tmp_path)})
    assert result.out.strip() == "Wind: no wind at all"


def test_no_arguments_prints_help(cli):
    result = cli()
    assert result.code == 0


def test_module_entry_point(solo_process):
    result = solo_process("--version")
    assert result.code == 0 and result.out.startswith("solo ")


def test_json_output_of_every_foundation_command(cli):
    (rolled,) = cli("roll", "d6", "--json", "--seed", "1").json["items"]
    assert set(rolled) >= {"expression", "total", "dice"} and 1 <= rolled["total"] <= 6
    odds = cli("odds", "d6", "--json").json
    assert [d["exact"] for d in odds["distribution"]] == ["1/6"] * 6
    listing = cli("table", "list", "--json").json
    assert {"id", "title", "kind", "dice"} <= set(listing["items"][0])
    shown = cli("table", "show", "names/place", "--json").json
    assert shown["kind"] == "grammar" and "origin" in shown["grammar"]
    place = cli("table", "roll", "names/place", "--json", "--seed", "1").json["items"][0]
    assert place["table"] == "names/place" and place["text"]
    assert cli("table", "check", "--json").json["valid"] is True
