"""`solo import FORMAT PATH`: other tools' tables converted into solo tables.

The conversion itself lives in `solo.tables.importers`; this command names
the target directory (the player's own tables directory unless `--into`),
checks the id prefix, and prints the summary (or `--json`).  A file that is
not the format named fails with one line naming it and exit status 2, and
nothing is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.commands.context import Context, UsageError
from solo.locations import user_tables_home
from solo.tables.importers import FORMATS, ImportFailure, convert, write
from solo.tables.loader import ID_PATTERN

# Examples under `--help` and the global options each command takes (solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "import": ("solo import csv names.csv --into my-tables/",),
}
GLOBALS: dict[str, tuple[str, ...]] = {"import": ("json", "tables")}


def register(sub: Any, common: Any) -> None:
    p = sub.add_parser(
        "import", parents=[common], help="import Datasworn, Foundry, Tracery, CSV or Markdown tables",
        description="Convert another tool's tables into solo tables, check them, and write them"
        " (by default into your own tables directory, read on every start). Prints what was"
        " imported, row counts, and what could not be expressed, per table.")
    p.add_argument("format", choices=list(FORMATS), metavar="FORMAT",
                   help=f"one of: {', '.join(FORMATS)}")
    p.add_argument("path", metavar="PATH", help="the file to import")
    p.add_argument("--into", metavar="DIR",
                   help=f"write the tables here (default: {user_tables_home()})")
    p.add_argument("--id-prefix", metavar="P",
                   help="start every imported table id with P (default: the package or file name)")
    p.set_defaults(handler=cmd_import)


def cmd_import(ctx: Context) -> int:
    args = ctx.args
    prefix = args.id_prefix
    if prefix is not None and not ID_PATTERN.match(prefix):
        raise UsageError(f"--id-prefix {prefix!r} must be lowercase words, digits, '-' or '_',"
                         " parts joined by '/'")
    into = Path(args.into) if args.into else user_tables_home()
    if into.exists() and not into.is_dir():
        raise UsageError(f"--into {into}: not a directory")
    try:
        outcome = write(convert(args.format, Path(args.path), prefix), into)
    except ImportFailure as exc:
        raise UsageError(str(exc)) from None
    ctx.emit(outcome.to_dict(), outcome.summary())
    return 0
