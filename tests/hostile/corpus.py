"""Hostile table files, written on demand (none is committed: some are megabytes).

Each case is a file a user could drop into a tables directory, built to cost
solo as much as possible: YAML alias bombs in a field, a title or the rows,
anchors that contain themselves, nesting 2,000 and 50,000 deep, a file over
the size limit, bytes that are not UTF-8, grammars and chains of table
references that grow without end, dice whose exact odds take minutes and
rows that roll millions of dice.  `CASES` maps a case's name to its file
name and a function building its bytes; `write_case` puts one in a directory.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def _laughs(levels: int = 9, fan: int = 10) -> list[str]:
    """Anchor lines a0..a{levels}, each level listing the one before `fan` times."""
    lines = ['  - &a0 "lol lol lol lol lol lol lol lol lol lol lol lol lol lol lol lol"']
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * fan)
        lines.append(f"  - &a{level} [{refs}]")
    return lines


def bomb_in_field() -> str:
    return "\n".join([
        "id: hostile/bomb-field",
        "laughs:",  # not a table key, but YAML builds it before anything checks keys
        *_laughs(),
        "rows:",
        "  - text: a quiet road",
        "    note: *a9",
        "",
    ])


def bomb_in_title() -> str:
    return "\n".join([
        "id: hostile/bomb-title",
        "tags:",
        *_laughs(),
        "title: *a9",
        "rows: [a quiet road]",
        "",
    ])


def bomb_in_rows() -> str:
    return "\n".join([
        "id: hostile/bomb-rows",
        "seed:",
        *_laughs(),
        "rows: *a9",
        "",
    ])


def self_anchor() -> str:
    return "id: hostile/self\nrows: &loop [a road, *loop]\n"


def deep(levels: int) -> Callable[[], str]:
    def build() -> str:
        return "id: hostile/deep\nrows: " + "[" * levels + "x" + "]" * levels + "\n"
    return build


def huge() -> bytes:
    row = "  - " + "a long and dull row of text, " * 4 + "\n"
    body = "id: hostile/huge\nrows:\n" + row * (3 * 1024 * 1024 // len(row) + 1)
    return body.encode()


def not_utf8() -> bytes:
    return b"id: hostile/latin\nrows:\n  - caf\xe9\n  - \xff\xfe road\n"


def big_integer() -> str:
    return "id: hostile/bigint\nrows:\n  - " + "9" * 5000 + "\n"


def runaway_grammar() -> str:
    # Every 'a' makes three more half the time: it can finish, so it passes the old check,
    # but on average it never does.
    return "\n".join([
        "id: hostile/runaway",
        "grammar:",
        '  origin: "#a#"',
        '  a: ["#a# #a# #a#", "end"]',
        "",
    ])


def runaway_actions() -> str:
    # Recursion through [x:...] actions, which restart tracery's depth count: three pushes of
    # the start symbol half the time.
    return "\n".join([
        "id: hostile/actions",
        "grammar:",
        '  origin: ["[x:#origin#][y:#origin#][z:#origin#]#x#", "done"]',
        "",
    ])


def growing_replace() -> str:
    # Each modifier makes the text ten times longer without a single further expansion.
    mods = ".replace(a,aaaaaaaaaa)" * 12
    return "\n".join([
        "id: hostile/replace",
        "grammar:",
        f'  origin: "#word{mods}#"',
        '  word: "aaaaaaaaaa"',
        "",
    ])


def fan_out() -> str:
    # Ten tables, each row rolling the next table ten times: 10^9 rolls for one.
    tables = []
    for level in range(10):
        text = f"{{@hostile/fan{level + 1}}} " * 10 if level < 9 else "leaf"
        tables.append(f"  - id: hostile/fan{level}\n    rows: [\"{text.strip()}\"]")
    return "tables:\n" + "\n".join(tables) + "\n"


def long_chain() -> str:
    # 3,000 tables in a chain: deeper than any roll follows, and deep enough to break a
    # recursive walk of the reference graph.
    tables = [f"  - id: hostile/chain{i}\n    rows: [\"{{@hostile/chain{i + 1}}}\"]"
              for i in range(3000)]
    tables.append("  - id: hostile/chain3000\n    rows: [end]")
    return "tables:\n" + "\n".join(tables) + "\n"


def pool_dice() -> str:
    return "id: hostile/pool\ndice: 500d4dl2\nrows:\n  - 1-10000: anything\n"


def pool_dice_d20() -> str:
    return "id: hostile/pool-d20\ndice: 100d20dl3\nrows:\n  - 1-10000: anything\n"


def dice_hoard() -> str:
    return "id: hostile/hoard\nrows:\n  - \"" + "{=1000d10000} " * 2000 + "\"\n"


def wide_range() -> str:
    # 10,000 rows all covering d10000: every row overlaps every other.
    return "id: hostile/overlap\ndice: d10000\nrows:\n" + "  - 1-10000: x\n" * 10000


CASES: dict[str, tuple[str, Callable[[], str | bytes]]] = {
    "bomb-field": ("bomb-field.yaml", bomb_in_field),
    "bomb-title": ("bomb-title.yaml", bomb_in_title),
    "bomb-rows": ("bomb-rows.yaml", bomb_in_rows),
    "self-anchor": ("self-anchor.yaml", self_anchor),
    "deep-2000": ("deep-2000.yaml", deep(2000)),
    "deep-50000": ("deep-50000.yaml", deep(50000)),
    "huge": ("huge.yaml", huge),
    "not-utf8": ("not-utf8.yaml", not_utf8),
    "big-integer": ("big-integer.yaml", big_integer),
    "runaway-grammar": ("runaway-grammar.yaml", runaway_grammar),
    "runaway-actions": ("runaway-actions.yaml", runaway_actions),
    "growing-replace": ("growing-replace.yaml", growing_replace),
    "fan-out": ("fan-out.yaml", fan_out),
    "long-chain": ("long-chain.yaml", long_chain),
    "pool-dice": ("pool-dice.yaml", pool_dice),
    "pool-dice-d20": ("pool-dice-d20.yaml", pool_dice_d20),
    "dice-hoard": ("dice-hoard.yaml", dice_hoard),
    "wide-range": ("wide-range.yaml", wide_range),
}

# The table each case defines, for `table roll` (cases with no readable table map to None).
TABLE_IDS: dict[str, str | None] = {
    "bomb-field": "hostile/bomb-field",
    "bomb-title": "hostile/bomb-title",
    "bomb-rows": "hostile/bomb-rows",
    "self-anchor": "hostile/self",
    "deep-2000": "hostile/deep",
    "deep-50000": "hostile/deep",
    "huge": "hostile/huge",
    "not-utf8": "hostile/latin",
    "big-integer": "hostile/bigint",
    "runaway-grammar": "hostile/runaway",
    "runaway-actions": "hostile/actions",
    "growing-replace": "hostile/replace",
    "fan-out": "hostile/fan0",
    "long-chain": "hostile/chain0",
    "pool-dice": "hostile/pool",
    "pool-dice-d20": "hostile/pool-d20",
    "dice-hoard": "hostile/hoard",
    "wide-range": "hostile/overlap",
}


def write_case(name: str, directory: Path) -> Path:
    """Write case `name` into `directory` (made if needed); returns the file."""
    filename, build = CASES[name]
    directory.mkdir(parents=True, exist_ok=True)
    content = build()
    path = directory / filename
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path
