"""The rules commands as a user runs them: odds, characters, checks, encounters, forecasts."""

from __future__ import annotations

import builtins
import json
import sys

import pytest


def test_odds_nine_powers_reproduces_the_design_note(cli):
    printed = {1: "75 50 25", 2: "88 67 38", 3: "92 75 45", 4: "95 80 51"}
    for rating, row in printed.items():
        got = []
        for difficulty in ("easy", "medium", "tough"):
            result = cli("odds", "nine-powers", "--rating", rating, "--difficulty", difficulty, "--json")
            assert result.code == 0
            got.append(str(round(result.json["success"] * 100 + 1e-9)))
        assert " ".join(got) == row


def test_odds_nine_powers_text_and_json(cli):
    result = cli("odds", "nine-powers", "--rating", "2", "--difficulty", "medium")
    assert result.out.splitlines()[0] == "Nine Powers: rating 2 (d4 d6) at medium: success 66.7% (2/3)"
    data = cli(
        "odds", "nine-powers", "--rating", "4", "--difficulty", "easy", "--bonus", "small", "--json"
    ).json
    assert data["pool"] == ["d4", "d6", "d8", "d10", "d12"] and data["success_exact"] == "491/512"
    assert set(data["degrees"]) == {"fail", "cost", "success", "strong"}


def test_odds_resistance(cli):
    data = cli("odds", "resistance", "--skill", "--domain", "--mastery", "--json").json
    assert data["pool"] == 4 and data["success_exact"] == "15/16"
    assert data["bands"]["critical_success"]["exact"] == "3439/10000"
    data = cli("odds", "resistance", "--difficulty", "2", "--json").json
    assert (data["dice"], data["downgrades"]) == (1, 1)
    assert data["bands"]["critical_failure"]["exact"] == "1/2"


def test_plain_dice_odds_are_untouched(cli):
    result = cli("odds", "2d6", "--at-least", "7")
    assert result.code == 0 and result.out.strip() == "P(2d6 >= 7) = 7/12 = 58.33%"
    assert cli("odds", "3d6").out.splitlines()[0].startswith("3d6: mean 10.50")


@pytest.mark.parametrize(
    "args, code, message",
    [
        (("odds", "2d6", "--rating", "3"), 2, "--rating is for rules-system odds"),
        (("odds", "nine-powers", "--skill"), 2, "--skill is not for Nine Powers odds; they take --rating"),
        (("odds", "nine-powers", "--difficulty", "tough"), 1, "need a rating"),
        (("odds", "nine-powers", "--rating", "2", "--difficulty", "heroic"), 1, "easy, medium or tough"),
        (("odds", "resistance", "--difficulty", "9"), 1, "runs 0 (standard) to 2"),
        (("odds", "resistance", "--assist", "100"), 2, "option --assist is at most 5, not 100"),
        (
            ("character", "new", "dnd", "--random"),
            1,
            "no rules system called 'dnd'; known: nine-powers, resistance, rogue-spire, action-dice, masque",
        ),
        (("character", "npc", "nine-powers", "dragon"), 1, "no Nine Powers NPC called 'dragon'"),
        (("encounter", "resistance", "--pc", "random", "--foe", "dragon", "--auto"), 1, "no Resistance NPC"),
        (("forecast", "nine-powers", "--pc", "random", "--foe", "bandit", "-n", "0"), 2, "-n must be 1 to"),
        (("character",), 2, "solo character new|list|show|npc"),
    ],
)
def test_bad_input_is_one_clear_line(cli, args, code, message):
    result = cli(*args)
    assert result.code == code
    assert result.err.startswith("solo: error: ") and message in result.err
    assert "Traceback" not in result.err


def test_character_new_random_saves_and_shows(cli, tmp_path):
    path = tmp_path / "hero.json"
    result = cli("character", "new", "nine-powers", "--random", "--seed", "7", "--name", "Ada", "--out", path)
    assert result.code == 0 and result.out.startswith("Ada - Nine Powers PC")
    saved = json.loads(path.read_text())
    assert saved["system"] == "nine-powers" and saved["name"] == "Ada" and sum(saved["skills"].values()) == 30
    again = cli("character", "new", "nine-powers", "--random", "--seed", "7", "--name", "Ada", "--json").json
    assert again == saved  # same seed, same character
    shown = cli("character", "show", path)
    assert shown.code == 0 and shown.out == result.out.replace(f"\n(saved to {path})", "")


def test_character_show_refuses_broken_files(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = cli("character", "show", bad)
    assert result.code == 1 and "is not valid JSON (line 1" in result.err
    bad.write_text(json.dumps({"system": "nine-powers", "name": "X", "stamina": 9}))
    result = cli("character", "show", bad)
    assert result.code == 1 and "stamina 9 is above its maximum" in result.err
    assert cli("character", "show", tmp_path / "missing.json").code == 1


def test_guided_creation_needs_a_terminal(cli):
    result = cli("character", "new", "nine-powers")
    assert result.code == 2 and "use --random" in result.err


def test_guided_creation_at_a_terminal(cli, monkeypatch, tmp_path):
    answers = iter(
        ["Tamsin", "a tinkerer"]
        + ["why not", "14"] * 3
        + [
            x
            for s in ["Perception"] * 3 + ["Climb"] * 3 + ["Stealth"] * 3 + ["Lore"] * 3
            for x in ("an answer", s)
        ]
        + ["2", "none", "sling"]
    )
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    path = tmp_path / "tamsin.json"
    result = cli("character", "new", "nine-powers", "--out", path)
    assert result.code == 0, result.err
    tamsin = json.loads(path.read_text())
    assert tamsin["skills"]["machinery"] == 4 and tamsin["skills"]["perception-escape"] == 4
    assert tamsin["armor_worn"] == "gambeson" and "armour" not in tamsin and tamsin["weapon"] == "sling"


def test_npc_listing(cli):
    result = cli("character", "npc", "resistance")
    assert "goblin" in result.out and "werewolf-full-moon" in result.out
    data = cli("character", "npc", "resistance", "police-officer", "--json").json
    assert data["resistance"] == 6 and (data["armour_value"], data["armour"]) == (1, "stab vest")


def test_check_with_a_saved_character_updates_it(cli, tmp_path):
    path = tmp_path / "rt.json"
    cli("character", "new", "resistance", "--random", "--seed", "3", "--role", "knight", "--out", path)
    result = cli(
        "check",
        "resistance",
        "--pc",
        path,
        "--approach",
        "force",
        "--difficulty",
        "easy",
        "--seed",
        "1",
        "--json",
    )
    assert result.code == 0 and result.json["skill"] == "fight" and result.json["detail"]["pool"] == 2
    assert result.json["degree"] in ("fail", "cost", "success", "strong")


def test_encounter_auto_json(cli, tmp_path):
    result = cli(
        "encounter",
        "nine-powers",
        "--pc",
        "random",
        "--foe",
        "bandit",
        "--foe",
        "goblin",
        "--auto",
        "--seed",
        "12",
        "--json",
    )
    assert result.code == 0
    data = result.json
    assert data["winner"] in ("party", "foes", None) and data["rounds"] >= 1 and data["over"]
    assert data["events"][-1]["kind"] == "recover"
    assert [m["name"] for m in data["sides"]["foes"]] == ["Bandit", "Goblin"]
    again = cli(
        "encounter",
        "nine-powers",
        "--pc",
        "random",
        "--foe",
        "bandit",
        "--foe",
        "goblin",
        "--auto",
        "--seed",
        "12",
        "--json",
    ).json
    assert again == data


def test_encounter_auto_text_and_update(cli, tmp_path):
    path = tmp_path / "knight.json"
    cli("character", "new", "resistance", "--random", "--seed", "2", "--role", "knight", "--out", path)
    result = cli(
        "encounter",
        "resistance",
        "--pc",
        path,
        "--foe",
        "werewolf-full-moon",
        "--auto",
        "--seed",
        "4",
        "--update",
    )
    assert result.code == 0 and result.out.startswith("-- round 1 --")
    assert result.out.splitlines()[-1].startswith("Result: ")
    after = json.loads(path.read_text())
    assert sum(after["stress"].values()) + len(after["fallout"]) > 0  # the werewolf left its mark


def test_encounter_without_auto_needs_a_terminal(cli):
    result = cli("encounter", "nine-powers", "--pc", "random", "--foe", "bandit")
    assert result.code == 2 and "add --auto" in result.err


def test_encounter_interactive_menu(cli, monkeypatch):
    replies = iter(["1", "medium"] * 50)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(replies))
    result = cli("encounter", "nine-powers", "--pc", "random", "--foe", "giant-rat", "--seed", "3")
    assert result.code == 0, result.err
    # The menu offers the moves (a d4 and a d6: 2/3 at medium), then how hard, each with its exact odds;
    # choice 1 at medium is what the PC then intends each round.
    assert "Ulric, what do you do?\n   1. Melee/Protect 2: attack Giant Rat  66.7%\n" in result.out
    assert "  how hard?\n   1. easy  87.5%\n   2. medium  66.7%\n   3. tough  37.5%\n" in result.out
    rounds = result.out.count("-- round ")
    assert result.out.count("Ulric intends to Melee/Protect 2: attack Giant Rat, medium.") == rounds
    assert result.out.rstrip().endswith("Result: the party wins.")


def test_forecast_json_and_text(cli):
    data = cli(
        "forecast",
        "resistance",
        "--pc",
        "random",
        "--foe",
        "goblin",
        "--foe",
        "goblin",
        "-n",
        "300",
        "--seed",
        "5",
        "--json",
    ).json
    assert data["runs"] == 300 and abs(data["win"] + data["draw"] + data["loss"] - 1) < 1e-9
    assert data["foes"] == ["Goblin", "Goblin"] and "stress" in data["average_harm"]
    text = cli("forecast", "nine-powers", "--pc", "random", "--foe", "zombie", "-n", "200", "--seed", "5").out
    assert "200 fights" in text and "win " in text and "the party takes on average" in text


def test_as_a_real_process(solo_process, tmp_path):
    result = solo_process("odds", "nine-powers", "--rating", "3", "--difficulty", "tough")
    assert result.code == 0 and "success 45.3% (29/64)" in result.out
    path = tmp_path / "pc.json"
    made = solo_process("character", "new", "resistance", "--random", "--seed", "1", "--out", path)
    assert made.code == 0 and path.exists()
    fight = solo_process(
        "forecast",
        "resistance",
        "--pc",
        path,
        "--foe",
        "goblin",
        "--foe",
        "goblin",
        "-n",
        "500",
        "--seed",
        "2",
        "--json",
    )
    assert fight.code == 0 and fight.json["runs"] == 500


def test_bare_odds_nine_powers_prints_the_design_note_table(cli):
    assert cli("odds", "nine-powers").out.splitlines() == [
        "Nine Powers: chance of success by skill rating and difficulty",
        "",
        "                      difficulty",
        "rating                easy           medium         tough",
        "1       d4            75% (3/4)      50% (1/2)      25% (1/4)",
        "2       d4 d6         88% (7/8)      67% (2/3)      38% (3/8)",
        "3       d4 d6 d8      92% (59/64)    75% (3/4)      45% (29/64)",
        "4       d4 d6 d8 d10  95% (121/128)  80% (4/5)      51% (65/128)",
        "",
        "Exact odds; for one check give its options (solo odds SYSTEM --help).",
    ]
    rows = cli("odds", "nine-powers", "--json").json["rows"]
    assert [(r["rating"], [r["cells"][d]["success_exact"] for d in ("easy", "medium", "tough")])
            for r in rows] == [(1, ["3/4", "1/2", "1/4"]), (2, ["7/8", "2/3", "3/8"]),
                               (3, ["59/64", "3/4", "29/64"]), (4, ["121/128", "4/5", "65/128"])]


def test_bare_odds_resistance_prints_pools_against_difficulty(cli):
    out = cli("odds", "resistance").out.splitlines()
    assert out[0] == ("The Resistance Toolbox: chance of 6 or more (a success, perhaps at a cost) by pool"
                      " and difficulty")
    assert out[3:7] == [
        "pool            0            1            2",
        "1       1 d10   50% (1/2)    50% (1/2)    30% (3/10)",  # a pool driven to 0 rolls with no drop
        "2       2 d10s  75% (3/4)    50% (1/2)    50% (1/2)",
        "3       3 d10s  88% (7/8)    75% (3/4)    50% (1/2)",
    ]
    rows = cli("odds", "resistance", "--json").json["rows"]
    assert [r["pool"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[0]["cells"]["2"]["downgrades"] == 1 and rows[5]["cells"]["0"]["success_exact"] == "63/64"
