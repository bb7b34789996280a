"""A rule system's moves between fights as one campaign action: ``move.run``.

`System.moves()` declares what a character can do outside a fight (rest,
heal, advance, buy, lay low, call in a favour...; see `solo.rules.moves`).
This action runs any of them on a campaign PC: it finds the move by name,
checks the options against the move's declaration, loads the PC's sheet as
the engine's actor, runs the move with the campaign's dice, writes the
sheet back and journals the engine's lines.  Like every action it is
undoable and replays exactly from the action log.

``move.run(move, character=None, **options)`` - ``move`` is the move's id
(``rest``) or title; ``character`` a PC by name or id, default the only PC
with a sheet of the campaign's system; ``options`` the move's declared
options (text from a prompt or a flag is fine: the declaration parses it).

`moves_of(campaign)` lists the moves of the campaign's system for menus.

``move.ask(oracle, question="", character=None, **options)`` asks one of
the system's own oracle rolls (`System.oracles()`, moves that carry a
question: a reaction roll, a watch against ambush): the move runs exactly as
above and its lines are journaled as the answer to `question` (the move's
own question when none is given), as an ``oracle`` entry.  `oracles_of`
lists them for menus.
"""

from __future__ import annotations

from typing import Any

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.actors import event_data, event_lines, has_sheet, load_actor, store_actor, system_of
from solo.campaign.encounter_moves import refuse_if_busy
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign, Character
from solo.errors import SoloError
from solo.rules import registry
from solo.rules.moves import SystemMove, find_move
from solo.tables import TableSet

MAX_QUESTION = 500

Who = str | int


def moves_of(campaign: Campaign, tables: TableSet | None = None) -> list[SystemMove]:
    """The moves of the campaign's rule system (none without one)."""
    if not campaign.system or campaign.system not in registry.ids():
        return []
    return list(system_of(campaign, tables).moves())


def mover(campaign: Campaign, tables: TableSet | None, character: Who | None) -> Character:
    """The PC a move is for: the one named, else the only PC with a sheet of the campaign's system."""
    system = system_of(campaign, tables)
    if character not in (None, ""):
        pc = campaign.character(character)
        if not has_sheet(pc, system):
            raise SoloError(f"{pc.name} has no {system.name} sheet to make a move with")
        return pc
    pcs = [c for c in campaign.pcs if has_sheet(c, system)]
    if len(pcs) == 1:
        return pcs[0]
    if not pcs:
        raise SoloError(f"no player character here has a {system.name} sheet yet: add one first")
    raise SoloError("which character? name one of: " + ", ".join(c.name for c in pcs))


def oracles_of(campaign: Campaign, tables: TableSet | None = None) -> list[SystemMove]:
    """The oracle rolls of the campaign's rule system (none without one)."""
    if not campaign.system or campaign.system not in registry.ids():
        return []
    return list(system_of(campaign, tables).oracles())


def _make(campaign: Campaign, ctx: ActionContext, chosen: SystemMove, character: Who | None,
          options: dict[str, Any]) -> tuple[Character, dict[str, Any], list[Any]]:
    """Run `chosen` on a PC's sheet with the campaign's dice and write the sheet back."""
    system = system_of(campaign, ctx.tables)
    values = chosen.parse(options)
    pc = mover(campaign, ctx.tables, character)
    refuse_if_busy(campaign, pc, f"{chosen.title.lower()}")
    actor = load_actor(campaign, pc, system)
    events = chosen.run(system, actor, values, ctx.rng)
    store_actor(campaign, pc, actor)
    return pc, values, events


@campaign_action("move.run")
def run_move(campaign: Campaign, ctx: ActionContext, move: str, character: Who | None = None,
             **options: Any) -> list[JournalEntry]:
    """One of the rule system's moves between fights (rest, heal, lay low...) for a PC."""
    if not campaign.system:
        raise SoloError(f"{campaign.name!r} plays no rule system, so it has no moves: choose one first")
    system = system_of(campaign, ctx.tables)
    chosen = find_move(system.moves(), move, system.name)
    pc, values, events = _make(campaign, ctx, chosen, character, options)
    text = f"{pc.name}: {chosen.title}.\n{event_lines(events)}".rstrip()
    return [ctx.entry("move", text, {"move": chosen.id, "character": pc.name, "options": values,
                                     "events": event_data(events)})]


@campaign_action("move.ask")
def ask_rules(campaign: Campaign, ctx: ActionContext, oracle: str, question: str = "",
              character: Who | None = None, **options: Any) -> list[JournalEntry]:
    """A question answered by one of the rule system's own rolls (a reaction roll, a watch...)."""
    if not campaign.system:
        raise SoloError(f"{campaign.name!r} plays no rule system, so it has no oracle rolls of its own")
    system = system_of(campaign, ctx.tables)
    rolls = system.oracles()
    if not rolls:
        raise SoloError(f"{system.name} has no oracle rolls of its own; ask the oracle with odds instead")
    chosen = find_move(rolls, oracle, system.name)
    asked = " ".join(str(question or "").split()) or chosen.question
    if len(asked) > MAX_QUESTION:
        raise SoloError(f"the question is {len(asked)} characters long; keep it under {MAX_QUESTION}")
    pc, values, events = _make(campaign, ctx, chosen, character, options)
    text = f"Asked: {asked}\n{chosen.title} ({pc.name}):\n{event_lines(events)}".rstrip()
    return [ctx.entry("oracle", text, {"question": asked, "oracle": chosen.id, "character": pc.name,
                                       "options": values, "events": event_data(events)})]
