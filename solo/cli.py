"""The `solo` command line: thin over the layers below.

Each area registers its own subcommands from `solo/commands/<area>.py`; this
module only assembles the parser and turns errors into one clear line on
stderr with a non-zero exit (1 for bad input, 2 for a bad command line).
With no command, in a terminal, `solo` opens the TUI (`solo play`).
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from collections.abc import Sequence
from typing import NoReturn

from solo import __version__
from solo.commands.context import Context, UsageError
from solo.errors import SoloError
from solo.failures import one_line

# Defaults of the common options, filled in after parsing: argparse shares the
# option objects between parent and sub-parsers, so set_defaults() would leak.
COMMON_DEFAULTS = {"seed": None, "json": False, "tables": [], "saves": None}

COMMAND_MODULES = (
    "solo.commands.dice",
    "solo.commands.tables",
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


def _run(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:  # plain `solo`: straight to the TUI, without building every command's parser
        from solo.commands.play import has_terminal, run_tui

        if has_terminal():
            return run_tui(None, [])
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        print(f"solo: error: {one_line(exc)}", file=sys.stderr)
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
        print(f"solo: error: {one_line(exc)}", file=sys.stderr)
        return 2
    except SoloError as exc:
        print(f"solo: error: {one_line(exc)}", file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; whatever goes wrong ends in one line on stderr, never a traceback.

    Output goes through `SafeStream`, so control characters from saves and
    tables reach the terminal escaped.  Errors the layers below did not turn
    into a `SoloError` are caught here (see `solo.failures`): a failed
    write to stdout, Ctrl+C (exit 130), a broken pipe (141), any other
    OSError (1), and as a last resort a bug (70), which `SOLO_DEBUG=1` shows
    with its traceback.
    """
    from solo import failures
    from solo.commands.context import SAVED_CHANGES
    from solo.text_safety import SafeStream

    SAVED_CHANGES.clear()
    out, err = sys.stdout, sys.stderr
    # A stream closed before solo started (`>&-`) is None: Python's print skips it, and so do we;
    # a closed stdin reads as empty, like /dev/null (no terminal to ask on).
    sys.stdout = SafeStream(out) if out is not None else None  # type: ignore[assignment]
    sys.stderr = SafeStream(err, "standard error") if err is not None else None  # type: ignore[assignment]
    stdin = sys.stdin
    if stdin is None:
        sys.stdin = io.StringIO("")
    try:
        bad = failures.bad_argument(sys.argv[1:] if argv is None else argv)
        if bad:
            return failures.report(bad, 2, err)
        code = _run(argv)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk behind `>` shows here, not at exit
        return code
    except BaseException as exc:  # noqa: B036 - the one place every failure ends up
        code, message = failures.describe(exc, SAVED_CHANGES)
        failures.silence_broken_output(exc, out)
        return failures.report(message, code, err)
    finally:
        sys.stdout, sys.stderr, sys.stdin = out, err, stdin
