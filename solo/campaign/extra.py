"""Checks for `Campaign.extra`: the slices of state that modules above the dataclasses keep.

The oracle keeps this scene's clue benefit and a journey waiting for its
check there, the rules moves a pending edge and the running encounter.  A
save is text a player may edit by hand, so each module registers a check for
every key it owns, and `Campaign.load_state` runs them all: a damaged value
is then reported when the file is opened, naming the file and the field
(`state.extra.rules.encounter.seed: expected a whole number, found 'abc'`),
instead of surfacing later as a crash in the middle of a move, and the store
never writes over the damaged file.

A module's slice must be a mapping once any check is registered for it;
keys nobody registered are kept untouched (a player's own notes, say).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solo.campaign.fields import StateError, describe

Check = Callable[[Any, str], None]
_CHECKS: dict[str, dict[str, Check]] = {}


def extra_check(module: str, key: str) -> Callable[[Check], Check]:
    """Register `check(value, where)` for `extra[module][key]`; it raises `StateError`."""

    def register(check: Check) -> Check:
        _CHECKS.setdefault(module, {})[key] = check
        return check

    return register


def check_module(module: str, value: Any, where: str) -> None:
    """Check one module's slice (`where` names it, e.g. ``state.extra.rules``)."""
    checks = _CHECKS.get(module)
    if not checks:
        return
    if not isinstance(value, dict):
        raise StateError(f"{where}: expected a mapping, found {describe(value)}")
    for key, check in checks.items():
        if key in value:
            check(value[key], f"{where}.{key}")


def check_extra(extra: dict[str, Any], where: str) -> None:
    """Run every registered check over a campaign's `extra` mapping.

    solo's own checks sit in `state_checks`, a light module, so they are all
    registered before the file is judged even though the moves that keep
    those slices load lazily.
    """
    import solo.campaign.state_checks  # noqa: F401 - registers the oracle's and rules' checks

    for module, value in extra.items():
        check_module(module, value, f"{where}.{module}")
