"""Nine Powers characters: skills and talents, the six pools, armour and momentum.

Everyone has three *buffers* (fortitude, resilience, craftiness: 4 each for
people, more for some monsters) in front of three *real* pools (stamina,
composure, wealth: 1 to 6).  Damage empties the buffer first; the real pool
reaching 0 is defeat.  The rules say the real pools' maxima depend on the
skills but give no formula, so the formula is a named, swappable choice
(`TRACK_FORMULAS`, picked in the `nine-powers/house-rules` table):

* ``group-threes`` (default, the digest's reading): each real pool follows
  one skill group (stamina - Brawn, composure - Brains, wealth - Build) and is
  1 + the number of that group's skills rated 3 or more, kept to 1..6;
* ``group-total``: (sum of the group's ratings - 5) // 2 + 1, kept to 1..6.

Any character may also have its maxima set directly (the worked examples give
Boxley and the giant lizard stamina 3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from solo.rules import schema
from solo.rules.engine import RulesError
from solo.rules.nine_powers.skills import GROUP_SKILLS, SKILL_IDS, skill_id

BUFFERS = ("fortitude", "resilience", "craftiness")
REALS = ("stamina", "composure", "wealth")
TRACKS = {
    "body": ("fortitude", "stamina"),
    "mind": ("resilience", "composure"),
    "resources": ("craftiness", "wealth"),
}
CONTEST_TRACKS = {"physical": TRACKS["body"], "social": TRACKS["mind"], "crafting": TRACKS["resources"]}
REAL_GROUP = {"stamina": "brawn", "composure": "brains", "wealth": "build"}
START_TOTAL = 30
MAX_RATING = 4
VERSION = 2
# Version 1 called the armour worn `armour`, beside its rating `armor`: one word, two meanings.
UPGRADES = {1: schema.renaming({"armour": "armor_worn"})}


def _clamp(value: int, low: int = 1, high: int = 6) -> int:
    return max(low, min(high, value))


def group_threes(skills: Mapping[str, int], group: str) -> int:
    return _clamp(1 + sum(1 for s in GROUP_SKILLS[group] if skills.get(s, 1) >= 3))


def group_total(skills: Mapping[str, int], group: str) -> int:
    return _clamp((sum(skills.get(s, 1) for s in GROUP_SKILLS[group]) - 5) // 2 + 1)


TRACK_FORMULAS: dict[str, Callable[[Mapping[str, int], str], int]] = {
    "group-threes": group_threes,
    "group-total": group_total,
}


def track_maxima(skills: Mapping[str, int], formula: str) -> dict[str, int]:
    try:
        rule = TRACK_FORMULAS[formula]
    except KeyError:
        raise RulesError(
            f"unknown stamina/composure/wealth formula {formula!r}; known: " + ", ".join(TRACK_FORMULAS)
        ) from None
    return {real: rule(skills, group) for real, group in REAL_GROUP.items()}


def _lore(raw: Any, where: str) -> dict[str, list[int]]:
    """What Identify/Lore taught: each kind of foe with the extra dice (d12, d20) pools against it gain."""
    if not isinstance(raw, Mapping):
        raise RulesError(f"{where}: lore must map kinds of foe to dice")
    out: dict[str, list[int]] = {}
    for key, dice in raw.items():
        if not isinstance(dice, list) or not dice or any(d not in (12, 20) for d in dice):
            raise RulesError(f"{where}: lore.{key} must list the dice 12 and/or 20, not {dice!r}")
        out[str(key)] = sorted(set(dice))
    return out


READ = {"read_in_fights": True}  # a contest only reads it: a forecast's fight copies share it
SKILLS = {"key": skill_id, "min": 1, "max": MAX_RATING, "fill": dict.fromkeys(SKILL_IDS, 1), **READ}
TALENTS = {"key": skill_id, "max": MAX_RATING, "drop_zero": True, **READ}


@dataclass(slots=True, eq=True)
class NinePowersActor(schema.Saved):
    system_id: ClassVar[str] = "nine-powers"
    version: ClassVar[int] = VERSION
    upgrades: ClassVar[Mapping[int, schema.Upgrade]] = UPGRADES

    name: str
    kind: str = field(default="pc", metadata={"choices": ("pc", "npc")})
    skills: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SKILL_IDS, 1), metadata=SKILLS)
    talents: dict[str, int] = field(default_factory=dict, metadata=TALENTS)
    fortitude: int = field(default=4, metadata={"most": "fortitude_max"})
    fortitude_max: int = 4
    resilience: int = field(default=4, metadata={"most": "resilience_max"})
    resilience_max: int = 4
    craftiness: int = field(default=4, metadata={"most": "craftiness_max"})
    craftiness_max: int = 4
    stamina: int = field(default=1, metadata={"most": "stamina_max"})
    stamina_max: int = 1
    composure: int = field(default=1, metadata={"most": "composure_max"})
    composure_max: int = 1
    wealth: int = field(default=1, metadata={"most": "wealth_max"})
    wealth_max: int = 1
    armor_worn: str = "no armour"
    armor: int = field(default=0, metadata={"max": 6})  # the armor rating
    social_armor: int = 0
    heroism: int = field(default=0, metadata={"most": "heroism_max"})
    heroism_max: int = 0
    shield: bool = False
    weapon: str = "bare hands"
    attack_skill: str = field(default="melee-protect", metadata={"key": skill_id})
    two_handed: bool = True
    skill_penalties: dict[str, int] = field(default_factory=dict, metadata={**TALENTS, "max": 6})
    creature: str = "person"
    # kind of foe -> dice Identify/Lore adds
    lore: dict[str, list[int]] = field(default_factory=dict, metadata={"parse": _lore})
    extra_damage: int = 0
    special: dict[str, Any] | None = field(default=None, metadata=READ)
    set_up_well: bool = False
    leverage: bool = False
    clues: int = 0
    wounds: list[dict[str, Any]] = field(default_factory=list)
    coins: int = 0
    inventory: list[str] = field(default_factory=list, metadata=READ)
    advancement_tokens: int = 0
    concept: str = ""
    background: list[dict[str, Any]] = field(default_factory=list, metadata=READ)
    notes: str = ""

    # -- reading -----------------------------------------------------------------
    def rating(self, skill: str) -> int:
        """A skill's rating; the real pools are rated by their current value."""
        if skill in REALS:
            return getattr(self, skill)
        return self.skills.get(skill, 1)

    def talent(self, skill: str) -> int:
        return self.talents.get(skill, 0)

    def unfit(self) -> str | None:
        """Stamina or composure at 0 (defeated and not yet rested); wealth 0 only stops buying."""
        for real in ("stamina", "composure"):
            if getattr(self, real) <= 0:
                return f"{real} 0"
        return None


def actor_from_dict(data: Mapping[str, Any]) -> NinePowersActor:
    """Rebuild a character saved with `to_dict`: every field checked by its declaration, then the rules."""
    actor, where = schema.read(NinePowersActor, data, "Nine Powers")
    for skill, talent in actor.talents.items():
        if talent > actor.skills[skill]:
            raise RulesError(f"{where}: the {skill} talent ({talent}) is above its skill"
                             f" ({actor.skills[skill]})")
    return actor  # type: ignore[no-any-return]


def check_new_pc(skills: Mapping[str, int], talents: Mapping[str, int] | None = None) -> None:
    """A new PC: every skill 1-4, exactly 30 in all, no talents."""
    problems = [f"{s} is {r}" for s, r in skills.items() if not 1 <= r <= MAX_RATING]
    if problems:
        raise RulesError("new characters rate every skill 1-4: " + ", ".join(problems))
    total = sum(skills.get(s, 1) for s in SKILL_IDS)
    if total != START_TOTAL:
        raise RulesError(f"a new character's skills total {START_TOTAL}; these total {total}")
    if talents and any(talents.values()):
        raise RulesError("new characters start without talents")
