"""Foundry VTT RollTables (exported JSON) in each shape Foundry has written them.

* v9: a result's `type` is 0 (text), 1 (a world document) or 2 (a compendium
  entry), with `text`, `collection` and `resultId`;
* v10-v12: `type` "text" / "document" / "pack" (numbers still accepted), with
  `text`, `documentCollection` and `documentId`;
* v13: `type` "text" / "document", with `name`, `description` and
  `documentUuid` ("RollTable.<id>", "Compendium.<pack>.RollTable.<id>").

A file holds one table, a list of them, or one per line (a compendium's
`.db`).  Ranges decide the rows (weights only where a result has no range);
an empty `formula` is derived from the ranges.  A result naming another
RollTable of the same file rolls it (`{@id}`); any other document keeps its
name as text.  HTML is reduced to text and inline rolls (`[[1d4]]`,
`[[/r 2d6]]`) become solo dice (`{=1d4}`).

A table drawn without replacement (`replacement: false`) becomes a deck
(`deck: true`): a campaign keeps which results are drawn.  Foundry stops when
every result is drawn until the table is reset by hand; solo shuffles the
deck then and says so under the result.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from solo.dice import DiceError, parse
from solo.tables.importers.common import (
    Conversion,
    Draft,
    Group,
    ImportFailure,
    Span,
    dice_for,
    html_text,
    join_id,
    range_label,
    read_json,
    read_text,
    safe_text,
    settle_ranges,
    slug,
)
from solo.tables.loader import JsonError, load_json

INLINE_ROLL = re.compile(r"\[\[\s*(?:/(?:r|roll|gmr|br)\s+)?([^\]#]+?)\s*(?:#[^\]]*)?\]\]")
TEXT_TYPES = {0, "0", "text"}


def _load(path: Path) -> list[dict[str, Any]]:
    text = read_text(path)
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and all(line.lstrip().startswith("{") and line.rstrip().endswith("}")
                              for line in lines):
        docs = []
        for number, line in enumerate(lines, start=1):
            try:
                docs.append(load_json(line))
            except JsonError as exc:
                raise ImportFailure(f"{path}:{number}: {exc.reason}; not a Foundry RollTable") from None
        data: Any = docs
    else:
        data = read_json(path, "a Foundry RollTable")
    items = data if isinstance(data, list) else [data]
    tables = [d for d in items if isinstance(d, dict) and isinstance(d.get("results"), list)]
    if not tables:
        raise ImportFailure(f"{path}: not a Foundry RollTable (no object with 'name' and"
                            " 'results')")
    return tables


def _kind(result: dict[str, Any]) -> str:
    kind = result.get("type", 0)
    if kind in TEXT_TYPES:
        return "text"
    if kind in (2, "2", "pack", "compendium"):
        return "pack"
    return "document"


def _target(result: dict[str, Any]) -> tuple[str | None, str | None]:
    """(document type, document id) a result points at, whichever shape it has."""
    uuid = result.get("documentUuid")
    if isinstance(uuid, str) and uuid:
        parts = uuid.split(".")
        if len(parts) >= 2:
            return parts[-2], parts[-1]
    collection = result.get("documentCollection") or result.get("collection")
    doc_id = result.get("documentId") or result.get("resultId")
    if isinstance(collection, str) and collection:
        return collection.rsplit(".", 1)[-1], doc_id if isinstance(doc_id, str) else None
    return None, None


def _label(result: dict[str, Any]) -> str:
    """A text result's words: v13's description (its name is a short label), else its text;
    a document result's name."""
    keys = ("description", "text", "name") if _kind(result) == "text" else ("name", "text", "description")
    for key in keys:
        value = result.get(key)
        if isinstance(value, str) and value.strip():
            return html_text(value)
    return ""


def _inline(text: str, lost: list[str]) -> str:
    def dice(match: re.Match) -> str:
        expression = match[1].strip().replace(" ", "")
        try:
            parse(expression)
        except DiceError:
            lost.append(f"inline roll [[{match[1].strip()}]] is not dice solo reads; kept as text")
            return match[1].strip()
        return "{=" + expression + "}"

    return INLINE_ROLL.sub(dice, text)


def convert(path: Path, prefix: str | None) -> Conversion:
    docs = _load(path)
    stem = slug(path.stem)
    ids: dict[str, str] = {}
    used: set[str] = set()
    for number, doc in enumerate(docs, start=1):
        name = str(doc.get("name") or f"{path.stem} {number}")
        table_id = join_id(prefix or "", stem, name) if len(docs) > 1 else join_id(prefix or "", stem)
        while table_id in used:
            table_id = f"{table_id}-{number}"
        used.add(table_id)
        ids[str(doc.get("_id") or doc.get("id") or name)] = table_id
        doc["_solo_id"] = table_id
    group = Group(join_id(prefix or "", stem), path.stem.replace("_", " "))
    conversion = Conversion("foundry", path, "Foundry VTT RollTable", [group])
    for doc in docs:
        draft = _table(doc, ids, conversion)
        if draft is not None:
            group.drafts.append(draft)
    return conversion


def _table(doc: dict[str, Any], ids: dict[str, str], conversion: Conversion) -> Draft | None:
    name = str(doc.get("name") or doc["_solo_id"])
    draft = Draft({"id": doc["_solo_id"], "title": html_text(name) or doc["_solo_id"]})
    lost = draft.lost
    description = html_text(doc.get("description"))
    if description:
        draft.data["description"] = description
    spans: list[Span] = []
    unranged: list[tuple[int, Any]] = []
    for number, result in enumerate(doc["results"], start=1):
        if not isinstance(result, dict):
            continue
        text = _label(result)
        if _kind(result) != "text":
            doc_type, doc_id = _target(result)
            if doc_type == "RollTable" and doc_id in ids:
                text = "{@" + ids[doc_id] + "}"
            else:
                lost.append(f"result {number} links to {doc_type or 'a document'} {doc_id or ''}"
                            " outside this file; kept as its name")
                text = safe_text(text)
        else:
            text = _inline(safe_text(text), lost)
        weight = result.get("weight", 1)
        weight = weight if isinstance(weight, int) and not isinstance(weight, bool) and weight > 0 else 1
        bounds = result.get("range")
        if (isinstance(bounds, list) and len(bounds) == 2
                and all(isinstance(b, int) and not isinstance(b, bool) for b in bounds)
                and bounds[0] <= bounds[1]):
            spans.append(Span(bounds[0], bounds[1], number, text))
        else:
            unranged.append((weight, text))
    if not spans and not unranged:
        conversion.skipped.append((draft.id, "the table has no results"))
        return None
    if unranged and not spans:
        draft.data["rows"] = [{"text": t, "weight": w} if w != 1 else t for w, t in unranged]
        lost.append("no result has a range: rolled by weight")
    else:
        if unranged:
            lost.append(f"{len(unranged)} result(s) without a range left out")
        formula = str(doc.get("formula") or "").strip()
        dice = formula or dice_for(spans)
        try:
            parse(dice)
        except DiceError:
            lost.append(f"formula {formula!r} is not dice solo reads; rolled as {dice_for(spans)}")
            dice = dice_for(spans)
        kept, notes = settle_ranges(spans, dice)
        draft.data["dice"] = dice
        draft.data["rows"] = [{range_label(s.low, s.high): s.payload} for s in kept]
        if notes:
            draft.data["upstream"] = notes
    if doc.get("replacement") is False:
        draft.data["deck"] = True
    return draft
