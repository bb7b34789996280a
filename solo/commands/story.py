"""`solo hooks`, `solo npc` and `solo foundation`: story generators from the command line.

Output goes to the terminal as plain text by default, or to a file with
``-o FILE`` (Markdown unless the file name or ``--format`` says otherwise);
``--json`` or ``--format json`` gives JSON.  Writing more than a few hundred
items to a file shows a progress bar on stderr; the file itself is written in
one step at the end, so an interrupted run leaves no half-written file.

With ``--campaign NAME`` the generator runs as a campaign action
(`solo.campaign.story_moves`): the campaign's own dice roll it, the hooks become
threads, the people notables (and NPCs with stats), and the journal records
it all; the output is printed or written just the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from solo.campaign import story_moves as story_actions
from solo.commands.context import Context, UsageError, add_campaign_option
from solo.files import write_text
from solo.rules import registry
from solo.story import (
    HOOK_TABLE,
    Foundation,
    Npc,
    find_shape,
    generate_foundation,
    iter_hooks,
    iter_npcs,
    load_shapes,
    render,
    rule_system,
)
from solo.story.output import format_for
from solo.text_safety import raw

T = TypeVar("T")
PROGRESS_THRESHOLD = 300  # items; fewer than this are written too fast to need a bar
MAX_COUNT = 100_000


def _output_options(parser: Any) -> None:
    parser.add_argument("--format", choices=render.FORMATS, default=None,
                        help="md, json or txt (default: txt on screen; from -o's extension, else md)")
    parser.add_argument("-o", "--output", metavar="FILE", default=None,
                        help="write to FILE (replaced in one step) instead of the screen")


# Examples under `--help` and the global options each command takes (solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "hooks": ("solo hooks -n 3 --seed 11", "solo hooks --from story/location -n 2"),
    "npc": ("solo npc --seed 4", f"solo npc -n 3 --system {registry.ids()[0]} --json"),
    "foundation": ("solo foundation --seed 9",),
}


def register(sub: Any, common: Any) -> None:
    p = sub.add_parser("hooks", parents=[common], help="generate adventure hooks",
                       description="Roll adventure hooks (or any other table) in bulk."
                       " The same --seed gives the same hooks.")
    p.add_argument("-n", "--count", type=int, default=5, metavar="N",
                   help="how many (default 5, at most 100000)")
    p.add_argument("--from", dest="table_id", default=HOOK_TABLE, metavar="TABLE",
                   help=f"roll this table instead of {HOOK_TABLE} (e.g. story/item, story/location)")
    _output_options(p)
    add_campaign_option(p)
    p.set_defaults(handler=cmd_hooks)

    p = sub.add_parser("npc", parents=[common], help="generate people to meet",
                       description="Generate people: name, trade, look, manner, want and secret,"
                       " and with --system the stats of a rule system.")
    p.add_argument("-n", "--count", type=int, default=1, metavar="N",
                   help="how many (default 1, at most 100000)")
    p.add_argument("--system", metavar="SYSTEM", default=None,
                   help="add stats made by this rule system's random-character generator")
    _output_options(p)
    add_campaign_option(p)
    p.set_defaults(handler=cmd_npc)

    p = sub.add_parser("foundation", parents=[common], help="generate a story's foundation and shape",
                       description="A living world (people and items joined by places, every"
                       " want colliding with another), a story shape, the first task and where"
                       " success and failure lead.")
    p.add_argument("--shape", metavar="NAME", default=None,
                   help="use this shape (an id from --list-shapes; part of an id will do)")
    p.add_argument("--list-shapes", action="store_true", help="list the story shapes and stop")
    _output_options(p)
    add_campaign_option(p)
    p.set_defaults(handler=cmd_foundation)


# -- shared --------------------------------------------------------------------------
def _count(ctx: Context) -> int:
    count = ctx.args.count
    if not 1 <= count <= MAX_COUNT:
        raise UsageError(f"-n must be between 1 and {MAX_COUNT}, not {count}")
    return count


def _format(ctx: Context) -> str:
    chosen = ctx.args.format
    if ctx.json:
        if chosen not in (None, "json"):
            raise UsageError(f"--json and --format {chosen} disagree; give one of them")
        return "json"
    if chosen:
        return chosen
    if ctx.args.output:
        return format_for(Path(ctx.args.output)) or "md"
    return "txt"


def _progress(ctx: Context, items: Iterable[T], count: int, what: str) -> Iterator[T]:
    """`items`, with a progress bar on stderr when many are going to a file."""
    if not ctx.args.output or count <= PROGRESS_THRESHOLD:
        yield from items
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(file=raw(ctx.err))  # the bar's own escape codes, drawn as such
    columns = (TextColumn(f"{what}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console) as bar:
        task = bar.add_task(what, total=count)
        for item in items:
            yield item
            bar.advance(task)


def _deliver(ctx: Context, fmt: str, data: Any, text: str, count: int, what: str) -> None:
    """Print or write the output; for a file, say on screen what was written."""
    import json

    body = json.dumps(data, indent=2, ensure_ascii=False) + "\n" if fmt == "json" else text
    if not ctx.args.output:
        print(body, end="" if body.endswith("\n") else "\n", file=ctx.out)
        return
    path = Path(ctx.args.output)
    write_text(path, body)
    note = {"written": str(path), "format": fmt, "count": count}
    print(json.dumps(note) if ctx.json else f"wrote {count} {what} to {path} ({fmt})", file=ctx.out)


def _campaign_count(ctx: Context, count: int) -> None:
    if ctx.args.campaign and count > story_actions.MAX_PER_ACTION:
        raise UsageError(f"with --campaign, -n is at most {story_actions.MAX_PER_ACTION}"
                         f" (not {count}); generate more without --campaign, to a file")


def _added(ctx: Context, what: str) -> None:
    campaign = ctx.campaign
    if campaign is not None:
        print(f"added {what} to {campaign.name!r}", file=ctx.err)


# -- commands --------------------------------------------------------------------------
def cmd_hooks(ctx: Context) -> int:
    count, fmt = _count(ctx), _format(ctx)
    _campaign_count(ctx, count)
    tables = ctx.tables
    table = tables.get(ctx.args.table_id)
    if ctx.args.campaign:
        entries = ctx.perform("story.hooks", count=count, table=table.id)
        hooks, seed = [e.data["text"] for e in entries], None
        _added(ctx, f"{len(hooks)} thread{'s' if len(hooks) > 1 else ''}")
    else:
        rng = ctx.rng
        hooks = list(_progress(ctx, iter_hooks(tables, rng, count, table.id), count, "hooks"))
        seed = rng.seed
    title = "Adventure hooks" if table.id == HOOK_TABLE else table.title
    if fmt == "md":
        text = render.hooks_markdown(hooks, title, seed)
    else:
        text = render.hooks_text(hooks)
    _deliver(ctx, fmt, render.hooks_json(hooks, table.id, seed), text, count, "hooks")
    return 0


def cmd_npc(ctx: Context) -> int:
    count, fmt = _count(ctx), _format(ctx)
    _campaign_count(ctx, count)
    system_id = ctx.args.system
    system = rule_system(system_id) if system_id else None  # a clear error before anything else
    tables = ctx.tables
    if ctx.args.campaign:
        entries = ctx.perform("story.npc", count=count, system=system_id)
        npcs, seed = [Npc.from_dict(e.data) for e in entries], None
        _added(ctx, f"{len(npcs)} {'people' if len(npcs) > 1 else 'person'}")
    else:
        rng = ctx.rng
        npcs = list(_progress(ctx, iter_npcs(tables, rng, count, system=system), count, "people"))
        seed = rng.seed
    text = render.npcs_markdown(npcs, seed) if fmt == "md" else render.npcs_text(npcs)
    _deliver(ctx, fmt, render.npcs_json(npcs, seed), text, count, "people")
    return 0


def cmd_foundation(ctx: Context) -> int:
    fmt = _format(ctx)
    tables = ctx.tables
    if ctx.args.list_shapes:
        shapes = load_shapes(tables)
        width = max(len(s.id) for s in shapes)
        lines = [f"{s.id:<{width}}  {s.kind:<9}  {s.name}: {s.summary}" for s in shapes]
        ctx.emit([s.to_dict() for s in shapes], "\n".join(lines))
        return 0
    if ctx.args.campaign:
        if ctx.args.shape is not None:
            find_shape(load_shapes(tables), ctx.args.shape)  # named before the campaign is opened
        entries = ctx.perform("story.foundation", shape=ctx.args.shape)
        found = Foundation.from_dict(entries[0].data)
        _added(ctx, "the foundation's people, things and places, and its first task")
    else:
        found = generate_foundation(tables, ctx.rng, ctx.args.shape)
    if fmt == "md":
        text = render.foundation_markdown(found)
    else:
        text = render.foundation_text(found)
    _deliver(ctx, fmt, found.to_dict(), text, 1, "foundation")
    return 0
