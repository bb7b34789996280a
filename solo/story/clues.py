"""Revelations and the clues that lead to them: at least three ways to learn each one.

A *revelation* is something the heroes must learn for the story to move on:
one per step the story's shape says success leads to, in order, each opening
the gated location it points to (`solo.story.locations`); the last opens the
climax.  A *clue* is a piece of evidence at one location that points to one
revelation.

The rule (checked by `clue_problems`, not assumed): with the heroes starting
at the start location and walking only along connections, entering a gated
location only once its revelation is known, every revelation must be
learnable from clues at **three or more different locations** they can
reach without it - three routes, so missing one clue (or two) never stalls
the story - and in the end every location must be reachable.  The check
walks the map as a player would: it repeats "walk everywhere open; learn every
revelation with three reachable clue sites" until nothing changes, then
reports each revelation and location left out.

Placement: a linear shape's revelation ``r(k)`` gets its clues at 3-4 sites
among the open locations and those opened by earlier revelations; a
branching shape's revelations all get theirs among the open locations, so
every lead opens at once (the digest's reading of branching shapes).  The
adventure generator runs the check on every build and builds again when it
fails (`solo.story.adventure`), so a build that breaks the rule is never
printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solo.dice import Rng
from solo.story.locations import Location, reachable
from solo.tables import TableSet

CLUE_TABLE = "story/adventure/clue"
ROUTES = 3  # different locations each revelation can be learned at
# Only a clue that is a thing - a paper "that mentions" a place, an object "which only makes sense"
# there - can be in someone's hands: tracks and gossip (which names its own teller) cannot.
REROLLS = 12
HELD = ("that mentions", "which only makes sense")


@dataclass
class Revelation:
    id: str
    text: str
    opens: str  # location id

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "opens": self.opens}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Revelation:
        return cls(data["id"], data["text"], data["opens"])


@dataclass
class Clue:
    id: str
    revelation: str
    location: str
    text: str
    holder: str | None = None  # a person node id who has it or knows it

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "revelation": self.revelation, "location": self.location,
                "text": self.text, "holder": self.holder}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clue:
        return cls(data["id"], data["revelation"], data["location"], data["text"], data["holder"])


def place_clues(tables: TableSet, rng: Rng, revelations: list[Revelation],
                locations: list[Location], branching: bool) -> list[Clue]:
    """Three or four clues per revelation, each at a different location (see the module docstring)."""
    names = {loc.id: loc.name for loc in locations}
    opened_by = {r.id: i for i, r in enumerate(revelations)}
    clues: list[Clue] = []
    used: set[str] = set()
    for index, revelation in enumerate(revelations):
        sites = [loc for loc in locations if loc.gate is None
                 or (not branching and opened_by.get(loc.gate, len(revelations)) < index)]
        rng.shuffle(sites)
        for site in sites[:rng.randint(ROUTES, ROUTES + 1)]:
            for _ in range(REROLLS):  # no two clues from the same teller, paper, trace or object
                told = tables.roll(CLUE_TABLE, rng).text.strip()
                if told not in used:
                    break
            used.add(told)
            text = told.replace("<target>", names[revelation.opens])
            holdable = site.people and any(mark in text for mark in HELD)
            holder = rng.choice(site.people) if holdable and rng.randint(1, 2) == 1 else None
            clue = Clue(f"c{len(clues) + 1}", revelation.id, site.id, text, holder)
            clues.append(clue)
            site.clues.append(clue.id)
    return clues


def clue_problems(locations: list[Location], links: list[tuple[str, str]],
                  revelations: list[Revelation], clues: list[Clue]) -> list[str]:
    """Why the clues fail the three-routes rule (empty when they keep it)."""
    known: set[str] = set()
    while True:
        open_now = reachable(locations, links, known)
        learned = {r.id for r in revelations if r.id not in known
                   and len({c.location for c in clues
                            if c.revelation == r.id and c.location in open_now}) >= ROUTES}
        if not learned:
            break
        known |= learned
    problems = []
    for rev in revelations:
        if rev.id not in known:
            sites = {c.location for c in clues if c.revelation == rev.id and c.location in open_now}
            problems.append(f"revelation {rev.id} can be learned at only {len(sites)} reachable"
                            f" location(s), not {ROUTES}")
    for loc in locations:
        if loc.id not in open_now:
            problems.append(f"location {loc.id} ({loc.name}) can never be reached")
    return problems
