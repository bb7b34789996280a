"""A dialog giving a note new words: the note's text in a writing box, Enter saves, Esc cancels.

The same box as the main screen's (`CommandLine`): Ctrl+J starts a new line.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from solo.tui.widgets.command_line import HINT, CommandLine


class EditNoteDialog(ModalScreen[str | None]):
    CSS_PATH = "dialog.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="edit.cancel",
                        tooltip="Close without changing the note")]

    def __init__(self, title: str, text: str):
        super().__init__(classes="dialog")
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(self.title_text, id="title")
            yield CommandLine(id="answer")
            yield Label(f"{HINT} · Esc: cancel · the first words stay in the action log", id="hint")

    def on_mount(self) -> None:
        box = self.query_one(CommandLine)
        box.value = self.text
        box.focus()

    def on_command_line_submitted(self, event: CommandLine.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.query_one(CommandLine).value = event.value
            self.notify("A note needs words; Esc cancels, Delete in the journal strikes it out.",
                        severity="warning")
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
