"""A campaign as a folder of Markdown notes for Obsidian and its kind (`solo export NAME --vault DIR`).

What is written in DIR:

* `<campaign>.md` — the index: YAML frontmatter (campaign, system, scenes,
  chaos, created), where things stand, and a `[[link]]` to every other note;
* `Scenes/Scene N.md` — one note per scene (`Before the first scene.md` for
  what came before one): frontmatter (campaign, system, scene, chaos, date),
  the player's notes as paragraphs, every mechanic (a roll, an oracle
  answer, a table) as a `> [!solo]` callout, and links to the characters,
  people and things the scene's text names;
* `Characters/`, `People and things/`, `Threads/` — one note each, linking
  back to the scenes that name it;
* `.solo-vault.json` — the manifest: for each note, the SHA-256 of the bytes
  solo last wrote there.

Names become file names with the characters Obsidian cannot link to
(`[]#^|\\/:*?"<>`) left out, unique across the vault (` (2)` added on a clash),
so every `[[link]]` names exactly one note.

Keeping it up to date (`sync`, and `--follow`, which syncs after every
action): every note is rendered again, and only a note whose text changed is
written, each atomically (`solo.files.write_text`: a temporary file renamed
into place, so a killed solo leaves the old note or the new one).

A note the player edited is never overwritten: before a note is replaced or
removed, its bytes are hashed and compared with the manifest.  A note that
is not what solo last wrote (or that solo never wrote) is left exactly as it
is, and solo's new version goes beside it as `<name> (solo).md`; `sync` says
which, once (while solo has nothing new for that note, the player's edit
simply stands, and nothing is written or said).  The manifest is written
before the notes with both the old and the new hash of each note about to
change, and again after with the new one only, so a solo killed between the
two never mistakes its own note for the player's.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from solo.campaign.export import note_lines
from solo.campaign.journal import JournalEntry
from solo.campaign.journal_edits import EDIT_KINDS, edits, shown
from solo.campaign.state import Campaign
from solo.errors import SoloError

MANIFEST = ".solo-vault.json"
MANIFEST_FORMAT = "solo-vault"
SCENES, CHARACTERS, NOTABLES, THREADS = "Scenes", "Characters", "People and things", "Threads"
MAX_NAME = 80
_UNLINKABLE = re.compile(r'[\[\]#^|\\/:*?"<>\x00-\x1f]+')
_LINK = re.compile(r"\[\[([^\]|]+)(?:\|[^\]]*)?\]\]")


@dataclass
class Report:
    """What one `sync` did, by path relative to the vault."""

    written: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)      # edited by the player: left, solo's version beside
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0

    def summary(self) -> str:
        parts = [f"{len(self.written)} note{'s' if len(self.written) != 1 else ''} written",
                 f"{self.unchanged} unchanged"]
        if self.removed:
            parts.append(f"{len(self.removed)} removed")
        line = ", ".join(parts)
        for path in self.kept:
            line += (f"\n{path} was edited in the vault: left as it is, solo's version written"
                     f" beside it as {_beside(path)}")
        return line


def _beside(path: str) -> str:
    return path[: -len(".md")] + " (solo).md"


def _file_name(name: str, taken: set[str]) -> str:
    """`name` as a note's file name (without `.md`), linkable and unique in `taken` (which it joins)."""
    base = " ".join(_UNLINKABLE.sub(" ", name).split()).strip(". ")[:MAX_NAME].strip() or "Untitled"
    candidate, n = base, 1
    while candidate.casefold() in taken:
        n += 1
        candidate = f"{base} ({n})"
    taken.add(candidate.casefold())
    return candidate


def _frontmatter(fields: dict[str, Any]) -> str:
    import yaml

    return "---\n" + yaml.safe_dump(fields, sort_keys=False, allow_unicode=True, width=1000) + "---\n"


def _label(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ").capitalize()


def _callout(entry: JournalEntry) -> list[str]:
    lines = entry.text.splitlines() or [""]
    return [f"> [!solo] {_label(entry.kind)}"] + [f"> {line}" if line else ">" for line in lines]


def _scene_title(number: int) -> str:
    return f"Scene {number}" if number else "Before the first scene"


def _named(text: str, names: list[tuple[str, str]]) -> list[str]:
    """The note names (second of each pair) whose own name (first) the text mentions."""
    folded = text.casefold()
    return [note for name, note in names if name.strip() and name.casefold() in folded]


def render(campaign: Campaign) -> dict[str, str]:
    """Every note of the vault, by path relative to it: {path: text}."""
    taken: set[str] = set()
    index = _file_name(campaign.name, taken)
    scenes: dict[int, list[JournalEntry]] = {}
    changes = edits(campaign)
    for number, entry in enumerate(campaign.journal, 1):
        if entry.kind in EDIT_KINDS:
            continue  # the entry it changed is written as it reads now, as in the TUI and the export
        if str(number) in changes:
            text, _, struck = shown(entry, changes[str(number)])
            entry = replace(entry, text=f"~~{text}~~" if struck else text)
        scenes.setdefault(entry.scene, []).append(entry)
    scene_notes = {number: _file_name(_scene_title(number), taken) for number in scenes}
    people = [(c.name, _file_name(c.name, taken)) for c in campaign.characters]
    notables = [(n.name, _file_name(n.name, taken)) for n in campaign.notables]
    threads = [(t.text, _file_name(t.text, taken)) for t in campaign.threads]
    linkable = people + notables
    system = campaign.system or "no rule system"
    notes: dict[str, str] = {}
    mentioned: dict[str, list[str]] = {}
    for number, entries in scenes.items():
        title = scene_notes[number]
        body: list[str] = []
        for entry in entries:
            if entry.kind == "note":
                body += note_lines(entry.text) + [""]
            elif entry.kind == "scene":
                body += [f"*{entry.text}*", ""]
            else:
                body += _callout(entry) + [""]
        text = "\n".join(e.text for e in entries)
        links = _named(text, linkable) + _named(text, threads)
        for note in links:
            mentioned.setdefault(note, []).append(title)
        head = _frontmatter({"campaign": campaign.name, "system": system, "scene": number,
                             "chaos": campaign.chaos, "date": entries[0].at[:10]})
        tail = ["Names: " + ", ".join(f"[[{note}]]" for note in links), ""] if links else []
        notes[f"{SCENES}/{title}.md"] = head + f"\n# {_scene_title(number)}\n\n" + "\n".join(body + tail)
    for folder, kind, pairs, about in (
        (CHARACTERS, "character", people, [("PC" if c.role == "pc" else "NPC") for c in campaign.characters]),
        (NOTABLES, "notable", notables, [f"{n.kind}" + (f": {n.note}" if n.note else "")
                                         for n in campaign.notables]),
        (THREADS, "thread", threads, ["open" if t.open else "closed" for t in campaign.threads]),
    ):
        for (name, note), line in zip(pairs, about, strict=True):
            scenes_in = mentioned.get(note, [])
            seen = ["", "Named in: " + ", ".join(f"[[{s}]]" for s in scenes_in)] if scenes_in else []
            notes[f"{folder}/{note}.md"] = (_frontmatter({"campaign": campaign.name, "kind": kind})
                                            + f"\n# {name}\n\n{line}\n" + "\n".join(seen)
                                            + ("\n" if seen else "") + f"\nBack to [[{index}]]\n")
    notes[f"{index}.md"] = _index(campaign, system, [scene_notes[n] for n in scenes],
                                  {CHARACTERS: people, NOTABLES: notables, THREADS: threads})
    return notes


def _index(campaign: Campaign, system: str, scene_notes: list[str],
           groups: dict[str, list[tuple[str, str]]]) -> str:
    head = _frontmatter({"campaign": campaign.name, "system": system, "scenes": campaign.scene.number,
                         "chaos": campaign.chaos, "created": campaign.created[:10]})
    out = [f"# {campaign.name}", "", f"Chaos factor {campaign.chaos} · complication marks"
           f" {campaign.countdown} · clues held {campaign.clues}", ""]
    if scene_notes:
        out += ["## Scenes", ""] + [f"- [[{note}]]" for note in scene_notes] + [""]
    for heading, pairs in groups.items():
        if pairs:
            out += [f"## {heading}", ""] + [f"- [[{note}]]" for _, note in pairs] + [""]
    if campaign.clocks:
        out += ["## Clocks", ""] + [f"- {c.name}: {c.filled}/{c.segments}" for c in campaign.clocks] + [""]
    return head + "\n" + "\n".join(out)


def links(text: str) -> list[str]:
    """The targets of the `[[links]]` in a note (for checking that each names a note)."""
    return _LINK.findall(text)


# -- writing ------------------------------------------------------------------------------
def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_manifest(directory: Path) -> dict[str, list[str]]:
    path = directory / MANIFEST
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise SoloError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw)
        if data.get("format") != MANIFEST_FORMAT:
            raise ValueError("not a solo vault manifest")
        notes = data["notes"]
        if not all(isinstance(k, str) and isinstance(v, list) and all(isinstance(h, str) for h in v)
                   for k, v in notes.items()):
            raise ValueError("its notes are not paths with hashes")
        return notes
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SoloError(f"{path} is damaged ({exc}); nothing in the vault was changed. Remove it to"
                        " start over: every note already there is then kept, solo's versions"
                        " written beside them") from None


def _write_manifest(directory: Path, notes: dict[str, list[str]]) -> None:
    from solo.files import write_text

    write_text(directory / MANIFEST, json.dumps({"format": MANIFEST_FORMAT, "notes": notes},
                                                indent=1, sort_keys=True) + "\n")


def _on_disk(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise SoloError(f"cannot read {path}: {exc.strerror or exc}") from None


def sync(campaign: Campaign, directory: str | os.PathLike) -> Report:
    """Bring the vault in `directory` up to date with `campaign`, writing only the notes that changed.

    The function a front end calls after each action to follow a campaign
    (the TUI's setting, `solo export --vault DIR --follow`).
    """
    from solo.files import write_text
    from solo.text_safety import escape_controls

    folder = Path(directory).expanduser()
    if folder.exists() and not folder.is_dir():
        raise SoloError(f"the vault {folder} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SoloError(f"cannot make the vault folder {folder}: {exc.strerror or exc}") from None
    manifest = _read_manifest(folder)
    wanted = {path: escape_controls(text).encode("utf-8") for path, text in render(campaign).items()}
    report = Report()
    plan: list[tuple[str, bytes | None]] = []  # (path, new bytes or None to remove)
    held: list[str] = []  # notes the player edited, left as they are
    for path, data in wanted.items():
        current = _on_disk(folder / path)
        if current == data:
            report.unchanged += 1
        elif current is not None and _digest(current) not in manifest.get(path, []):
            held.append(path)
            # Solo's version beside it, said once: not while solo has nothing new for the note (the
            # player's edit of the last version stands), nor again when it is already there.
            news = _digest(data) not in manifest.get(path, [])
            if news and _on_disk(folder / _beside(path)) != data:
                report.kept.append(path)
                plan.append((_beside(path), data))
        else:
            plan.append((path, data))
    # Solo's versions beside notes the player edited stay while they are still solo's newest.
    besides = {_beside(p) for p in held if _digest(wanted[p]) not in manifest.get(p, [])}
    for path in sorted(set(manifest) - set(wanted) - besides):
        current = _on_disk(folder / path)
        if current is not None and _digest(current) in manifest[path]:
            plan.append((path, None))
    if plan:
        during = {path: list(hashes) for path, hashes in manifest.items()}
        for path, new in plan:
            if new is not None:
                during.setdefault(path, []).append(_digest(new))
        _write_manifest(folder, during)
        for path, new in plan:
            target = folder / path
            if new is None:
                try:
                    target.unlink()
                except FileNotFoundError:
                    pass
                report.removed.append(path)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            write_text(target, new.decode("utf-8"))
            if path.endswith(" (solo).md"):
                continue
            report.written.append(path)
    final = {path: [_digest(data)] for path, data in wanted.items() if path not in held}
    for path in held:
        final[path] = manifest.get(path, [])
        if _digest(wanted[path]) not in final[path]:
            final[_beside(path)] = [_digest(wanted[path])]
    if final != manifest:
        _write_manifest(folder, final)
    return report


def follow(load: Callable[[], Campaign], changed: Callable[[], object], directory: str | os.PathLike,
           tell: Callable[[Report], None], *, interval: float = 0.5,
           stop: Callable[[], bool] = lambda: False) -> None:
    """Sync now, then again whenever `changed()` returns something new, until `stop()` (or Ctrl+C)."""
    import time

    seen = object()
    while not stop():
        mark = changed()
        if mark != seen:
            seen = mark
            tell(sync(load(), directory))
        time.sleep(interval)
