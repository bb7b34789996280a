"""One journal entry opened: its words, the words it was first written with, and all its data."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class EntryScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    EntryScreen { align: center middle; background: $background 60%; }
    EntryScreen > #help {
        width: 100; max-width: 100%; height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape,q,enter", "close", "Close", id="entry.close",
                        tooltip="Back to the journal")]

    def __init__(self, details: Text):
        super().__init__()
        self.details = details

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(self.details, id="details")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # Up, Down, Page Up and Page Down scroll it

    @property
    def text(self) -> str:
        return self.details.plain

    def action_close(self) -> None:
        self.dismiss(None)
