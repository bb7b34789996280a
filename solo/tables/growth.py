"""How far one roll of a table can grow, worked out before anything is rolled.

`table check` (and every load) uses this to refuse tables whose rolls would
pass the budgets of `solo.tables.budget` - fan-out (tables that each roll
the next several times), grammars that grow faster than they finish, rows
that roll thousands of dice, reference chains deeper than a roll follows -
so they are reported with the files instead of failing at the table later.

For a table of rows the figures are the worst row's: steps (tables, symbols
and dice expressions rolled), dice, and the depth of table references below
it.  A grammar picks its rules at random, so for it the figures are what a
roll is *expected* to cost: for each symbol, one step plus the average over
its rules of what they use,

    E[s] = 1 + mean over rules r of s ( sum of count(x in r) * E[x] ),

solved by iterating from zero.  A grammar whose rules make more of
themselves than they finish has no finite solution: the iteration passes
the limit, and the table is reported as growing without end.  The iteration
itself is bounded (`MAX_CHECK_WORK` rule visits); a grammar whose figures
cannot be settled within it is reported too.

Tables referred to are visited before the tables referring to them, without
recursion, so a chain of thousands of tables costs no Python stack.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from solo.dice import DiceError, parse
from solo.tables.budget import MAX_DICE, MAX_STEPS, describe_path
from solo.tables.grammar import ACTION, PUSH, RUN, TAG, _compile
from solo.tables.model import Table
from solo.tables.roller import MAX_NESTING, REFERENCE

MAX_CHECK_WORK = 2_000_000
_REFERENCE = REFERENCE
_ACTION_NESTING = 20
_PATH_SHOWN = 40


@dataclass
class Growth:
    """What one roll of a table costs at most (rows) or on average (grammars)."""

    steps: float = 1.0
    dice: float = 0.0
    depth: int = 0  # table references nested below this table
    heavy: str | None = None  # the table referred to that costs the most
    deep: str | None = None  # the table referred to with the longest chain below it
    symbol: str | None = None  # for a grammar: the symbol whose growth passed the limit


def _dice_count(expr: str) -> int:
    try:
        return parse(expr.strip()).dice_count
    except DiceError:
        return 0


# -- grammars --------------------------------------------------------------------
def _rule_uses(rule: str, into: Counter, nesting: int = 0) -> None:
    """Count what expanding `rule` once uses: ('#', symbol), ('@', table), ('=', dice)."""
    if nesting > _ACTION_NESTING:
        return
    try:
        sections = _compile(rule)
    except Exception:  # noqa: BLE001 - a malformed rule is reported by validation, not here
        return
    for section in sections:
        if section[0] == TAG:
            for action in section[1]:
                _action_uses(action, into, nesting)
            symbol = section[2]
            if symbol and symbol[0] in "@=":
                into[(symbol[0], symbol[1:].strip())] += 1
            elif symbol:
                into[("#", symbol)] += 1
        elif section[0] == ACTION:
            _action_uses(section[1], into, nesting)


def _action_uses(action: tuple, into: Counter, nesting: int) -> None:
    if action[0] == PUSH:
        for piece in action[2]:
            _rule_uses(piece, into, nesting + 1)
    elif action[0] == RUN:
        _rule_uses(action[1], into, nesting + 1)


def _grammar_growth(table: Table, tables: dict[str, Growth]) -> tuple[Growth, str | None]:
    """Expected steps and dice of one roll of a grammar table; a reason if it cannot be settled."""
    rules = table.grammar or {}
    uses = {symbol: [_counted(rule) for rule in options] for symbol, options in rules.items()}
    growth = Growth(depth=0)
    for options in uses.values():
        for counts in options:
            for (kind, name) in counts:
                if kind == "@" and name in tables:
                    child = tables[name]
                    if child.depth + 1 > growth.depth:
                        growth.depth = child.depth + 1
                        growth.deep = name
    order = _symbol_order(table.start, uses)
    steps: dict[str, float] = dict.fromkeys(rules, 0.0)
    dice: dict[str, float] = dict.fromkeys(rules, 0.0)
    work = 0
    while True:
        changed = False
        for symbol in order:
            options = uses[symbol]
            total_steps = total_dice = 0.0
            for counts in options:
                work += len(counts) + 1
                for (kind, name), n in counts.items():
                    if kind == "#":
                        total_steps += n * steps.get(name, 1.0)
                        total_dice += n * dice.get(name, 0.0)
                    elif kind == "@":
                        known = tables.get(name)
                        total_steps += n * (known.steps if known else 1.0)
                        total_dice += n * (known.dice if known else 0.0)
                    else:
                        total_steps += n
                        total_dice += n * _dice_count(name)
            new_steps = 1.0 + total_steps / len(options)
            new_dice = total_dice / len(options)
            if new_steps > steps[symbol] * (1 + 1e-9) or new_dice > dice[symbol] * (1 + 1e-9):
                changed = True
            steps[symbol], dice[symbol] = new_steps, new_dice
            if new_steps > MAX_STEPS or new_dice > MAX_DICE:
                growth.steps = 1.0 + steps.get(table.start, new_steps)
                growth.dice = dice.get(table.start, new_dice)
                growth.steps = max(growth.steps, new_steps)
                growth.dice = max(growth.dice, new_dice)
                growth.symbol = symbol
                return growth, None
        if not changed:
            break
        if work > MAX_CHECK_WORK:
            return growth, (f"its growth could not be settled within {MAX_CHECK_WORK:,} rule visits;"
                            " simplify the grammar")
    growth.steps = 1.0 + steps.get(table.start, 0.0)
    growth.dice = dice.get(table.start, 0.0)
    return growth, None


def _counted(rule: str) -> Counter:
    counts: Counter = Counter()
    _rule_uses(rule, counts)
    return counts


def _symbol_order(start: str, uses: dict[str, list[Counter]]) -> list[str]:
    """Symbols reachable from `start`, each after the symbols it uses (where there is no cycle)."""
    if start not in uses:
        return list(uses)
    order: list[str] = []
    seen = {start}
    stack: list[tuple[str, list[str]]] = [(start, _used_symbols(start, uses))]
    while stack:
        symbol, todo = stack[-1]
        if todo:
            nxt = todo.pop()
            if nxt not in seen and nxt in uses:
                seen.add(nxt)
                stack.append((nxt, _used_symbols(nxt, uses)))
            continue
        stack.pop()
        order.append(symbol)
    return order


def _used_symbols(symbol: str, uses: dict[str, list[Counter]]) -> list[str]:
    return sorted({name for counts in uses[symbol] for (kind, name) in counts if kind == "#"})


# -- tables of rows ----------------------------------------------------------------
def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _strings(v)]
    if isinstance(value, list):
        return [t for v in value for t in _strings(v)]
    return []


def _rows_growth(table: Table, tables: dict[str, Growth]) -> Growth:
    """The worst row's figures, its further rolls (`then`) counted `times` each.

    A row rolling this same table again costs `times` rolls of the worst row
    that does not (a repeat skips rows that repeat); rerolls of duplicates are
    left to the roll's own budget, since they stop as soon as a new row comes.
    """
    own_dice = _dice_count(table.dice) if table.dice else 0
    plain = [row for row in table.rows if not row.rolls_self]
    base = _worst(table, plain, tables, own_dice, None)
    return _worst(table, table.rows, tables, own_dice, base)


def _worst(table: Table, rows: list, tables: dict[str, Growth], own_dice: int,
           again: Growth | None) -> Growth:
    worst = Growth(steps=1.0, dice=float(own_dice))
    for row in rows:
        steps = dice = 0.0
        heaviest: tuple[float, str | None] = (0.0, None)
        uses: list[tuple[str | None, int]] = []
        for text in _strings(row.value):
            for kind, arg in _REFERENCE.findall(text):
                name = arg.strip()
                if kind == "=":
                    steps += 1
                    dice += _dice_count(name)
                    continue
                uses.append((name.partition("#")[0].strip(), 1))
        uses.extend((f.table, f.times) for f in row.then if f.auto)
        for name, times in uses:
            child = (again or Growth()) if name is None else tables.get(name, Growth())
            steps += times * child.steps
            dice += times * child.dice
            if child.steps > heaviest[0]:
                heaviest = (child.steps, name)
            if child.depth + 1 > worst.depth:
                worst.depth = child.depth + 1
                worst.deep = name
        if 1.0 + steps > worst.steps:
            worst.steps = 1.0 + steps
            worst.heavy = heaviest[1]
        worst.dice = max(worst.dice, own_dice + dice)
    return worst


# -- every table -------------------------------------------------------------------
def _order(tables: dict[str, Table], refs: dict[str, set[str]]) -> list[str]:
    """Table ids, each after the tables it refers to (the graph has no cycles by now)."""
    order: list[str] = []
    state: dict[str, int] = {}
    for root in sorted(tables):
        if root in state:
            continue
        state[root] = 1
        stack: list[tuple[str, list[str]]] = [(root, sorted(refs.get(root, ())))]
        while stack:
            node, todo = stack[-1]
            if todo:
                nxt = todo.pop()
                if nxt in tables and nxt not in state:
                    state[nxt] = 1
                    stack.append((nxt, sorted(refs.get(nxt, ()))))
                continue
            stack.pop()
            state[node] = 2
            order.append(node)
    return order


def _path(table_id: str, found: dict[str, Growth], link: str) -> str:
    """The chain from `table_id` following each table's heaviest (or deepest) reference."""
    names: list[str] = []
    current: str | None = table_id
    while current is not None and current in found:
        if len(names) >= _PATH_SHOWN:
            names.append("...")
            break
        names.append(f"@{current}")
        growth = found[current]
        if growth.symbol:
            names.append(f"#{growth.symbol}#")
        current = getattr(growth, link)
    return describe_path(names)


def growth_problems(tables: dict[str, Table], refs: dict[str, set[str]]) -> dict[str, str]:
    """Table id -> why one roll of it would pass the roll's budgets, for tables that would."""
    found: dict[str, Growth] = {}
    problems: dict[str, str] = {}
    for table_id in _order(tables, refs):
        table = tables[table_id]
        if table.kind == "grammar":
            growth, unsettled = _grammar_growth(table, found)
            if unsettled:
                problems[table_id] = unsettled
        elif table.kind == "column" and table.column_of:
            base = found.get(table.column_of, Growth())
            growth = Growth(base.steps + 1, base.dice, base.depth + 1, heavy=table.column_of,
                            deep=table.column_of)
        else:
            growth = _rows_growth(table, found)
        found[table_id] = growth
        if table_id in problems:
            continue
        verb = "is expected to take" if table.kind == "grammar" else "can take"
        if growth.steps > MAX_STEPS:
            problems[table_id] = (f"one roll {verb} more than {MAX_STEPS:,} steps (the limit),"
                                  f" growing along {_path(table_id, found, 'heavy')}")
        elif growth.dice > MAX_DICE:
            problems[table_id] = (f"one roll {verb} {int(growth.dice):,} dice, over the"
                                  f" {MAX_DICE:,} allowed, along {_path(table_id, found, 'heavy')}")
        elif growth.depth > MAX_NESTING:
            deep = _path(table_id, found, "deep")
            problems[table_id] = (f"table references nest {growth.depth} deep, over the"
                                  f" {MAX_NESTING} a roll follows: {deep}")
    return problems
