"""The main screen: the journal, the side panel and the input line of one open campaign.

Every change goes through one queue of campaign actions, worked off in
order by a single task that runs each action (and its save) in a thread.
The screen stays responsive while a big campaign saves, actions never
overtake each other, and quitting or switching campaigns first waits for
the queue to empty, so nothing the player did is ever dropped.

Focus starts on the input line, where typing is writing.  Esc moves focus
to the journal, where single keys play moves (shown in the footer then);
Enter, `/` or `?` go back to writing.
"""

from __future__ import annotations

import asyncio
import copy
import functools
from typing import TYPE_CHECKING, Any, TypeVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.signal import Signal
from textual.widget import Widget
from textual.widgets import Input, Static, TextArea

from solo.campaign import Campaign, JournalEntry, Session
from solo.campaign.journal_edits import edits
from solo.dice.entered import DiceNeeded
from solo.errors import SoloError
from solo.text_safety import pictures
from solo.tui import resources
from solo.tui.library import Library
from solo.tui.moves.all import MOVES, all_moves, command_words
from solo.tui.quick import parse_line
from solo.tui.widgets.command_line import HINT, CommandLine
from solo.tui.widgets.journal import JournalView

if TYPE_CHECKING:
    from solo.tables import TableSet
    from solo.tui.widgets.side_panel import SidePanel

T = TypeVar("T")
W = TypeVar("W", bound=Widget)
LOG_POLL_SECONDS = 0.5  # how often the campaign's log is looked at for another solo's moves

WELCOME = (
    "This is your journal. Type what happens and press Enter to write it down.\n\n"
    "Start a line with ? to ask the oracle:  ? Is the gate guarded? likely\n"
    "Start it with / for a command:  /roll 2d6   /table weather   /scene   /help\n\n"
    "Esc leaves the line so single keys play moves; F1 lists them all; Ctrl+P searches every"
    " move and table."
)

MOVE_KEYS = [
    Binding(m.key, f"key_move('{m.id}')", m.title, id=f"move.{m.id}", tooltip=m.help)
    for m in all_moves() if m.key
]


class MainScreen(Screen[None]):
    # Styles: screens/main.tcss, loaded by the app (this is its default screen).
    AUTO_FOCUS = "#line"  # not the journal first and then the line: each change redraws the footer
    BINDINGS = [
        Binding("escape", "keys", "Moves", id="main.keys",
                tooltip="Leave the input line so single keys play moves"),
        Binding("enter", "write", "Write", id="main.write",
                tooltip="Back to the input line to write or type a command"),
        Binding("slash", "search", "Search", show=False, id="main.slash",
                tooltip="Search the journal (from the journal; on the input line / starts a command)"),
        Binding("ctrl+f", "search", "Find", id="main.find", priority=True,
                tooltip="Search the journal by words, kind:, scene: or char:, and jump to a match"),
        Binding("f2", "toggle_side", "Panel", show=False, id="main.panel",
                tooltip="Show or hide the side panel"),
        Binding("f4", "toggle_dice", "Own dice", show=False, id="main.dice",
                tooltip="Roll your own dice: every die a move rolls is asked for (F4 again: solo's)"),
        Binding("question_mark", "write('? ')", "Ask", show=False, id="main.question",
                tooltip="Start a question for the oracle on the input line"),
        *MOVE_KEYS,
    ]

    def __init__(self, session: Session, library: Library):
        super().__init__()
        self.session = session
        self.library = library
        self._queue: asyncio.Queue[tuple[str, dict[str, Any], asyncio.Future | None]] = asyncio.Queue()
        self._runner: asyncio.Task | None = None
        self._pending = 0
        self._changed: Signal[Campaign] = Signal(self, "campaign-changed")
        self._resources: dict[int, str] = {}
        self._asked: Any = None  # the system and sheets the resources shown were read from

    # -- layout -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # Before the app's first frame, the header, the side panel and the footer are only empty
        # slots of their size (see `mount_rest`): the frame that shows the newest entries comes
        # sooner, and nothing moves when they arrive.
        # Their modules load then too (Textual's Header and Footer among them).
        self._rest_mounted = getattr(self.app, "started", True)
        header, side, footer = self._rest() if self._rest_mounted else (
            Static(id="header-slot"), self._as_set(Static(id="side-slot")), Static(id="footer-slot"))
        yield header
        with Horizontal(id="play"):
            yield JournalView(WELCOME, id="journal")
            yield side
        yield CommandLine(placeholder=f"Write what happens ({HINT}) · ? ask the oracle · /command"
                                      " · F1 help", id="line")
        yield footer

    def _rest(self) -> tuple[Widget, Widget, Widget]:
        """The header, the side panel (shown or hidden as the settings say) and the footer."""
        from textual.widgets import Header

        from solo.tui.widgets.footer import KeysFooter
        from solo.tui.widgets.side_panel import SidePanel

        return Header(), self._as_set(SidePanel(id="side")), KeysFooter()

    def _as_set(self, side: W) -> W:
        """The side panel (or its slot) shown or hidden as the player's settings say."""
        settings = getattr(self.app, "settings", None)
        if settings is not None:
            side.display = settings.side_panel
        return side

    @property
    def whole(self) -> bool:
        """Whether the header, the side panel and the footer are in place (not their slots)."""
        return self._rest_mounted

    async def mount_rest(self) -> None:
        """Put the header, the side panel and the footer in their slots, all in one repaint."""
        if self._rest_mounted:
            return
        self._rest_mounted = True
        with self.app.batch_update():
            slots = ("#header-slot", "#side-slot", "#footer-slot")
            for slot, widget in zip(slots, self._rest(), strict=True):
                placeholder = self.query_one(slot)
                await placeholder.parent.mount(widget, before=placeholder)  # type: ignore[union-attr]
                await placeholder.remove()
            self.side.show(self.campaign, self._resources)
        self.refresh_bindings()  # the footer shows its keys when told they changed

    @property
    def journal(self) -> JournalView:
        return self.query_one(JournalView)

    @property
    def side(self) -> SidePanel:
        from solo.tui.widgets.side_panel import SidePanel

        return self.query_one(SidePanel)

    @property
    def line(self) -> CommandLine:
        return self.query_one(CommandLine)

    def on_mount(self) -> None:
        self._runner = asyncio.create_task(self._work_off_queue())
        self.set_interval(LOG_POLL_SECONDS, self._poll_log)
        self._tell_notices()
        self.journal.set_entries(self.campaign.journal)
        self._show_state()
        self.line.focus()

    def load(self, session: Session) -> None:
        """Play another campaign here (its queue is empty: the app settles it before switching)."""
        self.session = session
        self._resources = {}
        self._asked = None
        self.journal.set_entries(session.campaign.journal)
        self._show_state()
        self.line.value = ""
        self.line.focus()
        self._tell_notices()

    def on_unmount(self) -> None:
        if self._runner is not None:
            self._runner.cancel()

    def _show_state(self) -> None:
        c = self.campaign
        self.journal.set_changes(edits(c))
        self.title = pictures(c.name)  # shown as typed: no control character reaches the terminal
        # Your own dice first: a narrow terminal cuts the end of the line off.
        self.sub_title = pictures(("your own dice (F4) · " if self.physical_dice else "")
                                  + (c.system or "no rule system") + " · " + _scene_label(c))
        if self._rest_mounted:
            self.side.show(c, self._resources)
        if getattr(self.app, "started", True):
            self.read_resources()

    def read_resources(self) -> None:
        """Ask for the PCs' resources again if their sheets (or the system) changed since last asked.

        Most moves (a note, a roll, a question) leave the sheets alone; asking anyway would run
        the rules in a thread beside the frame that shows the move's entry.
        """
        c = self.campaign
        asked = (c.system, [(pc.id, pc.sheet) for pc in c.pcs])
        if c.pcs and asked != self._asked:
            self._asked = copy.deepcopy(asked)
            self._read_resources()

    @work(thread=True, exclusive=True, group="resources", exit_on_error=False)
    def _read_resources(self) -> None:
        """Ask the rules for the PCs' key resources off the UI thread (the first call loads a system)."""
        found = resources.key_resources(self.campaign)
        self.app.call_from_thread(self._show_resources, found)

    def _show_resources(self, found: dict[int, str]) -> None:
        if found != self._resources:
            self._resources = found
            if self._rest_mounted:
                self.side.show(self.campaign, found)

    # -- Play: what moves use ---------------------------------------------------------
    @property
    def campaign(self) -> Campaign:
        return self.session.campaign

    @property
    def changed(self) -> Signal[Campaign]:
        return self._changed

    async def tables(self) -> TableSet:
        return await asyncio.to_thread(lambda: self.library.tables)

    async def perform(self, action: str, /, **params: Any) -> list[JournalEntry] | None:
        if not self.physical_dice:
            return await self._perform_once(action, params)
        from solo.dice.entered import DiceNeeded
        from solo.tui.screens.prompt import PromptDialog

        faces: list[int] = []
        while True:  # run the move; each die it needs is asked for, then it runs again
            try:
                return await self._perform_once(action, {**params, "entered_dice": faces})
            except DiceNeeded as needed:
                sides = needed.sides
                face = await self.dialog(PromptDialog(
                    f"Roll a d{sides}", placeholder=f"the face shown, 1 to {sides}",
                    hint=(f"{needed.before} · " if needed.before else "")
                    + f"die {needed.number} of this move · enter: use it · esc: leave the move",
                    check=functools.partial(_face, sides=sides)))
                if face is None:
                    self.tell("Nothing was rolled: the move was left.")
                    return None
                faces.append(int(face))

    async def _perform_once(self, action: str, params: dict[str, Any]) -> list[JournalEntry] | None:
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._enqueue(action, params, future)
        return await future

    @property
    def physical_dice(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return bool(settings is not None and settings.physical_dice)

    def action_toggle_dice(self) -> None:
        settings = getattr(self.app, "settings", None)
        if settings is None:
            return
        settings.physical_dice = not settings.physical_dice
        self.app.save_settings()  # type: ignore[attr-defined]
        self._show_state()
        self.refresh_bindings()  # the footer's mark comes or goes
        self.tell("Your own dice: every die a move rolls is asked for." if settings.physical_dice
                  else "solo's dice again.")

    def submit(self, action: str, /, **params: Any) -> None:
        """Queue an action without waiting for it (from an event handler)."""
        self._enqueue(action, params, None)

    def _enqueue(self, action: str, params: dict[str, Any], future: asyncio.Future | None) -> None:
        self._pending += 1
        self._queue.put_nowait((action, params, future))

    @property
    def busy(self) -> bool:
        """True while any queued action is not yet done and shown."""
        return self._pending > 0

    async def undo(self) -> None:
        await self.perform("__undo__")

    async def redo(self) -> None:
        await self.perform("__redo__")

    async def dialog(self, screen: Screen[T]) -> T | None:
        return await self.app.push_screen_wait(screen)

    def show(self, screen: Screen[Any]) -> None:
        self.app.push_screen(screen)

    def tell(self, message: str, *, severity: str = "information") -> None:
        self.notify(message, severity=severity, markup=False)  # type: ignore[arg-type]

    async def app_action(self, action: str) -> None:
        await self.app.run_action(action)

    async def settled(self) -> None:
        """Wait until every queued action is done and shown."""
        await self._queue.join()

    # -- the queue ---------------------------------------------------------------------
    async def _work_off_queue(self) -> None:
        while True:
            action, params, future = await self._queue.get()
            try:
                result = await self._run(action, params)
                if future is not None and not future.done():
                    future.set_result(result)
            except BaseException as exc:  # the queue must outlive any one action
                if future is not None and not future.done():
                    future.set_exception(exc)
                if isinstance(exc, asyncio.CancelledError):
                    raise
            finally:
                self._pending -= 1
                self._queue.task_done()

    # -- another process writing the same campaign ---------------------------------------
    def _poll_log(self) -> None:
        """Queue a catch-up when the campaign's log grew (another solo wrote to it)."""
        if not self.busy and self.session.changed_on_disk():
            self._enqueue("__refresh__", {}, None)

    def _tell_notices(self) -> None:
        for notice in self.session.take_notices():
            self.tell(notice, severity="warning")

    def _catch_up_journal(self, entries: list[JournalEntry]) -> None:
        """Show `entries`, or redraw from the first entry another process changed."""
        mark = self.session.take_external()
        if mark is None:
            self.journal.append(entries)
            return
        self.journal.truncate(mark)
        self.journal.append(self.campaign.journal[mark:])

    async def _run(self, action: str, params: dict[str, Any]) -> list[JournalEntry] | None:
        try:
            if action == "__refresh__":
                await asyncio.to_thread(self.session.refresh)
                entries: list[JournalEntry] | None = []
                self._catch_up_journal([])
            elif action == "__undo__":
                step, removed = await asyncio.to_thread(self.session.undo)
                self.journal.truncate(len(self.campaign.journal))
                self._catch_up_journal([])
                self.tell(f"Undid {_what(removed)} ({len(removed)} journal"
                          f" entr{'y' if len(removed) == 1 else 'ies'} removed; Ctrl+Y redoes it).")
                entries = []
            elif action == "__redo__":
                _, entries = await asyncio.to_thread(self.session.redo)
                self._catch_up_journal(entries or [])
                self.tell(f"Redid {_what(entries or [])} (Ctrl+Z undoes it again).")
            else:
                entries = await asyncio.to_thread(self.session.perform, action, **params)
                self._catch_up_journal(entries)
            self._tell_notices()
        except DiceNeeded:
            raise  # the player's own dice: `perform` asks for the die and runs the move again
        except SoloError as exc:
            self._catch_up_journal([])  # another solo's moves may have come in before the refusal
            self.tell(str(exc), severity="error")
            return None
        except Exception as exc:  # a bug: say so, keep playing; the campaign was rolled back
            self.log.error(f"{action} failed", exc)
            self.tell(f"solo hit an internal error in {action!r} ({type(exc).__name__}: {exc});"
                      " the campaign is as it was before it", severity="error")
            return None
        self._show_state()
        self._changed.publish(self.campaign)
        await self._follow_vault()
        return entries

    async def _follow_vault(self) -> None:
        """Keep the player's vault folder (settings `vault`) up to date after an action.

        Each campaign gets its own sub-folder, named by its save's slug.  The
        sync runs in the action queue, so the next action waits for it and
        never changes the campaign while it is being written out; a problem
        (a folder that cannot be written, a note the player edited) is told.
        """
        settings = getattr(self.app, "settings", None)
        folder = getattr(settings, "vault", "") if settings is not None else ""
        if not folder:
            return
        from pathlib import Path

        from solo.campaign import vault

        target = Path(folder).expanduser() / self.campaign.slug
        try:
            report = await asyncio.to_thread(vault.sync, self.campaign, target)
        except SoloError as exc:
            self.tell(f"The vault was not updated: {exc}", severity="warning")
            return
        if report.kept:
            self.tell(report.summary(), severity="warning")

    # -- moves -------------------------------------------------------------------------
    def run_move(self, move_id: str, args: str = "") -> None:
        move = MOVES[move_id]
        self.run_worker(self._guarded(move_id, args), group="moves", exit_on_error=False,
                        name=f"move {move.id}")

    async def _guarded(self, move_id: str, args: str) -> None:
        try:
            await MOVES[move_id].run(self, args)
        except SoloError as exc:
            self.tell(str(exc), severity="error")
        except Exception as exc:
            self.log.error(f"move {move_id} failed", exc)
            self.tell(f"solo hit an internal error in {move_id!r} ({type(exc).__name__}: {exc})",
                      severity="error")

    # -- the journal's entries ------------------------------------------------------------
    def on_journal_view_chosen(self, event: JournalView.Chosen) -> None:
        event.stop()
        self.run_worker(self._entry_chosen(event.what, event.index), group="moves",
                        exit_on_error=False, name=f"entry {event.what}")

    async def _entry_chosen(self, what: str, index: int) -> None:
        from solo.tui import render

        entry, edited, struck = self.journal.entry_as_shown(index)
        if what == "open":
            from solo.tui.screens.entry import EntryScreen

            original = self.journal.entries[index]
            self.show(EntryScreen(render.entry_details(index + 1, original, text=entry.text,
                                                       edited=edited, struck=struck)))
        elif what == "strike":
            await self.perform("journal_strike", entry=index + 1, struck=not struck)
        elif entry.kind != "note":
            self.tell(f"Only notes can be edited; this is a {entry.kind} entry"
                      " (Delete strikes it out).", severity="warning")
        else:
            from solo.tui.screens.edit_note import EditNoteDialog

            text = await self.dialog(EditNoteDialog(f"Edit entry {index + 1}", entry.text))
            if text is not None and text != entry.text:
                await self.perform("journal_edit", entry=index + 1, text=text)
        self.journal.select(index)

    def action_search(self) -> None:
        from solo.tui.screens.search import SearchScreen

        texts = {int(k) - 1: v["text"] for k, v in self.journal.changes.items()}
        self.app.push_screen(SearchScreen(self.campaign.journal, texts), self._found)

    def _found(self, found: tuple[int, list[str]] | None) -> None:
        if found is None:
            return
        index, words = found
        self.journal.focus()
        self.journal.highlight(words)
        self.journal.select(index)

    def action_toggle_side(self) -> None:
        if not self._rest_mounted:
            return
        self.side.display = not self.side.display
        settings = getattr(self.app, "settings", None)
        if settings is not None:
            settings.side_panel = bool(self.side.display)
            self.app.save_settings()  # type: ignore[attr-defined]

    @property
    def default_odds(self) -> str:
        settings = getattr(self.app, "settings", None)
        return settings.default_odds if settings is not None else "balanced"

    def on_side_panel_chosen(self, event: SidePanel.Chosen) -> None:
        event.stop()
        self.run_worker(self._side_chosen(), group="moves", exit_on_error=False, name="side panel")

    async def _side_chosen(self) -> None:
        from solo.tui import render
        from solo.tui.screens.choose import ChooseDialog
        from solo.tui.screens.entry import EntryScreen

        c = self.campaign
        choices = [(f"thread:{t.id}", f"Thread {t.id}: {t.text}" + ("" if t.open else " (closed)"))
                   for t in c.threads]
        choices += [(f"character:{pc.id}", f"{pc.name} ({pc.role})") for pc in c.characters]
        choices += [(f"notable:{n}", f"{x.name} ({x.kind})") for n, x in enumerate(c.notables)]
        if not choices:
            self.tell("No threads or people yet.")
            return
        picked = await self.dialog(ChooseDialog("Open a thread or a person", choices))
        if picked is None:
            return
        what, _, key = picked.partition(":")
        if what == "thread":
            thing = next(t for t in c.threads if str(t.id) == key)
            title, data = f"Thread {thing.id}", thing.to_dict()
        elif what == "character":
            pc = next(p for p in c.characters if str(p.id) == key)
            title, data = pc.name, pc.to_dict()
        else:
            notable = c.notables[int(key)]
            title, data = notable.name, notable.to_dict()
        self.show(EntryScreen(render.thing_details(title, data)))

    def action_move(self, move_id: str) -> None:
        self.run_move(move_id)

    def action_key_move(self, move_id: str) -> None:
        self.run_move(move_id)

    def action_keys(self) -> None:
        self.journal.focus()

    def action_write(self, start: str = "") -> None:
        line = self.line
        if start:
            line.value = start
        line.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Move keys work (and show in the footer) only while the input line is not focused."""
        writing = isinstance(self.focused, (Input, TextArea))
        if action == "search":  # from the journal, the side panel or the writing box
            return not writing or self.focused is self.line
        if action in ("key_move", "write"):
            return not writing
        if action == "keys":
            return writing
        return True

    def on_command_line_submitted(self, event: CommandLine.Submitted) -> None:
        event.stop()
        line = event.value
        try:
            parsed = parse_line(line, command_words())
        except SoloError as exc:  # put the line back so the player can fix it
            self.tell(str(exc), severity="error")
            if not self.line.value:
                self.line.value = line
            return
        self.line.remember(line)
        if parsed is None:
            return
        if parsed.move == "note":
            self.submit("note", text=parsed.args)
        else:
            self.run_move(parsed.move, parsed.args)


def _face(text: str, sides: int) -> None:
    if not text.strip().isdigit() or not 1 <= int(text) <= sides:
        raise SoloError(f"a d{sides} shows 1 to {sides}, not {text.strip()!r}")


def _what(entries: list[JournalEntry]) -> str:
    """A move named by the first words it journaled (never by its internal action name)."""
    if not entries:
        return "the last move"
    words = " ".join(entries[0].text.split())
    if words.endswith(".") and not words.endswith(".."):
        words = words[:-1]  # the message's own full stop follows: no “….”.
    return "“" + (words if len(words) <= 50 else words[:49] + "…") + "”"


def _scene_label(c: Campaign) -> str:
    if c.scene.number == 0:
        return "before the first scene"
    return f"scene {c.scene.number}" + ("" if c.scene.open else " (ended)")
