"""The GM's budget for surprises, kept by the campaign and spent by the oracle's moves.

A rule system may give its referee a countable allowance for surprises
(`System.complication_budget()`, see `solo.rules.budget`).  When the
campaign's system has one, the oracle's moves call in here:

* `sharpen` with a countdown complication's effect: a harm to the party is
  paid for with one token and grows a size;
* `turn_event` after a random event (asked for, or from a fate check): one
  token, and the party's next check gets a setback.

The count lives in the campaign's ``surprises`` module state: the session
(the UTC day of the move's stamp) and the tokens left in it.  The first
spend of a new session refills it with the budget's allowance.  With no
system, no budget, or nothing left, nothing changes and nothing is written.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from solo.campaign.actions import ActionContext
from solo.campaign.actors import add_edge, system_of
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign
from solo.oracle.journey import Effect
from solo.rules import registry
from solo.rules.budget import SurpriseBudget, session_of

MODULE = "surprises"


def _budget(campaign: Campaign, ctx: ActionContext) -> SurpriseBudget | None:
    if not campaign.system or campaign.system not in registry.ids():
        return None
    budget = system_of(campaign, ctx.tables).complication_budget()
    return budget if isinstance(budget, SurpriseBudget) else None


def _spend(campaign: Campaign, ctx: ActionContext, budget: SurpriseBudget) -> int | None:
    """Take one token from this session's allowance: how many are left after, or None if none was."""
    state = campaign.module_state(MODULE)
    session = session_of(ctx.at)
    if state.get("session") != session:
        left = budget.allowance(len(campaign.pcs))
    else:
        left = int(state.get("left", 0))
    if left < 1:
        return None
    state["session"], state["left"] = session, left - 1
    return left - 1


def tokens_left(campaign: Campaign, ctx: ActionContext) -> int | None:
    """The GM's tokens left this session (a fresh session's full allowance), or None without a budget."""
    budget = _budget(campaign, ctx)
    if budget is None:
        return None
    state = campaign.module_state(MODULE)
    if state.get("session") != session_of(ctx.at):
        return budget.allowance(len(campaign.pcs))
    return int(state.get("left", 0))


def sharpen(campaign: Campaign, ctx: ActionContext, effect: Effect) -> tuple[Effect, list[JournalEntry]]:
    """A complication's effect after the GM's budget has had its say, and the entry saying so."""
    if effect.action != "harm" or (effect.size or "major") == "major":
        return effect, []
    budget = _budget(campaign, ctx)
    if budget is None:
        return effect, []
    left = _spend(campaign, ctx, budget)
    if left is None:
        return effect, []
    size = budget.sharper(effect.size or "minor")
    text = (f"The GM spends a {budget.noun} ({left} left this session): the complication bites"
            f" harder, {effect.size} harm becomes {size}.")
    data: dict[str, Any] = {"spent": budget.noun, "left": left, "was": effect.size, "now": size}
    return replace(effect, size=size), [ctx.entry("surprise", text, data)]


def turn_event(campaign: Campaign, ctx: ActionContext, happened: bool) -> list[JournalEntry]:
    """After a random event (if `happened`): the GM may spend a token so it brings a setback."""
    if not happened:
        return []
    budget = _budget(campaign, ctx)
    if budget is None:
        return []
    left = _spend(campaign, ctx, budget)
    if left is None:
        return []
    waiting = add_edge(campaign, -1, f"a random event the GM paid a {budget.noun} for")
    text = (f"The GM spends a {budget.noun} on the random event ({left} left this session):"
            f" {waiting}.")
    return [ctx.entry("surprise", text, {"spent": budget.noun, "left": left, "setback": True})]
