"""`solo character new|check|encounter ... --campaign NAME`: the rules commands played in a campaign.

Each is a thin layer over the campaign's rules actions (`solo.campaign.rules_moves`
and `encounter_moves`): the campaign's system and dice, every step journaled and
saved at once, `solo undo` to take one back.  A running encounter lives in the
campaign, so it can be played a move at a time from separate commands:

    solo encounter --campaign road --foe goblin --foe goblin   # starts it, lists the moves
    solo encounter --campaign road --act 1                     # move 1: lists its targets, with odds
    solo encounter --campaign road --act 1/2/medium            # move 1 at target 2, medium: made
    solo encounter --campaign road --auto                      # or let the engine finish it
    solo encounter --campaign road --end retreat               # or break it off

On a terminal, without --act/--auto/--end, the numbered menu asks for moves
until the encounter is over (or `q` leaves it running for later).
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solo.campaign import Campaign, JournalEntry
from solo.campaign.actors import has_sheet, system_of
from solo.campaign.encounter_moves import encounter_view, running_state
from solo.commands import rules as rules_commands
from solo.commands.context import Context, UsageError
from solo.errors import SoloError
from solo.rules.engine import System


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


def view_text(view: dict[str, Any], step: Step | None = None) -> str:
    """Who stands how, then one step of the choice for the PC whose turn it is (at first: the moves)."""
    lines = [f"Round {view['round']}."]
    for member in view["party"] + view["foes"]:
        harm = ", ".join(f"{k} {v}" for k, v in member["harm"].items() if v)
        lines.append(f"  {member['label']} ({member['side']}): {member['status']}"
                     + (f" · {member['state']}" if member.get("state") else "")
                     + (f"; taken {harm}" if harm else ""))
    for section in view.get("board") or []:  # the fight's shared state, as the system draws it
        lines.append(str(section["title"]))
        lines += [f"  {line}" for line in section["lines"]]
    if view["waiting"]:
        step = step or walk(view, [])[1]
        if step is not None:
            lines.append(f"{view['waiting']}'s move (each with the chance its roll succeeds):")
            lines.append(step_text(step))
    return "\n".join(lines)


@dataclass
class Step:
    """One question of the choice: its prompt, the answers (value, line) and the --act spec so far."""

    prompt: str
    rows: list[tuple[str, str]]
    spec: list[str]
    first: bool = False
    open: bool = False  # an answer may also be typed (such as a cast's dice), not only picked


def step_text(step: Step) -> str:
    done = "/".join(step.spec)
    lines = [f"  {step.prompt} (--act {done + '/' if done else ''}N)"]
    lines += [f"  {i:>3}. {line}" for i, (_, line) in enumerate(step.rows, start=1)]
    if step.open:
        lines.append("  ... or type your own (--act " + (done + "/" if done else "") + "VALUE)")
    return "\n".join(lines)


#: an answer: the index of a row, a typed value (an open step), or None to stop
Asker = Callable[[Step], "int | str | None"]
#: the move settled: the index of a listed action, or an action mapping carrying a typed value
Chosen = int | dict[str, Any]


def walk(view: dict[str, Any], picks: list[str]) -> tuple[Chosen | None, Step | None]:
    """Follow `picks` (a number from 1 or a value, one per step) through move, target and parameters.

    Returns the index of the action in ``view["actions"]`` once every step is answered, else
    None and the step still to answer.  A pick that fits no answer is a UsageError naming it.
    """
    left = list(picks)

    def ask(step: Step) -> int | str | None:
        if not left:
            return None
        reply = left.pop(0)
        pick = _match(reply, step.rows)
        if pick is None and step.open:
            step.spec.append(reply.strip())
            return reply.strip()
        if pick is None:
            raise UsageError(f"--act {'/'.join(step.spec + [reply])}: {reply!r} is not one of the"
                             f" {len(step.rows)} answers to {step.prompt!r}"
                             f" ({', '.join(v for v, _ in step.rows)})")
        step.spec.append(str(pick + 1))
        return pick

    pending: list[Step] = []

    def asker(step: Step) -> int | str | None:
        pick = ask(step)
        if pick is None:
            pending.append(step)
        return pick

    index = _choose(view, asker, [])
    if left:
        raise UsageError(f"--act {'/'.join(picks)}: the move was settled before {'/'.join(left)!r}")
    return index, (pending[0] if pending else None)


def _match(reply: str, rows: list[tuple[str, str]]) -> int | None:
    """A reply as a row: its number from 1, or its value (case, hyphens and underscores aside)."""
    text = _plain(reply)
    if text.isdigit() and 1 <= int(text) <= len(rows):
        return int(text) - 1
    return next((i for i, (value, _) in enumerate(rows) if text == _plain(value)), None)


def _plain(text: str) -> str:
    return " ".join(text.replace("-", " ").replace("_", " ").lower().split())


def _ask(step: Step) -> int | str | None:
    """One step at the terminal: a short numbered list; the index picked (or, on an open step, the
    value typed), None for q (or no more input)."""
    print(f"\n{step.prompt} (q to stop here and carry on later)" if step.first else f"  {step.prompt}")
    for i, (_, line) in enumerate(step.rows, start=1):
        print(f"  {i:>2}. {line}")
    while True:
        try:
            reply = input("> ").strip().lower()
        except EOFError:
            return None
        if reply in ("q", "quit"):
            return None
        pick = _match(reply, step.rows)
        if pick is not None:
            return pick
        if step.open and reply:
            return reply
        print(f"  ! answer with a number from 1 to {len(step.rows)}, or q")


def _chance(row: dict[str, Any]) -> str:
    return f"  {row['chance']}" if row["chance"] else ""


def _choose(view: dict[str, Any], ask: Asker, spec: list[str], first: str = "what do you do?"
            ) -> Chosen | None:
    """Ask in steps: the move, then whom, then how hard, each with its chance (steps with one answer
    are skipped).  The index of the action chosen in ``view["actions"]``; None when `ask` gives none.
    """
    rows = view["actions"]
    moves = view["moves"]
    firsts = [next(r for r in rows if r["move"] == m["move"] and r["typical"]) for m in moves]
    lines = [(m["label"], m["label"] + (f" {m['targets'][0]}" if len(m["targets"]) == 1 else "") + _chance(r))
             for m, r in zip(moves, firsts, strict=True)]
    pick = ask(Step(f"{view['waiting']}, {first}", lines, spec, True))
    if not isinstance(pick, int):
        return None
    move = moves[pick]
    rows = [r for r in rows if r["move"] == move["move"]]
    default = move["default"]

    def typical(fits: list[dict[str, Any]], *skip: str) -> dict[str, Any]:
        return next((r for r in fits if all(r["params"].get(k) == v for k, v in default.items()
                                            if k not in skip)), fits[0])

    if len(move["targets"]) > 1:
        at = [typical([r for r in rows if r["target"] == t]) for t in move["targets"]]
        whom = [(t, t + _chance(r)) for t, r in zip(move["targets"], at, strict=True)]
        pick = ask(Step("whom?", whom, spec))
        if not isinstance(pick, int):
            return None
        rows = [r for r in rows if r["target"] == move["targets"][pick]]
    for param in move["params"]:
        name, values = param["name"], param["values"]
        at = [typical([r for r in rows if r["params"].get(name) == v], name) for v in values]
        pick = ask(Step("how hard?" if name == "difficulty" else f"{name}?",
                        [(str(v), str(v) + _chance(r)) for v, r in zip(values, at, strict=True)], spec,
                        open=bool(param.get("open"))))
        if isinstance(pick, str):  # a typed value: the typical action so far, with it
            action = dict(typical(rows, name)["action"])
            action["options"] = {**(action.get("options") or {}), name: pick}
            return action
        if pick is None:
            return None
        rows = [r for r in rows if r["params"].get(name) == values[pick]]
    return int(rows[0]["index"])


def encounter(ctx: Context) -> int:
    args = ctx.args
    campaign, system = _campaign(ctx)
    given = list(dict.fromkeys(o.flag for _, o in rules_commands.declared("encounter_options")
                               if getattr(args, "system_" + o.name, None) is not None))
    entries: list[JournalEntry] = []
    if args.foe:
        if running_state(campaign) is not None:
            raise UsageError(f"an encounter is already running in {campaign.name!r}: play it out first."
                             f" {_hint(campaign)}")
        options = rules_commands._encounter_options(ctx, system)
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
    step: Step | None = None
    for n, spec in enumerate(args.act or ()):
        view = encounter_view(campaign, ctx.tables)
        if view is None:
            raise UsageError(f"the encounter is over; --act {spec} was not made")
        index, step = _act(view, spec)
        if index is None:
            if n + 1 < len(args.act):
                raise UsageError(f"--act {spec or '(no value)'} does not settle a move yet, so the --act"
                                 " after it cannot follow")
            break
        entries += ctx.perform("rules.encounter_act", actor=view["waiting"], action=index)
    if interactive:
        return _play_at_terminal(ctx, campaign, entries)
    view = encounter_view(campaign, ctx.tables)
    text = "\n".join(e.text for e in entries)
    if view is not None:
        text = "\n".join(x for x in (text, view_text(view, step), _hint(campaign)) if x)
    last = campaign.module_state("rules").get("last_encounter") if view is None else None
    extra: dict[str, Any] = {"encounter": view, "result": last}
    if step is not None:
        extra["step"] = {"prompt": step.prompt, "act": "/".join(step.spec),
                         "answers": [{"value": v, "line": line} for v, line in step.rows]}
    return _emit(ctx, entries, extra, text)


def _act(view: dict[str, Any], spec: str) -> tuple[Chosen | None, Step | None]:
    """An --act value: steps ("2/1/tough": move 2, its first target, tough) or "#N", the Nth action
    of ``actions`` in the --json view; None and the step still to answer when it stops short."""
    if view["waiting"] is None:  # pragma: no cover - a running encounter always waits for a PC
        raise UsageError("no player character is to move now")
    text = spec.strip()
    if text.startswith("#"):
        number = text[1:]
        if not number.isdigit() or not 1 <= int(number) <= len(view["actions"]):
            raise UsageError(f"--act {spec}: {view['waiting']} has actions #1 to #{len(view['actions'])}")
        return int(number) - 1, None
    return walk(view, [part for part in text.split("/") if part.strip()])


def _play_at_terminal(ctx: Context, campaign: Campaign, entries: list[JournalEntry]) -> int:
    if entries:
        print("\n".join(e.text for e in entries), file=ctx.out)
    while (view := encounter_view(campaign, ctx.tables)) is not None:
        print(view_text(view).split("\n" + f"{view['waiting']}'s move")[0], file=ctx.out)
        index = _choose(view, _ask, [], "what do you do?")
        if index is None:
            print(_hint(campaign), file=ctx.out)
            return 0
        for entry in ctx.perform("rules.encounter_act", actor=view["waiting"], action=index):
            print(entry.text, file=ctx.out)
    return 0
