"""Spending a clue that buys "set up well or leverage" asks the player which, in the TUI."""

from __future__ import annotations

from tui_harness import make_campaign, new_app, play

from solo.campaign import CampaignStore
from solo.dice import Rng
from solo.rules import registry
from solo.tui.screens.choose import ChooseDialog


def test_the_clue_dialog_lets_the_player_take_leverage(saves_dir):
    session = make_campaign(saves_dir, seed=7)
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    session.perform("character_add", sheet=sheet)
    session.perform("oracle.clue_gain")
    campaign = session.campaign
    campaign.module_state("oracle")["scene_clue"] = {
        "roll": 5, "benefit": "Become set up well; if you already are, gain leverage instead.",
        "effect": "momentum", "scene": campaign.scene.number}
    session.save()

    async def scenario(h):
        await h.type("/clue spend")
        dialog = h.app.screen
        assert isinstance(dialog, ChooseDialog)
        await h.press("down", "enter")  # the second choice: leverage
        assert h.shown[-1] == "clue      A clue is spent: Vroy is now holding leverage. (0 left.)"

    play(new_app(saves_dir), scenario)
    vroy = CampaignStore(saves_dir).load("the-salt-road").character("Vroy")
    assert (vroy.set_up_well, vroy.leverage) == (False, True)
