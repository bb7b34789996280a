"""A creation step that takes several choices: ticked in a list in the TUI, numbered at the CLI."""

from __future__ import annotations

from tui_harness import make_campaign, new_app, play

from solo.commands.rules import numbered_reply
from solo.rules import registry
from solo.tui.screens.characters import PreviewDialog
from solo.tui.screens.creation import CreationScreen, PickList


def test_guided_resistance_creation_is_finished_by_ticking_two_abilities(saves_dir):
    make_campaign(saves_dir, system="resistance")

    async def scenario(h):
        await h.press("escape", "p", "n")
        creation = h.app.screen
        assert isinstance(creation, CreationScreen)
        await h.type("Ash")
        await h.press("enter", "enter")  # the first role and the refresh it suggests
        question = creation.creation.question
        assert question.key == "abilities" and question.picks == 2
        picks = creation.query_one(PickList)
        assert picks.display and h.app.focused is picks
        defaults = [p.strip() for p in question.default.split(",")]
        assert sorted(picks.selected) == sorted(defaults)  # the role's own two, ticked
        first_free = next(i for i, (a, _) in enumerate(question.choices) if a not in defaults)
        picks.highlighted = first_free
        await h.press("space", "enter")  # three ticked: refused, asked again
        assert "name exactly two different abilities" in creation.query_one("#problem").render().plain
        await h.press("space")
        picks.highlighted = [a for a, _ in question.choices].index(defaults[0])
        await h.press("space")
        picks.highlighted = first_free
        await h.press("space", "enter")
        assert creation.creation.question.key == "bond"
        await h.press("enter")
        await h.type("")  # no bond with another player character
        assert isinstance(h.app.screen, PreviewDialog)
        await h.press("enter")
        pc = h.main.campaign.pcs[0]
        wanted = sorted([defaults[1], question.choices[first_free][0]])
        assert pc.name == "Ash" and sorted(a["name"] if isinstance(a, dict) else a
                                           for a in pc.sheet["abilities"]) == wanted

    play(new_app(saves_dir), scenario)


def test_the_cli_menu_takes_numbers_for_each_of_several_picks():
    creation = registry.get("resistance").creation()
    creation.answer("Ash")
    creation.answer(creation.question.choices[0][0])
    creation.answer(creation.question.choices[0][0])
    question = creation.question
    names = [a for a, _ in question.choices]
    assert numbered_reply(question, "6, 2") == f"{names[5]}, {names[1]}"
    assert numbered_reply(question, f"{names[0]}, 3") == f"{names[0]}, {names[2]}"
    creation.answer(numbered_reply(question, "6, 2"))
    assert creation.question.key == "bond"
