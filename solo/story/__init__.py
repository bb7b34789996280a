"""Story generators: adventure hooks, people, and a story's foundation and shape.

Everything here draws on the `story/...` tables (Tracery grammars and row
tables in `tables/story/`) through a `TableSet` and a seeded `Rng`, so the same
seed gives the same story in every process.  Entry points:

* `generate_hooks(tables, rng, count, table_id="story/hook") -> list[str]`
  (and `iter_hooks` for progress bars);
* `generate_npc(tables, rng, system=None) -> Npc`, `generate_npcs(...)`,
  `iter_npcs(...)`; `rule_system(id)` fetches a rules-engine system for stats;
* `generate_world(tables, rng) -> World` (the living-world flowchart) and
  `generate_foundation(tables, rng, shape=None) -> Foundation` (world, shape
  and plot); `load_shapes(tables)` lists the shapes;
* `solo.story.render` turns any of them into Markdown, text or JSON data.
"""

from solo.story.foundation import Foundation, Plot, generate_foundation
from solo.story.hooks import HOOK_TABLE, generate_hooks, iter_hooks
from solo.story.npc import (
    Npc,
    available_systems,
    generate_npc,
    generate_npcs,
    iter_npcs,
    rule_system,
)
from solo.story.shape import Shape, UnknownShape, find_shape, load_shapes
from solo.story.world import Edge, Node, Place, StoryDataError, Want, World, generate_world

__all__ = [
    "HOOK_TABLE",
    "Edge",
    "Foundation",
    "Node",
    "Npc",
    "Place",
    "Plot",
    "Shape",
    "StoryDataError",
    "UnknownShape",
    "Want",
    "World",
    "available_systems",
    "find_shape",
    "generate_foundation",
    "generate_hooks",
    "generate_npc",
    "generate_npcs",
    "generate_world",
    "iter_hooks",
    "iter_npcs",
    "load_shapes",
    "rule_system",
]
