"""An action-dice campaign through the command line: a fight kept on the stack, moves, hidden damage."""

from __future__ import annotations

from solo.campaign import CampaignStore


def test_a_campaign_fight_keeps_damage_hidden_from_the_journal_and_on_the_sheet(cli, saves_dir):
    assert cli("new", "Warren", "--system", "action-dice", "--seed", "5").code == 0
    for name, role in (("Georgia", "fighter"), ("Pell", "rogue")):
        made = cli("character", "new", "--campaign", "warren", "--random", "--name", name, "--role", role)
        assert made.code == 0
    result = cli(
        "encounter",
        "--campaign",
        "warren",
        "--pc",
        "Georgia",
        "--pc",
        "Pell",
        "--foe",
        "goblin",
        "--foe",
        "goblin",
        "--foe",
        "goblin",
        "--foe",
        "goblin-boss",
        "--auto",
    )
    assert result.code == 0
    assert "Stacked #1:" in result.out and "Resolving #1:" in result.out
    campaign = CampaignStore(saves_dir).load("warren")
    sheets = {c.name: c.sheet for c in campaign.characters}
    wounded = [s for s in sheets.values() if s["wounds"]]
    assert wounded and all(len(s["hidden_damage"]) == s["wounds"] for s in wounded)
    journal = "\n".join(e.text for e in campaign.journal)
    assert f"wounded x{wounded[0]['wounds']}" in journal
    wound_lines = [line for line in journal.splitlines() if " wound (" in line or " wounds (" in line]
    assert wound_lines and all(line.endswith(f"wounded x{line.rsplit('x', 1)[1]}") for line in wound_lines)


def test_bad_input_to_an_action_dice_move_is_one_line_and_saves_nothing(cli, saves_dir):
    assert cli("new", "Warren", "--system", "action-dice", "--seed", "5").code == 0
    made = cli("character", "new", "--campaign", "warren", "--random", "--name", "Pell", "--role", "rogue")
    assert made.code == 0
    before = (saves_dir / "warren.json").read_bytes()
    result = cli("move", "level", "--campaign", "warren", "--pc", "Pell", "--power", "riposte")
    assert result.code == 1 and result.err.count("\n") == 1
    assert "costs 450 to spend on luxury; Pell has" in result.err
    assert (saves_dir / "warren.json").read_bytes() == before
    watch = cli(
        "move", "watch", "--campaign", "warren", "--pc", "Pell", "--fatigue", "7", "--dungeon-level", "2"
    )
    assert watch.code == 0 and "difficulty 3, requirement 7" in watch.out


def test_the_watch_answers_the_oracle_in_an_action_dice_campaign_and_undo_takes_it_back(cli, saves_dir):
    """DL-9 as the oracle's random-encounter check: dungeon level 2, the others' fatigue 7."""
    assert cli("new", "Deep", "--system", "action-dice", "--seed", "3").code == 0
    for name, role in (("Georgia", "fighter"), ("Pell", "rogue")):
        made = cli("character", "new", "--campaign", "deep", "--random", "--name", name, "--role", role)
        assert made.code == 0
    before = CampaignStore(saves_dir).load("deep").character("Pell").sheet["fatigue"]
    asked = cli(
        "ask",
        "Is the camp ambushed?",
        "--oracle",
        "watch",
        "--with",
        "fatigue=7",
        "--with",
        "dungeon_level=2",
        "-c",
        "deep",
        "--character",
        "Pell",
    )
    assert asked.code == 0, asked.err
    lines = asked.out.strip().splitlines()
    assert lines[:3] == [
        "Asked: Is the camp ambushed?",
        "Keep watch (Pell):",
        f"Pell keeps watch (a fatigue: {before + 1}/6); difficulty 3, requirement 7.",
    ]
    assert lines[3].startswith("Progress roll ") and lines[3].endswith(" vs 3: progress.")
    assert lines[4] == "Completion: [6] = 6 against 7 (0 to pass): ambush!"  # one die cannot reach 7
    campaign = CampaignStore(saves_dir).load("deep")
    entry = campaign.journal[-1]
    assert (entry.kind, entry.data["oracle"], entry.data["question"]) == (
        "oracle",
        "watch",
        "Is the camp ambushed?",
    )
    assert entry.data["options"] == {"fatigue": 7, "dungeon_level": 2}
    assert campaign.character("Pell").sheet["fatigue"] == before + 1
    assert cli("undo", "-c", "deep").code == 0
    campaign = CampaignStore(saves_dir).load("deep")
    assert campaign.character("Pell").sheet["fatigue"] == before
    assert all(e.kind != "oracle" for e in campaign.journal)
