"""When the story stalls: someone else moves, or something goes wrong.

A solo player who does not know what to do next needs the world to act.
Nine Powers points at two remedies (RULES.md §2.10): a non-player character
adds momentum, either now or in a flashback that shows what they did
earlier, or a complication arrives.  ``oracle/stall`` (d6) chooses which:
on 1-2 someone acts now, on 3 a flashback, on 4-6 a complication.  The
character is picked at random from the campaign's characters; with none, a
new face is named from ``names/person``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solo.dice import Rng
from solo.oracle.countdown import COMPLICATION_TABLE
from solo.oracle.errors import OracleError
from solo.oracle.events import pick_one
from solo.tables import TableSet

STALL_TABLE = "oracle/stall"
PUSH_TABLE = "oracle/stall/npc-push"
NEW_FACE_TABLE = "names/person"
KINDS = ("npc", "complication")
WHEN = ("now", "flashback")


@dataclass(frozen=True)
class StallResult:
    kind: str  # npc | complication
    when: str  # now | flashback
    lead: str  # the stall table's own line
    who: str | None  # the character who acts, for an npc push
    new_face: bool  # True when `who` was invented because the list was empty
    prompt: str  # what they do, or the complication

    @property
    def text(self) -> str:
        if self.kind == "npc":
            who = f"{self.who} (someone new)" if self.new_face else self.who
            return f"Stalled? {self.lead} {who} {self.prompt}"
        return f"Stalled? {self.lead} {self.prompt}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "when": self.when, "lead": self.lead, "who": self.who,
                "new_face": self.new_face, "prompt": self.prompt, "text": self.text}


def stall(rng: Rng, tables: TableSet, characters: Sequence[str] = ()) -> StallResult:
    """A push for a stalled story: a character's move or a complication."""
    drawn = tables.roll(STALL_TABLE, rng)
    kind = drawn.fields.get("kind")
    when = drawn.fields.get("when", "now")
    if kind not in KINDS or when not in WHEN:
        raise OracleError(f"table {STALL_TABLE}, row {drawn.range}: needs kind ({'/'.join(KINDS)})"
                          f" and when ({'/'.join(WHEN)}), got {kind!r} and {when!r}")
    if kind == "complication":
        return StallResult(kind, when, drawn.text, None, False, tables.roll(COMPLICATION_TABLE, rng).text)
    if characters:
        who, new = pick_one(list(characters), rng, "character list"), False
    else:
        who, new = tables.roll(NEW_FACE_TABLE, rng).text, True
    return StallResult(kind, when, drawn.text, who, new, tables.roll(PUSH_TABLE, rng).text)
