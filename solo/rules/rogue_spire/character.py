"""Rogue Spire creatures: a vitality die, skill dice and the state of each die.

There are no hit points.  `dice[0]` is the vitality die, the rest are skill
dice; each die record keeps its size and three flags (exhausted, strained,
injured) plus any Armor / Body / Mind defense of its own (a dwarf's +1
Body, a talent's +1 Armor).  Armour worn adds ``[a | b | c]``: a to the
vitality die, b to every other skill die, c to the highest skill die (with
one skill die, b goes on it).  Traits are as many as the dice; a talent sits
in a slot of a die size, and a die of size S gives one slot of every size up
to S (table 1.9.7), the vitality die included.

A creature whose vitality die is strained is unconscious; injured, it is on
death's door.  Everything a sheet holds is checked on load, and a bad value
names its field (``dice[2].die``, ``talents[0].slot``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from solo.rules import schema
from solo.rules.engine import Actor, RulesError
from solo.rules.rogue_spire.dice import SIZES, die_name, parse_die

VERSION = 1
SYSTEM_ID = "rogue-spire"
TIERS = ("minion", "elite", "leader", "champion", "epic", "legendary", "mythic")
DIE_KEYS = ("die", "exhausted", "strained", "injured", "armor", "body", "mind")
DEFENSES = ("armor", "body", "mind")
PERSONALITIES = (
    "selfless",
    "humane",
    "principled",
    "obedient",
    "dogmatic",
    "imperious",
    "cruel",
    "ambitious",
    "independent",
    "righteous",
)  # the reconstructed wheel, in order round it
ATTITUDES = ("hostile", "unfriendly", "indifferent", "friendly", "loyal")
SIDES_OF = {f"d{s}": s for s in SIZES}  # sheets hold dice as "d6"; checked on load
RANGES = ("very-short", "short", "medium", "long", "very-long", "extreme")


def wheel_distance(a: str, b: str) -> int:
    i, j = PERSONALITIES.index(a), PERSONALITIES.index(b)
    d = abs(i - j)
    return min(d, len(PERSONALITIES) - d)


def barred_by(kind: str) -> list[str]:
    """The types a personality type rules out: those 4 or 5 steps round the wheel."""
    return [p for p in PERSONALITIES if wheel_distance(kind, p) >= 4]


def _int(raw: Any, what: str, low: int = 0) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < low:
        raise RulesError(f"{what} must be a whole number of {low} or more, not {raw!r}")
    return raw


def _bool(raw: Any, what: str) -> bool:
    if not isinstance(raw, bool):
        raise RulesError(f"{what} must be true or false, not {raw!r}")
    return raw


def _dice(raw: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or len(raw) < 2:
        raise RulesError(
            f"{where}: dice must be a list of records, the vitality die first and at least one skill die"
        )
    out = []
    for i, rec in enumerate(raw):
        what = f"{where}: dice[{i}]"
        if not isinstance(rec, Mapping):
            raise RulesError(f"{what} must be a record (die, exhausted, strained, injured)")
        unknown = sorted(set(rec) - set(DIE_KEYS))
        if unknown:
            raise RulesError(f"{what} has unknown field(s) {', '.join(unknown)}")
        if "die" not in rec:
            raise RulesError(f"{what} needs its die (d4 to d20)")
        sides = parse_die(rec["die"], f"{what}.die")
        die: dict[str, Any] = {"die": die_name(sides).lower()}
        for flag in ("exhausted", "strained", "injured"):
            die[flag] = _bool(rec.get(flag, False), f"{what}.{flag}")
        for key in DEFENSES:
            die[key] = _int(rec.get(key, 0), f"{what}.{key}")
        out.append(die)
    return out


def _traits(raw: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise RulesError(f"{where}: traits must be a list of records")
    out = []
    for i, rec in enumerate(raw):
        what = f"{where}: traits[{i}]"
        if not isinstance(rec, Mapping) or not isinstance(rec.get("name"), str) or not rec["name"]:
            raise RulesError(f"{what} needs a name")
        kind = rec.get("kind", "ability")
        if kind not in ("background", "ability"):
            raise RulesError(f"{what}.kind must be background or ability, not {kind!r}")
        expertise = rec.get("expertise", "")
        if not isinstance(expertise, str):
            raise RulesError(f"{what}.expertise must be text")
        out.append({"name": rec["name"], "kind": kind, "expertise": expertise})
    return out


def _talents(raw: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise RulesError(f"{where}: talents must be a list of records")
    out = []
    for i, rec in enumerate(raw):
        what = f"{where}: talents[{i}]"
        if not isinstance(rec, Mapping) or not isinstance(rec.get("id"), str) or not rec["id"]:
            raise RulesError(f"{what} needs an id")
        slot = parse_die(rec.get("slot"), f"{what}.slot")
        size = parse_die(rec.get("size", rec.get("slot")), f"{what}.size")
        if size > slot:
            raise RulesError(f"{what}.size {die_name(size)} is larger than its {die_name(slot)} slot")
        trait = rec.get("trait", "")
        if not isinstance(trait, str):
            raise RulesError(f"{what}.trait must be text")
        out.append({"id": rec["id"], "slot": f"d{slot}", "size": f"d{size}", "trait": trait})
    return out


def _personality(raw: Any, where: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise RulesError(f"{where}: personality must be a list of types")
    kinds = [p.strip().lower() for p in raw]
    for i, kind in enumerate(kinds):
        if kind not in PERSONALITIES:
            raise RulesError(f"{where}: personality[{i}] {raw[i]!r} is not one of {', '.join(PERSONALITIES)}")
    if len(kinds) > 4:
        raise RulesError(f"{where}: personality has at most 4 types, not {len(kinds)}")
    for i, a in enumerate(kinds):
        for b in kinds[:i]:
            if wheel_distance(a, b) >= 4:
                raise RulesError(f"{where}: personality[{i}] {a} is too far round the wheel from {b}")
    return kinds


def weapon(raw: Any, what: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str) or not raw["name"]:
        raise RulesError(f"{what} needs a name")
    rng = raw.get("range", "medium")
    if rng not in RANGES:
        raise RulesError(f"{what}.range must be one of {', '.join(RANGES)}, not {rng!r}")
    qualities = raw.get("qualities", [])
    if not isinstance(qualities, list) or not all(isinstance(q, str) for q in qualities):
        raise RulesError(f"{what}.qualities must be a list of words")
    return {
        "name": raw["name"],
        "power": _int(raw.get("power", 0), f"{what}.power"),
        "bypass": _int(raw.get("bypass", 0), f"{what}.bypass"),
        "range": rng,
        "ranged": _bool(raw.get("ranged", False), f"{what}.ranged"),
        "qualities": [q.lower() for q in qualities],
        "capacity": _int(raw.get("capacity", 0), f"{what}.capacity"),
    }


def _weapons(raw: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise RulesError(f"{where}: weapons must be a list of records")
    return [weapon(w, f"{where}: weapons[{i}]") for i, w in enumerate(raw)]


def armour(raw: Any, what: str) -> dict[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str):
        raise RulesError(f"{what} must be a record with a name and values [a, b, c]")
    values = raw.get("values")
    if not isinstance(values, list) or len(values) != 3:
        raise RulesError(f"{what}.values must be three numbers [vitality, other skill dice, highest]")
    qualities = raw.get("qualities", [])
    if not isinstance(qualities, list) or not all(isinstance(q, str) for q in qualities):
        raise RulesError(f"{what}.qualities must be a list of words")
    return {
        "name": raw["name"],
        "values": [_int(v, f"{what}.values[{i}]") for i, v in enumerate(values)],
        "qualities": [q.lower() for q in qualities],
        "capacity": _int(raw.get("capacity", 0), f"{what}.capacity"),
    }


READ = {"read_in_fights": True}  # a fight only reads it: a forecast's fight copies share it


def _record(record: dict[str, Any]) -> dict[str, Any]:
    """A copy of a weapon or armour record, which holds words, numbers and lists of them (qualities,
    values): quicker than walking it all the way down, and a forecast copies thousands."""
    return {k: list(v) if v.__class__ is list else v for k, v in record.items()}


def _records(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of weapon records (`_record`)."""
    return [_record(r) for r in records]


def _choice(allowed: tuple[str, ...], name: str) -> Any:
    def parse(raw: Any, where: str) -> str:
        if raw not in allowed:
            raise RulesError(f"{where}: {name} must be one of {', '.join(allowed)}, not {raw!r}")
        return str(raw)

    return parse


@dataclass(slots=True, eq=True)
class SpireActor(Actor):
    """A player character or a creature; both are the same shape in the Rogue Spire."""

    system_id: ClassVar[str] = SYSTEM_ID

    name: str
    kind: str = field(default="pc", metadata={"choices": ("pc", "npc")})
    xp: int = 0
    level: int = field(default=1, metadata={"min": 1})
    wealth: int = 16
    capacity: int = 8
    tokens: int = 0
    tier: str = field(default="leader", metadata={"parse": _choice(TIERS, "tier")})
    concept: str = ""
    # die records hold only a name, flags and numbers: a copy of each record shares nothing
    dice: list[dict[str, Any]] = field(default_factory=list, metadata={"parse": _dice})
    # what a fight only reads: a forecast's fight copies share it (`fight_copy`)
    traits: list[dict[str, Any]] = field(default_factory=list, metadata={"parse": _traits, **READ})
    talents: list[dict[str, Any]] = field(default_factory=list, metadata={"parse": _talents, **READ})
    personality: list[str] = field(default_factory=list, metadata={"parse": _personality, **READ})
    weapons: list[dict[str, Any]] = field(
        default_factory=list, metadata={"parse": _weapons, "copy": _records, **READ}
    )
    armour: dict[str, Any] | None = field(
        default=None, metadata={"parse": armour, "copy": _record, **READ}
    )
    attitude: str = field(default="indifferent", metadata={"parse": _choice(ATTITUDES, "attitude")})
    gear: list[str] = field(default_factory=list, metadata=READ)
    load: int = 0  # capacity carried besides the weapons and armour listed (packs, loot, gear)
    encouraged: int = 0  # tokens from acting with one's personality: gone at the next night's rest
    discouraged: int = 0  # tokens from a discouragement: gone when its strain is cleared
    discouraged_die: int = field(default=-1, metadata={"min": -1})  # the die strained for them (-1: none)
    dead: bool = False
    notes: str = ""

    def to_dict(self) -> dict[str, Any]:
        return schema.plain(self, VERSION)

    def copy(self) -> SpireActor:
        return schema.copy(self)  # type: ignore[no-any-return]

    def fight_copy(self) -> SpireActor:
        """A copy for one fight: the dice (which a fight exhausts, strains and injures) and the plain
        numbers are its own; the traits, talents, weapons, armour and gear, which a fight only reads, are
        shared with this actor."""
        return schema.fight_copy(self)  # type: ignore[no-any-return]

    # -- dice ---------------------------------------------------------------------------------
    def sides(self, index: int) -> int:
        return SIDES_OF[self.dice[index]["die"]]

    @property
    def vitality(self) -> dict[str, Any]:
        return self.dice[0]

    @property
    def skill_indices(self) -> range:
        return range(1, len(self.dice))

    def usable(self, index: int) -> bool:
        """A die that can be spent now: neither exhausted nor injured."""
        die = self.dice[index]
        return not die["exhausted"] and not die["injured"]

    def usable_skill(self) -> list[int]:
        dice = self.dice
        return [i for i in range(1, len(dice)) if not dice[i]["exhausted"] and not dice[i]["injured"]]

    def highest_skill(self) -> int:
        """The index of the highest skill die (the first of equals)."""
        return max(self.skill_indices, key=lambda i: (self.sides(i), -i))

    def defense(self, index: int, kind: str, highest: int | None = None) -> int:
        """The die's Armor, Body or Mind defense: its own plus, for Armor, the armour worn
        (`highest`: the highest skill die's index, when the caller knows it already)."""
        die = self.dice[index]
        if kind != "armor":
            return int(die.get(kind, 0))
        return self.armor(index, bool(die["injured"]), highest)

    def armor(self, index: int, injured: bool, highest: int | None = None) -> int:
        """The die's Armor were it `injured` or not (a fight's only change to it: Ablative armour)."""
        value = int(self.dice[index].get("armor", 0))
        if self.armour:
            a, b, c = self.armour["values"]
            if index == 0:
                value += a
            elif len(self.dice) == 2 or index != (self.highest_skill() if highest is None else highest):
                value += b
            else:
                value += c
            if injured and "ablative" in self.armour.get("qualities", ()):
                value = max(0, value - 1)  # Ablative: the armour over an injured die is damaged too
        return value

    def carried(self) -> int:
        """Capacity carried (1.9.14): the weapons, the armour and the rest of the load."""
        return (
            sum(int(w.get("capacity", 0)) for w in self.weapons)
            + int((self.armour or {}).get("capacity", 0))
            + self.load
        )

    def mobility(self) -> str:
        """'full' up to capacity, 'half' movement above it, 'immobile' at four times it (1.9.14) [SR]."""
        carried = self.carried()
        if carried >= 4 * self.capacity:
            return "immobile"
        return "half" if carried > self.capacity else "full"

    @property
    def unconscious(self) -> bool:
        return bool(self.vitality["strained"]) and not self.vitality["injured"]

    @property
    def deaths_door(self) -> bool:
        return bool(self.vitality["injured"]) and not self.dead

    def condition(self) -> str:
        if self.dead:
            return "dead"
        if self.vitality["injured"]:
            return "on death's door"
        if self.vitality["strained"]:
            return "unconscious"
        return "up"

    def unfit(self) -> str | None:
        state = self.condition()
        return None if state == "up" else state

    @property
    def is_pc(self) -> bool:
        return self.kind == "pc"

    def die_text(self, index: int) -> str:
        """'D6', 'D6x' exhausted, 'D6s' strained, 'D6!' injured (flags combine: 'D6xs')."""
        die = self.dice[index]
        marks = (
            ("x" if die["exhausted"] else "")
            + ("s" if die["strained"] else "")
            + ("!" if die["injured"] else "")
        )
        return die["die"].upper() + marks

    def talent_slots(self) -> dict[int, int]:
        """Slots of each size: every die gives one slot of each size up to its own (table 1.9.7)."""
        return {s: sum(1 for i in range(len(self.dice)) if self.sides(i) >= s) for s in SIZES}


def actor_from_dict(data: Mapping[str, Any]) -> SpireActor:
    """A saved sheet, every field checked; the talents checked against the slots the dice give."""
    name = schema.name_of(data, "Rogue Spire")
    where = f"Rogue Spire character {name!r}"
    actor = SpireActor(name, **schema.load(SpireActor, data, where, VERSION))
    if not actor.dice:
        raise RulesError(f"{where}: dice must list the vitality die and at least one skill die")
    check_talents(actor, where)
    return actor


def check_talents(actor: SpireActor, where: str) -> None:
    """Each talent in a slot the dice give, no more talents of a slot size than there are slots."""
    slots = actor.talent_slots()
    used: dict[int, int] = {}
    for i, talent in enumerate(actor.talents):
        slot = int(talent["slot"][1:])
        used[slot] = used.get(slot, 0) + 1
        if used[slot] > slots[slot]:
            have = slots[slot]
            raise RulesError(
                f"{where}: talents[{i}].slot {die_name(slot)}: the dice give {have}"
                f" {die_name(slot)} slot{'s' if have != 1 else ''}, and this talent is one"
                " too many (a slot needs a die at least that large)"
            )
