"""Rolling an expression: every die kept in the result, dropped ones marked.

A `RollResult` is plain data: it turns into a dict for the journal and JSON
output and back again, and renders as one line such as
``4d6kh3+2: [6, 5, 4 | dropped 2] + 2 = 17``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solo.dice.notation import ConstTerm, DiceTerm, Expression, parse
from solo.dice.rng import Rng


@dataclass(frozen=True)
class Die:
    sides: int
    value: int
    kept: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"sides": self.sides, "value": self.value, "kept": self.kept}


@dataclass(frozen=True)
class TermRoll:
    notation: str
    sign: int
    dice: tuple[Die, ...]
    value: int  # signed contribution to the total

    def to_dict(self) -> dict[str, Any]:
        return {
            "notation": self.notation,
            "sign": self.sign,
            "dice": [d.to_dict() for d in self.dice],
            "value": self.value,
        }

    def render(self) -> str:
        if not self.dice:
            return self.notation
        kept = [str(d.value) for d in self.dice if d.kept]
        dropped = [str(d.value) for d in self.dice if not d.kept]
        inner = ", ".join(kept)
        if dropped:
            inner += " | dropped " + ", ".join(dropped)
        return f"{self.notation} [{inner}]"


@dataclass(frozen=True)
class RollResult:
    expression: str
    terms: tuple[TermRoll, ...]
    total: int

    @property
    def dice(self) -> list[Die]:
        return [d for t in self.terms for d in t.dice]

    @property
    def kept_values(self) -> list[int]:
        return [d.value for d in self.dice if d.kept]

    def to_dict(self) -> dict[str, Any]:
        return {
            "expression": self.expression,
            "total": self.total,
            "dice": [d.to_dict() for d in self.dice],
            "terms": [t.to_dict() for t in self.terms],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RollResult:
        terms = tuple(
            TermRoll(
                t["notation"],
                t["sign"],
                tuple(Die(d["sides"], d["value"], d.get("kept", True)) for d in t["dice"]),
                t["value"],
            )
            for t in data["terms"]
        )
        return cls(data["expression"], terms, data["total"])

    def render(self) -> str:
        parts: list[str] = []
        for i, term in enumerate(self.terms):
            text = term.render()
            if i == 0:
                parts.append(text if term.sign > 0 else f"- {text}")
            else:
                parts.append(("+ " if term.sign > 0 else "- ") + text)
        if len(self.terms) == 1 and len(self.dice) == 1:
            return f"{self.expression}: {self.total}"
        return f"{' '.join(parts)} = {self.total}"

    def __str__(self) -> str:
        return self.render()


def roll_die(sides: int, rng: Rng) -> int:
    """One die; a d66 is a tens d6 and a units d6."""
    if sides == 66:
        tens = rng.die(6)
        return tens * 10 + rng.die(6)
    return rng.die(sides)


def _roll_dice_term(term: DiceTerm, rng: Rng) -> TermRoll:
    values = [roll_die(term.sides, rng) for _ in range(term.count)]
    kept = [True] * len(values)
    if term.keep is not None:
        n_keep = term.keep.kept_count(len(values))
        # Stable order: among equal values the earlier die is kept first.
        order = sorted(range(len(values)), key=lambda i: (-values[i], i))
        if not term.keep.keeps_highest:
            order = sorted(range(len(values)), key=lambda i: (values[i], i))
        chosen = set(order[:n_keep])
        kept = [i in chosen for i in range(len(values))]
    dice = tuple(Die(term.sides, v, k) for v, k in zip(values, kept, strict=True))
    subtotal = sum(d.value for d in dice if d.kept)
    return TermRoll(term.notation(), term.sign, dice, term.sign * subtotal)


def roll(expression: str | Expression, rng: Rng) -> RollResult:
    """Roll dice notation with the given RNG."""
    expr = parse(expression) if isinstance(expression, str) else expression
    terms: list[TermRoll] = []
    for term in expr.terms:
        if isinstance(term, ConstTerm):
            terms.append(TermRoll(term.notation(), term.sign, (), term.sign * term.value))
        else:
            terms.append(_roll_dice_term(term, rng))
    return RollResult(expr.canonical(), tuple(terms), sum(t.value for t in terms))
