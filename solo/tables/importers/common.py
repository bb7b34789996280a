"""What every importer shares: the converted tables, ids, text clean-up and range repair.

An importer turns a foreign file into `Draft` tables: plain solo table data
(the mapping a table file holds) plus what the conversion could not express.
`Conversion` groups the drafts by collection; `solo.tables.importers.write`
validates and writes them.

Ranges from other tools are repaired, never silently: rows that overlap keep
the numbers for the earlier row, a gap goes to the row before it, and every
such change is a note naming the table and rows, kept on the table as
`upstream` (so `solo table list` flags it) and shown in the import summary.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.dice import DiceError, distribution, parse
from solo.errors import SoloError
from solo.tables.loader import JsonError, load_json
from solo.tables.validate import _spans

MAX_IMPORT_BYTES = 16 * 1024 * 1024


class ImportFailure(SoloError):
    """The file cannot be imported at all: one line naming the file and what is wrong."""


@dataclass
class Draft:
    """One converted table: its solo data and what did not survive the conversion."""

    data: dict[str, Any]
    lost: list[str] = field(default_factory=list)

    def losses(self) -> list[str]:
        """What did not survive, each reason once, in the order met."""
        return list(dict.fromkeys(self.lost))

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def rows(self) -> int:
        return len(self.data.get("rows", ())) or len(self.data.get("grammar", ()))


@dataclass
class Group:
    """Tables written to one file, under one collection title."""

    name: str  # the file's path under the import directory, without suffix
    title: str
    summary: str = ""
    drafts: list[Draft] = field(default_factory=list)


@dataclass
class Conversion:
    format: str
    file: Path
    detail: str = ""  # e.g. "Datasworn 0.1.0"
    groups: list[Group] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (name, why) never converted

    def drafts(self) -> list[Draft]:
        return [d for g in self.groups for d in g.drafts]


def read_text(path: Path) -> str:
    """The file's text, refusing what is too big or not text."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ImportFailure(f"{path}: cannot read the file: {exc.strerror or exc}") from None
    if not path.is_file():
        raise ImportFailure(f"{path}: not a file")
    if size > MAX_IMPORT_BYTES:
        raise ImportFailure(f"{path}: the file is {size} bytes; at most {MAX_IMPORT_BYTES} are read")
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ImportFailure(f"{path}: not a text file (it is not UTF-8)") from None
    except OSError as exc:
        raise ImportFailure(f"{path}: cannot read the file: {exc.strerror or exc}") from None


def read_json(path: Path, what: str) -> Any:
    """JSON from an untrusted file, through the table loader's size and depth limits."""
    text = read_text(path)
    if not text.strip():
        raise ImportFailure(f"{path}: the file is empty, not {what}")
    try:
        return load_json(text, max_bytes=MAX_IMPORT_BYTES)
    except JsonError as exc:
        where = f"{path}:{exc.line}" if exc.line else str(path)
        raise ImportFailure(f"{where}: {exc.reason}; not {what}") from None


def slug(text: str, fallback: str = "table") -> str:
    """A table id part from any name: 'Given Name!' -> 'given-name'."""
    ascii_text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    word = re.sub(r"[^a-z0-9_]+", "-", ascii_text.lower()).strip("-_")
    return word or fallback


def join_id(*parts: str) -> str:
    """Id parts joined by '/'; a part may itself hold '/' (an --id-prefix such as mine/ds)."""
    return "/".join(slug(piece) for p in parts if p for piece in str(p).split("/") if piece)


TAG = re.compile(r"<[^>]+>")
BLOCK_END = re.compile(r"</(p|div|li|h[1-6]|tr)>|<br\s*/?>", re.I)
FOUNDRY_LINK = re.compile(
    r"@(?:UUID|Compendium|RollTable|Item|Actor|JournalEntry)\[([^\]]*)\](?:\{([^}]*)\})?")


def html_text(value: Any) -> str:
    """HTML reduced to plain text: tags dropped, entities decoded, blocks joined by spaces."""
    text = BLOCK_END.sub(" ", str(value or ""))
    text = TAG.sub("", text)
    text = FOUNDRY_LINK.sub(lambda m: m[2] or m[1].rsplit(".", 1)[-1], text)
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


MD_LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")
WIKI_LINK = re.compile(r"\[\[([^\]|]*)(?:\|([^\]]*))?\]\]")
EMPHASIS = re.compile(r"(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1")


def markdown_text(value: Any) -> str:
    """Markdown reduced to plain text: links to their words, emphasis dropped."""
    text = MD_LINK.sub(lambda m: m[1], str(value or ""))
    text = WIKI_LINK.sub(lambda m: m[2] or m[1].rsplit("/", 1)[-1].split("#")[-1], text)
    text = EMPHASIS.sub(lambda m: m[2], text)
    return re.sub(r"[ \t]+", " ", text).strip()


def safe_text(text: str) -> str:
    """Text with braces that solo would read as a roll made harmless."""
    return text.replace("{@", "{ @").replace("{=", "{ =")


def support(dice: str) -> list[int] | None:
    try:
        return distribution(parse(dice)).outcomes
    except DiceError:
        return None


@dataclass
class Span:
    low: int
    high: int
    number: int  # the row's number in the source, 1-based
    payload: Any


def settle_ranges(spans: list[Span], dice: str) -> tuple[list[Span], list[str]]:
    """Rows covering every result of the dice exactly once, and a note for every repair."""
    values = support(dice)
    if values is None:
        return spans, []
    notes: list[str] = []
    low_end, high_end = values[0], values[-1]
    kept: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.low, s.number)):
        if span.low > high_end or span.high < low_end:
            notes.append(f"row {span.number} ({span.low}-{span.high}) is beyond what {dice} rolls;"
                         " left out")
            continue
        if kept and span.low <= kept[-1].high:
            prev = kept[-1]
            shared = [v for v in values if span.low <= v <= min(span.high, prev.high)]
            if span.high <= prev.high:
                notes.append(f"rows {prev.number} and {span.number} overlap at {_spans(shared)};"
                             f" row {span.number} is left out")
                continue
            notes.append(f"rows {prev.number} and {span.number} overlap at {_spans(shared)};"
                         f" row {prev.number} keeps them")
            span.low = prev.high + 1
        elif kept:
            prev = kept[-1]
            gap = [v for v in values if prev.high < v < span.low]
            if gap:
                notes.append(f"no row for {_spans(gap)} (between rows {prev.number} and"
                             f" {span.number}); row {prev.number} now covers it")
                prev.high = span.low - 1
        kept.append(span)
    if kept:
        below = [v for v in values if v < kept[0].low]
        if below:
            notes.append(f"no row for {_spans(below)}; row {kept[0].number} now covers it")
            kept[0].low = low_end
        above = [v for v in values if v > kept[-1].high]
        if above:
            notes.append(f"no row for {_spans(above)}; row {kept[-1].number} now covers it")
            kept[-1].high = high_end
    return kept, notes


def range_label(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def dice_for(spans: list[Span]) -> str:
    """Dice for rows given only as ranges: a single die as large as the highest row."""
    top = max(s.high for s in spans)
    bottom = min(s.low for s in spans)
    if bottom >= 1:
        return f"d{max(top, 2)}"
    shift = 1 - bottom
    return f"d{max(top + shift, 2)}-{shift}"
