"""The journal: every entry of the campaign, newest at the bottom, wrapped to the width.

A line-API widget rather than a column of Static widgets: a long campaign
has thousands of entries and only a screenful is ever drawn.  Each entry is
wrapped once per width and kept as strips, with the line each entry starts
on, so adding entries renders only the new ones and an undo only cuts the
list back; a new width (a resized terminal) re-wraps everything once.
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


class JournalView(ScrollView, can_focus=True):
    COMPONENT_CLASSES = {f"journal--{g}" for g in GROUPS} | {"journal--empty"}

    DEFAULT_CSS = """
    JournalView {
        background: $surface;
        padding: 0 1;
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
        self._starts: list[int] = []  # the first line of each entry
        self._wrapped_at = 0

    # -- what the screen calls --------------------------------------------------------
    def set_entries(self, entries: Iterable[JournalEntry]) -> None:
        self.entries = list(entries)
        self._rewrap()
        self.scroll_end(animate=False, immediate=True, x_axis=False)

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
                self._add_block(entry, first + offset)
            self._resize()
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def truncate(self, count: int) -> None:
        """Keep the first `count` entries (after an undo)."""
        if count >= len(self.entries):
            return
        del self.entries[count:]
        if not self.entries or not self._wrapped_at:
            self._rewrap()
        else:
            del self._lines[self._starts[count]:]
            del self._starts[count:]
            self._resize()
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    @property
    def text(self) -> str:
        """What the journal shows, as plain lines (for tests and copying)."""
        return "\n".join(strip.text.rstrip() for strip in self._lines)

    # -- wrapping ---------------------------------------------------------------------
    @property
    def _width(self) -> int:
        return max(20, self._wrapped_at)

    def _rewrap(self) -> None:
        """Wrap every entry at the current width; before the first layout there is none yet."""
        self._wrapped_at = self.scrollable_content_region.width
        self._lines, self._starts = [], []
        if not self._wrapped_at:
            return
        if not self.entries and self.empty_message:
            self._lines = self._wrap(Text(self.empty_message), self._width,
                                     self.get_component_rich_style("journal--empty"))
        for index, entry in enumerate(self.entries):
            self._add_block(entry, index)
        self._resize()

    def _resize(self) -> None:
        self.virtual_size = Size(self._width, len(self._lines))
        self.refresh()

    def _wrap(self, text: Text, width: int, style: Style) -> list[Strip]:
        console: Console = self.app.console
        text.stylize_before(style)
        return [Strip(list(line.render(console))) for line in text.wrap(console, width)]

    def _add_block(self, entry: JournalEntry, index: int) -> None:
        self._starts.append(len(self._lines))
        width = self._width
        group = render.entry_group(entry)
        style = self.get_component_rich_style(f"journal--{group}")
        body = render.entry_body(entry)
        if group == "scene":
            if index:
                self._lines.append(Strip.blank(width))
            self._lines += self._wrap(Text("── ") + body, width, style)
            return
        label = render.entry_label(entry) if self.labels else None
        if label is None:
            self._lines += self._wrap(body, width, style)
            return
        gutter = render.LABEL_WIDTH
        lines = self._wrap(body, max(10, width - gutter), Style())
        head = Strip([Segment(label.ljust(gutter), style)])
        pad = Strip.blank(gutter)
        for n, line in enumerate(lines):
            self._lines.append(Strip.join([head if n == 0 else pad, line]))

    # -- Textual hooks ----------------------------------------------------------------
    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._wrapped_at:
            at_end = self.is_vertical_scroll_end
            self._rewrap()
            if at_end:
                self.scroll_end(animate=False, immediate=True, x_axis=False)

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
