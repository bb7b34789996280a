"""The story generators as campaign actions: what `--campaign NAME` runs.

Each action rolls with the campaign's own dice (so undo and replay give the
same people and hooks back) and files what it made where a player looks for
it later:

* ``story.hooks`` - each hook becomes an open thread (a story goal), with a
  journal entry;
* ``story.npc`` - each person becomes a notable (kind ``person``, their trade,
  look, manner, want and secret as the note); with a rule system they are
  also added as an NPC character whose sheet is the engine's actor data;
* ``story.foundation`` - the world's people, items and places become notables
  (``person`` / ``thing`` / ``place``), the first task becomes a thread, and
  one journal entry carries the whole foundation as data.

It lives in the campaign package (the campaign layer sits above the story
layer, so the story generators never import campaigns), and
`solo.campaign` imports it: every process that loads a campaign can replay
these actions.
"""

from __future__ import annotations

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign
from solo.errors import SoloError
from solo.story.foundation import generate_foundation
from solo.story.hooks import HOOK_TABLE, generate_hooks
from solo.story.npc import Npc, generate_npc, rule_system

MAX_PER_ACTION = 20  # a campaign's lists are for reading; bulk output belongs in a file


def _count(count: int) -> int:
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_PER_ACTION:
        raise SoloError(f"a campaign takes 1 to {MAX_PER_ACTION} at a time, not {count!r}"
                        " (generate more without --campaign, to a file)")
    return count


def npc_note(npc: Npc) -> str:
    return (f"{npc.role}; {npc.look}; {npc.manner}. Wants {npc.want}."
            f" Secret: {npc.secret}.")


@campaign_action("story.hooks")
def add_hooks(campaign: Campaign, ctx: ActionContext, count: int = 1,
              table: str = HOOK_TABLE) -> list[JournalEntry]:
    """Roll adventure hooks and open each as a thread."""
    entries = []
    for hook in generate_hooks(ctx.tables, ctx.rng, _count(count), table):
        thread = campaign.add_thread(hook)
        entries.append(ctx.entry("story", f"New thread: {hook}",
                                 {"story": "hook", "table": table, "thread": thread.id, "text": hook}))
    return entries


@campaign_action("story.npc")
def add_npcs(campaign: Campaign, ctx: ActionContext, count: int = 1,
             system: str | None = None) -> list[JournalEntry]:
    """Make people, note them, and with a rule system add them as NPCs with stats."""
    count = _count(count)
    engine = rule_system(system) if system else None
    names = {n.name for n in campaign.notables} | {c.name for c in campaign.characters}
    entries = []
    for _ in range(count):
        npc = generate_npc(ctx.tables, ctx.rng, system=engine, avoid_names=names)
        names.add(npc.name)
        campaign.add_notable(npc.name, "person", npc_note(npc))
        data = {"story": "npc", **npc.to_dict()}
        if npc.stats is not None:
            data["character"] = campaign.add_character(npc.stats, name=campaign.free_name(npc.name),
                                                       role="npc").id
        entries.append(ctx.entry("story", f"New NPC: {npc.summary()}. Wants {npc.want}.", data))
    return entries


@campaign_action("story.foundation")
def add_foundation(campaign: Campaign, ctx: ActionContext,
                   shape: str | None = None) -> list[JournalEntry]:
    """Lay a story's foundation: its people, things and places noted, its first task a thread."""
    found = generate_foundation(ctx.tables, ctx.rng, shape)
    found.seed = None  # rolled with the campaign's dice, not from a seed of its own
    world = found.world
    for node in world.nodes:
        if node.npc is not None:
            clashes = world.clashes(node.id)
            against = f" Clashes with {', '.join(clashes)}." if clashes else ""
            campaign.add_notable(node.name, "person", npc_note(node.npc) + against)
        else:
            campaign.add_notable(node.name, "thing", f"It {node.power}; it was {node.history}.")
    for place in world.places:
        campaign.add_notable(place.name, "place", f"{place.detail[:1].upper()}{place.detail[1:]}.")
    thread = campaign.add_thread(found.plot.first_task)
    text = (f"A story's foundation ({found.shape.name}, {found.shape.kind}):"
            f" {len(world.people)} people and {len(world.items)} item(s). {world.fallout}"
            f" First task: {found.plot.first_task}")
    return [ctx.entry("story", text, {"story": "foundation", "thread": thread.id,
                                      **found.to_dict()})]
