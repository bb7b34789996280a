"""Characters and encounters through the TUI: creation, sheets that follow play, the encounter screen."""

from __future__ import annotations

import pytest
from textual.widgets import Label, OptionList
from tui_harness import make_campaign, new_app, play, screen_lines

from solo.campaign import CampaignStore
from solo.dice import Rng
from solo.rules import registry
from solo.tui.screens.characters import CharactersScreen, PreviewDialog
from solo.tui.screens.choose import ChooseDialog
from solo.tui.screens.creation import CreationScreen
from solo.tui.screens.encounter import EncounterScreen, FoesDialog
from solo.tui.screens.main import MainScreen


def with_vroy(saves_dir, seed: int = 7):
    session = make_campaign(saves_dir, seed=seed)
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    session.perform("character_add", sheet=sheet)
    return session


def test_a_random_pc_is_previewed_then_added(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.press("escape", "p")
        screen = h.app.screen
        assert isinstance(screen, CharactersScreen)
        assert screen.shown.startswith("No characters yet")
        await h.press("r")
        assert isinstance(h.app.screen, PreviewDialog)
        await h.press("r")  # roll again
        await h.press("enter")
        pc = h.main.campaign.pcs[0]
        assert isinstance(h.app.screen, CharactersScreen)
        assert screen.shown.startswith(f"{pc.name} - Nine Powers PC")
        await h.press("escape")
        assert f"{pc.name}\n  Fortitude 4/4 · Resilience 4/4" in h.panel  # key resources, from the rules

    play(new_app(saves_dir), scenario)
    assert len(CampaignStore(saves_dir).load("the-salt-road").pcs) == 1


def test_guided_creation_asks_the_systems_questions(saves_dir):
    make_campaign(saves_dir)

    async def scenario(h):
        await h.press("escape", "p", "n")
        creation = h.app.screen
        assert isinstance(creation, CreationScreen)
        assert creation.title == "New character (Nine Powers)"  # not "New Nine Powers character"
        assert creation.creation.question.prompt == "What is your character called?"
        await h.type("Maud")
        await h.type("a ferrywoman who knows every current")
        await h.type("On the river, always.")  # the first background question: free text
        q = creation.creation.question
        assert q.key == "skill-1"  # then which skill that answer raises, from a list
        assert creation.query_one("#prompt").render().plain == "Which skill does that answer raise by 1?"
        await h.press("enter")
        steps = 0
        while isinstance(h.app.screen, CreationScreen) and steps < 60:  # the rest, answered directly
            q = creation.creation.question
            creation._answer(q.choices[0][0] if q.choices else "On the river.")
            steps += 1
        await h.settle()
        assert isinstance(h.app.screen, PreviewDialog) and not h.app.screen.random
        await h.press("enter")
        pc = h.main.campaign.pcs[0]
        assert (pc.name, pc.sheet["concept"]) == ("Maud", "a ferrywoman who knows every current")
        assert sum(pc.sheet["skills"].values()) == 15 + 15  # every skill at 1, one raise per answer

    play(new_app(saves_dir), scenario)


def test_characters_need_a_rule_system(saves_dir):
    make_campaign(saves_dir, system=None)

    async def scenario(h):
        await h.type("/characters")
        await h.press("r")
        assert "characters need the campaign to play a rule system" in h.errors()[-1]

    play(new_app(saves_dir), scenario)


def test_an_encounter_from_start_to_retreat(saves_dir):
    with_vroy(saves_dir)

    async def scenario(h):
        await h.press("escape", "b")
        foes = h.app.screen
        assert isinstance(foes, FoesDialog)
        await h.press("space", "down", "space", "enter")  # Mook and Watchman
        screen = h.app.screen
        assert isinstance(screen, EncounterScreen)
        # one roster, a row each, the side named on its first row; all still fighting (names in bold)
        assert screen.text.startswith("Party  Vroy     Fortitude 4/4 · ")
        assert "\nFoes   Mook     Fortitude 4/4 · " in screen.text
        assert "\n       Watchman Fortitude 4/4 · " in screen.text
        options = screen.query_one("#actions", OptionList)
        # The choice comes in steps, each with its chance: the move (at medium against the first foe:
        # a d4 and a d6, one of them 2 or under, 2/3), then whom, then how hard (d4 d6 at 3 or under: 7/8).
        assert str(screen.query_one("#asking", Label).render()) == "Vroy, what do you do?"
        assert str(options.get_option_at_index(0).prompt) == "Melee/Protect 2: attack  66.7%"
        assert options.option_count < 20  # not one row per move, foe and difficulty
        await h.press("enter")
        assert [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)] == [
            "Mook  66.7%", "Watchman  66.7%"]
        await h.press("enter")
        assert str(screen.query_one("#asking", Label).render()) == "Melee/Protect 2: attack: how hard?"
        assert [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)] == [
            "easy  87.5%", "medium  66.7%", "tough  37.5%"]
        assert options.highlighted == 1  # medium is offered first
        await h.press("up", "enter")
        round_one = h.main.campaign.journal[-1].text.splitlines()
        assert round_one[:2] == ["Round 1", "Vroy intends to Melee/Protect 2: attack Mook, easy."]
        assert "Vroy: Melee/Protect easy against Mook [d4:4 d6:5] fails." in round_one
        assert h.main.campaign.extra["rules"]["encounter"]["moves"][0]["target"] == "Mook"
        assert "Vroy: Melee/Protect easy against Mook [d4:4 d6:5] fails." in screen.query_one(
            "#fight").text  # the fight's own log on the encounter screen
        await h.press("e")
        assert isinstance(h.app.screen, ChooseDialog)  # retreat, surrender, truce or rout
        await h.press("enter")
        assert screen.sub_title == "over"
        assert h.main.campaign.journal[-1].text == ("It ends in a retreat after 2 rounds.\n"
                                                    "Vroy: fell back; it cost nothing.")
        assert screen.text == ("Party  Vroy (fell back)\n"
                               "Foes   Mook (still standing)\n"
                               "       Watchman (still standing)")
        await h.press("escape")
        assert isinstance(h.app.screen, MainScreen)
        assert "encounter is running" not in h.panel

    play(new_app(saves_dir), scenario)


def test_a_systems_board_is_shown_beside_the_sides(saves_dir, monkeypatch):
    """Shared fight state a system describes (a stack, a stage) appears on the screen, headed."""
    from solo.rules.engine import Encounter

    def board(enc):
        return [("Turn", [f"round {enc.round}"]), ("Stack (top first)", ["#2 a dodge", "#1 an attack"])]

    monkeypatch.setattr(Encounter, "board", board)
    with_vroy(saves_dir)

    async def scenario(h):
        await h.press("escape", "b", "space", "enter")
        screen = h.app.screen
        assert isinstance(screen, EncounterScreen)
        shown = screen.query_one("#board")
        assert shown.display
        # a section of one line shares its heading's line; a longer one is indented under it
        assert screen.board_text == "Turn: round 1\nStack (top first)\n  #2 a dodge\n  #1 an attack"

    play(new_app(saves_dir), scenario)


def test_leaving_an_encounter_and_coming_back(saves_dir):
    with_vroy(saves_dir)

    async def scenario(h):
        await h.type("/fight mook")
        assert isinstance(h.app.screen, EncounterScreen), h.errors()
        await h.press("escape")
        assert "An encounter is running (b)" in h.panel
        await h.press("escape", "b")  # straight back to it: no new encounter
        assert isinstance(h.app.screen, EncounterScreen)
        await h.press("enter")  # attack (the only foe: no need to ask whom)
        assert h.main.campaign.extra["rules"]["encounter"]["moves"] == []
        await h.press("escape")  # a step back: the moves again, still on the encounter screen
        assert isinstance(h.app.screen, EncounterScreen)
        await h.press("enter", "enter")  # attack, at medium
        assert len(h.main.campaign.extra["rules"]["encounter"]["moves"]) == 1
        await h.press("ctrl+z")  # undo works from the encounter screen too
        assert h.main.campaign.extra["rules"]["encounter"]["moves"] == []
        assert h.app.screen.sub_title == "round 1"
        await h.press("ctrl+z")  # and takes the fight's start back: no fighters left on the screen
        assert h.app.screen.sub_title == "over" and h.app.screen.text == ""

    play(new_app(saves_dir), scenario)


def test_the_side_panel_follows_harm_during_a_fight(saves_dir):
    with_vroy(saves_dir, seed=2)

    async def scenario(h):
        await h.type("/fight mook")
        for _ in range(4):  # four rounds: attack (the only foe), at medium
            await h.press("enter", "enter")
        pc = h.main.campaign.pcs[0]
        assert pc.sheet["fortitude"] < pc.sheet["fortitude_max"]
        assert f"Fortitude {pc.sheet['fortitude']}/4" in h.main.side.text
        assert h.app.screen.text.startswith(f"Party  Vroy Fortitude {pc.sheet['fortitude']}/4 · ")

    play(new_app(saves_dir), scenario)


def test_a_check_shows_each_approachs_odds_first(saves_dir):
    with_vroy(saves_dir)

    async def scenario(h):
        await h.press("escape", "o")
        assert isinstance(h.app.screen, ChooseDialog)  # how hard: medium is offered first
        await h.press("enter")
        approaches = h.app.screen
        assert approaches.choices[0] == ("force", "force      66.7%  (melee-protect)")  # d4 d6 at 2 or under
        await h.press("enter")
        options = h.app.screen  # the system's own check options, from its declaration; rolling comes first
        assert isinstance(options, ChooseDialog) and options.choices[0] == ("roll", "Roll  66.7%")
        assert ("bonus", "bonus: -  (one (small) or two (big) dice more)") in options.choices
        await h.press("enter")
        entry = h.main.campaign.journal[-1]
        assert entry.kind == "check" and entry.data["approach"] == "force"
        assert entry.data["difficulty"] == "medium"

    play(new_app(saves_dir), scenario)


def test_a_resistance_check_with_stress_at_stake(saves_dir):
    session = make_campaign(saves_dir, seed=4, system="resistance")
    sheet = registry.get("resistance").random_character(Rng(2), name="Ash").to_dict()
    session.perform("character_add", sheet=sheet)

    async def scenario(h):
        await h.press("escape", "o", "enter", "enter")  # medium, the first approach
        options = h.app.screen
        assert isinstance(options, ChooseDialog) and options.choices[0][0] == "roll"
        stress = [value for value, _ in options.choices].index("stress")
        await h.press(*["down"] * stress, "enter")  # the stress at stake: asked as text
        await h.type("d6")
        options = h.app.screen
        assert ("stress", "stress: d6  (the stress at stake (1, d3, d6, d8), taken on a failure or a success"
                " at a cost)") in options.choices
        await h.press("home", "enter")  # roll
        entry = h.main.campaign.journal[-1]
        # ENDURE at difficulty 1 with a pool of 2 rolls [4]: a failure, so the d6 at stake lands (3).
        assert entry.kind == "check" and entry.data["detail"]["stress"] == {
            "die": "d6", "amount": 3, "resistance": "body", "fallout": []}
        assert "Ash marks 3 BODY stress from the check (d6)" in entry.text

    play(new_app(saves_dir), scenario)


def test_harm_and_recovery_change_the_sheet_and_the_side_panel(saves_dir):
    with_vroy(saves_dir)

    async def scenario(h):
        await h.type("/harm body moderate")
        assert h.main.campaign.pcs[0].sheet["fortitude"] == 2
        assert "Fortitude 2/4" in h.main.side.text
        await h.type("/recover body moderate")
        assert h.main.campaign.pcs[0].sheet["fortitude"] == 4
        assert "Fortitude 4/4" in h.main.side.text

    play(new_app(saves_dir), scenario)


def test_the_rules_are_asked_for_resources_only_when_a_sheet_changed(saves_dir, monkeypatch):
    from solo.tui import resources

    asked: list[int] = []
    real = resources.key_resources
    monkeypatch.setattr(resources, "key_resources", lambda c: asked.append(len(c.journal)) or real(c))
    with_vroy(saves_dir)

    async def scenario(h):
        start = len(asked)
        assert start == 1  # once the first frame is up
        await h.type("The rain keeps on.")
        await h.type("/roll 2d6")
        assert len(asked) == start  # a note and a roll leave every sheet as it was
        await h.type("/harm body moderate")
        assert len(asked) == start + 1
        assert "Fortitude 2/4" in h.main.side.text

    play(new_app(saves_dir), scenario)


@pytest.mark.parametrize("system, foes, board", [
    ("nine-powers", ["mook", "mook", "watchman", "captain"], None),
    ("masque", ["goblin", "goblin", "goblin", "hobgoblin"], " Stage (party | foes)"),
])
def test_two_pcs_and_four_foes_are_all_on_an_80x24_screen(saves_dir, system, foes, board):
    """The encounter screen is every system's: at 80x24 it names both PCs and all four foes, a row each
    (cut to a line when their tracks would not fit), above the system's whole board and the choices."""
    session = make_campaign(saves_dir, seed=4, system=system)
    for n, name in enumerate(("Ana", "Bo"), 1):
        sheet = registry.get(system).random_character(Rng(n), name=name).to_dict()
        session.perform("character_add", sheet=sheet)
    session.perform("rules.encounter_start", foes=foes)

    async def scenario(h):
        await h.press("escape", "b")
        screen = h.app.screen
        assert isinstance(screen, EncounterScreen), h.errors()
        shown = screen_lines(h.app)
        labels = [p["label"] for p in screen.view["party"] + screen.view["foes"]]
        assert len(labels) == 6
        rows = shown[1:7]  # under the header: the party's side named on its first row, then the foes'
        assert [row[:8] for row in rows] == [" Party  ", " " * 8, " Foes   ", " " * 8, " " * 8, " " * 8]
        assert all(row[8:].startswith(label + " ") for row, label in zip(rows, labels, strict=True))
        if board:  # the stage in full: its heading, a line a mark, and both downstage lines
            at = shown.index(board)
            assert shown[at + 4].startswith("   party downstage:")
            assert shown[at + 5].startswith("   foes downstage:")
        assert " Ana, what do you do?" in shown

    play(new_app(saves_dir), scenario, size=(80, 24))
