"""A dialog asking for one line of text; Enter gives it back, Esc gives back None."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from solo.errors import SoloError


class PromptDialog(ModalScreen[str | None]):
    CSS_PATH = "dialog.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel",
                        tooltip="Close without doing anything")]

    def __init__(self, title: str, *, value: str = "", placeholder: str = "", hint: str = "",
                 check: Callable[[str], object] | None = None, allow_empty: bool = False):
        super().__init__(classes="dialog")
        self.title_text = title
        self.value = value
        self.placeholder = placeholder
        self.hint = hint or "enter: OK · esc: cancel"
        self.check = check
        self.allow_empty = allow_empty

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(self.title_text, id="title")
            yield Input(self.value, placeholder=self.placeholder, id="answer")
            yield Label(self.hint, id="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text and not self.allow_empty:
            self.notify("Type something first, or press Esc to cancel.", severity="warning")
            return
        if self.check is not None and text:
            try:
                self.check(text)
            except SoloError as exc:  # say what is wrong and let the player fix it
                self.notify(str(exc), severity="error", markup=False)
                return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
