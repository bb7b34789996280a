"""What the TUI loads before its first frame: the main screen's own modules, not the layers behind moves.

The timing itself is measured by benchmarks/tui_startup.py; these tests keep
the import graph that makes it fast from quietly growing back.
"""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import REPO
from textual.widgets._footer import FooterKey
from tui_harness import make_campaign, new_app, play

from solo.campaign import actors, encounter_moves
from solo.tui import render

# Loaded on first use (a move played, a table rolled, another screen shown), never at start.
LATER = ("solo.oracle", "solo.rules", "solo.story", "solo.tables", "icepool", "yaml",
         "solo.campaign.oracle_moves", "solo.campaign.encounter_moves", "solo.campaign.story_moves",
         "solo.tui.screens.campaigns", "solo.tui.screens.help", "solo.tui.screens.encounter",
         "solo.tui.screens.characters", "solo.tui.screens.ask", "solo.tui.screens.choose",
         "solo.tui.screens.prompt",  # the first move that asks something loads its dialog
         "argparse",  # plain `solo` goes straight to the TUI
         "solo.dice.notation", "solo.dice.odds", "solo.dice.roll",  # the first roll or check loads them
         # the header, the side panel and the footer come just after the first frame
         "solo.tui.widgets.footer", "solo.tui.widgets.side_panel", "textual.widgets._header",
         "textual.widgets._footer")


def test_the_command_line_and_the_app_load_none_of_the_layers_behind_the_moves():
    code = ("import sys\nimport solo.cli\nimport solo.tui.app\nfrom solo.tui.moves.all import MOVES\n"
            f"print(len(MOVES), sorted(n for n in {LATER!r} if n in sys.modules))\n")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=REPO, timeout=60)
    assert out.returncode == 0, out.stderr
    count, loaded = out.stdout.split(" ", 1)
    assert int(count) > 20  # every move is registered (their keys are the main screen's bindings)
    assert loaded.strip() == "[]"


def test_the_side_panel_finds_a_running_encounter_where_the_rules_moves_keep_it():
    assert render.ENCOUNTER_STATE == (actors.MODULE, encounter_moves.KEY)


def test_the_footer_follows_focus_though_it_skips_redraws_that_change_nothing(saves_dir):
    make_campaign(saves_dir)

    def footer(h) -> list[str]:
        return [f"{k.key_display} {k.description}".strip() for k in h.app.screen.query(FooterKey)]

    async def scenario(h):
        writing = footer(h)
        assert writing == ["^z Undo", "^y Redo", "^j New line", "esc Moves", "^f Find", "^q Quit",
                           "f1 Help", "^o Campaigns", "^p palette"]
        await h.press("escape")  # the journal has focus: single keys play moves
        moves = footer(h)
        assert moves[:5] == ["⏎ Write", "^f Find", "u Undo", "r Roll dice", "t Roll on a table"]
        assert "r Roll dice" in moves and "esc Moves" not in moves
        await h.press("r")  # a dialog over the main screen, then back
        await h.press("escape")
        assert footer(h) == moves
        await h.press("enter")
        assert footer(h) == writing

    play(new_app(saves_dir), scenario)


def test_loading_a_campaign_pauses_the_collector_then_freezes_what_it_loaded(saves_dir):
    import gc

    import pytest

    from solo.campaign import CampaignStore
    from solo.errors import SoloError
    from solo.tui.library import Library

    make_campaign(saves_dir)
    library = Library(CampaignStore(saves_dir))
    gc.unfreeze()
    try:
        session = library.open("The Salt Road")
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
        # Frozen: in no generation the collector walks.
        assert all(o is not session.campaign.journal for o in gc.get_objects())
        (saves_dir / "broken.json").write_text("{ not json", encoding="utf-8")
        with pytest.raises(SoloError):
            library.open("broken")
        assert gc.isenabled()  # a save that fails to load leaves the collector as it was
    finally:
        gc.unfreeze()


def test_the_first_frame_drawn_of_the_journal_ends_with_the_newest_entry(saves_dir, monkeypatch):
    # Textual tells a widget its first size (Resize) only after drawing a frame with it; the journal
    # counts its entries when it is first drawn instead, so that very frame shows the newest ones.
    from solo.tui.widgets.journal import JournalView

    session = make_campaign(saves_dir)
    for n in range(60):
        session.perform("note", text=f"Note {n} on the salt road.")
    first: list[str] = []
    draw = JournalView.render_lines

    def render_lines(self, crop):
        lines = draw(self, crop)
        if not first:
            first.extend(strip.text.strip(" ▕") for strip in lines)  # less the scroll bar's gutter
        return lines

    monkeypatch.setattr(JournalView, "render_lines", render_lines)

    async def scenario(h):
        assert h.journal[-1].endswith("Note 59 on the salt road.")

    play(new_app(saves_dir), scenario)
    drawn = [line for line in first if line]
    assert drawn and drawn[-1].endswith("Note 59 on the salt road.")
    assert not any(line.endswith("Note 0 on the salt road.") for line in drawn)  # the end, not the top


def test_a_start_with_the_collector_off_turns_it_back_on_once_the_first_frame_is_up(saves_dir):
    import gc

    make_campaign(saves_dir)
    enabled: list[bool] = []

    async def scenario(h):
        while not h.app.started:
            await h.pilot.pause()
        enabled.append(gc.isenabled())

    gc.disable()  # as `solo` starts the TUI (commands/play.py)
    try:
        play(new_app(saves_dir), scenario)
    finally:
        gc.enable()
        gc.unfreeze()
    assert enabled == [True]
