"""Checks on loaded tables: everything a roll could trip on, found before it rolls.

Per table: the dice parse and are small enough to enumerate; every reachable
result of the dice falls in exactly one row (gaps and overlaps are reported
with the numbers involved); no row sits where the dice cannot reach; grammar
symbols are all defined, all reachable from the start symbol, each able to
finish, the start symbol within the depth a roll follows; modifiers exist.
Across tables: every ``{@id}`` / ``#@id#`` names a table that exists, no
table reaches itself through references (a cycle), and no roll could pass
the budgets of `solo.tables.budget` (`solo.tables.growth`).

Every check is bounded for hostile input: the cycle search keeps its own
stack, grammar symbols settle in one pass (`finishing_depths`), and a table
stops being checked row by row after `MAX_PROBLEMS_PER_TABLE` problems.

Plain-text rows on a table whose dice are a single die (``d6``) are numbered
1..N in order when none of them carries a range: a d6 table can simply list
six rows.  Display-only rows take no part in ranges or weights.

Further rolls (``then``) on another table are references like ``{@id}``, so a
chain of them that comes back is a cycle.  A row rolling its own table again
("roll twice") is not: the repeat skips every row that would roll again, so a
table doing that needs at least one row that does not.  A ``match`` needs dice
that can come up doubles: a d100 (11, 22 ... 99 and 100 read as 00), a d66, or
two or more dice of one kind.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Set as AbstractSet

from solo.dice import DiceError, distribution, parse
from solo.dice.notation import DiceTerm
from solo.tables.grammar import MAX_DEPTH, MODIFIERS, analyse, finishing_depths, reachable_symbols
from solo.tables.loader import LineFinder
from solo.tables.model import Problem, Table

REFERENCE = re.compile(r"\{([@=])([^{}]*)\}")
MAX_TABLE_OUTCOMES = 10_000
MAX_PROBLEMS_PER_TABLE = 20  # a table of ten thousand overlapping rows is not checked row by row


class Reporter:
    """Collects problems for one table, with lines looked up on demand."""

    def __init__(self, table: Table, lines: LineFinder | None):
        self.table = table
        self.lines = lines
        self.problems: list[Problem] = []

    def add(self, path: tuple, message: str) -> None:
        line = self.lines.line(path) if self.lines is not None else None
        self.problems.append(Problem(self.table.source, line, self.table.id, message))


def _spans(values: list[int]) -> str:
    """[1, 2, 3, 7] -> '1-3, 7'."""
    if not values:
        return ""
    out: list[str] = []
    start = prev = values[0]
    for v in values[1:]:
        if v == prev + 1:
            prev = v
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = v
    out.append(str(start) if start == prev else f"{start}-{prev}")
    return ", ".join(out)


def check_ranges(table: Table, report: Reporter) -> None:
    if table.dice is None:
        return
    try:
        expr = parse(table.dice)
        if expr.dice_count == 0:
            report.add(table.path + ("dice",), f"dice {table.dice!r} has no dice in it")
            return
        dist = distribution(expr)
    except DiceError as exc:
        report.add(table.path + ("dice",), f"bad dice {table.dice!r}: {exc}")
        return
    if len(dist.probabilities) > MAX_TABLE_OUTCOMES:
        report.add(table.path + ("dice",), f"dice {table.dice} has too many results for a table")
        return
    support = dist.outcomes
    if table.match and not can_match(table.dice):
        report.add(table.path + ("match",), f"'match' needs dice that can roll doubles;"
                   f" {table.dice} cannot")
    rows = [row for row in table.rows if not row.display]
    if all(row.low is None for row in rows):
        single = len(expr.terms) == 1 and expr.dice_count == 1 and expr.terms[0].sign > 0
        if single and support == list(range(1, len(support) + 1)):
            if len(rows) != len(support):
                report.add(
                    table.path + ("rows",),
                    f"{len(rows)} unnumbered rows under {table.dice}, which needs exactly"
                    f" {len(support)} (or give each row a range)",
                )
                return
            for i, row in enumerate(rows):
                row.low = row.high = i + 1
        else:
            report.add(table.path + ("rows",), f"rows under {table.dice} need ranges such as 2-4")
            return
    owner: dict[int, int] = {}
    for row in rows:
        if len(report.problems) >= MAX_PROBLEMS_PER_TABLE:
            report.add(table.path + ("rows",), f"more problems in the rows; stopped after"
                       f" {MAX_PROBLEMS_PER_TABLE}")
            return
        if row.low is None:
            report.add(row.path, f"row {row.index + 1} has no range, but the table rolls {table.dice}")
            continue
        if row.high is None:  # '10+' runs to the top of the dice
            row.high = max(dist.maximum, row.low)
        covered = support[bisect_left(support, row.low):bisect_right(support, row.high)]
        if not covered:
            report.add(row.path, f"row {row.index + 1} ({row.range_label()}) can never be rolled"
                       f" on {table.dice} ({dist.minimum}-{dist.maximum})")
            continue
        clashes = [v for v in covered if v in owner]
        if clashes:
            other = owner[clashes[0]]
            report.add(row.path, f"row {row.index + 1} ({row.range_label()}) overlaps row"
                       f" {other + 1} at {_spans(clashes)}")
        for v in covered:
            owner.setdefault(v, row.index)
    missing = [v for v in support if v not in owner]
    if missing:
        report.add(table.path + ("rows",), f"no row for {_spans(missing)} on {table.dice}")


def can_match(dice: str) -> bool:
    """Whether dice can come up doubles (see the module docstring)."""
    try:
        expr = parse(dice)
    except DiceError:
        return False
    terms = [t for t in expr.terms if isinstance(t, DiceTerm) and t.sides]
    if len(terms) != 1:
        return False
    term = terms[0]
    return term.sides in (66, 100) if term.count == 1 else term.count >= 2


def check_follow_ups(table: Table, report: Reporter) -> dict[str, tuple]:
    """Checks `then:` rolls; returns the other tables rolled automatically, with where."""
    refs: dict[str, tuple] = {}
    rollable = [row for row in table.rows if not row.display]
    if any(row.rolls_self for row in rollable):
        if table.kind == "grammar" or all(row.rolls_self for row in rollable):
            report.add(table.path + ("rows",), "every row rolls this table again, so a repeat"
                       " could never stop; at least one row must give a result of its own")
    for path, follow in table.follow_ups():
        if follow.table is not None and follow.auto:
            refs.setdefault(follow.table, path)
    return refs


def offered_tables(table: Table) -> dict[str, tuple]:
    """Tables named but never rolled by this one: see-also links and offered rolls."""
    offered = {ref: table.path + ("suggest",) for ref in table.suggest}
    for path, follow in table.follow_ups():
        if follow.table is not None and not follow.auto:
            offered.setdefault(follow.table, path)
    return offered


def check_columns(table: Table, tables: dict[str, Table], lines: LineFinder | None) -> list[Problem]:
    """A `column-of` table, and a `{@id#column}` roll, must name a column the table has."""
    wanted: list[tuple[str, str, tuple]] = []
    if table.column_of is not None and table.column:
        wanted.append((table.column_of, table.column, table.path + ("column",)))
    if table.kind != "grammar":
        for path, text in table.strings():
            for kind, arg in REFERENCE.findall(text):
                target, mark, column = arg.strip().partition("#")
                if kind == "@" and mark:
                    wanted.append((target.strip(), column.strip(), path))
    report = Reporter(table, lines)
    for target, column, path in wanted:
        other = tables.get(target)
        if other is None or column in other.columns:
            continue
        have = ", ".join(other.columns) or "none"
        report.add(path, f"table '{other.id}' has no column '{column}' (its columns: {have})")
    return report.problems


def check_weights(table: Table, report: Reporter) -> None:
    for row in table.rows:
        if row.low is not None:
            report.add(row.path, f"row {row.index + 1} has a range but the table has no dice;"
                       " add 'dice:' or use weights")


def check_grammar(table: Table, report: Reporter) -> dict[str, tuple]:
    """Returns the table ids the grammar refers to, each with where it is used."""
    rules = table.grammar or {}
    info = analyse(rules)
    for symbol, message in info.errors:
        report.add(table.path + ("grammar", symbol), f"symbol '{symbol}': {message}")
    defined = set(rules) | info.pushed
    for symbol, refs in info.references.items():
        for ref in sorted(refs - defined):
            report.add(table.path + ("grammar", symbol),
                       f"symbol '{symbol}' uses #{ref}#, which is not defined")
    for mod in sorted(info.modifiers - set(MODIFIERS)):
        report.add(table.path + ("grammar",), f"unknown modifier .{mod}"
                   f" (known: {', '.join(sorted(MODIFIERS))})")
    if table.start in rules:
        unreachable = set(rules) - reachable_symbols(table.start, info)
        for symbol in sorted(unreachable):
            report.add(table.path + ("grammar", symbol),
                       f"symbol '{symbol}' is never used from '{table.start}'")
        depths = finishing_depths(rules, info)
        for symbol in sorted(set(rules) - set(depths)):
            report.add(table.path + ("grammar", symbol),
                       f"symbol '{symbol}' can never finish: every rule leads back to itself"
                       " (unbounded recursion)")
        if depths.get(table.start, 0) > MAX_DEPTH:
            report.add(table.path + ("grammar", table.start),
                       f"every expansion of '{table.start}' goes {depths[table.start]} symbols"
                       f" deep; a roll stops at {MAX_DEPTH}")
    for expr in sorted(info.dice):
        try:
            parse(expr)
        except DiceError as exc:
            report.add(table.path + ("grammar",), f"#={expr}#: {exc}")
    return {ref: table.path + ("grammar",) for ref in info.tables}


def check_cell_references(table: Table, report: Reporter) -> dict[str, tuple]:
    refs: dict[str, tuple] = {}
    for path, text in table.strings():
        for kind, arg in REFERENCE.findall(text):
            if kind == "@":
                refs.setdefault(arg.strip().partition("#")[0].strip(), path)
            else:
                try:
                    parse(arg)
                except DiceError as exc:
                    report.add(path, f"{{={arg}}}: {exc}")
    return refs


def check_table(table: Table, lines: LineFinder | None) -> tuple[list[Problem], dict[str, tuple]]:
    """Problems inside one table, and the ids of the tables it refers to (with where)."""
    report = Reporter(table, lines)
    if table.kind == "grammar":
        refs = check_grammar(table, report)
    elif table.kind == "column":
        refs = {table.column_of or "": table.path + ("column-of",)}
        if table.deck:
            report.add(table.path + ("deck",), "a 'column-of' table reads another table's rows;"
                       " make that table the deck")
    else:
        if table.kind == "range":
            check_ranges(table, report)
        else:
            check_weights(table, report)
            if table.match:
                report.add(table.path + ("match",), "'match' needs dice; a weighted table has none")
        refs = check_cell_references(table, report)
        for ref, path in check_follow_ups(table, report).items():
            refs.setdefault(ref, path)
    return report.problems, refs


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each reference cycle once, as the list of tables around it.

    A depth-first walk kept on a list, not the Python stack: a chain of
    thousands of tables is walked like any other.
    """
    cycles: list[list[str]] = []
    seen_cycles: set[frozenset[str]] = set()
    state: dict[str, int] = {}
    path: list[str] = []
    on_path: dict[str, int] = {}  # node -> its index in path

    for root in sorted(graph):
        if root in state:
            continue
        state[root] = 1
        path.append(root)
        on_path[root] = 0
        todo: list[list[str]] = [sorted(graph.get(root, ()), reverse=True)]
        while todo:
            if not todo[-1]:
                todo.pop()
                node = path.pop()
                del on_path[node]
                state[node] = 2
                continue
            nxt = todo[-1].pop()
            if nxt not in graph:
                continue
            if state.get(nxt) == 1:
                cycle = path[on_path[nxt]:]
                key = frozenset(cycle)
                if key not in seen_cycles:
                    seen_cycles.add(key)
                    cycles.append(cycle + [nxt])
            elif nxt not in state:
                state[nxt] = 1
                on_path[nxt] = len(path)
                path.append(nxt)
                todo.append(sorted(graph.get(nxt, ()), reverse=True))
    return cycles


def unknown_references(table: Table, refs: dict[str, tuple], known: AbstractSet[str],
                       lines: LineFinder | None) -> list[Problem]:
    report = Reporter(table, lines)
    for ref in sorted(set(refs) - known):
        report.add(refs[ref], f"refers to table '{ref}', which does not exist or is broken")
    return report.problems
