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
* ``story.adventure`` - a whole adventure (`solo.story.adventure`) balanced
  against the campaign's PCs: its people, things and locations become
  notables, each threat a clock of the campaign (same name, same segments),
  the first task a thread, and every foe an NPC character with its sheet, so
  the encounter picker offers them and the adventure view starts a fight
  with all of its foes at once.  The journal entry carries the adventure as
  data and which characters fight in which fight (``fights``).
* ``story.visit(location)`` - the party arrives at a place of the latest
  adventure (by id or name): the journal tells what is there and every clue
  found, and each clue's revelation becomes known (one clue is enough; the
  other routes are there for the clues the party misses).  A place a
  revelation opens can be visited once that revelation is known.  What is
  known and visited is kept in the ``adventure`` module state.

It lives in the campaign package (the campaign layer sits above the story
layer, so the story generators never import campaigns), and
`solo.campaign` imports it: every process that loads a campaign can replay
these actions.
"""

from __future__ import annotations

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.actors import has_sheet, load_actor, system_of
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


def _free_clock(campaign: Campaign, name: str) -> str:
    taken = {c.name.casefold() for c in campaign.clocks}
    candidate, n = name, 1
    while candidate.casefold() in taken:
        n += 1
        candidate = f"{name} ({n})"
    return candidate


@campaign_action("story.adventure")
def add_adventure(campaign: Campaign, ctx: ActionContext, shape: str | None = None,
                  danger: str = "fair", system: str | None = None) -> list[JournalEntry]:
    """Make a whole adventure balanced against the campaign's PCs and set it out for play."""
    from solo.story.adventure import generate_adventure

    rules = system_of(campaign, ctx.tables)
    if system is not None and str(system).strip().lower() != rules.id:
        raise SoloError(f"{campaign.name!r} plays {rules.name}; its adventure is statted for that,"
                        f" not {system!r}")
    pcs = [c for c in campaign.pcs if has_sheet(c, rules)]
    if not pcs:
        raise SoloError(f"an adventure's fights are balanced against the party: add a player character"
                        f" ({rules.name} sheet) first")
    party = [load_actor(campaign, c, rules) for c in pcs]
    adv = generate_adventure(ctx.tables, ctx.rng, rules, party=party, shape=shape, danger=danger)
    adv.seed = None  # rolled with the campaign's dice
    world = adv.foundation.world
    where = {p: loc.name for loc in adv.locations for p in loc.people + loc.things}
    for node in world.nodes:
        at = f" Found at {where[node.id]}." if node.id in where else ""
        if node.npc is not None:
            clashes = world.clashes(node.id)
            against = f" Clashes with {', '.join(clashes)}." if clashes else ""
            campaign.add_notable(node.name, "person", npc_note(node.npc) + against + at)
        else:
            campaign.add_notable(node.name, "thing", f"It {node.power}; it was {node.history}.{at}")
    for loc in adv.locations:
        campaign.add_notable(loc.name, "place", f"{loc.detail[:1].upper()}{loc.detail[1:]}.")
    clocks = []
    for threat in adv.threats:
        clock = campaign.add_clock(_free_clock(campaign, threat.clock), threat.segments)
        clocks.append(clock.name)
    thread = campaign.add_thread(adv.foundation.plot.first_task)
    fights: dict[str, list[int]] = {}
    for fight in adv.fights:
        fights[fight.id] = [campaign.add_character(foe.sheet, name=campaign.free_name(foe.name),
                                                   role="npc").id for foe in fight.foes]
    text = (f"An adventure: {adv.title} ({rules.name}, danger {adv.danger}). {len(adv.locations)}"
            f" places, {len(adv.clues)} clues, {len(adv.fights)} fights, clocks: {', '.join(clocks)}."
            f" First task: {adv.foundation.plot.first_task}")
    return [ctx.entry("story", text, {"story": "adventure", "thread": thread.id, "clocks": clocks,
                                      "fights": fights, "adventure": adv.to_dict()})]


ADVENTURE_STATE = "adventure"


def _latest_adventure_at(campaign: Campaign) -> int | None:
    for index in range(len(campaign.journal) - 1, -1, -1):
        entry = campaign.journal[index]
        if entry.kind == "story" and entry.data.get("story") == "adventure":
            return index
    return None


def latest_adventure(campaign: Campaign) -> JournalEntry | None:
    index = _latest_adventure_at(campaign)
    return None if index is None else campaign.journal[index]


def fight_outcomes(campaign: Campaign) -> dict[str, str]:
    """How the latest adventure's fights went, read from the journal written since it was made.

    A fight is known by its foes: an encounter started against exactly the
    campaign NPCs the adventure set for it (their ids, kept in the start
    entry) is that fight.  It is "under way" until its encounter closes, then
    it holds how it ended: "win", "loss" or "draw" for the party, or the way
    it was broken off ("retreat", "surrender", ...).  A fight played again
    holds its latest ending; a fight never started is absent.
    """
    at = _latest_adventure_at(campaign)
    if at is None:
        return {}
    journal = campaign.journal
    by_foes = {tuple(foes): fight for fight, foes in journal[at].data.get("fights", {}).items()}
    outcomes: dict[str, str] = {}
    current: str | None = None
    for index in range(at + 1, len(journal)):
        entry = journal[index]
        if entry.kind != "encounter":
            continue
        data = entry.data
        if data.get("started"):
            current = by_foes.get(tuple(data.get("foe_ids", ())))
            if current is not None:
                outcomes[current] = "under way"
        elif "result" in data and current is not None:
            outcomes[current] = str(data.get("outcome") or data["result"])
            current = None
    return outcomes


@campaign_action("story.visit")
def visit(campaign: Campaign, ctx: ActionContext, location: str) -> list[JournalEntry]:
    """The party arrives at a place of the adventure: what is there, and the clues found."""
    entry = latest_adventure(campaign)
    if entry is None:
        raise SoloError("this campaign has no adventure yet: make one first")
    adv = entry.data["adventure"]
    wanted = str(location).strip().casefold()
    loc = next((x for x in adv["locations"] if wanted in (x["id"], x["name"].casefold())), None)
    if loc is None:
        names = ", ".join(x["name"] for x in adv["locations"])
        raise SoloError(f"no place called {location!r} in the adventure; its places: {names}")
    state = campaign.module_state(ADVENTURE_STATE)
    if state.get("adventure") != entry.data.get("thread"):  # a new adventure starts afresh
        state.clear()
        state["adventure"] = entry.data.get("thread")
    known: list[str] = state.setdefault("known", [])
    visited: list[str] = state.setdefault("visited", [])
    if loc["gate"] and loc["gate"] not in known:
        raise SoloError(f"the party does not know the way to {loc['name']} yet: find a clue that"
                        " points there")
    nodes = {n["id"]: n["name"] for n in adv["foundation"]["nodes"]}
    places = {x["id"]: x["name"] for x in adv["locations"]}
    reveals = {r["id"]: r for r in adv["revelations"]}
    lines = [f"The party arrives at {loc['name']}: {loc['detail']}."]
    lines += [f"{line}." for line in loc["story"]]
    if loc["people"]:
        lines.append("Here: " + ", ".join(nodes[p] for p in loc["people"]) + ".")
    if loc["things"]:
        lines.append("Also here: " + ", ".join(nodes[t] for t in loc["things"]) + ".")
    lines += [f"Lying about: {x}." for x in loc["finds"]]
    if loc["hazard"]:
        lines.append(f"Hazard: {loc['hazard']}.")
    learned = []
    for clue in (c for c in adv["clues"] if c["location"] == loc["id"]):
        rev = reveals[clue["revelation"]]
        who = f" ({nodes[clue['holder']]} has it)" if clue["holder"] else ""
        lines.append(f"Clue: {clue['text']}{who}. It leads to {places[rev['opens']]}.")
        if rev["id"] not in known:
            known.append(rev["id"])
            learned.append(rev["id"])
    if loc["fight"]:
        lines.append(f"Trouble waits here: fight {loc['fight']}.")
    if loc["id"] not in visited:
        visited.append(loc["id"])
    return [ctx.entry("story", "\n".join(lines), {"story": "visit", "location": loc["id"],
                                                  "learned": learned, "known": list(known)})]
