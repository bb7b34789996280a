"""The RNG's position in a log record: how many 32-bit words one action drew.

A campaign's RNG is CPython's Mersenne Twister, whose full state is 624
words and an index (`Rng.get_state()`: 625 integers, about 7 KB of JSON).
Writing that into every line of the action log would make each move cost
kilobytes, so a log record says instead how far the action moved the
generator: the number of words it drew.  Every draw Python makes (a die, a
`randrange`, a `random()`) takes whole words from the same stream, and
`getrandbits(32 * n)` takes exactly `n` of them, so the state after an
action is always the state before it advanced by `n` words.

The writer finds `n` by stepping a copy of the state before until it equals
the state after: first to the right index, then one full block (624 words)
at a time.  An action that draws more than `MAX_BLOCKS` blocks, or leaves
the generator somewhere no stepping reaches (a reseed), is written with the
full state instead (`None` here), so a record is always exact.
"""

from __future__ import annotations

import random
from typing import Any

WORDS = 624
MAX_BLOCKS = 4096  # about 2.5 million words drawn by one action


def _generator(state: dict[str, Any]) -> random.Random | None:
    if state.get("gauss") is not None:
        return None
    generator = random.Random()
    generator.setstate((int(state["version"]), tuple(state["internal"]), None))
    return generator


def words_between(before: dict[str, Any], after: dict[str, Any]) -> int | None:
    """Words drawn from `before` to reach `after` (both `Rng.get_state()`), or None if unreachable."""
    if before.get("seed") != after.get("seed") or after.get("gauss") is not None:
        return None
    generator = _generator(before)
    if generator is None:
        return None
    target = (int(after["version"]), tuple(after["internal"]), None)
    first = (target[1][-1] - generator.getstate()[1][-1]) % WORDS
    if first:
        generator.getrandbits(32 * first)
    drawn = first
    for _ in range(MAX_BLOCKS + 1):
        if generator.getstate() == target:
            return drawn
        generator.getrandbits(32 * WORDS)
        drawn += WORDS
    return None


def advanced(state: dict[str, Any], words: int) -> dict[str, Any]:
    """`state` (as `Rng.get_state()` gives) after drawing `words` more words."""
    generator = _generator(state)
    if generator is None:
        raise ValueError("the generator holds a cached normal deviate; it cannot be stepped")
    if words:
        generator.getrandbits(32 * words)
    version, internal, gauss = generator.getstate()
    return {"seed": state["seed"], "version": version, "internal": list(internal), "gauss": gauss}
