"""A referee's budget for surprises: tokens a system's GM spends on the oracle's turns of fortune.

Some rule systems give the referee a countable allowance for "unexpected
but fair" events instead of leaving surprises free.  A system that has one
returns a `SurpriseBudget` from `System.complication_budget()`; the default
(None) leaves the oracle as it always was.  The campaign
(`solo.campaign.surprises`) keeps the count and asks the budget what a
spent token does:

* a complication that harms the party (a countdown complication with a
  harm effect) bites one size harder - minor becomes moderate, moderate
  major (major stays major);
* a random event (asked for, or thrown up by a fate check) turns against
  the party: the next check is made with a setback.

One token pays for one of these while any are left; with none left the
complication or event happens exactly as the oracle rolled it.  The
allowance is `per_pc` tokens for each player character at the start of a
session, a session being one UTC day of play (the stamp of the move that
first spends that day) - the campaign has no other notion of a sitting.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZES = ("minor", "moderate", "major")


@dataclass(frozen=True)
class SurpriseBudget:
    """How many tokens the GM gets a session and what they are called."""

    noun: str = "token"
    per_pc: int = 1

    def allowance(self, pcs: int) -> int:
        """The tokens at the start of a session with `pcs` player characters (at least one player)."""
        return self.per_pc * max(1, pcs)

    @staticmethod
    def sharper(size: str) -> str:
        """A harm one size larger: minor -> moderate -> major (major stays)."""
        index = SIZES.index(size) if size in SIZES else len(SIZES) - 1
        return SIZES[min(index + 1, len(SIZES) - 1)]


def session_of(stamp: str) -> str:
    """The session a move belongs to: the UTC day of its ISO time stamp ('2026-11-24')."""
    return stamp[:10]
