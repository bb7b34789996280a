"""Making action-dice characters: 3d6 in order, a first power, a pack, and the sums that follow.

A character rolls 3d6 for Str, Dex, Con, Int, Wis and Cha in that order,
takes one class power (its class), an equipment pack (armour and the kit
that gives action dice), then works out health (class + Con bonus), maximum
fatigue (Wis bonus + 6), armour class (armour + Cha bonus) and the armour's
permanent fatigue, which is also where its fatigue starts.  A wizard starts
with one menhir of a school of its choice, so one spell stone in its bag
[SR]; only the Spell power teaches a spell (the first one of that school).
The Rogue's Skilled power adds a skill rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solo.dice import Rng
from solo.rules.action_dice.character import STATS, Delver, expected_dice
from solo.rules.action_dice.dice import stat_bonus
from solo.rules.data import SystemData
from solo.rules.engine import Question, RulesError, Step, StepwiseCreation

T = "action-dice/"


@dataclass
class Data:
    """The system's tables, read once."""

    armour: dict[str, dict[str, Any]]
    powers: dict[str, dict[str, Any]]
    classes: dict[str, dict[str, Any]]
    levels: list[int]
    skills: dict[str, dict[str, Any]]
    schools: dict[str, dict[str, Any]]
    spells: dict[str, dict[str, Any]]
    packs: dict[str, dict[str, Any]]

    @classmethod
    def read(cls, data: SystemData) -> Data:
        levels = sorted(data.records(T + "levels"), key=lambda r: int(r["level"]))
        return cls(
            armour=data.keyed(T + "armour"),
            powers=data.keyed(T + "powers"),
            classes=data.keyed(T + "classes"),
            levels=[int(r["cost"]) for r in levels],
            skills=data.keyed(T + "skills"),
            schools=data.keyed(T + "schools"),
            spells=data.keyed(T + "spells"),
            packs=data.keyed(T + "packs"),
        )

    def power_class(self, power: str) -> str:
        if power not in self.powers:
            raise RulesError(f"no class power {power!r}; powers: {', '.join(self.powers)}")
        return str(self.powers[power]["class"])

    def class_health(self, klass: str) -> int:
        return int(self.classes[klass]["health"])


def roll_stats(rng: Rng) -> dict[str, int]:
    """Six 3d6 scores, in the order rolled."""
    return {stat: sum(rng.dice((6, 6, 6))) for stat in STATS}


def derive(data: Data, stats: dict[str, int], klass: str, armour: str) -> dict[str, Any]:
    """Health (class + Con), maximum fatigue (Wis + 6), AC (armour + Cha), the armour's permanent fatigue."""
    if armour not in data.armour:
        raise RulesError(f"no armour {armour!r}; armour: {', '.join(data.armour)}")
    row = data.armour[armour]
    return {
        "health": max(1, data.class_health(klass) + stat_bonus(stats["con"])),
        "max_fatigue": max(1, stat_bonus(stats["wis"]) + 6),
        "armour": armour,
        "ac": max(0, int(row["ac"]) + stat_bonus(stats["cha"])),
        "permanent": int(row["permanent"]),
    }


def make_pc(
    data: Data,
    name: str,
    stats: dict[str, int],
    power: str,
    pack: str,
    *,
    school: str | None = None,
    spell: str | None = None,
    skill: str | None = None,
    npc: bool = False,
) -> Delver:
    """A level-1 character from its rolled stats, first power and pack."""
    klass = data.power_class(power)
    if pack not in data.packs:
        raise RulesError(f"no equipment pack {pack!r}; packs: {', '.join(data.packs)}")
    kit = data.packs[pack]
    equipment = [str(e) for e in kit.get("equipment") or []]
    sums = derive(data, stats, klass, str(kit["armour"]))
    pc = Delver(
        name,
        kind="npc" if npc else "pc",
        fatigue=sums["permanent"],
        **sums,
        stats=dict(stats),
        powers=[power],
        role=klass,
        equipment=equipment,
        dice=expected_dice(equipment, kit.get("armed", True) is not False),
        weapon=str(kit.get("weapon", "")),
        money=int(kit.get("coins", 0)),
        pack=pack,
        gear=[str(g) for g in kit.get("gear") or []],
    )
    if klass == "wizard":
        school = school or next(iter(data.schools))
        if school not in data.schools:
            raise RulesError(f"no school {school!r}; schools: {', '.join(data.schools)}")
        pc.menhirs = [school]
        pc.bag = [school]
    if power == "spell":  # [SR] only the Spell power teaches a spell; every wizard has a menhir
        first = spell or next(k for k, s in data.spells.items() if s["school"] == school)
        if first not in data.spells:
            raise RulesError(f"no spell {first!r}; spells: {', '.join(data.spells)}")
        pc.spells = [first]
    if power == "skilled":
        key = skill or next(iter(data.skills))
        if key not in data.skills:
            raise RulesError(f"no skill {key!r}; skills: {', '.join(data.skills)}")
        pc.skills[key] = 1
    return pc


ROLE_POWERS = {
    "fighter": ("trip", "riposte", "heavy-hitter"),
    "rogue": ("tumble", "lucky", "skilled"),
    "wizard": ("spell", "exert", "powerful"),
}
ROLE_PACKS = {
    "fighter": ("sword-and-board", "greatsword", "twin-blades"),
    "rogue": ("duellist", "archer", "twin-blades"),
    "wizard": ("robes-and-staff",),
}


def random_pc(
    data: Data, rng: Rng, *, name: str | None, role: str | None, npc: bool, fallback_name: str
) -> Delver:
    stats = roll_stats(rng)
    if role is not None and role not in ROLE_POWERS:
        raise RulesError(f"role must be one of {', '.join(ROLE_POWERS)}, not {role!r}")
    klass = role or rng.choice(list(ROLE_POWERS))
    power = rng.choice(ROLE_POWERS[klass])
    pack = rng.choice(ROLE_PACKS[klass])
    school = rng.choice(list(data.schools)) if klass == "wizard" else None
    skill = rng.choice(list(data.skills)) if power == "skilled" else None
    return make_pc(data, name or fallback_name, stats, power, pack, school=school, skill=skill, npc=npc)


def npc_from_record(data: Data, record: dict[str, Any]) -> Delver:
    """A fresh foe from the bestiary."""
    where = f"action-dice/npcs {record.get('id')!r}"
    try:
        equipment = [str(e) for e in record.get("equipment") or []]
        permanent = int(record.get("permanent", 0))
        npc = Delver(
            str(record["text"]),
            kind="npc",
            fatigue=permanent,
            health=int(record["health"]),
            max_fatigue=int(record.get("max_fatigue", 6)),
            permanent=permanent,
            armour=str(record.get("armour", "none")),
            ac=int(record.get("ac", 0)),
            stats={k: int(v) for k, v in dict(record["stats"]).items()},
            powers=[str(p) for p in record.get("powers") or []],
            role=str(record.get("role", "")),
            lesser=bool(record.get("lesser", False)),
            equipment=equipment,
            dice=expected_dice(equipment),
            weapon=str(record.get("weapon", "")),
            notes=str(record.get("notes", "")),
            spells=[str(x) for x in record.get("spells") or []],
            menhirs=[str(x) for x in record.get("menhirs") or []],
            bag=[str(x) for x in record.get("menhirs") or []],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise RulesError(f"{where} is malformed: {exc}") from None
    return npc


# -- guided creation ------------------------------------------------------------------------------


def creation(data: Data, rng: Rng, name: str | None) -> StepwiseCreation:
    """Name, the six stats (rolled 3d6 in order, shown), first power, pack, then a school or a skill."""
    stats = roll_stats(rng)
    shown = ", ".join(f"{k.capitalize()} {v} ({stat_bonus(v):+d})" for k, v in stats.items())

    def ask_name(_: dict[str, Any]) -> Question:
        return Question("name", "Character name?", default=name)

    def ask_stats(_: dict[str, Any]) -> Question:
        return Question(
            "stats",
            f"Your 3d6 in order: {shown}. Keep them (yes), or type six scores 3-18"
            " in order Str Dex Con Int Wis Cha",
            default="yes",
        )

    def take_stats(_: dict[str, Any], reply: str) -> dict[str, int]:
        if reply.lower() in ("yes", "y", "keep"):
            return dict(stats)
        parts = reply.replace(",", " ").split()
        if len(parts) != 6:
            raise RulesError("give six scores, Str Dex Con Int Wis Cha, or yes to keep the roll")
        out = {}
        for stat, part in zip(STATS, parts, strict=True):
            if not part.isdigit() or not 3 <= int(part) <= 18:
                raise RulesError(f"{stat} must be a 3d6 score, 3-18, not {part!r}")
            out[stat] = int(part)
        return out

    def ask_power(_: dict[str, Any]) -> Question:
        return Question(
            "power",
            "First class power (it sets your class)?",
            [(k, f"{p['class']}: {p['note']}") for k, p in data.powers.items()],
            default="trip",
        )

    def take_power(_: dict[str, Any], reply: str) -> str:
        key = reply.strip().lower().replace(" ", "-")
        data.power_class(key)
        return key

    def ask_pack(answers: dict[str, Any]) -> Question:
        klass = data.power_class(answers["power"])
        return Question(
            "pack",
            "Equipment pack?",
            [(k, f"{p['text']}: {p['armour']} armour, {p['weapon']}") for k, p in data.packs.items()],
            default=ROLE_PACKS[klass][0],
        )

    def take_pack(_: dict[str, Any], reply: str) -> str:
        key = reply.strip().lower().replace(" ", "-")
        if key not in data.packs:
            raise RulesError(f"pack must be one of {', '.join(data.packs)}, not {reply!r}")
        return key

    def ask_extra(answers: dict[str, Any]) -> Question:
        if data.power_class(answers["power"]) == "wizard":
            return Question(
                "extra",
                "School of your first menhir?",
                [(k, f"{s['colour']} stones, {s['site']}") for k, s in data.schools.items()],
                default=next(iter(data.schools)),
            )
        if answers["power"] == "skilled":
            return Question(
                "extra",
                "Skill for your rank?",
                [(k, s["text"]) for k, s in data.skills.items()],
                default=next(iter(data.skills)),
            )
        return Question("extra", "Anything to note about them (blank for nothing)?", default="")

    def take_extra(answers: dict[str, Any], reply: str) -> str:
        if data.power_class(answers["power"]) == "wizard" and reply not in data.schools:
            raise RulesError(f"school must be one of {', '.join(data.schools)}, not {reply!r}")
        if answers["power"] == "skilled" and reply not in data.skills:
            raise RulesError(f"skill must be one of {', '.join(data.skills)}, not {reply!r}")
        return reply

    def build(answers: dict[str, Any]) -> Delver:
        power = answers["power"]
        extra = answers.get("extra") or None
        wizard = data.power_class(power) == "wizard"
        pc = make_pc(
            data,
            answers["name"],
            answers["stats"],
            power,
            answers["pack"],
            school=extra if wizard else None,
            skill=extra if power == "skilled" else None,
        )
        if extra and not wizard and power != "skilled":
            pc.notes = extra
        return pc

    steps = [
        Step("name", ask_name),
        Step("stats", ask_stats, take_stats),
        Step("power", ask_power, take_power),
        Step("pack", ask_pack, take_pack),
        Step("extra", ask_extra, take_extra),
    ]
    return StepwiseCreation(steps, build, {"name": name} if name else None)
