"""Checking an action's parameters against the types its function declares, before it runs.

An action log is text a player can edit by hand; a parameter of the wrong
shape (`"kind": null`, `"foes": true`, `"table": []`) used to reach the
action and fail deep inside it with a Python error.  `check` reads the
action function's own annotations and refuses a wrong value with one line
naming the field, the type wanted and the value found, so every action is
covered without each one checking its inputs by hand:

* `str`, `int`, `bool`, `float`, `None`; `int` refuses `true`/`false`;
* `list[X]` checks every item, `dict[str, X]` every key and value;
* `X | Y` accepts either; `Any`, an unannotated parameter and `**options`
  accept anything (the action parses those itself);
* unknown names and missing required ones are refused as before.

What the value means (a character that exists, a chaos factor of 1-9) stays
the action's own check, reported as its own `SoloError`.
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
from collections.abc import Callable
from typing import Any

from solo.campaign.fields import describe
from solo.errors import SoloError

_NAMES = {str: "text", int: "a whole number", bool: "true or false", float: "a number",
          type(None): "null", list: "a list", dict: "a mapping"}


class ParamError(SoloError):
    """A parameter whose type is not the one the action declares."""


@functools.cache
def _hints(func: Callable[..., Any]) -> dict[str, Any]:
    """The function's resolved annotations, worked out once per action."""
    try:
        return typing.get_type_hints(func)
    except Exception:  # an annotation that cannot be resolved: check nothing rather than fail
        return {}


def _name(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_name(h) for h in typing.get_args(hint))
    if origin is list:
        (item,) = typing.get_args(hint) or (Any,)
        return "a list" + ("" if item is Any else f" of {_name(item)}")
    if origin is dict:
        return "a mapping"
    return _NAMES.get(hint, getattr(hint, "__name__", str(hint)))


def _fits(value: Any, hint: Any) -> bool:
    if hint is Any or hint is object:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if origin is list:
        (item,) = typing.get_args(hint) or (Any,)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is dict:
        key, item = typing.get_args(hint) or (Any, Any)
        return isinstance(value, dict) and all(_fits(k, key) and _fits(v, item) for k, v in value.items())
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if hint is type(None) or hint is None:
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a hint this checker does not know: the action checks it


def check(name: str, func: Callable[..., Any], signature: inspect.Signature, params: Any) -> None:
    """Raise `ParamError` naming the first parameter of `params` that does not fit `func`."""
    if not isinstance(params, dict):
        raise ParamError(f"action {name!r}: its parameters must be a mapping, not {describe(params)}")
    hints = _hints(func)
    declared = list(signature.parameters.values())[2:]  # after (campaign, ctx)
    named = {p.name: p for p in declared if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    for key, value in params.items():
        if not isinstance(key, str):
            raise ParamError(f"action {name!r}: parameter names are text, not {describe(key)}")
        if key in named and key in hints and not _fits(value, hints[key]):
            raise ParamError(f"action {name!r}, field {key!r}: expected {_name(hints[key])},"
                             f" found {describe(value)}")
