"""An encounter, run by the rules engine: both sides with their state, and the PC's choices with odds.

Both sides share one roster, a row a participant (its side in the gutter,
then its name, then its tracks and its place in the fight), so a short
terminal still names everyone: when the rows would outgrow their share of
the screen each is cut to one line, and Tab to the roster shows them whole.
The system's board (a stack, a stage) sits under it and scrolls the same way.

The screen holds no encounter of its own.  After every step it asks the
campaign for the picture of the running one (`encounter_view`: who stands
where, whose move it is, the legal moves with their exact odds) and shows
it.  The PC's choice is asked in short steps, each option with its exact
chance: the move (a dozen or so lines), then whom, then how hard; Esc goes
back a step.  The choice goes through the `rules.encounter_act` action,
which lets the engine play the foes until a PC must choose again and
journals every round.
The player may leave the screen (the encounter waits), let the engine play
it out, or break it off (retreat, surrender, truce, rout) at any time.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rich.console import RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer, Header, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from solo.campaign import Campaign, JournalEntry
from solo.campaign.encounter_moves import OUTCOMES, STANDING, encounter_view
from solo.errors import SoloError
from solo.tui.moves.base import Play
from solo.tui.render import Hanging, encounter_running
from solo.tui.screens.choose import ChooseDialog
from solo.tui.screens.prompt import PromptDialog
from solo.tui.widgets.journal import JournalView

ENDINGS = [("retreat", "Retreat: the party falls back"), ("surrender", "Surrender: the party gives in"),
           ("truce", "Truce: both sides agree to stop"), ("rout", "Rout: the foes break and flee")]
assert {key for key, _ in ENDINGS} == set(OUTCOMES)


def encounter_entries(campaign: Campaign) -> list[JournalEntry]:
    """The journal entries of the encounter running now (or the one that ended last)."""
    for index in range(len(campaign.journal) - 1, -1, -1):
        entry = campaign.journal[index]
        if entry.kind == "encounter" and entry.data.get("started"):
            return campaign.journal[index:]
    return []


def resources(system_id: str, participant: dict[str, Any]) -> str:
    """The participant's running tracks in its system's words (empty if the sheet cannot be read)."""
    from solo.rules import registry

    try:
        system = registry.get(system_id)
        return system.resources(system.load_actor(participant["sheet"]))
    except SoloError:
        return ""


class FoesDialog(ModalScreen[list[str] | None]):
    """Pick who the party faces: the campaign's own NPCs and the system's named NPCs, any number of each
    (space ticks one, right or + adds one more of the same, left or - takes one away)."""

    CSS_PATH = "dialog.tcss"
    BINDINGS = [
        Binding("enter", "start", "Start", id="foes.start", priority=True,
                tooltip="Start the encounter against the foes ticked (or the one highlighted)"),
        Binding("right,plus,equals_sign", "more", "One more", id="foes.more",
                tooltip="Add one more of the highlighted foe"),
        Binding("left,minus", "fewer", "One fewer", id="foes.fewer",
                tooltip="Take one of the highlighted foe away"),
        Binding("escape", "cancel", "Cancel", id="foes.cancel", tooltip="No encounter"),
    ]

    def __init__(self, choices: list[tuple[str, str]]):
        super().__init__(classes="dialog")
        self.choices = choices
        self.counts: dict[str, int] = {}  # how many of a ticked foe beyond one are asked for (value: count)

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("Who do you face?", id="title")
            yield SelectionList[str](*((label, value) for value, label in self.choices), id="foes")
            yield Label("space: tick · →/← or +/-: how many · enter: start · esc: cancel", id="hint")

    def on_mount(self) -> None:
        self.query_one(SelectionList).focus()

    def _count(self, step: int) -> None:
        options = self.query_one(SelectionList)
        if options.highlighted is None:
            return
        value = options.get_option_at_index(options.highlighted).value
        ticked = value in options.selected
        count = max(0, (self.counts.get(value, 1) if ticked else 0) + step)
        self.counts[value] = count
        if count and not ticked:
            options.select(value)
        elif not count and ticked:
            options.deselect(value)
        self._label(options.highlighted, value)

    def _label(self, index: int, value: str) -> None:
        label = dict(self.choices)[value]
        count = self.counts.get(value, 1)
        self.query_one(SelectionList).replace_option_prompt_at_index(
            index, f"{label} x{count}" if count > 1 else label)

    def on_selection_list_selection_toggled(self, event: SelectionList.SelectionToggled[str]) -> None:
        self.counts.pop(event.selection.value, None)  # a tick or untick by space means one (or none)
        self._label(event.selection_index, event.selection.value)

    def action_more(self) -> None:
        self._count(1)

    def action_fewer(self) -> None:
        self._count(-1)

    def action_start(self) -> None:
        options = self.query_one(SelectionList)
        picked = [value for value in options.selected for _ in range(max(1, self.counts.get(value, 1)))]
        if not picked and options.highlighted is not None:
            picked = [options.get_option_at_index(options.highlighted).value]
        if picked:
            self.dismiss(picked)

    def action_cancel(self) -> None:
        self.dismiss(None)


ROSTER_SHARE = 0.3  # of the screen's height, border included
BOARD_SHARE = 0.4  # a deep stack matters more than the log under it, which takes what is left


def roster_height(screen_height: int, share: float = ROSTER_SHARE) -> int:
    """The most lines the roster (or the board) takes, its border under it included (three rows at least)."""
    return max(4, int(screen_height * share))


class Roster(Widget):
    """Rows of (side, name, detail), the side named on its first row only.  The rows wrap when all of
    them fit the roster's share of the screen; otherwise each is cut to one line, unless `whole`."""

    DEFAULT_CSS = "Roster { height: auto; }"

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.rows: list[tuple[str, Text, str]] = []
        self.whole = False  # show every row in full (the roster has the focus)
        self.cut = False  # the rows are cut to one line each, as last laid out

    def set_rows(self, rows: list[tuple[str, Text, str]]) -> None:
        self.rows = rows
        self.refresh(layout=True)

    def table(self, cut: bool) -> Table:
        grid = Table.grid(padding=(0, 1), expand=True)  # two spaces after the side (below), one after names
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1, no_wrap=cut, overflow="ellipsis" if cut else "fold", style="dim")
        side = None
        for heading, name, detail in self.rows:
            grid.add_row(f"{heading} " if heading != side else "", name, detail)
            side = heading
        return grid

    def lines(self, width: int, cut: bool) -> list[list[Segment]]:
        console = self.app.console
        return console.render_lines(self.table(cut), console.options.update_width(max(1, width)), pad=False)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        room = roster_height(viewport.height) - 1  # less the border under it
        over = len(self.lines(width, False)) > room
        self.cut = not self.whole and over
        if self.parent is not None and isinstance(self.parent, Widget):
            self.parent.border_subtitle = ("tab: every row in full" if self.cut
                                           else "↑/↓: scroll the rows" if over else "")
        return len(self.lines(width, self.cut))

    def render(self) -> RenderableType:
        return self.table(self.cut)

    @property
    def plain(self) -> str:
        """The rows as laid out now, as plain text (for tests)."""
        width = self.content_size.width or 78
        return "\n".join("".join(seg.text for seg in line).rstrip() for line in self.lines(width, self.cut))


class FullOnFocus(VerticalScroll):
    """A scrolling box whose Roster shows every row whole while the box has the focus."""

    def on_focus(self, event: events.Focus) -> None:
        self._whole(True)

    def on_blur(self, event: events.Blur) -> None:
        self._whole(False)

    def _whole(self, whole: bool) -> None:
        for roster in self.query(Roster):
            roster.whole = whole
            roster.refresh(layout=True)


class EncounterScreen(Screen[None]):
    CSS_PATH = "encounter.tcss"
    BINDINGS = [
        Binding("a", "auto", "Play it out", id="encounter.auto",
                tooltip="Let the engine play both sides to the end"),
        Binding("e", "end", "Break off", id="encounter.end",
                tooltip="Retreat, surrender, call a truce or rout them now; harm taken so far stays"),
        Binding("escape", "back", "Back", id="encounter.back",
                tooltip="Back a step of the choice, or to the journal (a running encounter waits for you)"),
    ]

    def __init__(self, play: Play, changed: Any):
        super().__init__()
        self.play = play
        self.changed = changed
        self.view: dict[str, Any] | None = None
        self.picked: dict[str, Any] = {}  # the choice so far: move, target, parameters
        self.board_text = ""  # the board as plain text (for tests)
        self.step: list[tuple[str, Any, dict[str, Any]]] = []  # the options shown: (what, value, row)

    @property
    def campaign(self) -> Campaign:
        return self.play.campaign

    def compose(self) -> ComposeResult:
        yield Header()
        with FullOnFocus(id="roster"):  # Tab to it: every row whole, scrolling with the arrow keys
            yield Roster(id="sides")
        with VerticalScroll(id="board-box"):
            yield Static(id="board")
        yield JournalView(labels=False, id="fight")
        yield Label(id="asking")
        yield OptionList(id="actions")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Encounter"
        self._fit(self.app.size.height)
        self.changed.subscribe(self, lambda _: self.refresh_view())
        self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        """The roster and the board each take at most their share of the screen (in whole lines, so
        the roster knows when to cut its rows); past it they scroll."""
        self.query_one("#roster").styles.max_height = roster_height(height)
        self.query_one("#board-box").styles.max_height = roster_height(height, BOARD_SHARE)

    @work(exclusive=True, group="encounter-view", exit_on_error=False)
    async def refresh_view(self) -> None:
        view = None
        if encounter_running(self.campaign):
            tables = await self.play.tables()
            try:
                view = await asyncio.to_thread(encounter_view, self.campaign, tables)
            except SoloError as exc:
                self.notify(str(exc), severity="error", markup=False)
        self.show(view)

    def show(self, view: dict[str, Any] | None) -> None:
        self.view = view
        self.query_one("#fight", JournalView).set_entries(encounter_entries(self.campaign))
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        asking = self.query_one("#asking", Label)
        if view is None:
            self.sub_title = "over"
            asking.update(Text("The encounter is over. Esc goes back to the journal.", style="bold"))
            actions.display = False
            self._show_board([])
            entries = encounter_entries(self.campaign)
            last = entries[-1].data if entries else {}
            summary = last.get("sides")
            self._set([])  # no fight left to show (its start was undone) unless its summary follows
            if isinstance(summary, dict):
                standing = STANDING.get(last.get("outcome") or "") or "still standing"
                self._set([*self._ended(summary.get("party", []), "Party", standing),
                           *self._ended(summary.get("foes", []), "Foes", "still standing")])
            self.refresh_bindings()
            return
        self.sub_title = f"round {view['round']}"
        self._set([*self._side(view["system"], view["party"], "Party"),
                   *self._side(view["system"], view["foes"], "Foes")])
        self._show_board(view.get("board") or [])
        actions.display = bool(view["actions"])
        if view["waiting"] is None:
            asking.update("")
            return
        self.picked = {}
        self.ask()

    def _rows(self) -> list[dict[str, Any]]:
        """The actions the choice so far leaves open."""
        assert self.view is not None
        picked = self.picked
        return [r for r in self.view["actions"] if r["move"] == picked.get("move")
                and picked.get("target") in (None, r["target"])
                and all(r["params"].get(k) == v for k, v in picked.get("params", {}).items())]

    @staticmethod
    def _typical(rows: list[dict[str, Any]], move: dict[str, Any], target: str | None = None,
                 params: dict[str, Any] | None = None) -> dict[str, Any]:
        """The row to show for a step's option: that target or parameter, the rest as the move's default."""
        params = params or {}
        fits = [r for r in rows if target in (None, r["target"])
                and all(r["params"].get(k) == v for k, v in params.items())]
        default = {k: v for k, v in move["default"].items() if k not in params}
        return next((r for r in fits if all(r["params"].get(k) == v for k, v in default.items())), fits[0])

    def ask(self) -> None:
        """Show the next step of the PC's choice: the move, whom, then each parameter."""
        view = self.view
        assert view is not None
        actions = self.query_one("#actions", OptionList)
        asking = self.query_one("#asking", Label)
        actions.clear_options()
        step: list[tuple[str, Any, dict[str, Any]]] = []
        highlight = 0
        if "move" not in self.picked:
            prompt = f"{view['waiting']}, what do you do?"
            for move in view["moves"]:
                row = next(r for r in view["actions"] if r["move"] == move["move"] and r["typical"])
                one = f" {move['targets'][0]}" if len(move["targets"]) == 1 else ""
                step.append(("move", move["move"], row | {"label": move["label"] + one}))
        else:
            move = view["moves"][self.picked["move"]]
            rows = self._rows()
            params = self.picked.setdefault("params", {})
            left = [p for p in move["params"] if p["name"] not in params]
            if "target" not in self.picked and len(move["targets"]) > 1:
                prompt = f"{move['label']}: whom?"
                for target in move["targets"]:
                    row = self._typical(rows, move, target=target)
                    step.append(("target", target, row | {"label": target}))
            elif left:
                param = left[0]
                prompt = f"{move['label']}: {'how hard' if param['name'] == 'difficulty' else param['name']}?"
                for value in param["values"]:
                    row = self._typical(rows, move, params={param["name"]: value})
                    step.append(("param", (param["name"], value), row | {"label": str(value)}))
                    if move["default"].get(param["name"]) == value:
                        highlight = len(step) - 1
                if param.get("open"):  # the values are suggestions: the player may type another
                    row = self._typical(rows, move)
                    step.append(("type", param["name"], row | {"label": f"Type your own {param['name']}...",
                                                               "chance": None}))
            else:
                self.step = []
                self.act(view["waiting"], rows[0]["index"])
                return
        self.step = step
        asking.update(Text(prompt, style="bold"))
        actions.add_options(Option(self._choice(row), id=str(i)) for i, (_, _, row) in enumerate(step))
        actions.highlighted = highlight
        actions.focus()

    def _show_board(self, sections: list[dict[str, Any]]) -> None:
        """The fight's shared state the system describes (a stack, a stage...); hidden when there is none.
        A section of one line shares its heading's line, to leave a short screen room for the rest."""
        self.query_one("#board-box").display = bool(sections)
        text = Text()
        for section in sections:
            if text:
                text.append("\n")
            lines = [str(line) for line in section.get("lines", [])]
            text.append(str(section.get("title", "")), style="bold")
            if len(lines) == 1:
                text.append(": " + lines[0])
            else:
                for line in lines:
                    text.append("\n  " + line)
        self.board_text = text.plain
        self.query_one("#board", Static).update(Hanging(text))  # a long item's wrapped lines hang under it

    def _set(self, rows: list[tuple[str, Text, str]]) -> None:
        self.query_one(Roster).set_rows(rows)

    @staticmethod
    def _side(system_id: str, people: list[dict[str, Any]], heading: str) -> list[tuple[str, Text, str]]:
        """A row a participant: its name (bold while it fights, else dim with how it stands), then its
        tracks in its system's words and its place in the fight."""
        rows = []
        for person in people:
            standing = person["status"] == "fighting"
            name = Text(person["label"], style="bold" if standing else "dim")
            if not standing:
                name.append(f" ({person['status']})")
            detail = " · ".join(part for part in (resources(system_id, person), person.get("state")) if part)
            rows.append((heading, name, detail))
        return rows

    @staticmethod
    def _ended(people: list[dict[str, Any]], heading: str, standing: str) -> list[tuple[str, Text, str]]:
        rows = []
        for person in people:
            taken = ", ".join(f"{k} {v}" for k, v in (person.get("harm") or {}).items() if v)
            status = person.get("status")
            name = Text(f"{person.get('name')} ({standing if status == 'fighting' else status})")
            rows.append((heading, name, f"took {taken}" if taken else ""))
        return rows

    @staticmethod
    def _choice(action: dict[str, Any]) -> Text:
        label = Text(action["label"])
        if action["chance"]:
            label.append(f"  {action['chance']}", style="bold")
        return label

    @property
    def text(self) -> str:
        """Both sides as plain text, as laid out on the screen now (for tests)."""
        return self.query_one(Roster).plain

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("auto", "end"):
            return self.view is not None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None or self.view is None or not self.step:
            return
        what, value, _ = self.step[int(event.option.id)]
        if what == "type":
            self.type_value(value)
            return
        if what == "move":
            self.picked = {"move": value}
        elif what == "target":
            self.picked["target"] = value
        else:
            self.picked.setdefault("params", {})[value[0]] = value[1]
        self.ask()

    @work(exclusive=True, group="encounter-act", exit_on_error=False)
    async def act(self, actor: str, choice: int) -> None:
        actions = self.query_one("#actions", OptionList)
        actions.disabled = True
        try:
            await self.play.perform("rules.encounter_act", actor=actor, action=choice)
        finally:
            actions.disabled = False

    @work(exclusive=True, group="encounter-act", exit_on_error=False)
    async def type_value(self, name: str) -> None:
        """An open parameter typed by the player (a cast's dice): the move so far with it, checked by the
        rules when it is made (a refusal is shown and the choice stays open)."""
        assert self.view is not None
        waiting = self.view["waiting"]
        move = self.view["moves"][self.picked["move"]]
        suggested: list[Any] = next((p["values"] for p in move["params"] if p["name"] == name), [])
        text = await self.app.push_screen_wait(PromptDialog(
            f"{move['label']}: {name}?", placeholder=" or ".join(map(str, suggested[:2])),
            hint="enter: make the move · esc: back to the list"))
        if not text:
            return
        action = dict(self._typical(self._rows(), move)["action"])
        action["options"] = {**(action.get("options") or {}), name: text}
        await self.play.perform("rules.encounter_act", actor=waiting, action=action)

    @work(exclusive=True, group="encounter-act", exit_on_error=False)
    async def action_auto(self) -> None:
        await self.play.perform("rules.encounter_auto")

    @work(exclusive=True, group="encounter-act", exit_on_error=False)
    async def action_end(self) -> None:
        outcome = await self.app.push_screen_wait(ChooseDialog("Break the encounter off?", ENDINGS,
                                                               detail="Harm taken so far stays."))
        if outcome:
            await self.play.perform("rules.encounter_end", outcome=outcome)

    def action_back(self) -> None:
        if self.picked and self.view is not None and self.view["waiting"] is not None:
            self.picked = {}  # back to the list of moves
            self.ask()
            return
        self.dismiss(None)
