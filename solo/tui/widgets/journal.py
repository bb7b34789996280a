"""The journal: every entry of the campaign, newest at the bottom, wrapped to the width.

A virtual line-API widget, in the manner of Textual's `Log`: a long campaign
has tens of thousands of entries and only a screenful is ever drawn, so only
that screenful is ever wrapped and styled.

What it keeps per entry is one number, the line the entry starts on; the
entries themselves are the campaign's journal, whose older entries stay in
the snapshot file until drawn or counted (`solo.campaign.stored`).  The
number of lines an entry takes at a width is counted without building any
text (most entries fit on one line and are counted by their length; the
others by Rich's own line breaking, `rich._wrap.divide_line`, the step
`Text.wrap` takes), so the counts always equal what is drawn.  The strips of
the entries on screen are made when first drawn and kept in a small LRU
cache; its size, not the campaign's, bounds what the journal holds.

Colours are applied when a strip is made, so a change of style (focus tints
the background, a new theme) only empties that cache: the next frame
re-renders the screenful it shows and nothing else.  A new width (the first
layout, a resized terminal) counts the newest entries at once, enough to
fill the screen, and the older ones just after, in the background, in
steps of a few milliseconds each, added above without moving what the player
is looking at.
"""

from __future__ import annotations

import time
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rich._wrap import divide_line
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from solo.campaign import JournalEntry
from solo.campaign.journal_edits import EDIT_KINDS, shown
from solo.tui import render

GROUPS = ("note", "scene", "dice", "oracle", "rules", "story", "campaign", "other")
FIRST_SCREENS = 1  # count this many screenfuls at once (the first frame shows one); the rest after
CHUNK = 200  # entries counted between looks at the clock, in the background
STEP_SECONDS = 0.008  # how long one background step may hold the UI thread
CACHED_ENTRIES = 512  # wrapped entries kept for redrawing (a screen shows a few dozen)
SCENE_MARK = "── "
EDITED = " (edited)"
HANG = 2  # a note's second and later lines are indented this far under its first


def line_count(text: str, width: int) -> int:
    """How many lines `Text(text).wrap(console, width)` gives, without building them."""
    if len(text) <= width and text.isascii() and "\n" not in text and "\t" not in text:
        return 1
    count = 0
    for line in text.split("\n"):
        if "\t" in line:
            line = _expanded(line)
        count += len(set(divide_line(line, width, fold=True))) + 1
    return count


def _expanded(line: str) -> str:
    text = Text(line)
    text.expand_tabs(8)
    return text.plain


class JournalView(ScrollView, can_focus=True):
    """The journal.  Up and Down select an entry (the view follows it): Enter opens it, Ctrl+E
    edits a note, Delete strikes it out or puts it back.  A note's lines after its first (its own
    line breaks and the wrapping) are indented under it; other entries hang beside their label.
    Entries recording an edit are not drawn: the entry they changed shows its new words, marked
    "(edited)", or crossed through.
    """

    COMPONENT_CLASSES = ({f"journal--{g}" for g in GROUPS}
                         | {"journal--empty", "journal--selected", "journal--found"})
    BINDINGS = [
        Binding("up", "select(-1)", "Earlier entry", show=False, id="journal.up",
                tooltip="Select the entry before (the first press picks the last one shown)"),
        Binding("down", "select(1)", "Later entry", show=False, id="journal.down",
                tooltip="Select the entry after"),
        Binding("enter", "open", "Open", id="journal.open",
                tooltip="Show everything behind the selected entry"),
        Binding("ctrl+e", "edit", "Edit", id="journal.edit",
                tooltip="Give the selected note new words (an action: undo takes it back)"),
        Binding("delete", "strike", "Strike", id="journal.strike",
                tooltip="Strike the selected entry out, or put a struck one back"),
    ]

    @dataclass
    class Chosen(Message):
        """The player wants to do `what` ("open", "edit", "strike") with entry `index` (0-based)."""

        journal: JournalView
        what: str
        index: int

    DEFAULT_CSS = """
    JournalView {
        background: $surface;
        padding: 0 1;
        scrollbar-gutter: stable;
    }
    JournalView > .journal--note { color: $text; }
    JournalView > .journal--scene { color: $accent; text-style: bold; }
    JournalView > .journal--dice { color: $warning; }
    JournalView > .journal--oracle { color: $secondary; text-style: bold; }
    JournalView > .journal--rules { color: $error; }
    JournalView > .journal--story { color: $success; }
    JournalView > .journal--campaign { color: $text-muted; }
    JournalView > .journal--other { color: $text-muted; }
    JournalView > .journal--empty { color: $text-muted; text-style: italic; }
    JournalView > .journal--selected { background: $accent 30%; }
    JournalView > .journal--found { background: $warning 40%; text-style: bold; }
    """

    def __init__(self, empty_message: str = "", *, labels: bool = True, id: str | None = None,
                 classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.empty_message = empty_message
        self.labels = labels  # False: no kind in the margin (a log of one kind, like a fight's)
        self.entries: MutableSequence[JournalEntry] = []
        # The line each counted entry starts on, less `_top` (which goes negative as older entries
        # are counted and put above), and one more number: where the next entry would start.
        self._starts = array("q", [0])
        self._top = 0
        self._first = 0  # entries before this one are not counted yet
        self._wrapped_at = 0
        self._generation = 0
        self._blocks: LRUCache[int, list[Strip]] = LRUCache(CACHED_ENTRIES)
        self._empty: list[Strip] = []
        self.changes: dict[str, dict[str, Any]] = {}  # entry number -> edit (journal_edits)
        self.selected: int | None = None
        self.found_words: list[str] = []  # highlighted wherever they appear (a search)
        self._frame: tuple[Offset, int, Style] | None = None  # shared by the lines of a frame drawn

    # -- edits, selection, highlights ---------------------------------------------------
    def set_changes(self, changes: Mapping[str, dict[str, Any]]) -> None:
        """How edited entries read now; only the entries whose edit changed are measured again."""
        changed = {k for k in set(changes) | set(self.changes) if changes.get(k) != self.changes.get(k)}
        self.changes = {k: dict(v) for k, v in changes.items()}
        for key in changed:
            self._remeasure(int(key) - 1)

    def _remeasure(self, index: int) -> None:
        self._blocks.discard(index)
        if not self._wrapped_at or not self._first <= index < len(self.entries):
            return
        slot = index - self._first
        delta = self._height(self.entries[index], index) - (self._starts[slot + 1] - self._starts[slot])
        if delta:
            for n in range(slot + 1, len(self._starts)):
                self._starts[n] += delta
            self._resize()
        self.refresh()

    def highlight(self, words: Sequence[str]) -> None:
        """Show `words` highlighted wherever they appear (empty: none)."""
        self.found_words = [w for w in words if w]
        self._blocks.clear()
        self.refresh()

    def select(self, index: int | None) -> None:
        """Select entry `index` (None: none) and scroll it into view."""
        if index is not None and not 0 <= index < len(self.entries):
            index = None
        self.selected = index
        self.refresh()
        if index is None or not self._first <= index:
            return
        slot = index - self._first
        top, bottom = self._starts[slot] - self._starts[0], self._starts[slot + 1] - self._starts[0]
        height = self.scrollable_content_region.height
        if top < self.scroll_y:
            self.scroll_to(y=top, animate=False, immediate=True)
        elif bottom > self.scroll_y + height:
            self.scroll_to(y=max(0, bottom - height), animate=False, immediate=True)

    def _hidden(self, index: int) -> bool:
        return self.entries[index].kind in EDIT_KINDS

    def action_select(self, step: int) -> None:
        if not self.entries:
            return
        if self.selected is None:  # start from the last entry on screen
            last = self._entry_at(int(self.scroll_y) + self.scrollable_content_region.height - 1)
            index = len(self.entries) - 1 if last is None else last
            if not self._hidden(index):
                self.select(index)
                return
        else:
            index = self.selected
        index += step
        while self._first <= index < len(self.entries) and self._hidden(index):
            index += step
        if self._first <= index < len(self.entries):
            self.select(index)

    def _entry_at(self, number: int) -> int | None:
        if not self.entries:
            return None
        at = number + self._starts[0]
        if number < 0 or at >= self._starts[-1]:
            return None
        return self._first + bisect_right(self._starts, at) - 1

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open", "edit", "strike"):
            return self.selected is not None  # else Enter goes on to the screen's own
        return True

    def action_open(self) -> None:
        self._chosen("open")

    def action_edit(self) -> None:
        self._chosen("edit")

    def action_strike(self) -> None:
        self._chosen("strike")

    def _chosen(self, what: str) -> None:
        if self.selected is not None:
            self.post_message(self.Chosen(self, what, self.selected))

    def key_escape(self) -> bool:
        """Esc first drops the selection and a search's highlights."""
        if self.selected is not None or self.found_words:
            self.highlight([])
            self.select(None)
            return True
        return False

    def entry_as_shown(self, index: int) -> tuple[JournalEntry, bool, bool]:
        """The entry as the journal draws it now: (entry with its current words, edited, struck)."""
        entry = self.entries[index]
        text, edited, struck = shown(entry, self.changes.get(str(index + 1)))
        return (replace(entry, text=text) if edited else entry), edited, struck

    # -- what the screen calls --------------------------------------------------------
    def set_entries(self, entries: Iterable[JournalEntry]) -> None:
        # A campaign's journal copies cheaply (`StoredList.copy` shares the snapshot file, so
        # the entries not on screen stay there); anything else is made a list.
        copy = getattr(entries, "copy", None)
        self.entries = copy() if callable(copy) else list(entries)
        self.selected = None
        self._recount()
        self._to_end()

    def append(self, entries: Sequence[JournalEntry]) -> None:
        if not entries:
            return
        was_empty = not self.entries
        self.entries.extend(entries)
        if was_empty or not self._wrapped_at:
            self._recount()
        else:
            first = len(self.entries) - len(entries)
            for offset, entry in enumerate(entries):
                self._starts.append(self._starts[-1] + self._height(entry, first + offset))
            self._resize()
        self._to_end()

    def truncate(self, count: int) -> None:
        """Keep the first `count` entries (after an undo)."""
        if count >= len(self.entries):
            return
        del self.entries[count:]
        if self.selected is not None and self.selected >= count:
            self.selected = None
        if not self.entries or not self._wrapped_at or count < self._first:
            self._recount()
        else:
            del self._starts[count - self._first + 1:]
            for index in [i for i in self._blocks.keys() if i >= count]:
                self._blocks.discard(index)
            self._resize()
        self._to_end()

    @property
    def line_total(self) -> int:
        """How many lines the counted entries (or the empty message) take."""
        if not self.entries:
            return len(self._empty)
        return self._starts[-1] - self._starts[0]

    @property
    def text(self) -> str:
        """What the journal shows, as plain lines (for tests and copying); wraps every counted entry."""
        if not self.entries:
            return "\n".join(strip.text.rstrip() for strip in self._empty)
        return "\n".join(strip.text.rstrip() for index in range(self._first, len(self.entries))
                         for strip in self._make_block(index))

    @property
    def complete(self) -> bool:
        """Whether every entry is counted (older ones are, shortly after a new width)."""
        return self._first == 0

    @property
    def cached(self) -> int:
        """How many entries are held wrapped (bounded by the cache, whatever the campaign's length)."""
        return len(self._blocks)

    # -- counting ---------------------------------------------------------------------
    @property
    def _width(self) -> int:
        return max(20, self._wrapped_at)

    def _body_width(self, entry: JournalEntry, index: int) -> tuple[str, int]:
        """The text an entry wraps and the width it wraps at, as `_make_block` lays it out."""
        change = self.changes.get(str(index + 1))
        if change:
            text, edited, _ = shown(entry, change)
            entry = replace(entry, text=text + (EDITED if edited else ""))
        if render.entry_group(entry) == "scene":
            return SCENE_MARK + entry.text, self._width
        if not self.labels:
            return entry.text, self._width
        if render.entry_label(entry) is None:
            return entry.text, max(10, self._width - HANG)
        return entry.text, max(10, self._width - render.LABEL_WIDTH)

    def _height(self, entry: JournalEntry, index: int) -> int:
        if entry.kind in EDIT_KINDS:
            return 0
        text, width = self._body_width(entry, index)
        return line_count(text, width) + (1 if index and render.entry_group(entry) == "scene" else 0)

    def _recount(self) -> None:
        """Count the newest entries at the current width; before the first layout there is none yet."""
        self._generation += 1
        self._blocks.clear()
        self._wrapped_at = self.scrollable_content_region.width
        self._starts, self._top, self._first = array("q", [0]), 0, len(self.entries)
        self._empty = []
        if not self._wrapped_at:
            return
        if not self.entries and self.empty_message:
            self._empty = self._wrap(Text(self.empty_message), self._width,
                                     self.get_component_rich_style("journal--empty"))
        enough = max(40, self.size.height * FIRST_SCREENS)
        heights: list[int] = []
        total = 0
        while self._first > 0 and total < enough:
            self._first -= 1
            heights.append(self._height(self.entries[self._first], self._first))
            total += heights[-1]
        self._prepend(heights[::-1])
        self._resize()
        if self._first:
            self.set_timer(0.05, lambda g=self._generation: self._count_earlier(g))

    def _prepend(self, heights: list[int]) -> int:
        """Put the starts of entries with these heights above the counted ones; return their lines."""
        added = sum(heights)
        starts = array("q")
        at = self._starts[0] - added
        for height in heights:
            starts.append(at)
            at += height
        self._starts[:0] = starts
        return added

    def _count_earlier(self, generation: int) -> None:
        """Count a chunk of older entries and put them above, keeping the view where it is."""
        if generation != self._generation or not self._first:
            return
        # A slice of the UI thread's time, not a number of entries: an entry that wraps takes a
        # few times longer to count than one that fits, and a key press must not wait on a step.
        heights: list[int] = []
        start = self._first
        until = time.perf_counter() + STEP_SECONDS
        while start and time.perf_counter() < until:
            low = max(0, start - CHUNK)
            # One slice, not CHUNK lookups: a stored journal reads it with one read and one parse.
            for offset, entry in enumerate(reversed(self.entries[low:start])):
                heights.append(self._height(entry, start - 1 - offset))
            start = low
        added = self._prepend(heights[::-1])
        self._first = start
        at_end = self.is_vertical_scroll_end
        self._resize()
        if at_end:  # laid out long since: no second scroll after the refresh, which could undo
            self.scroll_end(animate=False, x_axis=False, immediate=True)  # the player's own
        else:
            self.scroll_to(y=self.scroll_y + added, animate=False, immediate=True)
        if self._first:
            self.set_timer(0.01, lambda: self._count_earlier(generation))

    def _to_end(self) -> None:
        """Show the newest line: at once once laid out (counting older entries in the background
        must find the view already at the end, or it would hold it where it was), else after."""
        if self._wrapped_at:
            self.scroll_end(animate=False, x_axis=False, immediate=True, force=True)
        self.scroll_end(animate=False, x_axis=False)  # again once laid out, scroll bars and all

    def _resize(self) -> None:
        size = Size(self._width, self.line_total)
        shown = self.scrollable_content_region.height
        if size.width == self.virtual_size.width and min(size.height, self.virtual_size.height) > shown:
            # Longer, and already too long to fit: the scroll bar stays, so the screen needs no new
            # layout (which would redraw every widget on it), only the journal's new scroll range.
            self.set_reactive(ScrollView.virtual_size, size)
            self._scroll_update(size)
        else:
            self.virtual_size = size
        self.refresh()

    # -- drawing ----------------------------------------------------------------------
    def _wrap(self, text: Text, width: int, style: Style) -> list[Strip]:
        console: Console = self.app.console
        text.stylize_before(style)
        return [Strip(list(line.render(console))) for line in text.wrap(console, width)]

    def _make_block(self, index: int) -> list[Strip]:
        entry, edited, struck = self.entry_as_shown(index)
        if entry.kind in EDIT_KINDS:
            return []
        width = self._width
        group = render.entry_group(entry)
        style = self.get_component_rich_style(f"journal--{group}")
        body = render.entry_body(entry)
        if self.found_words:
            body.highlight_words(self.found_words, self.get_component_rich_style("journal--found"),
                                 case_sensitive=False)
        if struck:
            body.stylize(Style(strike=True, dim=True))
        if edited:
            body.append(EDITED, style=Style(dim=True, italic=True))
        if group == "scene":
            lines = self._wrap(Text(SCENE_MARK) + body, width, style)
            return [Strip.blank(width), *lines] if index else lines
        if not self.labels:
            return self._wrap(body, width, style)
        label = render.entry_label(entry)
        if label is None:  # a note: its later lines hang under its first, so it reads as one entry
            lines = self._wrap(body, max(10, width - HANG), style)
            return [line if n == 0 else Strip.join([Strip.blank(HANG), line]) for n, line in enumerate(lines)]
        gutter = render.LABEL_WIDTH
        lines = self._wrap(body, max(10, width - gutter), Style())
        head = Strip([Segment(label.ljust(gutter), style)])
        pad = Strip.blank(gutter)
        return [Strip.join([head if n == 0 else pad, line]) for n, line in enumerate(lines)]

    def _block(self, index: int) -> list[Strip]:
        block = self._blocks.get(index)
        if block is None:
            block = self._make_block(index)
            self._blocks[index] = block
        return block

    def _line(self, number: int) -> Strip | None:
        """Line `number` from the top of what is counted, or None below the last."""
        if not self.entries:
            return self._empty[number] if number < len(self._empty) else None
        at = number + self._starts[0]
        if number < 0 or at >= self._starts[-1]:
            return None
        slot = bisect_right(self._starts, at) - 1
        block = self._block(self._first + slot)
        offset = at - self._starts[slot]
        line = block[offset] if offset < len(block) else None
        if line is not None and self._first + slot == self.selected:
            mark = self.get_component_rich_style("journal--selected")
            line = Strip([Segment(seg.text, (seg.style or Style()) + mark, seg.control) for seg in line],
                         line.cell_length)
        return line

    # -- Textual hooks ----------------------------------------------------------------
    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._wrapped_at:
            at_end = self.is_vertical_scroll_end or not self.line_total
            self._recount()
            if at_end:
                self._to_end()

    def notify_style_update(self) -> None:
        """Focus or a theme changed a colour: forget the drawn strips; the counts stay as they are."""
        super().notify_style_update()
        self._blocks.clear()
        if self._wrapped_at and not self.entries and self.empty_message:
            self._empty = self._wrap(Text(self.empty_message), self._width,
                                     self.get_component_rich_style("journal--empty"))

    def render_lines(self, crop: Region) -> list[Strip]:
        # Textual tells the journal its first width (on_resize) only after drawing the first frame
        # with it, which would show an empty journal and then, a frame later, the entries: count
        # them here instead, so the first frame shows the newest ones (benchmarks/tui_startup.py).
        if not self._wrapped_at and self.scrollable_content_region.width:
            self.on_resize()
        # What every line of this frame shares, worked out once rather than once per line (the
        # style walks every ancestor's styles: a tenth of drawing the journal).
        self._frame = (self.scroll_offset, self.scrollable_content_region.width, self.rich_style)
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def render_line(self, y: int) -> Strip:
        frame = self._frame or (self.scroll_offset, self.scrollable_content_region.width, self.rich_style)
        (scroll_x, scroll_y), width, base = frame
        line = self._line(scroll_y + y)
        if line is None:
            return Strip.blank(width, base)
        return line.apply_style(base).crop_extend(scroll_x, scroll_x + width, base)
