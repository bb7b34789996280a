"""The journal widget with a long campaign, and how `solo` reaches the TUI from the command line."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.widgets import Input
from tui_harness import new_app, play

from solo.campaign import Campaign, CampaignStore, JournalEntry, perform
from solo.tui.widgets.journal import JournalView, line_count


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
        for _ in range(15000):  # the older entries are counted in the background (bound: a hang guard)
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


# -- the widget on its own: virtual, counted without wrapping, styled only where shown -------------

def _entries(count: int) -> list[JournalEntry]:
    kinds = ("note", "roll", "oracle", "scene", "table")
    return [JournalEntry(at="2026-01-01T00:00:00.000Z", scene=1, kind=kinds[i % 5],
                         text=f"Entry {i}: " + "the wind turns " * (i % 7)) for i in range(count)]


class JournalOnly(App[None]):
    CSS = "JournalView:focus { background-tint: $accent 20%; }"

    def __init__(self, entries: list[JournalEntry]):
        super().__init__()
        self.start = entries

    def compose(self):
        yield Input(id="line")
        yield JournalView("Nothing yet.", id="journal")

    def on_mount(self) -> None:
        self.query_one(JournalView).set_entries(self.start)


def _run(app: App, scenario, size=(80, 24)) -> None:
    async def run():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(run())


def _screen_lines(journal: JournalView) -> list[str]:
    return [journal.render_line(y).text.rstrip() for y in range(journal.scrollable_content_region.height)]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab cd\n\t  xyzé漢-")), max_size=120), st.integers(10, 90))
def test_counted_lines_equal_the_lines_rich_wraps_into(text, width):
    assert line_count(text, width) == len(Text(text).wrap(Console(width=200), width))


def test_a_huge_journal_wraps_only_what_is_on_screen_and_counts_every_line():
    entries = _entries(20_000)

    async def scenario(pilot):
        journal = pilot.app.query_one(JournalView)
        for _ in range(15000):  # counted in the background by timers; the bound is only a hang guard
            if journal.complete:
                break
            await pilot.pause(0.02)
        assert journal.complete
        # Every entry is counted exactly: the scroll range is the length of the full text.
        full = journal.text.splitlines()
        assert journal.virtual_size.height == len(full)
        assert full[-1] == "table     Entry 19999:"  # 19999 % 7 == 0: no wind
        assert _screen_lines(journal)[-1] == full[-1]
        # A 24-line screen shows some 20 entries; what was drawn while counting went by is held
        # too, but none of the thousands never shown.
        assert 0 < journal.cached < 100
        journal.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert _screen_lines(journal)[0] == "Entry 0:"
        assert journal.cached < 150

    _run(JournalOnly(entries), scenario)


def test_focus_tints_the_journal_without_wrapping_it_again():
    async def scenario(pilot):
        journal = pilot.app.query_one(JournalView)
        before = journal.render_line(0)
        shown = _screen_lines(journal)
        wrapped = journal._make_block
        calls: list[int] = []
        journal._make_block = lambda index: calls.append(index) or wrapped(index)
        journal.focus()
        await pilot.pause()
        after = journal.render_line(0)
        assert _screen_lines(journal) == shown
        assert after.text == before.text
        # The tint shows (the background under the text changed) ...
        assert {s.style.bgcolor for s in after if s.style} != {s.style.bgcolor for s in before if s.style}
        # ... and only the entries on screen were made again, not the other 9,980.
        assert 0 < len(set(calls)) <= 22

    _run(JournalOnly(_entries(10_000)), scenario)


def test_appending_and_undoing_keep_the_counts_and_the_screen_in_step():
    async def scenario(pilot):
        journal = pilot.app.query_one(JournalView)
        assert _screen_lines(journal)[0] == "Nothing yet."
        journal.append(_entries(30))
        await pilot.pause()
        assert journal.virtual_size.height == len(journal.text.splitlines())
        assert _screen_lines(journal)[-1].endswith("Entry 29: the wind turns")
        journal.truncate(28)
        await pilot.pause()
        assert journal.virtual_size.height == len(journal.text.splitlines())
        assert _screen_lines(journal)[-2:] == [
            "oracle    Entry 27: the wind turns the wind turns the wind turns the wind",
            "          turns the wind turns the wind turns"]
        journal.truncate(0)
        await pilot.pause()
        assert _screen_lines(journal)[0] == "Nothing yet."

    _run(JournalOnly([]), scenario)


def test_a_new_theme_recolours_the_journal_without_wrapping_it_again():
    async def scenario(pilot):
        journal = pilot.app.query_one(JournalView)
        shown = _screen_lines(journal)
        before = journal.render_line(len(shown) - 1)
        wrapped = journal._make_block
        calls: list[int] = []
        journal._make_block = lambda index: calls.append(index) or wrapped(index)
        pilot.app.theme = "textual-light"
        await pilot.pause()
        after = journal.render_line(len(shown) - 1)
        assert _screen_lines(journal) == shown
        assert [s.style.color for s in after if s.style] != [s.style.color for s in before if s.style]
        assert 0 < len(set(calls)) <= 22

    _run(JournalOnly(_entries(10_000)), scenario)
