"""Reading plain data back into the campaign's dataclasses, strictly.

A save file is text a player may have edited by hand or a disk may have
damaged; every value is checked on the way in, and a wrong one is reported
with its place (`threads[2].open: expected true or false, found "yes"`), so
the error names what to fix instead of failing later somewhere unrelated.
"""

from __future__ import annotations

from typing import Any

from solo.errors import SoloError


class StateError(SoloError):
    """Campaign data that is not the shape it must be; the message says where."""


_TYPE_NAMES = {bool: "true or false", int: "a whole number", str: "text", dict: "a mapping",
               list: "a list"}


def describe(value: Any) -> str:
    """A found value, short enough for an error message."""
    if value is None:
        return "nothing (null)"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def need(data: Any, key: str, kind: type, where: str, default: Any = ...) -> Any:
    """`data[key]` if it has type `kind`; `default` when missing and one is given."""
    if not isinstance(data, dict):
        raise StateError(f"{where}: expected {_TYPE_NAMES[dict]}, found {describe(data)}")
    if key not in data:
        if default is not ...:
            return default
        raise StateError(f"{where}: missing {key!r}")
    value = data[key]
    # bool is an int in Python; a count of `true` is still a mistake.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise StateError(f"{where}.{key}: expected {_TYPE_NAMES.get(kind, kind.__name__)},"
                         f" found {describe(value)}")
    return value


def optional_text(data: dict, key: str, where: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise StateError(f"{where}.{key}: expected text or null, found {describe(value)}")
    return value


def optional(data: dict, key: str, kind: type, where: str) -> Any:
    """`data[key]` if it has type `kind`, or None when it is missing or null."""
    if data.get(key) is None:
        return None
    return need(data, key, kind, where)


def within(value: int, low: int, high: int, where: str) -> int:
    if not low <= value <= high:
        raise StateError(f"{where}: {value} is outside {low}..{high}")
    return value


def items(data: Any, key: str, where: str) -> list[tuple[str, Any]]:
    """The elements of the list `data[key]` (empty when missing), each with its place."""
    values = need(data, key, list, where, default=[])
    return [(f"{where}.{key}[{i}]", value) for i, value in enumerate(values)]
