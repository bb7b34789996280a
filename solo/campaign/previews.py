"""Seeing what a story generator makes before it joins the campaign: keep, reroll or discard.

A hook, a person or a foundation is first made on a throwaway copy of the
campaign (`preview`): the same state, the same dice, nothing kept.  Keeping
it performs `keep_generated`, which runs the generator on the campaign
itself, so what joins is exactly what was shown.

A reroll is a new roll of the campaign's own dice: `keep_generated` with
`rerolls=N` first makes and throws away N results (each drawing from the
campaign's dice, as the previews shown before did), then makes the one kept.
So replay gives the same result back, and the journal says it was rerolled.
Discarding keeps nothing and rolls nothing.

With the player's own dice on, a generator still rolls the campaign's dice:
its result is shown before it is kept, so no face entered afterwards could
be part of it (and a foundation is dozens of table rolls).
"""

from __future__ import annotations

import json
from typing import Any

from solo.campaign.actions import ActionContext, TablesSource, campaign_action, get_action, perform
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign
from solo.dice import Rng
from solo.errors import SoloError

GENERATORS = ("story.hooks", "story.npc", "story.foundation")
MAX_REROLLS = 100


def _check(action: str, rerolls: int) -> None:
    if action not in GENERATORS:
        raise SoloError(f"{action!r} cannot be previewed; these can: {', '.join(GENERATORS)}")
    if not isinstance(rerolls, int) or isinstance(rerolls, bool) or not 0 <= rerolls <= MAX_REROLLS:
        raise SoloError(f"rerolls must be 0 to {MAX_REROLLS}, not {rerolls!r}")


def _copy(campaign: Campaign) -> Campaign:
    """The campaign's state (dice included) on a fresh campaign with no journal."""
    twin = Campaign(campaign.name, campaign.slug, campaign.seed, Rng(campaign.seed))
    twin.load_state(json.loads(json.dumps(campaign.state_dict(), ensure_ascii=False)))
    return twin


@campaign_action("keep_generated")
def keep_generated(campaign: Campaign, ctx: ActionContext, action: str, params: dict[str, Any],
                   rerolls: int = 0) -> list[JournalEntry]:
    """Make a hook, person or foundation, after throwing away `rerolls` results first."""
    _check(action, rerolls)
    func = get_action(action).func
    for _ in range(rerolls):  # each thrown-away result draws from the campaign's dice
        scratch = _copy(campaign)
        scratch.rng = campaign.rng
        func(scratch, ActionContext(scratch, ctx.at, ctx.tables), **params)
    # The campaign's dice even when the player rolls their own: the kept result is the preview shown.
    entries = func(campaign, ActionContext(campaign, ctx.at, ctx.tables), **params)
    if rerolls:
        for entry in entries:
            entry.text = f"{entry.text} (rerolled {rerolls}×)"
            entry.data = {**entry.data, "rerolls": rerolls}
    return entries


def preview(campaign: Campaign, action: str, params: dict[str, Any], rerolls: int = 0,
            tables: TablesSource = None) -> list[JournalEntry]:
    """What keeping would add now, made on a copy: the campaign itself is left untouched."""
    _check(action, rerolls)
    scratch = _copy(campaign)
    return perform(scratch, "keep_generated", {"action": action, "params": params,
                                               "rerolls": rerolls}, tables=tables, undo_depth=0)

