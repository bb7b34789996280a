"""The two dialogs moves ask with, their modules loaded when a move first asks.

Each Textual screen class costs a few milliseconds to define, and no move
asks anything before the first frame (benchmarks/tui_startup.py), so the
move modules, which the main screen imports for its keys, name the dialogs
through these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solo.tui.screens.choose import ChooseDialog
    from solo.tui.screens.prompt import PromptDialog


def choose(*args: Any, **kwargs: Any) -> ChooseDialog:
    """`ChooseDialog(...)`: pick one of a list."""
    from solo.tui.screens.choose import ChooseDialog

    return ChooseDialog(*args, **kwargs)


def prompt(*args: Any, **kwargs: Any) -> PromptDialog:
    """`PromptDialog(...)`: one line of text."""
    from solo.tui.screens.prompt import PromptDialog

    return PromptDialog(*args, **kwargs)
