"""A story's foundation and shape: a living world, and where its action will flow.

The world comes first (`world.generate_world`), then the shape, so choosing a
shape with ``--shape`` never changes the world a seed makes - only the plot
laid over it.  The plot casts the world's people into the shape's templates:

* ``<giver>`` - whoever would lose the main fight if nobody stepped in; the
  natural one to ask the heroes for help;
* ``<rival>`` - whoever would win it;
* ``<npc>`` - a third person from the world; a world of only two people gets a
  passer-by (a name and a trade, not on the chart) so the templates still
  read true;
* ``<item>`` - the item fought over; ``<place>`` - where the winner's want plays
  out; ``<place2>`` - another place on the chart.

For a linear shape the success steps follow one another; for a branching
shape they are options that open at once (the RULES digest's reading of
"each success reveals several new ways forward").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng
from solo.errors import SoloError
from solo.story.npc import NAME_TABLE, PART_TABLES
from solo.story.shape import SHAPE_TABLE, Shape, find_shape, load_shapes
from solo.story.world import World, fill, generate_world, sentence
from solo.tables import TableSet


@dataclass
class Plot:
    first_task: str
    success: list[str]
    failure: list[str]

    def to_dict(self, kind: str) -> dict[str, Any]:
        return {
            "first_task": self.first_task,
            "on_success": {"mode": "then" if kind == "linear" else "choose", "steps": self.success},
            "on_failure": self.failure,
        }


@dataclass
class Foundation:
    world: World
    shape: Shape
    plot: Plot
    cast: dict[str, dict[str, Any]] = field(default_factory=dict)
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "foundation": "living-world",
            **self.world.to_dict(),
            "shape": self.shape.to_dict(),
            "cast": self.cast,
            **self.plot.to_dict(self.shape.kind),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Foundation:
        """The foundation `to_dict` described, enough to render it again.

        The shape comes back without its templates (the plot is already laid out).
        """
        try:
            shape = Shape(data["shape"]["id"], data["shape"]["name"], data["shape"]["kind"],
                          data["shape"]["summary"], "", (), ())
            plot = Plot(data["first_task"], list(data["on_success"]["steps"]),
                        list(data["on_failure"]))
            return cls(World.from_dict(data), shape, plot, dict(data["cast"]), data.get("seed"))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SoloError(f"a story foundation's data is damaged (missing or wrong: {exc})") from None


def _cast(tables: TableSet, rng: Rng, world: World) -> dict[str, dict[str, Any]]:
    giver, rival = world.node(world.loser), world.node(world.winner)
    cast: dict[str, dict[str, Any]] = {
        "giver": {"id": giver.id, "name": giver.name},
        "rival": {"id": rival.id, "name": rival.name},
    }
    others = [p for p in world.people if p.id not in (giver.id, rival.id)]
    if others:
        third = rng.choice(others)
        cast["npc"] = {"id": third.id, "name": third.name}
    else:
        taken = {p.name for p in world.people}
        name = tables.roll(NAME_TABLE, rng).text.strip()
        for _ in range(20):
            if name not in taken:
                break
            name = tables.roll(NAME_TABLE, rng).text.strip()
        role = tables.roll(PART_TABLES["role"], rng).text.strip()
        cast["npc"] = {"id": None, "name": name, "role": role}
    item = world.node(world.main_item)
    cast["item"] = {"id": item.id, "name": item.name}
    place = next(e.place.name for e in world.edges if e.source == rival.id)
    others_places = [p.name for p in world.places if p.name != place]
    cast["place"] = {"name": place}
    cast["place2"] = {"name": rng.choice(others_places) if others_places else place}
    return cast


def lay_out(tables: TableSet, rng: Rng, world: World, shape: Shape) -> tuple[Plot, dict]:
    """The first task and where success and failure lead, for `shape` over `world`."""
    cast = _cast(tables, rng, world)
    values = {key: who["name"] for key, who in cast.items()}

    def line(template: str) -> str:
        expanded = tables.expand(template, rng)
        return sentence(fill(expanded, values, f"shape {shape.id} in table {SHAPE_TABLE}"))

    plot = Plot(line(shape.task), [line(t) for t in shape.success], [line(t) for t in shape.failure])
    return plot, cast


def generate_foundation(tables: TableSet, rng: Rng, shape: str | None = None) -> Foundation:
    """A living world, a shape (chosen by id or name, else rolled) and the plot over both."""
    shapes = load_shapes(tables)
    chosen = find_shape(shapes, shape) if shape is not None else None
    world = generate_world(tables, rng)
    if chosen is None:
        chosen = rng.choice(shapes)
    plot, cast = lay_out(tables, rng, world, chosen)
    return Foundation(world, chosen, plot, cast, seed=rng.seed)
