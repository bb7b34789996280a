"""Tracery grammars, made safe, seeded and fast.

Grammars are written in Tracery's notation and read with the `tracery`
package's own parser, but expanded here, by an expander that follows
tracery 0.1.1 step for step (the tests compare the two text for text).
Doing it ourselves mends four things:

* tracery picks rules with the global `random` module; ours come from the
  `Rng` handed in, so a `random.seed()` elsewhere changes nothing and
  campaigns replay - without swapping module globals under a lock;
* tracery re-parses every rule each time it is used and builds a fresh
  grammar object per expansion; here each rule is parsed once per grammar,
  which makes expansion several times faster than tracery itself;
* tracery crashes (IndexError on a POP of an empty stack, a bare Exception for
  a malformed tag, RecursionError on runaway recursion) and its English
  modifiers crash on empty text; every such failure becomes a `TableError`
  naming the grammar, and the modifiers are our own, total, versions;
* tracery prints ``((symbol))`` for an undefined symbol; `analyse` finds those
  before anything runs, so they are validation errors instead;
* tracery expands a grammar that grows faster than it finishes until memory
  runs out; here every expansion draws on the roll's `Budget` (symbols
  expanded, text length - a ``.replace`` is measured before it runs) and
  stops with a `TableError` naming the chain of symbols that ran away.

Inside a rule ``#@table-id#`` rolls another table and ``#=2d6#`` rolls dice;
both work with modifiers (``#@names/elf.capitalize#``).
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import tracery

from solo.dice.rng import Rng
from solo.tables.budget import Budget, RunawayError, TableError, describe_path

MAX_DEPTH = 60

__all__ = ["MAX_DEPTH", "Grammar", "TableError", "analyse", "endless_symbols", "escape", "finishing_depths",
           "reachable_symbols"]


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


def finishing_depths(rules: dict[str, list[str]], info: GrammarInfo) -> dict[str, int]:
    """For each symbol that can finish, the fewest levels of symbols its expansion needs.

    A symbol whose rules use no symbols needs one level; otherwise one more
    than its best rule's deepest symbol.  Symbols settle in rising order, each
    rule counting the symbols it still waits for (Knuth's generalisation of
    Dijkstra's shortest paths), so a grammar of thousands of symbols costs a
    pass over its rules, however they are ordered.  A symbol used but never
    defined counts as finishing at once: it is reported as undefined, and must
    not also make every symbol that uses it look endless.
    """
    used = set().union(*info.references.values()) if info.references else set()
    depths: dict[str, int] = dict.fromkeys((set(info.pushed) | used) - set(rules), 0)
    waiting: list[list[int]] = []  # per rule: [symbols still unsettled, owner index]
    owners = list(info.rule_refs)
    users: dict[str, list[int]] = {}
    heap: list[tuple[int, str]] = []
    for owner_index, symbol in enumerate(owners):
        for refs in info.rule_refs[symbol]:
            pending = {r for r in refs if r not in depths}
            settled = max((depths[r] for r in refs if r in depths), default=0)
            if not pending:
                heapq.heappush(heap, (settled + 1, symbol))
                continue
            waiting.append([len(pending), owner_index])
            for ref in pending:
                users.setdefault(ref, []).append(len(waiting) - 1)
    while heap:
        depth, symbol = heapq.heappop(heap)
        if symbol in depths:
            continue
        depths[symbol] = depth
        for rule_index in users.get(symbol, ()):
            entry = waiting[rule_index]
            entry[0] -= 1
            if entry[0] == 0:  # its last symbol settled, and settled deepest: one more level
                heapq.heappush(heap, (depth + 1, owners[entry[1]]))
    return {symbol: depth for symbol, depth in depths.items() if symbol in rules}


def endless_symbols(rules: dict[str, list[str]], info: GrammarInfo) -> set[str]:
    """Symbols none of whose rules can ever finish expanding (unbounded recursion)."""
    return set(rules) - set(finishing_depths(rules, info))


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
Resolver = Callable[[str, str], str]  # (kind '@' or '=', argument) -> text

# A rule, compiled once: a tuple of sections, each one of
#   (TEXT, raw)
#   (TAG, preactions, symbol, modifiers)   modifiers: ((name, params), ...)
#   (ACTION, action)
# and an action is (PUSH, target, rule pieces) | (POP, target) | (RUN, target).
TEXT, TAG, ACTION = 0, 1, 2
PUSH, POP, RUN = 0, 1, 2
_SPECIAL = frozenset("#[]\\")
_MOD_PARAMS = re.compile(r"\(([^)]+)\)")


class _DepthExceeded(Exception):
    pass


class _PopUnderflow(Exception):
    pass


def _compile_action(raw: str) -> tuple:
    parts = raw.split(":")
    if len(parts) == 1:
        return (RUN, parts[0])
    if parts[1] == "POP":
        return (POP, parts[0])
    return (PUSH, parts[0], tuple(parts[1].split(",")))


def _compile_modifier(raw: str) -> tuple[str, tuple[str, ...]]:
    params: tuple[str, ...] = ()
    if raw.find("(") > 0:
        found = _MOD_PARAMS.findall(raw)
        if found:
            params = tuple(found[0].split(","))
            raw = raw[:raw.find("(")]
    return raw, params


def _compile(rule: str) -> tuple:
    sections, _errors = tracery.parse(rule)  # tracery ignores these errors too
    out: list[tuple] = []
    for section in sections:
        kind, raw = section["type"], section["raw"]
        if kind == 1:
            try:
                tag = tracery.parse_tag(raw)
            except Exception as exc:  # tracery's bare Exception for a malformed tag
                raise TableError(f"bad tag #{raw}#: {exc}") from None
            out.append((TAG, tuple(_compile_action(a["raw"]) for a in tag["preactions"]),
                        tag["symbol"], tuple(_compile_modifier(m) for m in tag["modifiers"])))
        elif kind == 2:
            out.append((ACTION, _compile_action(raw)))
        else:
            out.append((TEXT, raw))
    return tuple(out)


def _clear_escapes(text: str) -> str:
    return text.replace("\\\\", "DOUBLEBACKSLASH").replace("\\", "").replace("DOUBLEBACKSLASH", "\\")


class _Expansion:
    """One expansion: the rule stacks that [x:...] actions push and pop, and the RNG."""

    def __init__(self, grammar: Grammar, rng: Rng, resolve: Resolver, budget: Budget):
        self.grammar = grammar
        self.rng = rng
        self.resolve = resolve
        self.budget = budget
        self.stacks: dict[str, list[list[str]]] = {}

    def rule(self, rule: str, depth: int) -> str:
        """The text of `rule`, expanded as the children of a node at `depth`."""
        text = "".join([self.section(s, depth + 1) for s in self.grammar.compiled(rule)])
        if len(text) > 256:
            self.budget.text(len(text))
        return text

    def section(self, section: tuple, depth: int) -> str:
        kind = section[0]
        if kind == TEXT:
            return section[1]
        if kind == ACTION:
            self.act(section[1])
            return ""
        _, actions, symbol, modifiers = section
        for action in actions:
            self.act(action)
        path = self.budget.path
        if symbol and symbol[0] in "@=":
            if depth > MAX_DEPTH:
                raise _DepthExceeded()
            text = self.resolve(symbol[0], symbol[1:])
            if not _SPECIAL.isdisjoint(text):  # read back as a rule, as tracery does
                text = "".join([self.section(s, depth + 1) for s in _compile(escape(text))])
        else:
            path.append(f"#{symbol}#")
            text = self.rule(self.select(symbol, depth), depth)
            path.pop()
        for name, params in modifiers:
            modifier = MODIFIERS.get(name)
            if name == "replace" and len(params) >= 2 and params[0]:
                grown = len(params[1]) - len(params[0])
                if grown > 0:
                    self.budget.text(len(text) + text.count(params[0]) * grown)
            text = modifier(text, *params) if modifier else text + "((." + name + "))"
        return text

    def select(self, symbol: str, depth: int) -> str:
        if depth > MAX_DEPTH:
            raise _DepthExceeded()
        self.budget.step()
        stack = self.stacks.get(symbol)
        if stack is None:
            rules = self.grammar.rules.get(symbol)
            if rules is None:
                raise TableError(f"symbol '{symbol}' is not defined")
        elif stack:
            rules = stack[-1]
        else:
            raise _PopUnderflow()
        return self.rng.choice(rules)

    def act(self, action: tuple) -> None:
        kind, target = action[0], action[1]
        if kind == PUSH:
            finished = [self.rule(piece, 0) for piece in action[2]]
            stack = self.stacks.get(target)
            if stack is None:
                base = self.grammar.rules.get(target)
                stack = self.stacks[target] = [base] if base is not None else []
            stack.append(finished)
        elif kind == POP:
            stack = self.stacks.get(target)
            if stack is None:
                base = self.grammar.rules.get(target)
                if base is None:
                    return  # tracery only notes a pop of an unknown symbol
                stack = self.stacks[target] = [base]
            if not stack:
                raise _PopUnderflow()
            stack.pop()
        else:
            self.rule(target, 0)


class Grammar:
    """A grammar ready to expand many times, each expansion starting fresh.

    Expansion follows tracery's own algorithm step for step - the same rules
    picked with the same calls on the RNG, the same push/pop semantics (pushed
    rules are never popped automatically, as in tracery 0.1.1), the same
    escapes - so a grammar reads exactly as it would in tracery. Each rule is
    parsed once and kept, which is what makes it fast.
    """

    def __init__(self, name: str, rules: dict[str, list[str]], start: str = "origin"):
        self.name = name
        self.rules = rules
        self.start = start
        self._compiled: dict[str, tuple] = {}

    def compiled(self, rule: str) -> tuple:
        found = self._compiled.get(rule)
        if found is None:
            found = self._compiled[rule] = _compile(rule)
        return found

    def expand(self, rng: Rng, resolve: Resolver, rule: str | None = None,
               budget: Budget | None = None) -> str:
        """Expand `rule` (the start symbol by default), drawing on `budget` (a fresh one if none)."""
        rule = rule if rule is not None else f"#{self.start}#"
        budget = budget if budget is not None else Budget()
        if budget.root is None:
            budget.root = self.name
        depth_before = len(budget.path)
        try:
            text = _Expansion(self, rng, resolve, budget).rule(rule, 0)
        except _DepthExceeded:
            raise TableError(
                f"grammar {self.name}: expansion went more than {MAX_DEPTH} levels deep;"
                " a rule probably refers back to itself too often"
                f" ({describe_path(budget.path[depth_before:])})"
            ) from None
        except RecursionError:
            raise TableError(f"grammar {self.name}: expansion recursed without end"
                             f" ({describe_path(budget.path[depth_before:])})") from None
        except _PopUnderflow:
            raise TableError(
                f"grammar {self.name}: a [symbol:POP] removed more rules than were pushed"
            ) from None
        except RunawayError:
            raise
        except TableError as exc:
            raise TableError(f"grammar {self.name}: {exc}") from None
        return _clear_escapes(text)
