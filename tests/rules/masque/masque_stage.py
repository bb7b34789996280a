"""A set-to staged for a test: both sides, scripted dice, and a bit played with the moves a test names."""

from __future__ import annotations

from typing import Any

import pytest

from solo.dice import ScriptedRng
from solo.rules import registry
from solo.rules.masque.setto import SetTo


@pytest.fixture(scope="module", name="masque")
def masque_fixture() -> Any:
    """The registered system (a test file imports `masque_fixture` to have the `masque` fixture)."""
    return registry.get("masque")


def set_to(masque: Any, troupe: list[Any], monsters: list[Any], script: list[int]) -> SetTo:
    return SetTo(masque, {"troupe": troupe, "monsters": monsters}, ScriptedRng(script))


def bit(enc: SetTo, *pairs: tuple[Any, str]) -> None:
    """Everyone declares: an actor's move from `pairs` (dice text or a kind), the rest by policy."""
    while True:
        waiting = enc.awaiting()
        if not waiting:
            return
        actor = waiting[0]
        number = enc.round
        move = next((m for a, m in pairs if a is actor), None)
        if move is None:
            enc.apply(enc.npc_policy(actor))
        elif move in ("wait", "enter", "step-down"):
            template = next(t for t in enc.templates(actor) if t.kind == move)
            enc.apply(enc.bind(template, actor))
        else:
            template = next(t for t in enc.templates(actor) if t.kind == "cast")
            enc.apply(enc.bind(template, actor, None, dice=move))
        if enc.round != number or enc.is_over():
            return


def texts(enc: SetTo) -> list[str]:
    return [e.text for e in enc.log]
