"""An encounter, run by the rules engine: both sides with their state, and the PC's choices with odds.

The screen holds no encounter of its own: after every step it rebuilds the
campaign's running encounter (`solo.campaign.encounter_moves.current`) and
shows it.  A choice goes through the `rules.encounter_act` action, which
lets the engine play the NPCs until a PC must choose again, and journals
every step.  The player may leave the screen (the encounter waits) or end
it (a retreat, a truce) at any time.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from solo.campaign import Campaign
from solo.campaign.encounter_moves import Live, current
from solo.dice import percent
from solo.errors import SoloError
from solo.tui.moves.base import Play
from solo.tui.screens.confirm import ConfirmDialog
from solo.tui.widgets.journal import JournalView


def encounter_entries(campaign: Campaign) -> list[Any]:
    """The journal entries of the encounter running now (or the one that just ended)."""
    for index in range(len(campaign.journal) - 1, -1, -1):
        entry = campaign.journal[index]
        if entry.kind == "encounter" and entry.data.get("begins"):
            return campaign.journal[index:]
    return []


class FoesDialog(ModalScreen[list[str] | None]):
    """Pick who the party faces: the system's named NPCs and the campaign's own NPCs."""

    CSS_PATH = "dialog.tcss"
    BINDINGS = [
        Binding("enter", "start", "Start", id="foes.start", priority=True,
                tooltip="Start the encounter against the foes ticked"),
        Binding("escape", "cancel", "Cancel", id="foes.cancel", tooltip="No encounter"),
    ]

    def __init__(self, choices: list[tuple[str, str]]):
        super().__init__(classes="dialog")
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("Who do you face?", id="title")
            yield SelectionList[str](*((label, value) for value, label in self.choices), id="foes")
            yield Label("space: tick a foe · enter: start · esc: cancel", id="hint")

    def on_mount(self) -> None:
        self.query_one(SelectionList).focus()

    def action_start(self) -> None:
        picked = list(self.query_one(SelectionList).selected)
        if not picked:
            options = self.query_one(SelectionList)
            if options.highlighted is None:
                return
            picked = [options.get_option_at_index(options.highlighted).value]
        self.dismiss(picked)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EncounterScreen(Screen[None]):
    CSS_PATH = "encounter.tcss"
    BINDINGS = [
        Binding("e", "end", "End it", id="encounter.end",
                tooltip="Retreat or call it off now; harm taken so far stays"),
        Binding("escape", "back", "Journal", id="encounter.back",
                tooltip="Back to the journal (a running encounter waits for you)"),
    ]

    def __init__(self, play: Play, changed: Any):
        super().__init__()
        self.play = play
        self.changed = changed
        self.live: Live | None = None
        self.choices: list[Any] = []
        self.sides: dict[str, str] = {}

    @property
    def campaign(self) -> Campaign:
        return self.play.campaign

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="sides"):
            yield Static(id="party")
            yield Static(id="foes")
        yield JournalView(labels=False, id="fight")
        yield Label(id="asking")
        yield OptionList(id="actions")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Encounter"
        self.changed.subscribe(self, lambda _: self.refresh_state())
        self.refresh_state()

    @work(exclusive=True, group="encounter-view", exit_on_error=False)
    async def refresh_state(self) -> None:
        try:
            live = await asyncio.to_thread(current, self.campaign)
        except SoloError as exc:
            self.notify(str(exc), severity="error", markup=False)
            live = None
        self.show(live)

    def show(self, live: Live | None) -> None:
        self.live = live
        self.query_one("#fight", JournalView).set_entries(encounter_entries(self.campaign))
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        asking = self.query_one("#asking", Label)
        if live is None:
            self.sub_title = "over"
            self.choices = []
            asking.update(Text("The encounter is over. Esc goes back to the journal.", style="bold"))
            actions.display = False
            entries = encounter_entries(self.campaign)
            summary = entries[-1].data.get("sides") if entries else None
            if isinstance(summary, dict):
                for widget_id, side, heading in (("#party", "party", "Party"), ("#foes", "foes", "Foes")):
                    self._set(widget_id, self._ended_side(summary.get(side, []), heading))
            return
        enc = live.encounter
        self.sub_title = f"round {enc.round}"
        for widget_id, actors, heading in (("#party", live.party, "Party"), ("#foes", live.foes, "Foes")):
            self._set(widget_id, self._side(live, actors, heading))
        actor = live.waiting_for
        self.choices = live.choices()
        actions.display = bool(self.choices)
        if actor is None:
            asking.update("")
            return
        asking.update(Text(f"{enc.label(actor)}, what do you do?", style="bold"))
        actions.add_options(Option(self._choice(enc, action), id=str(i))
                            for i, action in enumerate(self.choices))
        actions.highlighted = 0
        actions.focus()

    def _set(self, widget_id: str, text: Text) -> None:
        self.sides[widget_id] = text.plain
        self.query_one(widget_id, Static).update(text)

    @staticmethod
    def _ended_side(people: list[dict[str, Any]], heading: str) -> Text:
        out = Text(heading + "\n", style="bold")
        for person in people:
            out.append(f"{person.get('name')} ({person.get('status')})\n")
        return out

    @staticmethod
    def _side(live: Live, actors: list[Any], heading: str) -> Text:
        out = Text(heading + "\n", style="bold")
        for actor in actors:
            status = live.encounter.status(actor)
            out.append(f"{live.encounter.label(actor)}", style="bold" if status == "fighting" else "dim")
            out.append(f" ({status})\n")
            out.append(f"  {live.system.resources(actor)}\n", style="dim")
        return out

    @staticmethod
    def _choice(encounter: Any, action: Any) -> Text:
        odds = encounter.action_odds(action)
        label = Text(action.label or action.kind)
        if odds is not None:
            label.append(f"  {percent(odds.success)}", style="bold")
        return label

    @property
    def text(self) -> str:
        """Both sides as plain text (for tests)."""
        return "\n".join(self.sides.values())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.act(int(event.option.id))

    @work(exclusive=True, group="encounter-act", exit_on_error=False)
    async def act(self, choice: int) -> None:
        self.query_one("#actions", OptionList).disabled = True
        try:
            await self.play.perform("rules.encounter_act", choice=choice)
        finally:
            self.query_one("#actions", OptionList).disabled = False

    @work(exclusive=True, group="encounter-act", exit_on_error=False)
    async def action_end(self) -> None:
        if self.live is None:
            return
        if await self.app.push_screen_wait(ConfirmDialog(
                "End the encounter now?", "A retreat or a truce: harm taken so far stays.")):
            await self.play.perform("rules.encounter_end")

    def action_back(self) -> None:
        self.dismiss(None)
