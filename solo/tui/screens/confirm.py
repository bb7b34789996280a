"""A yes/no question for things that cannot be taken back with undo (deleting a campaign)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from solo.text_safety import pictures


class ConfirmDialog(ModalScreen[bool]):
    """Only `y` says yes; anything meant as no (n, Esc) says no."""

    CSS_PATH = "dialog.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes", tooltip="Yes, do it"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no", tooltip="No, leave it as it is"),
    ]

    def __init__(self, question: str, detail: str = ""):
        super().__init__(classes="dialog")
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Text(pictures(self.question)), id="title")  # names: never markup
            if self.detail:
                yield Label(Text(pictures(self.detail)), id="detail")
            yield Label("y: yes · n or esc: no", id="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
