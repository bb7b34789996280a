"""The one source of randomness.

Every roll in solo draws from an `Rng` that is handed in, never from the
global `random` module, so a campaign that saves `Rng.get_state()` replays
exactly, and nothing else in the process (a library calling `random.seed()`)
can change our results.

`ScriptedRng` replays forced die results in order; the worked examples of the
rule texts are tested with it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from solo.errors import SoloError

T = TypeVar("T")


class Rng:
    """A seedable random source whose full state is plain, JSON-ready data."""

    def __init__(self, seed: int | None = None):
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.seed = int(seed)
        self._random = random.Random(self.seed)

    # -- drawing -----------------------------------------------------------
    def die(self, sides: int) -> int:
        """One die with faces 1..sides.

        The draw is the one `randint(1, sides)` makes, taken without its
        argument checks (forecasts roll hundreds of thousands of dice); any
        other argument goes through `randint` and its errors.
        """
        if type(sides) is int and sides > 0:
            if _BITS_DRAW:  # `_randbelow` written out, as in `dice`
                bits = self._random.getrandbits
                k = _WIDTH[sides] if sides < 64 else sides.bit_length()
                r = bits(k)
                while r >= sides:
                    r = bits(k)
                return r + 1
            # typeshed leaves out Random's private draw; it has been in CPython since 3.2.
            return self._random._randbelow(sides) + 1  # type: ignore[attr-defined]
        return self._random.randint(1, sides)

    def dice(self, sides: Iterable[int]) -> list[int]:
        """One die of each size, in order: exactly `[self.die(s) for s in sides]`.

        With the plain `die` and CPython's own draw (`_randbelow` by whole
        random bits) the draw is written out here, which spares two calls a
        die; a subclass or an instance with its own `die` is asked die by die.
        """
        die = self.die
        if not _BITS_DRAW or getattr(die, "__func__", None) is not Rng.die:
            return [die(s) for s in sides]
        bits = self._random.getrandbits
        out = []
        for n in sides:
            if type(n) is not int or n < 1:
                out.append(die(n))  # randint's own error
                continue
            k = _WIDTH[n] if n < 64 else n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            out.append(r + 1)
        return out

    def randint(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        """One of `items`, each as likely: the draw `randrange(len(items))` makes, which is this class's
        own `die` less one (so a subclass that scripts its dice does not script this)."""
        n = len(items)
        if not n:
            raise SoloError("cannot pick from an empty list")
        return items[Rng.die(self, n) - 1]

    def weighted_index(self, weights: Sequence[int]) -> int:
        """Index i with probability weights[i] / sum(weights); integer weights."""
        total = sum(weights)
        if total <= 0:
            raise SoloError("cannot pick by weight when every weight is zero")
        point = self.below(total)
        for index, weight in enumerate(weights):
            if point < weight:
                return index
            point -= weight
        raise AssertionError("unreachable")  # pragma: no cover

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1, each as likely (the draw `weighted_index` makes)."""
        return self._random.randrange(n)

    def shuffle(self, items: list[Any]) -> None:
        self._random.shuffle(items)

    def random(self) -> float:
        return self._random.random()

    # -- state ---------------------------------------------------------------
    def get_state(self) -> dict[str, Any]:
        version, internal, gauss = self._random.getstate()
        return {"seed": self.seed, "version": version, "internal": list(internal), "gauss": gauss}

    def set_state(self, state: dict[str, Any]) -> None:
        try:
            internal = tuple(map(int, state["internal"]))
            self._random.setstate((int(state["version"]), internal, state.get("gauss")))
            self.seed = int(state.get("seed", self.seed))
        except (KeyError, TypeError, ValueError, OverflowError) as exc:  # a negative or huge word
            raise SoloError(f"random generator state is damaged: {exc}") from None

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Rng:
        rng = cls(0)
        rng.set_state(state)
        return rng

    def copy(self) -> Rng:
        return Rng.from_state(self.get_state())


_WIDTH = tuple(n.bit_length() for n in range(64))  # the bits drawn for a die of up to 63 sides

#: whether random.Random draws below n the way `Rng.dice` writes out (true of CPython 3.2 on)
_BITS_DRAW = random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


class ScriptedRng(Rng):
    """Gives back the die results it was given, in order; for replaying worked examples.

    Every die drawn must come from the script and fit the die; running out, or
    a result that the die cannot show, is an error naming the position.
    """

    def __init__(self, results: Iterable[int]):
        super().__init__(0)
        self.results = list(results)
        self.position = 0

    def die(self, sides: int) -> int:
        if self.position >= len(self.results):
            raise SoloError(
                f"scripted dice ran out after {self.position} rolls (a d{sides} was asked for)"
            )
        value = self.results[self.position]
        if not 1 <= value <= sides:
            raise SoloError(
                f"scripted die #{self.position + 1} is {value}, which a d{sides} cannot roll"
            )
        self.position += 1
        return value

    def randint(self, low: int, high: int) -> int:
        return low - 1 + self.die(high - low + 1)

    @property
    def exhausted(self) -> bool:
        return self.position >= len(self.results)
