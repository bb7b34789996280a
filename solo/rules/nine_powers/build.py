"""Putting Nine Powers characters together from the system's data tables.

A new PC starts with every skill at 1 and raises one skill per background
question (fifteen of them, none past 4), so the total is always 30; it has
no talents.  Armour sets the armor rating and heroism; the weapon sets the
attack skill, one or two hands, and whether a shield is carried.  NPCs come
from `nine-powers/npcs` rows: a few listed skills, everything else 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.dice import Rng
from solo.rules import schema
from solo.rules.data import SystemData, find
from solo.rules.engine import Question, RulesError, Step, StepwiseCreation, pick
from solo.rules.nine_powers.character import (
    MAX_RATING,
    REALS,
    VERSION,
    NinePowersActor,
    check_new_pc,
    track_maxima,
)
from solo.rules.nine_powers.skills import SKILL_IDS, display, skill_id

QUESTIONS = "nine-powers/background-questions"
CONCEPTS = "nine-powers/concepts"
ARMOUR = "nine-powers/armour"
WEAPONS = "nine-powers/weapons"
NPCS = "nine-powers/npcs"
ATTACK_SKILLS = ("shoot-throw", "melee-protect")  # what a weapon can attack with: never Wrestle/Disarm


class Gear:
    """Armour and weapons from the data tables."""

    def __init__(self, data: SystemData):
        self.armour = data.keyed(ARMOUR)
        self.weapons = data.keyed(WEAPONS)

    def bodies(self) -> list[str]:
        return [k for k, r in self.armour.items() if not r.get("part")]

    def parts(self) -> list[str]:
        return [k for k, r in self.armour.items() if r.get("part")]

    def wear(self, actor: NinePowersActor, body: str, parts: tuple[str, ...] = ()) -> None:
        """Armor rating, heroism and Shoot/Throw penalty from an armour and its added pieces."""
        if body not in self.armour or self.armour[body].get("part"):
            raise RulesError(f"no armour called {body!r}; choose one of {', '.join(self.bodies())}")
        pieces = [self.armour[body]]
        for part in parts:
            if part not in self.armour or not self.armour[part].get("part"):
                raise RulesError(f"no armour piece called {part!r}; the pieces are {', '.join(self.parts())}")
            if self.armour[body].get("armor", 0) == 0:
                raise RulesError("arm and leg pieces go on over a body armour, not bare skin")
            pieces.append(self.armour[part])
        actor.armor = max(0, min(6, sum(int(p.get("armor", 0)) for p in pieces)))
        actor.heroism_max = max(0, sum(int(p.get("heroism", 0)) for p in pieces))
        actor.heroism = actor.heroism_max
        actor.armor_worn = " with ".join([pieces[0]["text"]] + [p["text"] for p in pieces[1:]])
        shoot = sum(int(p.get("shoot_penalty", 0)) for p in pieces)
        if shoot:
            actor.skill_penalties["shoot-throw"] = min(2, shoot)
        else:
            actor.skill_penalties.pop("shoot-throw", None)

    def wield(self, actor: NinePowersActor, weapon: str) -> None:
        record = self.weapons[find(self.weapons, weapon, "weapon", known=self.weapons)]
        actor.weapon = record["text"]
        actor.attack_skill = skill_id(record.get("skill", "melee-protect"))
        actor.two_handed = int(record.get("hands", 1)) >= 2
        actor.shield = bool(record.get("shield", False))


def finish(actor: NinePowersActor, formula: str, keep: bool = False) -> NinePowersActor:
    """Real pools' maxima from the formula, the pools full (`keep`: as they were, within the maxima)."""
    for real, value in track_maxima(actor.skills, formula).items():
        setattr(actor, f"{real}_max", value)
        setattr(actor, real, min(getattr(actor, real), value) if keep else value)
    return actor


def new_pc(
    name: str,
    raises: list[str],
    gear: Gear,
    formula: str,
    *,
    body: str = "none",
    parts: tuple[str, ...] = (),
    weapon: str = "unarmed",
    concept: str = "",
    answers: list[str] | None = None,
    questions: list[str] | None = None,
) -> NinePowersActor:
    """A PC from its fifteen raised skills (one per background question)."""
    skills = {s: 1 for s in SKILL_IDS}
    for raised in raises:
        sid = skill_id(raised)
        if skills[sid] >= MAX_RATING:
            raise RulesError(f"{display(sid)} is already {MAX_RATING}, the highest a skill goes")
        skills[sid] += 1
    check_new_pc(skills)
    actor = NinePowersActor(name=name, kind="pc", skills=skills, concept=concept)
    questions = questions or []
    answers = answers or []
    actor.background = [
        {
            "question": questions[i] if i < len(questions) else f"question {i + 1}",
            "answer": answers[i] if i < len(answers) else "",
            "skill": skill_id(raised),
        }
        for i, raised in enumerate(raises)
    ]
    gear.wear(actor, body, parts)
    gear.wield(actor, weapon)
    return finish(actor, formula)


def fitting_weapons(gear: Gear, offered: list[str], skills: dict[str, int]) -> list[str]:
    """The offered weapons whose attack skill is rated highest; if none uses the character's best
    attack skill, every weapon of the table that does."""

    def rating(key: str) -> int:
        return skills.get(skill_id(gear.weapons[key].get("skill", "melee-protect")), 1)

    known = [w for w in offered if w in gear.weapons] or ["unarmed"]
    best = max(skills.get(s, 1) for s in ATTACK_SKILLS)
    fit = [w for w in known if rating(w) == best]
    if not fit:
        fit = [
            w
            for w in gear.weapons
            if rating(w) == best and skill_id(gear.weapons[w].get("skill", "melee-protect")) in ATTACK_SKILLS
        ]
    return fit


def random_pc(
    rng: Rng, data: SystemData, formula: str, *, name: str | None = None, role: str | None = None
) -> NinePowersActor:
    """Fifteen random raises, leaning on the concept's favoured skills (weight 5) and on the skills
    its weapons attack with (weight 3); then a weapon of the concept that the best attack skill wields."""
    concepts = data.keyed(CONCEPTS)
    role = rng.choice(sorted(concepts)) if role is None else find(concepts, role, "Nine Powers concept",
                                                                    known=sorted(concepts))
    concept = concepts[role]
    favour = [skill_id(s) for s in concept.get("favour", [])]
    questions = [r["text"] for r in data.records(QUESTIONS)]
    gear = Gear(data)
    carried = {
        skill_id(gear.weapons[w].get("skill", "melee-protect"))
        for w in concept.get("weapon") or ["unarmed"]
        if w in gear.weapons
    }
    skills = {s: 1 for s in SKILL_IDS}
    raises: list[str] = []
    for _ in range(15):
        open_skills = [s for s in SKILL_IDS if skills[s] < MAX_RATING]
        weights = [5 if s in favour else 3 if s in carried else 1 for s in open_skills]
        pick = open_skills[rng.weighted_index(weights)]
        skills[pick] += 1
        raises.append(pick)
    body = rng.choice(concept.get("armour") or ["none"])
    weapon = rng.choice(fitting_weapons(gear, concept.get("weapon") or ["unarmed"], skills))
    pieces = "none"
    if body in ("hauberk", "brigandine") and rng.die(6) >= 5:
        pieces = "arms" if rng.die(2) == 1 else "legs"
    answers = {"name": name or data.name(rng, "Wanderer"), "concept": concept["text"], "armour": body,
               "pieces": pieces, "weapon": weapon, **{f"skill-{n}": r for n, r in enumerate(raises, start=1)}}
    return from_answers(gear, formula, questions, answers)


def from_answers(gear: Gear, formula: str, questions: list[str], a: dict[str, Any]) -> NinePowersActor:
    """A PC from guided creation's answers (random creation rolls the same answers)."""
    return new_pc(a["name"], [a[f"skill-{n}"] for n in range(1, 16)], gear, formula, body=a["armour"],
                  parts=PIECES[a["pieces"]], weapon=a["weapon"], concept=a["concept"],
                  answers=[a.get(f"background-{n}", "") for n in range(1, 16)], questions=questions)


def npc_from_record(record: Mapping[str, Any], formula: str) -> NinePowersActor:
    """A row of `nine-powers/npcs`: `type` is what Identify/Lore learns about; tracks it gives
    replace the formula's (value and maximum alike)."""
    where = f"nine-powers/npcs row {record.get('id')!r}"
    given = {t: record[t] for t in ("fortitude", "resilience", "craftiness", *REALS) if t in record}
    actor = finish(schema.from_record(NinePowersActor, record, where, VERSION, {"type": "creature"},
                                      ("id", "source", *given), kind="npc"), formula)
    for track, value in given.items():
        if not isinstance(value, int) or value < 1:
            raise RulesError(f"{where}: {track} must be a whole number of 1 or more")
        setattr(actor, track, value)
        setattr(actor, f"{track}_max", value)
    return actor


PIECES = {"none": (), "arms": ("arms",), "legs": ("legs",), "both": ("arms", "legs")}
PIECE_TEXT = {"none": "no extra pieces", "arms": "arm pieces", "legs": "leg pieces",
              "both": "arm and leg pieces"}


def creation(data: SystemData, formula: str, name: str | None = None) -> StepwiseCreation:
    """Name, concept, the fifteen background questions (each raising a skill), then armour and weapon."""
    gear = Gear(data)
    records = data.records(QUESTIONS)
    if len(records) != 15:
        raise RulesError(f"{QUESTIONS} must hold 15 questions, it holds {len(records)}")
    questions = [r["text"] for r in records]

    def raised(answers: dict[str, Any]) -> dict[str, int]:
        skills = dict.fromkeys(SKILL_IDS, 1)
        for n in range(1, 16):
            if f"skill-{n}" in answers:
                skills[answers[f"skill-{n}"]] += 1
        return skills

    def background(n: int) -> list[Step]:
        def which(answers: dict[str, Any]) -> Question:
            skills = raised(answers)
            hint = ", ".join(display(skill_id(s)) for s in records[n - 1].get("suggests", []))
            return Question("", "Which skill does that answer raise by 1?",
                            [(display(s), f"now {skills[s]}") for s in SKILL_IDS if skills[s] < MAX_RATING],
                            help=f"often fitting: {hint}" if hint else "")

        def take(answers: dict[str, Any], reply: str) -> str:
            sid = skill_id(reply)
            if raised(answers)[sid] >= MAX_RATING:
                raise RulesError(f"{display(sid)} is already {MAX_RATING}; pick another skill")
            return sid

        return [Step(f"background-{n}", lambda _: Question("", f"{n}/15. {questions[n - 1]}", default="")),
                Step(f"skill-{n}", which, take)]

    def armour_text(key: str) -> str:
        r = gear.armour[key]
        return f"{r['text']}: armor {r.get('armor', 0)}, heroism {r.get('heroism', 0)}"

    steps = [
        Step("name", lambda _: Question("", "What is your character called?")),
        Step("concept", lambda _: Question("", "Sum up your character in a few words (a concept):",
                                           default="")),
        *[step for n in range(1, 16) for step in background(n)],
        pick("armour", "What armour do you wear?", lambda _: {k: armour_text(k) for k in gear.bodies()},
             lambda _: "none", "an armour"),
        pick("pieces", "Add arm or leg pieces? (arms, legs, both or none)",
             lambda a: {k: text for k, text in PIECE_TEXT.items()  # pieces go on over a body armour only
                        if k == "none" or gear.armour[a["armour"]].get("armor", 0)},
             lambda _: "none", "pieces"),
        pick("weapon", "What do you fight with?", lambda _: {k: r["text"] for k, r in gear.weapons.items()},
             lambda _: "unarmed", "a weapon"),
    ]

    return StepwiseCreation(steps, lambda a: from_answers(gear, formula, questions, a),
                            {"name": name} if name is not None else None)
