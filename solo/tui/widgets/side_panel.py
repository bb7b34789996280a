"""The side panel: where the story stands (scene, chaos, marks, clues, clocks), threads, people."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from solo.campaign import Campaign
from solo.tui import render


class SidePanel(VerticalScroll, can_focus=True):
    """Focusable (Tab from the journal): Up, Down and Page keys scroll it; Enter opens a thread,
    a character or a notable with everything it holds."""

    BINDINGS = [Binding("enter", "choose", "Open", id="side.open",
                        tooltip="Open a thread, a character or a notable")]

    @dataclass
    class Chosen(Message):
        """Enter on the panel: the screen offers what to open."""

        panel: SidePanel

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self))

    DEFAULT_CSS = """
    SidePanel {
        width: 32;
        padding: 0 1;
        background: $panel;
    }
    SidePanel > .heading {
        color: $accent;
        text-style: bold;
        margin-top: 1;
    }
    SidePanel > #state { margin-top: 1; }
    SidePanel:focus { background-tint: $accent 6%; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="state")
        yield Static("Threads", classes="heading")
        yield Static(id="threads")
        yield Static("People", classes="heading")
        yield Static(id="people")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: dict[str, Text] = {}

    text = ""
    """What the panel shows, as plain text (for tests and screen readers' sake)."""

    def show(self, campaign: Campaign, resources: dict[int, str] | None = None) -> None:
        """Show the campaign; a part whose text is unchanged (most moves change one or none) is left
        alone, since each update lays the whole screen out again before the next frame."""
        parts = {"state": render.state_panel(campaign), "threads": render.threads_panel(campaign),
                 "people": render.people_panel(campaign, resources)}
        for key, text in parts.items():
            if self._shown.get(key) != text:
                self._shown[key] = text
                self.query_one(f"#{key}", Static).update(render.Hanging(text))
        self.text = "\n".join([parts["state"].plain, "Threads", parts["threads"].plain,
                               "People", parts["people"].plain])
