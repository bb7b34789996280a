"""Reading table files: YAML through the safe loader, shapes checked, lines found.

Data comes from YAML's safe loader only (no arbitrary objects can be built
from a table file; the C build of it where available).  Line numbers come
from a second, composing pass over the same text, done only for files that
have something to report.

A table file may come from anywhere, so reading one is bounded (the limits
are listed for authors in ``tables/README.md``):

* a file over `MAX_FILE_BYTES` is refused before it is read;
* nesting deeper than `MAX_YAML_NESTING` levels is refused before YAML builds
  anything (libyaml's composer recurses once per level: thousands of levels
  are a RecursionError, tens of thousands a crash);
* aliases (``*name``) are counted: more than `MAX_ALIASES`, an alias inside
  the anchor it names (a document that contains itself), or aliases that
  would stand for more than `MAX_ALIAS_EXPANSION` units of data (a "billion
  laughs" bomb: each alias is cheap, what they add up to is not) are refused;
* a table may have at most `MAX_ROWS` rows and a grammar `MAX_RULES` rules.

The alias and nesting checks read YAML's event stream, which costs about a
third of a load, so they run only on text that could need them: text with
an ``&`` or ``*`` where an anchor or alias could start, a line indented or
dashed `_DEEP_PREFIX` columns deep, or `_MANY_BRACKETS` flow brackets.
Every refusal is one problem naming the file and line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from solo.tables.model import (
    DUPLICATES,
    ROW_KEYS,
    Collection,
    Credit,
    FollowUp,
    Problem,
    Row,
    Table,
)

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_YAML_NESTING = 64
MAX_ALIASES = 1_000
MAX_ALIAS_EXPANSION = 100_000  # units: one per node, plus one per 32 characters of text
MAX_ROWS = 10_000
MAX_RULES = 10_000
_DEEP_PREFIX = 24
_MANY_BRACKETS = 24
TABLE_KEYS = {"id", "title", "description", "dice", "rows", "grammar", "start", "tags",
              "source", "recommended", "suggest", "columns", "column-of", "column", "match",
              "upstream", "deck"}
CREDIT_KEYS = {"title", "authors", "page", "licence", "url"}
FOLLOW_KEYS = {"table", "times", "duplicates", "auto"}
MAX_FOLLOW_TIMES = 20
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$")
RANGE_PATTERN = re.compile(r"^\s*(\d+)\s*(?:[-\u2013]\s*(\d+)|(\+))?\s*$")
SUFFIXES = (".yaml", ".yml", ".json")
JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


# The safe loader only (no arbitrary objects), in its C form when PyYAML was
# built with libyaml: the same rules as yaml.safe_load, several times faster.
SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _safe_load(text: str) -> Any:
    return yaml.load(text, Loader=SafeLoader)  # noqa: S506 - a safe loader


_LONG_NUMBER = re.compile(r"\d{4301,}")
_MAYBE_ALIAS = re.compile(r"(?:^|[\s\[\]{},?:-])[&*][^\s\[\]{},]", re.MULTILINE)
_MAYBE_DEEP = re.compile(rf"^[ \t?:-]{{{_DEEP_PREFIX},}}", re.MULTILINE)


def _needs_scan(text: str) -> bool:
    """Whether the text could hold an alias or nest deeply; plain table files cannot.

    Block nesting needs a column of indentation or a '- ' per level and flow
    nesting a bracket per level, so text without a long prefix and with few
    brackets nests less than `MAX_YAML_NESTING` levels.
    """
    return bool(
        text.count("[") + text.count("{") >= _MANY_BRACKETS
        or _MAYBE_DEEP.search(text)
        or _MAYBE_ALIAS.search(text)
    )


def _scalar_units(value: str) -> int:
    return 1 + len(value) // 32


def scan_budget(text: str) -> tuple[int, str] | None:
    """(line, why) when the document's nesting or aliases go past the limits, else None.

    Reads YAML's event stream, which libyaml produces without recursing, and
    stops at the first event past a limit, so a bomb costs no more than its
    own text.  A document YAML cannot read passes: loading it says what is wrong.
    """
    if not _needs_scan(text):
        return None
    depth = aliases = expanded = 0
    sizes: dict[str, int] = {}  # anchor -> units of data it stands for
    open_anchors: set[str] = set()
    stack: list[list[Any]] = []  # per open collection: [anchor, units so far]

    def add(units: int) -> None:
        if stack:
            stack[-1][1] += units

    try:
        for event in yaml.parse(text, Loader=SafeLoader):
            line = event.start_mark.line + 1 if event.start_mark is not None else 0
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_YAML_NESTING:
                    return line, f"nested more than {MAX_YAML_NESTING} levels deep"
                if event.anchor:
                    open_anchors.add(event.anchor)
                stack.append([event.anchor, 1])
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
                anchor, units = stack.pop()
                if anchor:
                    sizes[anchor] = units
                    open_anchors.discard(anchor)
                add(units)
            elif isinstance(event, yaml.ScalarEvent):
                units = _scalar_units(event.value)
                if event.anchor:
                    sizes[event.anchor] = units
                add(units)
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    return line, f"more than {MAX_ALIASES} aliases (*name)"
                if event.anchor in open_anchors:
                    return line, f"alias *{event.anchor} sits inside the anchor it names" \
                                 " (a document that contains itself)"
                units = sizes.get(event.anchor, 1) if event.anchor else 1
                expanded += units
                if expanded > MAX_ALIAS_EXPANSION:
                    return line, (f"aliases expand to more than {MAX_ALIAS_EXPANSION:,} units of"
                                  f" data (at *{event.anchor}); an alias bomb?")
                add(units)
    except yaml.YAMLError as exc:
        # libyaml 0.2.5 as PyYAML 6.0.4 bundles it has a nesting limit of its own, met while
        # reading ahead before the event past ours comes out: the same refusal, in our words.
        if "nesting depth" in str(exc):
            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            return (mark.line + 1 if mark is not None else 0,
                    f"nested more than {MAX_YAML_NESTING} levels deep")
        return None
    return None


class TableFileError(Exception):
    """A table file refused before its YAML is read: where (a line or None) and why."""

    def __init__(self, line: int | None, reason: str):
        super().__init__(reason)
        self.line = line
        self.reason = reason


def read_text(path: Path) -> str:
    """A table file's text, refused (TableFileError) when too large or not UTF-8."""
    with path.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise TableFileError(None, f"the file is over {MAX_FILE_BYTES // (1024 * 1024)} MiB,"
                             " the limit for a table file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise TableFileError(line, f"not UTF-8 text: byte 0x{data[exc.start]:02x} cannot be"
                             " read") from None



class JsonError(ValueError):
    """A JSON file that cannot be read: its reason and, when known, its line."""

    def __init__(self, reason: str, line: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.line = line


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings ignored)."""
    depth = deepest = 0
    for bracket in re.findall(r"[\[\]{}]", JSON_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def load_json(text: str, max_bytes: int = MAX_FILE_BYTES, max_depth: int = MAX_YAML_NESTING) -> Any:
    """JSON from an untrusted file: size and nesting checked before Python's recursive parser runs."""
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise JsonError(f"the file is {size} bytes; at most {max_bytes} are read")
    depth = json_depth(text)
    if depth > max_depth:
        raise JsonError(f"arrays and objects nest {depth} deep; at most {max_depth} are read")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonError(f"not valid JSON: {exc.msg} (column {exc.colno})", exc.lineno) from None
    except ValueError as exc:  # a number of thousands of digits
        raise JsonError(f"cannot read a value: {str(exc).splitlines()[0]}") from None
    except RecursionError:
        raise JsonError("arrays and objects nest too deeply") from None


class LineFinder:
    """Maps a path inside a YAML document (keys and indexes) to a 1-based line."""

    def __init__(self, text: str):
        self.text = text
        self._root: yaml.Node | None = None
        self._composed = False
        # Each mapping's scalar keys, indexed on first use: a file of thousands of tables with a
        # problem in each is looked up in time linear in its size, not quadratic.
        self._keys: dict[int, dict[str, tuple[yaml.Node, yaml.Node]]] = {}

    def line(self, path: tuple) -> int | None:
        if not self._composed:
            self._composed = True
            try:
                self._root = yaml.compose(self.text, Loader=SafeLoader)
            except yaml.YAMLError:
                self._root = None
        node = self._root
        if node is None:
            return None
        best = node.start_mark.line + 1
        for step in path:
            if isinstance(node, yaml.MappingNode):
                found = self._index(node).get(str(step))
                if found is None:
                    return best
                key_node, node = found
                best = key_node.start_mark.line + 1
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
                if step >= len(node.value):
                    return best
                node = node.value[step]
                best = node.start_mark.line + 1
            else:
                return best
        return best


    def _index(self, node: yaml.MappingNode) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        index = self._keys.get(id(node))
        if index is None:
            index = self._keys[id(node)] = {}
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    index.setdefault(key_node.value, (key_node, value_node))
        return index


def parse_range(value: Any) -> tuple[int, int | None] | None:
    """'1-3' -> (1, 3); 4 -> (4, 4); '10+' -> (10, None): up to the dice's maximum.

    On a d100 table '00' stands for 100, as printed tables write it.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value, value)
    if not isinstance(value, str):
        return None
    match = RANGE_PATTERN.match(value)
    if not match:
        return None
    low_text, high_text, plus = match.groups()
    low = 100 if low_text == "00" else int(low_text)
    if plus:
        return (low, None)
    high = int(high_text) if high_text is not None else low
    if high_text == "00":
        high = 100
    return (low, high)


class FileReader:
    """Turns one file's text into tables and the problems found on the way."""

    def __init__(self, path: Path, text: str, builtin: bool = False):
        self.path = path
        self.text = text
        self.builtin = builtin
        self.lines = LineFinder(text)
        self.problems: list[Problem] = []

    def problem(self, path: tuple, message: str, table: str | None = None) -> None:
        self.problems.append(Problem(self.path, self.lines.line(path), table, message))

    def read(self) -> list[Table]:
        if len(self.text) > MAX_FILE_BYTES:
            self.problems.append(Problem(self.path, None, None, "the file is over"
                                         f" {MAX_FILE_BYTES // (1024 * 1024)} MiB, the limit"
                                         " for a table file"))
            return []
        if self.path.suffix == ".json":  # size and nesting checked by load_json itself
            try:
                data = load_json(self.text)
            except JsonError as exc:
                self.problems.append(Problem(self.path, exc.line, None, exc.reason))
                return []
            return self.read_data(data)
        refused = scan_budget(self.text)
        if refused is not None:
            at, reason = refused
            self.problems.append(Problem(self.path, at or None, None, f"refused: {reason}"))
            return []
        try:
            data = _safe_load(self.text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            self.problems.append(Problem(self.path, line, None, f"not valid YAML: {reason}"))
            return []
        except (ValueError, OverflowError, RecursionError) as exc:
            # A value YAML reads but Python will not build: an integer of thousands of digits,
            # a date such as 2024-13-45.  (RecursionError only if the nesting check missed.)
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            line = None
            if "integer string conversion" in reason:
                found = _LONG_NUMBER.search(self.text)
                line = self.text.count("\n", 0, found.start()) + 1 if found else None
                reason = "a number of more than 4,300 digits"
            self.problems.append(Problem(self.path, line, None, f"cannot read a value: {reason}"))
            return []
        return self.read_data(data)

    def read_data(self, data: Any) -> list[Table]:
        if data is None:
            self.problem((), "the file is empty")
            return []
        if isinstance(data, dict) and "tables" in data and "id" not in data:
            entries = data["tables"]
            if not isinstance(entries, list):
                self.problem(("tables",), "'tables' must be a list of tables")
                return []
            extra = set(data) - {"tables", "collection"}
            if extra:
                self.problem((), f"unknown top-level key(s): {', '.join(sorted(map(str, extra)))}")
            collection = self.collection(data.get("collection"))
            tables = [t for i, e in enumerate(entries) if (t := self.table(e, ("tables", i)))]
            for table in tables:
                table.collection = collection
            return tables
        if isinstance(data, dict):
            one = self.table(data, ())
            return [one] if one else []
        self.problem((), "a table file holds one table (a mapping with an id) or 'tables:' with a list")
        return []

    def table(self, data: Any, path: tuple) -> Table | None:
        if not isinstance(data, dict):
            self.problem(path, "a table must be a mapping with at least 'id' and 'rows' or 'grammar'")
            return None
        table_id = data.get("id")
        if not isinstance(table_id, str) or not ID_PATTERN.match(table_id):
            self.problem(
                path + ("id",) if "id" in data else path,
                f"table id {table_id!r} must be lowercase words, digits, '-' or '_',"
                " parts joined by '/' (e.g. names/elf)",
            )
            return None
        before = len(self.problems)
        unknown = set(map(str, data)) - TABLE_KEYS
        if unknown:
            self.problem(path, f"unknown key(s) {', '.join(sorted(unknown))}; "
                         f"a table may have {', '.join(sorted(TABLE_KEYS))}", table_id)
        title = data.get("title", table_id)
        description = data.get("description", "")
        tags = data.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            self.problem(path + ("tags",), "'tags' must be a list of words", table_id)
            tags = []
        has_rows, has_grammar = "rows" in data, "grammar" in data
        if "column-of" in data:
            if has_rows or has_grammar or "dice" in data:
                self.problem(path, "a table with 'column-of' reads another table's rows and has no"
                             " 'rows', 'grammar' or 'dice' of its own", table_id)
                return None
        elif has_rows == has_grammar:
            self.problem(path, "a table needs exactly one of 'rows' or 'grammar'", table_id)
            return None
        table = Table(
            id=table_id,
            title=str(title),
            kind="grammar" if has_grammar else "weight",
            description=str(description),
            tags=tags,
            source=self.path,
            path=path,
            builtin=self.builtin,
        )
        self.read_extras(table, data, path)
        if "column-of" in data:
            self.read_column_of(table, data, path)
        elif has_grammar:
            self.read_grammar(table, data, path)
        else:
            self.read_rows(table, data, path)
        if len(self.problems) > before:
            return None
        table.lines = self.lines
        return table

    def collection(self, data: Any) -> Collection | None:
        if data is None:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("title"), str):
            self.problem(("collection",), "'collection' must be a mapping with a 'title'"
                         " (and optionally a 'summary')")
            return None
        extra = set(map(str, data)) - {"title", "summary"}
        if extra:
            self.problem(("collection",), f"unknown key(s) in 'collection': {', '.join(sorted(extra))}")
        return Collection(data["title"], str(data.get("summary", "")))

    def credit(self, data: Any, path: tuple, table_id: str) -> Credit | None:
        where = path + ("source",)
        if not isinstance(data, dict) or not isinstance(data.get("title"), str):
            self.problem(where, "'source' must be a mapping with at least a 'title'", table_id)
            return None
        extra = set(map(str, data)) - CREDIT_KEYS
        if extra:
            self.problem(where, f"unknown key(s) in 'source': {', '.join(sorted(extra))};"
                         f" it may have {', '.join(sorted(CREDIT_KEYS))}", table_id)
            return None
        authors = data.get("authors", [])
        if isinstance(authors, str):
            authors = [authors]
        if not isinstance(authors, list) or not all(isinstance(a, str) for a in authors):
            self.problem(where + ("authors",), "'authors' must be a list of names", table_id)
            return None
        page = data.get("page")
        if page is not None and (not isinstance(page, int) or isinstance(page, bool)):
            self.problem(where + ("page",), "'page' must be a page number", table_id)
            return None
        for key in ("licence", "url"):
            if data.get(key) is not None and not isinstance(data[key], str):
                self.problem(where + (key,), f"'{key}' must be text", table_id)
                return None
        return Credit(data["title"], tuple(authors), page, data.get("licence"), data.get("url"))

    def read_extras(self, table: Table, data: dict, path: tuple) -> None:
        """The keys community tables need: source, recommended, suggest, columns, match, upstream."""
        tid = table.id
        if "source" in data:
            table.credit = self.credit(data["source"], path, tid)
        if "recommended" in data:
            bounds = parse_range(data["recommended"])
            if bounds is None or bounds[1] is None or bounds[0] < 1 or bounds[1] < bounds[0]:
                self.problem(path + ("recommended",), "'recommended' is how many rolls to make:"
                             " a number such as 2 or a span such as 1-2", tid)
            else:
                table.recommended = (bounds[0], bounds[1])
        if "suggest" in data:
            suggest = data["suggest"]
            if not isinstance(suggest, list) or not all(
                    isinstance(s, str) and ID_PATTERN.match(s) for s in suggest):
                self.problem(path + ("suggest",), "'suggest' must be a list of table ids", tid)
            else:
                table.suggest = list(suggest)
        if "columns" in data:
            columns = data["columns"]
            if isinstance(columns, list) and all(isinstance(c, str) for c in columns):
                columns = {c: c.replace("_", " ").capitalize() for c in columns}
            if (not isinstance(columns, dict) or not columns
                    or not all(isinstance(k, str) and ID_PATTERN.match(k) for k in columns)
                    or not all(isinstance(v, str) for v in columns.values())):
                self.problem(path + ("columns",), "'columns' must name the columns (a list of"
                             " words, or words mapped to their labels)", tid)
            else:
                reserved = set(columns) & (set(ROW_KEYS) | {"then"})
                if reserved:
                    self.problem(path + ("columns",), f"column name(s) {', '.join(sorted(reserved))}"
                                 " are row keys; choose other names", tid)
                table.columns = dict(columns)
        if "match" in data:
            if not isinstance(data["match"], str) or not data["match"].strip():
                self.problem(path + ("match",), "'match' is the text shown when the dice come up"
                             " doubles", tid)
            else:
                table.match = data["match"]
        if "upstream" in data:
            notes = data["upstream"]
            if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
                self.problem(path + ("upstream",), "'upstream' must be a list of notes", tid)
            else:
                table.upstream = list(notes)
        if "deck" in data:
            if not isinstance(data["deck"], bool):
                self.problem(path + ("deck",), "'deck' is true (draw without replacement) or false",
                             tid)
            else:
                table.deck = data["deck"]
        if "column" in data and "column-of" not in data:
            self.problem(path + ("column",), "'column' goes with 'column-of' (the table read)", tid)

    def read_column_of(self, table: Table, data: dict, path: tuple) -> None:
        other, column = data.get("column-of"), data.get("column")
        if not isinstance(other, str) or not ID_PATTERN.match(other):
            self.problem(path + ("column-of",), "'column-of' must be the id of a table with"
                         " columns", table.id)
            return
        if not isinstance(column, str) or not column:
            self.problem(path, "a 'column-of' table needs 'column': which column it reads", table.id)
            return
        table.kind = "column"
        table.column_of, table.column = other, column

    def read_grammar(self, table: Table, data: dict, path: tuple) -> None:
        grammar = data["grammar"]
        if not isinstance(grammar, dict) or not grammar:
            self.problem(path + ("grammar",), "'grammar' must map symbols to lists of rules", table.id)
            return
        count = sum(len(v) if isinstance(v, list) else 1 for v in grammar.values())
        if count > MAX_RULES:
            self.problem(path + ("grammar",), f"{count:,} rules; a grammar may have at most"
                         f" {MAX_RULES:,}", table.id)
            return
        rules: dict[str, list[str]] = {}
        for symbol, value in grammar.items():
            where = path + ("grammar", symbol)
            if not isinstance(symbol, str) or not symbol or any(c in symbol for c in "#[]:.@="):
                self.problem(where, f"grammar symbol {symbol!r} must be a plain word", table.id)
                continue
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not value:
                self.problem(where, f"symbol '{symbol}' needs a rule or a list of rules", table.id)
                continue
            if not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value):
                self.problem(where, f"every rule of symbol '{symbol}' must be text", table.id)
                continue
            rules[symbol] = [str(v) for v in value]
        table.grammar = rules
        start = data.get("start", "origin")
        if not isinstance(start, str) or start not in grammar:
            self.problem(path + ("start",) if "start" in data else path,
                         f"start symbol {start!r} is not defined in the grammar", table.id)
        table.start = str(start)
        if "dice" in data:
            self.problem(path + ("dice",), "a grammar table has no dice", table.id)

    def read_rows(self, table: Table, data: dict, path: tuple) -> None:
        rows = data["rows"]
        where = path + ("rows",)
        if not isinstance(rows, list) or not rows:
            self.problem(where, "'rows' must be a non-empty list", table.id)
            return
        if len(rows) > MAX_ROWS:
            self.problem(where, f"{len(rows):,} rows; a table may have at most {MAX_ROWS:,}",
                         table.id)
            return
        dice = data.get("dice")
        if dice is not None:
            if not isinstance(dice, (str, int)) or isinstance(dice, bool):
                self.problem(path + ("dice",), f"dice {dice!r} must be notation such as d6 or 2d6",
                             table.id)
                return
            table.dice = str(dice)
            table.kind = "range"
        for index, raw in enumerate(rows):
            row = self.row(table, raw, index, where + (index,))
            if row is not None:
                table.rows.append(row)

    def row(self, table: Table, raw: Any, index: int, path: tuple) -> Row | None:
        if isinstance(raw, (str, int, float)) and not isinstance(raw, bool):
            return Row(str(raw), index, path=path)
        if not isinstance(raw, dict) or not raw:
            self.problem(path, f"row {index + 1} must be text or a mapping", table.id)
            return None
        if "text" not in raw and len(raw) == 1 and not set(raw) & set(table.columns):
            # Compact form: `- 1-3: text` or `- 4: {text: ..., more: ...}`.
            (key, value), = raw.items()
            bounds = parse_range(key)
            if bounds is None:
                self.problem(path, f"row {index + 1}: {key!r} is not a dice range like 1-3",
                             table.id)
                return None
            then: tuple[FollowUp, ...] = ()
            if isinstance(value, dict):
                if not self._has_text(table, value, index, path):
                    return None
                follow = self.follow_ups(table, value.get("then"), index, path + (key, "then"))
                if follow is None:
                    return None
                then = follow
                value = {k: v for k, v in value.items() if k not in ROW_KEYS}
            elif not isinstance(value, str):
                value = str(value)
            row = self._ranged(table, value, index, bounds, path + (key,), str(key))
            if row is not None:
                row.then = then
            return row
        if not self._has_text(table, raw, index, path):
            return None
        follow = self.follow_ups(table, raw.get("then"), index, path + ("then",))
        if follow is None:
            return None
        then = follow
        value = {k: v for k, v in raw.items() if k not in ROW_KEYS}
        if raw.get("display") is not None:
            if raw["display"] is not True or "range" in raw or "weight" in raw or then:
                self.problem(path + ("display",), f"row {index + 1}: 'display: true' marks a row"
                             " shown but never rolled; it has no range, weight or 'then'", table.id)
                return None
            return Row(value, index, weight=0, path=path, display=True)
        if "range" in raw and "weight" in raw:
            self.problem(path, f"row {index + 1} has both a range and a weight", table.id)
            return None
        if "range" in raw:
            bounds = parse_range(raw["range"])
            if bounds is None:
                self.problem(path + ("range",),
                             f"row {index + 1}: range {raw['range']!r} is not like 1-3", table.id)
                return None
            row = self._ranged(table, value, index, bounds, path, str(raw["range"]))
            if row is not None:
                row.then = then
            return row
        weight = raw.get("weight", 1)
        if not isinstance(weight, int) or isinstance(weight, bool) or weight < 1:
            self.problem(path + ("weight",),
                         f"row {index + 1}: weight must be a whole number of 1 or more", table.id)
            return None
        return Row(value, index, weight=weight, path=path, then=then)

    def _has_text(self, table: Table, value: dict, index: int, path: tuple) -> bool:
        if table.columns:
            missing = [c for c in table.columns if c not in value]
            if missing:
                self.problem(path, f"row {index + 1} has no {', '.join(missing)} (the table's"
                             " columns)", table.id)
                return False
            return True
        if "text" not in value:
            self.problem(path, f"row {index + 1} needs 'text'", table.id)
            return False
        return True

    def follow_ups(self, table: Table, raw: Any, index: int,
                   path: tuple) -> tuple[FollowUp, ...] | None:
        """A row's `then:` list; None when it is wrong (the problem is reported)."""
        if raw is None:
            return ()
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list) or not raw:
            self.problem(path, f"row {index + 1}: 'then' is a list of further rolls", table.id)
            return None
        found: list[FollowUp] = []
        for i, item in enumerate(raw):
            where = path + (i,)
            if not isinstance(item, dict):
                self.problem(where, f"row {index + 1}: each 'then' roll is a mapping such as"
                             " {times: 2, duplicates: reroll}", table.id)
                return None
            extra = set(map(str, item)) - FOLLOW_KEYS
            if extra:
                self.problem(where, f"row {index + 1}: unknown key(s) {', '.join(sorted(extra))}"
                             f" in 'then'; it may have {', '.join(sorted(FOLLOW_KEYS))}", table.id)
                return None
            target = item.get("table")
            if target is not None and (not isinstance(target, str) or not ID_PATTERN.match(target)):
                self.problem(where + ("table",), f"row {index + 1}: {target!r} is not a table id",
                             table.id)
                return None
            times = item.get("times", 1)
            if not isinstance(times, int) or isinstance(times, bool) or not 1 <= times <= MAX_FOLLOW_TIMES:
                self.problem(where + ("times",), f"row {index + 1}: 'times' must be a whole number"
                             f" from 1 to {MAX_FOLLOW_TIMES}", table.id)
                return None
            duplicates = item.get("duplicates", "reroll")
            if duplicates not in DUPLICATES:
                self.problem(where + ("duplicates",), f"row {index + 1}: duplicates {duplicates!r}"
                             f" must be one of {', '.join(DUPLICATES)}", table.id)
                return None
            auto = item.get("auto", True)
            if not isinstance(auto, bool):
                self.problem(where + ("auto",), f"row {index + 1}: 'auto' is true or false", table.id)
                return None
            if target == table.id:
                target = None  # this same table, however it is named
            found.append(FollowUp(target, times, duplicates, auto))
        return tuple(found)

    def _ranged(self, table: Table, value: Any, index: int, bounds: tuple[int, int | None],
                path: tuple, label: str) -> Row | None:
        low, high = bounds
        if high is not None and high < low:
            self.problem(path, f"row {index + 1}: range {label} runs backwards", table.id)
            return None
        return Row(value, index, low=low, high=high, path=path)


def read_file(path: Path, builtin: bool = False) -> tuple[list[Table], list[Problem]]:
    try:
        text = read_text(path)
    except OSError as exc:
        return [], [Problem(path, None, None, f"cannot read the file: {exc}")]
    except TableFileError as exc:
        return [], [Problem(path, exc.line, None, exc.reason)]
    reader = FileReader(path, text, builtin)
    tables = reader.read()
    return tables, reader.problems


def table_files(directory: Path) -> Iterator[Path]:
    """YAML files under a directory, in a stable order; README and hidden files skipped."""
    if directory.is_file():
        yield directory
        return
    for path in sorted(directory.rglob("*")):
        if path.suffix in SUFFIXES and path.is_file():
            rel = path.relative_to(directory)
            if any(part.startswith(".") for part in rel.parts):
                continue
            yield path
