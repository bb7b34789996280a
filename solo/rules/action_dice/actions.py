"""The fight's action words: what each is called, which are attacks and moves, and a small helper."""

from __future__ import annotations

from typing import Any

from solo.rules.stack import PASS

ATTACKS = ("jab", "coup")
MOVES = ("move", "withdraw")
#: every kind of action, in the order a seat's offers are listed
KINDS = (
    PASS,
    "move",
    "withdraw",
    "dodge",
    "jab",
    "coup",
    "block",
    "trip",
    "riposte",
    "interrupt",
    "exert",
    "gather",
    "cast",
)
NAMES = {
    "move": "MOVE",
    "withdraw": "WITHDRAW",
    "dodge": "DODGE",
    "jab": "JAB",
    "coup": "COUP DE GRACE",
    "block": "BLOCK",
    "trip": "TRIP",
    "riposte": "RIPOSTE",
    "exert": "EXERT",
    "gather": "GATHER POWER",
    "cast": "CAST",
    "interrupt": "INTERRUPT",
    PASS: "pass",
}


DIE_NAMES = {"M": "a movement", "A": "an attack", "S": "a shield"}
SLOW = " (slow actions wait for your own turn and an empty stack)"


def unique(actors: tuple[Any, ...]) -> tuple[Any, ...]:
    """The actors in order, each once (actors compare by value, so by identity here)."""
    seen: set[int] = set()
    out = []
    for actor in actors:
        if id(actor) not in seen:
            seen.add(id(actor))
            out.append(actor)
    return tuple(out)
