"""The journal widget with a long campaign, and how `solo` reaches the TUI from the command line."""

from __future__ import annotations

import asyncio

from tui_harness import new_app, play

from solo.campaign import Campaign, CampaignStore, perform
from solo.tui.widgets.journal import JournalView


def long_campaign(saves, entries: int = 900) -> None:
    c = Campaign.new("Long Road", seed=2)
    for i in range(entries):
        perform(c, "note", {"text": f"Day {i + 1}: the road goes on."}, undo_depth=0)
    CampaignStore(saves).add(c)


def test_a_long_journal_shows_its_end_at_once_and_the_rest_soon_after(saves_dir):
    long_campaign(saves_dir)

    async def scenario(h):
        journal: JournalView = h.main.journal
        assert journal.text.splitlines()[-1] == "Day 900: the road goes on."
        assert journal.is_vertical_scroll_end
        for _ in range(200):  # the older entries are wrapped in the background
            if journal.complete:
                break
            await asyncio.sleep(0.02)
        assert journal.complete
        await h.pilot.pause()
        lines = journal.text.splitlines()
        assert lines[0] == "Day 1: the road goes on." and len(lines) == 900
        assert journal.is_vertical_scroll_end  # still looking at the newest entry

    play(new_app(saves_dir), scenario, size=(80, 24))


def test_resizing_rewraps_the_journal(saves_dir):
    c = Campaign.new("Wide Road", seed=2)
    perform(c, "note", {"text": "word " * 30})
    CampaignStore(saves_dir).add(c)

    async def scenario(h):
        narrow = len(h.main.journal.text.splitlines())
        await h.pilot.resize_terminal(160, 30)
        await h.settle()
        assert len(h.main.journal.text.splitlines()) < narrow

    play(new_app(saves_dir), scenario, size=(60, 24))


def test_plain_solo_without_a_terminal_prints_help(cli):
    result = cli()
    assert result.code == 0
    assert "usage: solo" in result.out
    assert result.out.rstrip().endswith("Run `solo` in a terminal to play in the TUI.")


def test_solo_play_needs_a_terminal(cli):
    result = cli("play")
    assert result.code == 1
    assert result.err == ("solo: error: solo play needs a terminal to draw in"
                          " (its input or output is not one)\n")
