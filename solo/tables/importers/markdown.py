"""Markdown tables as players write them in their notes, Iron Vault's oracle tables among them.

A table is a pipe table (``| d6 | Result |``, a ``|---|---|`` line, rows).
When its first header cell is dice (``d6``, ``2d6``, ``d66``, ``d100``,
``d%``, Iron Vault's ``dice: 1d100``) or ``Roll``, that column holds ranges
(``1``, ``1-2``, ``1–2``, ``96-00``, ``10+``) and the rest is text; otherwise
every row is one weighted entry.  A table's title is the heading above it
(else the file's name).  Links and emphasis are reduced to their words.
Several tables in one file become one collection, titled by the file's first
``#`` heading.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from solo.tables.importers.common import (
    Conversion,
    Draft,
    Group,
    ImportFailure,
    Span,
    dice_for,
    join_id,
    markdown_text,
    range_label,
    read_text,
    safe_text,
    settle_ranges,
    slug,
)
from solo.tables.importers.csv_tables import ROLL_WORDS, dice_of_header
from solo.tables.loader import parse_range

SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
WIKI = re.compile(r"\[\[[^\]]*\]\]")


def cells(line: str) -> list[str]:
    # A wiki link's alias bar is not a column bar.
    links: list[str] = []

    def hold(m: re.Match[str]) -> str:
        links.append(m[0])
        return f"\0{len(links) - 1}\0"

    line = WIKI.sub(hold, line.strip())
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    parts = re.split(r"(?<!\\)\|", line)
    return [re.sub(r"\0(\d+)\0", lambda m: links[int(m[1])], p).replace("\\|", "|").strip()
            for p in parts]


def find_tables(lines: list[str]) -> list[tuple[int, str | None, list[str], list[list[str]]]]:
    """(line number of the header, the heading above, header cells, row cells) per table."""
    found = []
    heading: str | None = None
    i = 0
    while i < len(lines):
        match = HEADING.match(lines[i])
        if match:
            heading = markdown_text(match[2])
        if "|" in lines[i] and i + 1 < len(lines) and SEPARATOR.match(lines[i + 1]):
            header = cells(lines[i])
            rows = []
            j = i + 2
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                rows.append(cells(lines[j]))
                j += 1
            found.append((i + 1, heading, header, rows))
            i = j
            continue
        i += 1
    return found


def convert(path: Path, prefix: str | None) -> Conversion:
    lines = read_text(path).splitlines()
    tables = find_tables(lines)
    if not tables:
        raise ImportFailure(f"{path}: no Markdown table found (a '| d6 | Result |' line followed"
                            " by a '|---|---|' line)")
    stem = slug(path.stem)
    top = next((markdown_text(m[2]) for line in lines if (m := HEADING.match(line)) and m[1] == "#"),
               None)
    group = Group(join_id(prefix or "", stem), top or path.stem.replace("_", " "))
    used: set[str] = set()
    for number, (line, heading, header, rows) in enumerate(tables, start=1):
        title = heading or (path.stem if len(tables) == 1 else f"{path.stem} {number}")
        part = slug(title)
        while part in used:
            part = f"{part}-{number}"
        used.add(part)
        table_id = join_id(prefix or "", stem) if len(tables) == 1 else join_id(prefix or "", stem, part)
        if len(tables) > 1 and table_id == join_id(prefix or "", stem):
            table_id = join_id(prefix or "", stem, f"table-{number}")
        group.drafts.append(_table(path, line, table_id, title, header, rows))
    return Conversion("markdown", path, "Markdown", [group])


def _table(path: Path, line: int, table_id: str, title: str, header: list[str],
           rows: list[list[str]]) -> Draft:
    draft = Draft({"id": table_id, "title": title})
    first = header[0].lower() if header else ""
    dice = dice_of_header(first)
    ranged = bool(dice) or first in ROLL_WORDS
    text_headers = header[1:] if ranged else header
    if not text_headers:
        raise ImportFailure(f"{path}:{line}: the table has a roll column but no text column")
    keys = [slug(h or f"column {i + 1}").replace("-", "_") for i, h in enumerate(text_headers)]
    if len(keys) > 1:
        draft.data["columns"] = {k: markdown_text(h) or k for k, h in zip(keys, text_headers, strict=True)}
    spans: list[Span] = []
    plain: list[Any] = []
    for offset, row in enumerate(rows):
        texts = [safe_text(markdown_text(c)) for c in (row[1:] if ranged else row)]
        texts += [""] * (len(keys) - len(texts))
        value: Any = dict(zip(keys, texts, strict=False)) if len(keys) > 1 else texts[0]
        if ranged:
            bounds = parse_range(row[0].replace("–", "-").replace("—", "-")) if row else None
            if bounds is None or bounds[1] is None:
                raise ImportFailure(f"{path}:{line + 2 + offset}: {row[0] if row else ''!r} is not a"
                                    " roll or range like 1-2")
            spans.append(Span(bounds[0], bounds[1], offset + 1, value))
        else:
            plain.append(value if isinstance(value, str) else {"weight": 1, **value})
    if ranged and spans:
        dice = dice or dice_for(spans)
        kept, notes = settle_ranges(spans, dice)
        draft.data["dice"] = dice
        draft.data["rows"] = [
            {"range": range_label(s.low, s.high), **s.payload} if isinstance(s.payload, dict)
            else {range_label(s.low, s.high): s.payload} for s in kept
        ]
        if notes:
            draft.data["upstream"] = notes
    elif plain:
        draft.data["rows"] = plain
    else:
        raise ImportFailure(f"{path}:{line}: the table {title!r} has no rows")
    return draft
