"""Tracery grammars, made safe and seeded.

The `tracery` package is used for expansion, with three things mended:

* it picks rules with the global `random` module; while we expand, its module
  name `random` points at a shim over our own `Rng` (under a lock), so a
  `random.seed()` elsewhere changes nothing and campaigns replay;
* it crashes (IndexError on a POP of an empty stack, a bare Exception for a
  malformed tag, RecursionError on runaway recursion) and its English
  modifiers crash on empty text; every such failure becomes a `TableError`
  naming the grammar, and the modifiers are our own, total, versions;
* it prints ``((symbol))`` for an undefined symbol; `analyse` finds those
  before anything runs, so they are validation errors instead.

Inside a rule ``#@table-id#`` rolls another table and ``#=2d6#`` rolls dice;
both work with modifiers (``#@names/elf.capitalize#``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import tracery

from solo.dice.rng import Rng
from solo.errors import SoloError

MAX_DEPTH = 60
_LOCK = threading.RLock()


class TableError(SoloError):
    """A table or grammar could not be rolled."""


# -- modifiers: total functions, unlike tracery.modifiers ----------------------
def _capitalize(text: str, *_: str) -> str:
    return text[:1].upper() + text[1:]


def _capitalize_all(text: str, *_: str) -> str:
    return " ".join(_capitalize(w) for w in text.split(" "))


def _article(text: str, *_: str) -> str:
    if not text:
        return text
    first = text.lstrip()[:1].lower()
    uni = text.lower().startswith(("uni", "use", "usu", "one", "eu"))
    if first in "aeiou" and not uni or text.lower().startswith(("hour", "honest", "heir")):
        return "an " + text
    return "a " + text


def _plural(text: str, *_: str) -> str:
    if not text:
        return text
    lower = text.lower()
    if lower.endswith(("s", "sh", "ch", "x", "z")):
        return text + "es"
    if lower.endswith("y") and len(text) > 1 and lower[-2] not in "aeiou":
        return text[:-1] + "ies"
    return text + "s"


def _past(text: str, *_: str) -> str:
    if not text:
        return text
    lower = text.lower()
    if lower.endswith("e"):
        return text + "d"
    if lower.endswith("y") and len(text) > 1 and lower[-2] not in "aeiou":
        return text[:-1] + "ied"
    return text + "ed"


def _replace(text: str, *params: str) -> str:
    if len(params) < 2:
        return text
    return text.replace(params[0], params[1])


MODIFIERS: dict[str, Callable[..., str]] = {
    "capitalize": _capitalize,
    "capitalizeAll": _capitalize_all,
    "a": _article,
    "s": _plural,
    "ed": _past,
    "uppercase": lambda text, *_: text.upper(),
    "lowercase": lambda text, *_: text.lower(),
    "replace": _replace,
}


def escape(text: str) -> str:
    """Make text safe to hand back to tracery as a rule: no tags or actions in it."""
    return (
        text.replace("\\", "\\\\").replace("#", "\\#").replace("[", "\\[").replace("]", "\\]")
    )


# -- static analysis ------------------------------------------------------------
@dataclass
class GrammarInfo:
    """What a grammar's rules refer to, for validation."""

    references: dict[str, set[str]] = field(default_factory=dict)  # symbol -> symbols used
    pushed: set[str] = field(default_factory=set)  # symbols defined by [x:...] actions
    tables: set[str] = field(default_factory=set)  # '@id' references
    dice: set[str] = field(default_factory=set)  # '=expr' references
    modifiers: set[str] = field(default_factory=set)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (symbol, message)
    # per-rule symbol sets, for the "can this symbol ever finish?" check
    rule_refs: dict[str, list[set[str]]] = field(default_factory=dict)


def _scan_rule(rule: str, info: GrammarInfo, symbol: str, refs: set[str], depth: int = 0) -> None:
    if depth > 20:
        info.errors.append((symbol, "actions nested too deeply"))
        return
    try:
        sections, errors = tracery.parse(rule)
    except Exception as exc:  # tracery raises bare Exceptions on malformed input
        info.errors.append((symbol, f"cannot read rule {rule!r}: {exc}"))
        return
    for message in errors:
        info.errors.append((symbol, f"rule {rule!r}: {message}"))
    for section in sections:
        raw = section["raw"]
        if section["type"] == 1:
            try:
                tag = tracery.parse_tag(raw)
            except Exception as exc:
                info.errors.append((symbol, f"rule {rule!r}: bad tag #{raw}#: {exc}"))
                continue
            for action in tag["preactions"]:
                _scan_action(action["raw"], info, symbol, refs, depth)
            name = tag["symbol"]
            if not name:
                info.errors.append((symbol, f"rule {rule!r}: empty tag"))
                continue
            if name.startswith("@"):
                info.tables.add(name[1:])
            elif name.startswith("="):
                info.dice.add(name[1:])
            else:
                refs.add(name)
            for mod in tag["modifiers"]:
                info.modifiers.add(mod.split("(", 1)[0])
        elif section["type"] == 2:
            _scan_action(raw, info, symbol, refs, depth)


def _scan_action(raw: str, info: GrammarInfo, symbol: str, refs: set[str], depth: int) -> None:
    parts = raw.split(":")
    target = parts[0]
    if len(parts) == 1:
        refs.add(target)
        return
    rule = parts[1]
    if len(parts) > 2:
        info.errors.append((symbol, f"action [{raw}] has more than one ':'"))
        return
    if rule == "POP":
        return
    info.pushed.add(target)
    for piece in rule.split(","):
        _scan_rule(piece, info, symbol, refs, depth + 1)


def analyse(rules: dict[str, list[str]]) -> GrammarInfo:
    info = GrammarInfo()
    for symbol, options in rules.items():
        info.references[symbol] = set()
        info.rule_refs[symbol] = []
        for rule in options:
            refs: set[str] = set()
            _scan_rule(rule, info, symbol, refs)
            info.references[symbol] |= refs
            info.rule_refs[symbol].append(refs)
    return info


def endless_symbols(rules: dict[str, list[str]], info: GrammarInfo) -> set[str]:
    """Symbols none of whose rules can ever finish expanding (unbounded recursion)."""
    finishing: set[str] = set(info.pushed) - set(rules)
    changed = True
    while changed:
        changed = False
        for symbol, rule_sets in info.rule_refs.items():
            if symbol in finishing:
                continue
            if any(refs <= finishing for refs in rule_sets):
                finishing.add(symbol)
                changed = True
    return set(rules) - finishing


def reachable_symbols(start: str, info: GrammarInfo) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        for nxt in info.references.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


# -- expansion ------------------------------------------------------------------
class _RandomShim:
    """Stands in for the `random` module inside tracery while we expand."""

    def __init__(self, rng: Rng):
        self.rng = rng

    def choice(self, seq):  # noqa: ANN001 - tracery's own signature
        return self.rng.choice(seq)


class _DepthExceeded(Exception):
    pass


Resolver = Callable[[str, str], str]  # (kind '@' or '=', argument) -> text


class _Grammar(tracery.Grammar):
    def __init__(self, raw: dict[str, list[str]], resolve: Resolver):
        super().__init__(raw)
        self.resolve = resolve
        self.add_modifiers(MODIFIERS)

    def select_rule(self, key, node, errors):  # noqa: ANN001 - tracery's signature
        if node is not None and node.depth > MAX_DEPTH:
            raise _DepthExceeded()
        if key and key[0] in "@=":
            return escape(self.resolve(key[0], key[1:]))
        if key not in self.symbols:
            raise TableError(f"symbol '{key}' is not defined")
        return super().select_rule(key, node, errors)


class Grammar:
    """A grammar ready to expand many times, each expansion starting fresh."""

    def __init__(self, name: str, rules: dict[str, list[str]], start: str = "origin"):
        self.name = name
        self.rules = rules
        self.start = start

    def expand(self, rng: Rng, resolve: Resolver, rule: str | None = None) -> str:
        rule = rule if rule is not None else f"#{self.start}#"
        grammar = _Grammar(self.rules, resolve)
        with _LOCK:
            saved = tracery.random
            tracery.random = _RandomShim(rng)
            try:
                text = grammar.flatten(rule)
            except _DepthExceeded:
                raise TableError(
                    f"grammar {self.name}: expansion went more than {MAX_DEPTH} levels deep;"
                    " a rule probably refers back to itself too often"
                ) from None
            except RecursionError:
                raise TableError(f"grammar {self.name}: expansion recursed without end") from None
            except TableError as exc:
                raise TableError(f"grammar {self.name}: {exc}") from None
            except SoloError:
                raise
            except IndexError:
                raise TableError(
                    f"grammar {self.name}: a [symbol:POP] removed more rules than were pushed"
                ) from None
            except Exception as exc:  # tracery's own bare exceptions
                raise TableError(f"grammar {self.name}: tracery failed: {exc}") from None
            finally:
                tracery.random = saved
        return text
