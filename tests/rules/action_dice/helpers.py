"""Actors and fights for the action-dice tests, built from the sheet's own fields."""

from __future__ import annotations

from typing import Any

from solo.dice.rng import ScriptedRng
from solo.rules import Encounter, registry
from solo.rules.action_dice import Delver

SYSTEM = registry.get("action-dice")
PLAIN = {"str": 10, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}


def delver(
    name: str,
    *,
    kind: str = "pc",
    ac: int = 1,
    lesser: bool = False,
    equipment: list[str] | None = None,
    powers: list[str] | None = None,
    health: int = 6,
    **fields: Any,
) -> Delver:
    equipment = equipment or []
    dice = {
        "M": 1 + ("free-hand" in equipment),
        "A": 1 + ("two-weapons" in equipment),
        "S": int("shield" in equipment),
    }
    return Delver(
        name,
        kind=kind,
        ac=ac,
        lesser=lesser,
        equipment=equipment,
        powers=powers or [],
        health=health,
        dice=dice,
        stats=dict(fields.pop("stats", PLAIN)),
        **fields,
    )


def fight(party: list[Delver], foes: list[Delver], dice: list[int], **options: Any) -> Any:
    return Encounter(SYSTEM, {"party": party, "foes": foes}, ScriptedRng(dice), **options)


def texts(encounter: Any) -> list[str]:
    return [e.text for e in encounter.log]


def settle(encounter: Any) -> None:
    """Everyone asked passes until the stack is empty."""
    from solo.rules import Action

    while encounter.stack and not encounter.is_over():
        encounter.apply(Action(encounter.next_actor(), "pass"))
