"""The journal: every entry of the campaign, newest at the bottom, wrapped to the width.

A line-API widget rather than a column of Static widgets: a long campaign
has thousands of entries and only a screenful is ever drawn.  Each entry is
wrapped once per width and kept as strips, with the line each entry starts
on, so adding entries renders only the new ones and an undo only cuts the
list back.

Wrapping every entry of a long campaign takes a while (a few seconds for
10,000), so a new width (the first layout, a resized terminal) wraps only
the newest entries, enough to fill the screen several times over, and the
older ones are wrapped in the background in chunks, added above without
moving what the player is looking at.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from solo.campaign import JournalEntry
from solo.tui import render

GROUPS = ("note", "scene", "dice", "oracle", "rules", "story", "campaign", "other")
FIRST_SCREENS = 3  # wrap at least this many screenfuls at once; the rest in the background
CHUNK = 300  # entries wrapped per background step


class JournalView(ScrollView, can_focus=True):
    COMPONENT_CLASSES = {f"journal--{g}" for g in GROUPS} | {"journal--empty"}

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
    """

    def __init__(self, empty_message: str = "", *, labels: bool = True, id: str | None = None,
                 classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.empty_message = empty_message
        self.labels = labels  # False: no kind in the margin (a log of one kind, like a fight's)
        self.entries: list[JournalEntry] = []
        self._lines: list[Strip] = []
        self._starts: list[int] = []  # the first line of each wrapped entry
        self._first = 0  # entries before this one are not wrapped yet
        self._wrapped_at = 0
        self._generation = 0

    # -- what the screen calls --------------------------------------------------------
    def set_entries(self, entries: Iterable[JournalEntry]) -> None:
        self.entries = list(entries)
        self._rewrap()
        self.scroll_end(animate=False, x_axis=False)

    def append(self, entries: Sequence[JournalEntry]) -> None:
        if not entries:
            return
        was_empty = not self.entries
        self.entries.extend(entries)
        if was_empty or not self._wrapped_at:
            self._rewrap()
        else:
            first = len(self.entries) - len(entries)
            for offset, entry in enumerate(entries):
                self._starts.append(len(self._lines))
                self._lines += self._block(entry, first + offset)
            self._resize()
        self.scroll_end(animate=False, x_axis=False)

    def truncate(self, count: int) -> None:
        """Keep the first `count` entries (after an undo)."""
        if count >= len(self.entries):
            return
        del self.entries[count:]
        if not self.entries or not self._wrapped_at or count < self._first:
            self._rewrap()
        else:
            del self._lines[self._starts[count - self._first]:]
            del self._starts[count - self._first:]
            self._resize()
        self.scroll_end(animate=False, x_axis=False)

    @property
    def text(self) -> str:
        """What the journal shows, as plain lines (for tests and copying)."""
        return "\n".join(strip.text.rstrip() for strip in self._lines)

    @property
    def complete(self) -> bool:
        """Whether every entry is wrapped (older ones are, shortly after a new width)."""
        return self._first == 0

    # -- wrapping ---------------------------------------------------------------------
    @property
    def _width(self) -> int:
        return max(20, self._wrapped_at)

    def _rewrap(self) -> None:
        """Wrap the newest entries at the current width; before the first layout there is none yet."""
        self._generation += 1
        self._wrapped_at = self.scrollable_content_region.width
        self._lines, self._starts, self._first = [], [], len(self.entries)
        if not self._wrapped_at:
            return
        if not self.entries and self.empty_message:
            self._lines = self._wrap(Text(self.empty_message), self._width,
                                     self.get_component_rich_style("journal--empty"))
        enough = max(40, self.size.height * FIRST_SCREENS)
        blocks: list[list[Strip]] = []
        total = 0
        while self._first > 0 and total < enough:
            self._first -= 1
            blocks.append(self._block(self.entries[self._first], self._first))
            total += len(blocks[-1])
        for block in reversed(blocks):
            self._starts.append(len(self._lines))
            self._lines += block
        self._resize()
        if self._first:
            self.set_timer(0.2, lambda g=self._generation: self._wrap_earlier(g))

    def _wrap_earlier(self, generation: int) -> None:
        """Wrap a chunk of older entries and put them above, keeping the view where it is."""
        if generation != self._generation or not self._first:
            return
        start = max(0, self._first - CHUNK)
        lines: list[Strip] = []
        starts: list[int] = []
        for index in range(start, self._first):
            starts.append(len(lines))
            lines += self._block(self.entries[index], index)
        added = len(lines)
        self._lines[:0] = lines
        self._starts = starts + [s + added for s in self._starts]
        self._first = start
        at_end = self.is_vertical_scroll_end
        self._resize()
        if at_end:
            self.scroll_end(animate=False, x_axis=False)
        else:
            self.scroll_to(y=self.scroll_y + added, animate=False, immediate=True)
        if self._first:
            self.set_timer(0.01, lambda: self._wrap_earlier(generation))

    def _resize(self) -> None:
        self.virtual_size = Size(self._width, len(self._lines))
        self.refresh()

    def _wrap(self, text: Text, width: int, style: Style) -> list[Strip]:
        console: Console = self.app.console
        text.stylize_before(style)
        return [Strip(list(line.render(console))) for line in text.wrap(console, width)]

    def _block(self, entry: JournalEntry, index: int) -> list[Strip]:
        width = self._width
        group = render.entry_group(entry)
        style = self.get_component_rich_style(f"journal--{group}")
        body = render.entry_body(entry)
        if group == "scene":
            lines = self._wrap(Text("── ") + body, width, style)
            return [Strip.blank(width), *lines] if index else lines
        label = render.entry_label(entry) if self.labels else None
        if label is None:
            return self._wrap(body, width, style)
        gutter = render.LABEL_WIDTH
        lines = self._wrap(body, max(10, width - gutter), Style())
        head = Strip([Segment(label.ljust(gutter), style)])
        pad = Strip.blank(gutter)
        return [Strip.join([head if n == 0 else pad, line]) for n, line in enumerate(lines)]

    # -- Textual hooks ----------------------------------------------------------------
    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._wrapped_at:
            at_end = self.is_vertical_scroll_end or not self._lines
            self._rewrap()
            if at_end:
                self.scroll_end(animate=False, x_axis=False)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self._wrapped_at:
            self._rewrap()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        base = self.rich_style
        if index >= len(self._lines):
            return Strip.blank(width, base)
        return self._lines[index].apply_style(base).crop_extend(scroll_x, scroll_x + width, base)
