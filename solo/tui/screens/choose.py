"""A dialog offering a list of choices; Enter picks one, Esc gives back None."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from solo.text_safety import pictures


class ChooseDialog(ModalScreen[str | None]):
    """`choices` are (value, label) pairs; the value of the one picked is returned."""

    CSS_PATH = "dialog.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel",
                        tooltip="Close without choosing")]

    def __init__(self, title: str, choices: Sequence[tuple[str, str]], *, detail: str = "",
                 selected: str | None = None, hint: str = ""):
        super().__init__(classes="dialog")
        self.title_text = title
        self.choices = list(choices)
        self.detail = detail
        self.selected = selected
        self.hint = hint or "↑↓: move · enter: choose · esc: cancel"

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(Text(pictures(self.title_text)), id="title")  # names: never markup
            if self.detail:
                yield Label(Text(pictures(self.detail)), id="detail")
            yield OptionList(*(Option(Text(pictures(label)), id=value) for value, label in self.choices),
                             id="choices")
            yield Label(self.hint, id="hint")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        values = [value for value, _ in self.choices]
        if self.selected in values:
            options.highlighted = values.index(self.selected)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
