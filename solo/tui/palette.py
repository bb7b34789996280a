"""Command palette providers: every move, and every table by fuzzy search on id and title.

A table from a collection (an import, say) shows its collection's title and
its source under its name.

A hit runs through the main screen's `run_move`, exactly as a key or a
/command would, so the palette needs no logic of its own.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from solo.tables import Table


def _player(provider: Provider) -> Any | None:
    """The main screen the palette was opened over, if it was (moves need an open campaign)."""
    screen = provider.screen
    return screen if callable(getattr(screen, "run_move", None)) else None


class MovesProvider(Provider):
    def _moves(self) -> list[Any]:
        from solo.tui.moves.all import all_moves

        return all_moves()

    def _system_moves(self, player: Any) -> list[tuple[str, Any, str]]:
        """The campaign's rule-system moves between fights, as (title, callback, help)."""
        from solo.campaign.system_moves import moves_of
        from solo.errors import SoloError

        try:
            moves = moves_of(player.campaign)
        except SoloError:  # a campaign whose system's tables cannot load shows the plain moves only
            return []
        return [(f"Move: {m.title}", partial(player.run_move, "system-move", m.id), f"{m.help}  /move {m.id}")
                for m in moves]

    async def discover(self) -> Hits:
        player = _player(self)
        if player is None:
            return
        for m in self._moves():
            yield DiscoveryHit(m.title, partial(player.run_move, m.id), help=m.help)
        for title, callback, help_text in self._system_moves(player):
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        player = _player(self)
        if player is None:
            return
        matcher = self.matcher(query)
        for m in self._moves():
            words = " ".join(f"/{w}" for w in m.words)
            score = max(matcher.match(m.title), matcher.match(words) * 0.9)
            if score > 0:
                yield Hit(score, matcher.highlight(m.title), partial(player.run_move, m.id),
                          help=f"{m.help}  {words}".rstrip())
        for title, callback, help_text in self._system_moves(player):
            score = max(matcher.match(title), matcher.match(help_text) * 0.9)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)


class TablesProvider(Provider):
    """Tables turn up as the player types (there are too many to list unasked)."""

    prefix = "Roll table: "

    async def startup(self) -> None:
        library = getattr(self.app, "library", None)
        self.tables: list[Table] = []
        if library is not None:
            loaded = await asyncio.to_thread(lambda: library.tables)
            self.tables = [loaded.tables[i] for i in loaded.ids()]

    def _hit_for(self, player: Any, table: Table) -> partial:
        return partial(player.run_move, "table", table.id)

    @staticmethod
    def _about(table: Table) -> str | None:
        """An imported table's collection and source, under its name in the palette."""
        parts = []
        if table.collection is not None:
            parts.append(table.collection.title)
        if table.credit is not None:
            parts.append(table.credit.title)
        return " · ".join(parts) or None

    async def search(self, query: str) -> Hits:
        player = _player(self)
        if player is None:
            return
        matcher = self.matcher(query)
        for table in self.tables:
            label = f"{table.id} — {table.title}"
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(self.prefix + label), self._hit_for(player, table),
                          text=self.prefix + label, help=self._about(table))


class TableBrowser(TablesProvider):
    """For the table key: an empty query lists every table, so one can browse."""

    prefix = ""

    async def discover(self) -> Hits:
        player = _player(self)
        if player is None:
            return
        for table in self.tables:
            yield DiscoveryHit(f"{table.id} — {table.title}", self._hit_for(player, table),
                               help=self._about(table))
