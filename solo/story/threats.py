"""Threats as clocks: what each antagonist gets done while the heroes are busy elsewhere.

The antagonists are the foundation's winner (whose want comes true if
nobody steps in) and, when there is one, one more person whose want
collides with the giver's.  The winner's clock has 6 segments and its last
segment is the foundation's own "if nobody acts" outcome; the other's has 4
and ends with their want come true.  The segments before the last are rolled
from `story/adventure/omen`, never the same one twice in an adventure.

A clock advances when the heroes waste time, fail, or the oracle says so;
in a campaign the clocks are the campaign's own clocks (same names), so
`/clock`, the side panel and the adventure view all move the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solo.dice import Rng
from solo.story.foundation import Foundation
from solo.story.world import sentence
from solo.tables import TableSet

OMEN_TABLE = "story/adventure/omen"
MAIN_SEGMENTS, SIDE_SEGMENTS = 6, 4


@dataclass
class Threat:
    id: str
    who: str  # person node id
    clock: str  # the clock's name
    steps: list[str]  # what happens as each segment fills; len == segments

    @property
    def segments(self) -> int:
        return len(self.steps)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "who": self.who, "clock": self.clock, "segments": self.segments,
                "steps": self.steps}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Threat:
        return cls(data["id"], data["who"], data["clock"], list(data["steps"]))


def make_threats(tables: TableSet, rng: Rng, found: Foundation, climax: str) -> list[Threat]:
    """The antagonists' clocks; `climax` is the name of the place where the plan comes to a head."""
    world = found.world
    giver, winner = world.node(world.loser), world.node(world.winner)
    table = tables.get(OMEN_TABLE)
    unused = list(table.rows)

    def omen(who: str, item: str) -> str:
        nonlocal unused
        if not unused:
            unused = list(table.rows)
        row = unused.pop(rng.randint(0, len(unused) - 1))
        text = tables.expand(row.text, rng)
        for key, value in (("<who>", who), ("<item>", item), ("<place>", climax),
                           ("<giver>", giver.name)):
            text = text.replace(key, value)
        return sentence(text) + "."

    main_item = world.node(world.main_item).name
    threats = [Threat("t1", winner.id, f"{winner.name}'s plan",
                      [omen(winner.name, main_item) for _ in range(MAIN_SEGMENTS - 1)] + [world.fallout])]
    others = [p for p in world.people if p.id not in (giver.id, winner.id)
              and any(giver.id in pair and p.id in pair for pair in world.collisions)]
    if others:
        second = rng.choice(others)
        want = second.want
        target = world.node(want.target).name if want else main_item
        item = target if want and world.node(want.target).kind == "item" else main_item
        end = f"{second.name} gets their way: {want.text}." if want else f"{second.name} gets their way."
        threats.append(Threat("t2", second.id, f"{second.name}'s plan",
                              [omen(second.name, item) for _ in range(SIDE_SEGMENTS - 1)] + [end]))
    return threats
