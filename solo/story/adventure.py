"""A whole adventure over a story's foundation: places, clues, threats, balanced fights, scenes.

`generate_adventure(tables, rng, system, party=None, shape=None, danger="fair")`
builds, in this order from one seeded Rng (so ``--seed`` gives the same
adventure every time):

1. the foundation and its shape (`solo.story.foundation`);
2. the revelations - one per step the shape says success leads to - and the
   locations they open (`solo.story.locations`), the people and things of
   the foundation put where their story happens, loose finds and hazards;
3. the clues (`solo.story.clues`), checked against the three-routes rule:
   a build that fails the check is thrown away and built again from the
   next rolls of the same Rng (at most `MAX_BUILDS` times, then an error),
   so a failing build is never printed;
4. the threats as clocks (`solo.story.threats`);
5. the party - given, or a random one of the system (`PARTY_SIZE` people);
6. the fights, each balanced by forecast against that party
   (`solo.story.balance`): the climax at the danger asked for, against the
   foundation's winner, and one or two lesser fights a step safer (a lesser
   fight no group of foes balances is left out; a climax that cannot be
   balanced is an error naming the closest chance found);
7. the scene list: the opening, one scene per lead, the climax, and what
   follows success and failure.

`reference_problems` checks that nothing names a person, place, clue,
revelation, fight or threat that does not exist; `Adventure.to_dict` and
`Adventure.from_dict` round-trip through JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng
from solo.errors import SoloError
from solo.rules.engine import Actor, System
from solo.story.balance import BANDS, DANGERS, Memo, balance, band_text, foe_pool
from solo.story.clues import Clue, Revelation, clue_problems, place_clues
from solo.story.fights import Fights
from solo.story.foundation import Foundation, generate_foundation
from solo.story.locations import Location, lay_out_locations
from solo.story.npc import NAME_TABLE
from solo.story.threats import Threat, make_threats
from solo.story.world import PLACE_DETAIL_TABLE, sentence
from solo.tables import TableSet

PARTY_SIZE = 4
MAX_PARTY = 8
MAX_BUILDS = 20
FIND_TABLE = "story/adventure/find"
HAZARD_TABLE = "story/adventure/hazard"
AFTERMATH_TABLE = "story/adventure/aftermath"
MUSCLE_TABLE = "story/adventure/muscle"
SAFER = {"deadly": "fair", "fair": "low", "low": "low"}


@dataclass
class Foe:
    name: str
    sheet: dict[str, Any]
    template: str | None = None  # the system's named NPC the stats come from
    person: str | None = None  # the foundation's person node id, for a story person

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "template": self.template, "person": self.person, "sheet": self.sheet}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Foe:
        return cls(data["name"], dict(data["sheet"]), data["template"], data["person"])


@dataclass
class Fight:
    id: str
    location: str
    danger: str
    foes: list[Foe]
    note: str
    forecast: dict[str, Any]  # Forecast.to_dict() plus "chunks": [[seed, fights], ...]
    leader: str | None = None  # person node id

    @property
    def band(self) -> tuple[float, float]:
        return BANDS[self.danger]

    @property
    def win(self) -> float:
        return float(self.forecast["win"])

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.band
        return {"id": self.id, "location": self.location, "danger": self.danger,
                "band": [lo, hi], "leader": self.leader, "note": self.note,
                "foes": [f.to_dict() for f in self.foes], "forecast": self.forecast}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Fight:
        return cls(data["id"], data["location"], data["danger"],
                   [Foe.from_dict(f) for f in data["foes"]], data["note"], dict(data["forecast"]),
                   data["leader"])


@dataclass
class Scene:
    id: str
    kind: str  # opening | lead | climax | success | failure
    title: str
    text: str
    location: str | None = None
    clues: list[str] = field(default_factory=list)
    fight: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "title": self.title, "text": self.text,
                "location": self.location, "clues": self.clues, "fight": self.fight}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scene:
        return cls(data["id"], data["kind"], data["title"], data["text"], data["location"],
                   list(data["clues"]), data["fight"])


@dataclass
class Adventure:
    title: str
    system: str
    danger: str
    foundation: Foundation
    party: list[dict[str, Any]]  # the sheets the fights were balanced against
    locations: list[Location]
    links: list[tuple[str, str]]
    revelations: list[Revelation]
    clues: list[Clue]
    threats: list[Threat]
    fights: list[Fight]
    scenes: list[Scene]
    seed: int | None = None
    builds: int = 1  # how many builds it took to keep the clue rule

    def location(self, location_id: str) -> Location:
        for loc in self.locations:
            if loc.id == location_id:
                return loc
        raise KeyError(location_id)

    def fight(self, fight_id: str) -> Fight:
        for fight in self.fights:
            if fight.id == fight_id:
                return fight
        raise KeyError(fight_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "adventure": self.title,
            "seed": self.seed,
            "system": self.system,
            "danger": self.danger,
            "builds": self.builds,
            "party": self.party,
            "locations": [loc.to_dict() for loc in self.locations],
            "links": [list(pair) for pair in self.links],
            "revelations": [r.to_dict() for r in self.revelations],
            "clues": [c.to_dict() for c in self.clues],
            "threats": [t.to_dict() for t in self.threats],
            "fights": [f.to_dict() for f in self.fights],
            "scenes": [s.to_dict() for s in self.scenes],
            "foundation": self.foundation.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Adventure:
        try:
            return cls(
                data["adventure"], data["system"], data["danger"],
                Foundation.from_dict(data["foundation"]), [dict(p) for p in data["party"]],
                [Location.from_dict(x) for x in data["locations"]],
                [(a, b) for a, b in data["links"]],
                [Revelation.from_dict(x) for x in data["revelations"]],
                [Clue.from_dict(x) for x in data["clues"]],
                [Threat.from_dict(x) for x in data["threats"]],
                [Fight.from_dict(x) for x in data["fights"]],
                [Scene.from_dict(x) for x in data["scenes"]],
                data.get("seed"), data.get("builds", 1))
        except (KeyError, TypeError, ValueError) as exc:
            raise SoloError(f"an adventure's data is damaged (missing or wrong: {exc})") from None


# -- building --------------------------------------------------------------------------------


def random_party(tables: TableSet, rng: Rng, system: System, size: int = PARTY_SIZE,
                 avoid: Sequence[str] = ()) -> list[Actor]:
    """`size` random characters of the system, no two sharing a name (given or family), nor with
    the people in `avoid` (the story's: no "Marten" or "Ash-Hand" on both sides of a fight)."""
    taken = {w for n in avoid for w in _name_words(n)}
    party = []
    for _ in range(size):
        name = tables.roll(NAME_TABLE, rng).text.strip()
        for _ in range(20):
            if not _name_words(name) & taken:
                break
            name = tables.roll(NAME_TABLE, rng).text.strip()
        taken |= _name_words(name)
        party.append(system.random_character(rng, name=name))
    return party


def _name_words(name: str) -> set[str]:
    """The words of a name worth telling people apart by ("Roake", "Ash-Hand"; not "of", "the")."""
    return {w for w in name.split() if w[:1].isupper()}


def _text(tables: TableSet, rng: Rng, table_id: str) -> str:
    return tables.roll(table_id, rng).text.strip()


def _fill(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace(f"<{key}>", value)
    return sentence(text)


def _populate(tables: TableSet, rng: Rng, found: Foundation, locations: list[Location]) -> None:
    """The foundation's people and things put where their story happens; finds and hazards."""
    world = found.world
    start, climax = locations[0], locations[-1]
    start.people.append(world.loser)
    climax.people.append(world.winner)
    middle = locations[1:-1]
    for person in world.people:
        if person.id in (world.loser, world.winner):
            continue
        own = [loc for loc in locations[:-1]
               if any(line.startswith(person.name + " ") for line in loc.story)]
        rng.choice(own or middle).people.append(person.id)
    _tell_where_they_are(found, locations)
    for item in world.items:
        held = next((loc for loc in locations if item.holder and item.holder in loc.people), None)
        home = held or (climax if item.id == world.main_item else rng.choice(middle))
        home.things.append(item.id)
    used: set[str] = set()
    for loc in locations:
        if rng.randint(1, 2) == 1:
            loc.finds.append(_unused(tables, rng, FIND_TABLE, used))
        if loc is not start and rng.randint(1, 3) == 1:
            loc.hazard = _unused(tables, rng, HAZARD_TABLE, used)


def _unused(tables: TableSet, rng: Rng, table_id: str, used: set[str]) -> str:
    """A roll on the table this adventure has not had yet (up to 12 tries), noted in `used`."""
    for _ in range(12):
        text = _text(tables, rng, table_id)
        if text not in used:
            break
    used.add(text)
    return text


def _subject(found: Foundation, line: str) -> str | None:
    """The person a story line is about (the one whose name starts it)."""
    names = sorted(found.world.people, key=lambda p: -len(p.name))
    return next((p.id for p in names if line.startswith(p.name + " ")), None)


def _tell_where_they_are(found: Foundation, locations: list[Location]) -> None:
    """Each story line moved to the place its person is, so what a place tells ("Here: ...") is
    about someone the heroes can meet there."""
    where = {p: loc for loc in locations for p in loc.people}
    for loc in locations:
        kept = []
        for line in loc.story:
            home = where.get(_subject(found, line) or "", loc)
            if home is loc:
                kept.append(line)
            elif line not in home.story:
                home.story.append(line)
        loc.story[:] = kept


def _fresh_details(tables: TableSet, rng: Rng, locations: list[Location]) -> None:
    """A place whose detail another place already has gets a new one (up to 30 rolls)."""
    seen: set[str] = set()
    for loc in locations:
        for _ in range(30):
            if loc.detail not in seen:
                break
            loc.detail = _text(tables, rng, PLACE_DETAIL_TABLE)
        seen.add(loc.detail)


def begins_at_place(tables: TableSet, found: Foundation) -> bool:
    """Whether the shape's first task starts at <place> (`begins: place` in its row)."""
    from solo.story.shape import SHAPE_TABLE

    for row in tables.get(SHAPE_TABLE).rows:
        if row.fields.get("id") == found.shape.id:
            return row.fields.get("begins") == "place"
    return False


def _lay_out(tables: TableSet, rng: Rng, found: Foundation
             ) -> tuple[list[Location], list[tuple[str, str]], list[Revelation], list[Clue], int]:
    """Locations, links, revelations and clues that keep the three-routes rule (built again until
    they do)."""
    problems: list[str] = []
    for build in range(1, MAX_BUILDS + 1):
        steps = found.plot.success
        gates = [f"r{i + 1}" for i in range(len(steps))]
        locations, links = lay_out_locations(tables, rng, found, gates, begins_at_place(tables, found))
        _fresh_details(tables, rng, locations)
        _populate(tables, rng, found, locations)
        opened = {loc.gate: loc.id for loc in locations if loc.gate}
        revelations = [Revelation(g, text, opened[g]) for g, text in zip(gates, steps, strict=True)]
        clues = place_clues(tables, rng, revelations, locations, found.shape.kind == "branching")
        problems = clue_problems(locations, links, revelations, clues)
        if not problems:
            return locations, links, revelations, clues, build
    raise SoloError(f"no adventure kept the clue rule in {MAX_BUILDS} builds: {problems[0]}")


def _leader(system: System, rng: Rng, found: Foundation, person_id: str) -> Actor:
    node = found.world.node(person_id)
    role = node.npc.role if node.npc else None
    actor = system.random_character(rng, name=node.name, npc=True, label=role,
                                    role=role if role in system.roles() else None)
    return actor


def _fights(tables: TableSet, rng: Rng, system: System, party: Sequence[Actor], found: Foundation,
            locations: list[Location], threats: list[Threat], danger: str, played: Fights) -> list[Fight]:
    world = found.world
    pool = foe_pool(system, party)
    memo: Memo = {}  # what each group scored, for all the fights of this adventure
    climax = locations[-1]
    plans: list[tuple[Location, str | None, str]] = [(climax, world.winner, danger)]
    others = [loc for loc in locations if loc.role != "start" and loc is not climax]
    rng.shuffle(others)
    second = next((t.who for t in threats if t.who != world.winner), None)
    count = 1 if len(locations) < 8 else 2
    for loc in others[:count]:
        plans.append((loc, second if second in loc.people else None, SAFER[danger]))
    fights: list[Fight] = []
    for index, (loc, leader_id, level) in enumerate(plans):
        leader = _leader(system, rng, found, leader_id) if leader_id else None
        try:
            made = balance(system, party, level, rng, leader=leader, pool=pool, memo=memo, fights=played)
        except SoloError:
            if index == 0:
                raise  # no climax, no adventure
            continue  # a lesser fight nothing balances is left out rather than printed unbalanced
        foes = []
        counts: dict[str, int] = {}
        for actor, template in zip(made.foes, made.templates, strict=True):
            person = leader_id if leader is not None and actor.name == leader.name else None
            name = actor.name
            if person is None:
                counts[name] = counts.get(name, 0) + 1
                # numbered only beside another of the same name (not the leader wearing its stats)
                twins = sum(a.name == actor.name for a in made.foes)
                name = f"{name} {counts[name]}" if twins > 1 else name
            foes.append(Foe(name, {**actor.to_dict(), "name": name}, template, person))
        boss = world.node(leader_id).name if leader_id else "whoever hired them"
        note = _fill(_text(tables, rng, MUSCLE_TABLE), {"who": boss})
        data = {k: v for k, v in made.forecast.to_dict().items() if k != "seconds"}  # same every run
        data["chunks"] = [list(c) for c in made.chunks]
        fight = Fight(f"f{len(fights) + 1}", loc.id, level, foes, note, data, leader_id)
        loc.fight = fight.id
        fights.append(fight)
    return fights


def _scenes(tables: TableSet, rng: Rng, found: Foundation, locations: list[Location],
            revelations: list[Revelation], clues: list[Clue], threats: list[Threat]) -> list[Scene]:
    world = found.world
    giver, winner = world.node(world.loser), world.node(world.winner)
    item = world.node(world.main_item)
    start, climax = locations[0], locations[-1]
    names = {loc.id: loc.name for loc in locations}
    task = found.plot.first_task
    asks = task if task.startswith(giver.name) else f"{giver.name} asks for help. {task}"
    scenes = [Scene("s1", "opening", f"At {start.name}", asks, start.id)]
    for rev in revelations:
        where = sorted({names[c.location] for c in clues if c.revelation == rev.id})
        target = next(loc for loc in locations if loc.id == rev.opens)
        text = f"Clues at {', '.join(where)} point to {target.name}. {rev.text}"
        scenes.append(Scene(f"s{len(scenes) + 1}", "lead", f"The way to {target.name}", text, target.id,
                            [c.id for c in clues if c.revelation == rev.id]))
    plan = threats[0]
    scenes.append(Scene(f"s{len(scenes) + 1}", "climax", f"Showdown at {climax.name}",
                        f"{winner.name} makes their stand over {item.name}. If they win: {plan.steps[-1]}",
                        climax.id))
    values = {"who": winner.name, "giver": giver.name, "item": item.name}
    scenes.append(Scene(f"s{len(scenes) + 1}", "success", "If the heroes win",
                        _fill(_text(tables, rng, AFTERMATH_TABLE), values) + "."))
    scenes.append(Scene(f"s{len(scenes) + 1}", "failure", "If the heroes fail",
                        " ".join(found.plot.failure)))
    return scenes


def outline_adventure(tables: TableSet, rng: Rng, *, shape: str | None = None) -> Adventure:
    """Everything but the party and the fights: foundation, places, clues, threats and scenes.

    It needs no rule system; `generate_adventure` goes on from here, so the
    same seed gives the same outline with or without fights.
    """
    seed = rng.seed
    found = generate_foundation(tables, rng, shape)
    locations, links, revelations, clues, builds = _lay_out(tables, rng, found)
    threats = make_threats(tables, rng, found, locations[-1].name)
    scenes = _scenes(tables, rng, found, locations, revelations, clues, threats)
    title = f"{found.shape.name}: {found.world.node(found.world.main_item).name}"
    return Adventure(title, "", "", found, [], locations, links, revelations, clues, threats, [],
                     scenes, seed, builds)


def generate_adventure(tables: TableSet, rng: Rng, system: System, *,
                       party: Sequence[Actor] | None = None, shape: str | None = None,
                       danger: str = "fair", workers: int | None = None) -> Adventure:
    """A whole adventure for `system`, its fights balanced against `party` (else a random one).

    The fights are simulated on `workers` processes (default: one per core); the adventure is
    the same whatever the number (`solo.story.fights`)."""
    if danger not in DANGERS:
        raise SoloError(f"danger is one of {', '.join(DANGERS)}, not {danger!r}")
    if party is not None and not 1 <= len(party) <= MAX_PARTY:
        raise SoloError(f"a party is 1 to {MAX_PARTY} characters, not {len(party)}")
    adventure = outline_adventure(tables, rng, shape=shape)
    people = [p.name for p in adventure.foundation.world.people]
    actors = list(party) if party is not None else random_party(tables, rng, system, avoid=people)
    with Fights(system, actors, workers) as played:
        adventure.fights = _fights(tables, rng, system, actors, adventure.foundation,
                                   adventure.locations, adventure.threats, danger, played)
    climax = adventure.locations[-1].id
    for scene in adventure.scenes:  # the climax's fight belongs to the climax, not the way there
        if scene.location is not None and not (scene.kind == "lead" and scene.location == climax):
            scene.fight = adventure.location(scene.location).fight
    adventure.system, adventure.danger = system.id, danger
    adventure.party = [a.to_dict() for a in actors]
    problems = reference_problems(adventure)
    if problems:  # a bug, not bad luck: say what is wrong rather than print a broken adventure
        raise SoloError(f"the adventure refers to what does not exist: {problems[0]}")
    return adventure


def reference_problems(adv: Adventure) -> list[str]:
    """Every reference to a person, item, place, clue, revelation, fight or threat that does not exist."""
    world = adv.foundation.world
    people = {p.id for p in world.people}
    items = {i.id for i in world.items}
    locs = {loc.id for loc in adv.locations}
    clues = {c.id: c for c in adv.clues}
    revs = {r.id for r in adv.revelations}
    fights = {f.id for f in adv.fights}
    problems = []

    def need(kind: str, value: Any, known: set[str] | dict[str, Any], where: str) -> None:
        if value not in known:
            problems.append(f"{where} names {kind} {value!r}, which does not exist")

    for a, b in adv.links:
        need("location", a, locs, "a link")
        need("location", b, locs, "a link")
    for loc in adv.locations:
        where = f"location {loc.id}"
        for p in loc.people:
            need("person", p, people, where)
        for i in loc.things:
            need("item", i, items, where)
        for c in loc.clues:
            need("clue", c, clues, where)
            if c in clues and clues[c].location != loc.id:
                problems.append(f"{where} lists clue {c}, which lies at {clues[c].location}")
        if loc.gate is not None:
            need("revelation", loc.gate, revs, where)
        if loc.fight is not None:
            need("fight", loc.fight, fights, where)
        for line in loc.story:
            who = _subject(adv.foundation, line)
            if who is not None and who not in loc.people:
                problems.append(f"{where} tells of {who}, who is not there: {line!r}")
    for clue in adv.clues:
        need("revelation", clue.revelation, revs, f"clue {clue.id}")
        need("location", clue.location, locs, f"clue {clue.id}")
        if clue.holder is not None:
            need("person", clue.holder, people, f"clue {clue.id}")
    for rev in adv.revelations:
        need("location", rev.opens, locs, f"revelation {rev.id}")
    for threat in adv.threats:
        need("person", threat.who, people, f"threat {threat.id}")
    for fight in adv.fights:
        need("location", fight.location, locs, f"fight {fight.id}")
        if fight.leader is not None:
            need("person", fight.leader, people, f"fight {fight.id}")
        for foe in fight.foes:
            if foe.person is not None:
                need("person", foe.person, people, f"fight {fight.id}")
    for scene in adv.scenes:
        if scene.location is not None:
            need("location", scene.location, locs, f"scene {scene.id}")
        if scene.fight is not None:
            need("fight", scene.fight, fights, f"scene {scene.id}")
        for c in scene.clues:
            need("clue", c, clues, f"scene {scene.id}")
    return problems


def band_line(fight: Fight) -> str:
    """"fair: party wins 60%-85%; forecast 72.4% over 1000 fights"."""
    return f"{band_text(fight.danger)}; forecast {fight.win:.1%} over {fight.forecast['runs']} fights"
