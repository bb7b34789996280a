"""The actions every campaign has: notes, dice, tables, characters and its system.

The oracle, rules and story layers register their own moves the same way
(see the package docstring); these are the ones the campaign layer itself
needs for the `solo note`, `roll --campaign` and `table roll --campaign`
commands and for adding a rules engine's character to a campaign.

The encounter module is imported only by the two actions that ask about a
running encounter: it brings the rules engine with it, which a note or a
roll (the first action of many a process) has no use for.
"""

from __future__ import annotations

from typing import Any

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign
from solo.campaign.state_checks import DRAWN, TABLES
from solo.campaign.systems import check_system
from solo.dice import parse, roll
from solo.errors import SoloError

MAX_NOTE = 20_000
MAX_DICE_ROLLS = 1000
MAX_TABLE_ROLLS = 10_000


def _times(times: int, limit: int) -> int:
    if not isinstance(times, int) or isinstance(times, bool) or not 1 <= times <= limit:
        raise SoloError(f"the number of rolls must be between 1 and {limit}, not {times!r}")
    return times


@campaign_action("note")
def note(campaign: Campaign, ctx: ActionContext, text: str) -> list[JournalEntry]:
    """Write the player's own words into the journal."""
    if not isinstance(text, str) or not text.strip():
        raise SoloError("a note needs some text")
    if len(text) > MAX_NOTE:
        raise SoloError(f"a note is at most {MAX_NOTE} characters; this one has {len(text)}")
    return [ctx.entry("note", text.strip())]


@campaign_action("roll")
def roll_dice(campaign: Campaign, ctx: ActionContext, expression: str,
              times: int = 1) -> list[JournalEntry]:
    """Roll dice notation with the campaign's dice; one entry per roll."""
    expr = parse(expression)
    results = [roll(expr, ctx.rng) for _ in range(_times(times, MAX_DICE_ROLLS))]
    return [ctx.entry("roll", r.render(), r.to_dict()) for r in results]


@campaign_action("table_roll")
def table_roll(campaign: Campaign, ctx: ActionContext, table: str,
               times: int = 1) -> list[JournalEntry]:
    """Roll on a table by id with the campaign's dice; one entry per roll.

    The rows drawn from deck tables (drawn without replacement) are kept in the
    campaign's state, so they stay drawn across sessions and an undo puts them back.
    """
    tables = ctx.tables
    tables.get(table)  # a clear error before any die is drawn
    decks = campaign.module_state(TABLES).setdefault(DRAWN, {})
    results = [tables.roll(table, ctx.rng, decks) for _ in range(_times(times, MAX_TABLE_ROLLS))]
    return [ctx.entry("table", r.render(), r.to_dict()) for r in results]


@campaign_action("character_add")
def character_add(campaign: Campaign, ctx: ActionContext, sheet: dict[str, Any],
                  role: str = "pc", name: str | None = None) -> list[JournalEntry]:
    """Add a PC or NPC from its rules sheet (`actor.to_dict()`)."""
    if not isinstance(sheet, dict):
        raise SoloError("a character's sheet must be a mapping of its rules data")
    character = campaign.add_character(sheet, name=name, role=role)
    who = "player character" if role == "pc" else "NPC"
    return [ctx.entry("character", f"New {who}: {character.name}.",
                      {"id": character.id, "name": character.name, "role": role, "sheet": sheet})]


@campaign_action("character_update")
def character_update(campaign: Campaign, ctx: ActionContext, character: str | int,
                     sheet: dict[str, Any]) -> list[JournalEntry]:
    """Replace a character's rules sheet, e.g. after an encounter changed it."""
    if not isinstance(sheet, dict):
        raise SoloError("a character's sheet must be a mapping of its rules data")
    from solo.campaign.encounter_moves import refuse_if_busy

    found = campaign.character(character)
    refuse_if_busy(campaign, found, "changing the sheet")
    found.sheet = dict(sheet)
    return [ctx.entry("character", f"{found.name}'s sheet is updated.",
                      {"id": found.id, "name": found.name, "sheet": sheet})]


@campaign_action("set_system")
def set_system(campaign: Campaign, ctx: ActionContext, system: str | None) -> list[JournalEntry]:
    """Choose (or change) the rule system the campaign plays.

    Refused while an encounter runs, and while player characters carry sheets
    of another system: the engine could no longer roll for them, and a sheet
    cannot be translated between systems.  NPCs may keep theirs (story NPCs
    often have one); only a fight with them needs the campaign's system.
    """
    from solo.campaign.encounter_moves import running_state

    if running_state(campaign) is not None:
        raise SoloError("an encounter is running: finish it (or end it) before changing the rule system")
    system = check_system(system)
    if system == campaign.system:
        raise SoloError(f"{campaign.name!r} already plays {system or 'no rule system'}")
    others = [c for c in campaign.pcs if c.sheet.get("system") not in (None, system)]
    if others:
        sheets = ", ".join(f"{c.name} ({c.sheet.get('system')})" for c in others)
        raise SoloError(f"player characters have sheets of another system: {sheets}; the rule system"
                        " can change only while no PC carries another system's sheet")
    campaign.system = system
    text = f"The campaign now plays {system}." if system else "The campaign plays no rule system now."
    return [ctx.entry("campaign", text, {"system": system})]
