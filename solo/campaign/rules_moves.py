"""The rules engine's checks, harm and characters as campaign actions.

Every action here rolls with the campaign's own RNG through the system the
campaign plays, loads the characters' sheets as the engine's actors
(`actors.py`), writes what the engine did back to the sheets, and journals
the engine's own event lines.  Encounters are in `encounter_moves.py`.

Action names (written in every save's action log; never rename them) and
their parameters, for the CLI and the TUI:

* ``rules.character_random(name=None, role=None, npc=False)`` - roll a whole
  character of the campaign's system and add it (as an NPC with ``npc``,
  built the way story NPCs are).  Guided creation stays with the CLI/TUI,
  which ends it with ``character_add(sheet=actor.to_dict())``.
* ``rules.npc_add(npc, name=None)`` - add one of the system's named NPCs
  (``solo character npc SYSTEM`` lists them) as a campaign NPC, to meet
  again and fight.
* ``rules.check(character, approach=None, difficulty="medium", **options)`` -
  a check in the neutral vocabulary; ``options`` are the ones the system
  declares (``System.check_options``: a bonus, a spend, a domain, the stress
  at stake...), checked and typed by that declaration; a list of helpers
  names campaign characters, who add their dice and share any stress the
  roller takes.  The journal gives the exact chance
  of success worked out before the roll.  A small bonus or penalty left
  waiting by a journey is used up here (see `actors.py`).
* ``rules.harm(character, kind, size)`` / ``rules.recover(character, kind,
  size)`` - kind body / mind / resources, size minor / moderate / major.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.actors import (
    EDGE_WORDS,
    event_data,
    event_lines,
    load_actor,
    store_actor,
    system_of,
    take_edge,
)
from solo.campaign.encounter_moves import refuse_if_busy
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign, Character
from solo.dice import percent
from solo.dice.entered import DiceNeeded
from solo.errors import SoloError
from solo.rules.engine import Actor, CheckResult, Odds, System
from solo.rules.options import parse_options

Who = str | int  # a character by id or name


def check_options(system: System) -> list[str]:
    """The names of the system's own options for a check, as it declares them."""
    return [option.name for option in system.check_options]


def _checked_options(system: System, options: dict[str, Any]) -> dict[str, Any]:
    """The options checked and typed by the system's declaration; an unknown one is named."""
    allowed = check_options(system)
    wrong = sorted(set(options) - set(allowed))
    if wrong:
        raise SoloError(f"a {system.name} check takes the options {', '.join(allowed)};"
                        f" not {', '.join(wrong)}")
    parsed = parse_options(system.check_options, {k: v for k, v in options.items() if v is not None})
    return {k: v for k, v in parsed.items() if v is not None}


@dataclass
class RolledCheck:
    """A check rolled for a campaign character: the engine's result, its odds, the journal text."""

    character: Character
    result: CheckResult
    odds: Odds
    text: str
    edge: int = 0
    edge_source: str | None = None

    @property
    def success(self) -> bool:
        return self.result.success

    def to_dict(self) -> dict[str, Any]:
        return self.result.to_dict() | {
            "character": self.character.name, "character_id": self.character.id,
            "odds": self.odds.to_dict(), "edge": self.edge, "edge_source": self.edge_source}


Roller = Callable[[Actor, Any, dict[str, Any]], CheckResult]  # (actor, difficulty, options)


def roll_check(campaign: Campaign, system: System, character: Character, approach: str | None,
               difficulty: Any, options: dict[str, Any], rng: Any, roll: Roller | None = None
               ) -> RolledCheck:
    """Roll a check for a campaign character, using up any waiting edge.

    Shared by `rules.check`, the journeys and the wealth check for leverage
    (which passes its own `roll`), so all read the same.
    """
    options = _checked_options(system, options)
    actor = load_actor(campaign, character, system)
    helpers = _assistants(campaign, system, character, options)
    if not approach and not options.get("skill"):
        raise SoloError("a check needs an approach (force, finesse, wits, presence, lore, stealth,"
                        " survival, craft) or the system's own skill")
    edge, source = take_edge(campaign)
    if edge:
        difficulty, options = system.with_edge(difficulty, options, edge)
    odds = system.check_odds(actor, approach, difficulty, **options)
    try:
        if roll is None:
            result = system.check(actor, approach, difficulty, rng, **options)
        else:
            result = roll(actor, difficulty, options)
    except DiceNeeded as needed:  # the player rolls: the exact chance goes with the die asked for
        if not needed.before:
            needed.before = f"{character.name}'s check: chance of success {percent(odds.success)}"
        raise
    store_actor(campaign, character, actor)
    for helper, helper_actor in helpers:
        store_actor(campaign, helper, helper_actor)
    lines = [e.text for e in result.events] or [result.text]
    lines[0] += f" (chance of success {percent(odds.success)})"
    if edge:
        lines.insert(0, f"{EDGE_WORDS[edge].capitalize()} on this check, from {source}.")
    return RolledCheck(character, result, odds, "\n".join(lines), edge, source)


def _assistants(campaign: Campaign, system: System, roller: Character,
                options: dict[str, Any]) -> list[tuple[Character, Actor]]:
    """Campaign characters named as helpers, loaded as actors (the check's `assistants` option)."""
    names = options.get("assistants")
    if names is None:
        return []
    if isinstance(names, str) or not isinstance(names, list):
        raise SoloError("assistants are a list of the campaign's characters, by name or id")
    helpers = [campaign.character(name) for name in names]
    ids = [h.id for h in helpers]
    if roller.id in ids or len(set(ids)) != len(ids):
        raise SoloError("each helper is named once, and nobody helps their own roll")
    for helper in helpers:
        refuse_if_busy(campaign, helper, "helping a check")
    loaded = [(helper, load_actor(campaign, helper, system)) for helper in helpers]
    options["assistants"] = [a for _, a in loaded]
    return loaded


def _described(character: Character) -> str:
    """A name and the few words of concept a sheet carries (the stat block is for screens)."""
    concept = character.sheet.get("concept") or character.sheet.get("role") or character.sheet.get("notes")
    return f"{character.name}, {concept}" if isinstance(concept, str) and concept else character.name


@campaign_action("rules.character_random")
def character_random(campaign: Campaign, ctx: ActionContext, name: str | None = None,
                     role: str | None = None, npc: bool = False) -> list[JournalEntry]:
    """Roll a whole character of the campaign's system and add it as a PC (or an NPC)."""
    system = system_of(campaign, ctx.tables)
    if role is not None and role not in system.roles():
        raise SoloError(f"{system.name} has no role {role!r}; choose one of: {', '.join(system.roles())}")
    actor = system.random_character(ctx.rng, name=name or None, role=role, npc=bool(npc))
    sheet = actor.to_dict()
    if not name:  # a rolled name gives way to one already in the campaign: "Ulric 2"
        sheet["name"] = campaign.free_name(actor.name)
    kind = "npc" if npc else "pc"
    character = campaign.add_character(sheet, name=name, role=kind)
    who = "NPC" if npc else "player character"
    return [ctx.entry("character", f"New {who}: {_described(character)}.",
                      {"id": character.id, "name": character.name, "role": kind, "system": system.id,
                       "sheet": character.sheet})]


@campaign_action("rules.npc_add")
def npc_add(campaign: Campaign, ctx: ActionContext, npc: str,
            name: str | None = None) -> list[JournalEntry]:
    """Add one of the system's named NPCs (a goblin, a giant lizard) to the campaign."""
    system = system_of(campaign, ctx.tables)
    actor = system.npc(str(npc))
    sheet = actor.to_dict()
    sheet["name"] = name.strip() if name else campaign.free_name(actor.name)  # a second goblin: "Goblin 2"
    character = campaign.add_character(sheet, name=name, role="npc")
    return [ctx.entry("character", f"New NPC: {_described(character)}.",
                      {"id": character.id, "name": character.name, "role": "npc", "system": system.id,
                       "npc": npc, "sheet": character.sheet})]


@campaign_action("rules.check")
def check(campaign: Campaign, ctx: ActionContext, character: Who, approach: str | None = None,
          difficulty: str | int = "medium", **options: Any) -> list[JournalEntry]:
    """Roll a check for a campaign character through the campaign's rule system."""
    system = system_of(campaign, ctx.tables)
    found = campaign.character(character)
    refuse_if_busy(campaign, found, "a check through the campaign")
    rolled = roll_check(campaign, system, found, approach, difficulty, options, ctx.rng)
    return [ctx.entry("check", rolled.text, rolled.to_dict())]


def _harm_or_recover(campaign: Campaign, ctx: ActionContext, character: Who, kind: str, size: str,
                     recover: bool) -> list[JournalEntry]:
    system = system_of(campaign, ctx.tables)
    found = campaign.character(character)
    refuse_if_busy(campaign, found, "recovery" if recover else "harm")
    actor = load_actor(campaign, found, system)
    change = system.recover if recover else system.harm
    events = change(actor, kind, size, ctx.rng)
    store_actor(campaign, found, actor)
    return [ctx.entry("recovery" if recover else "harm", event_lines(events),
                      {"character": found.name, "character_id": found.id, "kind": kind, "size": size,
                       "events": event_data(events)})]


@campaign_action("rules.harm")
def harm(campaign: Campaign, ctx: ActionContext, character: Who, kind: str,
         size: str = "minor") -> list[JournalEntry]:
    """Deal neutral harm (body / mind / resources, minor / moderate / major) to a character."""
    return _harm_or_recover(campaign, ctx, character, kind, size, recover=False)


@campaign_action("rules.recover")
def recover(campaign: Campaign, ctx: ActionContext, character: Who, kind: str,
            size: str = "minor") -> list[JournalEntry]:
    """Give a character neutral recovery (body / mind / resources, minor / moderate / major)."""
    return _harm_or_recover(campaign, ctx, character, kind, size, recover=True)
