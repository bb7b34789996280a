"""The fifteen Nine Powers skills, their groups, and how people name them.

The sheet order is also the speed order in a contest (Shoot/Throw is the
quickest, Musing the slowest), so `SKILLS` is kept in exactly that order.
Players call skills by half their name ("Melee", "Lore") and the rules drift
("Dodge", "Sneak", "Melee/Press"); `skill_id` accepts all of these (a
`solo.rules.names.NameIndex`).
"""

from __future__ import annotations

from solo.rules.names import NameIndex

# (id, sheet name, group) in sheet order = speed order.
SKILLS: tuple[tuple[str, str, str], ...] = (
    ("shoot-throw", "Shoot/Throw", "brawn"),
    ("gamble-provoke", "Gamble/Provoke", "brawn"),
    ("acrobatics-climb", "Acrobatics/Climb", "brawn"),
    ("melee-protect", "Melee/Protect", "brawn"),
    ("wrestle-disarm", "Wrestle/Disarm", "brawn"),
    ("perception-escape", "Perception/Escape", "brains"),
    ("stealth-track", "Stealth/Track", "brains"),
    ("identify-lore", "Identify/Lore", "brains"),
    ("bargain-wonder", "Bargain/Wonder", "brains"),
    ("disguise-etiquette", "Disguise/Etiquette", "brains"),
    ("animals-wilderness", "Animals/Wilderness", "build"),
    ("intuition-hearthwork", "Intuition/Hearthwork", "build"),
    ("alchemy", "Alchemy", "build"),
    ("machinery", "Machinery", "build"),
    ("musing", "Musing", "build"),
)
SKILL_IDS = tuple(s[0] for s in SKILLS)
SKILL_NAMES = {s[0]: s[1] for s in SKILLS}
SKILL_GROUP = {s[0]: s[2] for s in SKILLS}
SPEED = {s[0]: i for i, s in enumerate(SKILLS)}
GROUPS = ("brawn", "brains", "build")
GROUP_SKILLS = {g: tuple(s for s in SKILL_IDS if SKILL_GROUP[s] == g) for g in GROUPS}

# The three "real" pools are rated like skills and can be rolled like them.
TRACK_CHECKS = ("stamina", "composure", "wealth")

# Words the rules and players use for a skill, beyond its own two halves.
ALIASES = {
    "dodge": "acrobatics-climb",
    "sneak": "stealth-track",
    "gambling": "gamble-provoke",
    "press": "melee-protect",
    "melee/press": "melee-protect",
    "fight": "melee-protect",
    "shoot": "shoot-throw",
    "archery": "shoot-throw",
}


SKILL_INDEX = NameIndex(SKILL_NAMES, "Nine Powers skill", ALIASES)
skill_id = SKILL_INDEX.id
display = SKILL_INDEX.display


def skill_or_track(text: str) -> str:
    """A skill id, or one of stamina / composure / wealth for checks on those pools."""
    key = str(text).strip().lower()
    if key in TRACK_CHECKS:
        return key
    return skill_id(text)


# Neutral approaches and the skills that serve each, best fit first; a check
# picks the character's highest-rated of them.
APPROACH_MAP: dict[str, tuple[str, ...]] = {
    "force": ("melee-protect", "wrestle-disarm", "shoot-throw"),
    "finesse": ("acrobatics-climb", "shoot-throw", "stealth-track"),
    "wits": ("perception-escape", "intuition-hearthwork", "identify-lore"),
    "presence": ("disguise-etiquette", "bargain-wonder", "gamble-provoke"),
    "lore": ("identify-lore", "intuition-hearthwork"),
    "stealth": ("stealth-track", "disguise-etiquette"),
    "survival": ("animals-wilderness", "stealth-track", "perception-escape"),
    "craft": ("alchemy", "machinery", "musing", "intuition-hearthwork"),
}
