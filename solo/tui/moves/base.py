"""What a move is, and the one registry keys, palette, input line and help are built from.

A move is an async function `run(play, args)`: `args` is whatever followed
its word on the input line ("" from a key or the palette), and a move asks
for what is missing through dialogs.  It changes the campaign only through
`play.perform(action, **params)`, the same campaign actions the CLI uses,
so every move is journaled, saved, undoable and replayable by construction.

Because keys, palette entries, `/words` and the help screen all come from
`MOVES`, a move cannot be reachable one way and missing from another.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.signal import Signal

    from solo.campaign import Campaign, JournalEntry
    from solo.tables import TableSet

T = TypeVar("T")


class Play(Protocol):
    """The game table a move acts on (the main screen implements it)."""

    @property
    def campaign(self) -> Campaign: ...

    @property
    def changed(self) -> Signal[Campaign]:
        """Published after every action, so screens showing the campaign can refresh."""

    async def tables(self) -> TableSet: ...

    async def perform(self, action: str, /, **params: Any) -> list[JournalEntry] | None:
        """Run a campaign action after any still queued; None when it failed (already shown)."""

    async def undo(self) -> None: ...
    async def redo(self) -> None: ...

    @property
    def default_odds(self) -> str:
        """The odds of a question asked without any (the player's settings)."""

    async def dialog(self, screen: Screen[T]) -> T | None:
        """Show a dialog and wait for its answer (None when dismissed)."""

    def show(self, screen: Screen[Any]) -> None:
        """Show a screen without waiting for it."""

    def tell(self, message: str, *, severity: str = "information") -> None: ...

    async def app_action(self, action: str) -> None: ...


Runner = Callable[[Play, str], Awaitable[None]]


@dataclass(frozen=True)
class Move:
    id: str
    title: str
    help: str
    run: Runner
    key: str | None = None  # the key for it while the journal has focus
    words: tuple[str, ...] = ()  # /words on the input line; the first is the main one
    usage: str = ""  # what may follow the word, e.g. "EXPRESSION"
    group: str = "Journal"

    @property
    def command(self) -> str:
        return f"/{self.words[0]}" + (f" {self.usage}" if self.usage else "") if self.words else ""


MOVES: dict[str, Move] = {}
# The order moves are listed in (help, palette, footer), whatever order modules register them.
GROUPS = ("Journal", "Dice and tables", "Oracle", "Scenes and threads", "Story", "Characters",
          "Encounters", "App")


def move(id: str, title: str, help: str, *, key: str | None = None, words: tuple[str, ...] = (),
         usage: str = "", group: str = "Journal") -> Callable[[Runner], Runner]:
    """Register `run` as a move; ids, keys and words must be unique across all moves."""

    def register(run: Runner) -> Runner:
        for other in MOVES.values():
            if other.id == id:
                raise ValueError(f"move {id!r} is registered twice")
            if key and other.key == key:
                raise ValueError(f"moves {other.id!r} and {id!r} both want the key {key!r}")
            clash = set(words) & set(other.words)
            if clash:
                raise ValueError(f"moves {other.id!r} and {id!r} both want /{clash.pop()}")
        MOVES[id] = Move(id, title, help, run, key, words, usage, group)
        return run

    return register


def all_moves() -> list[Move]:
    """Every move, by group (as `GROUPS` orders them), then in the order registered."""
    rank = {g: i for i, g in enumerate(GROUPS)}
    return sorted(MOVES.values(), key=lambda m: rank.get(m.group, len(GROUPS)))


def command_words() -> dict[str, str]:
    """Every /word (and alias) -> its move id, for the input line."""
    return {word: m.id for m in MOVES.values() for word in m.words}
