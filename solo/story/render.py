"""Story output as Markdown, plain text and JSON-ready data.

Markdown is for a GM's notes (headings, lists, and for a foundation a
```mermaid flowchart whose nodes and lines are exactly the JSON's `nodes` and
`edges`, ids included, so either can be checked against the other); plain
text is for the terminal and for scripts (one hook per line); JSON carries
everything, including the seed that reproduces it.

Flowchart conventions: people are rectangles, items are hexagons; a want is
an arrow (``-->``), working against someone is an arrow ending in a cross
(``--x``), an old tie is a plain line (``---``); every line is labelled with
its place.
"""

from __future__ import annotations

from typing import Any

from solo.story.foundation import Foundation
from solo.story.npc import Npc
from solo.story.world import World

FORMATS = ("md", "json", "txt")

ARROWS = {"tie": "---", "thwart": "--x"}  # anything else is a want on an item: -->
SHAPES = {"npc": ('["', '"]'), "item": ('{{"', '"}}')}


def _mermaid_text(text: str) -> str:
    """Label text that cannot break out of its quotes."""
    return text.replace('"', "#quot;").replace("\n", " ")


def mermaid(world: World) -> str:
    lines = ["flowchart LR"]
    for node in world.nodes:
        left, right = SHAPES[node.kind]
        lines.append(f"    {node.id}{left}{_mermaid_text(node.label)}{right}")
    for edge in world.edges:
        arrow = ARROWS.get(edge.relation, "-->")
        lines.append(f'    {edge.source} {arrow}|"{_mermaid_text(edge.place.name)}"| {edge.target}')
    return "\n".join(lines)


# -- hooks -------------------------------------------------------------------------
def hooks_json(hooks: list[str], table_id: str, seed: int | None) -> dict[str, Any]:
    return {"table": table_id, "seed": seed, "count": len(hooks), "hooks": hooks}


def hooks_markdown(hooks: list[str], title: str, seed: int | None) -> str:
    head = f"# {title}\n\n*Seed {seed}.*\n" if seed is not None else f"# {title}\n"
    body = "\n".join(f"{i}. {hook}" for i, hook in enumerate(hooks, 1))
    return f"{head}\n{body}\n"


def hooks_text(hooks: list[str]) -> str:
    return "".join(f"{hook}\n" for hook in hooks)


# -- people --------------------------------------------------------------------------
def npcs_json(npcs: list[Npc], seed: int | None) -> dict[str, Any]:
    return {"seed": seed, "count": len(npcs), "npcs": [n.to_dict() for n in npcs]}


def npc_markdown(npc: Npc) -> str:
    lines = [
        f"## {npc.name}",
        "",
        f"*{npc.role}*",
        "",
        f"- **Look:** {npc.look}",
        f"- **Manner:** {npc.manner}",
        f"- **Wants:** {npc.want}",
        f"- **Secret:** {npc.secret}",
    ]
    if npc.stat_block:
        lines += ["", f"**{npc.system}**", "", "```text", npc.stat_block.rstrip(), "```"]
    return "\n".join(lines) + "\n"


def npcs_markdown(npcs: list[Npc], seed: int | None) -> str:
    head = "# People\n\n" + (f"*Seed {seed}.*\n\n" if seed is not None else "")
    return head + "\n".join(npc_markdown(n) for n in npcs)


def npc_text(npc: Npc) -> str:
    lines = [
        npc.summary(),
        f"  Look:   {npc.look}",
        f"  Manner: {npc.manner}",
        f"  Wants:  {npc.want}",
        f"  Secret: {npc.secret}",
    ]
    if npc.stat_block:
        lines += [f"  Stats ({npc.system}):"] + [f"    {line}" for line in npc.stat_block.splitlines()]
    return "\n".join(lines) + "\n"


def npcs_text(npcs: list[Npc]) -> str:
    return "\n".join(npc_text(n) for n in npcs)


# -- foundation ------------------------------------------------------------------------
def _people_lines(world: World) -> list[str]:
    lines = []
    for node in world.people:
        npc, want = node.npc, node.want
        assert npc is not None and want is not None
        lines.append(f"- **{node.name}** ({node.id}), {npc.role}: {npc.look}; {npc.manner}."
                     f" *Wants* {want.text}. *Secret:* {npc.secret}.")
    return lines


def _item_lines(world: World) -> list[str]:
    lines = []
    for node in world.items:
        held = f" Held by {world.node(node.holder).name}." if node.holder else " Nobody holds it."
        lines.append(f"- **{node.name[:1].upper() + node.name[1:]}** ({node.id}): it"
                     f" {node.power}; it was {node.history}.{held}")
    return lines


def _edge_lines(world: World) -> list[str]:
    lines = []
    for edge in world.edges:
        a, b = world.node(edge.source), world.node(edge.target)
        lines.append(f"- **{edge.place.name}** ({edge.source} - {edge.target}): {a.name}"
                     f" {edge.text} {b.name} here. {edge.place.detail[:1].upper()}"
                     f"{edge.place.detail[1:]}.")
    return lines


def _collision_lines(world: World) -> list[str]:
    lines = []
    for a_id, b_id in world.collisions:
        a, b = world.node(a_id), world.node(b_id)
        about = world.node(world.about((a_id, b_id)))
        if about.kind == "item":
            lines.append(f"- {a.name} and {b.name}, over {about.name}")
        else:  # one works against the other
            against = b if about.id == b.id else a
            other = a if against is b else b
            lines.append(f"- {other.name} against {against.name}")
    return lines


def foundation_markdown(found: Foundation) -> str:
    world, shape, plot = found.world, found.shape, found.plot
    seed = f"Seed {found.seed} · " if found.seed is not None else ""
    out = [
        "# A story's foundation",
        "",
        f"*{seed}a living world of {len(world.people)} people and {len(world.items)}"
        f" item{'s' if len(world.items) > 1 else ''} · shape: {shape.name} ({shape.kind})*",
        "",
        "## The living world",
        "",
        "```mermaid",
        mermaid(world),
        "```",
        "",
        "### People",
        "",
        *_people_lines(world),
        "",
        "### Things",
        "",
        *_item_lines(world),
        "",
        "### Places (the lines between them)",
        "",
        *_edge_lines(world),
        "",
        "### Where the wants collide",
        "",
        *_collision_lines(world),
        "",
        "### If nobody steps in",
        "",
        world.fallout,
        "",
        f"## The shape: {shape.name} ({shape.kind})",
        "",
        shape.summary,
        "",
    ]
    npc = found.cast.get("npc", {})
    if npc.get("id") is None and npc:
        out += [f"*Also in the story: {npc['name']}, {npc['role']} (not on the chart).*", ""]
    out += [f"**First task:** {plot.first_task}", ""]
    if shape.kind == "linear":
        out += ["**If it goes well**, one step leads to the next:", ""]
        out += [f"{i}. {step}" for i, step in enumerate(plot.success, 1)]
    else:
        out += ["**If it goes well**, several ways open at once:", ""]
        out += [f"- {step}" for step in plot.success]
    out += ["", "**If it goes badly:**", ""]
    out += [f"- {step}" for step in plot.failure]
    return "\n".join(out) + "\n"


def foundation_text(found: Foundation) -> str:
    world, shape, plot = found.world, found.shape, found.plot

    def strip(lines: list[str]) -> list[str]:
        return [line.replace("**", "").replace("*", "") for line in lines]

    out = ["THE LIVING WORLD", ""]
    out += strip(_people_lines(world)) + strip(_item_lines(world))
    out += ["", "Lines (with their places):"]
    for edge in world.edges:
        a, b = world.node(edge.source), world.node(edge.target)
        out.append(f"  {a.name} {edge.text} {b.name} - at {edge.place.name}")
    out += ["", "Collisions:"] + ["  " + line[2:] for line in _collision_lines(world)]
    out += ["", f"If nobody steps in: {world.fallout}", ""]
    out += [f"SHAPE: {shape.name} ({shape.kind}) - {shape.summary}", ""]
    npc = found.cast.get("npc", {})
    if npc.get("id") is None and npc:
        out += [f"Also in the story: {npc['name']}, {npc['role']} (not on the chart).", ""]
    out += [f"First task: {plot.first_task}"]
    if shape.kind == "linear":
        out += ["If it goes well, step by step:"]
        out += [f"  {i}. {step}" for i, step in enumerate(plot.success, 1)]
    else:
        out += ["If it goes well, any of these open up:"] + [f"  - {s}" for s in plot.success]
    out += ["If it goes badly:"] + [f"  - {s}" for s in plot.failure]
    if found.seed is not None:
        out += ["", f"(seed {found.seed})"]
    return "\n".join(out) + "\n"
