"""Action-dice moves between fights: resting, keeping watch, buying a level, working at a task.

* ``rest`` - fatigue falls to the armour's permanent floor, every spell
  stone comes back to the bag, and one wound heals (one at random, with its
  own hidden d6 [SR 3.7.11]).  Keeping back some fatigue (``--keep N``: the
  party eases the watch) means no wound heals and no stone returns.
* ``watch`` - the watcher forgoes the rest and takes a fatigue, then rolls a
  skill: a progress save per attempt its Keeping watch rank allows (1, 2
  or 3), each a d6 + Int against 1 + the dungeon level; then the completion
  roll, a d6 per progress point, must reach the resting party's total
  fatigue.  Short of it, the party is ambushed (DL-9).  The same roll serves
  the oracle as a random-encounter check.
* ``level`` - buy the next class power with money spent on luxury: the
  level table's price for that level [SR: not a running total], 1.5 times
  for a power outside the dominant classes; health grows by the new power's
  class value plus the Con bonus.
* ``task`` - a task kept on the sheet with a hidden requirement (a generic
  clock: lockpicking, a ritual, sneaking past): each progress save is a d6 +
  Int against its difficulty, as many as the skill's rank allows; the
  completion roll reveals the requirement and adds a d6 per progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from solo.dice import Rng
from solo.rules.action_dice.dice import passes, roll_d6, sum_at_least
from solo.rules.engine import Event, RulesError
from solo.rules.moves import SystemMove
from solo.rules.options import Option

POWERS = ("exert", "spell", "powerful", "tumble", "skilled", "lucky", "trip", "heavy-hitter", "riposte")


def attempts(actor: Any, skill: str) -> int:
    """Progress attempts a rank allows: unskilled 1, skilled 2, expert 3."""
    return 1 + int(actor.skills.get(skill, 0))


def progress_roll(actor: Any, difficulty: int, rng: Rng) -> tuple[bool, int]:
    """One progress save: d6 + Int against the task's difficulty (natural 6 and 1 as ever)."""
    face, _ = roll_d6(rng, int(actor.has("lucky")))
    return passes(face, actor.bonus("int"), difficulty), face


def completion(progress: int, requirement: int, rng: Rng) -> tuple[bool, list[int]]:
    rolls = [rng.die(6) for _ in range(progress)]
    return sum(rolls) >= requirement, rolls


def watch(system: Any, actor: Any, dungeon_level: int, fatigue: int, rng: Rng) -> tuple[bool, list[Event]]:
    """The resting watch as an ambush roll; True when the others rest undisturbed."""
    a = system.living(actor)
    difficulty, requirement = 1 + dungeon_level, fatigue
    a.fatigue += 1
    events = [
        Event(
            "watch",
            f"{a.name} keeps watch (a fatigue: {a.fatigue}/{a.max_fatigue}); difficulty"
            f" {difficulty}, requirement {requirement}.",
            a.name,
            {"difficulty": difficulty, "requirement": requirement},
        )
    ]
    progress = 0
    for _ in range(attempts(a, "watch")):
        ok, face = progress_roll(a, difficulty, rng)
        progress += ok
        events.append(
            Event(
                "progress",
                f"Progress roll {face}{a.bonus('int'):+d} vs {difficulty}:"
                f" {'progress' if ok else 'nothing'}.",
                a.name,
                {"face": face, "ok": ok},
            )
        )
    ok, rolls = completion(progress, requirement, rng)
    chance = sum_at_least(progress, requirement)
    events.append(
        Event(
            "ambush" if not ok else "watch",
            f"Completion: {rolls} = {sum(rolls)} against {requirement} ({chance} to pass):"
            f" {'the others rest in peace' if ok else 'ambush!'}",
            a.name,
            {"rolls": rolls, "total": sum(rolls), "requirement": requirement, "ambush": not ok},
        )
    )
    return ok, events


def rest(system: Any, actor: Any, keep: int, rng: Rng) -> list[Event]:
    a = system.living(actor)
    before = a.fatigue
    if keep:
        a.fatigue = min(a.fatigue, a.permanent + keep)
        return [
            Event(
                "rest",
                f"{a.name} rests lightly: fatigue {before} -> {a.fatigue}; no wound heals and"
                " no stone returns.",
                a.name,
            )
        ]
    a.fatigue = a.permanent
    text = f"{a.name} rests: fatigue {before} -> {a.fatigue}"
    if a.menhirs:
        a.bag = list(a.menhirs)
        a.pool.clear()
        a.discard.clear()
        a.lost.clear()
        text += f", {len(a.bag)} stone(s) back in the bag"
    if system.remove_wound(a, rng):
        text += f", a wound heals ({system.wound_text(a)})"
    return [Event("rest", text + ".", a.name)]


def level_price(system: Any, actor: Any, power: str) -> int:
    a = system.living(actor)
    book = system.book
    if len(a.powers) >= len(book.levels):
        raise RulesError(f"{a.name} has every power the level table prices; it is time to retire")
    base = book.levels[len(a.powers)]
    counts: dict[str, int] = {}
    for p in a.powers:
        klass = book.power_class(p)
        counts[klass] = counts.get(klass, 0) + 1
    top = max(counts.values(), default=0)
    dominant = {k for k, n in counts.items() if n == top}
    factor = Fraction(1) if not dominant or book.power_class(power) in dominant else Fraction(3, 2)
    return int(base * factor)


def buy_level(system: Any, actor: Any, power: str, spell: str, skill: str) -> list[Event]:
    a = system.living(actor)
    book = system.book
    klass = book.power_class(power)
    if power in a.powers and not book.powers[power].get("repeatable"):
        raise RulesError(f"{a.name} already has {book.powers[power]['text']}")
    price = level_price(system, a, power)
    if a.money < price:
        raise RulesError(
            f"{book.powers[power]['text']} costs {price} to spend on luxury; {a.name} has {a.money}"
        )
    if power == "spell":
        if not spell or spell not in book.spells:
            raise RulesError(f"the Spell power needs --spell, one of {', '.join(book.spells)}")
    if power == "skilled":
        if not skill or skill not in book.skills:
            raise RulesError(f"the Skilled power needs --skill, one of {', '.join(book.skills)}")
        if a.skills.get(skill, 0) >= 2:
            raise RulesError(f"{a.name} is already expert in {skill}")
    a.money -= price
    a.spent += price
    a.powers.append(power)
    gain = max(0, book.class_health(klass) + a.bonus("con"))
    a.health += gain
    if power == "spell":
        a.spells.append(spell)
    if power == "skilled":
        a.skills[skill] = a.skills.get(skill, 0) + 1
    if klass == "wizard" and not a.menhirs:
        school = book.spells[spell]["school"] if spell in book.spells else next(iter(book.schools))
        a.menhirs, a.bag = [school], [school]
    return [
        Event(
            "level",
            f"{a.name} spends {price} on high living and gains {book.powers[power]['text']}:"
            f" level {a.level}, health {a.health} (+{gain}).",
            a.name,
            {"price": price, "level": a.level},
        )
    ]


def _rest(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return rest(system, actor, int(options["keep"]), rng)


def _watch(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return watch(system, actor, int(options["dungeon_level"]), int(options["fatigue"]), rng)[1]


def _level(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return buy_level(system, actor, options["power"], options["spell"], options["skill"])


def work_task(
    system: Any,
    actor: Any,
    name: str,
    skill: str,
    difficulty: int,
    requirement: int,
    complete: bool,
    rng: Rng,
) -> list[Event]:
    """One step of a task kept on the sheet: a progress save, or the completion roll that ends it.

    A new task's requirement is what the caller gives, or [SR] 2d6 rolled in
    secret; the sheet keeps it as `hidden_requirement` and no line shows it
    before completion.  Progress attempts stop at the skill's limit.
    """
    a = system.living(actor)
    if skill and skill not in system.book.skills:
        raise RulesError(f"skill must be one of {', '.join(system.book.skills)}, not {skill!r}")
    task = next((t for t in a.tasks if t["name"].lower() == name.strip().lower()), None)
    events = []
    if task is None:
        if complete:
            raise RulesError(f"{a.name} has no task called {name!r} to complete")
        hidden = requirement or sum(rng.dice((6, 6)))
        task = {
            "name": name.strip(),
            "skill": skill,
            "difficulty": difficulty,
            "progress": 0,
            "attempts": 0,
            "hidden_requirement": hidden,
        }
        a.tasks.append(task)
        events.append(
            Event(
                "task",
                f"{a.name} takes on a task: {task['name']} (difficulty {difficulty}, requirement hidden).",
                a.name,
                {"task": task["name"], "hidden": True},
            )
        )
    if complete:
        ok, rolls = completion(int(task["progress"]), int(task["hidden_requirement"]), rng)
        a.tasks.remove(task)
        return events + [
            Event(
                "task",
                f"{a.name} tries to finish {task['name']}: the requirement was"
                f" {task['hidden_requirement']}; {rolls} = {sum(rolls)}:"
                f" {'done' if ok else 'it goes badly wrong'}.",
                a.name,
                {"rolls": rolls, "ok": ok, "requirement": task["hidden_requirement"]},
            )
        ]
    limit = attempts(a, task["skill"]) if task["skill"] else 1
    if task["attempts"] >= limit:
        raise RulesError(
            f"{a.name} has made all {limit} progress attempt(s) at {task['name']}: attempt"
            " completion (--complete) or walk away"
        )
    ok, face = progress_roll(a, int(task["difficulty"]), rng)
    task["attempts"] += 1
    task["progress"] += int(ok)
    return events + [
        Event(
            "task",
            f"{a.name} works at {task['name']}: {face}{a.bonus('int'):+d} against"
            f" {task['difficulty']} - {'progress' if ok else 'a setback'} (progress"
            f" {task['progress']}, {limit - task['attempts']} attempt(s) left).",
            a.name,
            {"face": face, "ok": ok, "progress": task["progress"]},
        )
    ]


def _task(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return work_task(
        system,
        actor,
        options["name"],
        options["skill"],
        int(options["difficulty"]),
        int(options["requirement"]),
        bool(options["complete"]),
        rng,
    )


MOVES = (
    SystemMove(
        "rest",
        "Rest",
        "shed fatigue to the armour's floor, win back stones, heal one wound",
        (
            Option(
                "keep",
                "int",
                "fatigue kept back to ease the watch (then no wound heals, no stone returns)",
                default=0,
                minimum=0,
                maximum=20,
            ),
        ),
        _rest,
    ),
    SystemMove(
        "watch",
        "Keep watch",
        "forgo the rest and take a fatigue to guard it; failure is an ambush",
        (
            Option("fatigue", "int", "total fatigue of the characters resting", minimum=0, maximum=200),
            Option(
                "dungeon_level",
                "int",
                "the dungeon level (difficulty is 1 more)",
                default=1,
                minimum=0,
                maximum=20,
            ),
        ),
        _watch,
        question="Is the camp attacked while it rests?",
    ),
    SystemMove(
        "level",
        "Buy a level",
        "spend money on luxury for the next class power",
        (
            Option("power", "choice", "the power to gain", POWERS),
            Option("spell", "text", "the spell learnt (Spell power)", default=""),
            Option("skill", "text", "the skill ranked up (Skilled power)", default=""),
        ),
        _level,
    ),
    SystemMove(
        "task",
        "Work at a task",
        "a progress save on a task kept on the sheet (its requirement hidden), or the completion roll",
        (
            Option("name", "text", "the task (a new name starts one)"),
            Option("skill", "text", "the skill it uses (its rank sets the progress attempts)", default=""),
            Option("difficulty", "int", "what a progress roll must reach", default=3, minimum=1, maximum=12),
            Option(
                "requirement",
                "int",
                "a new task's hidden requirement (0: rolled in secret, 2d6)",
                default=0,
                minimum=0,
                maximum=200,
            ),
            Option("complete", "flag", "reveal the requirement and roll completion", default=False),
        ),
        _task,
    ),
)
