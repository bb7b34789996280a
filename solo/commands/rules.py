"""Rules commands: `solo odds SYSTEM`, `solo character`, `solo check`, `solo encounter`, `solo forecast`.

`solo odds` belongs to the dice commands; this module adds the system
options to that same parser and routes `solo odds SYSTEM ...` here, so
`solo odds 2d6 --at-least 7` is untouched.

Characters travel as JSON files holding `actor.to_dict()`: `character new
--out FILE` writes one, `--pc FILE` reads it, and `--update` writes back
what an encounter or check did to it.  A campaign stores the same dict.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from argparse import Namespace
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from solo.campaign.encounter_moves import OUTCOMES
from solo.commands import dice as dice_commands
from solo.commands.context import Context, UsageError, add_campaign_option
from solo.commands.grammar import count_option
from solo.dice import percent
from solo.errors import SoloError
from solo.files import write_text
from solo.rules import registry
from solo.rules.engine import Action, Actor, Encounter, Odds, OddsChart, Question, System
from solo.rules.forecast import FOES, PARTY, forecast
from solo.rules.options import Option, OptionError, parse_options

MAX_FORECAST = 200_000


# Examples under `--help` and the global options each command takes (solo.commands.grammar).
FIRST = registry.ids()[0]  # the system the examples play: the first registered, named by no line here
EXAMPLES: dict[str, tuple[str, ...]] = {
    "character": (f"solo character new {FIRST} --random --seed 5",),
    "character new": (f"solo character new {FIRST} --random --seed 5 --out ilse.json",
                      "solo character new -c the-salt-road --random"),
    "character list": ("solo character list -c the-salt-road",),
    "character show": ("solo character show ilse.json",),
    "character npc": (f"solo character npc {FIRST}", f"solo character npc {FIRST} goblin"),
    "check": (f"solo check {FIRST} --pc random --approach wits --seed 3",
              "solo check -c the-salt-road --approach force --difficulty hard"),
    "encounter": (f"solo encounter {FIRST} --pc random --foe goblin --auto --seed 8",
                  "solo encounter -c the-salt-road --foe goblin"),
    "forecast": (f"solo forecast {FIRST} --pc random --foe goblin -n 500 --seed 1",),
}
GLOBALS: dict[str, tuple[str, ...]] = {
    "character show": ("json", "tables"),
    "character npc": ("json", "tables"),
    "character list": ("json", "saves"),
}


def register(sub: Any, common: Any) -> None:
    _extend_odds(sub)
    systems = ", ".join(registry.ids())

    p = sub.add_parser(
        "character",
        parents=[common],
        help="make, show and list characters",
        description="Make characters for a rules system, show saved ones, list named NPCs.",
    )
    csub = p.add_subparsers(dest="character_command", metavar="ACTION", parser_class=type(p))
    q = csub.add_parser(
        "new",
        parents=[common],
        help="make a new player character",
        description="Guided creation asks questions at a terminal; --random needs no input.",
    )
    q.add_argument("system", metavar="SYSTEM", nargs="?",
                   help=f"rules system: {systems} (with --campaign: the campaign's, may be left out)")
    q.add_argument("--random", action="store_true", help="roll the whole character")
    q.add_argument("--name", help="the character's name")
    q.add_argument("--role", help="a concept/role from the system's data (random creation)")
    q.add_argument("--out", metavar="FILE", help="also save the character as JSON to FILE")
    q.add_argument("--npc", action="store_true", help="with --campaign: add it as an NPC, not a PC")
    add_campaign_option(q)
    q.set_defaults(handler=cmd_character_new)
    q = csub.add_parser("show", parents=[common], help="show a saved character's sheet")
    q.add_argument("file", metavar="FILE", help="a character JSON file")
    q.set_defaults(handler=cmd_character_show)
    q = csub.add_parser("npc", parents=[common], help="list a system's named NPCs, or show one")
    q.add_argument("system", metavar="SYSTEM", help=f"rules system: {systems}")
    q.add_argument("name", nargs="?", help="an NPC's id (leave out to list them)")
    q.set_defaults(handler=cmd_character_npc)
    q = csub.add_parser("list", parents=[common], help="list a campaign's characters",
                        description="The player characters and NPCs of a campaign: id, name, role and"
                        " the few words of concept their sheet carries.")
    q.add_argument("-c", "--campaign", metavar="NAME", required=True, help="the campaign (name or slug)")
    q.set_defaults(handler=cmd_character_list)
    p.set_defaults(handler=_needs_action(p))

    p = sub.add_parser(
        "check",
        parents=[common],
        help="roll a neutral check for a character",
        description="A check in the shared vocabulary: an approach at easy, medium or hard.",
    )
    p.add_argument("system", metavar="SYSTEM", nargs="?",
                   help=f"rules system: {systems} (with --campaign: the campaign's, may be left out)")
    p.add_argument("--pc", metavar="FILE|random|NAME",
                   help="the character: a file, random, or with --campaign a PC's name"
                   " (default: the only PC)")
    p.add_argument("--approach", help="force, finesse, wits, presence, lore, stealth, survival or craft")
    p.add_argument("--difficulty", default="medium", help="easy, medium, hard (or the system's own)")
    p.add_argument("--update", action="store_true", help="write the character back to FILE afterwards")
    add_system_flags(p, "check_options", "check")
    add_campaign_option(p)
    p.set_defaults(handler=cmd_check)

    for name, helptext in (
        ("encounter", "run an encounter, the engine playing the foes (or everyone)"),
        ("forecast", "play an encounter many times: how dangerous is it?"),
    ):
        p = sub.add_parser(
            name,
            parents=[common],
            help=helptext,
            description=helptext[0].upper()
            + helptext[1:]
            + ". Foes are named NPCs from the system's data or character files.",
        )
        in_campaign = name == "encounter"
        p.add_argument(
            "system",
            metavar="SYSTEM",
            nargs="?",
            help=f"rules system: {systems} (with --campaign: the campaign's, may be left out)",
        )
        p.add_argument(
            "--pc",
            action="append",
            metavar="FILE|random|NAME",
            help="a player character (repeatable); with --campaign a PC's name (default: every PC with"
            " a sheet who is in a state to fight)",
        )
        p.add_argument(
            "--foe",
            action="append",
            metavar="NAME|FILE",
            help="a foe: an NPC id (see `solo character npc SYSTEM`) or a file (repeatable)"
            + ("; with --campaign also one of the campaign's NPCs" if in_campaign else ""),
        )
        add_system_flags(p, "encounter_options", "encounter")
        p.add_argument("--max-rounds", type=int, default=50, metavar="N", help="stop after N rounds (a draw)")
        if name == "encounter":
            p.add_argument("--auto", action="store_true", help="the engine plays the party too")
            p.add_argument(
                "--update", action="store_true", help="write the characters back to their files afterwards"
            )
            p.add_argument(
                "--act",
                action="append",
                nargs="?",
                const="",
                metavar="N[/N...]",
                help="with --campaign: the move of the PC whose turn it is, in steps: alone it lists the"
                " moves, N picks move N and lists its targets, N/N/... its target and how hard (a number"
                " or a value: 1/goblin-1/tough); it is made once every step is answered. #N makes"
                " action N of the --json view's actions (repeatable)",
            )
            p.add_argument(
                "--end",
                choices=tuple(OUTCOMES),
                metavar="OUTCOME",
                help="with --campaign: break the running encounter off (" + ", ".join(OUTCOMES) + ")",
            )
            add_campaign_option(p)
            p.set_defaults(handler=cmd_encounter)
        else:
            count_option(p, 10_000, "fights to play", old="--runs")
            p.add_argument("-c", "--campaign", metavar="NAME",
                           help="fight with this campaign's system and party (its PCs in a state to fight,"
                           " or those named with --pc); the campaign itself does not change")
            p.set_defaults(handler=cmd_forecast)


def _needs_action(parser: Any) -> Any:
    def handler(ctx: Context) -> int:
        raise UsageError("say what to do: solo character new|list|show|npc (see `solo character --help`)")

    return handler


# -- odds ---------------------------------------------------------------------------------------


def _extend_odds(sub: Any) -> None:
    odds = sub.choices.get("odds")
    if odds is None:  # pragma: no cover - the dice commands are registered first
        return
    odds.description = (odds.description or "") + (
        " Or, with a rules system first (solo odds SYSTEM and that system's flags below; no flags: its"
        " chart of common checks), the exact odds of that system's check."
    )
    odds.epilog = (odds.epilog or "").replace("examples:\n", f"examples:\n  solo odds {FIRST}\n", 1)
    add_system_flags(odds, "odds_options", "odds", "rules system checks (solo odds SYSTEM ...)")
    odds.set_defaults(handler=cmd_odds)


def declared(what: str) -> list[tuple[str, Option]]:
    """(system name, option) for every registered system's `what` (check_options, odds_options...)."""
    out: list[tuple[str, Option]] = []
    for key in registry.ids():
        cls = registry.system_class(key)
        options = cls.encounter_class.declared_options if what == "encounter_options" else getattr(cls, what)
        out += [(cls.name, option) for option in options]
    return out


def _dest(option: Option) -> str:
    return "system_" + option.name


def add_system_flags(parser: Any, what: str, noun: str, title: str | None = None) -> None:
    """Flags for every option the registered systems declare for `what`, grouped by who declares them.

    A flag two systems share is added once; its value is parsed by the
    system named on the command line (`system_options`).
    """
    by_flag: dict[str, list[tuple[str, Option]]] = {}
    for system, option in declared(what):
        by_flag.setdefault(option.flag, []).append((system, option))
    groups: dict[str, Any] = {}
    for flag, owners in by_flag.items():
        systems = list(dict.fromkeys(system for system, _ in owners))
        heading = title or f"{' and '.join(systems)} {noun} options"
        group = groups.get(heading) or groups.setdefault(heading, parser.add_argument_group(heading))
        helps = list(dict.fromkeys(o.help for _, o in owners))
        text = helps[0] if len(helps) == 1 else "; ".join(f"{s}: {o.help}" for s, o in owners)
        if title and len(helps) == 1:  # one heading for every system: say whose flag it is
            text = f"{' and '.join(systems)}: {text}"
        kinds = {o.kind for _, o in owners}
        first = owners[0][1]
        extra: dict[str, Any] = {"dest": _dest(first), "help": text}
        if kinds == {"flag"}:
            extra["action"] = argparse.BooleanOptionalAction
        elif kinds == {"list"}:
            extra |= {"action": "append", "metavar": "NAME"}
        elif kinds == {"choice"} and len({o.choices for _, o in owners}) == 1:
            extra |= {"choices": first.choices, "type": str.lower}
        elif kinds == {"int"}:
            extra |= {"type": int, "metavar": "N"}
        else:
            extra["metavar"] = first.name.split("_")[-1].upper()
        group.add_argument(flag, **extra)


def system_options(args: Namespace, system: System, what: str, noun: str) -> dict[str, Any]:
    """The options of `what` given on the command line, checked and typed for `system`.

    A flag that only another system declares is refused, naming the ones this system takes.
    """
    flags = {o.name: o.flag for _, o in declared(what)}
    given = {name: getattr(args, "system_" + name) for name in flags
             if getattr(args, "system_" + name, None) is not None}
    mine = system.encounter_options if what == "encounter_options" else getattr(system, what)
    names = [o.name for o in mine]
    wrong = [flags[name] for name in given if name not in names]
    if wrong:
        takes = ", ".join(o.flag for o in mine) or "none"
        raise UsageError(f"{', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not for {system.name}"
                         f" {noun}; they take {takes}")
    try:
        return parse_options(mine, given)
    except OptionError as exc:
        raise UsageError(str(exc)) from None


def cmd_odds(ctx: Context) -> int:
    words = ctx.args.expression
    flags = {o.flag: _dest(o) for _, o in declared("odds_options")}
    given = [flag for flag, dest in flags.items() if getattr(ctx.args, dest, None) is not None]
    if words[0].lower() not in registry.ids():
        if given:
            named = ", ".join(given)
            raise UsageError(
                f"{named} {'is' if len(given) == 1 else 'are'} for rules-system odds,"
                f" `solo odds SYSTEM {named}`; {' '.join(words)!r} is not a system"
                f" ({', '.join(registry.ids())})"
            )
        return dice_commands.cmd_odds(ctx)
    if len(words) > 1:
        raise UsageError(f"after the system name give options, not {' '.join(words[1:])!r}")
    if ctx.args.at_least is not None or ctx.args.at_most is not None:
        raise UsageError("--at-least and --at-most are for dice notation, not rules systems")
    system = registry.get(words[0], ctx.tables)
    if not given:
        chart = system.odds_chart()
        ctx.emit(chart.to_dict(), _render_chart(chart))
        return 0
    chosen = system_options(ctx.args, system, "odds_options", "odds")
    odds = system.odds_for(**chosen)
    ctx.emit(odds.to_dict(), _render_odds(system, odds))
    return 0


def _render_odds(system: System, odds: Odds) -> str:
    d = odds.detail
    head = system.odds_headline(odds)
    lines = [head]
    for degree, p in odds.degrees.items():
        if p or degree in ("fail", "success"):
            lines.append(f"  {degree:<8} {_share(p, 2):>8}  {p}")
    for band, value in (d.get("bands") or {}).items():
        exact = _fraction(value["exact"])
        lines.append(f"    {band:<18} {_share(exact, 2):>8}  {exact}")
    return "\n".join(lines)


def _share(p: Fraction, places: int) -> str:
    """`percent`, except that a chance too small to show is '<0.01%', never '0%' (and '>99.99%' short
    of certain): 1/23040 is not impossible."""
    step = f"{10 ** -places:.{places}f}"
    if 0 < p < Fraction(1, 10 ** places * 100) / 2:
        return f"<{step}%"
    if 1 - Fraction(1, 10 ** places * 100) / 2 <= p < 1:
        return f">{100 - float(step):.{places}f}%"
    return percent(p, places)


def _whole_percent(p: Fraction) -> str:
    """Rounded half up, as design notes print their tables of odds (87.5% is 88%)."""
    return f"{math.floor(p * 100 + Fraction(1, 2))}%"


def _render_chart(chart: OddsChart) -> str:
    """One row per rating or pool: the whole percentage and the exact fraction at each difficulty."""
    if chart.parts:  # several chances a cell: one decimal each, the exact fractions in --json
        cells = [[" / ".join(_share(p, 1) for _, p in chart.cell(o)) for o in row]
                 for _, _, row in chart.rows]
    else:
        cells = [[f"{_whole_percent(o.success)} ({o.success})" for o in row] for _, _, row in chart.rows]
    width = max(len(c) for row in cells for c in row) + 2
    notes = max(len(note) for _, note, _ in chart.rows) + 2
    head = f"{chart.row_name:<8}{'':<{notes}}" + "".join(f"{c:<{width}}" for c in chart.columns)
    lines = [chart.title, "", f"{'':<8}{'':<{notes}}{chart.column_name}", head.rstrip()]
    for (value, note, _), row in zip(chart.rows, cells, strict=True):
        lines.append((f"{value!s:<8}{note:<{notes}}" + "".join(f"{c:<{width}}" for c in row)).rstrip())
    lines += ["", "Exact odds; for one check give its options (solo odds SYSTEM --help)."]
    return "\n".join(lines)


def _fraction(text: str) -> Any:
    from fractions import Fraction

    return Fraction(text)


# -- characters ------------------------------------------------------------------------------------


def _system(ctx: Context) -> System:
    if not ctx.args.system:
        raise UsageError(f"say which rules system ({', '.join(registry.ids())}), or play in a campaign"
                         " with --campaign NAME")
    return registry.get(ctx.args.system, ctx.tables)


def load_json(path: str) -> Any:
    """A character file's JSON, with a clear error for a missing or broken file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SoloError(f"cannot read character file {path}: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SoloError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg})") from None


def read_actor(system: System, path: str) -> Actor:
    data = load_json(path)
    try:
        return system.load_actor(data)
    except SoloError as exc:
        raise SoloError(f"{path}: {exc}") from None


def write_actor(actor: Actor, path: str) -> None:
    """A character file, written so a crash or a full disk never leaves half of one."""
    write_text(path, json.dumps(actor.to_dict(), indent=2, ensure_ascii=False) + "\n")


def _ask_terminal(q: Question) -> str:
    print(f"\n{q.prompt}")
    if q.help:
        print(f"  ({q.help})")
    for i, (key, text) in enumerate(q.choices, start=1):
        print(f"  {i:>2}. {key}: {text}" if text else f"  {i:>2}. {key}")
    hint = f" [{q.default}]" if q.default else ""
    reply = input(f"> {hint} ").strip() if hint else input("> ").strip()
    return numbered_reply(q, reply)


def numbered_reply(q: Question, reply: str) -> str:
    """A reply with each listed number (`6, 2` where several are picked) turned into its choice."""
    if not q.choices:
        return reply
    parts = [p.strip() for p in reply.split(",")] if q.picks > 1 else [reply]
    named = [q.choices[int(p) - 1][0] if p.isdigit() and 1 <= int(p) <= len(q.choices) else p
             for p in parts]
    return ", ".join(named)


def guided_actor(system: System, args: Any) -> Actor:
    """Guided creation at the terminal: the system's questions, answered one by one."""
    if not sys.stdin.isatty():
        raise UsageError("guided creation asks questions at a terminal; use --random to roll a character")
    if args.role:
        raise UsageError("--role is for --random; guided creation asks for it")
    try:
        return system.creation(name=args.name).run(_ask_terminal, lambda m: print(f"  ! {m}"))
    except EOFError:
        raise SoloError("creation stopped: no more answers") from None


def cmd_character_new(ctx: Context) -> int:
    if ctx.args.campaign:
        from solo.commands import rules_campaign

        return rules_campaign.character_new(ctx)
    if ctx.args.npc:
        raise UsageError("--npc adds the character to a campaign as an NPC; give --campaign NAME too")
    system = _system(ctx)
    args = ctx.args
    if args.random:
        actor = system.random_character(ctx.rng, name=args.name, role=args.role)
    else:
        actor = guided_actor(system, args)
    if args.out:
        write_actor(actor, args.out)
    text = system.stat_block(actor)
    if args.out:
        text += f"\n(saved to {args.out})"
    ctx.emit(actor.to_dict(), text)
    return 0


def cmd_character_show(ctx: Context) -> int:
    try:
        data = json.loads(Path(ctx.args.file).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SoloError(f"cannot read character file {ctx.args.file}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise SoloError(f"{ctx.args.file} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict) or "system" not in data:
        raise SoloError(f"{ctx.args.file} does not say which rules system it belongs to")
    system = registry.get(str(data["system"]), ctx.tables)
    actor = read_actor(system, ctx.args.file)
    ctx.emit(actor.to_dict(), system.stat_block(actor))
    return 0


def cmd_character_list(ctx: Context) -> int:
    campaign = ctx.store.load(ctx.args.campaign)
    items: list[dict[str, Any]] = []
    lines = []
    for c in campaign.characters:
        concept = c.sheet.get("concept") or c.sheet.get("role") or c.sheet.get("notes")
        concept = concept if isinstance(concept, str) and concept else None
        items.append({"id": c.id, "name": c.name, "role": c.role, "concept": concept})
        lines.append(f"{c.id:>3}  {c.role.upper():<3}  {c.name}" + (f", {concept}" if concept else ""))
    lines = lines or [f"{campaign.name!r} has no characters yet: `solo character new -c"
                                 f" {campaign.slug} --random` makes one."]
    ctx.emit({"campaign": campaign.name, "items": items}, "\n".join(lines))
    return 0


def cmd_character_npc(ctx: Context) -> int:
    system = _system(ctx)
    if ctx.args.name:
        npc = system.npc(ctx.args.name)
        ctx.emit(npc.to_dict(), system.stat_block(npc))
        return 0
    names = system.npc_names()
    lines = [f"{system.name} NPCs (use with --foe):"]
    for name in names:
        npc = system.npc(name)
        lines.append(f"  {name:<20} {npc.name}")
    ctx.emit({"system": system.id, "items": names}, "\n".join(lines))
    return 0


def _pc(ctx: Context, system: System, spec: str) -> Actor:
    if spec == "random":
        return system.random_character(ctx.rng)
    return read_actor(system, spec)


def _foe(ctx: Context, system: System, spec: str) -> Actor:
    if spec.endswith(".json") or os.sep in spec or Path(spec).is_file():
        return read_actor(system, spec)
    return system.npc(spec)


def check_flags(ctx: Context, system: System) -> dict[str, Any]:
    """The system's own check options given on the command line; a flag it does not know is an error."""
    return system_options(ctx.args, system, "check_options", "checks")


def cmd_check(ctx: Context) -> int:
    args = ctx.args
    if not args.approach and not getattr(args, "system_skill", None):
        raise UsageError("give --approach or --skill")
    if args.campaign:
        from solo.commands import rules_campaign

        return rules_campaign.check(ctx)
    if not args.pc:
        raise UsageError("give --pc FILE (or random), or play in a campaign with --campaign NAME")
    system = _system(ctx)
    options = check_flags(ctx, system)
    actor = _pc(ctx, system, args.pc)
    helpers = [(path, read_actor(system, path)) for path in options.get("assistants", ())]
    if helpers:
        options["assistants"] = [a for _, a in helpers]
    if args.update and args.pc == "random":
        raise UsageError("--update needs --pc FILE")
    result = system.check(actor, args.approach, args.difficulty, ctx.rng, **options)
    if args.update:
        write_actor(actor, args.pc)
        for path, helper in helpers:
            write_actor(helper, path)
    ctx.emit(result.to_dict(), "\n".join(e.text for e in result.events))
    return 0


# -- encounters -----------------------------------------------------------------------------------


def _encounter_options(ctx: Context, system: System) -> dict[str, Any]:
    options = system_options(ctx.args, system, "encounter_options", "encounters")
    rounds = ctx.args.max_rounds
    if not 1 <= rounds <= 1000:
        raise UsageError(f"--max-rounds must be 1-1000, not {rounds}")
    options["max_rounds"] = rounds
    return options


def _sides(ctx: Context, system: System) -> tuple[list[Actor], list[Actor]]:
    party = [_pc(ctx, system, spec) for spec in ctx.args.pc]
    foes = [_foe(ctx, system, spec) for spec in ctx.args.foe]
    return party, foes


def cmd_encounter(ctx: Context) -> int:
    args = ctx.args
    if args.campaign:
        from solo.commands import rules_campaign

        return rules_campaign.encounter(ctx)
    if args.act or args.end:
        raise UsageError("--act and --end play an encounter kept in a campaign; give --campaign NAME")
    if not args.pc or not args.foe:
        raise UsageError("an encounter needs --pc and --foe (or a campaign's running one: --campaign NAME)")
    system = _system(ctx)
    party, foes = _sides(ctx, system)
    interactive = not args.auto
    if interactive and not sys.stdin.isatty():
        raise UsageError(
            "without --auto the encounter asks for your moves at a terminal; add --auto to let"
            " the engine play both sides"
        )
    encounter = Encounter(system, {PARTY: party, FOES: foes}, ctx.rng, **_encounter_options(ctx, system))
    lines: list[str] = []
    shown = 0
    last_round = 0

    def show() -> None:
        nonlocal shown
        for event in encounter.log[shown:]:
            lines.append(event.text)
            if interactive and not ctx.json:
                print(event.text)
        shown = len(encounter.log)

    def each_turn(enc: Encounter, actor: Actor) -> bool:
        nonlocal last_round
        show()
        if enc.round != last_round:
            last_round = enc.round
            header = f"-- round {last_round} --"
            lines.append(header)
            if interactive and not ctx.json:
                print(header)
        return False

    def choose(enc: Encounter, actor: Actor) -> Action | None:
        return _choose(enc, actor) if interactive and enc.side_of(actor) == PARTY else None

    encounter.run(until=each_turn, choose=choose)
    show()
    if args.update:
        for spec, actor in zip(args.pc, party, strict=True):
            if spec != "random":
                write_actor(actor, spec)
    data = {
        **encounter.summary(),
        "events": [e.to_dict() for e in encounter.log],
        "party": [a.to_dict() for a in party],
    }
    if ctx.json:
        ctx.emit(data)
    elif not interactive:
        winner = encounter.winner
        lines.append(
            f"Result: {'the party wins' if winner == PARTY else 'the foes win' if winner else 'a draw'}"
            f" after {encounter.rounds_played} round(s)."
        )
        ctx.emit(None, "\n".join(lines))
    else:
        winner = encounter.winner
        print(f"Result: {'the party wins' if winner == PARTY else 'the foes win' if winner else 'a draw'}.")
    return 0


def _chance(encounter: Encounter, action: Action) -> str:
    odds = encounter.action_odds(action)
    return f"  {percent(odds.success)}" if odds is not None else ""


def _pick(prompt: str, rows: list[tuple[str, str]], typed: Callable[[str], bool] | None = None) -> int:
    """Ask for one of `rows` (value, line) by number or by value; the index picked.  With `typed` an
    answer that is neither may be typed: -1 once `typed` takes it (it says what was wrong if not)."""
    print(prompt)
    for i, (_, line) in enumerate(rows, start=1):
        print(f"  {i:>2}. {line}")
    if typed is not None:
        print("  ... or type your own")
    while True:
        try:
            reply = input("> ").strip()
        except EOFError:
            raise SoloError("the encounter stopped: no more answers") from None
        if reply.isdigit() and 1 <= int(reply) <= len(rows):
            return int(reply) - 1
        for i, (value, _) in enumerate(rows):
            if reply.casefold() == value.casefold():
                return i
        if typed is not None and reply:
            if typed(reply):
                return -1
            continue
        print(f"  ! answer with a number from 1 to {len(rows)}")


def _choose(encounter: Encounter, actor: Actor) -> Action:
    """Ask at the terminal in steps: the move, then whom, then how (each with its odds)."""
    rows = encounter.choices(actor)
    firsts = [next(r for r in rows if r.move == m and r.typical) for m in dict.fromkeys(r.move for r in rows)]

    def line(row: Any, text: str) -> str:
        return text + _chance(encounter, row.action)

    def move_text(row: Any) -> str:
        one = row.template.targets[0] if len(row.template.targets) == 1 else None
        return row.template.label + (f" {encounter.label(one)}" if one is not None else "")

    picked = firsts[_pick(f"\n{encounter.label(actor)}, what do you do?",
                          [(r.template.label, line(r, move_text(r))) for r in firsts])]
    rows = [r for r in rows if r.move == picked.move]
    template = picked.template
    if len(template.targets) > 1:
        default = dict(template.default)
        at = [next(r for r in rows if r.target is t and all(r.params.get(k) == v for k, v in default.items()))
              for t in template.targets]
        label = [encounter.label(t) for t in template.targets]
        chosen = at[_pick("  whom?", [(name, line(r, name)) for name, r in zip(label, at, strict=True)])]
        rows = [r for r in rows if r.target is chosen.target]
    default = dict(template.default)
    for name, values in template.params:
        if len(values) < 2:
            continue
        at = []
        for value in values:
            fits = [r for r in rows if r.params[name] == value]
            at.append(next((r for r in fits if all(r.params.get(k) == v for k, v in default.items()
                                                   if k != name)), fits[0]))
        prompt = "  how hard?" if name == "difficulty" else f"  {name}?"
        made: list[Action] = []

        def typed(text: str, name: str = name, row: Any = at[0], made: list[Action] = made) -> bool:
            """An open parameter's typed value: the move with it, or a line saying why not."""
            try:
                made.append(encounter.bind(template, actor, row.target, **{**row.params, name: text}))
            except SoloError as exc:
                print(f"  ! {exc}")
                return False
            return True

        pick = _pick(prompt, [(str(v), line(r, str(v))) for v, r in zip(values, at, strict=True)],
                     typed if name in template.open else None)
        if made:
            return made[0]
        rows = [r for r in rows if r.params[name] == values[pick]]
    return rows[0].action


def _campaign_party(ctx: Context) -> tuple[System, list[Actor]]:
    """The campaign's system and its fighting party, read and never saved."""
    from solo.campaign.actors import load_actor, system_of
    from solo.campaign.encounter_moves import fighting_party

    campaign = ctx.store.load(ctx.args.campaign)
    if not campaign.system:
        raise UsageError(f"campaign {campaign.name!r} plays no rule system: choose one with `solo system`")
    system = system_of(campaign, ctx.tables)
    given = ctx.args.system
    if given and given.strip().lower() != system.id:
        raise UsageError(f"campaign {campaign.name!r} plays {system.id}, not {given}; leave SYSTEM out")
    chars, _ = fighting_party(campaign, system, ctx.args.pc)
    return system, [load_actor(campaign, c, system) for c in chars]


def cmd_forecast(ctx: Context) -> int:
    runs = ctx.args.count
    if not 1 <= runs <= MAX_FORECAST:
        raise UsageError(f"-n must be 1 to {MAX_FORECAST}, not {runs}")
    if not ctx.args.foe:
        raise UsageError("a forecast needs at least one --foe")
    if ctx.args.campaign:
        system, party = _campaign_party(ctx)
        return _forecast(ctx, system, party, [_foe(ctx, system, spec) for spec in ctx.args.foe])
    if not ctx.args.pc:
        raise UsageError("a forecast needs the party: --pc FILE|random (repeatable), or --campaign NAME")
    system = _system(ctx)
    party, foes = _sides(ctx, system)
    return _forecast(ctx, system, party, foes)


def _forecast(ctx: Context, system: System, party: list[Actor], foes: list[Actor]) -> int:
    runs = ctx.args.count
    result = forecast(system, party, foes, runs, ctx.rng, **_encounter_options(ctx, system))
    ctx.emit(result.to_dict(), result.render())
    return 0
