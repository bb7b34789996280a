"""An adventure's places as a graph: 5-12 locations, some open from the start, some found by clues.

The places come from the story's foundation first (every place on the
living world's chart, so the people's wants play out where the chart says),
then new ones rolled from `story/location/name` and `story/location/detail`
until there are enough.  Each location has a *gate*: ``None`` for a place
the heroes can walk into from the start, or the id of the revelation that
tells them where it is.  The revelation ``r1`` opens the first gated place,
``r2`` the second..., and the last revelation opens the climax: the place
where the foundation's winner plays out their want.

Connections are built as a tree first, each location joined to one that
comes before it (open places first, then the gated ones in revelation
order), so every place can be walked to once its gate is open; then a few
extra connections close loops.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng
from solo.story.foundation import Foundation
from solo.story.world import PLACE_DETAIL_TABLE, PLACE_NAME_TABLE, Place
from solo.tables import TableSet

MIN_LOCATIONS, MAX_LOCATIONS = 5, 12
MIN_OPEN = 3  # a revelation needs three places to find its clues in


@dataclass
class Location:
    id: str
    name: str
    detail: str
    gate: str | None = None  # the revelation that opens it; None: open from the start
    role: str = ""  # "start", "climax" or ""
    people: list[str] = field(default_factory=list)  # person node ids of the foundation
    things: list[str] = field(default_factory=list)  # item node ids of the foundation
    finds: list[str] = field(default_factory=list)  # loose objects worth picking up
    clues: list[str] = field(default_factory=list)  # clue ids
    hazard: str = ""
    fight: str | None = None  # fight id
    story: list[str] = field(default_factory=list)  # what the foundation says happens here

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "detail": self.detail, "gate": self.gate,
                "role": self.role, "people": self.people, "things": self.things,
                "finds": self.finds, "clues": self.clues, "hazard": self.hazard,
                "fight": self.fight, "story": self.story}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Location:
        return cls(data["id"], data["name"], data["detail"], data["gate"], data["role"],
                   list(data["people"]), list(data["things"]), list(data["finds"]),
                   list(data["clues"]), data["hazard"], data["fight"], list(data["story"]))


def _rolled_place(tables: TableSet, rng: Rng, taken: set[str]) -> Place:
    name = tables.roll(PLACE_NAME_TABLE, rng).text.strip()
    for _ in range(30):
        if name not in taken:
            break
        name = tables.roll(PLACE_NAME_TABLE, rng).text.strip()
    taken.add(name)
    return Place(name, tables.roll(PLACE_DETAIL_TABLE, rng).text.strip())


def _mentioned(found: Foundation, texts: list[str]) -> list[str]:
    """The foundation's place names the texts mention, in order of first mention."""
    names = [p.name for p in found.world.places]
    seen: list[str] = []
    for text in texts:
        hits = sorted((text.find(n), n) for n in names if n in text)
        seen += [n for _, n in hits if n not in seen]
    return seen


def lay_out_locations(tables: TableSet, rng: Rng, found: Foundation, gates: list[str],
                      begins_at_place: bool = False) -> tuple[list[Location], list[tuple[str, str]]]:
    """The locations (open ones first, then one per gate in order) and their connections.

    `gates` are the revelation ids; the last one opens the climax.  Places the
    first task names are open (the first of them is the start when
    `begins_at_place`); places the success steps name are the gated ones, in
    the order the steps name them, padded with other places; the last is the
    climax.
    """
    places = found.world.places
    by_name = {p.name: p for p in places}
    taken = set(by_name)
    plot = found.plot
    told = _mentioned(found, [plot.first_task])
    gated_names = [n for n in _mentioned(found, plot.success) if n not in told][:len(gates)]
    rest = [p for p in places if p.name not in gated_names and p.name not in told]
    gated = [by_name[n] for n in gated_names]
    while len(gated) < len(gates):
        gated.insert(max(0, len(gated) - 1) if gated_names else len(gated),
                     rest.pop(0) if len(rest) > MIN_OPEN else _rolled_place(tables, rng, taken))
    total = min(MAX_LOCATIONS, max(MIN_LOCATIONS, rng.randint(MIN_OPEN, MIN_OPEN + 2) + len(gates),
                                   len(places)))
    open_count = max(MIN_OPEN, total - len(gates))
    first = [by_name[n] for n in told]
    if begins_at_place or not rest:
        opened = first + rest
    else:  # the task sends the heroes to a place: they start somewhere else
        opened = rest[:1] + first + rest[1:]
    opened = opened[:open_count]
    while len(opened) < open_count:
        opened.append(_rolled_place(tables, rng, taken))
    if not begins_at_place and first and opened[0] is first[0]:
        opened.append(opened.pop(0))
    locations = [Location(f"l{i + 1}", p.name, p.detail) for i, p in enumerate(opened)]
    locations[0].role = "start"
    for gate, place in zip(gates, gated, strict=True):
        locations.append(Location(f"l{len(locations) + 1}", place.name, place.detail, gate=gate))
    locations[-1].role = "climax"
    world = found.world
    for edge in world.edges:
        for loc in locations:
            if loc.name == edge.place.name:
                loc.story.append(f"{world.node(edge.source).name} {edge.text}"
                                 f" {world.node(edge.target).name}")
    links: list[tuple[str, str]] = []
    for index in range(1, len(locations)):
        parent = locations[rng.randint(0, index - 1)]
        links.append((parent.id, locations[index].id))
    for _ in range(rng.randint(1, max(1, len(locations) // 3))):
        a, b = rng.choice(locations), rng.choice(locations)
        if a.id != b.id and (a.id, b.id) not in links and (b.id, a.id) not in links:
            links.append((a.id, b.id))
    return locations, links


def neighbours(links: list[tuple[str, str]], location: str) -> list[str]:
    return [b if a == location else a for a, b in links if location in (a, b)]


def reachable(locations: list[Location], links: list[tuple[str, str]], known: set[str]) -> set[str]:
    """Location ids the heroes can walk to from the start, entering a gated place only once its
    revelation is in `known`."""
    gate = {loc.id: loc.gate for loc in locations}
    start = next(loc.id for loc in locations if loc.role == "start")
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for there in neighbours(links, here):
            if there not in seen and (gate.get(there) is None or gate[there] in known):
                seen.add(there)
                todo.append(there)
    return seen


def map_text(locations: list[Location], links: list[tuple[str, str]]) -> list[str]:
    """The map as lines of text: each place and where one can go from it."""
    names = {loc.id: loc.name for loc in locations}
    lines = []
    for loc in locations:
        mark = {"start": " (start)", "climax": " (climax)"}.get(loc.role, "")
        hidden = f" [found by {loc.gate}]" if loc.gate else ""
        ways = ", ".join(names[n] for n in neighbours(links, loc.id))
        lines.append(f"{loc.name}{mark}{hidden} -> {ways}")
    return lines
