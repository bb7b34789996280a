"""What a story generator made, shown before it joins the campaign: keep, reroll or discard."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from solo.campaign import JournalEntry
from solo.tui import render


class GeneratedDialog(ModalScreen[str | None]):
    """Dismissed with "keep", "reroll" or None (discard)."""

    DEFAULT_CSS = """
    GeneratedDialog { align: center middle; background: $background 60%; }
    GeneratedDialog > #generated {
        width: 100; max-width: 100%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    GeneratedDialog #title { text-style: bold; color: $accent; }
    GeneratedDialog #hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter,k", "answer('keep')", "Keep", id="generated.keep",
                tooltip="It joins the campaign, journaled as shown"),
        Binding("r", "answer('reroll')", "Reroll", id="generated.reroll",
                tooltip="A new roll of the campaign's dice instead (journaled as a reroll)"),
        Binding("escape,d", "answer(None)", "Discard", id="generated.discard",
                tooltip="Keep nothing; no dice are used"),
    ]

    def __init__(self, title: str, entries: Sequence[JournalEntry], rerolls: int):
        super().__init__()
        self.title_text = title + (f" (reroll {rerolls})" if rerolls else "")
        self.entries = list(entries)

    @property
    def text(self) -> str:
        return self.body().plain

    def body(self) -> Text:
        out = Text()
        for entry in self.entries:
            if out:
                out.append("\n")
            out.append(entry.text + "\n", style="bold")
            data = {k: v for k, v in entry.data.items() if k not in ("story", "rerolls")}
            out.append("\n".join(render.data_lines(data)) + "\n")
        return render.shown(out)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="generated"):
            yield Label(self.title_text, id="title")
            # The keys first: a long card at 80x24 would push them below the fold.
            yield Label("enter: keep · r: reroll (new dice) · esc: discard", id="hint")
            yield Static(self.body(), id="made")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)
