"""People for a story: who they are, how they come across, what they want and hide.

Each part is rolled on its own table (`story/npc/...`, names from
`names/person`) rather than taken from the one-line `story/npc` grammar, so a
sheet can show the parts separately and the foundation generator can swap in
a want that collides with someone else's.  The parts are always rolled in the
same order, so a seed gives the same person on every machine.

Stats come from the rules engine when a system is asked for: the engine is
called as ``system.random_character(rng, name=..., role=..., npc=True,
label=trade)`` after the story parts, so adding ``--system`` never changes
who the person is, only adds numbers to them; the stat block is an NPC's and
is labelled with the trade (a trade the system knows as a role also shapes
the numbers).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from solo.dice import Rng
from solo.tables import TableSet

NAME_TABLE = "names/person"
PART_TABLES = {
    "role": "story/npc/role",
    "look": "story/npc/look",
    "manner": "story/npc/manner",
    "want": "story/npc/want",
    "secret": "story/npc/secret",
}


@dataclass
class Npc:
    name: str
    role: str
    look: str
    manner: str
    want: str
    secret: str
    system: str | None = None
    stats: dict[str, Any] | None = None
    stat_block: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "role": self.role,
            "look": self.look,
            "manner": self.manner,
            "want": self.want,
            "secret": self.secret,
            "system": self.system,
            "stats": self.stats,
            "stat_block": self.stat_block,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Npc:
        """The person `to_dict` described (e.g. from a campaign's journal)."""
        fields: dict[str, Any] = {key: data.get(key) for key in (
            "name", "role", "look", "manner", "want", "secret", "system", "stats", "stat_block")}
        return cls(**fields)

    def summary(self) -> str:
        """One line: name and trade, for lists and flowchart labels."""
        return f"{self.name}, {self.role}"


def rule_system(system_id: str) -> Any:
    """The rules engine's system for `system_id`; an unknown id is an error listing the known ones."""
    from solo.rules import registry

    return registry.get(system_id)


def available_systems() -> list[str]:
    """Ids of the rule systems NPC stats can come from."""
    from solo.rules import registry

    return list(registry.ids())


def _text(tables: TableSet, table_id: str, rng: Rng) -> str:
    return tables.roll(table_id, rng).text.strip()


def _gist(text: str) -> str:
    """The part of a text that makes it recognisable: "they owe 40 silver; ..." -> "they owe"."""
    return " ".join(text.split(";")[0].split()[:4])


def _fresh(tables: TableSet, table_id: str, rng: Rng, taken: set[str], tries: int) -> str:
    """A roll whose gist is not taken yet, if one comes up within `tries` rerolls."""
    text = _text(tables, table_id, rng)
    for _ in range(tries):
        if _gist(text) not in taken:
            break
        text = _text(tables, table_id, rng)
    return text


def generate_npc(tables: TableSet, rng: Rng, *, system: Any = None,
                 avoid_names: set[str] | frozenset[str] = frozenset(),
                 cast: list[Npc] | tuple[Npc, ...] = ()) -> Npc:
    """A new person; with `system` (from `rule_system`), with that system's stats too.

    `avoid_names` keeps two people in one batch from sharing a name: the name
    is rerolled (a few times at most) while it is taken.  `cast` are the other
    people of a small story: the name is rerolled while its first name is
    taken, and each part (look, manner, secret...) a few times while someone
    already has it, so a cast of four has no two Falks and no shared secret.
    """
    given = {other.name.split()[0] for other in cast}
    name = _text(tables, NAME_TABLE, rng)
    for _ in range(20):
        if name not in avoid_names and name.split()[0] not in given:
            break
        name = _text(tables, NAME_TABLE, rng)
    parts: dict[str, Any] = {}
    for key, table_id in PART_TABLES.items():
        taken = {_gist(getattr(other, key)) for other in cast}
        parts[key] = _fresh(tables, table_id, rng, taken, 10 if cast else 0)
    npc = Npc(name=name, **parts)
    if system is not None:
        # A trade such as "bell-founder" is story colour; only a role the system
        # knows (a Nine Powers concept, a Resistance role) shapes the stats, but
        # the stat block is labelled with the trade, and it is an NPC's.
        role = npc.role if npc.role in system.roles() else None
        actor = system.random_character(rng, name=name, role=role, npc=True, label=npc.role)
        npc.system = system.id
        npc.stats = actor.to_dict()
        npc.stat_block = system.stat_block(actor)
    return npc


def iter_npcs(tables: TableSet, rng: Rng, count: int, *, system: Any = None) -> Iterator[Npc]:
    """`count` people with different names (as far as the name tables allow), one at a time."""
    names: set[str] = set()
    for _ in range(count):
        npc = generate_npc(tables, rng, system=system, avoid_names=names)
        names.add(npc.name)
        yield npc


def generate_npcs(tables: TableSet, rng: Rng, count: int, *, system: Any = None) -> list[Npc]:
    return list(iter_npcs(tables, rng, count, system=system))
