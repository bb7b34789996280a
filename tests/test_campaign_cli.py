"""The campaign commands as a player types them, and --campaign on the rolling commands."""

from __future__ import annotations

import io
import json
import sys

import pytest

from solo.campaign import CampaignStore
from solo.dice import Rng, roll


def test_new_note_roll_and_show(cli, saves_dir):
    result = cli("new", "The Salt Road", "--system", "nine-powers", "--seed", "7")
    assert result.code == 0, result.err
    assert result.out == (f"Started 'The Salt Road' (nine-powers, seed 7), saved in"
                          f" {saves_dir / 'the-salt-road.json'}.\n"
                          "Write in it with `solo note -c the-salt-road \"...\"`.\n")
    assert cli("note", "-c", "the salt road", "We", "leave", "at dawn.").out == (
        "Noted in 'The Salt Road' (entry 1).\n")
    assert cli("roll", "2d6", "--campaign", "The Salt Road").out == "2d6 [3, 2] = 5\n"
    assert cli("roll", "2d6", "-n", "2", "--campaign", "the-salt-road").out == (
        "2d6 [4, 6] = 10\n2d6 [1, 1] = 2\n")
    shown = cli("show", "the-salt-road")
    begun = CampaignStore(saves_dir).load("the-salt-road").created[:10]
    assert shown.out.splitlines() == [
        "The Salt Road  (the-salt-road)",
        f"nine-powers · seed 7 · begun {begun} · {saves_dir / 'the-salt-road.json'}",
        "scene 0 · chaos factor 5 · complication marks 0 · clues held 0",
        "journal: 4 entries, 3 can be undone",
        "entries:",
        "  [0] note: We leave at dawn.",
        "  [0] roll: 2d6 [3, 2] = 5",
        "  [0] roll: 2d6 [4, 6] = 10",
        "  [0] roll: 2d6 [1, 1] = 2",
    ]
    data = cli("show", "the-salt-road", "--json").json
    assert [e["text"] for e in data["journal"]][:2] == ["We leave at dawn.", "2d6 [3, 2] = 5"]
    assert data["state"]["rng"]["seed"] == 7 and data["undo_steps"] == 3
    assert [a["name"] for a in data["actions"]] == ["note", "roll", "roll"]


def test_the_campaigns_dice_continue_across_processes(solo_process, saves_dir):
    assert solo_process("new", "Far", "--seed", "41").code == 0
    (first,) = solo_process("roll", "d20", "--campaign", "far", "--json").json["items"]
    (second,) = solo_process("roll", "d20", "--campaign", "far", "--json").json["items"]
    twin = Rng(41)
    assert [first["total"], second["total"]] == [roll("d20", twin).total, roll("d20", twin).total]
    undone = solo_process("undo", "-c", "far")
    assert undone.code == 0
    first_line = undone.out.splitlines()[0]
    assert first_line.startswith("Undid the move of ") and first_line.endswith(": removed 1 entry:")
    assert undone.out.splitlines()[1:] == [f"  roll: d20: {second['total']}", "1 more can be undone."]
    redone = solo_process("redo", "-c", "far")
    assert redone.out.splitlines() == ["Redid the move: put back 1 entry:",
                                       f"  roll: d20: {second['total']}", "Nothing more can be redone."]
    assert solo_process("undo", "-c", "far").code == 0
    (again,) = solo_process("roll", "d20", "--campaign", "far", "--json").json["items"]
    assert again == second  # the RNG went back with the undo
    refused = solo_process("redo", "-c", "far")  # a new move ends what redo can bring back
    assert refused.code != 0 and "nothing to redo in 'Far'" in refused.err


def test_without_campaign_nothing_is_recorded(cli, saves_dir):
    assert cli("roll", "2d6", "--seed", "1").out == "2d6 [2, 5] = 7\n"
    assert cli("table", "roll", "weather/wind", "--seed", "3", "--json").json["items"][0]["table"] == (
        "weather/wind")
    assert list(saves_dir.iterdir()) == []


def test_table_roll_with_campaign_is_journaled(cli, saves_dir):
    cli("new", "Weather Watch", "--seed", "5")
    result = cli("table", "roll", "weather/wind", "-n", "2", "--campaign", "weather-watch", "--json")
    assert result.code == 0, result.err
    rolls = result.json["items"]
    journal = CampaignStore(saves_dir).load("weather watch").journal
    assert [e.data for e in journal] == rolls
    assert [e.kind for e in journal] == ["table", "table"]
    assert journal[0].text == f"Wind (d6: {rolls[0]['dice']['total']}): {rolls[0]['text']}"


def test_seed_and_campaign_together_are_refused(cli):
    cli("new", "Seeded", "--seed", "5")
    result = cli("roll", "d6", "--campaign", "seeded", "--seed", "9")
    assert result.code == 2
    assert result.err == ("solo: error: --seed cannot be used with --campaign: a campaign rolls its own"
                          " dice (their seed was set by `solo new`)\n")


def test_saves_option_chooses_the_directory(cli, tmp_path, saves_dir):
    elsewhere = tmp_path / "elsewhere"
    assert cli("new", "Away", "--saves", str(elsewhere)).code == 0
    assert (elsewhere / "away.json").is_file()
    assert cli("roll", "d6", "--campaign", "away", "--saves", str(elsewhere)).code == 0
    assert cli("roll", "d6", "--campaign", "away").err.startswith("solo: error: no campaign 'away' in")
    assert list(saves_dir.iterdir()) == []


@pytest.mark.parametrize("command", [("new", "x"), ("list",), ("show", "x"), ("note", "-c", "x", "hello"),
                                     ("roll", "d6", "--campaign", "x")])
def test_a_saves_directory_that_is_a_file_is_refused_in_one_line(cli, tmp_path, command):
    a_file = tmp_path / "passwd"
    a_file.write_text("root:x:0:0\n")
    for saves, problem in ((a_file, "is a file"), (a_file / "inside", f"cannot be made: {a_file} is a file")):
        result = cli(*command, "--saves", str(saves))
        assert (result.code, result.out) == (1, "")
        assert result.err == (f"solo: error: the saves directory {saves} {problem}, not a directory;"
                              " choose another with --saves DIR (or SOLO_SAVES)\n")
    assert a_file.read_text() == "root:x:0:0\n"


def test_bad_input_gets_clear_errors(cli, saves_dir):
    assert cli("new", "x", "--system", "dnd").err == (
        "solo: error: unknown rule system 'dnd'; choose one of: nine-powers, resistance, rogue-spire,"
        " action-dice, masque (the systems the rules engine implements)\n")
    assert cli("new", "???").err == ("solo: error: the campaign name '???' has no letters or digits to"
                                     " name its save file\n")
    cli("new", "Once")
    assert cli("new", "ONCE").err == (f"solo: error: there is already a campaign called 'ONCE':"
                                      f" {saves_dir / 'once.json'}\n")
    assert cli("note", "-c", "once", " ").err == "solo: error: a note needs some text\n"
    assert cli("undo", "-c", "once").err == ("solo: error: nothing to undo in 'Once': no action is left to"
                                       " take back (solo keeps the last 30)\n")
    assert cli("roll", "2d6+banana", "--campaign", "once").code == 1
    assert cli("table", "roll", "no/such", "--campaign", "once").code == 1
    assert len(CampaignStore(saves_dir).load("once").journal) == 0


def test_path_like_names_from_the_command_line_stay_in_the_saves_dir(cli, saves_dir, tmp_path):
    assert cli("new", "../../etc/x").code == 0
    assert cli("note", "-c", "../../etc/x", "safe").code == 0
    assert sorted(p.name for p in saves_dir.iterdir()) == ["etc-x.json", "etc-x.json.bak", "etc-x.log"]
    assert not (saves_dir.parent.parent / "etc").exists()


def test_delete_asks_on_a_terminal(cli, saves_dir, monkeypatch):
    cli("new", "Doubtful")
    refused = cli("delete", "doubtful")
    assert refused.code == 2
    assert refused.err == ("solo: error: not deleting 'doubtful' without asking: pass --yes to delete"
                           " it (there is no terminal to ask on)\n")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal("n\n"))
    kept = cli("delete", "doubtful")
    assert (kept.code, kept.out) == (0, "Kept it.\n")
    assert "Delete the campaign 'doubtful'" in kept.err
    assert (saves_dir / "doubtful.json").exists()
    monkeypatch.setattr(sys, "stdin", Terminal("y\n"))
    assert cli("delete", "doubtful").code == 0
    assert not (saves_dir / "doubtful.json").exists()


def test_export_writes_markdown_or_json(cli, tmp_path):
    cli("new", "Exported", "--seed", "2")
    cli("note", "-c", "exported", "The bell rings *once*.")
    cli("roll", "d6", "--campaign", "exported")
    md = cli("export", "exported")
    assert md.code == 0
    assert "\nThe bell rings *once*.\n\n> **Roll** · d6: " in md.out
    target = tmp_path / "story.md"
    assert cli("export", "exported", "-o", str(target)).out == f"Wrote 'Exported' to {target}.\n"
    assert target.read_text(encoding="utf-8") == md.out
    data = json.loads(cli("export", "exported", "--format", "json").out)
    assert [e["kind"] for e in data["journal"]] == ["note", "roll"]
    assert "undo" not in data and "log" not in data and data["version"] == 2
