"""The footer of the main screen: Textual's own, minus redraws that would show the same keys.

Textual's footer removes and mounts one widget per key whenever the keys
might have changed (focus moved, a screen came or went), and as a screen
opens both happen, one right after the other, with the same keys.  Each
redraw costs some 10 ms, which a cold start notices (benchmarks/tui_startup.py);
so a redraw that would show exactly what is shown is skipped.

With your own dice on (a setting: the screen's `physical_dice`), the footer
starts with `F4 Your own dice`: first, so 80 columns that cut the end of the
keys off still show it; a click on it, like F4, gives solo's dice back.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

DICE_MARK = "Your own dice"


_F4 = Binding("f4", "toggle_dice", DICE_MARK)


class KeysFooter(Footer):
    _shown: Any = None

    def _own_dice(self) -> bool:
        return bool(getattr(self.screen, "physical_dice", False))

    def _keys(self) -> Any:
        """Everything `compose` draws from, so equal keys mean an equal footer."""
        app = self.app
        return (
            self._own_dice(),
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

    def compose(self) -> ComposeResult:
        if self._bindings_ready and self._own_dice():
            yield FooterKey("f4", self.app.get_key_display(_F4), DICE_MARK, "toggle_dice",
                            tooltip="Each die a move rolls is asked for: F4 gives solo's dice back",
                            classes="-own-dice").data_bind(compact=Footer.compact)
        yield from super().compose()
