"""Tags on gear that carry a number: 'brutal', 'brutal-2', 'spread-d6'.

Weapon and armour tags are plain words in the data tables; a tag may
repeat, or carry its count ('brutal-2' is Brutal twice) or a die
('spread-d6').  These read them the same way for every system.
"""

from __future__ import annotations

from collections.abc import Iterable


def count(tags: Iterable[str], name: str) -> int:
    """How many times a tag is carried: 'brutal' once each, 'brutal-2' twice."""
    total = 0
    for tag in tags:
        if tag == name:
            total += 1
        elif tag.startswith(name + "-") and tag[len(name) + 1 :].isdigit():
            total += int(tag[len(name) + 1 :])
    return total


def die(tags: Iterable[str], name: str) -> int:
    """The sides of the die a tag names ('spread-d6' -> 6 for 'spread'); 0 when it is not carried."""
    prefix = f"{name}-d"
    for tag in tags:
        if tag.startswith(prefix) and tag[len(prefix) :].isdigit():
            return int(tag[len(prefix) :])
    return 0
