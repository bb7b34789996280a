"""Two PCs against three goblins and their boss on the shared encounter screen at 80x24: everyone named,
the stack top first with whose answer it awaits, and a goblin's dodge answering Georgia's jab."""

from __future__ import annotations

import re

from textual.widgets import Label, OptionList
from tui_harness import make_campaign, new_app, play, screen_lines

from solo.tui.screens.encounter import EncounterScreen


def goblin_hill(saves_dir):
    session = make_campaign(saves_dir, "Goblin Hill", system="action-dice", seed=3)
    session.perform("rules.character_random", name="Georgia", role="fighter", npc=False)
    session.perform("rules.character_random", name="Wren", role="wizard", npc=False)
    session.perform("rules.encounter_start", foes=["goblin", "goblin", "goblin", "goblin-boss"])
    return session


def test_two_pcs_against_three_goblins_and_their_boss_fit_80x24(saves_dir):
    goblin_hill(saves_dir)

    async def scenario(h):
        await h.press("escape", "b")
        screen = h.app.screen
        assert isinstance(screen, EncounterScreen), h.errors()
        shown = "\n".join(screen_lines(h.app))
        for name in ("Georgia", "Wren", "Goblin 1", "Goblin 2", "Goblin 3", "Goblin Boss"):
            assert re.search(rf"^ (Party|Foes|     ) +{name} +AC ", shown, re.M), name  # a row each
        assert " Goblin Boss AC 2 · fatigue 2/6 · unhurt · M1 A1 S1 · near" in shown
        assert " Turn: Round 1, party side · awaiting Georgia, Wren (act or pass)" in shown
        assert " Stack (top first): (empty)" in shown
        assert " Georgia, what do you do?" in shown and " MOVE toward a foe (M)" in shown

        options = screen.query_one("#actions", OptionList)
        await h.press("down", "enter", "enter")  # MOVE toward Goblin 1: Wren may answer it
        shown = "\n".join(screen_lines(h.app))
        assert " Turn: Round 1, party side · awaiting Wren's answer (respond or pass)" in shown
        assert " Stack (top first): #1 Georgia: MOVE toward Goblin 1 [die 1]" in shown
        assert str(screen.query_one("#asking", Label).render()) == "Wren, what do you do?"
        assert str(options.get_option_at_index(0).prompt) == "pass (let it resolve)"
        await h.press("enter")  # Wren lets it resolve: Georgia is in melee with Goblin 1
        assert "Georgia     AC 1 · fatigue 1/6 · unhurt · M0 A2 · melee with Goblin 1" in screen.text
        assert str(options.get_option_at_index(1).prompt) == "JAB: a wound on a hit (A)  83.3%"
        await h.press("down", "enter", "enter")  # JAB Goblin 1; the goblin dodges on top of it
        shown = screen_lines(h.app)
        stack = shown.index(" Stack (top first)")
        assert shown[stack - 1:stack + 4] == [
            " Turn: Round 1, party side · awaiting Wren's answer (respond or pass)",
            " Stack (top first)",
            "   #3 Goblin 1: DODGE [die 2 = 3]",
            "   #2 Georgia: JAB Goblin 1 [die 3, 3 vs AC 1: hits as things stand; after #3,",
            "     AC 3: still hits]",
        ]
        for name in ("Goblin 1", "Goblin 2", "Goblin 3", "Goblin Boss"):  # still everyone, stack and all
            assert any(re.match(rf" (Foes|     ) +{name} +AC ", line) for line in shown), name
        assert "Goblin 1    AC 1 · fatigue 2/5 · unhurt · M1 A1 · melee with Georgia" in screen.text

    play(new_app(saves_dir), scenario, size=(80, 24))
