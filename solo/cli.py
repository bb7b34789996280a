"""The `solo` command line: thin over the layers below.

Each area registers its own subcommands from `solo/commands/<area>.py`; this
module only assembles the parser and turns errors into one clear line on
stderr with a non-zero exit (1 for bad input, 2 for a bad command line).
With no command, in a terminal, `solo` opens the TUI (`solo play`).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from solo import __version__
from solo.commands.context import Context, UsageError
from solo.errors import SoloError

# Defaults of the common options, filled in after parsing: argparse shares the
# option objects between parent and sub-parsers, so set_defaults() would leak.
COMMON_DEFAULTS = {"seed": None, "json": False, "tables": [], "saves": None}

COMMAND_MODULES = (
    "solo.commands.dice",
    "solo.commands.tables",
    "solo.commands.imports",
    "solo.commands.story",
    "solo.commands.campaign",
    "solo.commands.oracle",
    "solo.commands.rules",
    "solo.commands.play",
)


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def common_options() -> argparse.ArgumentParser:
    """Options every command accepts, before or after its name."""
    common = Parser(add_help=False)
    common.add_argument("--seed", type=int, default=argparse.SUPPRESS, metavar="N",
                        help="seed the dice, so the same command gives the same result")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="print machine-readable JSON")
    common.add_argument("--tables", action="append", default=argparse.SUPPRESS, metavar="DIR",
                        help="read extra tables from DIR (may be repeated; overrides by id)")
    common.add_argument("--saves", default=argparse.SUPPRESS, metavar="DIR",
                        help="keep campaigns in DIR (default: $SOLO_SAVES, else saves/ in a checkout,"
                        " else your user data directory)")
    return common


def build_parser() -> Parser:
    common = common_options()
    parser = Parser(
        prog="solo",
        description="Play tabletop roleplaying games alone: dice, tables, oracle and journal.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"solo {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:  # plain `solo`: straight to the TUI, without building every command's parser
        from solo.commands.play import has_terminal, run_tui

        if has_terminal():
            return run_tui(None, [])
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        print(f"solo: error: {exc}", file=sys.stderr)
        return 2
    for key, value in COMMON_DEFAULTS.items():
        if not hasattr(args, key):
            setattr(args, key, value)
    handler = getattr(args, "handler", None)
    if handler is None:
        from solo.commands.play import has_terminal, run_tui

        if has_terminal() and not args.json:
            return run_tui(args.saves, args.tables)
        parser.print_help()
        print("\nRun `solo` in a terminal to play in the TUI.")
        return 0
    ctx = Context(args)
    try:
        return int(handler(ctx) or 0)
    except UsageError as exc:
        print(f"solo: error: {exc}", file=sys.stderr)
        return 2
    except SoloError as exc:
        print(f"solo: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
