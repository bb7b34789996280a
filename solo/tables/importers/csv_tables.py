"""CSV tables: a header row names the roll (or weight) column and the text column(s).

Header words, any case: ``roll``, ``range``, ``dice`` or dice themselves
(``d6``, ``2d6``, ``d66``, ``d100``, ``d%``) for the column of ranges;
``weight``; ``text``, ``result``, ``entry`` or ``outcome`` for the text.
Further named columns become the table's columns (one roll reads them all);
without a text column, every column that is neither roll nor weight is text.
The delimiter (comma, semicolon or tab) is taken from the header line.  A
file whose first line names none of these has no header, and is refused.
"""

from __future__ import annotations

import csv
import io
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
    range_label,
    read_text,
    safe_text,
    settle_ranges,
    slug,
)
from solo.tables.loader import parse_range

DICE_HEADER = re.compile(r"^(?:dice:\s*)?(\d*d(?:\d+|%))$")
ROLL_WORDS = {"roll", "range", "dice", "d"}
TEXT_WORDS = {"text", "result", "entry", "outcome"}


def dice_of_header(cell: str) -> str | None:
    match = DICE_HEADER.match(cell.strip().lower())
    return match[1].replace("d%", "d100") if match else None


def convert(path: Path, prefix: str | None) -> Conversion:
    text = read_text(path)
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ImportFailure(f"{path}: the file is empty, not CSV")
    delimiter = max(",;\t", key=lines[0].count)
    try:
        records = [r for r in csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
                   if any(c.strip() for c in r)]
    except csv.Error as exc:
        raise ImportFailure(f"{path}: not CSV: {exc}") from None
    header = [c.strip() for c in records[0]]
    words = [h.lower() for h in header]
    roll_col = next((i for i, w in enumerate(words) if w in ROLL_WORDS or dice_of_header(w)), None)
    weight_col = next((i for i, w in enumerate(words) if w == "weight"), None)
    text_cols = [i for i, w in enumerate(words) if w in TEXT_WORDS]
    if roll_col is None and weight_col is None and not text_cols:
        raise ImportFailure(f"{path}:1: no header naming a roll, weight or text column"
                            f" (the first line is {lines[0][:60]!r})")
    if roll_col is not None and weight_col is not None:
        raise ImportFailure(f"{path}:1: the header names both a roll and a weight column; a table"
                            " rolls one way")
    others = [i for i, w in enumerate(words) if i not in (roll_col, weight_col) and w]
    if not text_cols:
        text_cols = others
    else:
        text_cols = text_cols + [i for i in others if i not in text_cols]
    if not text_cols:
        raise ImportFailure(f"{path}:1: the header names no text column")
    name = slug(path.stem)
    table_id = join_id(prefix or "", name)
    draft = Draft({"id": table_id, "title": path.stem.replace("_", " ").strip() or name})
    columns = {slug(header[i]).replace("-", "_"): header[i] for i in text_cols}
    if len(text_cols) > 1:
        draft.data["columns"] = columns
    keys = list(columns)
    spans: list[Span] = []
    weighted: list[dict[str, Any]] = []
    for number, record in enumerate(records[1:], start=2):
        cells = [c.strip() for c in record] + [""] * len(header)
        if len(text_cols) > 1:
            value: Any = {k: safe_text(cells[i]) for k, i in zip(keys, text_cols, strict=True)}
        else:
            value = safe_text(cells[text_cols[0]])
        if roll_col is not None:
            bounds = parse_range(cells[roll_col])
            if bounds is None or bounds[1] is None:
                raise ImportFailure(f"{path}:{number}: {cells[roll_col]!r} in the"
                                    f" {header[roll_col]!r} column is not a range like 1-3")
            spans.append(Span(bounds[0], bounds[1], number - 1, value))
        else:
            row = value if isinstance(value, dict) else {"text": value}
            if weight_col is not None:
                raw = cells[weight_col] or "1"
                if not raw.isdigit() or int(raw) < 1:
                    raise ImportFailure(f"{path}:{number}: weight {raw!r} is not a whole number of"
                                        " 1 or more")
                row = dict(row, weight=int(raw))
            weighted.append(row)
    if not spans and not weighted:
        raise ImportFailure(f"{path}: the header is there but no rows follow it")
    if spans:
        dice = dice_of_header(words[roll_col or 0]) or dice_for(spans)
        kept, notes = settle_ranges(spans, dice)
        draft.data["dice"] = dice
        draft.data["rows"] = [_ranged(s) for s in kept]
        if notes:
            draft.data["upstream"] = notes
    else:
        draft.data["rows"] = weighted
    group = Group(join_id(prefix or "", name), draft.data["title"], drafts=[draft])
    return Conversion("csv", path, "CSV", [group])


def _ranged(span: Span) -> dict[str, Any]:
    label = range_label(span.low, span.high)
    if isinstance(span.payload, dict):
        return {"range": label, **span.payload}
    return {label: span.payload}
