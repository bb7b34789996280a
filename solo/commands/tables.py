"""`solo table list|show|roll|check`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.commands.context import Context, UsageError, add_campaign_option
from solo.commands.grammar import count_option
from solo.locations import builtin_tables_dir
from solo.tables import Table, TableSet, load_tables
from solo.tables.budget import MAX_DICE, MAX_STEPS

# Rolls in one `table roll`.  Each roll may spend a whole budget of its own (solo.tables.budget:
# MAX_STEPS steps, MAX_DICE dice, all kept in a campaign's journal), so one command is bounded
# by this many budgets: 2 million steps and 200,000 dice at the very worst.
MAX_ROLLS = 100

# Examples under `--help` and the global options each command takes (solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "table": ("solo table roll weather/day --seed 2",),
    "table list": ("solo table list", "solo table list weather --json"),
    "table show": ("solo table show weather/day",),
    "table roll": ("solo table roll weather/day --seed 2", "solo table roll treasure/hoard -n 3"),
    "table check": ("solo table check", "solo table check my-tables/"),
}
GLOBALS: dict[str, tuple[str, ...]] = {
    "table": ("seed", "json", "tables", "saves"),
    "table list": ("json", "tables"),
    "table show": ("json", "tables"),
    "table check": ("json", "tables"),
}


def register(sub: Any, common: Any) -> None:
    table = sub.add_parser("table", help="list, show, roll and check tables",
                           description="Work with the random tables.")
    tsub = table.add_subparsers(dest="table_command", metavar="COMMAND", required=True,
                                parser_class=type(table))

    p = tsub.add_parser("list", parents=[common], help="list every table")
    p.add_argument("query", nargs="*", help="only tables whose id or title contain these words")
    p.set_defaults(handler=cmd_list)

    p = tsub.add_parser("show", parents=[common], help="show a table's rows")
    p.add_argument("id", help="table id, e.g. weather/day")
    p.set_defaults(handler=cmd_show)

    p = tsub.add_parser("roll", parents=[common], help="roll on a table")
    p.add_argument("id", help="table id, e.g. treasure/hoard")
    count_option(p, 1, f"rolls, at most {MAX_ROLLS}", old="--times")
    add_campaign_option(p)
    p.set_defaults(handler=cmd_roll)

    p = tsub.add_parser("check", parents=[common], help="validate table files",
                        description="Check table files and directories (default: the built-in"
                        " tables and your own). Exit 0 when all are valid, 2 when any problem"
                        " is found; every problem is listed.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or directories to check")
    p.set_defaults(handler=cmd_check)


def _kind(table: Table) -> str:
    if table.kind == "range":
        return table.dice or ""
    if table.kind == "column":
        return "column"
    return "grammar" if table.kind == "grammar" else "weighted"


def _first_sentence(text: str, limit: int = 90) -> str:
    """A collection's summary as one listing line: its first sentence, cut short if long."""
    first = text.split(". ", 1)[0].strip()
    if len(first) > limit:
        first = first[:limit - 1].rstrip() + "…"
    return first


def _flag(table: Table) -> str:
    count = len(table.upstream)
    return f"  [upstream data error{'s' if count > 1 else ''}: {count}]" if count else ""


def _summary(table: Table) -> dict[str, Any]:
    return {
        "id": table.id,
        "title": table.title,
        "kind": table.kind,
        "dice": table.dice,
        "rows": len(table.rows),
        "tags": table.tags,
        "source": str(table.source) if table.source else None,
        "builtin": table.builtin,
        "credit": table.credit.to_dict() if table.credit else None,
        "collection": table.collection.title if table.collection else None,
        "upstream": table.upstream,
    }


def cmd_list(ctx: Context) -> int:
    tables = ctx.tables
    chosen = tables.search(" ".join(ctx.args.query)) if ctx.args.query else [
        tables.tables[i] for i in tables.ids()
    ]
    chosen = sorted(chosen, key=lambda t: t.id)
    width = max((len(t.id) for t in chosen), default=10)
    # Tables outside any collection first, then each collection under its title.
    groups: dict[str, list[Table]] = {}
    lines: list[str] = []
    for t in chosen:
        if t.collection is None:
            lines.append(f"{t.id:<{width}}  {_kind(t):<8}  {t.title}{_flag(t)}")
        else:
            groups.setdefault(t.collection.title, []).append(t)
    for title, members in sorted(groups.items()):
        summary = members[0].collection.summary if members[0].collection else ""
        credit = next((m.credit for m in members if m.credit), None)
        lines.append("")
        lines.append(f"{title}" + (f" — {_first_sentence(summary)}" if summary else ""))
        if credit is not None:
            lines.append(f"  {credit.line()}")
        lines.extend(f"  {t.id:<{width}}  {_kind(t):<8}  {t.title}{_flag(t)}" for t in members)
    if lines and not lines[0]:
        lines.pop(0)
    if not chosen:
        lines = ["no tables match"]
    ctx.emit([_summary(t) for t in chosen], "\n".join(lines))
    return 0


def _show_text(table: Table) -> str:
    lines = [f"{table.title}  [{table.id}]"]
    if table.description:
        lines.append(table.description)
    origin = "built-in" if table.builtin else "user"
    lines.append(f"{_kind(table)} table, {origin}, from {table.source}")
    if table.collection is not None:
        lines.append(f"In the collection {table.collection.title}")
    if table.credit is not None:
        lines.append(table.credit.line())
    if table.recommended is not None:
        low, high = table.recommended
        lines.append(f"Recommended rolls: {low}" + (f"-{high}" if high != low else ""))
    if table.match:
        lines.append(f"On a match: {table.match}")
    if table.suggest:
        lines.append(f"See also: {', '.join(table.suggest)}")
    if table.column_of:
        lines.append(f"Reads the column '{table.column}' of {table.column_of}")
    lines.extend(f"Upstream data error: {note}" for note in table.upstream)
    if table.kind == "grammar":
        for symbol, rules in (table.grammar or {}).items():
            marker = " (start)" if symbol == table.start else ""
            lines.append(f"  {symbol}{marker}:")
            lines.extend(f"    - {rule}" for rule in rules)
        return "\n".join(lines)
    total_weight = sum(r.weight for r in table.rows)
    if table.columns:
        lines.append(f"  {'':>7}  {' | '.join(table.columns.values())}")
    for row in table.rows:
        if row.display:
            label = ""
        else:
            label = (row.range_label() or "") if table.kind == "range" else f"{row.weight}/{total_weight}"
        fields = dict(row.fields)
        if table.columns and isinstance(row.value, dict):
            text = " | ".join(str(row.value.get(c) or "") for c in table.columns)
            fields = {k: v for k, v in fields.items() if k not in table.columns}
        else:
            text = row.text
        lines.append(f"  {label:>7}  {text}")
        for key, value in fields.items():
            lines.append(f"  {'':>7}    {key}: {value}")
        for follow in row.then:
            target = follow.table or "this table"
            how = "roll" if follow.auto else "you may roll"
            lines.append(f"  {'':>7}    then {how} {target} x{follow.times}"
                         f" (duplicates: {follow.duplicates})")
    return "\n".join(lines)


def cmd_show(ctx: Context) -> int:
    table = ctx.tables.get(ctx.args.id)
    data = _summary(table) | {
        "description": table.description,
        "start": table.start if table.kind == "grammar" else None,
        "grammar": table.grammar,
        "rows": [
            {"range": r.range_label(), "weight": r.weight, "text": r.text, "fields": r.fields}
            for r in table.rows
        ],
    }
    ctx.emit(data, _show_text(table))
    return 0


def cmd_roll(ctx: Context) -> int:
    times = ctx.args.count
    if not 1 <= times <= MAX_ROLLS:
        raise UsageError(f"-n must be between 1 and {MAX_ROLLS} rolls in one command (each roll may take"
                         f" up to {MAX_STEPS} steps and {MAX_DICE} dice), not {times}")
    entries = ctx.perform("table_roll", table=ctx.args.id, times=times)
    ctx.emit({"items": [e.data for e in entries]}, "\n".join(e.text for e in entries))
    return 0


def _within(path: Path | None, roots: list[Path]) -> bool:
    if path is None:
        return False
    resolved = path.resolve()
    return any(resolved == root or root in resolved.parents for root in roots)


def cmd_check(ctx: Context) -> int:
    paths = [Path(p) for p in ctx.args.paths]
    for path in paths:
        if not path.exists():
            raise UsageError(f"no such file or directory: {path}")
    if paths:
        builtin = builtin_tables_dir().resolve()
        roots = [p.resolve() for p in paths]
        # Parts of the built-in tables are checked as part of them, not as overrides.
        user = [p for p in paths if not _within(p, [builtin])]
        tables = load_tables(user, include_builtin=True, use_env=False)
        problems = [p for p in tables.problems if _within(p.file, roots)]
        checked = [t for t in tables.tables.values() if _within(t.source, roots)]
    else:
        tables = load_tables(getattr(ctx.args, "tables", None) or ())
        problems = tables.problems
        checked = list(tables.tables.values())
    return _report(ctx, tables, checked, problems)


def _report(ctx: Context, tables: TableSet, checked: list[Table], problems: list) -> int:
    data = {
        "valid": not problems,
        "tables": len(checked),
        "problems": [p.to_dict() for p in problems],
    }
    upstream = [f"warning: {t.source}: table {t.id}: upstream data error: {note}"
                for t in sorted(checked, key=lambda t: t.id) for note in t.upstream]
    data["upstream"] = [{"table": t.id, "notes": t.upstream} for t in checked if t.upstream]
    if problems:
        text = "\n".join(str(p) for p in problems)
        text += f"\n{len(problems)} problem(s); {len(checked)} table(s) are fine."
    else:
        text = f"{len(checked)} table(s) checked: no problems."
    if upstream:
        text = "\n".join(upstream) + "\n" + text + (
            f" {len(upstream)} upstream data error(s), imported as found, are named above.")
    overridden = [tid for tid in tables.overrides if any(t.id == tid for t in checked)]
    if overridden and not ctx.json:
        text += "\nThese replace built-in tables: " + ", ".join(sorted(overridden))
    ctx.emit(data, text)
    return 2 if problems else 0
