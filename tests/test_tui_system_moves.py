"""The rule system's moves between fights in the TUI: characters screen, /move, palette; dialogs
built from the declared options."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette
from tui_harness import make_campaign, new_app, play

from solo.campaign import CampaignStore
from solo.dice import Rng
from solo.rules import registry
from solo.tui.screens.characters import CharactersScreen
from solo.tui.screens.choose import ChooseDialog
from solo.tui.screens.prompt import PromptDialog


def hurt_vroy(saves_dir, **changes):
    session = make_campaign(saves_dir, seed=7)
    vroy = registry.get("nine-powers").random_character(Rng(1), name="Vroy")
    vroy.stamina, vroy.heroism = 0, 1
    vroy.wounds = [{"location": "knee", "description": "twisted", "scope": "acrobatics-climb"}]
    for key, value in changes.items():
        setattr(vroy, key, value)
    session.perform("character_add", sheet=vroy.to_dict())
    return vroy


def saved(saves_dir):
    return CampaignStore(saves_dir).load("the-salt-road").character("Vroy").sheet


def test_a_rest_from_the_character_screen_heals_the_sheet(saves_dir):
    vroy = hurt_vroy(saves_dir)

    async def scenario(h):
        await h.press("escape", "p")
        screen = h.app.screen
        assert isinstance(screen, CharactersScreen)
        assert "Stamina 0/" in screen.shown
        await h.press("m")
        dialog = h.app.screen
        assert isinstance(dialog, ChooseDialog) and dialog.title_text == "Which move?"
        assert [v for v, _ in dialog.choices] == ["rest", "heal", "award", "advance", "buy", "treasure"]
        await h.press("enter")  # rest: no options to ask
        assert isinstance(h.app.screen, CharactersScreen)
        assert f"Stamina {vroy.stamina_max}/{vroy.stamina_max}" in screen.shown
        assert f"Heroism {vroy.heroism_max}/{vroy.heroism_max}" in screen.shown

    play(new_app(saves_dir), scenario)
    sheet = saved(saves_dir)
    assert (sheet["stamina"], sheet["heroism"]) == (vroy.stamina_max, vroy.heroism_max)
    entry = CampaignStore(saves_dir).load("the-salt-road").journal[-1]
    assert entry.kind == "move" and entry.text.startswith("Vroy: Rest in safety.\nVroy rests in safety:")


def test_the_move_command_asks_each_option_with_its_own_dialog(saves_dir):
    hurt_vroy(saves_dir)

    async def scenario(h):
        await h.type("/move buy")
        prompt = h.app.screen
        assert isinstance(prompt, PromptDialog)
        assert prompt.title_text == "Buy something: the item's impact, 0-8"
        await h.type("9")  # the option's own check refuses it, and the dialog stays
        assert isinstance(h.app.screen, PromptDialog)
        assert any("at most 8, not 9" in n for n in h.notifications)
        await h.press(*["backspace"] * 3)
        await h.type("0")
        flag = h.app.screen
        assert isinstance(flag, ChooseDialog) and flag.choices == [("no", "No"), ("yes", "Yes")]
        await h.press("enter")  # no: a wealth check, not coins
        await h.type("a rope")  # the item, for the journal
        assert h.shown[-1].startswith("move      Vroy: Buy something.")

    play(new_app(saves_dir), scenario)
    entry = CampaignStore(saves_dir).load("the-salt-road").journal[-1]
    assert entry.data["options"] == {"impact": 0, "coins": False, "item": "a rope"}
    assert entry.text.splitlines()[-1] == "Vroy buys something of impact 0 without a second thought."


def test_heal_a_wound_from_the_palette(saves_dir):
    hurt_vroy(saves_dir)

    async def scenario(h):
        await h.press("ctrl+p")
        assert isinstance(h.app.screen, CommandPalette)
        await h.type("Move: Heal", enter=False)
        await h.settle()  # the palette's search worker is done
        await h.press("enter")
        prompt = h.app.screen
        assert isinstance(prompt, PromptDialog) and prompt.value == "1"  # the default is ready
        await h.press("enter")

    play(new_app(saves_dir), scenario)
    assert saved(saves_dir)["wounds"] == []


def test_without_a_rule_system_there_are_no_moves(saves_dir):
    make_campaign(saves_dir, system=None)

    async def scenario(h):
        await h.type("/move")
        assert any("moves between fights come from a rule system" in n for n in h.notifications)

    play(new_app(saves_dir), scenario)


@pytest.mark.parametrize(("keys", "party"), [(("enter",), ["Bo"]), (("down", "enter"), ["Vroy", "Bo"])])
def test_a_defeated_pc_is_asked_about_before_a_fight(saves_dir, keys, party):
    session = make_campaign(saves_dir, seed=7)
    np = registry.get("nine-powers")
    for name, stamina in (("Vroy", 0), ("Bo", 2)):
        actor = np.random_character(Rng(1), name=name)
        actor.stamina = stamina
        session.perform("character_add", sheet=actor.to_dict())

    async def scenario(h):
        await h.type("/fight goblin")
        dialog = h.app.screen
        assert isinstance(dialog, ChooseDialog)
        assert dialog.title_text == "In no state to fight: Vroy (stamina 0)"
        assert [v for v, _ in dialog.choices] == ["without", "all"]
        await h.press(*keys)  # fight without him, or bring him in anyway

    play(new_app(saves_dir), scenario)
    start = [e for e in CampaignStore(saves_dir).load("the-salt-road").journal if e.kind == "encounter"][0]
    assert start.data["party"] == party
