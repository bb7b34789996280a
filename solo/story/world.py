"""A living world as a flowchart: people and things as nodes, places on the lines.

This is the story foundation that Nine Powers' GM-automation chapter rates
most reliable: a few people and one or two items, wired together so that
their plans clash even if the heroes never leave home.  Following that
chapter, *locations are never nodes*: every line between two nodes is
labelled with the place where that relation plays out.

How the clashes are built (our reading; the rule text leaves it to the GM):

* 3-6 nodes in all.  The count is rolled uniformly; a world of 6 is either 5
  people and 1 item or 4 people and 2 items (even odds), smaller worlds have
  one item.  Two items need four people so each can be fought over by two.
* Each item is fought over by two people with incompatible wants (`keep` vs
  `take`, two `take`s, `take` vs `destroy`...).  Whoever wants to keep it
  holds it.
* Anyone left over either joins an item's fight (with a want that clashes
  with at least one already there) or sets out to thwart another person.
* Two wants *collide* when both cannot come true: two wants on the same item
  (except two people who both want it destroyed, or both want it returned),
  or one person wanting to thwart the other.  Every person's want collides
  with at least one other person's; `collisions` lists every such pair.
* Wants become lines (person -> item, or person -> person for `thwart`).  If
  that leaves the chart in pieces, old ties (debts, kinship, shared pasts)
  join the pieces; with even odds one more tie is added for colour.
* Every line gets its own place, rolled until it is new (names rarely repeat
  as the place grammar is large).

What happens if nobody steps in is rolled from `story/foundation/fallout`,
about the first item's fight: one side wins, the other loses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng
from solo.errors import SoloError
from solo.story.npc import Npc, generate_npc
from solo.tables import TableSet

WANT_TABLE = "story/foundation/want"
MOTIVE_TABLE = "story/foundation/motive"
TIE_TABLE = "story/foundation/tie"
FALLOUT_TABLE = "story/foundation/fallout"
ITEM_NAME_TABLE = "story/item/name"
ITEM_POWER_TABLE = "story/item/power"
ITEM_HISTORY_TABLE = "story/item/history"
PLACE_NAME_TABLE = "story/location/name"
PLACE_DETAIL_TABLE = "story/location/detail"

ITEM_WANTS = ("keep", "take", "destroy", "return")
WANT_KINDS = ITEM_WANTS + ("thwart",)
# Pairs fought over one item: the first is the one who holds it when it is `keep`.
CONTESTS = (
    ("keep", "take"), ("keep", "take"), ("keep", "destroy"), ("keep", "return"),
    ("take", "take"), ("take", "destroy"), ("take", "return"), ("destroy", "return"),
)
PLACEHOLDER = re.compile(r"<([a-z0-9]+)>")
MIN_NODES, MAX_NODES = 3, 6


class StoryDataError(SoloError):
    """A story table is missing rows the generator needs, or uses an unknown <placeholder>."""


@dataclass
class Want:
    kind: str  # one of WANT_KINDS
    target: str  # node id: an item, or a person for "thwart"
    rival: str  # the person whose want this one collides with first
    text: str  # "to take the Widow's Compass before Nell Vane does, out of plain spite"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "target": self.target, "rival": self.rival, "text": self.text}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Want:
        return cls(data["kind"], data["target"], data["rival"], data["text"])


@dataclass
class Node:
    id: str
    kind: str  # "npc" | "item"
    name: str
    npc: Npc | None = None
    want: Want | None = None
    power: str = ""
    history: str = ""
    holder: str | None = None  # for items: the node id of whoever has it

    @property
    def label(self) -> str:
        if self.npc is not None:
            return f"{self.name}, {self.npc.role}"
        return self.name

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "kind": self.kind, "name": self.name}
        if self.npc is not None:
            data.update({
                "role": self.npc.role,
                "look": self.npc.look,
                "manner": self.npc.manner,
                "secret": self.npc.secret,
                "want": self.want.to_dict() if self.want else None,
            })
        else:
            data.update({"power": self.power, "history": self.history, "holder": self.holder})
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Node:
        if data["kind"] == "item":
            return cls(data["id"], "item", data["name"], power=data["power"],
                       history=data["history"], holder=data["holder"])
        want = Want.from_dict(data["want"]) if data.get("want") else None
        npc = Npc(data["name"], data["role"], data["look"], data["manner"],
                  want.text if want else "", data["secret"])
        return cls(data["id"], "npc", data["name"], npc=npc, want=want)


@dataclass
class Place:
    name: str
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "detail": self.detail}


@dataclass
class Edge:
    source: str
    target: str
    relation: str  # a want kind, or "tie"
    place: Place
    text: str  # what the line means, in words: "wants to take", "owes money to"

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.source, "to": self.target, "relation": self.relation,
                "location": self.place.name, "text": self.text}


@dataclass
class World:
    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    collisions: list[tuple[str, str]] = field(default_factory=list)
    main_item: str = ""
    winner: str = ""  # of the main item's fight if nobody steps in
    loser: str = ""
    fallout: str = ""

    def node(self, node_id: str) -> Node:
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(node_id)

    def clashes(self, node_id: str) -> list[str]:
        """Whom this person's want collides with, and over what: "Garrow Farrier (over the Seal)"."""
        lines = []
        for pair in self.collisions:
            if node_id in pair:
                other = self.node(pair[1] if pair[0] == node_id else pair[0])
                about = self.node(self.about(pair))
                lines.append(other.name if about.id in pair else f"{other.name} (over {about.name})")
        return lines

    @property
    def people(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "npc"]

    @property
    def items(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "item"]

    @property
    def places(self) -> list[Place]:
        seen: dict[str, Place] = {}
        for edge in self.edges:
            seen.setdefault(edge.place.name, edge.place)
        return list(seen.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "nodes": [n.to_dict() for n in self.nodes],
            "edges": [e.to_dict() for e in self.edges],
            "locations": [p.to_dict() for p in self.places],
            "collisions": [{"between": list(pair), "about": self.about(pair)}
                           for pair in self.collisions],
            "main_item": self.main_item,
            "if_nobody_acts": {"winner": self.winner, "loser": self.loser, "text": self.fallout},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> World:
        """The world `to_dict` described (e.g. from a campaign's journal)."""
        places = {p["name"]: Place(p["name"], p["detail"]) for p in data["locations"]}
        edges = [Edge(e["from"], e["to"], e["relation"], places[e["location"]], e["text"])
                 for e in data["edges"]]
        fate = data["if_nobody_acts"]
        return cls([Node.from_dict(n) for n in data["nodes"]], edges,
                   [tuple(c["between"]) for c in data["collisions"]], data["main_item"],
                   fate["winner"], fate["loser"], fate["text"])

    def about(self, pair: tuple[str, str]) -> str:
        a, b = (self.node(x).want for x in pair)
        assert a is not None and b is not None
        if a.kind == "thwart" and a.target == pair[1]:
            return pair[1]
        if b.kind == "thwart" and b.target == pair[0]:
            return pair[0]
        return a.target


def collide(a: Node, b: Node) -> bool:
    """Whether two people's wants cannot both come true."""
    wa, wb = a.want, b.want
    if wa is None or wb is None or a.id == b.id:
        return False
    if (wa.kind == "thwart" and wa.target == b.id) or (wb.kind == "thwart" and wb.target == a.id):
        return True
    if wa.kind == "thwart" or wb.kind == "thwart" or wa.target != wb.target:
        return False
    return not (wa.kind == wb.kind and wa.kind in ("destroy", "return"))


def fill(template: str, values: dict[str, str], where: str) -> str:
    """Replace <name> placeholders; an unknown one is a data error naming the table."""

    def swap(match: re.Match[str]) -> str:
        key = match[1]
        if key not in values:
            raise StoryDataError(f"{where}: unknown placeholder <{key}> in {template!r}"
                                 f" (known: {', '.join(f'<{k}>' for k in sorted(values))})")
        return values[key]

    return PLACEHOLDER.sub(swap, template)


def sentence(text: str) -> str:
    """Capitalised first letter: a template may start with "<item>", i.e. "the Widow's Compass"."""
    return text[:1].upper() + text[1:]


class _Builder:
    def __init__(self, tables: TableSet, rng: Rng):
        self.tables = tables
        self.rng = rng
        self.world = World()
        self.place_names: set[str] = set()
        self.place_details: set[str] = set()
        self.used_wants: set[int] = set()

    def text(self, table_id: str) -> str:
        return self.tables.roll(table_id, self.rng).text.strip()

    # -- nodes ---------------------------------------------------------------
    def add_people(self, count: int) -> list[Node]:
        names = {n.name for n in self.world.nodes}
        added = []
        for _ in range(count):
            cast = [n.npc for n in self.world.nodes if n.npc is not None]
            npc = generate_npc(self.tables, self.rng, avoid_names=names, cast=cast)
            names.add(npc.name)
            node = Node(f"n{len(self.world.nodes) + 1}", "npc", npc.name, npc=npc)
            self.world.nodes.append(node)
            added.append(node)
        return added

    def add_items(self, count: int) -> list[Node]:
        names = {n.name for n in self.world.nodes}
        added = []
        for _ in range(count):
            name = self.text(ITEM_NAME_TABLE)
            for _ in range(20):  # two compasses in one story would only confuse
                if name.split()[-1] not in {n.split()[-1] for n in names}:
                    break
                name = self.text(ITEM_NAME_TABLE)
            names.add(name)
            node = Node(f"n{len(self.world.nodes) + 1}", "item", name,
                        power=self.text(ITEM_POWER_TABLE), history=self.text(ITEM_HISTORY_TABLE))
            self.world.nodes.append(node)
            added.append(node)
        return added

    def place(self) -> Place:
        name = self.text(PLACE_NAME_TABLE)
        for _ in range(30):
            if name not in self.place_names:
                break
            name = self.text(PLACE_NAME_TABLE)
        self.place_names.add(name)
        detail = self.text(PLACE_DETAIL_TABLE)
        for _ in range(20):
            if detail not in self.place_details:
                break
            detail = self.text(PLACE_DETAIL_TABLE)
        self.place_details.add(detail)
        return Place(name, detail)

    # -- wants -----------------------------------------------------------------
    def want_text(self, kind: str, target: Node, rival: Node) -> str:
        table = self.tables.get(WANT_TABLE)
        rows = [r for r in table.rows if r.fields.get("kind") == kind]
        if not rows:
            raise StoryDataError(f"table {WANT_TABLE} has no row with kind: {kind}")
        unused = [r for r in rows if r.index not in self.used_wants]
        rows = unused or rows  # two people with word-for-word the same want read badly
        row = rows[self.rng.weighted_index([r.weight for r in rows])]
        self.used_wants.add(row.index)
        template = self.tables.expand(row.text, self.rng)
        item = target.name if target.kind == "item" else ""
        text = fill(template, {"item": item, "rival": rival.name}, f"table {WANT_TABLE}")
        if row.fields.get("motive", True) is False:
            return text
        return f"{text}, {self.text(MOTIVE_TABLE)}"

    def give_want(self, person: Node, kind: str, target: Node, rival: Node) -> None:
        person.want = Want(kind, target.id, rival.id, self.want_text(kind, target, rival))
        if person.npc is not None:  # the person's sheet says what the story says they want
            person.npc.want = person.want.text
        if kind == "keep":
            target.holder = person.id

    def contest(self, item: Node, first: Node, second: Node) -> None:
        kinds = self.rng.choice(CONTESTS)
        self.give_want(first, kinds[0], item, second)
        self.give_want(second, kinds[1], item, first)

    def join(self, person: Node, others: list[Node], items: list[Node]) -> None:
        if self.rng.randint(1, 2) == 1:
            item = self.rng.choice(items)
            fighters = [p for p in others if p.want and p.want.target == item.id]
            kinds = [k for k in ("take", "destroy", "return")
                     if any(not (k == p.want.kind and k in ("destroy", "return"))
                            for p in fighters if p.want)]
            kind = self.rng.choice(kinds)
            person.want = Want(kind, item.id, "", "")  # provisional, to find whom it clashes with
            rival = next(p for p in fighters if collide(person, p))
            self.give_want(person, kind, item, rival)
        else:
            rival = self.rng.choice(others)
            self.give_want(person, "thwart", rival, rival)

    # -- lines -----------------------------------------------------------------
    def link(self, source: Node, target: Node, relation: str, text: str) -> None:
        self.world.edges.append(Edge(source.id, target.id, relation, self.place(), text))

    def tie(self, a: Node, b: Node) -> None:
        self.link(a, b, "tie", self.text(TIE_TABLE))

    def components(self) -> list[set[str]]:
        parent = {n.id: n.id for n in self.world.nodes}

        def root(x: str) -> str:
            while parent[x] != x:
                x = parent[x]
            return x

        for edge in self.world.edges:
            parent[root(edge.source)] = root(edge.target)
        groups: dict[str, set[str]] = {}
        for node in self.world.nodes:
            groups.setdefault(root(node.id), set()).add(node.id)
        return list(groups.values())


WANT_WORDS = {
    "keep": "keeps",
    "take": "wants to take",
    "destroy": "wants to destroy",
    "return": "wants to return",
    "thwart": "works against",
}


def node_counts(rng: Rng) -> tuple[int, int]:
    """(people, items) for a new world: 3-6 nodes, as the module docstring says."""
    total = rng.randint(MIN_NODES, MAX_NODES)
    if total == MAX_NODES and rng.randint(1, 2) == 2:
        return 4, 2
    return total - 1, 1


def generate_world(tables: TableSet, rng: Rng, *, people: int | None = None,
                   items: int | None = None) -> World:
    """A living world; `people`/`items` fix the counts (else they are rolled)."""
    if people is None or items is None:
        people, items = node_counts(rng)
    if items not in (1, 2) or people < 2 * items or not MIN_NODES <= people + items <= MAX_NODES:
        raise SoloError(f"a living world needs 3-6 nodes: 1 item and 2-5 people, or 2 items"
                        f" and 4 people (not {people} people and {items} items)")
    build = _Builder(tables, rng)
    persons = build.add_people(people)
    things = build.add_items(items)
    for index, item in enumerate(things):
        build.contest(item, persons[2 * index], persons[2 * index + 1])
    for index in range(2 * items, people):
        build.join(persons[index], persons[:index], things)
    world = build.world
    for person in persons:
        want = person.want
        assert want is not None
        build.link(person, world.node(want.target), want.kind, WANT_WORDS[want.kind])
    groups = build.components()
    while len(groups) > 1:
        a = rng.choice(sorted(p for p in groups[0] if world.node(p).kind == "npc"))
        b = rng.choice(sorted(p for p in groups[1] if world.node(p).kind == "npc"))
        build.tie(world.node(a), world.node(b))
        groups = build.components()
    if len(persons) >= 2 and rng.randint(1, 2) == 2:
        linked = {frozenset((e.source, e.target)) for e in world.edges}
        free = [(a, b) for i, a in enumerate(persons) for b in persons[i + 1:]
                if frozenset((a.id, b.id)) not in linked]
        if free:
            one, other = rng.choice(free)
            build.tie(one, other)
    world.collisions = [(a.id, b.id) for i, a in enumerate(persons) for b in persons[i + 1:]
                        if collide(a, b)]
    main = things[0]
    first, second = persons[0], persons[1]
    winner, loser = (first, second) if rng.randint(1, 2) == 1 else (second, first)
    world.main_item, world.winner, world.loser = main.id, winner.id, loser.id
    place = next(e.place.name for e in world.edges if e.source == winner.id)
    template = build.text(FALLOUT_TABLE)
    world.fallout = sentence(fill(template, {"winner": winner.name, "loser": loser.name,
                                    "item": main.name, "place": place}, f"table {FALLOUT_TABLE}"))
    return world
