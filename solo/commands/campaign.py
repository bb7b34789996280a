"""`solo new|list|show|note|undo|export|delete|restore|rename|replay`: campaigns from the command line."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from solo.campaign import (
    UNDO_DEPTH,
    Campaign,
    JournalEntry,
    differences,
    known_systems,
    replay,
    to_json,
    to_markdown,
)
from solo.campaign.export import json_text
from solo.commands.context import Context, UsageError, record_saved
from solo.commands.grammar import deprecated
from solo.errors import SoloError
from solo.files import write_text
from solo.rules import registry
from solo.story.output import format_for

LAST_ENTRIES = 10


# Examples under `--help` and the global options each command takes (solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "new": (f"solo new \"The Salt Road\" --system {registry.ids()[0]} --seed 7",),
    "list": ("solo list", "solo list --json"),
    "show": ("solo show the-salt-road --last 5",),
    "note": ("solo note -c the-salt-road The rain has not stopped for three days.",),
    "undo": ("solo undo -c the-salt-road",),
    "redo": ("solo redo -c the-salt-road",),
    "export": ("solo export the-salt-road -o salt-road.md",),
    "delete": ("solo delete the-salt-road --yes",),
    "restore": ("solo restore the-salt-road",),
    "rename": ("solo rename the-salt-road \"The Long Road\"",),
    "system": ("solo system the-salt-road", f"solo system the-salt-road {registry.ids()[1]}"),
    "replay": ("solo replay the-salt-road",),
}
_KEPT = ("json", "saves", "tables")
GLOBALS: dict[str, tuple[str, ...]] = {
    "new": ("seed", "json", "saves", "tables"),
    "list": ("json", "saves"), "delete": ("json", "saves"), "rename": ("json", "saves"),
    "restore": ("json", "saves"),
    "show": _KEPT, "note": _KEPT, "undo": _KEPT, "redo": _KEPT, "export": _KEPT, "system": _KEPT,
    "replay": _KEPT,
}


def register(sub: Any, common: Any) -> None:
    p = sub.add_parser("new", parents=[common], help="start a campaign",
                       description="Start a campaign. Its name can be anything; the save file is"
                       " named after it (\"The Salt Road\" is saved as the-salt-road.json). --seed"
                       " fixes its dice, so the same actions give the same story.")
    p.add_argument("name", help="the campaign's name, e.g. \"The Salt Road\"")
    p.add_argument("--system", metavar="SYSTEM",
                   help="the rule system it plays: " + ", ".join(known_systems()))
    p.set_defaults(handler=cmd_new)

    p = sub.add_parser("list", parents=[common], help="list the campaigns",
                       description="List the campaigns in the saves directory, and any file there"
                       " that does not load.")
    p.set_defaults(handler=cmd_list)

    p = sub.add_parser("show", parents=[common], help="show a campaign's state and latest entries")
    p.add_argument("name", help="campaign name or slug")
    p.add_argument("--last", type=int, default=LAST_ENTRIES, metavar="N",
                   help=f"show the last N journal entries (default {LAST_ENTRIES})")
    p.set_defaults(handler=cmd_show)

    p = sub.add_parser("note", parents=[common], help="write a note in a campaign's journal")
    p.add_argument("-c", "--campaign", metavar="NAME", help="the campaign (name or slug)")
    p.add_argument("text", nargs="+", help="the note (words are joined with spaces)")
    p.set_defaults(handler=cmd_note)

    p = sub.add_parser("undo", parents=[common], help="take back a campaign's last action",
                       description=f"Take back the last action: journal, state and dice exactly as"
                       f" before it. The last {UNDO_DEPTH} actions can be undone, one at a time.")
    p.add_argument("-c", "--campaign", metavar="NAME", help="the campaign (name or slug)")
    p.add_argument("name", nargs="?", help=argparse.SUPPRESS)  # the old spelling, `solo undo NAME`
    p.set_defaults(handler=cmd_undo)

    p = sub.add_parser("redo", parents=[common], help="do again what undo took back",
                       description="Put back the action the last undo took back, exactly as it was"
                       " (its entries, state and dice). Possible until a new action is played.")
    p.add_argument("-c", "--campaign", metavar="NAME", help="the campaign (name or slug)")
    p.set_defaults(handler=cmd_redo)

    p = sub.add_parser("export", parents=[common], help="export a campaign as Markdown or JSON",
                       description="Write the campaign out: Markdown is a story log to read, JSON"
                       " the full data.")
    p.add_argument("name", help="campaign name or slug")
    p.add_argument("--format", choices=("md", "json"),
                   help="md or json (default: from the -o file's name, else json with --json, else md)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of the screen")
    p.add_argument("--vault", metavar="DIR",
                   help="write a folder of Markdown notes (Obsidian): one per scene, character, person"
                   " and thread, and an index; notes edited there are never overwritten")
    p.add_argument("--follow", action="store_true",
                   help="with --vault: keep the folder up to date after every action until Ctrl+C")
    p.set_defaults(handler=cmd_export)

    p = sub.add_parser("delete", parents=[common], help="delete a campaign (asks first)",
                       description="Delete a campaign: its files are moved into the saves"
                       " directory's .deleted/ folder. Asks first unless --yes is given.")
    p.add_argument("name", help="campaign name or slug")
    p.add_argument("-y", "--yes", action="store_true", help="do not ask")
    p.set_defaults(handler=cmd_delete)

    p = sub.add_parser("restore", parents=[common], help="bring back a damaged campaign's backup",
                       description="Replace a campaign file that no longer loads with its backup"
                       " (the save before the last). The damaged file is kept beside it.")
    p.add_argument("name", help="campaign name or slug")
    p.set_defaults(handler=cmd_restore)

    p = sub.add_parser("rename", parents=[common], help="give a campaign a new name")
    p.add_argument("name", help="campaign name or slug")
    p.add_argument("new_name", help="the new name")
    p.set_defaults(handler=cmd_rename)

    p = sub.add_parser("system", parents=[common], help="show or choose a campaign's rule system",
                       description="Show the rule system a campaign plays, or choose one (\"none\""
                       " for none): checks, harm and encounters then go through it. A change is"
                       " journaled and can be undone; it is refused while an encounter runs or while"
                       " player characters carry another system's sheets.")
    p.add_argument("name", help="campaign name or slug")
    p.add_argument("system", nargs="?", metavar="SYSTEM",
                   help="the system to play: " + ", ".join(known_systems()) + ", or none")
    p.set_defaults(handler=cmd_system)

    p = sub.add_parser("replay", parents=[common], help="check that a campaign replays exactly",
                       description="Replay a campaign's recorded actions from its starting seed and"
                       " compare the journal with the one saved (exit 1 if they differ, e.g. when"
                       " a table it rolled on has been edited since).")
    p.add_argument("name", help="campaign name or slug")
    p.set_defaults(handler=cmd_replay)


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def cmd_new(ctx: Context) -> int:
    session = ctx.store.create(ctx.args.name, system=ctx.args.system, seed=ctx.args.seed)
    c = session.campaign
    data = {"name": c.name, "slug": c.slug, "system": c.system, "seed": c.seed,
            "path": str(session.path)}
    ctx.emit(data, f"Started {c.name!r} ({c.system or 'no rule system yet'}, seed {c.seed}),"
                   f" saved in {session.path}.\nWrite in it with `solo note -c {c.slug} \"...\"`.")
    return 0


def cmd_list(ctx: Context) -> int:
    listings = ctx.store.list()
    if ctx.json or listings:
        lines = []
        for item in listings:
            if item.problem:
                lines.append(f"{item.slug}  DOES NOT LOAD: {item.problem}")
            else:
                lines.append(f"{item.slug}  {item.name!r}  {item.system or '-'}  scene {item.scene}"
                             f"  {_count(item.entries, 'entry', 'entries')}"
                             f"  saved {item.modified}")
        ctx.emit([item.to_dict() for item in listings], "\n".join(lines))
    else:
        ctx.emit([], f"No campaigns in {ctx.store.directory} yet: start one with `solo new NAME`.")
    return 0


def _state_lines(c: Campaign) -> list[str]:
    scene = f"scene {c.scene.number}"
    if c.scene.open:
        scene += " (open" + (f": {c.scene.expectation}" if c.scene.expectation else "") + ")"
    lines = [f"{scene} · chaos factor {c.chaos} · complication marks {c.countdown}"
             f" · clues held {c.clues}"]
    for label, people in (("PCs", c.pcs), ("NPCs", c.npcs)):
        if people:
            lines.append(f"{label}: " + "; ".join(
                ch.name + "".join(f" ({flag})" for flag, on in (("set up well", ch.set_up_well),
                                                              ("leverage", ch.leverage)) if on)
                for ch in people))
    if c.threads:
        lines.append("threads: " + "; ".join(
            f"{t.id}. {t.text}" + ("" if t.open else " (closed)") for t in c.threads))
    if c.notables:
        lines.append("notables: " + "; ".join(f"{n.name} ({n.kind})" for n in c.notables))
    if c.clocks:
        lines.append("clocks: " + "; ".join(f"{k.name} {k.filled}/{k.segments}" for k in c.clocks))
    return lines


def _entry_lines(c: Campaign, shown: list[JournalEntry]) -> list[str]:
    """The entries as they read now (edits applied; an edit's own entry says what it did), each
    line after an entry's first indented under its text, so a note of many lines reads as one."""
    from solo.campaign.journal_edits import edits
    from solo.campaign.journal_edits import shown as as_shown

    changes, first = edits(c), len(c.journal) - len(shown) + 1
    out: list[str] = []
    for number, e in enumerate(shown, first):
        text, edited, struck = as_shown(e, changes.get(str(number)))
        mark = " (struck out)" if struck else " (edited)" if edited else ""
        head = f"  [{e.scene}] {e.kind}: "
        body = (text + mark).split("\n")
        out.append(head + body[0])
        out += [(" " * len(head) + line) if line.strip() else "" for line in body[1:]]
    return out


def cmd_show(ctx: Context) -> int:
    c = ctx.store.load(ctx.args.name)
    path = ctx.store.path(c.slug)
    if ctx.json:
        ctx.emit(to_json(c) | {"path": str(path), "undo_steps": len(c.undo)})
        return 0
    last = max(0, ctx.args.last)
    lines = [f"{c.name}  ({c.slug})",
             f"{c.system or 'no rule system'} · seed {c.seed} · begun {c.created[:10]} · {path}"]
    lines += _state_lines(c)
    lines.append(f"journal: {_count(len(c.journal), 'entry', 'entries')},"
                 f" {len(c.undo)} can be undone")
    shown = c.journal[-last:] if last else []
    if shown:
        lines.append(f"latest {len(shown)}:" if len(shown) < len(c.journal) else "entries:")
        lines += _entry_lines(c, shown)
    ctx.emit(None, "\n".join(lines))
    return 0


def cmd_note(ctx: Context) -> int:
    name, words = ctx.args.campaign, list(ctx.args.text)
    if name is None:
        if len(words) < 2:
            raise UsageError("say which campaign: solo note -c NAME TEXT")
        deprecated("solo note NAME TEXT", "solo note -c NAME TEXT")
        name, words = words[0], words[1:]
    session = ctx.store.open(name)
    entries = session.perform("note", text=" ".join(words))
    record_saved(session.campaign.name, "note")
    ctx.emit({"campaign": session.campaign.name, "entries": [e.to_dict() for e in entries]},
             f"Noted in {session.campaign.name!r} (entry {len(session.campaign.journal)}).")
    return 0


def _campaign_named(ctx: Context, command: str) -> str:
    """The campaign of `solo COMMAND -c NAME`, or of the old `solo COMMAND NAME` (with its warning)."""
    if ctx.args.campaign is not None:
        if ctx.args.name is not None:
            raise UsageError(f"name the campaign once: solo {command} -c NAME")
        return str(ctx.args.campaign)
    if ctx.args.name is None:
        raise UsageError(f"say which campaign: solo {command} -c NAME")
    deprecated(f"solo {command} NAME", f"solo {command} -c NAME")
    return str(ctx.args.name)


def cmd_undo(ctx: Context) -> int:
    session = ctx.store.open(_campaign_named(ctx, "undo"))
    step, removed = session.undo()
    left = len(session.campaign.undo)
    data = {"undone": step.action, "at": step.at, "removed": [e.to_dict() for e in removed],
            "remaining": left}
    lines = [f"Undid the move of {step.at}: removed"
             f" {_count(len(removed), 'entry', 'entries')}" + (":" if removed else ".")]
    lines += [f"  {e.kind}: {e.text}" for e in removed]
    lines.append(f"{left} more can be undone." if left else "Nothing more can be undone.")
    ctx.emit(data, "\n".join(lines))
    return 0


def cmd_redo(ctx: Context) -> int:
    if ctx.args.campaign is None:
        raise UsageError("say which campaign: solo redo -c NAME")
    session = ctx.store.open(str(ctx.args.campaign))
    name, entries = session.redo()
    left = len(session.campaign.redo)
    data = {"redone": name, "entries": [e.to_dict() for e in entries], "remaining": left}
    lines = [f"Redid the move: put back {_count(len(entries), 'entry', 'entries')}"
             + (":" if entries else ".")]
    lines += [f"  {e.kind}: {e.text}" for e in entries]
    lines.append(f"{left} more can be redone." if left else "Nothing more can be redone.")
    ctx.emit(data, "\n".join(lines))
    return 0


def cmd_export(ctx: Context) -> int:
    if ctx.args.vault is not None:
        return _export_vault(ctx)
    if ctx.args.follow:
        raise UsageError("--follow keeps a --vault folder up to date: give --vault DIR too")
    c = ctx.store.load(ctx.args.name)
    fmt = ctx.args.format
    if fmt is None:
        implied = format_for(Path(ctx.args.output)) if ctx.args.output else None
        fmt = implied if implied in ("md", "json") else ("json" if ctx.json and not ctx.args.output else "md")
    text = json_text(c) if fmt == "json" else to_markdown(c)
    if not ctx.args.output:
        ctx.out.write(text)
        return 0
    target = write_text(ctx.args.output, text)
    ctx.emit({"path": str(target), "format": fmt, "entry_count": len(c.journal)},
             f"Wrote {c.name!r} to {target}.")
    return 0


def _export_vault(ctx: Context) -> int:
    from solo.campaign import vault

    if ctx.args.output or ctx.args.format:
        raise UsageError("--vault writes a folder of notes: leave out -o and --format")
    store, name = ctx.store, ctx.args.name

    def told(report: vault.Report) -> None:
        ctx.emit({"vault": str(ctx.args.vault), "written": report.written, "kept": report.kept,
                  "removed": report.removed, "unchanged": report.unchanged},
                 f"Vault {ctx.args.vault}: {report.summary()}")
        if ctx.out is not None:
            ctx.out.flush()

    if not ctx.args.follow:
        told(vault.sync(store.load(name), ctx.args.vault))
        return 0

    def changed() -> object:
        paths = (store.path(name), store.log_path(name))
        return tuple(p.stat().st_mtime_ns if p.exists() else None for p in paths) + tuple(
            p.stat().st_size if p.exists() else None for p in paths)

    try:
        vault.follow(lambda: store.load(name), changed, ctx.args.vault, told)
    except KeyboardInterrupt:
        return 0
    return 0  # pragma: no cover - follow only ends on Ctrl+C


def _confirm(question: str) -> bool:
    print(question, end=" ", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except (OSError, ValueError):
        return False
    return answer.strip().lower() in ("y", "yes")


def cmd_delete(ctx: Context) -> int:
    store, name = ctx.store, ctx.args.name
    path = store.path(name)
    if not path.exists() and not store.backup_path(name).exists():
        raise SoloError(f"no campaign {name!r} in {store.directory} (see `solo list`)")
    if not ctx.args.yes:
        if not sys.stdin or not sys.stdin.isatty():
            raise UsageError(f"not deleting {path.stem!r} without asking: pass --yes to delete it"
                             " (there is no terminal to ask on)")
        if not _confirm(f"Delete the campaign {path.stem!r} ({path})? [y/N]"):
            ctx.emit({"deleted": False}, "Kept it.")
            return 0
    moved = store.delete(name)
    ctx.emit({"deleted": True, "moved_to": str(moved)},
             f"Deleted {path.stem!r}: its files are now in {moved.parent} if you change your mind.")
    return 0


def cmd_restore(ctx: Context) -> int:
    campaign, aside = ctx.store.restore(ctx.args.name)
    text = f"Restored {campaign.name!r} from its backup ({len(campaign.journal)} journal entries)."
    if aside:
        text += f" The damaged file is kept as {aside}."
    ctx.emit({"name": campaign.name, "entry_count": len(campaign.journal),
              "damaged_kept_as": str(aside) if aside else None}, text)
    return 0


def cmd_rename(ctx: Context) -> int:
    campaign = ctx.store.rename(ctx.args.name, ctx.args.new_name)
    path = ctx.store.path(campaign.slug)
    ctx.emit({"name": campaign.name, "slug": campaign.slug, "path": str(path)},
             f"Renamed to {campaign.name!r}, saved in {path}.")
    return 0


def cmd_replay(ctx: Context) -> int:
    recorded = ctx.store.load(ctx.args.name)
    replayed = replay(recorded, tables=lambda: ctx.tables)
    found = differences(recorded, replayed)
    data = {"identical": not found, "actions": len(recorded.actions),
            "entry_count": len(recorded.journal), "differences": found}
    if found:
        ctx.emit(data, f"Replaying {_count(len(recorded.actions), 'action')} from seed {recorded.seed}"
                       " does not give the saved journal:\n" + "\n".join(f"  {d}" for d in found))
        return 1
    ctx.emit(data, f"Replayed {_count(len(recorded.actions), 'action')} from seed {recorded.seed}:"
                   f" the journal is identical ({len(recorded.journal)} entries).")
    return 0


def cmd_system(ctx: Context) -> int:
    wanted = ctx.args.system
    if wanted is None:
        c = ctx.store.load(ctx.args.name)
        data = {"campaign": c.name, "system": c.system, "systems": known_systems()}
        if c.system:
            text = f"{c.name!r} plays {c.system}."
        else:
            text = (f"{c.name!r} plays no rule system yet; choose one with `solo system"
                    f" {shlex.quote(c.slug)} SYSTEM` ({', '.join(known_systems())}).")
        ctx.emit(data, text)
        return 0
    system = None if wanted.strip().lower() == "none" else wanted.strip().lower()
    session = ctx.store.open(ctx.args.name)
    entries = session.perform("set_system", system=system)
    record_saved(session.campaign.name, "set_system")
    ctx.emit({"campaign": session.campaign.name, "system": session.campaign.system,
              "entries": [e.to_dict() for e in entries]}, "\n".join(e.text for e in entries))
    return 0
