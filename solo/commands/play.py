"""`solo play [NAME]` (and plain `solo`): open the TUI.

Textual is imported only here, when the TUI is really wanted, so every
other command starts without it.  Without a terminal (output piped, a
script) the TUI cannot run, and saying so beats drawing escape codes into
a file.
"""

from __future__ import annotations

import sys
from typing import Any

from solo.commands.context import Context
from solo.errors import SoloError

# Examples under `--help` and the global options each command takes (solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "play": ("solo play", "solo play the-salt-road"),
}
GLOBALS: dict[str, tuple[str, ...]] = {"play": ("saves", "tables")}


def register(sub: Any, common: Any) -> None:
    p = sub.add_parser("play", parents=[common], help="play in the TUI (what plain `solo` does)",
                       description="Open the TUI on a campaign: the one named, else the one saved"
                       " last; with none yet, it offers to start one.")
    p.add_argument("name", nargs="?", help="campaign name or slug (default: the one saved last)")
    p.set_defaults(handler=cmd_play)


def has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def run_tui(saves: str | None, tables: list[str], campaign: str | None = None) -> int:
    import gc

    # No collector passes over the start-up: the imports and the campaign opened are all kept,
    # and the passes would walk them again and again before the first frame (some 20 ms of a
    # cold start, benchmarks/tui_startup.py).  The app turns it back on once that frame is on
    # screen (SoloApp._first_frame_shown); if it never gets there, it is on again here.
    gc.disable()
    try:
        from solo.tui import create_app

        app = create_app(saves_dir=saves, tables_dirs=tables, campaign=campaign)
        app.run()
    finally:
        gc.enable()
    return int(app.return_code or 0)


def cmd_play(ctx: Context) -> int:
    if not has_terminal():
        raise SoloError("solo play needs a terminal to draw in (its input or output is not one)")
    return run_tui(ctx.args.saves, ctx.args.tables, ctx.args.name)
