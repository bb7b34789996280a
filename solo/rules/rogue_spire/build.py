"""Making Rogue Spire characters: tiers, traits, talents, kit; random or guided, and the bestiary.

A tier gives the vitality die and the starting skill dice (RULES.md 1.2):
Minion D4 + D6, Elite D4 + D4 D6, Leader D4 + D4 D4 D6, Champion D4 + D4 D4
D4 D6.  Traits equal the dice in number: a background (with an expertise),
then ability traits.  Every die gives a talent slot of each size up to its
own, and the slots are filled from the house talent list, largest first,
with Specialization in what is left.  Kit is bought from 16 wealth.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.dice import Rng
from solo.rules.data import SystemData
from solo.rules.engine import Question, RulesError, Step, StepwiseCreation
from solo.rules.rogue_spire.character import (
    PERSONALITIES,
    SpireActor,
    barred_by,
    check_talents,
    wheel_distance,
)
from solo.rules.rogue_spire.dice import SIZES, parse_die

#: tier -> (vitality, starting skill dice, level limit)
TIERS: dict[str, tuple[int, tuple[int, ...], int]] = {
    "minion": (4, (6,), 1),
    "elite": (4, (4, 6), 3),
    "leader": (4, (4, 4, 6), 6),
    "champion": (4, (4, 4, 4, 6), 10),
    "epic": (6, (8, 10, 12, 20), 15),
    "legendary": (8, (10, 12, 20, 20), 19),
    "mythic": (10, (10, 12, 20, 20), 20),
}
STARTING_TIERS = ("minion", "elite", "leader", "champion")
START_WEALTH = 16


def new_die(sides: int) -> dict[str, Any]:
    return {
        "die": f"d{sides}",
        "exhausted": False,
        "strained": False,
        "injured": False,
        "armor": 0,
        "body": 0,
        "mind": 0,
    }


class Catalogue:
    """The system's data tables, read once: traits, talents, weapons, armour, concepts, bestiary."""

    def __init__(self, data: SystemData):
        self.data = data
        self.traits = data.keyed("rogue-spire/traits")
        self.talents = data.keyed("rogue-spire/talents")
        self.weapons = data.keyed("rogue-spire/weapons")
        self.armours = data.keyed("rogue-spire/armour")
        self.roles = data.keyed("rogue-spire/roles")
        self.npcs = data.keyed("rogue-spire/npcs")

    def trait_record(self, key: str) -> dict[str, Any]:
        return self.traits.get(key.strip().lower().replace(" ", "-"), {})

    def weapon(self, key: str) -> dict[str, Any]:
        rec = self.weapons.get(key)
        if rec is None:
            raise RulesError(f"no Rogue Spire weapon {key!r}; known: {', '.join(self.weapons)}")
        return {
            "name": rec["text"],
            "power": int(rec.get("power", 0)),
            "bypass": int(rec.get("bypass", 0)),
            "range": rec.get("reach", "medium"),
            "ranged": bool(rec.get("ranged", False)),
            "qualities": list(rec.get("qualities", [])),
            "capacity": int(rec.get("capacity", 0)),
        }

    def armour(self, key: str) -> dict[str, Any]:
        rec = self.armours.get(key)
        if rec is None:
            raise RulesError(f"no Rogue Spire armour {key!r}; known: {', '.join(self.armours)}")
        return {
            "name": rec["text"],
            "values": list(rec["values"]),
            "qualities": list(rec.get("qualities", [])),
            "capacity": int(rec.get("capacity", 0)),
        }

    def cost(self, table: str, key: str) -> int:
        rec = (self.weapons if table == "weapon" else self.armours)[key]
        return int(rec.get("cost", 0))


def tier_dice(tier: str) -> list[dict[str, Any]]:
    vitality, skills, _ = TIERS[tier]
    return [new_die(vitality)] + [new_die(s) for s in skills]


def fill_talents(actor: SpireActor, cat: Catalogue, role: str | None) -> None:
    """One talent per open slot, largest slot first: the concept's talents that fit, then Specialization."""
    slots = actor.talent_slots()
    used = {t["id"] for t in actor.talents}
    taken: dict[int, int] = {}
    for t in actor.talents:
        taken[int(t["slot"][1:])] = taken.get(int(t["slot"][1:]), 0) + 1
    trait = actor.traits[0]["name"] if actor.traits else ""
    for size in sorted(SIZES, reverse=True):
        for _ in range(slots[size] - taken.get(size, 0)):
            fits = [
                (int(str(rec.get("size", "d4"))[1:]), key)
                for key, rec in cat.talents.items()
                if key not in used
                and int(str(rec.get("size", "d4"))[1:]) <= size
                and (role is None or role in rec.get("roles", []))
            ]
            if fits:
                fits.sort(key=lambda f: (-f[0], f[1]))
                talent_size, key = fits[0]
                used.add(key)
            else:
                talent_size, key = 4, "specialization"
            actor.talents.append({"id": key, "slot": f"d{size}", "size": f"d{talent_size}", "trait": trait})


def _personality(choices: list[str], rng: Rng) -> list[str]:
    first = rng.choice(choices)
    out = [first]
    rest = [p for p in choices if p != first and wheel_distance(p, first) < 4]
    if rest and rng.die(2) == 2:
        out.append(rng.choice(rest))
    return out


def make(
    cat: Catalogue,
    *,
    name: str,
    tier: str,
    role: str,
    background: str,
    expertise: str,
    abilities: list[str],
    weapon: str,
    armour: str,
    personality: list[str],
    npc: bool = False,
) -> SpireActor:
    """A character from its choices, checked: traits as many as dice, kit within 16 wealth."""
    if tier not in STARTING_TIERS:
        raise RulesError(f"a new character starts as one of {', '.join(STARTING_TIERS)}, not {tier!r}")
    dice = tier_dice(tier)
    bg = cat.traits.get(background)
    if bg is None or bg.get("kind") != "background":
        known = [k for k, r in cat.traits.items() if r.get("kind") == "background"]
        raise RulesError(f"background must be one of {', '.join(known)}, not {background!r}")
    traits = [{"name": bg["text"], "kind": "background", "expertise": expertise}]
    for ability in abilities:
        rec = cat.traits.get(ability)
        if rec is None or rec.get("kind") != "ability":
            known = [k for k, r in cat.traits.items() if r.get("kind") == "ability"]
            raise RulesError(f"ability trait must be one of {', '.join(known)}, not {ability!r}")
        traits.append({"name": rec["text"], "kind": "ability", "expertise": ""})
    if len(traits) != len(dice):
        raise RulesError(
            f"a {tier} has {len(dice)} dice, so {len(dice)} traits: the background and"
            f" {len(dice) - 1} ability trait(s), not {len(traits) - 1}"
        )
    for key, value in bg.get("defense", {}).items():
        for die in dice:
            die[key] += int(value)
    spent = cat.cost("weapon", weapon) + cat.cost("armour", armour)
    if spent > START_WEALTH:
        raise RulesError(f"{weapon} and {armour} cost {spent} wealth; a new character has {START_WEALTH}")
    actor = SpireActor(
        name,
        kind="npc" if npc else "pc",
        tier=tier,
        concept=cat.roles[role]["text"],
        dice=dice,
        traits=traits,
        personality=personality,
        weapons=[cat.weapon(weapon)],
        armour=cat.armour(armour),
        wealth=START_WEALTH - spent,
        tokens=1,
    )
    fill_talents(actor, cat, role)
    apply_talent_defenses(actor, cat)
    check_talents(actor, f"Rogue Spire character {name!r}")
    return actor


def apply_talent_defenses(actor: SpireActor, cat: Catalogue) -> None:
    """Talents that add Armor / Body / Mind to every die write it on the dice."""
    for talent in actor.talents:
        effect = cat.talents.get(talent["id"], {}).get("effect", {}) or {}
        for key in ("armor", "body", "mind"):
            if effect.get(key):
                for die in actor.dice:
                    die[key] += int(effect[key])


def random_character(
    cat: Catalogue, rng: Rng, *, name: str, role: str | None, tier: str, npc: bool = False
) -> SpireActor:
    role = role or rng.choice(sorted(cat.roles))
    if role not in cat.roles:
        raise RulesError(f"no Rogue Spire concept {role!r}; known: {', '.join(sorted(cat.roles))}")
    rec = cat.roles[role]
    background = rng.choice(list(rec["backgrounds"]))
    expertise = rng.choice(list(cat.traits[background].get("expertise", ["general"])))
    count = len(TIERS[tier][1])
    pool = list(rec["abilities"])
    abilities = []
    for _ in range(count):
        pick = rng.choice(pool)
        pool.remove(pick)
        abilities.append(pick)
    weapon = rng.choice(list(rec["weapons"]))
    armour = rng.choice(list(rec["armour"]))
    return make(
        cat,
        name=name,
        tier=tier,
        role=role,
        background=background,
        expertise=expertise,
        abilities=abilities,
        weapon=weapon,
        armour=armour,
        personality=_personality(list(rec["personality"]), rng),
        npc=npc,
    )


def npc_from_record(rec: Mapping[str, Any], cat: Catalogue) -> SpireActor:
    where = f"rogue-spire/npcs {rec.get('id')!r}"
    dice = [new_die(parse_die(d, f"{where} dice")) for d in rec["dice"]]
    for key, value in (rec.get("defense") or {}).items():
        for die in dice:
            die[key] += int(value)
    traits = []
    for t in rec.get("traits", []):
        trait = cat.trait_record(t)
        traits.append({"name": trait.get("text", t), "kind": trait.get("kind", "ability"), "expertise": ""})
    weapon = rec.get("weapon")
    armour = rec.get("armour")
    actor = SpireActor(
        str(rec["text"]),
        kind="npc",
        tier=str(rec.get("tier", "minion")),
        concept=str(rec.get("notes", "")),
        dice=dice,
        traits=traits,
        weapons=[
            {
                "name": weapon["name"],
                "power": int(weapon.get("power", 0)),
                "bypass": int(weapon.get("bypass", 0)),
                "range": weapon.get("reach", "medium"),
                "ranged": bool(weapon.get("ranged", False)),
                "qualities": list(weapon.get("qualities", [])),
                "capacity": int(weapon.get("capacity", 0)),
            }
        ]
        if weapon
        else [],
        armour={
            "name": armour["name"],
            "values": list(armour["values"]),
            "qualities": list(armour.get("qualities", [])),
            "capacity": int(armour.get("capacity", 0)),
        }
        if armour
        else None,
        attitude="hostile",
        wealth=0,
        talents=[{"id": t, "slot": "d4", "size": "d4", "trait": ""} for t in rec.get("talents", [])],
    )
    start = TIERS[actor.tier][1] if actor.tier in STARTING_TIERS else ()
    steps = sum(SIZES.index(actor.sides(i)) for i in actor.skill_indices) - sum(SIZES.index(s) for s in start)
    actor.level = max(1, 1 + steps)  # one level per step its dice stand above the tier's start
    return actor


# -- guided creation --------------------------------------------------------------------------------


def creation(cat: Catalogue, name: str | None, default_tier: str) -> StepwiseCreation:
    roles = sorted(cat.roles)
    backgrounds = [k for k, r in cat.traits.items() if r.get("kind") == "background"]
    abilities = [k for k, r in cat.traits.items() if r.get("kind") == "ability"]

    def ask_name(a: dict[str, Any]) -> Question:
        return Question("name", "Name?")

    def ask_tier(a: dict[str, Any]) -> Question:
        return Question(
            "tier",
            "Tier (sets the dice)?",
            [
                (t, f"vitality D{TIERS[t][0]}, skill dice " + " ".join(f"D{s}" for s in TIERS[t][1]))
                for t in STARTING_TIERS
            ],
            default_tier,
        )

    def take_tier(a: dict[str, Any], reply: str) -> str:
        tier = reply.strip().lower()
        if tier not in STARTING_TIERS:
            raise RulesError(f"tier must be one of {', '.join(STARTING_TIERS)}, not {reply!r}")
        return tier

    def ask_role(a: dict[str, Any]) -> Question:
        return Question("role", "Concept?", [(r, str(cat.roles[r]["text"])) for r in roles], roles[0])

    def take_role(a: dict[str, Any], reply: str) -> str:
        role = reply.strip().lower()
        if role not in cat.roles:
            raise RulesError(f"concept must be one of {', '.join(roles)}, not {reply!r}")
        return role

    def ask_personality(a: dict[str, Any]) -> Question:
        suggested = list(cat.roles[a["role"]]["personality"])
        return Question(
            "personality",
            "Personality types (1-4, comma separated; types 4 or 5 steps apart"
            " on the wheel exclude each other)?",
            [(p, "rules out " + ", ".join(barred_by(p))) for p in PERSONALITIES],
            suggested[0],
        )

    def take_personality(a: dict[str, Any], reply: str) -> list[str]:
        kinds = [p.strip().lower() for p in reply.split(",") if p.strip()]
        if not 1 <= len(kinds) <= 4:
            raise RulesError("pick 1 to 4 personality types")
        for i, p in enumerate(kinds):
            if p not in PERSONALITIES:
                raise RulesError(f"{p!r} is not a personality type ({', '.join(PERSONALITIES)})")
            for q in kinds[:i]:
                if wheel_distance(p, q) >= 4:
                    raise RulesError(f"{p} and {q} are too far apart on the wheel to go together")
        return kinds

    def ask_background(a: dict[str, Any]) -> Question:
        first = list(cat.roles[a["role"]]["backgrounds"])[0]
        return Question(
            "background", "Background trait?", [(b, str(cat.traits[b]["text"])) for b in backgrounds], first
        )

    def take_background(a: dict[str, Any], reply: str) -> str:
        key = reply.strip().lower().replace(" ", "-")
        if key not in backgrounds:
            raise RulesError(f"background must be one of {', '.join(backgrounds)}, not {reply!r}")
        return key

    def ask_expertise(a: dict[str, Any]) -> Question:
        options = list(cat.traits[a["background"]].get("expertise", []))
        return Question(
            "expertise", "Its expertise?", [(o, "") for o in options], options[0] if options else "general"
        )

    def ask_abilities(a: dict[str, Any]) -> Question:
        count = len(TIERS[a["tier"]][1])
        suggested = list(cat.roles[a["role"]]["abilities"])[:count]
        return Question(
            "abilities",
            f"{count} ability trait(s), comma separated?",
            [(k, str(cat.traits[k]["text"])) for k in abilities],
            ", ".join(suggested),
        )

    def take_abilities(a: dict[str, Any], reply: str) -> list[str]:
        picks = [p.strip().lower() for p in reply.split(",") if p.strip()]
        count = len(TIERS[a["tier"]][1])
        if len(picks) != count:
            raise RulesError(f"a {a['tier']} takes {count} ability trait(s), not {len(picks)}")
        for p in picks:
            if p not in abilities:
                raise RulesError(f"{p!r} is not an ability trait ({', '.join(abilities)})")
        return picks

    def ask_weapon(a: dict[str, Any]) -> Question:
        first = list(cat.roles[a["role"]]["weapons"])[0]
        return Question(
            "weapon",
            "Weapon (cost in wealth)?",
            [
                (
                    k,
                    f"{r['text']}, {r.get('reach')}, Power {r.get('power', 0)},"
                    f" Bypass {r.get('bypass', 0)}, cost {r.get('cost', 0)}",
                )
                for k, r in cat.weapons.items()
            ],
            first,
        )

    def take_key(table: dict[str, Any], what: str) -> Any:
        def take(a: dict[str, Any], reply: str) -> str:
            key = reply.strip().lower().replace(" ", "-")
            if key not in table:
                raise RulesError(f"{what} must be one of {', '.join(table)}, not {reply!r}")
            return key

        return take

    def ask_armour(a: dict[str, Any]) -> Question:
        first = list(cat.roles[a["role"]]["armour"])[0]
        return Question(
            "armour",
            "Armour [vitality | other dice | highest die]?",
            [(k, f"{r['text']} {r['values']}, cost {r.get('cost', 0)}") for k, r in cat.armours.items()],
            first,
        )

    def take_armour(a: dict[str, Any], reply: str) -> str:
        key = take_key(cat.armours, "armour")(a, reply)
        spent = cat.cost("weapon", a["weapon"]) + cat.cost("armour", key)
        if spent > START_WEALTH:
            raise RulesError(
                f"the {a['weapon']} and {key} cost {spent} wealth together; you have {START_WEALTH}"
            )
        return str(key)

    steps = [
        Step("name", ask_name),
        Step("tier", ask_tier, take_tier),
        Step("role", ask_role, take_role),
        Step("personality", ask_personality, take_personality),
        Step("background", ask_background, take_background),
        Step("expertise", ask_expertise),
        Step("abilities", ask_abilities, take_abilities),
        Step("weapon", ask_weapon, take_key(cat.weapons, "weapon")),
        Step("armour", ask_armour, take_armour),
    ]

    def build(a: dict[str, Any]) -> SpireActor:
        return make(
            cat,
            name=a["name"],
            tier=a["tier"],
            role=a["role"],
            background=a["background"],
            expertise=a["expertise"],
            abilities=a["abilities"],
            weapon=a["weapon"],
            armour=a["armour"],
            personality=a["personality"],
        )

    return StepwiseCreation(steps, build, {"name": name} if name else None)
