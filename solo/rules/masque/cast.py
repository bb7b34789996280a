"""A Masque cast as written: its dice, its constant, its average and whether a role actor may roll it.

Notation: dice joined by ``+`` and ``-`` with at most one negative constant
(``2d6-1``, ``d8+d1``, ``2d6-d4``, ``d13``).  ``d4|d6`` is a best-max pair
(keep the higher value with its die); a cast ending in the word ``least``
makes its pairs least-max (``d4|d6 least``: keep the lower).  A pair is one
initial die.  d1 is a d2 less one; d7, d11 and d13 are doubled dice
(`solo.dice.special`).

Averages are (lowest + highest face) / 2 per die, signed, plus the constant:
a d1 is 1/2, a d13 7.  A pair's average is its kept die's.

Role-actor legality (RULES.md 5.3): one to three initial dice (negative ones
count); the positive dice's faces add up to at most the current build, or to
exactly one more when a -1 is attached; no positive constant.  A pair's
faces are its kept die's (the larger for best max, the smaller for least).
Monster casts come from their stat blocks and are not checked ([SR] 5.10.6).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from solo.dice.special import DOUBLED
from solo.rules.engine import RulesError

MAX_ROLE_DICE = 3
_TERM = re.compile(r"^(\d*)d(\d+)(?:\|d(\d+))?$")


@dataclass(frozen=True, slots=True)
class Term:
    """One initial die: its faces, its sign and, for a pair, the other die's faces."""

    sides: int
    sign: int = 1
    pair: int = 0

    def kept_sides(self, least: bool) -> int:
        """The faces that count toward the build allowance (a single die's own)."""
        if not self.pair:
            return self.sides
        return min(self.sides, self.pair) if least else max(self.sides, self.pair)

    @property
    def rank(self) -> int:
        """The most faces this term can show (for 'the dice with the most faces')."""
        return max(self.sides, self.pair)

    def text(self, least: bool = False) -> str:
        return f"d{self.sides}|d{self.pair}" if self.pair else f"d{self.sides}"


@lru_cache(maxsize=2048)
def _text(cast: Cast) -> str:
    return cast._write()


def die_average(sides: int) -> Fraction:
    """(lowest + highest face) / 2; a d1 (0 or 1) averages 1/2."""
    return Fraction(1, 2) if sides == 1 else Fraction(sides + 1, 2)


@dataclass(frozen=True, slots=True)
class Cast:
    """A cast formula: initial dice in order, a constant (0 or less) and whether its pairs keep the least.

    What rolling it needs is worked out once, when it is made (a forecast rolls each cast thousands of
    times): `plain`, the sizes of its dice when each is one plain die (drawn in one go), else None;
    `tops`, the indices of the (at most two) initial dice with the most faces, earlier dice first on
    ties; `signs`, each initial die's sign; `bursts`, the indices of the dice of four faces or more
    (those that may show a natural); `lows`, for a plain cast, the indices of its positive dice with
    the fewest faces (one of which takes an over-by-one cast's -1, `throw.attach_minus_one`), and its
    hash.
    """

    terms: tuple[Term, ...]
    const: int = 0
    least: bool = False
    plain: tuple[int, ...] | None = field(init=False, repr=False, compare=False)
    tops: tuple[int, ...] = field(init=False, repr=False, compare=False)
    signs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    bursts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    lows: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        terms = self.terms
        plain = all(not t.pair and t.sides != 1 and t.sides not in DOUBLED for t in terms)
        order = sorted(range(len(terms)), key=lambda i: -terms[i].rank)
        object.__setattr__(self, "plain", tuple(t.sides for t in terms) if plain else None)
        object.__setattr__(self, "tops", tuple(sorted(order[:2])))
        object.__setattr__(self, "signs", tuple(t.sign for t in terms))
        object.__setattr__(self, "bursts", tuple(i for i, t in enumerate(terms) if t.sides >= 4))
        fewest = min((t.sides for t in terms if t.sign > 0), default=0)
        lows = tuple(i for i, t in enumerate(terms) if t.sign > 0 and t.sides == fewest)
        object.__setattr__(self, "lows", lows if plain else ())
        object.__setattr__(self, "_hash", hash((terms, self.const, self.least)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def text(self) -> str:
        return _text(self)

    def _write(self) -> str:
        parts: list[str] = []
        counted: list[tuple[Term, int]] = []
        for term in self.terms:
            if counted and counted[-1][0] == term:
                counted[-1] = (term, counted[-1][1] + 1)
            else:
                counted.append((term, 1))
        for term, count in counted:
            body = ("" if count == 1 else str(count)) + term.text()
            parts.append(("-" if term.sign < 0 else "+") + body)
        if self.const:
            parts.append(f"{self.const:+d}")
        text = "".join(parts).lstrip("+")
        return text + (" least" if self.least and any(t.pair for t in self.terms) else "")

    def __str__(self) -> str:
        return self.text

    @property
    def average(self) -> Fraction:
        """The cast's average before any reroll: signed dice averages plus the constant."""
        return sum((t.sign * die_average(t.kept_sides(self.least)) for t in self.terms),
                   Fraction(self.const))

    @property
    def faces(self) -> int:
        """The positive dice's faces: what the cast spends of its build allowance."""
        return sum(t.kept_sides(self.least) for t in self.terms if t.sign > 0)

    def problem(self, current_build: int) -> str | None:
        """Why a role actor at `current_build` may not roll this cast; None when it may."""
        if len(self.terms) > MAX_ROLE_DICE:
            return (f"a cast has at most {MAX_ROLE_DICE} dice, and {self.text} has {len(self.terms)}")
        if self.const > 0:
            return f"a cast adds no positive number ({self.text})"
        if not any(t.sign > 0 for t in self.terms):
            return f"a cast needs a positive die ({self.text})"
        faces = self.faces
        if faces > current_build + 1:
            return (f"{self.text} spends {faces} faces, over current build {current_build}"
                    f" (at most {current_build + 1} with a -1)")
        if faces == current_build + 1 and self.const > -1:
            return (f"{self.text} spends {faces} faces, one over current build {current_build}:"
                    f" add -1 ({self.text}-1)")
        return None

    @property
    def over_by_one(self) -> bool:
        """Whether the cast uses the exceed-by-one option (judged against the build it was legal at)."""
        return self.const <= -1

    def with_term(self, term: Term) -> Cast:
        return Cast((*self.terms, term), self.const, self.least)


@lru_cache(maxsize=2048)
def parse_cast(text: str) -> Cast:
    """A cast from its notation, or a RulesError naming the part that is wrong (casts are immutable, so
    each text is read once)."""
    raw = str(text).strip().lower()
    least = False
    for word in ("least max", "least", "best max", "best"):
        if raw.endswith(" " + word):
            least = word.startswith("least")
            raw = raw[: -len(word)].strip()
            break
    compact = raw.replace(" ", "")
    if not compact:
        raise RulesError("a cast is dice such as d8+d1 or 2d6-1, not nothing")
    pieces = re.findall(r"[+-]?[^+-]+", compact)
    if "".join(pieces) != compact or any(p in "+-" for p in pieces):
        raise RulesError(f"cannot read the cast {text!r}: write dice such as d8+d1 or 2d6-d4")
    terms: list[Term] = []
    const = 0
    for piece in pieces:
        sign = -1 if piece.startswith("-") else 1
        body = piece.lstrip("+-")
        if body.isdigit():
            const += sign * int(body)
            continue
        match = _TERM.match(body)
        if match is None:
            raise RulesError(f"cannot read {piece!r} in the cast {text!r}: a die is dN, NdN or dA|dB")
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        pair = int(match.group(3) or 0)
        if count < 1 or count > 12:
            raise RulesError(f"{piece!r} in the cast {text!r}: between 1 and 12 dice of a kind")
        for faces in (sides, pair):
            if faces and not 1 <= faces <= 100:
                raise RulesError(f"{piece!r} in the cast {text!r}: a die has 1 to 100 faces")
        if sides == 0:
            raise RulesError(f"{piece!r} in the cast {text!r}: a die has 1 to 100 faces")
        terms.extend(Term(sides, sign, pair) for _ in range(count))
    if not terms:
        raise RulesError(f"the cast {text!r} has no dice")
    return Cast(tuple(terms), const, least)


def legal_cast(text: str, current_build: int) -> Cast:
    """A role actor's cast, parsed and checked against its current build."""
    cast = parse_cast(text)
    problem = cast.problem(current_build)
    if problem:
        raise RulesError(problem)
    return cast
