"""Start a campaign: a name (one is suggested) and a rule system; Enter and play.

A newcomer's first `solo` lands here with everything filled in, so one key
starts a game.  The systems offered are those the rules engine can play
(characters and encounters need it); "none" plays with the oracle, dice and
tables alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from solo.campaign import known_systems
from solo.rules import registry

NO_SYSTEM = "none"
DEFAULT_NAME = "The First Tale"


@dataclass(frozen=True)
class NewCampaign:
    name: str
    system: str | None


def playable_systems() -> list[str]:
    """The systems a campaign may name: those the rules engine implements."""
    return known_systems()


class NewCampaignDialog(ModalScreen[NewCampaign | None]):
    CSS_PATH = "dialog.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="new.cancel", tooltip="Do not start a campaign")]

    def __init__(self, name: str = DEFAULT_NAME, system: str | None = None, *, welcome: bool = False):
        super().__init__(classes="dialog")
        self.suggested = name
        systems = playable_systems()
        self.system = system if system in systems else (systems[0] if systems else None)
        self.welcome = welcome

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("Welcome to solo — start your first campaign" if self.welcome
                        else "Start a campaign", id="title")
            yield Label("Its name:")
            yield Input(self.suggested, id="name")
            yield Label("The rule system it plays (for characters and encounters):")
            options = [Option(registry.get(s).name, id=s) for s in playable_systems()]
            options.append(Option("None — the oracle, dice and tables only", id=NO_SYSTEM))
            yield OptionList(*options, id="system")
            yield Label("enter: start · tab: name / system · esc: cancel", id="hint")

    def on_mount(self) -> None:
        systems = self.query_one(OptionList)
        ids = [o.id for o in systems.options]
        systems.highlighted = ids.index(self.system or NO_SYSTEM)
        self.query_one(Input).focus()

    def _start(self) -> None:
        name = self.query_one(Input).value.strip()
        if not name:
            self.notify("The campaign needs a name.", severity="warning")
            self.query_one(Input).focus()
            return
        options = self.query_one(OptionList)
        index = options.highlighted
        chosen = options.get_option_at_index(index).id if index is not None else NO_SYSTEM
        self.dismiss(NewCampaign(name, None if chosen == NO_SYSTEM else chosen))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._start()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._start()

    def action_cancel(self) -> None:
        self.dismiss(None)
