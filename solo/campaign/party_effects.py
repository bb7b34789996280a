"""What journeys and complications do to the party: through the rules engine, or as words.

The oracle's tables speak the neutral vocabulary (``harm body minor``,
``edge``...).  When the campaign plays a rule system and has player
characters with sheets of it, this module makes those words happen:

* ``harm`` / ``recover`` go through `System.harm` / `System.recover` for
  EVERY such PC, with the campaign's dice, and the engine's lines are
  journaled (a PC without a sheet of the system is named as left out);
* ``edge`` / ``setback`` leave a small bonus or penalty waiting for the next
  check rolled through the engine (`actors.add_edge`);
* ``clue`` and ``mark`` change the campaign whether or not a system is set.

With no system (or no PC with a sheet) harm, recovery, edges and setbacks
stay words in the journal entry that announced them, as before.

A journey's check is also settled here when nobody reported a result: the
engine rolls it for the PC named, else the only PC, else the PC with the
best exact odds; with the approach named, else the better of the two (ties
go to the first PC, and to the approach the table lists first).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solo.campaign.actions import ActionContext
from solo.campaign.actors import add_edge, engine_pcs, event_data, load_actor, store_actor, system_of
from solo.campaign.encounter_moves import busy
from solo.campaign.journal import JournalEntry
from solo.campaign.rules_moves import RolledCheck, roll_check
from solo.campaign.state import Campaign, Character
from solo.errors import SoloError
from solo.oracle import countdown_mark
from solo.oracle.journey import CheckRequest, Effect
from solo.rules import registry
from solo.rules.engine import System


@dataclass
class Engine:
    """The campaign's system and the player characters it can roll for."""

    system: System
    pcs: list[Character]


def engine_for(campaign: Campaign, ctx: ActionContext) -> Engine | None:
    """The engine, when the campaign plays a known system and has PCs with its sheets; else None."""
    if not campaign.system or campaign.system not in registry.ids():
        return None
    system = system_of(campaign, ctx.tables)
    pcs = engine_pcs(campaign, system)
    return Engine(system, pcs) if pcs else None


def apply_effect(campaign: Campaign, ctx: ActionContext, effect: Effect, engine: Engine | None,
                 cause: str) -> list[JournalEntry]:
    """Make `effect` happen to the party; the journal entries it needs beyond the one announcing it."""
    if effect.action == "clue":
        campaign.clues += 1
        return []
    if effect.action == "mark":
        campaign.countdown = countdown_mark(campaign.countdown)
        return []
    if engine is None or effect.action == "none":
        return []
    if effect.action in ("edge", "setback"):
        waiting = add_edge(campaign, 1 if effect.action == "edge" else -1, cause)
        return [ctx.entry("edge", f"From {cause}: {waiting}.",
                          {"effect": effect.to_dict(), "cause": cause})]
    recover = effect.action == "recover"
    engaged = busy(campaign)
    lines, done = [], []
    for pc in engine.pcs:
        if pc.id in engaged:
            lines.append(f"({pc.name} is in the running encounter: not applied.)")
            continue
        actor = load_actor(campaign, pc, engine.system)
        change = engine.system.recover if recover else engine.system.harm
        events = change(actor, effect.kind or "", effect.size or "", ctx.rng)
        store_actor(campaign, pc, actor)
        lines += [e.text for e in events]
        done.append({"character": pc.name, "events": event_data(events)})
    left_out = [c.name for c in campaign.pcs if c not in engine.pcs]
    if left_out:
        lines.append(f"({', '.join(left_out)}: no {engine.system.name} sheet, so not applied.)")
    return [ctx.entry("recovery" if recover else "harm", "\n".join(lines),
                      {"effect": effect.to_dict(), "cause": cause, "applied": done, "left_out": left_out})]


def engine_check(campaign: Campaign, ctx: ActionContext, engine: Engine, request: CheckRequest,
                 approach: str | None, character: str | int | None) -> RolledCheck:
    """Roll a journey's check through the engine for the best-placed PC (see the module docstring)."""
    if approach is not None and approach not in request.approaches:
        raise SoloError(f"this check is made with {' or '.join(request.approaches)}, not {approach}")
    engaged = busy(campaign)
    if character is not None and str(character).strip():
        candidates = [campaign.character(character)]
    else:
        candidates = [pc for pc in engine.pcs if pc.id not in engaged]
        if not candidates:
            raise SoloError("every player character is in the running encounter: finish it first")
    approaches = [approach] if approach else list(request.approaches)
    best: tuple[Fraction, Character, str] | None = None
    for pc in candidates:
        actor = load_actor(campaign, pc, engine.system)
        for word in approaches:
            chance = engine.system.check_odds(actor, word, request.difficulty).success
            if best is None or chance > best[0]:
                best = (chance, pc, word)
    assert best is not None
    _, pc, word = best
    return roll_check(campaign, engine.system, pc, word, request.difficulty, {}, ctx.rng)
