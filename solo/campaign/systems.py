"""Which rule systems a campaign may name: the ones the rules engine implements.

The list comes from the engine's registry (`solo.rules.registry.ids()`), so a
system becomes playable in campaigns the moment it is registered there, and
a campaign can never be started with a system nothing can roll for.  A save
written by an older solo that names a system no longer known still loads
(only new choices are checked); its rules actions then explain the problem.
"""

from __future__ import annotations

from solo.errors import SoloError


def known_systems() -> list[str]:
    from solo.rules import registry  # on first need: opening a campaign does not ask

    return registry.ids()


def check_system(system: str | None) -> str | None:
    """`system` when it is an implemented id (or None for "not chosen yet"); else a clear error."""
    if system is None:
        return None
    if system not in known_systems():
        raise SoloError(f"unknown rule system {system!r}; choose one of: {', '.join(known_systems())}"
                        " (the systems the rules engine implements)")
    return system
