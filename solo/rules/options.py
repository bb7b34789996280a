"""Declared options: what a system's check, odds, encounter or move accepts, said once.

A system declares each option as an `Option` (name, kind, choices, default,
help).  Front ends never hard-code a system's flags: the command line makes
its flags from the declaration, the TUI builds a dialog from it, and the
campaign validates stored values with `Option.parse` before they reach the
system.  `parse_options` checks a whole mapping at once and names the option
that is wrong.

Kinds:

- ``flag``: on or off (``True``/``False``; the words yes/no/true/false/on/off/1/0).
- ``choice``: one of ``choices`` (case-insensitive).
- ``int``: a whole number, optionally within ``minimum``..``maximum``.
- ``text``: any non-empty text.
- ``actor``: the name of a character (checked by whoever knows the cast).
- ``list``: several texts (``repeat`` on the command line; a comma list in a dialog).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from solo.errors import SoloError

KINDS = ("flag", "choice", "int", "text", "actor", "list")
_TRUE = {"yes", "true", "on", "1", "y"}
_FALSE = {"no", "false", "off", "0", "n"}


class OptionError(SoloError):
    """A value that does not fit its declared option."""


@dataclass(frozen=True, slots=True)
class Option:
    """One declared option of a check, an odds query, an encounter or a system move."""

    name: str  # snake_case key; the CLI flag is --name-with-dashes
    kind: str = "text"
    help: str = ""
    choices: tuple[str, ...] = ()
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    cli: str = ""  # the command-line flag's name when it differs from `name` ("talent" for use_talent)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"option {self.name}: a choice needs its choices")

    @property
    def flag(self) -> str:
        return "--" + (self.cli or self.name.replace("_", "-"))

    def parse(self, value: Any) -> Any:
        """`value` (text from a prompt or a flag, or an already typed value) as this option's type."""
        where = f"option {self.flag}"
        if value is None:
            return self.default
        if self.kind == "flag":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise OptionError(f"{where} is yes or no, not {value!r}")
        if self.kind == "choice":
            text = str(value).strip().lower()
            for choice in self.choices:
                if choice.lower() == text:
                    return choice
            raise OptionError(f"{where} must be one of {', '.join(self.choices)}, not {value!r}")
        if self.kind == "int":
            if isinstance(value, bool):
                raise OptionError(f"{where} is a whole number, not {value!r}")
            try:
                number = int(str(value).strip())
            except ValueError:
                raise OptionError(f"{where} is a whole number, not {value!r}") from None
            if self.minimum is not None and number < self.minimum:
                raise OptionError(f"{where} is at least {self.minimum}, not {number}")
            if self.maximum is not None and number > self.maximum:
                raise OptionError(f"{where} is at most {self.maximum}, not {number}")
            return number
        if self.kind == "list":
            items: Iterable[Any] = value.split(",") if isinstance(value, str) else value
            out = [str(item).strip() for item in items if str(item).strip()]
            return out
        text = str(value).strip()
        if not text:
            raise OptionError(f"{where} needs a value")
        return text


def parse_options(
    declared: Iterable[Option], given: Mapping[str, Any], *, strict: bool = True
) -> dict[str, Any]:
    """`given` checked against `declared`: every known key parsed, an unknown key refused (if strict).

    Options left out are not filled in with their defaults: the system keeps
    its own defaults, so an empty mapping means "as the rules say".
    """
    by_name = {option.name: option for option in declared}
    out: dict[str, Any] = {}
    for key, value in given.items():
        option = by_name.get(key)
        if option is None:
            if strict:
                known = ", ".join(o.flag for o in by_name.values()) or "none"
                raise OptionError(f"unknown option {Option(key).flag} (known: {known})")
            continue
        out[key] = option.parse(value)
    return out


def given(declared: Iterable[Option], options: Mapping[str, Any], what: str) -> SimpleNamespace:
    """The options a call was given, by name, each one left out at its declared default.

    A system's `check`, `check_odds` and `odds_for` take `**options` and read
    them through this, so the declaration is the one list of what they take;
    an unknown name is an OptionError naming what `what` takes, and a whole
    number is checked against its declared kind and range.
    """
    by_name = {option.name: option for option in declared}
    unknown = sorted(set(options) - set(by_name))
    if unknown:
        raise OptionError(f"{what} take {', '.join(by_name) or 'no options'}; not {', '.join(unknown)}")
    return SimpleNamespace(**{name: option.parse(options[name]) if option.kind == "int" and name in options
                              else options.get(name, option.default) for name, option in by_name.items()})
