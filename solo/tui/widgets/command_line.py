"""The writing box at the bottom of the main screen: notes of many lines, `?` questions, `/commands`.

A `TextArea`, so a pasted block keeps every line.  Enter sends what is
written; Ctrl+J starts a new line (Shift+Enter too, in the terminals that
tell it apart from Enter).  The text is taken and the box emptied the moment
Enter is handled, key by key: input arriving in one burst (`a⏎b⏎c⏎` from a
terminal without bracketed paste, or a slow link) sends three lines, a, b
and c, never one merged line three times.

Up on the first line and Down on the last step through earlier lines (as in
a shell), so a repeated roll or a reworded question is one key away.
Ctrl+Z undoes the typing while there is any (`undo_typing`); the app's
campaign undo takes over once the box is empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widgets import TextArea

HISTORY = 200
NEW_LINE_KEYS = ("shift+enter",)  # Ctrl+J is a binding, shown in the footer
HINT = "Enter sends · Ctrl+J new line"


class CommandLine(TextArea):
    DEFAULT_CSS = """
    CommandLine {
        height: auto;
        min-height: 3;
        max-height: 10;
    }
    """
    BINDINGS = [
        Binding("ctrl+j", "new_line", "New line", id="line.new_line",
                tooltip="Start a new line in the note (Enter sends it)"),
        Binding("up", "earlier", "Earlier line", show=False, id="line.earlier",
                tooltip="On the first line: bring back the line typed before"),
        Binding("down", "later", "Later line", show=False, id="line.later",
                tooltip="On the last line: go forward through the lines typed"),
    ]

    @dataclass
    class Submitted(Message):
        """Enter was pressed: `value` is what was written (the box is already empty)."""

        line: CommandLine
        value: str

        @property
        def control(self) -> CommandLine:
            return self.line

    def __init__(self, *, placeholder: str = "", id: str | None = None):
        super().__init__(placeholder=placeholder, id=id, soft_wrap=True, tab_behavior="focus",
                         show_line_numbers=False)
        self.typed: list[str] = []
        self._at = 0

    def on_mount(self) -> None:
        # Headless means Pilot or a snapshot, never a player's terminal: a steady cursor there, so
        # what a test sees does not depend on where the half-second blink was when it looked.
        if self.app.is_headless:
            self.cursor_blink = False

    # -- what the screen and the tests use --------------------------------------------------
    @property
    def value(self) -> str:
        return self.text

    @value.setter
    def value(self, text: str) -> None:
        self.load_text(text)  # also forgets the typing's undo history: this is a new start
        self.move_cursor(self.document.end)

    def insert_text_at_cursor(self, text: str) -> None:
        self.insert(text)

    def remember(self, line: str) -> None:
        if line and (not self.typed or self.typed[-1] != line):
            self.typed.append(line)
            del self.typed[:-HISTORY]
        self._at = len(self.typed)

    def undo_typing(self) -> bool:
        """Undo the last bit of typing; False when the box is empty (the campaign's undo is next)."""
        if not self.text:
            return False
        before = self.text
        self.undo()
        if self.text == before:  # nothing left in the typing's own history: empty the box
            self.load_text("")
        return True

    # -- keys ----------------------------------------------------------------------------------
    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            value = self.text
            self.load_text("")
            self.post_message(self.Submitted(self, value))
            return
        if event.key in NEW_LINE_KEYS:
            event.stop()
            event.prevent_default()
            start, end = self.selection
            self._replace_via_keyboard("\n", start, end)
            return
        await super()._on_key(event)

    def action_new_line(self) -> None:
        start, end = self.selection
        self._replace_via_keyboard("\n", start, end)

    def action_earlier(self) -> None:
        if self.cursor_at_first_line and self.typed:
            self._step(-1)
        else:
            self.action_cursor_up()

    def action_later(self) -> None:
        if self.cursor_at_last_line and self.typed:
            self._step(1)
        else:
            self.action_cursor_down()

    def _step(self, step: int) -> None:
        self._at = max(0, min(len(self.typed), self._at + step))
        self.value = self.typed[self._at] if self._at < len(self.typed) else ""
