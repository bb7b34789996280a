"""Imported tables in the TUI: source and see-also under the result, the follow-up key, the palette."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandPalette
from textual.widgets import OptionList
from tui_harness import make_campaign, new_app, play

from solo.tui.screens.choose import ChooseDialog

DATA = Path(__file__).parent / "data"


def test_the_follow_up_key_rolls_what_the_last_table_suggests(saves_dir):
    make_campaign(saves_dir, system=None, seed=7)

    async def scenario(h):
        await h.type("/table lantern/mood")
        assert h.shown == [  # wrapped lines joined back
            "table     Market Mood (d6: 3): Rowdy See also: Stall Keeper Source: Lantern Zine, p. 4,"
            " by Ada Quill; licence CC BY 4.0; https://example.org/lantern",
        ]
        assert h.journal[1] == "            See also: Stall Keeper"
        await h.press("escape", "i")  # one suggestion: rolled at once, with the campaign's dice
        assert h.shown[-1] == "table     Stall Keeper (d6: 2): Given name: Orrin; Family name: Vell"
        await h.press("i")  # the stall keeper suggests nothing
        assert h.errors()[-1] == "the last table result offers or suggests no further table"

    play(new_app(saves_dir, tables=[DATA]), scenario)


def test_an_offered_roll_and_a_see_also_are_both_choices(saves_dir, tmp_path):
    (tmp_path / "t.yaml").write_text(
        "tables:\n"
        "  - {id: t/a, title: First, suggest: [t/c], rows: [{text: go, then: {table: t/b, auto: false,"
        " times: 2}}]}\n"
        "  - {id: t/b, title: Second, rows: [two]}\n"
        "  - {id: t/c, title: Third, rows: [three]}\n")
    make_campaign(saves_dir, system=None, seed=7)

    async def scenario(h):
        await h.type("/table t/a")
        await h.press("escape", "i")
        dialog = h.app.screen
        assert isinstance(dialog, ChooseDialog)
        assert dialog.choices == [("t/b", "Roll Second ×2"), ("t/c", "See also: Third")]
        await h.press("enter")
        assert h.journal[-2:] == ["table     Second: two", "table     Second: two"]

    play(new_app(saves_dir, tables=[tmp_path]), scenario)


def test_the_table_palette_shows_a_collection_and_its_source(saves_dir):
    make_campaign(saves_dir, system=None)

    async def scenario(h):
        await h.press("escape", "t")
        assert isinstance(h.app.screen, CommandPalette)
        await h.type("lantern/mood", enter=False)
        await h.settle()  # the palette's search worker is done
        options = h.app.screen.query_one(OptionList)
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("lantern/mood — Market Mood" in s and "Lantern Oracles · Lantern Zine" in s
                   for s in shown), shown

    play(new_app(saves_dir, tables=[DATA]), scenario)
