"""Resistance characters (many resistances, fallout) and NPCs (one Resistance).

A player character marks stress against its resistances; extra resistance
slots and armour slots soak stress first and never count toward fallout.
Bonds are kept on the character with their own stress tracks.  An NPC has a
difficulty that applies to every roll against it, and a single Resistance
score: once it has taken that much stress it is at the characters' mercy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from solo.rules import schema
from solo.rules.engine import RulesError
from solo.rules.resistance.dice import stress_die

VERSION = 2
# Version 1 gave an NPC `armour` (a number) and `armour_name`, where a PC's `armour` is the name:
# now `armour` is what is worn and `armour_value` how much it soaks, on both.
UPGRADES = {1: schema.renaming({"armour": "armour_value", "armour_name": "armour"},
                               lambda data: data.get("kind") == "npc")}
# A weapon: its name, stress die and tags (lower case); a bond: its name and its own stress track.
weapon = schema.record("weapon", {"name": "str", "stress": stress_die,
                                  "tags": ("list[str]", {"key": str.lower})},
                       {"name": "a name", "stress": "its stress die (1, d3, d6 or d8)"})
READ = {"read_in_fights": True}  # a conflict only reads it: a forecast's fight copies share it
WEAPONS = {"parse": schema.each(weapon, "weapons"), "deep": True, **READ}
BONDS = {"parse": schema.each(schema.record("bond", {"name": "str", "stress": "int"}, {"name": "a name"},
                                            others=True), "bonds"), **READ}


@dataclass(slots=True, eq=True)
class ResistancePC(schema.Saved):
    system_id: ClassVar[str] = "resistance"
    version: ClassVar[int] = VERSION
    upgrades: ClassVar[Mapping[int, schema.Upgrade]] = UPGRADES

    name: str
    kind: str = field(default="pc", metadata={"choices": ("pc",)})
    setting: str = "fantastical-crusades"
    role: str = ""
    stress: dict[str, int] = field(default_factory=dict)
    slots: dict[str, int] = field(default_factory=dict, metadata=READ)
    slot_stress: dict[str, int] = field(default_factory=dict)
    armour: str = "no armour"
    armour_value: int = 0
    armour_tags: list[str] = field(default_factory=list, metadata=READ)
    armour_stress: int = 0
    skills: list[str] = field(default_factory=list, metadata=READ)
    domains: list[str] = field(default_factory=list, metadata=READ)
    knacks: list[str] = field(default_factory=list, metadata=READ)
    refresh: list[str] = field(default_factory=list, metadata=READ)
    abilities: list[str] = field(default_factory=list, metadata=READ)
    bonds: list[dict[str, Any]] = field(default_factory=list, metadata=BONDS)
    fallout: list[dict[str, Any]] = field(default_factory=list)
    weapons: list[dict[str, Any]] = field(default_factory=list, metadata=WEAPONS)
    equipment: list[str] = field(default_factory=list, metadata=READ)
    notes: str = ""
    # A whole sheet the GM plays (an NPC ally made like a PC); the Toolbox's own NPCs are ResistanceNPC.
    npc: bool = False

    @property
    def is_pc(self) -> bool:
        return not self.npc

    def total_stress(self) -> int:
        """Stress that counts toward fallout: the resistances' own tracks only."""
        return sum(self.stress.values())


@dataclass(slots=True, eq=True)
class ResistanceNPC(schema.Saved):
    system_id: ClassVar[str] = "resistance"
    version: ClassVar[int] = VERSION
    upgrades: ClassVar[Mapping[int, schema.Upgrade]] = UPGRADES

    name: str
    kind: str = field(default="npc", metadata={"choices": ("npc",)})
    difficulty: int = 0
    resistance: int = field(default=3, metadata={"min": 1})
    stress: int = 0
    armour: str = ""
    armour_value: int = 0
    armour_tags: list[str] = field(default_factory=list, metadata=READ)
    armour_stress: int = 0
    weapons: list[dict[str, Any]] = field(default_factory=list, metadata=WEAPONS)
    when: dict[str, int] = field(default_factory=dict, metadata=READ)
    notes: str = ""

    @property
    def at_mercy(self) -> bool:
        return self.stress >= self.resistance


def actor_from_dict(data: Mapping[str, Any]) -> ResistancePC | ResistanceNPC:
    """A sheet saved with `to_dict`: every field checked by its declaration."""
    kind = data.get("kind", "pc")
    if kind not in ("pc", "npc"):
        raise RulesError(f"Resistance character {schema.name_of(data, 'Resistance')!r}: kind must be pc or"
                         f" npc, not {kind!r}")
    cls = ResistancePC if kind == "pc" else ResistanceNPC
    actor, _ = schema.read(cls, data, "Resistance", "character" if kind == "pc" else "NPC")
    return actor  # type: ignore[no-any-return]
