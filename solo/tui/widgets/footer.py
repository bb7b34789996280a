"""The footer of the main screen: Textual's own, minus redraws that would show the same keys.

Textual's footer removes and mounts one widget per key whenever the keys
might have changed (focus moved, a screen came or went), and as a screen
opens both happen, one right after the other, with the same keys.  Each
redraw costs some 10 ms, which a cold start notices (benchmarks/tui_startup.py);
so a redraw that would show exactly what is shown is skipped.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer


class KeysFooter(Footer):
    _shown: Any = None

    def _keys(self) -> Any:
        """Everything `Footer.compose` draws from, so equal keys mean an equal footer."""
        app = self.app
        return (
            self.show_command_palette, app.ENABLE_COMMAND_PALETTE, app.COMMAND_PALETTE_BINDING,
            tuple((key, binding, enabled, tooltip, app.get_key_display(binding))
                  for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()),
        )

    async def recompose(self) -> None:
        keys = self._keys()
        if keys == self._shown and self.children:
            return
        self._shown = keys
        await super().recompose()
