"""The `solo` command line: thin over the layers below.

Each area registers its own subcommands from `solo/commands/<area>.py`; this
module only assembles the parser and turns errors into one clear line on
stderr with a non-zero exit (1 for bad input, 2 for a bad command line).
With no command, in a terminal, `solo` opens the TUI (`solo play`).

Only the module of the command named is imported: `solo roll 2d6` loads the
dice and nothing of the oracle, the story, the rules or the tables.  The other
commands appear in the parser by name and one-line help (`COMMANDS`, kept
equal to what each module registers by a test), which is all `solo --help`
and argparse's "invalid choice" message need.  A name not in `COMMANDS` (a
command added without listing it) loads every module, as before.
"""

from __future__ import annotations

import importlib
import io
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from solo import __version__
from solo.commands.context import Context, UsageError
from solo.errors import SoloError
from solo.failures import one_line

if TYPE_CHECKING:
    import argparse

    from solo.commands.parsers import Parser

# Defaults of the common options, filled in after parsing: argparse shares the
# option objects between parent and sub-parsers, so set_defaults() would leak.
COMMON_DEFAULTS: dict[str, object] = {"seed": None, "json": False, "tables": [], "saves": None}

# Each module with the commands it registers and their help lines, in the order `--help` lists them.
COMMANDS: dict[str, tuple[tuple[str, str], ...]] = {
    "solo.commands.dice": (
        ("roll", "roll dice notation, e.g. 4d6kh3+2"),
        ("odds", "exact odds of dice notation"),
    ),
    "solo.commands.tables": (
        ("table", "list, show, roll and check tables"),
    ),
    "solo.commands.imports": (
        ("import", "import Datasworn, Foundry, Tracery, CSV or Markdown tables"),
    ),
    "solo.commands.story": (
        ("hooks", "generate adventure hooks"),
        ("npc", "generate people to meet"),
        ("foundation", "generate a story's foundation and shape"),
    ),
    "solo.commands.adventure": (
        ("adventure", "generate a whole adventure, fights balanced"),
    ),
    "solo.commands.campaign": (
        ("new", "start a campaign"),
        ("list", "list the campaigns"),
        ("show", "show a campaign's state and latest entries"),
        ("note", "write a note in a campaign's journal"),
        ("undo", "take back a campaign's last action"),
        ("redo", "do again what undo took back"),
        ("export", "export a campaign as Markdown or JSON"),
        ("delete", "delete a campaign (asks first)"),
        ("restore", "bring back a damaged campaign's backup"),
        ("rename", "give a campaign a new name"),
        ("system", "show or choose a campaign's rule system"),
        ("replay", "check that a campaign replays exactly"),
    ),
    "solo.commands.oracle": (
        ("ask", "ask fate a yes/no question"),
        ("clue", "clues held, and what spending one buys this scene"),
        ("journey", "travel: an event on the way, and a check"),
        ("countdown", "the complication countdown"),
        ("clock", "named clocks of 4, 6 or 8 segments"),
        ("scene", "start or end a scene"),
        ("meaning", "a meaning pair (or muse words) for inspiration"),
        ("stall", "the story has stalled: someone acts, or trouble comes"),
        ("event", "a random event now"),
        ("thread", "story threads: add, list, close, pick one at random"),
        ("notable", "people, places and things to remember"),
        ("momentum", "set up well, leverage and clues, per character"),
    ),
    "solo.commands.rules": (
        ("character", "make, show and list characters"),
        ("check", "roll a neutral check for a character"),
        ("encounter", "run an encounter, the engine playing the foes (or everyone)"),
        ("forecast", "play an encounter many times: how dangerous is it?"),
    ),
    "solo.commands.moves": (
        ("move", "a rule system's moves between fights: rest, heal, lay low..."),
    ),
    "solo.commands.play": (
        ("play", "play in the TUI (what plain `solo` does)"),
    ),
    "solo.commands.completion": (
        ("completion", "print a shell's tab-completion script (bash, zsh, fish)"),
    ),
}
COMMAND_MODULES = tuple(COMMANDS)
# The headings of `solo --help`, each with its commands in order.  A command in no heading is
# listed under "other"; a new command names its heading here (cli.py never imports a module to
# draw the overview).
GROUPS: dict[str, tuple[str, ...]] = {
    "play": ("play", "roll", "note", "undo", "redo", "scene", "thread", "notable", "clock", "momentum"),
    "oracle": ("ask", "meaning", "event", "stall", "journey", "countdown", "clue"),
    "story": ("hooks", "npc", "foundation", "adventure"),
    "rules": ("character", "check", "encounter", "forecast", "move", "odds"),
    "tables": ("table", "import"),
    "campaigns": ("new", "list", "show", "export", "rename", "system", "delete", "restore", "replay"),
    "shell": ("completion",),
}
# Commands another module adds options to (the rules module gives `solo odds` its SYSTEM form).
EXTENDED_BY = {"odds": ("solo.commands.rules",)}
# Options of the top-level parser that take a value (skipped when looking for the command's name).
VALUE_OPTIONS = ("--seed", "--tables", "--saves")


def __getattr__(name: str) -> Any:
    """`Parser` and `TopParser`, from `solo.commands.parsers` (loaded with argparse when first needed:
    plain `solo` opens the TUI without either)."""
    if name in ("Parser", "TopParser"):
        from solo.commands import parsers

        return getattr(parsers, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def common_options(hidden: bool = False) -> argparse.ArgumentParser:
    """Options every command accepts, before or after its name (`hidden`: kept out of its help)."""
    import argparse

    from solo.commands.parsers import Parser

    def said(text: str) -> str:
        return argparse.SUPPRESS if hidden else text

    common = Parser(add_help=False)
    common.add_argument("--seed", type=int, default=argparse.SUPPRESS, metavar="N",
                        help=said("seed the dice, so the same command gives the same result"))
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help=said("print machine-readable JSON (docs/json.md)"))
    common.add_argument("--tables", action="append", default=argparse.SUPPRESS, metavar="DIR",
                        help=said("read extra tables from DIR (may be repeated; overrides by id)"))
    common.add_argument("--saves", default=argparse.SUPPRESS, metavar="DIR",
                        help=said("keep campaigns in DIR (default: $SOLO_SAVES, else saves/ in a checkout,"
                                  " else your user data directory)"))
    return common


def command_named(argv: Sequence[str]) -> str | None:
    """The command in `argv` (its first word that is not an option or an option's value)."""
    words = iter(argv)
    for word in words:
        if word == "--":
            return next(words, None)
        if word in VALUE_OPTIONS:
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def modules_for(command: str | None) -> tuple[str, ...]:
    """The command modules to import for `command`: its own (and any that extend it); none for no
    command; all for an unknown one."""
    if command is None:
        return ()
    for module, commands in COMMANDS.items():
        if any(name == command for name, _ in commands):
            return (module, *EXTENDED_BY.get(command, ()))
    return COMMAND_MODULES


def build_parser(argv: Sequence[str] | None = None) -> Parser:
    """The parser for `argv`: the named command's module registers its own; the others by name only.

    Without `argv`, every module registers its commands (the full parser, for tests and tools).
    """
    from solo.commands import grammar
    from solo.commands.parsers import Parser, TopParser

    load = COMMAND_MODULES if argv is None else modules_for(command_named(argv))
    parser = TopParser(
        prog="solo",
        description="Play tabletop roleplaying games alone: dice, tables, oracle and journal."
        " With no command, in a terminal, solo opens the TUI.",
        parents=[common_options()],
        formatter_class=grammar.Formatter,
    )
    parser.add_argument("-V", "--version", action="version", version=f"solo {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    common = common_options(hidden=True)
    for module, commands in COMMANDS.items():
        if module in load:
            loaded = importlib.import_module(module)
            loaded.register(sub, common)
            grammar.finish(sub, [name for name, _ in commands], loaded)
        else:
            for name, help in commands:
                sub.add_parser(name, help=help, add_help=False)
    return parser


def _run(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["__complete"]:  # what the completion scripts run on Tab
        from solo.commands import completion

        return completion.main(argv[1:])
    if not argv:  # plain `solo`: straight to the TUI, without building every command's parser
        from solo.commands.play import has_terminal, run_tui

        if has_terminal():
            return run_tui(None, [])
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
        refuse_meaningless_globals(args)
    except UsageError as exc:
        return fail(exc, 2, _where(argv))
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
    where = f"solo {getattr(args, 'command_path', args.command)}"
    try:
        code = int(handler(ctx) or 0)
        ctx.refuse_unused_dice()  # a command that printed nothing and rolled nothing
        return code
    except UsageError as exc:
        return fail(exc, 2, where)
    except SoloError as exc:
        return fail(exc, 1, where)


def refuse_meaningless_globals(args: argparse.Namespace) -> None:
    """A global option given to a command it means nothing to (`solo list --seed 5`) is refused."""
    from solo.commands import grammar

    path = getattr(args, "command_path", None)
    if path is None:
        return
    module = sys.modules.get(modules_for(path.split()[0])[0])
    takes = grammar.takes_globals(getattr(module, "GLOBALS", {}), path)
    for key in grammar.GLOBAL_OPTIONS:
        if hasattr(args, key) and key not in takes:
            offered = ", ".join(f"--{k}" for k in grammar.GLOBAL_OPTIONS if k in takes) or "none"
            raise UsageError(f"--{key} means nothing to `solo {path}` (the global options it takes:"
                             f" {offered})")


# Set by `main` when the command line asks for --json: errors are then printed as JSON too.
JSON_ERRORS = [False]
ERROR_CODES = {1: "bad_input", 2: "usage", 70: "internal_error", 130: "interrupted", 141: "output_closed"}


def _where(argv: Sequence[str]) -> str:
    command = command_named(argv)
    return f"solo {command}" if command else "solo"


def fail(exc: BaseException | str, code: int, where: str) -> int:
    """Say what went wrong in one line on stderr (and, under --json, as an error object on stdout)."""
    message = one_line(exc)
    print(f"solo: error: {message}", file=sys.stderr)
    if JSON_ERRORS[0]:
        print_json_error(message, where, code)
    return code


def print_json_error(message: str, where: str, code: int, out: TextIO | None = None) -> None:
    """`{"error": {"message", "where", "code"}}` on stdout (docs/json.md)."""
    import json

    error = {"error": {"message": message, "where": where, "code": ERROR_CODES.get(code, "error")}}
    print(json.dumps(error, indent=2, ensure_ascii=False), file=out or sys.stdout)


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
    words = list(sys.argv[1:] if argv is None else argv)
    JSON_ERRORS[0] = "--json" in words[:words.index("--")] if "--" in words else "--json" in words
    try:
        bad = failures.bad_argument(words)
        if bad:
            if JSON_ERRORS[0]:
                print_json_error(bad.removeprefix("solo: error: "), "solo", 2, out)
            return failures.report(bad, 2, err)
        code = _run(argv)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk behind `>` shows here, not at exit
        return code
    except BaseException as exc:  # noqa: B036 - the one place every failure ends up
        code, message = failures.describe(exc, SAVED_CHANGES)
        failures.silence_broken_output(exc, out)
        if JSON_ERRORS[0] and message is not None and code not in (141,) and out is not None:
            try:
                print_json_error(message.removeprefix("solo: error: "), _where(words), code, out)
            except (OSError, ValueError):
                pass  # stdout itself failed: the line on stderr says so
        return failures.report(message, code, err)
    finally:
        sys.stdout, sys.stderr, sys.stdin = out, err, stdin
