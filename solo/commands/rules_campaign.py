"""`solo character new|check|encounter ... --campaign NAME`: the rules commands played in a campaign.

Each is a thin layer over the campaign's rules actions (`solo.campaign.rules_moves`
and `encounter_moves`): the campaign's system and dice, every step journaled and
saved at once, `solo undo` to take one back.  A running encounter lives in the
campaign, so it can be played a move at a time from separate commands:

    solo encounter --campaign road --foe goblin --foe goblin   # starts it, lists the moves
    solo encounter --campaign road --act 1                     # move 1 for whoever's turn it is
    solo encounter --campaign road --auto                      # or let the engine finish it
    solo encounter --campaign road --end retreat               # or break it off

On a terminal, without --act/--auto/--end, the numbered menu asks for moves
until the encounter is over (or `q` leaves it running for later).
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Any

from solo.campaign import Campaign, JournalEntry
from solo.campaign.actors import has_sheet, system_of
from solo.campaign.encounter_moves import encounter_view, running_state
from solo.commands import rules as rules_commands
from solo.commands.context import Context, UsageError
from solo.errors import SoloError
from solo.rules.engine import System

ENCOUNTER_ONLY_AT_START = ("kind", "initiative", "distance", "situation", "domain")


def _campaign(ctx: Context) -> tuple[Campaign, System]:
    campaign = ctx.campaign
    assert campaign is not None
    system = system_of(campaign, ctx.tables)
    given = ctx.args.system
    if given and given.strip().lower() != system.id:
        raise UsageError(f"campaign {campaign.name!r} plays {system.id}, not {given}; leave SYSTEM out"
                         " or name the campaign's")
    return campaign, system


def _emit(ctx: Context, entries: list[JournalEntry], extra: dict[str, Any] | None = None,
          text: str | None = None) -> int:
    campaign = ctx.campaign
    data = {"campaign": campaign.name if campaign else None, "entries": [e.to_dict() for e in entries],
            **(extra or {})}
    ctx.emit(data, text if text is not None else "\n".join(e.text for e in entries))
    return 0


# -- characters ---------------------------------------------------------------------------------

def _named_only(ctx: Context, campaign: Campaign) -> int:
    """A campaign with no rule system keeps its characters by name (for momentum and lists)."""
    args = ctx.args
    if not args.name:
        raise UsageError(f"{campaign.name!r} has no rule system, so its characters are names only:"
                         " give --name NAME (or choose a system first with"
                         f" `solo system {shlex.quote(campaign.slug)} SYSTEM`)")
    for flag, used in (("--random", args.random), ("--role", args.role), ("--out", args.out)):
        if used:
            raise UsageError(f"{flag} makes a rules sheet, and {campaign.name!r} has no rule system"
                             f" (choose one with `solo system {shlex.quote(campaign.slug)} SYSTEM`)")
    entries = ctx.perform("character_add", sheet={}, role="npc" if args.npc else "pc", name=args.name)
    return _emit(ctx, entries, {"character": campaign.characters[-1].to_dict()})


def character_new(ctx: Context) -> int:
    args = ctx.args
    campaign = ctx.campaign
    if campaign is not None and campaign.system is None and not args.system:
        return _named_only(ctx, campaign)
    campaign, system = _campaign(ctx)
    if args.random:
        entries = ctx.perform("rules.character_random", name=args.name, role=args.role, npc=args.npc)
    else:
        actor = rules_commands.guided_actor(system, args)
        entries = ctx.perform("character_add", sheet=actor.to_dict(), role="npc" if args.npc else "pc")
    added = campaign.characters[-1]
    actor = system.load_actor(added.sheet)
    text = "\n".join(e.text for e in entries) + "\n" + system.stat_block(actor)
    if args.out:
        rules_commands.write_actor(actor, args.out)
        text += f"\n(saved to {args.out})"
    return _emit(ctx, entries, {"character": added.to_dict()}, text)


# -- checks ---------------------------------------------------------------------------------------

def _the_pc(campaign: Campaign, system: System, given: str | None) -> str | int:
    if given:
        return given
    pcs = [c for c in campaign.pcs if has_sheet(c, system)]
    if len(pcs) == 1:
        return pcs[0].id
    if not pcs:
        raise SoloError(f"{campaign.name!r} has no player character with a {system.name} sheet yet: make"
                        f" one with `solo character new --campaign {shlex.quote(campaign.slug)} --random`")
    raise UsageError("which character? give --pc with one of: " + ", ".join(c.name for c in pcs))


def check(ctx: Context) -> int:
    args = ctx.args
    if args.update:
        raise UsageError("--update writes a character file; a campaign keeps its characters up to date")
    campaign, system = _campaign(ctx)
    options = rules_commands.check_flags(ctx, system)
    who = _the_pc(campaign, system, args.pc)
    entries = ctx.perform("rules.check", character=who, approach=args.approach,
                          difficulty=args.difficulty, **options)
    return _emit(ctx, entries)


# -- encounters -------------------------------------------------------------------------------------

def _foe_spec(spec: str) -> str | dict[str, Any]:
    """A file becomes its sheet; anything else is a campaign NPC or one of the system's, by name."""
    if spec.endswith(".json") or os.sep in spec or Path(spec).is_file():
        return rules_commands.load_json(spec)
    return spec


def _hint(campaign: Campaign) -> str:
    where = shlex.quote(campaign.slug)
    return (f"Continue with `solo encounter --campaign {where} --act N`, `--auto` to let the engine"
            f" finish it, or `--end retreat|surrender|truce|rout`.")


def view_text(view: dict[str, Any]) -> str:
    """Who stands how, and the numbered moves of the PC whose turn it is."""
    lines = [f"Round {view['round']}."]
    for member in view["party"] + view["foes"]:
        harm = ", ".join(f"{k} {v}" for k, v in member["harm"].items() if v)
        lines.append(f"  {member['label']} ({member['side']}): {member['status']}"
                     + (f"; taken {harm}" if harm else ""))
    if view["waiting"]:
        lines.append(f"{view['waiting']}'s move (the number, then the chance the roll succeeds):")
        groups = _grouped(view["actions"])
        width = min(56, max(len(key) for key in groups))
        for key, options in groups.items():
            cells = [f"{a['index'] + 1:>3} " + " ".join(
                str(x) for x in (a["action"].get("difficulty"), a["chance"]) if x) for a in options]
            picks = "".join(f"{cell:<17}" for cell in cells)
            lines.append(f"  {key:<{width}} {picks.rstrip()}")
    return "\n".join(lines)


def _grouped(actions: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Moves that differ only in difficulty, together under what they do."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for action in actions:
        label, move = action["label"], action["action"]
        key = label.rsplit(", ", 1)[0] if move.get("difficulty") and ", " in label else label
        groups.setdefault(key, []).append(action)
    return groups


def _choose(view: dict[str, Any]) -> int | None:
    """Ask at the terminal: what to do, then how hard; None to leave the encounter for later."""
    groups = _grouped(view["actions"])
    keys = list(groups)
    print(f"\n{view['waiting']}, what do you do? (q to stop here and carry on later)")
    for i, key in enumerate(keys, start=1):
        options = groups[key]
        chances = "/".join(a["chance"] for a in options if a["chance"])
        print(f"  {i:>2}. {key}" + (f" ({chances})" if chances else ""))
    while True:
        try:
            reply = input("> ").strip().lower()
        except EOFError:
            return None
        if reply in ("q", "quit"):
            return None
        if reply.isdigit() and 1 <= int(reply) <= len(keys):
            break
        print(f"  ! answer with a number from 1 to {len(keys)}, or q")
    options = groups[keys[int(reply) - 1]]
    if len(options) == 1:
        return int(options[0]["index"])
    names = [str(a["action"]["difficulty"]) for a in options]
    while True:
        try:
            pick = input(f"  how hard? ({'/'.join(names)}) > ").strip().lower()
        except EOFError:
            return None
        for name, action in zip(names, options, strict=True):
            if pick == name:
                return int(action["index"])
        print(f"  ! answer {', '.join(names)}")


def encounter(ctx: Context) -> int:
    args = ctx.args
    campaign, system = _campaign(ctx)
    given = [f"--{k.replace('_', '-')}" for k in ENCOUNTER_ONLY_AT_START if getattr(args, k, None)]
    entries: list[JournalEntry] = []
    if args.foe:
        if running_state(campaign) is not None:
            raise UsageError(f"an encounter is already running in {campaign.name!r}: play it out first."
                             f" {_hint(campaign)}")
        options = rules_commands._encounter_options(ctx)
        entries += ctx.perform("rules.encounter_start", pcs=args.pc or None,
                               foes=[_foe_spec(f) for f in args.foe], **options)
    elif running_state(campaign) is None:
        raise UsageError(f"no encounter is running in {campaign.name!r}: start one with --foe NAME"
                         " (and --pc NAME to pick the party)")
    elif args.pc or given:
        raise UsageError(f"{', '.join((['--pc'] if args.pc else []) + given)} set up a new encounter;"
                         " this one is already running")
    if sum(bool(x) for x in (args.auto, args.end, args.act)) > 1:
        raise UsageError("give one of --act, --auto and --end")
    interactive = not (args.auto or args.end or args.act) and sys.stdin.isatty() and not ctx.json
    if args.end:
        entries += ctx.perform("rules.encounter_end", outcome=args.end)
    elif args.auto:
        entries += ctx.perform("rules.encounter_auto")
    for number in args.act or ():
        view = encounter_view(campaign, ctx.tables)
        if view is None:
            raise UsageError(f"the encounter is over; move {number} was not made")
        if not 1 <= number <= len(view["actions"]):
            raise UsageError(f"{view['waiting']} has moves 1 to {len(view['actions'])}, not {number}")
        entries += ctx.perform("rules.encounter_act", actor=view["waiting"], action=number - 1)
    if interactive:
        return _play_at_terminal(ctx, campaign, entries)
    view = encounter_view(campaign, ctx.tables)
    text = "\n".join(e.text for e in entries)
    if view is not None:
        text = "\n".join(x for x in (text, view_text(view), _hint(campaign)) if x)
    last = campaign.module_state("rules").get("last_encounter") if view is None else None
    return _emit(ctx, entries, {"encounter": view, "result": last}, text)


def _play_at_terminal(ctx: Context, campaign: Campaign, entries: list[JournalEntry]) -> int:
    if entries:
        print("\n".join(e.text for e in entries), file=ctx.out)
    while (view := encounter_view(campaign, ctx.tables)) is not None:
        print(view_text(view).split("\n" + f"{view['waiting']}'s move")[0], file=ctx.out)
        index = _choose(view)
        if index is None:
            print(_hint(campaign), file=ctx.out)
            return 0
        for entry in ctx.perform("rules.encounter_act", actor=view["waiting"], action=index):
            print(entry.text, file=ctx.out)
    return 0
