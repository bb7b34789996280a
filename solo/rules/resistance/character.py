"""Resistance characters (many resistances, fallout) and NPCs (one Resistance).

A player character marks stress against its resistances; extra resistance
slots and armour slots soak stress first and never count toward fallout.
Bonds are kept on the character with their own stress tracks.  An NPC has a
difficulty that applies to every roll against it, and a single Resistance
score: once it has taken that much stress it is at the characters' mercy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from solo.rules.engine import Actor, RulesError
from solo.rules.resistance.dice import stress_die

VERSION = 1
WEAPON_KEYS = {"name", "stress", "tags"}


@dataclass(slots=True, eq=True)
class ResistancePC(Actor):
    system_id: ClassVar[str] = "resistance"

    name: str
    kind: str = "pc"
    setting: str = "fantastical-crusades"
    role: str = ""
    stress: dict[str, int] = field(default_factory=dict)
    slots: dict[str, int] = field(default_factory=dict)
    slot_stress: dict[str, int] = field(default_factory=dict)
    armour: str = "no armour"
    armour_value: int = 0
    armour_tags: list[str] = field(default_factory=list)
    armour_stress: int = 0
    skills: list[str] = field(default_factory=list)
    domains: list[str] = field(default_factory=list)
    knacks: list[str] = field(default_factory=list)
    refresh: list[str] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    bonds: list[dict[str, Any]] = field(default_factory=list)
    fallout: list[dict[str, Any]] = field(default_factory=list)
    weapons: list[dict[str, Any]] = field(default_factory=list)
    equipment: list[str] = field(default_factory=list)
    notes: str = ""
    # A whole sheet the GM plays (an NPC ally made like a PC); the Toolbox's own NPCs are ResistanceNPC.
    npc: bool = False

    @property
    def is_pc(self) -> bool:
        return not self.npc

    def total_stress(self) -> int:
        """Stress that counts toward fallout: the resistances' own tracks only."""
        return sum(self.stress.values())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"system": self.system_id, "version": VERSION}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out

    def copy(self) -> ResistancePC:
        new: ResistancePC = self._shallow()
        new.stress = dict(self.stress)
        new.slots = dict(self.slots)
        new.slot_stress = dict(self.slot_stress)
        new.armour_tags = list(self.armour_tags)
        new.skills = list(self.skills)
        new.domains = list(self.domains)
        new.knacks = list(self.knacks)
        new.refresh = list(self.refresh)
        new.abilities = list(self.abilities)
        new.bonds = [dict(b) for b in self.bonds]
        new.fallout = [dict(f) for f in self.fallout]
        new.weapons = [_weapon_copy(w) for w in self.weapons]
        new.equipment = list(self.equipment)
        return new


@dataclass(slots=True, eq=True)
class ResistanceNPC(Actor):
    system_id: ClassVar[str] = "resistance"

    name: str
    kind: str = "npc"
    difficulty: int = 0
    resistance: int = 3
    stress: int = 0
    armour: int = 0
    armour_name: str = ""
    armour_tags: list[str] = field(default_factory=list)
    armour_stress: int = 0
    weapons: list[dict[str, Any]] = field(default_factory=list)
    when: dict[str, int] = field(default_factory=dict)
    notes: str = ""

    @property
    def at_mercy(self) -> bool:
        return self.stress >= self.resistance

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"system": self.system_id, "version": VERSION}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out

    def copy(self) -> ResistanceNPC:
        new: ResistanceNPC = self._shallow()
        new.armour_tags = list(self.armour_tags)
        new.weapons = [_weapon_copy(w) for w in self.weapons]
        new.when = dict(self.when)
        return new


def _weapon_copy(w: dict[str, Any]) -> dict[str, Any]:
    copy = dict(w)
    copy["tags"] = list(w.get("tags", []))
    return copy


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# -- reading saved data ---------------------------------------------------------------


def weapon(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise RulesError(f"{where}: a weapon must be a record with name, stress and tags")
    unknown = set(raw) - WEAPON_KEYS
    if unknown:
        raise RulesError(f"{where}: unknown weapon field(s) {', '.join(sorted(unknown))}")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise RulesError(f"{where}: a weapon needs a name")
    tags = raw.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise RulesError(f"{where}: weapon {name!r} tags must be a list of words")
    if "stress" not in raw:
        raise RulesError(f"{where}: weapon {name!r} needs its stress die (1, d3, d6 or d8)")
    try:
        stress = stress_die(raw["stress"])
    except RulesError as exc:
        raise RulesError(f"{where}: weapon {name!r}: {exc}") from None
    return {"name": name, "stress": stress, "tags": [t.lower() for t in tags]}


def _int(data: Mapping[str, Any], key: str, where: str, default: int, low: int = 0) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise RulesError(f"{where}: {key} must be a whole number of {low} or more, not {value!r}")
    return value


def _bool(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RulesError(f"{where}: {key} must be true or false, not {value!r}")
    return value


def _str(data: Mapping[str, Any], key: str, where: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise RulesError(f"{where}: {key} must be text, not {value!r}")
    return value


def _counts(data: Mapping[str, Any], key: str, where: str) -> dict[str, int]:
    raw = data.get(key, {})
    if not isinstance(raw, Mapping):
        raise RulesError(f"{where}: {key} must map resistances to numbers")
    out = {}
    for k, v in raw.items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise RulesError(f"{where}: {key}.{k} must be a whole number of 0 or more, not {v!r}")
        out[str(k)] = v
    return out


def _words(data: Mapping[str, Any], key: str, where: str) -> list[str]:
    raw = data.get(key, [])
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        raise RulesError(f"{where}: {key} must be a list of words")
    return list(raw)


def _records(data: Mapping[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    raw = data.get(key, [])
    if not isinstance(raw, list) or not all(isinstance(v, Mapping) for v in raw):
        raise RulesError(f"{where}: {key} must be a list of records")
    return [dict(v) for v in raw]


def actor_from_dict(data: Mapping[str, Any]) -> ResistancePC | ResistanceNPC:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RulesError("a Resistance character needs a name")
    kind = data.get("kind", "pc")
    where = f"Resistance {'character' if kind == 'pc' else 'NPC'} {name!r}"
    version = data.get("version", VERSION)
    if version != VERSION:
        raise RulesError(f"{where}: saved by a newer solo (version {version}); this one reads {VERSION}")
    cls = ResistancePC if kind == "pc" else ResistanceNPC if kind == "npc" else None
    if cls is None:
        raise RulesError(f"{where}: kind must be pc or npc, not {kind!r}")
    known = {f.name for f in fields(cls)} | {"system", "version"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesError(f"{where}: unknown field(s) {', '.join(unknown)}")
    weapons = [weapon(w, f"{where}, weapons[{i}]") for i, w in enumerate(_records(data, "weapons", where))]
    if cls is ResistanceNPC:
        when = _counts(data, "when", where)
        return ResistanceNPC(
            name=name,
            difficulty=_int(data, "difficulty", where, 0),
            resistance=_int(data, "resistance", where, 3, 1),
            stress=_int(data, "stress", where, 0),
            armour=_int(data, "armour", where, 0),
            armour_name=_str(data, "armour_name", where, ""),
            armour_tags=_words(data, "armour_tags", where),
            armour_stress=_int(data, "armour_stress", where, 0),
            weapons=weapons,
            when=when,
            notes=_str(data, "notes", where, ""),
        )
    bonds = _records(data, "bonds", where)
    for bond in bonds:
        if not isinstance(bond.get("name"), str):
            raise RulesError(f"{where}: every bond needs a name")
        if not isinstance(bond.get("stress", 0), int) or bond.get("stress", 0) < 0:
            raise RulesError(f"{where}: bond {bond['name']!r} stress must be 0 or more")
    return ResistancePC(
        name=name,
        setting=_str(data, "setting", where, "fantastical-crusades"),
        role=_str(data, "role", where, ""),
        stress=_counts(data, "stress", where),
        slots=_counts(data, "slots", where),
        slot_stress=_counts(data, "slot_stress", where),
        armour=_str(data, "armour", where, "no armour"),
        armour_value=_int(data, "armour_value", where, 0),
        armour_tags=_words(data, "armour_tags", where),
        armour_stress=_int(data, "armour_stress", where, 0),
        skills=_words(data, "skills", where),
        domains=_words(data, "domains", where),
        knacks=_words(data, "knacks", where),
        refresh=_words(data, "refresh", where),
        abilities=_words(data, "abilities", where),
        bonds=bonds,
        fallout=_records(data, "fallout", where),
        weapons=weapons,
        equipment=_words(data, "equipment", where),
        notes=_str(data, "notes", where, ""),
        npc=_bool(data, "npc", where),
    )
