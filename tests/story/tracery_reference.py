"""The tracery-backed grammar expansion solo used before its own expander.

Kept only as a reference: the tests check that `solo.tables.grammar.Grammar`
gives exactly the text tracery itself would give, choice for choice, with the
same seeded RNG (see test_grammar_expander.py).
"""

from __future__ import annotations

import threading

import tracery

from solo.dice.rng import Rng
from solo.errors import SoloError
from solo.tables.grammar import MAX_DEPTH, MODIFIERS, Resolver, TableError, escape

_LOCK = threading.RLock()

class _RandomShim:
    """Stands in for the `random` module inside tracery while we expand."""

    def __init__(self, rng: Rng):
        self.rng = rng

    def choice(self, seq):  # noqa: ANN001 - tracery's own signature
        return self.rng.choice(seq)


class _DepthExceeded(Exception):
    pass




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


class TraceryGrammar:
    """A grammar ready to expand many times, each expansion starting fresh."""

    def __init__(self, name: str, rules: dict[str, list[str]], start: str = "origin"):
        self.name = name
        self.rules = rules
        self.start = start

    def expand(self, rng: Rng, resolve: Resolver, rule: str | None = None, budget=None) -> str:
        # `budget` (solo's limits on one roll) is accepted and ignored: tracery has none.
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
