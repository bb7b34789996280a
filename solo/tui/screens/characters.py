"""The campaign's characters and their sheets, kept current as play changes them.

The sheet is the rule system's own stat block, read from the character's
saved sheet each time the campaign changes (the main screen signals every
finished action), so harm from an encounter or a journey shows at once.
New player characters come from guided creation or the random button and
join the campaign through the `character_add` action, like everything else.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from solo.campaign import Campaign, Character
from solo.dice import Rng
from solo.errors import SoloError
from solo.tui.moves.base import Play
from solo.tui.screens.creation import CreationScreen


def sheet_text(system: Any, character: Character) -> Text:
    """The character's stat block, or why there is none."""
    if system is None:
        return Text(f"{character.name}: no rule system reads this sheet.", style="dim")
    if not character.sheet:
        return Text(f"{character.name} has no rules sheet (a name in the story only).", style="dim")
    try:
        actor = system.load_actor(character.sheet)
    except SoloError as exc:
        return Text(f"{character.name}'s sheet cannot be read: {exc}", style="bold red")
    return Text(system.stat_block(actor), no_wrap=True)


def rules_system(campaign: Campaign) -> Any | None:
    """The campaign's rule system from the rules engine, or None (no system, or one it lacks)."""
    if not campaign.system:
        return None
    from solo.rules import registry

    if campaign.system not in registry.ids():
        return None
    return registry.get(campaign.system)


class PreviewDialog(ModalScreen[str | None]):
    """A new character's sheet before it joins: add it, roll again, or let it go."""

    CSS_PATH = "characters.tcss"
    BINDINGS = [
        Binding("enter,a", "answer('add')", "Add to the campaign", id="preview.add",
                tooltip="This character joins the campaign as a PC"),
        Binding("r", "answer('reroll')", "Roll again", id="preview.reroll",
                tooltip="Another random character instead"),
        Binding("escape", "answer(None)", "Discard", id="preview.discard", tooltip="Add nobody"),
    ]

    def __init__(self, sheet: Text, random: bool):
        super().__init__()
        self.sheet = sheet
        self.random = random

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="preview"):
            yield Label("A new player character", id="title")
            yield Static(self.sheet, id="preview-sheet")
            yield Label("enter: add to the campaign" + (" · r: roll again" if self.random else "")
                        + " · esc: discard", id="hint")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.random or parameters != ("reroll",)

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)


class CharactersScreen(Screen[None]):
    CSS_PATH = "characters.tcss"
    BINDINGS = [
        Binding("n", "new", "New PC", id="characters.new", tooltip="Create a player character, guided"),
        Binding("r", "random", "Random PC", id="characters.random",
                tooltip="Roll a player character at random (you see it before it joins)"),
        Binding("m", "move", "Move", id="characters.move",
                tooltip="One of the rule system's moves between fights (rest, heal, lay low...)"
                " for the PC on show"),
        Binding("escape", "back", "Back", id="characters.back", tooltip="Back to the journal"),
    ]

    def __init__(self, play: Play, changed: Any):
        super().__init__()
        self.play = play
        self.changed = changed
        self.selected: int | None = None
        self._shown = Text()

    @property
    def campaign(self) -> Campaign:
        return self.play.campaign

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="characters"):
            yield OptionList(id="people")
            with VerticalScroll(id="sheet-box"):
                yield Static(id="sheet")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"{self.campaign.name}: characters"
        self.sub_title = self.campaign.system or "no rule system"
        self.changed.subscribe(self, lambda _: self.show())
        self.show()
        self.query_one(OptionList).focus()

    @property
    def people(self) -> list[Character]:
        return self.campaign.pcs + [c for c in self.campaign.npcs if c.sheet]

    def show(self) -> None:
        people = self.people
        options = self.query_one(OptionList)
        keep = self.selected
        options.clear_options()
        options.add_options(Option(f"{c.name} ({'PC' if c.role == 'pc' else 'NPC'})", id=str(c.id))
                            for c in people)
        ids = [c.id for c in people]
        if people:
            options.highlighted = ids.index(keep) if keep in ids else 0
        self._show_sheet()

    def _show_sheet(self) -> None:
        people = {c.id: c for c in self.people}
        if self.selected not in people:
            self.selected = next(iter(people), None)
        if self.selected is None:
            self._shown = Text("No characters yet: n creates a player character step by step,"
                               " r rolls one at random.", style="dim")
        else:
            self._shown = sheet_text(rules_system(self.campaign), people[self.selected])
        self.query_one("#sheet", Static).update(self._shown)

    @property
    def shown(self) -> str:
        """The sheet on show, as plain text (for tests)."""
        return self._shown.plain

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.selected = int(event.option.id)
            self._show_sheet()

    def _system(self) -> Any:
        system = rules_system(self.campaign)
        if system is None:
            raise SoloError("characters need the campaign to play a rule system the rules engine knows"
                            f" (this one plays {self.campaign.system or 'none'})")
        return system

    @work(exclusive=True, group="characters", exit_on_error=False)
    async def action_new(self) -> None:
        try:
            system = self._system()
            actor = await self.app.push_screen_wait(CreationScreen(system))
            if actor is not None:
                await self._offer(system, actor, random=False)
        except SoloError as exc:
            self.notify(str(exc), severity="error", markup=False)

    @work(exclusive=True, group="characters", exit_on_error=False)
    async def action_random(self) -> None:
        try:
            system = self._system()
            rng = Rng()
            while await self._offer(system, system.random_character(rng), random=True):
                pass
        except SoloError as exc:
            self.notify(str(exc), severity="error", markup=False)

    async def _offer(self, system: Any, actor: Any, random: bool) -> bool:
        """Show the sheet; True when the player wants another random one instead."""
        answer = await self.app.push_screen_wait(PreviewDialog(Text(system.stat_block(actor)), random))
        if answer == "add":
            entries = await self.play.perform("character_add", sheet=actor.to_dict())
            if entries:
                self.selected = entries[0].data["id"]
                self.show()
        return answer == "reroll"

    @work(exclusive=True, group="characters", exit_on_error=False)
    async def action_move(self) -> None:
        """The move list for the PC on show; the sheet refreshes when the move is done."""
        from solo.tui.moves.between import make_move

        try:
            people = {c.id: c for c in self.people}
            chosen = people.get(self.selected) if self.selected is not None else None
            if chosen is None or chosen.role != "pc":
                raise SoloError("choose a player character first: moves between fights are theirs")
            entries = await make_move(self.play, character=chosen)
            if entries:
                self.notify("\n".join(e.text for e in entries), title="Done", markup=False)
        except SoloError as exc:
            self.notify(str(exc), severity="error", markup=False)

    def action_back(self) -> None:
        self.dismiss(None)
