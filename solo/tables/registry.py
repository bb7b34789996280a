"""All the tables solo knows: built-in ones, then the user's, by id.

Loading never fails: a file or table with problems is reported in
`TableSet.problems` and left out, along with any table that refers to it, so
a typo in one user file never keeps the program from starting.  User
directories are read after the built-in tables and replace them id by id:
first the player's own tables directory (`locations.user_tables_home`, when
it exists), then SOLO_TABLES, then `--tables`.

A see-also link or offered roll naming a table that is not there is reported
and dropped; the table itself still loads, since neither is ever rolled.

Each file is parsed once per process and kept (`FileCache`), keyed by its
path and its modification time and size: loading the tables again (a second
`load_tables`, an action with no table set of its own, the TUI after a user
table changed) parses only files that changed since and re-checks the merged
set, which is cheap beside YAML parsing.  Every load gets tables of its own.
Between runs, what each file parsed to is kept on disk (`parse_cache`), so a
process parses only the files no earlier run has seen as they read now.
"""

from __future__ import annotations

import difflib
import pickle
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from solo.dice import Rng
from solo.locations import builtin_tables_dir, cache_dir, user_tables_dirs, user_tables_home
from solo.tables import parse_cache
from solo.tables.grammar import TableError
from solo.tables.growth import growth_problems
from solo.tables.loader import FileReader, LineFinder, TableFileError, read_text, table_files
from solo.tables.model import Problem, Table
from solo.tables.roller import Roller, TableRoll
from solo.tables.validate import (
    check_columns,
    check_table,
    find_cycles,
    offered_tables,
    unknown_references,
)


class TableSet:
    """Tables by id, with the problems met loading them and the built-in files users replaced.

    `TableSet.on_first_use(load)` is a set that calls `load` (and then `loaded`, say to report
    its problems) only when something first asks it for a table or a problem: a command that
    takes a table set but never rolls on one (`solo odds SYSTEM`) parses no table file at all.
    """

    def __init__(self, tables: dict[str, Table] | None = None, problems: list[Problem] | None = None,
                 overrides: dict[str, Path] | None = None):
        self._tables = tables if tables is not None else {}
        self._problems = problems if problems is not None else []
        self._overrides = overrides if overrides is not None else {}  # id -> the built-in file replaced
        self._load: Callable[[], TableSet] | None = None
        self._loaded: Callable[[TableSet], None] | None = None
        self._lock = threading.RLock()
        self.roller = Roller(self.get)

    @classmethod
    def on_first_use(cls, load: Callable[[], TableSet],
                     loaded: Callable[[TableSet], None] | None = None) -> TableSet:
        later = cls()
        later._load, later._loaded = load, loaded
        return later

    def _ready(self) -> None:
        if self._load is None:
            return
        with self._lock:
            if self._load is None:
                return
            found = self._load()
            self._tables, self._problems, self._overrides = found.tables, found.problems, found.overrides
            self._load = None
        if self._loaded is not None:
            self._loaded(self)

    @property
    def tables(self) -> dict[str, Table]:
        self._ready()
        return self._tables

    @property
    def problems(self) -> list[Problem]:
        self._ready()
        return self._problems

    @property
    def overrides(self) -> dict[str, Path]:
        self._ready()
        return self._overrides

    def __contains__(self, table_id: str) -> bool:
        return table_id in self.tables

    def ids(self) -> list[str]:
        return sorted(self.tables)

    def get(self, table_id: str) -> Table:
        try:
            return self.tables[table_id]
        except KeyError:
            close = difflib.get_close_matches(table_id, self.tables, n=3, cutoff=0.5)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            broken = [p for p in self.problems if p.table == table_id]
            unread = [p for p in self.problems if p.table is None and p.file is not None
                      and p.file.is_file()]
            if broken:
                hint = f"; it was skipped because of a problem: {broken[0]}"
            elif unread:  # a file refused whole: which tables it held is not known
                hint = (f"; {len(unread)} table file(s) could not be read, and it may be in one:"
                        f" {unread[0]}")
            raise TableError(f"no table named '{table_id}'{hint}") from None

    def roll(self, table_id: str, rng: Rng, decks: dict[str, list[int]] | None = None) -> TableRoll:
        """One roll; `decks` keeps the rows drawn from deck tables between rolls."""
        return self.roller.roll(table_id, rng, decks)

    def expand(self, text: str, rng: Rng) -> str:
        return self.roller.expand(text, rng)

    def search(self, query: str) -> list[Table]:
        """Tables whose id or title contain every word of the query, best first."""
        words = query.lower().split()
        hits = [
            t for t in self.tables.values()
            if all(w in t.id or w in t.title.lower() for w in words)
        ]
        return sorted(hits, key=lambda t: (len(t.id), t.id))


Parsed = tuple[list[Table], list[Problem], LineFinder]


class FileCache:
    """Parsed table files by path, each kept while its modification time, size and text stay the same.

    The text is compared too (reading a file costs far less than parsing it): an edit that keeps
    the size, saved within the file system's timestamp granularity, must not go unseen.  What is
    kept is a pickle of the parse, and each load gets fresh objects from it (some ten times
    quicker than parsing the YAML again), so a table set that changes its tables (tests try
    house-rule variants that way) never changes another's.
    """

    def __init__(self) -> None:
        self._files: dict[tuple[Path, bool], tuple[tuple[int, int], str, bytes]] = {}
        self._lock = threading.Lock()
        self.parsed = 0  # files parsed so far (what the cache saves is visible in tests)

    def read(self, path: Path, builtin: bool) -> Parsed | Problem:
        """The tables, problems and line finder of one file, or the problem that kept it from being read."""
        key = (path, builtin)
        try:
            info = path.stat()
            text = read_text(path)  # bounded: a file over the size limit is refused unread
        except OSError as exc:
            return Problem(path, None, None, f"cannot read the file: {exc}")
        except TableFileError as exc:
            return Problem(path, exc.line, None, exc.reason)
        stamp = (info.st_mtime_ns, info.st_size)
        with self._lock:
            kept = self._files.get(key)
        if kept is not None and kept[0] == stamp and kept[1] == text:
            return pickle.loads(kept[2])
        disk = _parse_cache()
        pickled = disk.get(path, builtin, text)
        found = parse_cache.load(pickled) if pickled is not None else None
        if found is not None:  # parsed by an earlier run, from this very text
            with self._lock:
                self._files[key] = (stamp, text, pickled)  # type: ignore[assignment]
            return found  # type: ignore[no-any-return]
        reader = FileReader(path, text, builtin)
        parsed = (reader.read(), reader.problems, reader.lines)
        with self._lock:
            self.parsed += 1
            try:
                pickled = pickle.dumps(parsed, pickle.HIGHEST_PROTOCOL)
                self._files[key] = (stamp, text, pickled)
            except (pickle.PicklingError, TypeError, AttributeError):  # kept unparsed: read again next time
                self._files.pop(key, None)
                pickled = None
        if pickled is not None:
            disk.put(path, builtin, text, pickled)
        return parsed

    def clear(self) -> None:
        with self._lock:
            self._files.clear()


FILES = FileCache()
_DISK: dict[Path | None, parse_cache.ParseCache] = {}


def _parse_cache() -> parse_cache.ParseCache:
    """The on-disk cache of parsed files where SOLO_CACHE (or the user cache directory) says now."""
    where = cache_dir()
    where = where / "tables" if where is not None else None
    disk = _DISK.get(where)
    if disk is None:
        disk = _DISK[where] = parse_cache.ParseCache(where)
    return disk


def _read_layer(directory: Path, builtin: bool, lines: dict[Path, LineFinder],
                problems: list[Problem]) -> dict[str, Table]:
    layer: dict[str, Table] = {}
    if not directory.exists():
        problems.append(Problem(directory, None, None, "table directory does not exist"))
        return layer
    for path in table_files(directory):
        parsed = FILES.read(path, builtin)
        if isinstance(parsed, Problem):
            problems.append(parsed)
            continue
        tables, file_problems, lines[path] = parsed
        problems.extend(file_problems)
        for table in tables:
            if table.id in layer:
                first = layer[table.id]
                problems.append(Problem(path, table.line, table.id,
                                        f"id already used in {first.source}:{first.line}"))
                continue
            layer[table.id] = table
    return layer


def load_tables(extra_dirs: Iterable[str | Path] = (), include_builtin: bool = True,
                use_env: bool = True) -> TableSet:
    """Built-in tables, then SOLO_TABLES, then `extra_dirs`; later ones override by id."""
    lines: dict[Path, LineFinder] = {}
    problems: list[Problem] = []
    merged: dict[str, Table] = {}
    overrides: dict[str, Path] = {}
    layers: list[tuple[Path, bool]] = []
    if include_builtin:
        layers.append((builtin_tables_dir(), True))
    home = user_tables_home() if use_env else None
    if home is not None and home.is_dir():
        layers.append((home, False))
    dirs = user_tables_dirs([str(d) for d in extra_dirs]) if use_env else [Path(d) for d in extra_dirs]
    layers.extend((d, False) for d in dirs)
    for directory, builtin in layers:
        for table_id, table in _read_layer(directory, builtin, lines, problems).items():
            if table_id in merged and merged[table_id].builtin and not builtin:
                overrides[table_id] = merged[table_id].source or directory
            merged[table_id] = table
    return _checked(merged, problems, overrides, lines)


def _finder(lines: dict[Path, LineFinder], table: Table) -> LineFinder | None:
    """The line finder of the file `table` came from (none for a table built in memory)."""
    return lines.get(table.source) if table.source is not None else None


def _checked(merged: dict[str, Table], problems: list[Problem], overrides: dict[str, Path],
             lines: dict[Path, LineFinder]) -> TableSet:
    good: dict[str, Table] = {}
    refs: dict[str, dict[str, tuple]] = {}
    for table_id, table in merged.items():
        table_problems, table_refs = check_table(table, _finder(lines, table))
        if table_problems:
            problems.extend(table_problems)
            # Still name references to tables that exist nowhere: report every problem at once.
            problems.extend(unknown_references(table, table_refs, set(merged),
                                               _finder(lines, table)))
        else:
            good[table_id] = table
            refs[table_id] = table_refs
    _settle(good, refs, problems, lines)
    # Tables whose rolls would pass a roll's budgets (fan-out, runaway grammars, too many dice,
    # chains too deep), found before anything rolls; then whatever refers to them goes too.
    graph = {tid: set(refs[tid]) for tid in good}
    for table_id, message in growth_problems(good, graph).items():
        table = good.pop(table_id)
        problems.append(Problem(table.source, table.line, table_id, message))
    _settle(good, refs, problems, lines)
    _drop_missing_offers(good, problems, lines)
    return TableSet(good, problems, overrides)


def _settle(good: dict[str, Table], refs: dict[str, dict[str, tuple]], problems: list[Problem],
            lines: dict[Path, LineFinder]) -> None:
    """Drop tables in reference cycles and tables that refer to missing or broken ones.

    Dropping one table can orphan others; those that refer to it are looked at
    again, so a long chain settles in one pass over it rather than one per link.
    """
    while True:
        users: dict[str, list[str]] = {}
        for table_id in good:
            for ref in refs[table_id]:
                users.setdefault(ref, []).append(table_id)
        todo = [tid for tid in good if any(ref not in good for ref in refs[tid])]
        while todo:
            table_id = todo.pop()
            table = good.get(table_id)
            if table is None:
                continue
            missing = unknown_references(table, refs[table_id], good.keys(), _finder(lines, table))
            if missing:
                problems.extend(missing)
                del good[table_id]
                todo.extend(users.get(table_id, ()))
        graph = {tid: set(refs[tid]) for tid in good}
        cycles = find_cycles(graph)
        for cycle in cycles:
            chain = " -> ".join(cycle)
            for table_id in cycle[:-1]:
                table = good.pop(table_id, None)
                if table is not None:
                    problems.append(Problem(table.source, table.line, table_id,
                                            f"reference cycle: {chain}"))
        wrong_columns = False
        for table_id in list(good):
            table = good[table_id]
            wrong = check_columns(table, good, _finder(lines, table))
            if wrong:
                problems.extend(wrong)
                del good[table_id]
                wrong_columns = True
        if not cycles and not wrong_columns:
            return


def _drop_missing_offers(good: dict[str, Table], problems: list[Problem],
                         lines: dict[Path, LineFinder]) -> None:
    """See-also links and offered rolls to tables that are not there: reported and dropped."""
    for table in good.values():
        offered = offered_tables(table)
        missing = set(offered) - set(good)
        if missing:
            problems.extend(unknown_references(table, {m: offered[m] for m in missing}, set(good),
                                               _finder(lines, table)))
            table.suggest = [ref for ref in table.suggest if ref not in missing]
            for row in table.rows:
                row.then = tuple(f for f in row.then if f.table not in missing)
