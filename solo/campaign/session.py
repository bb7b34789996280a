"""An open campaign bound to its save file: every action and every undo is saved at once.

The CLI opens a session per command; the TUI keeps one for as long as the
campaign is on screen.  If a save fails (disk full, the file changed under
us), the campaign in memory is put back to match what is on disk and the
error is raised, so what the player sees is never ahead of what is kept.

A session without a store is a scratch pad: the same actions on a throwaway
campaign, nothing written.  The CLI uses one for a plain `solo roll`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solo.campaign.actions import TablesSource, perform, undo
from solo.campaign.journal import JournalEntry, UndoStep
from solo.campaign.state import Campaign
from solo.dice import Rng

if TYPE_CHECKING:
    from solo.campaign.store import CampaignStore, Stamp


class Session:
    def __init__(self, campaign: Campaign, *, store: CampaignStore | None = None,
                 stamp: Stamp | None = None, tables: TablesSource = None):
        self.campaign = campaign
        self.store = store
        self.stamp = stamp
        self.tables = tables

    @classmethod
    def scratch(cls, rng: Rng, tables: TablesSource = None) -> Session:
        """A session on a throwaway campaign rolling with `rng`; nothing is saved or kept for undo."""
        return cls(Campaign.new("scratch", rng=rng), tables=tables)

    @property
    def saved(self) -> bool:
        return self.store is not None

    @property
    def path(self) -> Path | None:
        return self.store.path(self.campaign.slug) if self.store else None

    def perform(self, name: str, /, **params: Any) -> list[JournalEntry]:
        """Run an action (see `solo.campaign.actions.perform`) and save; its entries are returned."""
        if not self.saved:
            return perform(self.campaign, name, params, tables=self.tables, undo_depth=0,
                           plain_data=False)
        checkpoint = self._checkpoint()
        entries = perform(self.campaign, name, params, tables=self.tables)
        self._save_or_rollback(checkpoint)
        return entries

    def undo(self) -> tuple[UndoStep, list[JournalEntry]]:
        """Take back the last action and save; the step and the removed entries are returned."""
        checkpoint = self._checkpoint()
        result = undo(self.campaign)
        if self.saved:
            self._save_or_rollback(checkpoint)
        return result

    def save(self) -> None:
        if self.store is None:
            return
        self.stamp = self.store.save(self.campaign, expect=self.stamp)

    def _checkpoint(self) -> tuple[str, list, list, list]:
        c = self.campaign
        return json.dumps(c.state_dict()), c.journal[:], c.actions[:], c.undo[:]

    def _save_or_rollback(self, checkpoint: tuple[str, list, list, list]) -> None:
        try:
            self.save()
        except BaseException:
            state, journal, actions, steps = checkpoint
            self.campaign.load_state(json.loads(state))
            self.campaign.journal, self.campaign.actions, self.campaign.undo = journal, actions, steps
            raise
