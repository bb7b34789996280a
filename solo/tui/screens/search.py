"""Ctrl+F (or / in the journal): search the journal, pick a match, and the journal jumps to it.

The list is filtered as you type (words, kind:, scene:, char: or @name; see
`solo.tui.search`); Enter or Down moves into the list, Enter on a match
closes the search with that entry selected and the words highlighted.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from solo.campaign import JournalEntry
from solo.text_safety import pictures
from solo.tui.search import Query, parse_query, search

SHOWN = 200  # matches listed at the most (the newest ones)
HINT = "words · kind:oracle · scene:3 · char:NAME or @NAME — ↓ or Enter: the matches · Esc: close"


class SearchScreen(ModalScreen[tuple[int, list[str]] | None]):
    """Returns (the entry picked, the words to highlight), or None."""

    CSS_PATH = "dialog.tcss"
    BINDINGS = [Binding("escape", "cancel", "Close", id="search.cancel",
                        tooltip="Close the search; the journal stays where it was")]

    def __init__(self, entries: Sequence[JournalEntry], texts: dict[int, str], start: str = ""):
        super().__init__(classes="dialog")
        self.entries = entries
        self.texts = texts
        self.start = start
        self.query_words: Query = Query()
        self.found: list[int] = []
        self._plain: dict[str, str] = {}  # each listed match as plain text, by option id

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("Search the journal", id="title")
            yield Input(self.start, placeholder="words, kind:, scene:, char:", id="answer")
            yield Label("", id="detail")
            yield OptionList(id="choices")
            yield Label(HINT, id="hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        self._refresh(self.start)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._refresh(event.value)

    def _refresh(self, text: str) -> None:
        query = parse_query(text)
        self.query_words = query
        options = self.query_one(OptionList)
        options.clear_options()
        detail = self.query_one("#detail", Label)
        if query.problem:
            detail.update(Text(query.problem))
            self.found = []
            return
        if query.empty:
            detail.update("Type what to look for.")
            self.found = []
            return
        found = list(search(query, self.entries, self.texts))
        self.found = found[-SHOWN:]
        detail.update(f"{len(found)} entr{'y' if len(found) == 1 else 'ies'}"
                      + (f" (the newest {SHOWN} listed)" if len(found) > SHOWN else ""))
        options.add_options(self._option(i) for i in self.found)
        if self.found:
            options.highlighted = len(self.found) - 1

    def _option(self, index: int) -> Option:
        entry = self.entries[index]
        words = " ".join(self.texts.get(index, entry.text).split())
        label = Text(f"{index + 1:>5} s{entry.scene} {entry.kind:<9} ", style="dim")
        body = Text(pictures(words[:200]))
        body.highlight_words(self.query_words.highlights, style="bold reverse", case_sensitive=False)
        # The words wrap in a column of their own, so a long match reads as one beside its label.
        row = Table.grid()
        row.add_column(width=label.cell_len, no_wrap=True)
        row.add_column(ratio=1)
        row.add_row(label, body)
        self._plain[str(index)] = label.plain + body.plain
        return Option(row, id=str(index))

    @property
    def listed(self) -> list[str]:
        """The matches as listed (for tests)."""
        options = self.query_one(OptionList)
        return [self._plain[str(options.get_option_at_index(i).id)] for i in range(options.option_count)]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.found:
            self.query_one(OptionList).focus()

    def key_down(self) -> bool:
        if isinstance(self.focused, Input) and self.found:
            self.query_one(OptionList).focus()
            return True
        return False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None
        self.dismiss((int(event.option.id), self.query_words.highlights))

    def action_cancel(self) -> None:
        self.dismiss(None)
