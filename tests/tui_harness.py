"""Driving the TUI in tests: a Pilot plus the messages the app posted (harlequin's message_hook).

Tests are plain functions that run one async scenario with `play(app, scenario)`
(no async test plugin needed).  `Harness.settle()` waits until every move worker
has finished and the main screen's action queue is empty, so what a test reads
from the journal and side panel is what the player would see.
"""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual.app import Notify
from textual.pilot import Pilot
from textual.widgets import Input, TextArea

from solo.campaign import CampaignStore
from solo.tui import create_app
from solo.tui.app import SoloApp
from solo.tui.screens.main import MainScreen


@dataclass
class Harness:
    app: SoloApp
    pilot: Pilot
    messages: list = field(default_factory=list)

    async def settle(self, limit: float = 300.0) -> None:
        """Wait until the queue is empty and every move has finished or is waiting on a dialog.

        The condition is what is waited for; `limit` only turns a hang into a failure, and is
        far beyond any real wait, so a busy machine slows the test but never fails it.
        """
        deadline = asyncio.get_running_loop().time() + limit
        while True:
            await self.pilot.pause()
            main = self.app.main
            # A worker whose screen is not on top is waiting for the screen above it (a dialog).
            running = [w for w in self.app.workers if not w.is_finished
                       and (w.node is self.app or w.node.screen is self.app.screen)]
            # The header, side panel and footer arrive just after the first frame (`mount_rest`).
            if not (main is not None and (main.busy or not main.whole)) and not running:
                break
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"the app did not settle: {running}, busy={main and main.busy},"
                                     f" whole={main and main.whole}")
            await asyncio.sleep(0.01)
        await self.pilot.pause()

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.settle()

    async def type(self, text: str, enter: bool = True) -> None:
        """Put `text` into the focused input (as if typed; key by key is slow), then Enter."""
        field = self.app.focused
        assert isinstance(field, (Input, TextArea)), f"nothing to type into: focus is on {field!r}"
        field.insert_text_at_cursor(text)
        if enter:
            await self.pilot.press("enter")
        await self.settle()

    async def keys(self, text: str) -> None:
        """Type `text` one key press at a time, exactly as a player would."""
        await self.pilot.press(*text)
        await self.settle()

    @property
    def main(self) -> MainScreen:
        main = self.app.main
        assert main is not None, f"no campaign open; on screen: {self.app.screen!r}"
        return main

    @property
    def journal(self) -> list[str]:
        return self.main.journal.text.splitlines()

    @property
    def shown(self) -> list[str]:
        """The journal's lines with wrapped annotation lines joined back (they start in the gutter)."""
        out: list[str] = []
        for line in self.journal:
            if line.startswith(" " * 10) and out:
                out[-1] += " " + line.strip()
            else:
                out.append(line)
        return out

    @property
    def panel(self) -> str:
        return self.main.side.text

    @property
    def notifications(self) -> list[str]:
        return [m.notification.message for m in self.messages if isinstance(m, Notify)]

    def errors(self) -> list[str]:
        return [m.notification.message for m in self.messages
                if isinstance(m, Notify) and m.notification.severity == "error"]


def play(app: SoloApp, scenario: Callable[[Harness], Awaitable[None]],
         size: tuple[int, int] = (100, 32)) -> None:
    async def run() -> None:
        messages: list = []
        async with app.run_test(size=size, message_hook=messages.append) as pilot:
            harness = Harness(app, pilot, messages)
            await harness.settle()
            await scenario(harness)
            await harness.settle()

    asyncio.run(run())


def new_app(saves: Path, *, campaign: str | None = None, tables: list[Path] | tuple = ()) -> SoloApp:
    return create_app(saves_dir=saves, tables_dirs=tables, campaign=campaign)


def make_campaign(saves: Path, name: str = "The Salt Road", *, system: str | None = "nine-powers",
                  seed: int = 7):
    return CampaignStore(saves).create(name, system=system, seed=seed)


def screen_lines(app) -> list[str]:
    """The terminal's lines as the player sees them, from the app's own screenshot (each run of text
    sits at its column: x is 12.2 pixels a cell)."""
    rows: dict[float, dict[int, str]] = {}
    runs = r'<text class="terminal-[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>'
    for x, y, text in re.findall(runs, app.export_screenshot()):
        rows.setdefault(float(y), {})[round(float(x) / 12.2)] = html.unescape(text).replace("\xa0", " ")
    lines = []
    for _, cells in sorted(rows.items()):
        line = ""
        for column, text in sorted(cells.items()):
            line = line[:column].ljust(column) + text
        lines.append(line.rstrip())
    return lines
