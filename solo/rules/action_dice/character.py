"""Action-dice characters: one sheet for player characters and the GM's foes alike.

Stats are six 3d6 scores (3-18) and give the bonuses: Str to attack dice,
Dex to movement dice, Int to skill rolls.  Health, maximum fatigue, armour
class and the permanent fatigue of the armour are kept on the sheet as
worked out at creation (a foe has its own).  `fatigue` is the current
fatigue and never sits below `permanent` [SR: a floor, RULES.md §3.7 item 5].

Wounds: a full character keeps one hidden d6 per wound in `damage` (the
JSON marks it hidden by its name; front ends show only "wounded x2"); a
lesser character keeps only the open `wounds` count, rolled afresh at each
finishing blow.  `dice` says how many Movement (M), Attack (A) and Shield
(S) dice the equipment gives; spell stones move between the `bag`, the
active `pool`, the `discard` pile and `lost` (gone until a serious rest).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from solo.rules import schema
from solo.rules.action_dice.dice import STAT_MAX, STAT_MIN, stat_bonus
from solo.rules.engine import Actor, RulesError

VERSION = 1
STATS = ("str", "dex", "con", "int", "wis", "cha")
DIE_KINDS = ("M", "A", "S")
EQUIPMENT = ("free-hand", "two-weapons", "shield", "two-handed", "bow")
RANKS = ("unskilled", "skilled", "expert")
READ = {"read_in_fights": True}  # a fight only reads it: a forecast's fight copies share it


def _stats(raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise RulesError(f"{where}: stats must map str, dex, con, int, wis and cha to scores")
    missing = [s for s in STATS if s not in raw]
    if missing or set(raw) - set(STATS):
        wrong = missing or sorted(set(raw) - set(STATS))
        raise RulesError(
            f"{where}: stats are str, dex, con, int, wis and cha; not {', '.join(map(str, wrong))}"
            if not missing
            else f"{where}: stats.{missing[0]} is missing"
        )
    for key in STATS:
        value = raw[key]
        if not isinstance(value, int) or isinstance(value, bool) or not STAT_MIN <= value <= STAT_MAX:
            raise RulesError(
                f"{where}: stats.{key} must be a 3d6 score, {STAT_MIN}-{STAT_MAX}, not {value!r}"
            )
    return {key: int(raw[key]) for key in STATS}


def _dice(raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise RulesError(f"{where}: dice must map M, A and S to counts")
    for key, value in raw.items():
        if key not in DIE_KINDS:
            raise RulesError(f"{where}: dice.{key} - action dice are M (movement), A (attack) and S (shield)")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
            raise RulesError(f"{where}: dice.{key} must be 0-3, not {value!r}")
    return {key: int(raw.get(key, 0)) for key in DIE_KINDS}


def _damage(raw: Any, where: str) -> list[int]:
    if not isinstance(raw, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in raw
    ):
        raise RulesError(f"{where}: hidden_damage must be a list of d6 results (1-6)")
    return list(raw)


def _skills(raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise RulesError(f"{where}: skills must map skills to ranks (0-2)")
    for key, value in raw.items():
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 2:
            raise RulesError(
                f"{where}: skills.{key} must be a rank 0-2 (unskilled, skilled, expert), not {value!r}"
            )
    return {str(k): int(v) for k, v in raw.items()}


def _kind(raw: Any, where: str) -> str:
    if raw not in ("pc", "npc"):
        raise RulesError(f"{where}: kind must be pc or npc, not {raw!r}")
    return str(raw)


@dataclass(slots=True, eq=True)
class Delver(Actor):
    """A character or creature of the action-dice rules."""

    system_id: ClassVar[str] = "action-dice"

    name: str
    kind: str = field(default="pc", metadata={"parse": _kind})
    fatigue: int = 0
    wounds: int = 0
    hidden_damage: list[int] = field(default_factory=list, metadata={"parse": _damage})
    health: int = field(default=4, metadata={"min": 1})
    max_fatigue: int = field(default=6, metadata={"min": 1})
    permanent: int = 0
    armour: str = "none"
    ac: int = 0
    stats: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(STATS, 10), metadata={"parse": _stats, **READ}
    )
    powers: list[str] = field(default_factory=list, metadata=READ)
    role: str = ""
    lesser: bool = False
    equipment: list[str] = field(default_factory=list, metadata=READ)
    dice: dict[str, int] = field(
        default_factory=lambda: {"M": 1, "A": 1, "S": 0}, metadata={"parse": _dice, **READ}
    )
    weapon: str = ""
    skills: dict[str, int] = field(default_factory=dict, metadata={"parse": _skills, **READ})
    money: int = 0
    spent: int = 0
    spells: list[str] = field(default_factory=list, metadata=READ)
    menhirs: list[str] = field(default_factory=list, metadata=READ)
    bag: list[str] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    # each with its hidden_requirement
    tasks: list[dict[str, Any]] = field(default_factory=list, metadata=READ)
    pack: str = ""
    gear: list[str] = field(default_factory=list, metadata=READ)
    notes: str = ""
    dead: bool = False  # a finishing blow found the damage at or past the health

    def unfit(self) -> str | None:
        return "dead" if self.dead else None

    def bonus(self, stat: str) -> int:
        return stat_bonus(self.stats[stat])

    @property
    def level(self) -> int:
        return len(self.powers)

    @property
    def damage(self) -> int:
        """The hidden damage total (only a finishing blow shows it in play)."""
        return sum(self.hidden_damage)

    def has(self, power: str) -> bool:
        return power in self.powers

    def wields(self, item: str) -> bool:
        return item in self.equipment

    @property
    def is_pc(self) -> bool:
        return self.kind == "pc"

    @property
    def sorcerer(self) -> bool:
        return bool(self.menhirs)

    def to_dict(self) -> dict[str, Any]:
        return schema.plain(self, VERSION)

    def copy(self) -> Delver:
        return schema.copy(self)  # type: ignore[no-any-return]

    def fight_copy(self) -> Delver:
        return schema.fight_copy(self)  # type: ignore[no-any-return]


def expected_dice(equipment: list[str], armed: bool = True) -> dict[str, int]:
    """Action dice from equipment (table 3.4.3): 1 M, 1 A if armed, and the extras."""
    return {
        "M": 1 + int("free-hand" in equipment),
        "A": (1 + int("two-weapons" in equipment)) if armed else 0,
        "S": int("shield" in equipment),
    }


def check_sheet(actor: Delver, where: str) -> None:
    """What the schema cannot say: dice that fit the equipment, fatigue above its floor, known kit."""
    for i, item in enumerate(actor.equipment):
        if item not in EQUIPMENT:
            raise RulesError(f"{where}: equipment[{i}] {item!r} is not one of {', '.join(EQUIPMENT)}")
    if actor.dice.get("S", 0) and "shield" not in actor.equipment:
        raise RulesError(f"{where}: dice.S - a shield die needs a shield in the equipment")
    if actor.dice.get("A", 0) > 1 and "two-weapons" not in actor.equipment:
        raise RulesError(f"{where}: dice.A - a second attack die needs two-weapons in the equipment")
    if actor.dice.get("M", 0) > 1 and "free-hand" not in actor.equipment:
        raise RulesError(f"{where}: dice.M - a second movement die needs a free-hand in the equipment")
    hands = sum(
        1 for item in ("two-weapons", "shield", "two-handed", "bow", "free-hand") if item in actor.equipment
    )
    if hands > 1:
        raise RulesError(f"{where}: equipment - {', '.join(actor.equipment)} need more than two hands")
    if actor.fatigue < actor.permanent:
        raise RulesError(
            f"{where}: fatigue {actor.fatigue} is below the armour's permanent fatigue {actor.permanent}"
        )
    if not actor.lesser and len(actor.hidden_damage) != actor.wounds:
        raise RulesError(
            f"{where}: hidden_damage holds {len(actor.hidden_damage)} rolls for {actor.wounds} wound(s)"
        )
    if actor.lesser and actor.hidden_damage:
        raise RulesError(f"{where}: a lesser character keeps no hidden_damage, only its wounds")


def actor_from_dict(data: Mapping[str, Any]) -> Delver:
    name = schema.name_of(data, "action-dice")
    kind = data.get("kind", "pc")
    where = f"action-dice {'character' if kind == 'pc' else 'NPC'} {name!r}"
    actor = Delver(name, **schema.load(Delver, data, where, VERSION))
    check_sheet(actor, where)
    return actor
