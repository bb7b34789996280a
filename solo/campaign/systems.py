"""Which rule systems a campaign may name.

Until the rules engine's registry (`solo.rules.registry.ids()`) lands, the
five systems the project hosts are listed here; `known_systems` is the one
place to point at the registry then.
"""

from __future__ import annotations

from solo.errors import SoloError

SYSTEM_IDS = ("nine-powers", "resistance", "rogue-spire", "action-dice", "masque")


def known_systems() -> list[str]:
    return list(SYSTEM_IDS)


def check_system(system: str | None) -> str | None:
    """`system` when it is a known id (or None for "not chosen yet"); else a clear error."""
    if system is None:
        return None
    if system not in known_systems():
        raise SoloError(f"unknown rule system {system!r}; choose one of: {', '.join(known_systems())}")
    return system
