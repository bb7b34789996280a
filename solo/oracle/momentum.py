"""Set up well, leverage and clues: what a character banks for later.

Nine Powers (RULES.md §2.3 items 8-9, §2.9.2) lets a player give up a die
that rolled a 1 on a check outside a contest and bank it instead: as being
*set up well*, as *leverage* once already set up well, or as a *clue*.
Set-up-well and leverage are each spent for a big bonus on one roll (then
cleared); fate checks only enjoy them, never spend them.  Clues are counted;
at the start of each scene with any clue held, a d12 on ``oracle/clue``
says what spending one would buy in that scene, and the player spends one or
keeps them all.

Readings chosen [SR]: a character already set up well *and* with leverage
cannot bank another momentum 1 (there is nothing above leverage), so the
only trade left is a clue; leverage can also be had without set-up-well
(the seed's other route: a *successful* wealth check, then time somewhere
safe), which `gain_leverage` gives once that check has succeeded.

`Momentum` is a plain value the campaign copies into and out of its own
records; these functions return a new one and never change the old.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solo.dice import Rng
from solo.oracle.errors import OracleError
from solo.tables import TableSet

CLUE_TABLE = "oracle/clue"
CLUE_EFFECTS = ("travel", "perception", "fate", "heroism", "momentum", "item", "foe-location",
                "encounter", "ally", "bypass", "foe-revealed", "foe-unready")
TRADES = ("momentum", "set-up-well", "leverage", "clue")


@dataclass(frozen=True)
class Momentum:
    set_up_well: bool = False
    leverage: bool = False
    clues: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.clues, bool) or not isinstance(self.clues, int) or self.clues < 0:
            raise OracleError(f"clues held must be a whole number 0 or more, not {self.clues!r}")

    @property
    def text(self) -> str:
        parts = [name for name, on in (("set up well", self.set_up_well), ("leverage", self.leverage)) if on]
        parts.append(f"{self.clues} clue{'s' if self.clues != 1 else ''}")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {"set_up_well": self.set_up_well, "leverage": self.leverage, "clues": self.clues}


def bank_a_one(momentum: Momentum, trade: str = "momentum") -> tuple[Momentum, str]:
    """Trade a rolled 1 for set-up-well (or leverage on top of it) or a clue.

    `trade` is "momentum" (whichever comes next), "set-up-well", "leverage"
    or "clue".  Returns the new momentum and what was gained.
    """
    trade = str(trade).strip().lower().replace("_", "-").replace(" ", "-")
    if trade not in TRADES:
        raise OracleError(f"a 1 can be traded for {', '.join(TRADES)}, not {trade!r}")
    if trade == "clue":
        return replace(momentum, clues=momentum.clues + 1), "clue"
    if trade == "momentum":
        trade = "leverage" if momentum.set_up_well else "set-up-well"
    if trade == "set-up-well":
        if momentum.set_up_well:
            raise OracleError("already set up well: trade the 1 for leverage or a clue instead")
        return replace(momentum, set_up_well=True), "set up well"
    if not momentum.set_up_well:
        raise OracleError("a 1 buys leverage only for someone already set up well")
    if momentum.leverage:
        raise OracleError("already has leverage: the only trade left for this 1 is a clue")
    return replace(momentum, leverage=True), "leverage"


def gain_leverage(momentum: Momentum) -> Momentum:
    """Leverage the long way, once a wealth check has succeeded (and time passed somewhere safe).

    Only ever called after that success: the campaign's move rolls the check
    through the rules engine or takes the player's word for it.
    """
    if momentum.leverage:
        raise OracleError("already has leverage")
    return replace(momentum, leverage=True)


def spend_for_bonus(momentum: Momentum, which: str) -> Momentum:
    """Spend set-up-well or leverage for a big bonus on one roll; it is cleared."""
    which = str(which).strip().lower().replace("_", "-").replace(" ", "-")
    if which == "set-up-well":
        if not momentum.set_up_well:
            raise OracleError("not set up well: there is nothing to spend")
        return replace(momentum, set_up_well=False)
    if which == "leverage":
        if not momentum.leverage:
            raise OracleError("has no leverage to spend")
        return replace(momentum, leverage=False)
    raise OracleError(f"spend 'set-up-well' or 'leverage', not {which!r}")


def spend_clue(momentum: Momentum) -> Momentum:
    if momentum.clues < 1:
        raise OracleError("no clue held: there is nothing to spend")
    return replace(momentum, clues=momentum.clues - 1)


@dataclass(frozen=True)
class ClueBenefit:
    roll: int  # the d12
    benefit: str
    effect: str  # a key from CLUE_EFFECTS, for programs that act on it (fate: auto-yes)

    @property
    def text(self) -> str:
        return f"Clue (d12: {self.roll}): spending a clue in this scene would buy: {self.benefit}"

    def to_dict(self) -> dict[str, Any]:
        return {"roll": self.roll, "benefit": self.benefit, "effect": self.effect, "text": self.text}


def clue_benefit(rng: Rng, tables: TableSet) -> ClueBenefit:
    """What one clue can buy in the scene just starting (d12)."""
    drawn = tables.roll(CLUE_TABLE, rng)
    effect = drawn.fields.get("effect", "other")
    if effect not in CLUE_EFFECTS and effect != "other":
        raise OracleError(f"table {CLUE_TABLE}, row {drawn.range}: effect must be one of"
                          f" {', '.join(CLUE_EFFECTS)} or other, not {effect!r}")
    value = drawn.dice.total if drawn.dice is not None else (drawn.row or 0) + 1
    return ClueBenefit(value, drawn.text, effect)
