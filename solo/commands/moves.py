"""`solo move NAME --campaign C [--pc P] [options]`: a rule system's moves between fights.

Every system declares its moves (`System.moves()`, see `solo.rules.moves`):
resting, healing, advancing, buying, laying low, favours...  This command
knows none of them by name.  Its flags are built from the declarations of
every registered system, and a flag the chosen move does not declare is an
error naming the move's own options.  The move runs as the campaign action
``move.run``: the campaign's dice, journaled, saved at once, `solo undo` to
take it back.  `solo move --list` shows the moves (of the campaign's system
with --campaign, else of every system).
"""

from __future__ import annotations

import argparse
from typing import Any

from solo.commands.context import Context, UsageError, add_campaign_option
from solo.rules import registry
from solo.rules.moves import SystemMove
from solo.rules.options import Option

DEST = "move_option_"


def _declared() -> dict[str, list[tuple[str, SystemMove, Option]]]:
    """Every move option of every system, by option name."""
    by_name: dict[str, list[tuple[str, SystemMove, Option]]] = {}
    for system_id in registry.ids():
        for move in registry.system_class(system_id).moves():
            for option in move.options:
                by_name.setdefault(option.name, []).append((system_id, move, option))
    return by_name


# Examples under `--help` and the global options each command takes (solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "move": ("solo move --list", "solo move rest -c the-salt-road"),
}
GLOBALS: dict[str, tuple[str, ...]] = {"move": ("json", "saves", "tables")}


def register(sub: Any, common: Any) -> None:
    p = sub.add_parser(
        "move", parents=[common], help="a rule system's moves between fights: rest, heal, lay low...",
        description="Make one of the campaign's rule-system moves between fights for a PC: rest, heal a"
        " wound, advance, buy, lay low, call in a favour... `solo move --list` shows them and their"
        " options; the options below are the union of every system's, each for the moves named.")
    p.add_argument("name", nargs="?", metavar="NAME", help="the move (see --list)")
    p.add_argument("--list", action="store_true", help="list the moves and their options")
    p.add_argument("--pc", metavar="NAME", help="the player character (default: the only one)")
    add_campaign_option(p)
    group = p.add_argument_group("move options (each move takes its own; see --list)")
    for name, uses in _declared().items():
        option = uses[0][2]
        where = ", ".join(sorted({f"{s} {m.id}" for s, m, _ in uses}))
        text = f"{option.help} ({where})" if option.help else where
        if option.kind == "flag":
            group.add_argument(option.flag, dest=DEST + name, action="store_const", const=True,
                               default=None, help=text)
        elif option.kind == "list":
            group.add_argument(option.flag, dest=DEST + name, action="append", default=None,
                               metavar="TEXT", help=text)
        else:
            group.add_argument(option.flag, dest=DEST + name, default=None,
                               metavar=option.name.upper(), help=text)
    p.set_defaults(handler=cmd_move)


def _given(args: argparse.Namespace) -> dict[str, Any]:
    return {key[len(DEST):]: value for key, value in vars(args).items()
            if key.startswith(DEST) and value is not None}


def _listing(system_name: str, moves: list[SystemMove]) -> list[str]:
    lines = [f"{system_name} moves:"]
    for move in moves:
        lines.append(f"  {move.id:<14} {move.title}: {move.help}")
        if move.options:
            lines.append(f"  {'':<14} {move.usage()}")
        if move.question:
            lines.append(f"  {'':<14} an oracle roll too: solo ask \"{move.question}\" --oracle {move.id}"
                         + (" [--with NAME=VALUE ...]" if move.options else ""))
    return lines


def cmd_move(ctx: Context) -> int:
    args = ctx.args
    given = _given(args)
    if args.list:
        if args.name or given:
            raise UsageError("--list shows the moves; give a move's NAME without --list to make it")
        if args.campaign:
            from solo.campaign.system_moves import moves_of

            listed = ctx.store.load(args.campaign)
            if not listed.system:
                raise UsageError(f"{listed.name!r} plays no rule system, so it has no moves")
            system = registry.get(listed.system, ctx.tables)
            moves = moves_of(listed, ctx.tables)
            ctx.emit({"system": system.id, "moves": [m.to_dict() for m in moves]},
                     "\n".join(_listing(system.name, moves)))
            return 0
        data, lines = {}, []
        for system_id in registry.ids():
            cls = registry.system_class(system_id)
            moves = list(cls.moves())
            data[system_id] = [m.to_dict() for m in moves]
            lines += _listing(str(getattr(cls, "name", system_id)), moves) + [""]
        ctx.emit({"systems": data}, "\n".join(lines).rstrip())
        return 0
    if not args.name:
        raise UsageError("name the move (see `solo move --list`)")
    if not args.campaign:
        raise UsageError("a move changes a campaign's character: give --campaign NAME")
    campaign = ctx.campaign
    assert campaign is not None
    if not campaign.system:
        raise UsageError(f"{campaign.name!r} plays no rule system, so it has no moves:"
                         f" choose one with `solo system {campaign.slug} SYSTEM`")
    from solo.rules.moves import find_move

    system = registry.get(campaign.system, ctx.tables)
    move = find_move(system.moves(), args.name, system.name)
    declared = {o.name for o in move.options}
    wrong = [k for k in given if k not in declared]
    if wrong:
        theirs = move.usage() or "no options"
        raise UsageError(f"{', '.join('--' + k.replace('_', '-') for k in wrong)}"
                         f" {'is' if len(wrong) == 1 else 'are'} not for the {move.id} move ({system.name});"
                         f" it takes: {theirs}")
    entries = ctx.perform("move.run", move=move.id, character=args.pc, **given)
    done = {"campaign": campaign.name, "entries": [e.to_dict() for e in entries]}
    ctx.emit(done, "\n".join(e.text for e in entries))
    return 0
