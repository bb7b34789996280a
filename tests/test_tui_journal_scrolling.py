"""Keyboard scrolling where a list can outgrow its room: the fight screen's sides at 80x24."""

from __future__ import annotations

from tui_harness import make_campaign, new_app, play

from solo.dice import Rng
from solo.rules import registry
from solo.tui.screens.encounter import EncounterScreen


def test_a_party_taller_than_its_share_of_the_fight_screen_scrolls_from_the_keyboard(saves_dir):
    session = make_campaign(saves_dir, seed=3)
    for n, name in enumerate(("Ana", "Bo", "Cy"), 1):
        session.perform("character_add",
                        sheet=registry.get("nine-powers").random_character(Rng(n), name=name).to_dict())

    async def scenario(h):
        await h.type("/fight goblin")
        screen = h.app.screen
        assert isinstance(screen, EncounterScreen), h.errors()
        party = screen.query_one("#party-list")
        assert party.max_scroll_y > 0  # three PCs do not fit in the top 30% of 24 rows
        party.focus()
        await h.press("down", "down")
        assert party.scroll_y == 2 and "Cy (fighting)" in screen.sides["#party"]
        await h.press("end")
        assert party.scroll_y == party.max_scroll_y

    play(new_app(saves_dir), scenario, size=(80, 24))
