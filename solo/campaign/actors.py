"""The campaign's characters as the rules engine's actors, and back.

A `Character.sheet` is a rule system's own data (`actor.to_dict()`); the
moves that roll through the engine load it with `system_of(...).load_actor`,
let the engine change the actor, and store `actor.to_dict()` again.  This
module is the one place that does that, so every move treats sheets alike.

Readings chosen:

* **Momentum lives on the campaign.**  The oracle keeps set-up-well and
  leverage on each `Character` and clues as one campaign-wide count (see
  `state.py`); a Nine Powers sheet has the same three.  While a sheet is
  loaded the campaign's values are copied onto the actor (so a check can
  spend set-up-well the fate check saw), and whatever the engine did to them
  (a rolled 1 traded for leverage, a clue banked) is copied back.  Systems
  without these fields are untouched.
* **Edges and setbacks wait for the next check.**  A journey or complication
  that grants "a small bonus (or penalty) on the next check" leaves one
  pending modifier in the rules module state; the next check rolled through
  the engine for this campaign (`rules.check`, or a journey's check) uses it
  up.  They do not pile up: the next check gets at most one small bonus or
  one small penalty, and an edge and a setback cancel out.  Encounter rolls
  do not use it (they are not checks).  Each system says what a small bonus
  or penalty is (`System.with_edge`: Nine Powers one die more or less, the
  Resistance Toolbox mastery or one more point of difficulty).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from typing import Any

from solo.campaign.state import Campaign, Character
from solo.errors import SoloError
from solo.rules import registry
from solo.rules.engine import Actor, Event, System
from solo.tables import TableSet

MODULE = "rules"
MOMENTUM_FLAGS = ("set_up_well", "leverage")
EDGE_WORDS = {1: "a small bonus", -1: "a small penalty"}


def rules_state(campaign: Campaign) -> dict[str, Any]:
    return campaign.module_state(MODULE)


def system_of(campaign: Campaign, tables: TableSet | None = None) -> System:
    """The campaign's rule system; a clear error when it has none (or one solo no longer knows)."""
    if not campaign.system:
        raise SoloError(f"{campaign.name!r} plays no rule system yet: choose one first with"
                        f" `solo system {shlex.quote(campaign.slug)} SYSTEM`"
                        f" ({', '.join(registry.ids())})")
    if campaign.system not in registry.ids():
        raise SoloError(f"{campaign.name!r} plays {campaign.system!r}, which this solo cannot roll for"
                        f" (it knows {', '.join(registry.ids())})")
    return registry.get(campaign.system, tables)


def has_sheet(character: Character, system: System) -> bool:
    """Whether the character carries a sheet of this system (story NPCs may have none)."""
    return bool(character.sheet) and character.sheet.get("system") == system.id


def engine_pcs(campaign: Campaign, system: System) -> list[Character]:
    """The player characters the engine can roll for: those with a sheet of the campaign's system."""
    return [c for c in campaign.pcs if has_sheet(c, system)]


def load_actor(campaign: Campaign, character: Character, system: System) -> Actor:
    """The character's sheet as an actor, wearing the campaign's momentum."""
    if not has_sheet(character, system):
        found = character.sheet.get("system") if character.sheet else None
        has = f"a {found} sheet" if found else "no rules sheet"
        raise SoloError(f"{character.name} has {has}, so the {system.name} engine cannot roll for them"
                        " (make a character of the campaign's system)")
    try:
        actor = system.load_actor(character.sheet)
    except SoloError as exc:
        raise SoloError(f"{character.name}'s sheet: {exc}") from None
    for flag in MOMENTUM_FLAGS:
        if hasattr(actor, flag):
            setattr(actor, flag, getattr(character, flag))
    if hasattr(actor, "clues"):
        actor.clues = campaign.clues  # type: ignore[attr-defined]
    return actor


def store_actor(campaign: Campaign, character: Character, actor: Actor) -> None:
    """Write what the engine did back: the sheet, and momentum to the campaign."""
    for flag in MOMENTUM_FLAGS:
        if hasattr(actor, flag):
            setattr(character, flag, bool(getattr(actor, flag)))
    if hasattr(actor, "clues"):
        campaign.clues = max(0, int(actor.clues))  # type: ignore[attr-defined]
    character.sheet = actor.to_dict()


def event_lines(events: Iterable[Event]) -> str:
    return "\n".join(e.text for e in events)


def event_data(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [e.to_dict() for e in events]


# -- edges and setbacks ----------------------------------------------------------------------

def pending_edge(campaign: Campaign) -> int:
    """+1 for a small bonus waiting for the next check, -1 for a small penalty, 0 for neither."""
    value = rules_state(campaign).get("edge", 0)
    return value if value in (-1, 0, 1) else 0


def add_edge(campaign: Campaign, edge: int, source: str) -> str:
    """Leave a small bonus (+1) or penalty (-1) for the next check; what happened, in words."""
    state = rules_state(campaign)
    was = pending_edge(campaign)
    now = max(-1, min(1, was + edge))
    state["edge"] = now
    state["edge_source"] = source if now else None
    if now == 0:
        return f"{EDGE_WORDS[edge]}, which cancels the {EDGE_WORDS[was][2:]} that was waiting"
    if now == was:
        return f"{EDGE_WORDS[now]} was already waiting for the next check; they do not add up"
    return f"the next check gets {EDGE_WORDS[now]}"


def take_edge(campaign: Campaign) -> tuple[int, str | None]:
    """Use up the waiting modifier: (+1/-1/0, where it came from)."""
    state = rules_state(campaign)
    edge, source = pending_edge(campaign), state.get("edge_source")
    state["edge"], state["edge_source"] = 0, None
    return edge, source if edge else None
