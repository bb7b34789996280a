"""F1: every key, move and /command, built from the same bindings and moves the app runs.

Nothing here is written by hand twice: the key tables come from the
`Binding`s and the move registry, so a new move is documented the moment it
exists.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from solo.tui.moves.all import all_moves

QUICK = [
    ("The rain has not stopped for three days.", "a sentence and Enter: a note in the journal"),
    ("? Is the gate guarded? likely", "? asks the oracle; the odds word at the end is optional"),
    ("/roll 2d6+1 x3", "/ runs a command; a word may be shortened (/r 2d6, /jou)"),
    ("//slash at the start", "two slashes write a note that starts with one"),
    ("Up / Down", "bring back earlier lines (on the first or last line of what is written)"),
    ("Ctrl+J", "a new line in the note; Enter sends it; a paste keeps every line"),
    ("Ctrl+F", "search the journal (words, kind:, scene:, char:); / does it from the journal"),
    ("Esc, then Up / Down", "select a journal entry: Enter opens it, Ctrl+E edits, Delete strikes"),
    ("Tab", "the journal, the side panel (Enter opens a thread or person), the writing box"),
    ("F2 / F4", "hide or show the side panel / roll your own dice (each die is asked for)"),
]


def _key(binding: Binding) -> str:
    names = {"question_mark": "?", "slash": "/", "escape": "esc", "enter": "enter"}
    return ", ".join(names.get(k, k) for k in binding.key.split(","))


def _table(title: str, rows: Iterable[tuple[str, ...]], headers: tuple[str, ...]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", expand=True, box=None,
                  padding=(0, 1), show_header=True, header_style="dim")
    for i, header in enumerate(headers):
        table.add_column(header, no_wrap=i == 0, ratio=3 if i == len(headers) - 1 else None)
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))  # plain text: "[xN]" is not markup
    return table


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [Binding("escape,f1,q", "close", "Close", id="help.close", tooltip="Back to the game")]

    def __init__(self, app_keys: list[Binding], screen_keys: list[Binding]):
        super().__init__()
        self.app_keys = app_keys
        self.screen_keys = screen_keys

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            for part in self.parts():
                yield Static(part)

    def parts(self) -> list[Table | Text]:
        out: list[Table | Text] = [Text("solo — keys, moves and commands", style="bold")]
        everywhere = [(_key(b), b.description, b.tooltip) for b in self.app_keys]
        everywhere.append(("ctrl+p", "Palette", "Search every move and table by name"))
        out.append(_table("Everywhere", everywhere, ("key", "does", "")))
        main = [(_key(b), b.description, b.tooltip) for b in self.screen_keys
                if not b.action.startswith("key_move")]
        out.append(_table("On the main screen", main, ("key", "does", "")))
        groups: dict[str, list[tuple[str, ...]]] = {}
        for m in all_moves():
            aliases = " ".join(f"/{w}" for w in m.words[1:])
            command = m.command + (f" (or {aliases})" if aliases else "")
            groups.setdefault(m.group, []).append((m.key or "", command, m.title + ": " + m.help))
        for group, rows in groups.items():
            out.append(_table(f"Moves — {group}", rows, ("key", "command", "")))
        out.append(_table("The input line", QUICK, ("type", "")))
        out.append(Text("Move keys work while the journal has focus (Esc from the input line);"
                        " Enter goes back to writing. Esc, F1 or q closes this help.", style="dim"))
        return out

    def plain_text(self, width: int = 160) -> str:
        """The whole help as plain text, scrolled or not (for tests and copying)."""
        console = Console(width=width, record=True, file=io.StringIO())
        for part in self.parts():
            console.print(part)
        return console.export_text()

    def action_close(self) -> None:
        self.dismiss(None)
