"""Dice notation: text in, a small immutable expression tree out.

Grammar (case-insensitive, spaces ignored)::

    expression := ['+'|'-'] term (('+'|'-') term)*
    term       := INT | dice
    dice       := [INT] 'd' (INT | '%') [keep]
    keep       := ('kh'|'kl'|'k') INT      keep the highest / lowest INT dice ('k' = 'kh')
                | ('dh'|'dl'|'d') INT      drop the highest / lowest INT dice ('d' = 'dl')

`d%` and `d100` are the same die (1-100).  `d66` is read the way tables use
it: a tens die and a units die, both d6, giving 11..66 with no 0 or 7-9
digits.

Limits keep absurd requests from hanging the program: at most
`MAX_DICE` dice in one expression, at most `MAX_SIDES` sides on a die, at most
`MAX_TERMS` terms and `MAX_LENGTH` characters.  Anything wrong raises
`DiceError` naming the expression and the position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from solo.errors import SoloError

MAX_DICE = 1000
MAX_SIDES = 10000
MAX_TERMS = 100
MAX_LENGTH = 500
MAX_CONSTANT = 10**9


class DiceError(SoloError):
    """Bad or absurd dice notation."""


@dataclass(frozen=True)
class Keep:
    """Which dice of a group count: keep or drop the highest or lowest `count`."""

    mode: str  # "kh", "kl", "dh" or "dl"
    count: int

    def kept_count(self, dice: int) -> int:
        if self.mode in ("kh", "kl"):
            return self.count
        return dice - self.count

    @property
    def keeps_highest(self) -> bool:
        """True when the dice that count are the highest ones."""
        return self.mode in ("kh", "dl")

    def __str__(self) -> str:
        return f"{self.mode}{self.count}"


@dataclass(frozen=True)
class DiceTerm:
    count: int
    sides: int  # 66 means the d66 (tens and units)
    keep: Keep | None = None
    sign: int = 1

    @property
    def is_d66(self) -> bool:
        return self.sides == 66

    def notation(self) -> str:
        count = "" if self.count == 1 else str(self.count)
        keep = "" if self.keep is None else str(self.keep)
        return f"{count}d{self.sides}{keep}"


@dataclass(frozen=True)
class ConstTerm:
    value: int
    sign: int = 1

    def notation(self) -> str:
        return str(self.value)


Term = DiceTerm | ConstTerm


@dataclass(frozen=True)
class Expression:
    source: str
    terms: tuple[Term, ...]

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms if isinstance(t, DiceTerm))

    def canonical(self) -> str:
        parts: list[str] = []
        for i, term in enumerate(self.terms):
            text = term.notation()
            if i == 0:
                parts.append(text if term.sign > 0 else f"-{text}")
            else:
                parts.append(("+" if term.sign > 0 else "-") + text)
        return "".join(parts)

    def __str__(self) -> str:
        return self.canonical()


class _Parser:
    def __init__(self, source: str):
        self.source = source
        self.text = source.lower()
        self.pos = 0

    # -- helpers -----------------------------------------------------------
    def fail(self, what: str, at: int | None = None) -> DiceError:
        where = self.pos if at is None else at
        return DiceError(f'bad dice expression "{self.source}": {what} (at character {where + 1})')

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t":
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def integer(self) -> int | None:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        if start == self.pos:
            return None
        digits = self.text[start : self.pos]
        if len(digits) > 10:
            raise self.fail(f"the number {digits} is far too large", start)
        return int(digits)

    # -- grammar -----------------------------------------------------------
    def parse(self) -> Expression:
        if len(self.source) > MAX_LENGTH:
            raise DiceError(
                f"dice expression is {len(self.source)} characters long; the limit is {MAX_LENGTH}"
            )
        terms: list[Term] = []
        self.skip_spaces()
        if not self.peek():
            raise DiceError("empty dice expression: write something like 2d6+1")
        sign = 1
        if self.peek() in "+-":
            sign = -1 if self.peek() == "-" else 1
            self.pos += 1
        while True:
            self.skip_spaces()
            terms.append(self.term(sign))
            if len(terms) > MAX_TERMS:
                raise DiceError(f'dice expression "{self.source}" has more than {MAX_TERMS} terms')
            self.skip_spaces()
            char = self.peek()
            if not char:
                break
            if char in "+-":
                sign = -1 if char == "-" else 1
                self.pos += 1
                continue
            raise self.fail(f"unexpected {char!r}; expected + or - between terms")
        expression = Expression(self.source.strip(), tuple(terms))
        if expression.dice_count > MAX_DICE:
            raise DiceError(
                f'dice expression "{self.source}" rolls {expression.dice_count} dice;'
                f" the limit is {MAX_DICE}"
            )
        return expression

    def term(self, sign: int) -> Term:
        start = self.pos
        number = self.integer()
        if self.peek() == "d":
            return self.dice(1 if number is None else number, sign, start)
        if number is None:
            char = self.peek()
            if not char:
                raise self.fail("expected a number or a die after the sign")
            raise self.fail(f"unexpected {char!r}; expected a number or a die such as d6")
        if number > MAX_CONSTANT:
            raise self.fail(f"the number {number} is too large", start)
        return ConstTerm(number, sign)

    def dice(self, count: int, sign: int, start: int) -> DiceTerm:
        self.pos += 1  # the 'd'
        if count < 1:
            raise self.fail("a group of dice needs at least one die", start)
        if count > MAX_DICE:
            raise self.fail(f"{count} dice is too many; the limit is {MAX_DICE}", start)
        if self.peek() == "%":
            self.pos += 1
            sides = 100
        else:
            at = self.pos
            sides_or_none = self.integer()
            if sides_or_none is None:
                raise self.fail("expected the number of sides after 'd' (d6, d20, d%)")
            sides = sides_or_none
            if sides < 1:
                raise self.fail("a die needs at least one side", at)
            if sides > MAX_SIDES:
                raise self.fail(f"a d{sides} has too many sides; the limit is {MAX_SIDES}", at)
        keep = self.keep(count)
        return DiceTerm(count, sides, keep, sign)

    def keep(self, count: int) -> Keep | None:
        char = self.peek()
        if char not in ("k", "d"):
            return None
        at = self.pos
        self.pos += 1
        nxt = self.peek()
        if nxt in ("h", "l"):
            self.pos += 1
            mode = char + nxt
        else:
            mode = "kh" if char == "k" else "dl"
        n = self.integer()
        if n is None:
            raise self.fail(f"expected how many dice to {'keep' if mode[0] == 'k' else 'drop'}"
                            f" after '{mode}'")
        if mode[0] == "k" and not 1 <= n <= count:
            raise self.fail(f"cannot keep {n} of {count} dice", at)
        if mode[0] == "d" and not 0 <= n < count:
            raise self.fail(f"cannot drop {n} of {count} dice and still have one left", at)
        return Keep(mode, n)


def parse(source: str) -> Expression:
    """Parse dice notation into an `Expression`, or raise `DiceError`."""
    if not isinstance(source, str):
        raise DiceError(f"a dice expression must be text, not {type(source).__name__}")
    return _parse_cached(source)


@lru_cache(maxsize=512)
def _parse_cached(source: str) -> Expression:
    return _Parser(source).parse()
