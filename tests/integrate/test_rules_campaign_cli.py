"""`--campaign` on `solo character new`, `solo check` and `solo encounter`."""

import builtins
import sys

import pytest

from solo.campaign import CampaignStore
from solo.dice import Rng
from solo.rules import registry

NP = registry.get("nine-powers")


@pytest.fixture
def road(cli):
    assert cli("new", "Salt Road", "--system", "nine-powers", "--seed", "12").code == 0
    made = cli("character", "new", "--campaign", "salt-road", "--random", "--name", "Mira")
    assert made.code == 0, made.err
    return "salt-road"


def test_a_random_pc_joins_the_campaign_and_its_sheet_is_shown(road, cli, saves_dir):
    campaign = CampaignStore(saves_dir).load(road)
    expected = NP.random_character(Rng(12), name="Mira")
    assert campaign.character("Mira").sheet == expected.to_dict()
    shown = cli("character", "new", "nine-powers", "--campaign", road, "--random", "--name", "Kell",
                "--npc")
    assert shown.out.splitlines()[0].startswith("New NPC: Kell, ")
    assert shown.out.splitlines()[1].startswith("Kell - Nine Powers NPC")  # the stat block follows
    assert [(c.name, c.role) for c in CampaignStore(saves_dir).load(road).characters] == [
        ("Mira", "pc"), ("Kell", "npc")]


def test_a_check_in_the_campaign_uses_its_only_pc_and_its_dice(road, cli, saves_dir):
    result = cli("check", "--campaign", road, "--approach", "wits")
    assert result.out == ("Mira: Perception/Escape medium [d4:2 d6:1 d8:4] succeeds strongly"
                          " (chance of success 75%)\n")
    data = cli("check", "--campaign", road, "--pc", "Mira", "--skill", "shoot-throw", "--difficulty", "hard",
               "--json").json
    assert (data["campaign"], data["entries"][0]["data"]["odds"]["success_exact"]) == ("Salt Road", "29/64")
    journal = CampaignStore(saves_dir).load(road).journal
    assert [e.kind for e in journal] == ["character", "check", "check"]
    assert cli("undo", "-c", road).code == 0
    assert len(CampaignStore(saves_dir).load(road).journal) == 2


@pytest.mark.parametrize(("args", "code", "message"), [
    (("check", "resistance", "--campaign", "salt-road", "--approach", "force"), 2,
     "campaign 'Salt Road' plays nine-powers, not resistance; leave SYSTEM out or name the campaign's"),
    (("check", "--campaign", "salt-road", "--approach", "force", "--update"), 2,
     "--update writes a character"),
    (("check", "--campaign", "salt-road", "--approach", "charm"), 1, "approach must be one of"),
    (("check", "--approach", "force"), 2, "give --pc FILE (or random), or play in a campaign"),
    (("character", "new", "nine-powers", "--random", "--npc"), 2, "--npc adds the character to a campaign"),
    (("encounter", "--campaign", "salt-road", "--act", "1"), 2, "no encounter is running in 'Salt Road'"),
    (("encounter", "--campaign", "salt-road", "--foe", "dragon"), 1, "'dragon' is neither an NPC of this"),
    (("encounter", "nine-powers", "--act", "1"), 2, "--act and --end play an encounter kept in a campaign"),
    (("encounter", "--pc", "random", "--foe", "goblin"), 2, "say which rules system"),
    (("check", "--campaign", "salt-road", "--approach", "wits", "--seed", "3"), 2,
     "--seed cannot be used with --campaign"),
])
def test_bad_input_is_one_clear_line(road, cli, args, code, message):
    result = cli(*args)
    assert (result.code, result.out) == (code, "")
    assert result.err.startswith("solo: error: ") and message in result.err


def test_a_campaign_without_a_system_or_a_pc_says_what_to_do(cli):
    cli("new", "Plain")
    assert "'Plain' plays no rule system yet" in cli("check", "--campaign", "plain", "--approach", "wits").err
    cli("new", "Empty", "--system", "resistance")
    result = cli("check", "--campaign", "empty", "--approach", "wits")
    assert result.err == ("solo: error: 'Empty' has no player character with a The Resistance Toolbox sheet"
                          " yet: make one with `solo character new --campaign empty --random`\n")


def test_an_encounter_played_one_command_at_a_time(road, cli, saves_dir):
    started = cli("encounter", "--campaign", road, "--foe", "goblin", "--foe", "goblin")
    lines = started.out.splitlines()
    assert lines[:7] == [
        "An encounter begins (Nine Powers, physical contest): Mira against Goblin 1, Goblin 2.",
        "Round 1.",
        "  Mira (party): fighting",
        "  Goblin 1 (foes): fighting",
        "  Goblin 2 (foes): fighting",
        "Mira's move (each with the chance its roll succeeds):",
        "  Mira, what do you do? (--act N)",
    ]
    # Moves only, never every target and difficulty: Mira's throwing knives go with her Shoot/Throw 3
    # (75 % at medium), listed first; her Melee/Protect is 2 (d4 d6: 66.7 %).
    assert lines[7:9] == ["    1. Shoot/Throw 3: attack  75%", "    2. Melee/Protect 2: attack  66.7%"]
    assert lines[-2] == "   15. wait and watch"
    assert len(lines) == 7 + 15 + 1
    assert lines[-1].startswith("Continue with `solo encounter --campaign salt-road --act N`")

    # Choosing a move lists its targets, then how hard, each with its chance; nothing is made yet.
    targets = cli("encounter", "--campaign", road, "--act", "1").out.splitlines()
    assert targets[5:8] == ["  whom? (--act 1/N)", "    1. Goblin 1  75%", "    2. Goblin 2  75%"]
    hard = cli("encounter", "--campaign", road, "--act", "1/goblin-1").out.splitlines()
    assert hard[5:9] == ["  how hard? (--act 1/1/N)", "    1. easy  92.2%", "    2. medium  75%",
                          "    3. tough  45.3%"]
    assert "encounter" not in CampaignStore(saves_dir).load(road).extra["rules"] or not (
        CampaignStore(saves_dir).load(road).extra["rules"]["encounter"]["moves"])
    wrong = cli("encounter", "--campaign", road, "--act", "1/3")
    assert (wrong.code, wrong.err) == (2, "solo: error: --act 1/3: '3' is not one of the 2 answers to"
                                          " 'whom?' (Goblin 1, Goblin 2)\n")

    moved = cli("encounter", "--campaign", road, "--act", "1/1/medium", "--json").json
    assert moved["entries"][0]["text"].splitlines()[:2] == [
        "Round 1", "Mira intends to Shoot/Throw 3: attack Goblin 1, medium."]
    assert moved["encounter"]["round"] == 2 and moved["encounter"]["waiting"] == "Mira"

    done = cli("encounter", "--campaign", road, "--auto", "--json").json
    assert done["encounter"] is None
    assert done["result"]["result"] in ("win", "loss", "draw") and done["result"]["rounds"] >= 2
    assert done["entries"][-1]["text"].splitlines()[0].startswith(("The party wins", "The party loses"))
    mira = CampaignStore(saves_dir).load(road).character("Mira").sheet
    assert mira["fortitude"] == mira["fortitude_max"]  # buffers refilled after the contest


def test_the_menu_at_a_terminal_drives_the_encounter(road, cli, monkeypatch, saves_dir):
    replies = iter(["1", "goblin 1", "medium", "q"])  # Shoot/Throw at Goblin 1, medium; then stop for now
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(replies))
    result = cli("encounter", "--campaign", road, "--foe", "goblin", "--foe", "goblin")
    assert result.code == 0, result.err
    assert "Mira intends to Shoot/Throw 3: attack Goblin 1, medium." in result.out
    # In steps, each with its chance: the move (at medium), whom, how hard.
    assert "carry on later)\n   1. Shoot/Throw 3: attack  75%\n" in result.out
    assert "  whom?\n   1. Goblin 1  75%\n   2. Goblin 2  75%\n" in result.out
    assert "  how hard?\n   1. easy  92.2%\n   2. medium  75%\n   3. tough  45.3%\n" in result.out
    assert result.out.rstrip().splitlines()[-1].startswith("Continue with `solo encounter")
    kept = CampaignStore(saves_dir).load(road).extra["rules"]["encounter"]
    assert kept["moves"] == [{"actor": "Mira", "kind": "attack", "target": "Goblin 1", "skill": "shoot-throw",
                              "difficulty": "medium"}]


def test_separate_processes_share_the_running_encounter(solo_process, saves_dir):
    env = {"SOLO_SAVES": str(saves_dir)}
    assert solo_process("new", "Ford", "--system", "resistance", "--seed", "4", env=env).code == 0
    made = solo_process("character", "new", "--campaign", "ford", "--random", "--name", "Ash", env=env)
    assert made.code == 0
    started = solo_process("encounter", "--campaign", "ford", "--foe", "goblin", "--foe", "goblin", env=env)
    assert started.code == 0, started.err
    moved = solo_process("encounter", "--campaign", "ford", "--act", "#1", env=env)
    assert moved.out.splitlines()[:4] == [
        "Round 1",
        "Ash rolls to attack Goblin 1 with flanged mace: pool 2 at difficulty 0 [5, 10] - critical success.",
        "Goblin 1 takes 5 stress from Ash's flanged mace (d6 +1 for tens): 5/3.",
        "Goblin 1 is at the characters' mercy.",
    ]
    ended = solo_process("encounter", "--campaign", "ford", "--end", "retreat", env=env)
    assert ended.out.splitlines() == [
        "The fight ends: the party falls back.", "It ends in a retreat after 2 rounds.",
        "Ash: fell back; it cost nothing."]
    assert solo_process("replay", "ford", env=env).code == 0


def test_a_journey_in_a_campaign_with_a_system_is_settled_by_the_engine(cli, saves_dir):
    assert cli("new", "Ridge Road", "--system", "nine-powers", "--seed", "6").code == 0
    assert cli("character", "new", "--campaign", "ridge-road", "--random", "--name", "Mira").code == 0
    road = "ridge-road"
    data = cli("journey", "--campaign", road, "--json").json
    assert data["waiting"] is False
    kinds = [e["kind"] for e in data["entries"]]
    assert kinds == ["journey", "recovery", "countdown", "check", "journey", "edge"]
    assert [e["text"] for e in data["entries"][3:]] == [
        "Mira: Perception/Escape easy [d4:3 d6:6 d8:2] succeeds strongly (chance of success 92.2%)",
        "Success (Mira, wits): The stars confirm your heading, and you set off early and sure."
        " [a small bonus on the next check]",
        "From the journey: the next check gets a small bonus.",
    ]
    # The bonus is spent on the next check: Shoot/Throw 4 rolls four dice, and a d12 for the bonus.
    text = cli("journey", "--campaign", road, "--town").out.splitlines()
    assert text[3:5] == [
        "A small bonus on this check, from the journey.",
        "Mira: Shoot/Throw tough [d4:3 d6:4 d8:2 d10:4 d12:12] fails (chance of success 54.9%)",
    ]
    assert not any("The check waits" in line for line in text)
    reported = cli("journey", "--campaign", road, "--result", "failure").out.splitlines()
    # a lightning storm on a bare ridge costs a bit (one point), as every journey event does
    assert reported[1] == "Mira loses 1 (minor mind harm): resilience 3 → 2."
    assert reported[-2:] == [
        "Failure: A strike close enough to smell leaves ears ringing and hands shaking. [minor harm to body]",
        "Mira loses 1 (minor body harm): fortitude 3 → 2."]


def test_guided_creation_at_a_terminal_ends_in_the_campaign(road, cli, monkeypatch, saves_dir):
    answers = iter(
        ["Tamsin", "a tinkerer"] + ["why not", "14"] * 3
        + [x for s in ["Perception"] * 3 + ["Climb"] * 3 + ["Stealth"] * 3 + ["Lore"] * 3
           for x in ("an answer", s)]
        + ["2", "none", "sling"])
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    result = cli("character", "new", "--campaign", road)
    assert result.code == 0, result.err
    lines = result.out.splitlines()  # the questions come first
    shown = lines.index("New player character: Tamsin.")
    assert lines[shown + 1] == "Tamsin - Nine Powers PC: a tinkerer"
    tamsin = CampaignStore(saves_dir).load(road).character("Tamsin")
    assert tamsin.role == "pc" and tamsin.sheet["weapon"] == "sling"
    assert tamsin.sheet["skills"]["perception-escape"] == 4
