"""How fast are adventure hooks made? solo's expander against the raw `tracery` package.

Run from the repository root:  python benchmarks/hooks.py [N]   (default N = 10000)

Four figures, all measured in this run on this machine:

1. raw tracery: the `story/hook` grammar with every table it reaches inlined
   into one self-contained grammar (weighted rows repeated by weight, other
   grammars' symbols renamed, each `#=2d6#` turned into a symbol listing every
   total as often as it can be rolled, so the odds are the same), expanded
   with tracery's own `Grammar.flatten`, seeded with `random.seed` - once used
   as is, and once with `clear_state()` before each hook, which is faster
   because tracery otherwise keeps a record of every symbol use; the
   comparison below is against that faster figure;
2. solo, the same grammar through `TableSet.roll` with a seeded `Rng`;
3. solo with the tracery-backed expander it used before (a fresh tracery
   Grammar per expansion), kept in tests/story/tracery_reference.py;
4. the whole command, `solo hooks -n N -o FILE`, in process.

The goal (issue 6): 10,000 hooks to a file in a few seconds, and solo not
much slower than raw tracery.
"""

from __future__ import annotations

import io
import random
import re
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from math import lcm
from pathlib import Path

import tracery
from tracery.modifiers import base_english

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "story"))

from solo.cli import main  # noqa: E402
from solo.dice import Rng, distribution  # noqa: E402
from solo.tables import TableSet, load_tables  # noqa: E402
from solo.tables.grammar import analyse  # noqa: E402

CELL_REFERENCE = re.compile(r"\{([@=])([^{}]*)\}")
TAG = re.compile(r"#([^#\[\]]+)#")


def _symbol(table_id: str, symbol: str = "") -> str:
    return "T_" + table_id.replace("/", "_").replace("-", "_") + ("__" + symbol if symbol else "")


def inline(tables: TableSet, table_id: str) -> dict[str, list[str]]:
    """One self-contained tracery grammar for `table_id`, with everything it reaches."""
    rules: dict[str, list[str]] = {}
    todo, done = [table_id], set()

    def rewrite(text: str, owner: str | None) -> str:
        """#symbol# -> the owner's renamed symbol; #@id# / {@id} -> that table; dice -> a symbol."""

        def name_for(head: str) -> str:
            if head.startswith("@"):
                todo.append(head[1:].strip())
                return _symbol(head[1:].strip())
            if head.startswith("="):
                return dice_symbol(head[1:].strip())
            return _symbol(owner, head) if owner else head

        def tag(match: re.Match[str]) -> str:
            head, dot, mods = match[1].partition(".")
            return "#" + name_for(head) + dot + mods + "#"

        text = TAG.sub(tag, text)
        return CELL_REFERENCE.sub(lambda m: "#" + name_for(m[1] + m[2]) + "#", text)

    def dice_symbol(expr: str) -> str:
        name = "D_" + "".join(c if c.isalnum() else "_" for c in expr)
        if name not in rules:
            probabilities = distribution(expr).probabilities
            scale = lcm(*(p.denominator for _, p in probabilities))
            rules[name] = [str(v) for v, p in probabilities for _ in range(int(p * scale))]
        return name

    while todo:
        current = todo.pop()
        if current in done:
            continue
        done.add(current)
        table = tables.get(current)
        if table.kind == "grammar":
            info = analyse(table.grammar)
            assert not info.pushed, "push actions are not inlined by this benchmark"
            for symbol, options in table.grammar.items():
                rules[_symbol(current, symbol)] = [rewrite(o, current) for o in options]
            rules[_symbol(current)] = [f"#{_symbol(current, table.start)}#"]
        elif table.kind == "weight":
            rules[_symbol(current)] = [rewrite(r.text, None) for r in table.rows for _ in range(r.weight)]
        else:
            raise SystemExit(f"{current}: range tables are not inlined by this benchmark")
    rules["origin"] = [f"#{_symbol(table_id)}#"]
    return rules


def timed(label: str, count: int, make) -> tuple[float, list[str]]:
    start = time.perf_counter()
    out = make()
    seconds = time.perf_counter() - start
    print(f"{label:<44} {seconds:7.3f} s  {count / seconds:10,.0f} hooks/s"
          f"  ({len(set(out[:1000]))}/1000 distinct)" if out else
          f"{label:<44} {seconds:7.3f} s  {count / seconds:10,.0f} hooks/s")
    return seconds, out


def main_benchmark(count: int) -> int:
    tables = load_tables(use_env=False)
    flat = inline(tables, "story/hook")
    print(f"{count} hooks from story/hook ({len(flat)} symbols once inlined for tracery)\n")

    grammar = tracery.Grammar(flat)
    grammar.add_modifiers(base_english)
    random.seed(1)
    timed("raw tracery, one Grammar as is", count,
          lambda: [grammar.flatten("#origin#") for _ in range(count)])

    def fresh_hook() -> str:
        grammar.clear_state()  # tracery keeps every use of a symbol until cleared
        return grammar.flatten("#origin#")

    random.seed(1)
    raw, _ = timed("raw tracery, clear_state per hook (its best)", count,
                   lambda: [fresh_hook() for _ in range(count)])

    rng = Rng(1)
    ours, _ = timed("solo TableSet.roll (seeded Rng)", count,
                    lambda: [tables.roll("story/hook", rng).text for _ in range(count)])

    from tracery_reference import TraceryGrammar

    import solo.tables.roller as roller_module

    saved = roller_module.Grammar
    roller_module.Grammar = TraceryGrammar
    try:
        before_tables = load_tables(use_env=False)
        rng = Rng(1)
        before, _ = timed("solo before (tracery per expansion)", count,
                          lambda: [before_tables.roll("story/hook", rng).text for _ in range(count)])
    finally:
        roller_module.Grammar = saved

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hooks.md"

        def run() -> list[str]:
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                code = main(["hooks", "-n", str(count), "--seed", "1", "-o", str(path)])
            assert code == 0
            return []

        whole, _ = timed(f"solo hooks -n {count} -o hooks.md", count, run)
        size = path.stat().st_size

    print(f"\nsolo / raw tracery at its best: {raw / ours:.2f}x  (above 1 means solo is faster)")
    print(f"solo now / solo before:        {before / ours:.2f}x faster")
    print(f"whole command: {whole:.2f} s for {count} hooks ({size / 1e6:.1f} MB written)")
    ok = ours <= raw * 1.5 and (count < 10_000 or whole < 5.0)
    print("goal met" if ok else "GOAL MISSED: solo is much slower than tracery or the command is slow")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main_benchmark(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000))
