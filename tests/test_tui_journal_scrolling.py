"""Keyboard scrolling where a list can outgrow its room: the fight screen's roster at 80x24."""

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
        roster = screen.query_one("#roster")
        # three PCs and a goblin, their tracks wrapped, do not fit the top 30% of 24 rows: a row each, cut
        assert screen.text.splitlines()[2].startswith("       Cy ")
        assert len(screen.text.splitlines()) == 4 and "…" in screen.text
        assert roster.border_subtitle == "tab: every row in full"
        await h.press("tab")  # from the choices on to the roster
        assert screen.focused is roster
        await h.press("down")
        assert roster.scroll_y == 1 and "…" not in screen.text  # every row whole, and it scrolls
        assert roster.border_subtitle == "↑/↓: scroll the rows"
        assert "\n       Cy     Fortitude 4/4 · " in screen.text
        await h.press("end")
        assert roster.scroll_y == roster.max_scroll_y == 2  # eight lines in six

    play(new_app(saves_dir), scenario, size=(80, 24))
