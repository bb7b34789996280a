"""Random events, meaning pairs, muse words and "pick one at random".

These are the inspiration moves: none of them decides anything, they hand
the player a prompt to interpret.  A random event is a *focus* (what part of
the story it touches, from ``oracle/event/focus``) plus a *meaning pair* (an
action word and a subject word).  When the focus points at one of the
campaign's lists (threads, characters, player characters), one entry is
picked from it at random; an empty list is not an error but its own prompt,
taken from the focus row's ``empty`` field (no thread yet? this event starts
one).

The lists arrive as plain tuples of names in a `StoryLists`; the campaign
owns the real records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng
from solo.oracle.errors import OracleError
from solo.tables import TableRoll, TableSet

FOCUS_TABLE = "oracle/event/focus"
ACTION_TABLE = "oracle/meaning/action"
SUBJECT_TABLE = "oracle/meaning/subject"
DESCRIPTOR_TABLE = "oracle/muse/descriptor"

#: What a focus row may point at, and the `StoryLists` field each one reads.
PICKS = {"thread": "threads", "character": "characters", "pc": "pcs", "none": None}
MAX_MUSE_WORDS = 12


@dataclass(frozen=True)
class StoryLists:
    """The names a random event may land on; plain values handed in by the caller."""

    threads: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    pcs: tuple[str, ...] = ()

    @classmethod
    def of(cls, threads: Sequence[str] = (), characters: Sequence[str] = (),
           pcs: Sequence[str] = ()) -> StoryLists:
        return cls(tuple(threads), tuple(characters), tuple(pcs))


@dataclass(frozen=True)
class MeaningPair:
    action: str
    subject: str

    @property
    def text(self) -> str:
        return f"{self.action} / {self.subject}"

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "subject": self.subject, "text": self.text}


@dataclass(frozen=True)
class RandomEvent:
    focus: str  # the focus row's text
    pick: str  # thread | character | pc | none
    target: str | None  # the list entry picked, if any
    meaning: MeaningPair
    note: str | None = None  # the prompt used when the list was empty
    roll: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def text(self) -> str:
        head = self.focus
        if self.target:
            head += f": {self.target}"
        elif self.note:
            head += f" ({self.note})"
        return f"Random event: {head}. Meaning: {self.meaning.text}."

    @property
    def newcomer(self) -> str | None:
        """The name of someone the event brings into the story (a focus row marked
        ``introduces: person``: its first nested roll is the name), else None."""
        if self.roll.get("fields", {}).get("introduces") != "person":
            return None
        nested = self.roll.get("nested") or []
        name = str(nested[0].get("text", "")).strip() if nested else ""
        return name or None

    def to_dict(self) -> dict[str, Any]:
        return {
            "focus": self.focus,
            "pick": self.pick,
            "target": self.target,
            "note": self.note,
            "meaning": self.meaning.to_dict(),
            "text": self.text,
            "roll": self.roll,
        }


@dataclass(frozen=True)
class MuseWords:
    words: tuple[str, ...]

    @property
    def text(self) -> str:
        return "Muse: " + ", ".join(self.words)

    def to_dict(self) -> dict[str, Any]:
        return {"words": list(self.words), "text": self.text}


def pick_one(items: Sequence[str], rng: Rng, what: str = "list") -> str:
    """One entry, each equally likely; an empty list is a clear error naming it."""
    if not items:
        raise OracleError(f"the {what} is empty: there is nothing to pick from")
    return items[rng.randint(0, len(items) - 1)]


def meaning(rng: Rng, tables: TableSet) -> MeaningPair:
    """An action word and a subject word, to be read together as a prompt."""
    action = tables.roll(ACTION_TABLE, rng).text
    subject = tables.roll(SUBJECT_TABLE, rng).text
    return MeaningPair(action, subject)


def muse(rng: Rng, tables: TableSet, count: int = 3) -> MuseWords:
    """Descriptive words for colour: how a place, person or thing feels."""
    if not 1 <= count <= MAX_MUSE_WORDS:
        raise OracleError(f"muse words: ask for 1 to {MAX_MUSE_WORDS}, not {count}")
    return MuseWords(tuple(tables.roll(DESCRIPTOR_TABLE, rng).text for _ in range(count)))


def _focus_fields(roll: TableRoll) -> tuple[str, str | None]:
    pick = roll.fields.get("pick", "none")
    if pick not in PICKS:
        raise OracleError(
            f"table {roll.table}, row {roll.range or roll.row}: 'pick' must be one of"
            f" {', '.join(PICKS)}, not {pick!r}"
        )
    empty = roll.fields.get("empty")
    if empty is not None and not isinstance(empty, str):
        raise OracleError(f"table {roll.table}, row {roll.range or roll.row}: 'empty' must be text")
    return pick, empty


def random_event(rng: Rng, tables: TableSet, lists: StoryLists | None = None) -> RandomEvent:
    """A focus, maybe a name drawn from the lists, and a meaning pair, in that order."""
    lists = lists or StoryLists()
    focus = tables.roll(FOCUS_TABLE, rng)
    pick, empty = _focus_fields(focus)
    target: str | None = None
    note: str | None = None
    list_name = PICKS[pick]
    if list_name is not None:
        entries = getattr(lists, list_name)
        if entries:
            target = pick_one(entries, rng, list_name)
        else:
            note = empty or f"no {list_name} yet: invent one"
    pair = meaning(rng, tables)
    return RandomEvent(focus.text, pick, target, pair, note, focus.to_dict())
