"""Small pieces of journal text every system writes: what moved, how many, who.

Systems say what happened in their own words; these are the bits of
grammar they would otherwise each spell out again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def moved(actor: Any, before: Mapping[str, int]) -> list[str]:
    """'fortitude 4 → 2' for each of `before`'s attributes that has changed on `actor`, in its order."""
    return [f"{name} {was} → {getattr(actor, name)}" for name, was in before.items()
            if getattr(actor, name) != was]


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 round', '2 rounds' ('1 wound', '3 wounds')."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def joined(names: Iterable[str]) -> str:
    """'Vroy', 'Goblin 1 and Goblin 2', 'A, B and C'."""
    items = list(names)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def track(actor: Any, name: str) -> str:
    """'Fortitude 3/4': an attribute beside its `<name>_max`."""
    return f"{name.capitalize()} {getattr(actor, name)}/{getattr(actor, name + '_max')}"


def listed(label: str, items: Iterable[str], sep: str = ", ") -> str:
    """'Carrying: rope, lamp' for a stat block; '' when there is nothing (a sheet leaves the line out)."""
    shown = [item for item in items if item]
    return f"{label}: {sep.join(shown)}" if shown else ""


def headline(actor: Any, system: str, about: str = "", aside: str = "") -> str:
    """A stat block's first line: 'Vroy - Nine Powers PC: a painter' (NPC for one the GM plays),
    with an `aside` in brackets after PC ('Resistance PC (Fantastical Crusades): ...')."""
    head = f"{actor.name} - {system} {'PC' if actor.is_pc else 'NPC'}" + (f" ({aside})" if aside else "")
    return head + (f": {about}" if about else "")
