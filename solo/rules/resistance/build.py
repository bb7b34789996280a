"""Making Resistance characters and NPCs from a setting pack.

The Toolbox leaves the starting kit to the designer; ours (from its
"typical" list): the role's three skills and two domains, one knack, extra
resistance slots (`starting_slots` in the house rules, spread by the role),
one refresh condition, two abilities, one NPC bond (and a bond with another
player character, if there is one), and the role's weapons and armour.
"""

from __future__ import annotations

from typing import Any

from solo.dice import Rng
from solo.rules.data import SystemData, find
from solo.rules.engine import Actor, Question, RulesError, Step, StepwiseCreation, pick, pick_many
from solo.rules.resistance.character import ResistancePC, weapon
from solo.rules.resistance.setting import Setting

WEAPONS = "resistance/weapons"
ARMOUR = "resistance/armour"
NPCS = "resistance/npcs"


def weapon_record(data: SystemData, wid: str) -> dict[str, Any]:
    weapons = data.keyed(WEAPONS)
    r = weapons[find(weapons, wid, "Resistance weapon", known=weapons)]
    return weapon({"name": r["text"], "stress": r.get("stress", "1"), "tags": r.get("tags", [])},
                  f"{WEAPONS} row {wid!r}")


def new_pc(setting: Setting, data: SystemData, name: str, role: str, slots_total: int, *, refresh: list[str],
           abilities: list[str], bonds: list[dict[str, Any]]) -> ResistancePC:
    """A PC of a role (its skills, domains, knack, spread of slots, weapons and armour) with the
    player's refresh condition, abilities and bonds; every word checked against the setting pack."""
    kit = setting.roles[role]
    armours = data.keyed(ARMOUR)
    worn = armours[find(armours, str(kit.get("armour", "none")), "Resistance armour", known=armours)]
    pc = ResistancePC(
        name=name,
        setting=setting.id,
        role=str(kit["text"]) or role,
        stress={r: 0 for r in setting.resistances},
        armour=str(worn["text"]),
        armour_value=int(worn.get("value", 0)),
        armour_tags=[t.lower() for t in worn.get("tags", [])],
        skills=[setting.skill_id(s) for s in kit.get("skills", [])],
        domains=[setting.domain_id(d) for d in kit.get("domains", [])],
        knacks=[kit["knack"]] if kit.get("knack") else [],
        refresh=list(refresh),
        abilities=list(abilities),
        bonds=bonds,
        weapons=[weapon_record(data, w) for w in kit.get("weapons", [])],
    )
    setting.check(f"a new {setting.id} character", pc)
    gifts = [setting.abilities[a] for a in abilities]
    for spread in (_slots(kit, slots_total, setting), *(gift.get("slots") or {} for gift in gifts)):
        for res, n in spread.items():
            rid = setting.resistance_id(res)
            pc.slots[rid] = pc.slots.get(rid, 0) + int(n)
    pc.armour_value += sum(int(gift.get("armour", 0)) for gift in gifts)
    return pc


def bond_record(name: str, kind: str = "npc", level: str = "person", expertise: str = "",
                **more: Any) -> dict[str, Any]:
    """A bond as the sheet keeps it, with its own stress track, empty."""
    return {"name": name, "kind": kind, "level": level, "expertise": expertise, "stress": 0,
            "stressed": False, **more}


def npc_bond(setting: Setting, bid: str) -> dict[str, Any]:
    if bid not in setting.bonds:
        raise RulesError(f"no bond called {bid!r} in {setting.id}; known: {', '.join(setting.bonds)}")
    b = setting.bonds[bid]
    return bond_record(str(b["text"]).split(",")[0], "npc", b.get("level", "person"), b.get("expertise", ""),
                       id=bid, about=b["text"])


def random_pc(
    setting: Setting,
    data: SystemData,
    rng: Rng,
    slots_total: int,
    *,
    name: str | None = None,
    role: str | None = None,
) -> ResistancePC:
    roles = setting.roles
    role = rng.choice(sorted(roles)) if role is None else find(roles, role, f"{setting.id} role",
                                                                  known=sorted(roles))
    r = roles[role]
    refresh = [rng.choice(r.get("refresh") or sorted(setting.refresh))]
    bond = npc_bond(setting, rng.choice(sorted(setting.bonds)))
    return new_pc(setting, data, name or data.name(rng, "Pilgrim"), role, slots_total, refresh=refresh,
                  abilities=list(r.get("abilities", []))[:2], bonds=[bond])


def _slots(role: dict[str, Any], total: int, setting: Setting) -> dict[str, int]:
    """The role's spread of starting slots, trimmed or topped up (on its first) to the house total."""
    spread = {setting.resistance_id(k): int(v) for k, v in (role.get("slots") or {}).items()}
    keys = list(spread) or [setting.physical_resistance]
    while sum(spread.values()) > total:
        last = max(spread, key=lambda k: (spread[k] > 0, keys.index(k)))
        spread[last] -= 1
    if sum(spread.values()) < total:
        spread[keys[0]] = spread.get(keys[0], 0) + total - sum(spread.values())
    return {k: v for k, v in spread.items() if v}


def creation(s: Setting, data: SystemData, slots_total: int, name: str | None = None) -> StepwiseCreation:
    """Name and role (which bring skills, domains, knack, slots and gear), then the personal choices."""

    def texts(table: dict[str, dict[str, Any]]) -> dict[str, str]:
        return {k: str(r["text"]) for k, r in table.items()}

    steps = [
        Step("name", lambda _: Question("", "What is your character called?")),
        pick("role", "Who are they when the story begins?", lambda _: {k: _role_text(s, k) for k in s.roles},
             what="a role"),
        pick("refresh", "What do they live for? (their refresh condition)", lambda _: texts(s.refresh),
             lambda a: (s.roles[a["role"]].get("refresh") or [None])[0], "a refresh condition"),
        pick_many("abilities", "Pick two abilities (two names, separated by a comma):",
                  lambda _: texts(s.abilities), 2,
                  lambda a: ", ".join(s.roles[a["role"]].get("abilities", [])[:2]), ("ability", "abilities")),
        pick("bond", "Who outside the party owes them, or is owed? (an NPC bond)", lambda _: texts(s.bonds),
             what="a bond"),
        Step("pc-bond", lambda _: Question("", "Another player character they are bound to (blank for none):",
                                           default="")),
    ]

    def build(a: dict[str, Any]) -> Actor:
        bonds = [npc_bond(s, a["bond"])] + ([bond_record(a["pc-bond"], "pc")] if a["pc-bond"] else [])
        return new_pc(s, data, a["name"], a["role"], slots_total, refresh=[a["refresh"]],
                      abilities=a["abilities"], bonds=bonds)

    return StepwiseCreation(steps, build, {"name": name} if name is not None else None)


def _role_text(s: Setting, key: str) -> str:
    r = s.roles[key]
    skills = ", ".join(s.skills[k]["text"] for k in r.get("skills", []) if k in s.skills)
    return f"{r['text']} ({skills})"
