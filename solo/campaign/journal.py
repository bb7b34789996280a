"""The journal and the action log: what happened, and what was done to make it happen.

The journal is the player's story: append-only entries, each carrying the
text the player saw and the structured data behind it (a `RollResult` or
`TableRoll` dict, odds, ...) so it can be re-rendered and exported later.
The action log records the calls that produced the journal (name, JSON
parameters, timestamp), which is what makes a campaign replayable.  An
`UndoStep` is the state just before one action, kept so that action can be
taken back exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


def utc_now() -> str:
    """Now, as the ISO 8601 UTC timestamp every entry and action carries."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(slots=True)
class JournalEntry:
    """One thing that happened, as the player saw it (`text`) and as data (`data`).

    `kind` is a lower-case word saying what made it: note, roll, table,
    campaign and character (the built-in actions); oracle, scene, clue,
    journey, countdown, clock, thread, encounter, story (the layers above).
    The Markdown export writes notes as prose, scene entries as scene lines
    and every other kind as an annotation.
    """

    at: str
    scene: int
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "scene": self.scene, "kind": self.kind, "text": self.text,
                "data": self.data}


@dataclass(slots=True)
class ActionRecord:
    name: str
    params: dict[str, Any]
    at: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "params": self.params, "at": self.at}


@dataclass(slots=True)
class UndoStep:
    """Everything needed to take one action back.

    The journal and the action log only ever grow, so their lengths before the
    action are enough to cut them back; the rest of the state (small: the RNG,
    lists, counters) is kept whole in `state`.
    """

    action: str
    at: str
    state: dict[str, Any]
    journal: int
    actions: int

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "at": self.at, "journal": self.journal,
                "actions": self.actions, "state": self.state}
