"""A campaign as something to read or hand on: a Markdown story log, or plain JSON.

The Markdown reads as the story: a heading per scene, the player's notes as
paragraphs of prose (one a note, its lines kept by hard breaks: `note_lines`),
and every roll, table result or oracle answer as a short quoted annotation
between them, so the mechanics stay visible without interrupting the telling.
What the campaign holds at the end (cast, threads, clocks) follows the log.

The JSON export is the save document without its undo steps: other tools
can read it, and solo can load it again if it is put in the saves directory.

Text here is the campaign's own, control characters included; they are
spelled out (`\\u001b`) on the way out, by `solo.files.write_text` for a
file and by the CLI's output stream for the terminal, so an export never
carries a raw escape sequence (in JSON that spelling is the standard escape,
so the data reads back unchanged).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from solo.campaign import document
from solo.campaign.journal import JournalEntry
from solo.campaign.journal_edits import EDIT_KINDS, edits, shown
from solo.campaign.state import Campaign
from solo.errors import SoloError

FORMATS = ("md", "json")

_MARKUP = re.compile(r"([\\`*_<])")


def _escape(text: str) -> str:
    return _MARKUP.sub(r"\\\1", text)


def _label(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ").capitalize()


def _annotation(entry: JournalEntry) -> list[str]:
    lines = _escape(entry.text).splitlines() or [""]
    first = f"> **{_label(entry.kind)}** · {lines[0]}"
    return [first] + [f"> {line}" if line else ">" for line in lines[1:]]


# A line that starts a Markdown block of its own: the player wrote Markdown, which is kept as written.
_BLOCK = re.compile(r"^\s*(?:[-*+>#|]|\d+[.)]\s|```|~~~)")


def note_lines(text: str) -> list[str]:
    """A note as one Markdown paragraph, so it reads as one entry and not as several.

    Its lines are kept apart by hard line breaks (a backslash at the end of
    each, CommonMark's), blank lines inside it included, where a bare line
    break would run them together and a blank line would start what reads as
    another note.  A note with lines of Markdown blocks (a list, a heading, a
    quote, a fence, a table) is left as the player wrote it.
    """
    lines = text.rstrip("\n").split("\n")
    if len(lines) == 1 or any(_BLOCK.match(line) for line in lines):
        return lines
    return [line.rstrip() + "\\" for line in lines[:-1]] + [lines[-1]]


def _scene_heading(number: int, has_scenes: bool) -> str | None:
    if number == 0:
        return "## Before the first scene" if has_scenes else None
    return f"## Scene {number}"


def _subtitle(campaign: Campaign) -> str:
    parts = [campaign.system or "no rule system"]
    if campaign.created:
        parts.append(f"begun {campaign.created[:10]}")
    scenes = campaign.scene.number
    if scenes:
        parts.append(f"{scenes} scene{'s' if scenes != 1 else ''}")
    n = len(campaign.journal)
    parts.append(f"{n} journal entr{'ies' if n != 1 else 'y'}")
    return "*" + " · ".join(parts) + "*"


def to_markdown(campaign: Campaign) -> str:
    out: list[str] = [f"# {campaign.name}", "", _subtitle(campaign), ""]
    has_scenes = any(e.scene > 0 for e in campaign.journal)
    scene: int | None = None
    quoting = False
    changes = edits(campaign)
    for number, entry in enumerate(campaign.journal, 1):
        if entry.kind in EDIT_KINDS:
            continue  # the entry it changed is written as it reads now
        if str(number) in changes:
            text, _, struck = shown(entry, changes[str(number)])
            entry = replace(entry, text=f"~~{text}~~" if struck else text)
        if entry.scene != scene:
            scene = entry.scene
            heading = _scene_heading(scene, has_scenes)
            if heading:
                out += [heading, ""]
            quoting = False
        if entry.kind == "note":
            out += note_lines(entry.text) + [""]
            quoting = False
        elif entry.kind == "scene":
            out += [f"*{_escape(entry.text)}*", ""]
            quoting = False
        else:
            if quoting:  # one quote block for a run of annotations, one paragraph each
                out[-1] = ">"
            out += _annotation(entry) + [""]
            quoting = True
    out += _standing(campaign)
    return "\n".join(out).rstrip() + "\n"


def _standing(campaign: Campaign) -> list[str]:
    """Where things stand at the end of the log."""
    out: list[str] = ["## Where things stand", ""]
    out.append(f"Chaos factor {campaign.chaos} · complication marks {campaign.countdown}"
               f" · clues held {campaign.clues}")
    out.append("")
    if campaign.characters:
        out += ["### Cast", ""]
        for c in campaign.characters:
            flags = [label for label, on in (("set up well", c.set_up_well), ("leverage", c.leverage))
                     if on]
            role = "PC" if c.role == "pc" else "NPC"
            out.append(f"- **{_escape(c.name)}** ({role}{', ' + ', '.join(flags) if flags else ''})")
        out.append("")
    if campaign.threads:
        out += ["### Threads", ""]
        out += [f"- {_escape(t.text)}" if t.open else f"- ~~{_escape(t.text)}~~ (closed)"
                for t in campaign.threads]
        out.append("")
    if campaign.notables:
        out += ["### People and things", ""]
        out += [f"- **{_escape(n.name)}** ({_escape(n.kind)})" + (f": {_escape(n.note)}" if n.note else "")
                for n in campaign.notables]
        out.append("")
    if campaign.clocks:
        out += ["### Clocks", ""]
        out += [f"- {_escape(c.name)}: {c.filled}/{c.segments}" + (" (full)" if c.full else "")
                for c in campaign.clocks]
        out.append("")
    return out


def to_json(campaign: Campaign) -> dict[str, Any]:
    data = document.to_document(campaign)
    data.pop("undo")
    data.pop("log")  # where a snapshot stands in its log means nothing outside the saves
    return data


def json_text(campaign: Campaign) -> str:
    """`json.dumps(to_json(campaign), indent=1, ensure_ascii=False)` and a newline, made entry by entry.

    The journal and the action log are turned into text one entry at a time
    (a long campaign's stay in the snapshot file until then, `stored.py`),
    so the export never holds every entry as an object at once: at 100,000
    entries that was some hundreds of megabytes before any text was made.
    """
    data = document.to_document(campaign, lines=True)
    data.pop("undo")
    data.pop("log")
    out = ["{"]
    for n, (key, value) in enumerate(data.items()):
        out.append(("," if n else "") + "\n " + json.dumps(key, ensure_ascii=False) + ": ")
        if isinstance(value, document._Lines) and len(value):
            opening = "["
            for item in value.items:
                text = json.dumps(value.encode(item), indent=1, ensure_ascii=False)
                out.append(f"{opening}\n  " + text.replace("\n", "\n  "))
                opening = ","
            out.append("\n ]")
        else:
            plain = [] if isinstance(value, document._Lines) else value
            out.append(json.dumps(plain, indent=1, ensure_ascii=False).replace("\n", "\n "))
    out.append("\n}\n")
    return "".join(out)


def render(campaign: Campaign, fmt: str = "md") -> str:
    """The export as text: `md` (the story log) or `json`."""
    if fmt == "json":
        return json_text(campaign)
    if fmt == "md":
        return to_markdown(campaign)
    raise SoloError(f"export format is md or json, not {fmt!r}")


def write(campaign: Campaign, path: str | Path, fmt: str = "md") -> Path:
    """Write the export to `path` (a file the player chose, outside the saves); the file is returned.

    Goes through `solo.files.write_text`, so an existing file is replaced in one step.
    """
    from solo.files import write_text

    return write_text(Path(path).expanduser(), render(campaign, fmt))
