"""`solo adventure`: a whole adventure, statted for a rule system and balanced against a party.

Markdown by default (one module to print, with a Mermaid map), JSON with
``--format json`` / ``--json`` or a ``.json`` file name; ``-o FILE`` writes the
file in one step.  The party the fights are balanced against is, in order of
preference: ``--campaign NAME`` (its player characters with sheets; the
adventure then joins the campaign as one journaled, undoable action),
``--party FILE`` (a JSON list of character sheets, or an object whose
``party`` is one), or a random party of four of the system.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from solo.commands.context import Context, UsageError, add_campaign_option
from solo.errors import SoloError
from solo.files import write_text
from solo.rules import registry
from solo.story.output import format_for

FORMATS = ("md", "json")
MAX_PARTY_FILE = 1_000_000  # bytes


# Examples under `--help` and the global options the command takes (solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "adventure": ("solo adventure --seed 3",
                  f"solo adventure --system {registry.ids()[1]} --danger deadly -o crypt.md"),
}
GLOBALS: dict[str, tuple[str, ...]] = {"adventure": ("seed", "json", "saves", "tables")}


def register(sub: Any, common: Any) -> None:
    p = sub.add_parser("adventure", parents=[common], help="generate a whole adventure, fights balanced",
                       description="A whole adventure over a story's foundation: 5-12 places on a map,"
                       " clues with three routes to every revelation, threats as clocks, fights"
                       " statted for a rule system and balanced by forecast against the party,"
                       " and the scenes from opening to climax.")
    p.add_argument("--system", metavar="SYSTEM", default=None,
                   help="the rule system (default: the campaign's, the party file's, else the first known)")
    p.add_argument("--party", metavar="FILE", default=None,
                   help="balance against these characters (a JSON list of sheets)")
    p.add_argument("--shape", metavar="NAME", default=None, help="the story shape (see `solo foundation"
                   " --list-shapes`)")
    p.add_argument("--danger", choices=("low", "fair", "deadly"), default="fair",
                   help="low: party wins 85-97%%, fair: 60-85%%, deadly: 30-60%% (the climax;"
                   " lesser fights a step safer)")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="md or json (default: from -o's extension, else md)")
    p.add_argument("-o", "--output", metavar="FILE", default=None,
                   help="write to FILE (replaced in one step) instead of the screen")
    add_campaign_option(p)
    p.set_defaults(handler=cmd_adventure)


def _format(ctx: Context) -> str:
    chosen = ctx.args.format
    if ctx.json:
        if chosen not in (None, "json"):
            raise UsageError(f"--json and --format {chosen} disagree; give one of them")
        return "json"
    if chosen:
        return chosen
    if ctx.args.output:
        found = format_for(Path(ctx.args.output))
        return found if found in FORMATS else "md"
    return "md"


def _party_file(path_text: str) -> list[dict[str, Any]]:
    path = Path(path_text)
    try:
        if path.stat().st_size > MAX_PARTY_FILE:
            raise SoloError(f"{path}: a party file is at most {MAX_PARTY_FILE} bytes")
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SoloError(f"cannot read the party file {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SoloError(f"{path}: not JSON ({exc})") from None
    if isinstance(data, dict) and "party" in data:
        data = data["party"]
    if not isinstance(data, list) or not data or not all(isinstance(s, dict) for s in data):
        raise SoloError(f"{path}: a party file is a JSON list of character sheets"
                        " (or an object whose \"party\" is one)")
    return data


def cmd_adventure(ctx: Context) -> int:
    from solo.rules import registry
    from solo.story.adventure import Adventure, generate_adventure
    from solo.story.adventure_render import adventure_markdown

    fmt = _format(ctx)
    args = ctx.args
    if args.campaign:
        if args.party:
            raise UsageError("--party and --campaign disagree: a campaign's party is its own PCs")
        params: dict[str, Any] = {"danger": args.danger}
        if args.shape is not None:
            params["shape"] = args.shape
        if args.system is not None:
            params["system"] = args.system
        entries = ctx.perform("story.adventure", **params)
        adventure = Adventure.from_dict(entries[0].data["adventure"])
        campaign = ctx.campaign
        if campaign is not None:
            print(f"added the adventure to {campaign.name!r}: its people, places, clocks, foes and"
                  " first task", file=ctx.err)
    else:
        sheets = _party_file(args.party) if args.party else None
        system_id = args.system
        if system_id is None:
            first = sheets[0].get("system") if sheets else None
            system_id = first if isinstance(first, str) else registry.ids()[0]
        system = registry.get(system_id, ctx.tables)
        party = None
        if sheets is not None:
            party = []
            for index, sheet in enumerate(sheets, 1):
                try:
                    party.append(system.load_actor(sheet))
                except (SoloError, KeyError, TypeError, ValueError) as exc:
                    raise SoloError(f"{args.party}: character {index} is not a {system.name} sheet"
                                    f" ({exc})") from None
        adventure = generate_adventure(ctx.tables, ctx.rng, system, party=party, shape=args.shape,
                                       danger=args.danger)
    data = adventure.to_dict()
    body = json.dumps(data, indent=2, ensure_ascii=False) + "\n" if fmt == "json" \
        else adventure_markdown(adventure)
    if not args.output:
        print(body, end="" if body.endswith("\n") else "\n", file=ctx.out)
        return 0
    path = Path(args.output)
    write_text(path, body)
    note = {"written": str(path), "format": fmt}
    print(json.dumps(note) if ctx.json else f"wrote the adventure to {path} ({fmt})", file=ctx.out)
    return 0
