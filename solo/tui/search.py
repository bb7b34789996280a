"""Finding journal entries: the words of a search, and whether an entry matches them.

Kept free of Textual so it is tested on its own.  A search is words, all of
which must appear (any case), plus filters written as `word:value`:

    wolves river            entries holding both words
    kind:oracle             entries of a kind (a prefix will do: `kind:ora`)
    scene:3                 entries of scene 3
    char:Mira  (or @Mira)   entries naming a character, in their words or their data

An entry is matched as it reads now (after any edit).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from solo.campaign import JournalEntry

FILTERS = ("kind", "scene", "char")


@dataclass
class Query:
    words: list[str] = field(default_factory=list)
    kind: str | None = None
    scene: int | None = None
    character: str | None = None
    problem: str | None = None  # a filter that cannot be read (`scene:x`), said to the player

    @property
    def empty(self) -> bool:
        return not (self.words or self.kind or self.scene is not None or self.character)

    @property
    def highlights(self) -> list[str]:
        """What to highlight in the journal: the words and the character's name."""
        return self.words + ([self.character] if self.character else [])


def parse_query(text: str) -> Query:
    query = Query()
    for token in text.split():
        name, colon, value = token.partition(":")
        if token.startswith("@") and len(token) > 1:
            query.character = token[1:]
        elif colon and name.lower() in FILTERS and value:
            name = name.lower()
            if name == "kind":
                query.kind = value.lower()
            elif name == "char":
                query.character = value
            elif value.isdigit():
                query.scene = int(value)
            else:
                query.problem = f"scene:{value}: a scene is a number, as in scene:3"
        else:
            query.words.append(token)
    return query


def matches(query: Query, entry: JournalEntry, text: str | None = None) -> bool:
    """Whether `entry` (reading `text` now, if edited) is one the search asks for."""
    if query.kind is not None and not entry.kind.startswith(query.kind):
        return False
    if query.scene is not None and entry.scene != query.scene:
        return False
    folded = (entry.text if text is None else text).casefold()
    if not all(word.casefold() in folded for word in query.words):
        return False
    if query.character:
        name = query.character.casefold()
        if name not in folded and name not in json.dumps(entry.data, ensure_ascii=False).casefold():
            return False
    return True


def search(query: Query, entries: Iterable[JournalEntry],
           texts: dict[int, str] | None = None) -> Iterator[int]:
    """The indexes of the entries matching `query`, oldest first (`texts`: edited words by index)."""
    texts = texts or {}
    for index, entry in enumerate(entries):
        if entry.kind in ("edit", "strike"):
            continue
        if matches(query, entry, texts.get(index)):
            yield index
