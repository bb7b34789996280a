"""Datasworn packages (the JSON data of Ironsworn, Starforged and their kin) as solo tables.

Read as the Datasworn schema documents them (`@datasworn/core`'s
`datasworn.schema.json`), in the shapes of 0.0.10 and of 0.1.x / 0.2.x:

* a row's range is `min` / `max` in 0.0.10 and `roll: {min, max}` later;
  no range (`null`) is a row shown only, never rolled;
* ids are `starforged/oracles/core/action` (0.0.10) or
  `oracle_rollable:starforged/core/action` (later); links in text are
  `[words](id:...)` or `[words](datasworn:...)`, templates `{{text:ID}}`
  or `{{text>ID}}`; either form is looked up among the package's own nodes;
* suggestions are `{oracles: [...]}` (0.0.10) or a list of ids (later);
* the oracles a move carries are ids of tables elsewhere (0.0.10) or tables
  embedded in the move (later), as are a truth option's sub-tables
  (`table` in 0.0.10, `oracles` later).

Links to the package's own tables become references solo can follow: in a
row, an offered roll (unless the row rolls that table already); in a table's
summary, a see-also link.  The text keeps the link's words.

What maps where: `oracle_rollable` tables (`table_text`, `table_text2`,
`table_text3`, `column_text`) become range tables under their dice, text2 and
text3 as columns; `oracle_rolls` become `then` rolls (`oracle: null` is this
table, `make_it_worse` is `worse`, `auto: false` an offer); an embedded table
is offered; a template becomes the row's text with `{@table}` rolls; a
`table_shared_rolls` collection becomes one table with a column per member and
each member a `column-of` table; a `table_shared_text` collection's members
are tables of their own (each has its own ranges); every other collection is
a collection of tables, one file each.  `_source` becomes the table's source,
inherited from the nearest node that has one.  Truths become tables whose
rows roll the option's sub-tables.

What cannot be expressed is named per table in the import summary: a
follow-up roll with dice of its own, see-also links to moves or assets, links
to nodes of another package, and member columns whose ranges differ.
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
    markdown_text,
    range_label,
    read_json,
    safe_text,
    settle_ranges,
    slug,
)
from solo.tables.validate import can_match

VERSIONS = re.compile(r"^0\.(?:0\.10|[12]\.\d+(?:-[0-9A-Za-z.]+)?)$")
TEMPLATE = re.compile(r"\{\{(\w+)[>:]([^}]+)\}\}")
LINK = re.compile(r"\[([^\]]*)\]\(((?:datasworn|id):[^)]*)\)")
ROLLABLE_TYPES = {"table_text", "table_text2", "table_text3", "column_text", "column_text2",
                  "column_text3"}
DUPLICATES = {"reroll": "reroll", "keep": "keep", "make_it_worse": "worse"}


def _key(ds_id: Any) -> str:
    text = str(ds_id).strip()
    for head in ("datasworn:", "id:"):
        if text.startswith(head):
            text = text[len(head):]
    return text


class Package:
    """One package being converted: its ids, its shape and the conversion filling up."""

    def __init__(self, path: Path, data: dict[str, Any], prefix: str, shape: str):
        self.path = path
        self.data = data
        self.prefix = prefix
        self.shape = shape  # "0.0" or "0.1"
        self.ids: dict[str, str] = {}  # Datasworn id -> solo id
        self.titles: dict[str, str] = {}  # solo id -> title
        self.columned: set[str] = set()  # solo ids of tables read in columns
        version = data.get("datasworn_version")
        self.conversion = Conversion("datasworn", path, f"Datasworn {version}")

    def solo_id(self, keys: list[str]) -> str:
        return "/".join([self.prefix] + [slug(k).replace("-", "_") for k in keys])

    # -- pass 1: every node's solo id ------------------------------------
    def index(self) -> None:
        for key, node in _items(self.data.get("oracles")):
            self._index_collection(node, [key])
        for key, truth in _items(self.data.get("truths")):
            tid = self.solo_id(["truths", key])
            self._name(truth, tid)
            for n, option in enumerate(_list(truth.get("options")), start=1):
                if not isinstance(option, dict):
                    continue
                if isinstance(option.get("table"), dict):
                    ds = f"{_key(truth.get('_id', ''))}/{n - 1}"
                    self.ids[ds] = self.solo_id(["truths", key, str(n)])
                for okey, sub in _items(option.get("oracles")):
                    self._name(sub, self.solo_id(["truths", key, str(n), okey]))
        for key, category in _items(self.data.get("moves")):
            self._index_moves(category, [key])

    def _name(self, node: dict[str, Any], solo: str) -> None:
        if str(node.get("oracle_type", "")).endswith(("2", "3")):
            self.columned.add(solo)
        if "_id" in node:
            self.ids[_key(node["_id"])] = solo
        self.titles[solo] = str(node.get("name") or solo.rsplit("/", 1)[-1])

    def _index_collection(self, node: dict[str, Any], keys: list[str]) -> None:
        if node.get("oracle_type") == "table_shared_rolls":
            self._name(node, self.solo_id(keys))
        for key, child in _items(node.get("contents")):
            self._name(child, self.solo_id(keys + [key]))
        for key, child in _items(node.get("collections")):
            self._index_collection(child, keys + [key])

    def _index_moves(self, category: dict[str, Any], keys: list[str]) -> None:
        for key, move in _items(category.get("contents")):
            for okey, oracle in _items(move.get("oracles")):
                self._name(oracle, self.solo_id(["moves"] + keys + [key, okey]))
        for key, child in _items(category.get("collections")):
            self._index_moves(child, keys + [key])

    # -- pass 2: the tables -----------------------------------------------
    def convert(self) -> Conversion:
        source = self.data.get("_source") or {k: self.data.get(k) for k in
                                               ("title", "authors", "license", "url")}
        for key, node in _items(self.data.get("oracles")):
            self.collection(node, [key], [], source)
        truths = _items(self.data.get("truths"))
        if truths:
            group = Group(f"{self.prefix}/truths", "Truths")
            self.conversion.groups.append(group)
            for key, truth in truths:
                self.truth(truth, key, group, truth.get("_source") or source)
        for key, category in _items(self.data.get("moves")):
            self.moves(category, [key], [], category.get("_source") or source)
        for name in _asset_oracles(self.data.get("assets")):
            self.conversion.skipped.append((name, "an oracle inside an asset ability is not imported"
                                            " (solo has no assets)"))
        return self.conversion

    def collection(self, node: dict[str, Any], keys: list[str], titles: list[str],
                   source: Any) -> None:
        source = node.get("_source") or source
        title = str(node.get("name") or keys[-1])
        group = Group("/".join([self.prefix] + [slug(k) for k in keys]), " › ".join(titles + [title]),
                      markdown_text(_plain_links(node.get("summary") or "")))
        self.conversion.groups.append(group)
        kind = node.get("oracle_type")
        members = _items(node.get("contents"))
        if kind == "table_shared_rolls" and self.shared_rolls(node, keys, members, group, source):
            pass
        else:
            for key, child in members:
                draft = self.rollable(child, keys + [key], source)
                if draft is not None:
                    group.drafts.append(draft)
            if kind == "table_shared_rolls":
                for draft in group.drafts:
                    draft.lost.append("the columns of this shared-roll table have different ranges;"
                                      " each is rolled on its own")
        for key, child in _items(node.get("collections")):
            self.collection(child, keys + [key], titles + [title], source)

    def rollable(self, node: dict[str, Any], keys: list[str], source: Any,
                 solo: str | None = None) -> Draft | None:
        solo = solo or self.solo_id(keys)
        kind = node.get("oracle_type")
        name = str(node.get("name") or keys[-1])
        if kind not in ROLLABLE_TYPES:
            self.conversion.skipped.append((solo, f"oracle type {kind!r} is not a table solo reads"))
            return None
        draft = Draft({"id": solo, "title": name})
        data, lost = draft.data, draft.lost
        about = node.get("summary") or node.get("description")
        if about:
            data["description"] = self.text(about, lost)
        data["dice"] = str(node.get("dice") or "1d100")
        credit = _credit(node.get("_source") or source)
        if credit:
            data["source"] = credit
        recommended = node.get("recommended_rolls")
        if isinstance(recommended, dict):
            low, high = recommended.get("min"), recommended.get("max")
            if isinstance(low, int) and isinstance(high, int) and 1 <= low <= high:
                data["recommended"] = range_label(low, high)
        suggest = self.suggestions(node.get("suggestions"), lost)
        for link in LINK.finditer(str(about or "")):
            target = self.ids.get(_key(link[2]))
            if target and target != solo and target not in suggest:
                suggest.append(target)
        if suggest:
            data["suggest"] = suggest
        match = node.get("match")
        if isinstance(match, dict) and match.get("text"):
            if can_match(data["dice"]):
                data["match"] = self.text(match["text"], lost)
            else:
                lost.append(f"a match on {data['dice']}, which cannot roll doubles, is left out")
        labels = node.get("column_labels") or {}
        extra: list[str] = []
        if kind in ("table_text3", "column_text3"):
            extra = ["text2", "text3"]
        elif kind in ("table_text2", "column_text2"):
            extra = ["text2"]
        if extra:
            data["columns"] = {c: str(labels.get(c) or ("Result" if c == "text" else c.title()))
                               for c in ["text"] + extra}
        rows, notes = self.rows(node, solo, data["dice"], extra, lost)
        if not rows:
            self.conversion.skipped.append((solo, "the table has no rows"))
            return None
        data["rows"] = rows
        if notes:
            data["upstream"] = notes
        return draft

    def rows(self, node: dict[str, Any], solo: str, dice: str, extra: list[str],
             lost: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
        spans: list[Span] = []
        display: list[tuple[int, dict[str, Any]]] = []
        own = _key(node.get("_id", ""))
        for number, raw in enumerate(_list(node.get("rows")), start=1):
            if not isinstance(raw, dict):
                continue
            row = self.row(raw, own, extra, lost)
            low, high = _bounds(raw, self.shape)
            if low is None or high is None:
                row.pop("then", None)
                display.append((len(spans), {**row, "display": True}))
            else:
                spans.append(Span(low, high, number, row))
        kept, notes = settle_ranges(spans, dice)
        out: list[dict[str, Any]] = []
        shown = iter(display)
        pending = next(shown, None)
        for position, span in enumerate(kept):
            while pending is not None and pending[0] <= position:
                out.append(pending[1])
                pending = next(shown, None)
            out.append({"range": range_label(span.low, span.high), **span.payload})
        while pending is not None:
            out.append(pending[1])
            pending = next(shown, None)
        return out, notes

    def row(self, raw: dict[str, Any], own: str, extra: list[str], lost: list[str]) -> dict[str, Any]:
        found = raw.get("template")
        template: dict[str, Any] = found if isinstance(found, dict) else {}
        row: dict[str, Any] = {}
        for column in ["text"] + extra:
            value = template.get(column) or raw.get(column)
            row[column] = self.text(value, lost) if value else ""
        then: list[dict[str, Any]] = []
        for roll in _list(raw.get("oracle_rolls")):
            follow = self.follow(roll, own, lost)
            if follow is not None:
                then.append(follow)
        linked = [m[2] for column in ["text"] + extra for m in LINK.finditer(str(raw.get(column) or ""))]
        for target in [raw.get("embed_table")] + list(_suggested(raw.get("suggestions"))) + linked:
            solo = self.ids.get(_key(target)) if target else None
            if solo and _key(target) != own and not any(f.get("table") == solo for f in then):
                then.append({"table": solo, "auto": False})
        if then:
            row["then"] = then
        return row

    def follow(self, roll: Any, own: str, lost: list[str]) -> dict[str, Any] | None:
        if not isinstance(roll, dict):
            return None
        target = roll.get("oracle")
        follow: dict[str, Any] = {}
        if target is not None and _key(target) != own:
            solo = self.ids.get(_key(target))
            if solo is None:
                lost.append(f"a roll on {target}, which is not in this package, is left out")
                return None
            follow["table"] = solo
        times = roll.get("number_of_rolls", 1)
        if isinstance(times, int) and not isinstance(times, bool) and times > 1:
            follow["times"] = min(times, 20)
        duplicates = DUPLICATES.get(str(roll.get("duplicates", "reroll")), "reroll")
        if duplicates != "reroll":
            follow["duplicates"] = duplicates
        if roll.get("auto") is False:
            follow["auto"] = False
        if roll.get("dice"):
            lost.append(f"a follow-up roll with its own dice ({roll['dice']}) uses the table's dice")
        return follow

    def suggestions(self, raw: Any, lost: list[str]) -> list[str]:
        found: list[str] = []
        for target in _suggested(raw):
            solo = self.ids.get(_key(target))
            if solo is not None:
                if solo not in found:
                    found.append(solo)
            else:
                lost.append(f"see-also {target} is not a table of this package")
        return found

    def shared_rolls(self, node: dict[str, Any], keys: list[str],
                     members: list[tuple[str, dict[str, Any]]], group: Group, source: Any) -> bool:
        """One table read in columns; False when the members' ranges differ."""
        ranges = [[_bounds(r, self.shape) for r in _list(m.get("rows")) if isinstance(r, dict)]
                  for _, m in members]
        if not members or any(r != ranges[0] for r in ranges) or not ranges[0]:
            return False
        main = self.solo_id(keys)
        name = str(node.get("name") or keys[-1])
        columns = {slug(k).replace("-", "_"): str(m.get("name") or k) for k, m in members}
        lost: list[str] = []
        rows: list[dict[str, Any]] = []
        dice = str(members[0][1].get("dice") or "1d100")
        spans: list[Span] = []
        for number, (low, high) in enumerate(ranges[0], start=1):
            row: dict[str, Any] = {}
            for column, (_, member) in zip(columns, members, strict=True):
                raw = [r for r in _list(member.get("rows")) if isinstance(r, dict)][number - 1]
                row[column] = self.text(raw.get("text") or "", lost)
            if low is None or high is None:
                rows.append({**row, "display": True})
            else:
                spans.append(Span(low, high, number, row))
        kept, notes = settle_ranges(spans, dice)
        rows = [{"range": range_label(s.low, s.high), **s.payload} for s in kept] + rows
        data: dict[str, Any] = {"id": main, "title": name, "dice": dice, "columns": columns,
                                "rows": rows}
        about = node.get("summary") or node.get("description")
        if about:
            data["description"] = self.text(about, lost)
        credit = _credit(node.get("_source") or source)
        if credit:
            data["source"] = credit
        if notes:
            data["upstream"] = notes
        group.drafts.append(Draft(data, lost))
        for (key, member), column in zip(members, columns, strict=True):
            solo = self.solo_id(keys + [key])
            member_lost: list[str] = []
            sub: dict[str, Any] = {"id": solo, "title": str(member.get("name") or key),
                                   "column-of": main, "column": column}
            if credit:
                sub["source"] = credit
            suggest = self.suggestions(member.get("suggestions"), member_lost)
            if suggest:
                sub["suggest"] = suggest
            if any(r.get("oracle_rolls") for r in _list(member.get("rows")) if isinstance(r, dict)):
                member_lost.append("rolls asked for by this column's rows are left out")
            group.drafts.append(Draft(sub, member_lost))
        return True

    def truth(self, truth: dict[str, Any], key: str, group: Group, source: Any) -> None:
        solo = self.solo_id(["truths", key])
        lost: list[str] = []
        rows: list[Span] = []
        subs: list[Draft] = []
        for n, option in enumerate(_list(truth.get("options")), start=1):
            if not isinstance(option, dict):
                continue
            summary = option.get("summary") or option.get("description") or ""
            row: dict[str, Any] = {"text": self.text(summary, lost)}
            if option.get("summary") and option.get("description"):
                row["description"] = self.text(option["description"], lost)
            if option.get("quest_starter"):
                row["quest_starter"] = self.text(option["quest_starter"], lost)
            then: list[dict[str, Any]] = []
            tables: list[tuple[str, dict[str, Any]]] = []
            if isinstance(option.get("table"), dict):
                tables.append((self.solo_id(["truths", key, str(n)]), option["table"]))
            for okey, sub in _items(option.get("oracles")):
                tables.append((self.solo_id(["truths", key, str(n), okey]), sub))
            for sub_id, sub in tables:
                node = {"name": f"{truth.get('name', key)} {n}", **sub}
                draft = self.rollable(node, ["truths", key, str(n)], truth.get("_source") or source,
                                      solo=sub_id)
                if draft is not None:
                    subs.append(draft)
                    then.append({"table": sub_id})
            if then:
                row["then"] = then
            low, high = _bounds(option, self.shape)
            if low is None or high is None:
                lost.append(f"option {n} has no range; left out")
                continue
            rows.append(Span(low, high, n, row))
        dice = str(truth.get("dice") or "1d100")
        kept, notes = settle_ranges(rows, dice)
        if not kept:
            self.conversion.skipped.append((solo, "the truth has no options with ranges"))
            return
        data: dict[str, Any] = {"id": solo, "title": str(truth.get("name") or key), "dice": dice,
                                "rows": [{"range": range_label(s.low, s.high), **s.payload}
                                         for s in kept]}
        credit = _credit(truth.get("_source") or source)
        if credit:
            data["source"] = credit
        if notes:
            data["upstream"] = notes
        group.drafts.append(Draft(data, lost))
        group.drafts.extend(subs)

    def moves(self, category: dict[str, Any], keys: list[str], titles: list[str],
              source: Any) -> None:
        title = str(category.get("name") or keys[-1])
        group = Group("/".join([self.prefix, "moves"] + [slug(k) for k in keys]),
                      " › ".join(["Moves"] + titles + [title]))
        for key, move in _items(category.get("contents")):
            move_source = move.get("_source") or source
            for okey, oracle in _items(move.get("oracles")):
                solo = self.solo_id(["moves"] + keys + [key, okey])
                node = dict(oracle)
                node.setdefault("name", f"{move.get('name', key)}: {okey}")
                draft = self.rollable(node, ["moves"] + keys + [key, okey], move_source, solo=solo)
                if draft is not None:
                    group.drafts.append(draft)
        if group.drafts:
            self.conversion.groups.append(group)
        for key, child in _items(category.get("collections")):
            self.moves(child, keys + [key], titles + [title], child.get("_source") or source)

    def has_columns(self, solo: str) -> bool:
        """Whether the table with this solo id is read in columns (text2, text3 or shared rolls)."""
        return solo in self.columned

    def text(self, value: Any, lost: list[str]) -> str:
        """Datasworn Markdown as solo text: templates roll, links read as their words."""
        rolls: list[str] = []

        def template(match: re.Match) -> str:
            kind, target = match[1], _key(match[2])
            solo = self.ids.get(target)
            if kind.startswith("text") and solo is not None:
                rolls.append(solo if kind == "text" and not self.has_columns(solo) else f"{solo}#{kind}")
                return f"\0{len(rolls) - 1}\0"
            if kind in ("table", "table_columns"):
                return ""
            lost.append(f"template {match[0]} names nothing in this package; kept as words")
            return target.rsplit("/", 1)[-1].replace("_", " ")

        text = TEMPLATE.sub(template, str(value))
        text = safe_text(markdown_text(_plain_links(text)))
        return re.sub(r"\0(\d+)\0", lambda m: "{@" + rolls[int(m[1])] + "}", text).strip()


def _asset_oracles(assets: Any) -> list[str]:
    """The ids (or names) of oracles embedded in asset abilities, anywhere under `assets`."""
    found: list[str] = []

    def walk(node: Any, inside_ability: bool) -> None:
        if isinstance(node, dict):
            if inside_ability and node.get("type") == "oracle_rollable":
                found.append(str(node.get("_id") or node.get("name") or "an asset oracle"))
                return
            for key, value in node.items():
                walk(value, inside_ability or key == "abilities")
        elif isinstance(node, list):
            for value in node:
                walk(value, inside_ability)

    walk(assets, False)
    return found


def _plain_links(text: str) -> str:
    return LINK.sub(lambda m: m[1], str(text))


def _items(value: Any) -> list[tuple[str, dict[str, Any]]]:
    if not isinstance(value, dict):
        return []
    return [(str(k), v) for k, v in value.items() if isinstance(v, dict)]


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _suggested(raw: Any) -> list[str]:
    if isinstance(raw, dict):  # 0.0.10: {oracles: [...], moves: [...], ...}
        return [str(x) for v in raw.values() if isinstance(v, list) for x in v]
    if isinstance(raw, list):
        return [str(x) for x in raw]
    return []


def _bounds(raw: dict[str, Any], shape: str) -> tuple[int | None, int | None]:
    if "roll" in raw or shape != "0.0":
        roll = raw.get("roll")
        if not isinstance(roll, dict):
            if "min" in raw:  # some later files keep the flat form on truth options
                return _ints(raw.get("min"), raw.get("max"))
            return None, None
        return _ints(roll.get("min"), roll.get("max"))
    return _ints(raw.get("min"), raw.get("max"))


def _ints(low: Any, high: Any) -> tuple[int | None, int | None]:
    if isinstance(low, int) and isinstance(high, int) and not isinstance(low, bool) and low <= high:
        return low, high
    return None, None


def _credit(source: Any) -> dict[str, Any] | None:
    if not isinstance(source, dict) or not isinstance(source.get("title"), str):
        return None
    credit: dict[str, Any] = {"title": source["title"]}
    authors = [a.get("name") if isinstance(a, dict) else a for a in _list(source.get("authors"))]
    authors = [str(a) for a in authors if a]
    if authors:
        credit["authors"] = authors
    if isinstance(source.get("page"), int) and not isinstance(source["page"], bool):
        credit["page"] = source["page"]
    if isinstance(source.get("license"), str):
        credit["licence"] = source["license"]
    if isinstance(source.get("url"), str):
        credit["url"] = source["url"]
    return credit


def convert(path: Path, prefix: str | None) -> Conversion:
    data = read_json(path, "a Datasworn package")
    if not isinstance(data, dict) or "datasworn_version" not in data:
        raise ImportFailure(f"{path}: not a Datasworn package (it has no 'datasworn_version')")
    version = str(data["datasworn_version"])
    if not VERSIONS.match(version):
        raise ImportFailure(f"{path}: Datasworn version {version} is not one solo reads"
                            " (0.0.10, 0.1.x or 0.2.x)")
    shape = "0.0" if version.startswith("0.0.") else "0.1"
    package = slug(str(data.get("_id") or data.get("id") or path.stem)).replace("-", "_")
    pack = Package(path, data, prefix or package, shape)
    pack.index()
    return pack.convert()
