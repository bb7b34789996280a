"""The input line at the bottom of the main screen, with the history of what was typed.

Up and Down step through earlier lines (as in a shell), so a repeated roll
or a reworded question is one key away.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input

HISTORY = 200


class CommandLine(Input):
    BINDINGS = [
        Binding("up", "history(-1)", "Earlier line", show=False, id="line.earlier",
                tooltip="Bring back the line typed before"),
        Binding("down", "history(1)", "Later line", show=False, id="line.later",
                tooltip="Go forward through the lines typed"),
    ]

    def __init__(self, **kwargs: object):
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.history: list[str] = []
        self._at = 0

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
            del self.history[:-HISTORY]
        self._at = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._at = max(0, min(len(self.history), self._at + step))
        self.value = self.history[self._at] if self._at < len(self.history) else ""
        self.cursor_position = len(self.value)
