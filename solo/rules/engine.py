"""The shared rules engine: one neutral vocabulary that every system translates.

The oracle, journeys and story tools never learn how a system rolls dice.  They
ask for a *check* with a neutral approach word (force, finesse, wits...) at a
neutral difficulty (easy / medium / hard), and get back a degree of success
(fail / cost / success / strong) with the system's own detail attached.  They
deal *harm* and grant *recovery* by kind (body / mind / resources) and size
(minor / moderate / major).  Each system decides what that means: Nine Powers
spends fortitude before stamina, the Resistance Toolbox marks stress and rolls
for fallout.

An `Encounter` holds sides of actors and leaves the turn structure to the
system: `awaiting()` says whose choice is needed, `legal_actions(actor)` what
they may do, `apply(action)` resolves it and returns events.  Because every
system also gives an `npc_policy`, the engine can play the GM's side, or both
sides for automatic play and forecasts.

State is plain data: actors serialise with `to_dict()` and come back exactly
with `System.actor_from_dict`, events are small dataclasses with a one-line
`text` for the journal and the TUI.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

from solo.dice import Rng
from solo.errors import SoloError
from solo.rules.moves import SystemMove
from solo.rules.options import Option
from solo.rules.words import joined

APPROACHES = ("force", "finesse", "wits", "presence", "lore", "stealth", "survival", "craft")
DIFFICULTIES = ("easy", "medium", "hard")
DEGREES = ("fail", "cost", "success", "strong")
HARM_KINDS = ("body", "mind", "resources")
SIZES = ("minor", "moderate", "major")


class RulesError(SoloError):
    """A rules request that cannot be honoured: unknown approach, bad option, broken actor data."""


def choose(value: Any, allowed: Sequence[str], what: str) -> str:
    """`value` as one of `allowed` (case-insensitive), or a RulesError listing them."""
    text = str(value).strip().lower()
    if text in allowed:
        return text
    raise RulesError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")


def word_or_number(value: Any, words: Mapping[str, int], low: int, high: int, unknown: str,
                   outside: str) -> int:
    """`value` as a whole number from `low` to `high`, or one of `words` (any case) standing for one:
    a difficulty given as "hard", 2 or "2".  Neither is a RulesError of `unknown` (formatted with the
    ``value``); a number out of range one of `outside` (with the ``number``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        text = str(value).strip().lower()
        if text in words:
            return words[text]
        if isinstance(value, bool) or not text.lstrip("-").isdigit():
            raise RulesError(unknown.format(value=value))
        number = int(text)
    if not low <= number <= high:
        raise RulesError(outside.format(number=number))
    return number


def neutral_size(size: str) -> str:
    return choose(size, SIZES, "harm size")


def neutral_kind(kind: str) -> str:
    return choose(kind, HARM_KINDS, "harm kind")


@dataclass(slots=True)
class Event:
    """One thing that happened, as the journal records it and the TUI shows it."""

    kind: str
    text: str
    actor: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.actor is not None:
            out["actor"] = self.actor
        if self.data:
            out["data"] = self.data
        return out


@dataclass
class Odds:
    """Exact chances of each degree for one check, before it is rolled."""

    system: str
    degrees: dict[str, Fraction]
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def success(self) -> Fraction:
        """Chance of anything better than a plain failure (a cost counts as success)."""
        return 1 - self.degrees.get("fail", Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "success": float(self.success),
            "success_exact": str(self.success),
            "degrees": {d: {"probability": float(p), "exact": str(p)} for d, p in self.degrees.items()},
            **self.detail,
        }


@dataclass
class OddsChart:
    """The chance of success of a system's common checks, row by column: what a GM keeps at hand."""

    system: str
    title: str
    row_name: str  # what a row varies (rating, pool)
    column_name: str  # what a column varies (difficulty)
    columns: list[str]
    rows: list[tuple[int, str, list[Odds]]]  # (row value, a note such as the dice, one Odds per column)
    #: what each cell shows when not just the chance of success: (name, degrees summed), in order
    parts: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def cell(self, odds: Odds) -> list[tuple[str, Fraction]]:
        """A cell's named chances: `parts` summed from its degrees, or just its success."""
        if not self.parts:
            return [("success", odds.success)]
        return [(name, sum((odds.degrees.get(d, Fraction(0)) for d in degrees), Fraction(0)))
                for name, degrees in self.parts]

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "title": self.title,
            "rows": [
                {self.row_name: value, "note": note,
                 "cells": {column: odds.to_dict() for column, odds in zip(self.columns, cells, strict=True)}}
                for value, note, cells in self.rows
            ],
        }


def full_degrees(partial: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Every degree present (impossible ones at 0), in the standard order."""
    return {d: Fraction(partial.get(d, 0)) for d in DEGREES}


@dataclass
class CheckResult:
    """A rolled check: the neutral degree plus the system's own account of it."""

    system: str
    actor: str
    approach: str | None
    skill: str
    difficulty: str
    degree: str
    detail: dict[str, Any]
    text: str
    events: list[Event] = field(default_factory=list)

    @property
    def success(self) -> bool:
        return self.degree != "fail"

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "actor": self.actor,
            "approach": self.approach,
            "skill": self.skill,
            "difficulty": self.difficulty,
            "degree": self.degree,
            "success": self.success,
            "detail": self.detail,
            "text": self.text,
            "events": [e.to_dict() for e in self.events],
        }


class Actor(ABC):
    """A character or creature of one system; its state is plain, JSON-ready data."""

    __slots__ = ()

    system_id: ClassVar[str] = ""
    name: str
    kind: str  # "pc" or "npc"

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @abstractmethod
    def copy(self) -> Actor:
        """An independent copy, cheap enough to make thousands of times in a forecast."""

    def fight_copy(self) -> Actor:
        """A copy to play one fight with: whatever a fight changes is its own, while what a fight only
        reads (skills, weapons) may be shared with this actor, which the fight never changes."""
        return self.copy()

    @property
    def is_pc(self) -> bool:
        return self.kind == "pc"

    def unfit(self) -> str | None:
        """Why the actor is in no state to join a fight (Nine Powers: 'stamina 0'); None when it is."""
        return None

    def _shallow(self) -> Any:
        """A field-by-field copy of a slotted dataclass, much quicker than dataclasses.replace."""
        cls = type(self)
        new = cls.__new__(cls)
        names: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]
        for name in names:
            object.__setattr__(new, name, getattr(self, name))
        return new


@dataclass(slots=True)
class Action:
    """One choice in an encounter: who does what, to whom, how hard."""

    actor: Actor
    kind: str
    target: Actor | None = None
    skill: str | None = None
    difficulty: str | None = None
    options: dict[str, Any] | None = None
    label: str = ""

    def option(self, key: str, default: Any = None) -> Any:
        return (self.options or {}).get(key, default)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"actor": self.actor.name, "kind": self.kind}
        if self.target is not None:
            out["target"] = self.target.name
        if self.skill:
            out["skill"] = self.skill
        if self.difficulty:
            out["difficulty"] = self.difficulty
        if self.options:
            out["options"] = dict(self.options)
        if self.label:
            out["label"] = self.label
        return out

    @classmethod
    def from_dict(cls, data: Any, encounter: Encounter) -> Action:
        """An action from its plain form (`Encounter.action_to_dict`), actors named by their labels."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise RulesError("an encounter action is a mapping with at least a 'kind' (attack, wait...)")
        unknown = sorted(set(data) - set(ACTION_KEYS) - {"label"})
        if unknown:
            raise RulesError(f"an encounter action has only {', '.join(ACTION_KEYS)};"
                             f" not {', '.join(unknown)}")
        for key in ("skill", "difficulty"):
            if data.get(key) is not None and not isinstance(data[key], str):
                raise RulesError(f"an encounter action's {key} is a word, not {data[key]!r}")
        options = data.get("options")
        if options is not None and not isinstance(options, Mapping):
            raise RulesError("an encounter action's options are a mapping")
        actor = encounter.by_label(data.get("actor"), "actor")
        target = encounter.by_label(data["target"], "target") if data.get("target") is not None else None
        return cls(actor, data["kind"], target, data.get("skill"), data.get("difficulty"),
                   dict(options) if options else None)


ACTION_KEYS = ("actor", "kind", "target", "skill", "difficulty", "options")


class System(ABC):
    """One ruleset behind the neutral vocabulary.

    A system module subclasses this, fills in `id`, `name`, `approach_map` and
    the abstract methods, and registers itself in `solo.rules.registry`.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    #: neutral approach -> the system's own skills that serve it, best fit first
    approach_map: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: the system's own difficulty words, easiest first
    difficulty_names: ClassVar[tuple[str, ...]] = ()
    #: what `check` and `check_odds` accept besides actor, approach and difficulty (front ends build
    #: their flags and dialogs from these, the campaign checks stored values with them)
    check_options: ClassVar[tuple[Option, ...]] = ()
    #: what `odds_for` accepts (`solo odds SYSTEM --...`)
    odds_options: ClassVar[tuple[Option, ...]] = ()

    @abstractmethod
    def __init__(self, tables: Any = None) -> None:
        """A system reads its data from `tables` (None: the built-in tables and SOLO_TABLES)."""

    def refuse_unknown_options(self, options: dict[str, Any]) -> None:
        """Options `check` or `check_odds` do not take, refused in one line."""
        if options:
            raise RulesError(f"{self.name} checks take no option {', '.join(map(repr, sorted(options)))}")

    @property
    def odds_parameters(self) -> tuple[str, ...]:
        """The names of the options `odds_for` accepts (`odds_options`)."""
        return tuple(o.name for o in self.odds_options)

    @property
    def encounter_options(self) -> tuple[Option, ...]:
        """What the system's encounters accept (Nine Powers: kind, initiative...)."""
        return self.encounter_class.declared_options

    def odds_headline(self, odds: Odds) -> str:
        """One line saying what check `odds` are for and its chance of success."""
        return f"{self.name}: success {odds.success}"

    @property
    def approaches(self) -> list[str]:
        return list(self.approach_map)

    def approach_skills(self, approach: str) -> tuple[str, ...]:
        return self.approach_map[choose(approach, tuple(self.approach_map), "approach")]

    # -- characters ----------------------------------------------------------
    @abstractmethod
    def random_character(self, rng: Rng, *, name: str | None = None, role: str | None = None,
                         npc: bool = False, label: str | None = None) -> Actor:
        """A whole character rolled at random.

        `role` is one of `roles()` and shapes the rolls; `label` is the words
        the stat block shows for who they are (a story NPC's trade, which may
        be no role the system knows); `npc` makes it a character the GM plays.
        """

    def roles(self) -> list[str]:
        """The roles (concepts, archetypes) `random_character(role=...)` accepts."""
        return []

    @abstractmethod
    def creation(self, *, name: str | None = None) -> Creation:
        """Guided creation as questions and answers, for the CLI and the TUI alike."""

    @abstractmethod
    def stat_block(self, actor: Actor) -> str: ...

    def resources(self, actor: Actor) -> str:
        """One short line of what runs out in play (tracks, stress), for a status panel.

        The stat block says everything; this says what a player glances at
        between moves.  Systems override it; the default is the stat block's
        first line.
        """
        return self.stat_block(actor).splitlines()[0]

    @abstractmethod
    def actor_from_dict(self, data: Mapping[str, Any]) -> Actor: ...

    @abstractmethod
    def npc_names(self) -> list[str]:
        """Ids of the named NPCs in the system's data."""

    @abstractmethod
    def npc(self, name: str) -> Actor:
        """A fresh copy of a named NPC from the system's data."""

    def load_actor(self, data: Mapping[str, Any]) -> Actor:
        """`actor_from_dict` after checking the data belongs to this system."""
        if not isinstance(data, Mapping):
            raise RulesError(f"a {self.name} character must be a JSON object")
        system = data.get("system", self.id)
        if system != self.id:
            raise RulesError(f"this character belongs to {system!r}, not {self.id!r}")
        return self.actor_from_dict(data)

    # -- checks --------------------------------------------------------------
    @abstractmethod
    def difficulty(self, difficulty: Any) -> Any:
        """A neutral difficulty (easy/medium/hard) or the system's own, as the system's own."""

    @abstractmethod
    def check_odds(self, actor: Actor, approach: str | None, difficulty: Any, **options: Any) -> Odds: ...

    @abstractmethod
    def check(
        self, actor: Actor, approach: str | None, difficulty: Any, rng: Rng, **options: Any
    ) -> CheckResult: ...

    @abstractmethod
    def odds_for(self, **parameters: Any) -> Odds:
        """Odds of a check described by the system's own numbers, no actor needed."""

    def odds_chart(self) -> OddsChart:
        """The chance of success of the system's common checks (`solo odds SYSTEM` with no options)."""
        raise RulesError(f"{self.name} has no chart of odds; give the check's options")

    # -- moves between fights ------------------------------------------------
    @classmethod
    def moves(cls) -> tuple[SystemMove, ...]:
        """What a character can do outside a fight (rest, heal, advance...): see `solo.rules.moves`."""
        return ()

    @classmethod
    def oracles(cls) -> tuple[SystemMove, ...]:
        """The system's own oracle rolls: its moves that answer a question (`SystemMove.question`)."""
        return tuple(m for m in cls.moves() if m.question)

    def complication_budget(self) -> Any:
        """The GM's budget for the oracle's surprises (`solo.rules.budget.SurpriseBudget`), or None:
        complications and random events then cost nothing and change nothing extra."""
        return None

    # -- harm and recovery ---------------------------------------------------
    @abstractmethod
    def harm(self, actor: Actor, kind: str, size: str, rng: Rng | None = None) -> list[Event]: ...

    @abstractmethod
    def recover(self, actor: Actor, kind: str, size: str, rng: Rng | None = None) -> list[Event]: ...

    def renewed_hope(self, actor: Actor) -> list[Event]:
        """A clue's "renewed hope": the system's nearest thing to winning back 1 heroism."""
        return [Event("hope", f"{actor.name}'s spirits lift, though {self.name} has nothing to win back.",
                      actor.name)]

    # -- encounters ----------------------------------------------------------
    encounter_class: ClassVar[type[Encounter]]

    @abstractmethod
    def npc_policy(self, actor: Actor, encounter: Encounter, rng: Rng) -> Action:
        """The action the engine takes for `actor` when nobody else decides."""

    def policy_for(self, encounter: Encounter) -> Callable[[Actor, Encounter, Rng], Action]:
        """`npc_policy` as `Encounter.run` calls it on every turn of `encounter`: a system may hand
        back something quicker that decides the same, once it has checked the encounter."""
        return self.npc_policy

    def with_edge(self, difficulty: Any, options: Mapping[str, Any], edge: int) -> tuple[Any, dict[str, Any]]:
        """A check's difficulty and options with a small bonus (edge > 0) or penalty (edge < 0) added.

        Journeys hand out "a small bonus (or penalty) on the next check" in
        neutral words; each system says what that is in its own dice.
        """
        raise RulesError(f"{self.name} has no small bonus or penalty to give")

    #: check options that roll this system's wealth check (`leverage_check` uses them); None: it has none
    wealth_check_options: ClassVar[dict[str, Any] | None] = None

    def leverage_check(self, actor: Actor, difficulty: Any, rng: Rng, **options: Any) -> CheckResult:
        """The roll that earns leverage (Nine Powers: a wealth check); systems without one refuse."""
        raise RulesError(f"{self.name} has no wealth check that earns leverage")

    def need_rng(self, rng: Rng | None, what: str) -> Rng:
        if rng is None:
            raise RulesError(f"{self.name} rolls dice for {what}; pass an rng")
        return rng


# -- guided creation ----------------------------------------------------------------


@dataclass
class Question:
    """One step of guided creation; `choices` empty means free text."""

    key: str
    prompt: str
    choices: list[tuple[str, str]] = field(default_factory=list)  # (answer, description)
    default: str | None = None
    help: str = ""
    picks: int = 1  # how many of `choices` the answer names (joined by ", " when more than one)


class Creation(ABC):
    """Guided character creation as a little state machine.

    `question` is the next thing to ask (None when done); `answer(text)`
    checks and records the reply, raising RulesError with a message the
    asker can show before asking again; `actor()` builds the result.
    """

    @property
    @abstractmethod
    def question(self) -> Question | None: ...

    @abstractmethod
    def answer(self, text: str) -> None: ...

    @abstractmethod
    def actor(self) -> Actor: ...

    def reply(self, text: str) -> tuple[Question, str]:
        """The question being answered and the reply, trimmed, with the default for a blank one."""
        q = self.question
        if q is None:
            raise RulesError("creation is already finished")
        reply = (text or "").strip()
        if not reply and q.default is not None:
            reply = q.default
        if q.key == "name" and not reply:
            raise RulesError("a character needs a name")
        return q, reply

    def run(self, ask: Callable[[Question], str], tell: Callable[[str], None] = lambda _: None) -> Actor:
        """Ask every question through `ask` until done; bad answers are explained and asked again."""
        while (q := self.question) is not None:
            reply = ask(q)
            try:
                self.answer(reply)
            except RulesError as exc:
                tell(str(exc))
        return self.actor()


@dataclass(frozen=True)
class Step:
    """One step of guided creation: its question (from the answers so far) and how a reply is taken.

    `take` turns the trimmed reply into the value kept under `key`, raising
    RulesError to have it asked again; `ask` builds the Question (its key is
    the step's).
    """

    key: str
    ask: Callable[[dict[str, Any]], Question]
    take: Callable[[dict[str, Any], str], Any] = lambda answers, reply: reply


def pick(key: str, prompt: str, answers: Callable[[dict[str, Any]], Mapping[str, str]],
         default: Callable[[dict[str, Any]], str | None] = lambda _: None, what: str = "an answer") -> Step:
    """A step whose reply must be one of `answers` (answer -> description, from the answers so far):
    the reply is kept as the answer it names (any case), anything else is asked again."""
    def ask(so_far: dict[str, Any]) -> Question:
        return Question(key, prompt, list(answers(so_far).items()), default(so_far))

    def take(so_far: dict[str, Any], reply: str) -> str:
        known = answers(so_far)
        found = next((k for k in known if k.lower() == reply.lower()), None)
        if found is None:
            raise RulesError(f"choose {what} from: {', '.join(known)}")
        return found
    return Step(key, ask, take)


NUMBERS = {2: "two", 3: "three", 4: "four"}


def pick_many(key: str, prompt: str, answers: Callable[[dict[str, Any]], Mapping[str, str]], count: int,
              default: Callable[[dict[str, Any]], str | None] = lambda _: None,
              what: tuple[str, str] = ("answer", "answers")) -> Step:
    """A step whose reply names `count` different `answers`, separated by commas, kept as a list;
    `what` is how errors name one and several ("ability", "abilities")."""
    def ask(so_far: dict[str, Any]) -> Question:
        return Question(key, prompt, list(answers(so_far).items()), default(so_far), picks=count)

    def take(so_far: dict[str, Any], reply: str) -> list[str]:
        known = answers(so_far)
        picks = [p.strip() for p in reply.split(",") if p.strip()]
        if len(picks) != count or len(set(picks)) != count:
            raise RulesError(f"name exactly {NUMBERS.get(count, count)} different {what[1]}, separated by"
                             " a comma")
        for chosen in picks:
            if chosen not in known:
                raise RulesError(f"no {what[0]} called {chosen!r}; choose from: {', '.join(known)}")
        return picks
    return Step(key, ask, take)


class StepwiseCreation(Creation):
    """Guided creation as a list of steps, asked in order; `build` makes the actor from the answers."""

    def __init__(self, steps: Sequence[Step], build: Callable[[dict[str, Any]], Actor],
                 answers: Mapping[str, Any] | None = None):
        self.steps = list(steps)
        self.build = build
        self.answers: dict[str, Any] = dict(answers or {})

    def _step(self) -> Step | None:
        return next((step for step in self.steps if step.key not in self.answers), None)

    @property
    def question(self) -> Question | None:
        step = self._step()
        if step is None:
            return None
        q = step.ask(self.answers)
        return Question(step.key, q.prompt, q.choices, q.default, q.help, q.picks)

    def answer(self, text: str) -> None:
        _, reply = self.reply(text)
        step = self._step()
        assert step is not None
        self.answers[step.key] = step.take(self.answers, reply)

    def actor(self) -> Actor:
        if self._step() is not None:
            raise RulesError("creation is not finished yet")
        return self.build(self.answers)


# -- encounters: the kernel ------------------------------------------------------------
#
# A system's encounter subclasses `Encounter` and supplies only what its rules
# say: `seat_class` (the per-actor state it keeps), `phase` (how a round runs),
# `templates(seat)` (what a seat may do, as kinds with parameters),
# `validate(seat, action)` (its own refusals), `resolve(seat, action, events)`
# or `resolve_round(events)`, `round_start(events)` and `on_finish(events)`.
# The kernel owns the seats, labels, turn checks, target checks, the one run
# loop, ending, the summary and the plain-data form of actions for replay.


class Seat:
    """One actor's place in an encounter: side, label, whether it is out and what it has taken.

    A system subclasses it for its own per-fight state (holds, loaded
    weapons...), declared once with `seat_state`: each attribute with its
    default, set afresh on every seat.  `counts` says whether this seat keeps
    its side in the fight; `acts` whether it is asked for actions at all
    (Resistance NPCs act only through the characters' rolls).
    """

    __slots__ = ("actor", "side", "label", "index", "out", "taken", "action", "counts", "acts")
    #: attributes worked out from what a fight only reads of the sheet (pools by skill...): a rematch's
    #: seat shares them with the seat it copies, so a forecast works each out once
    kept: ClassVar[tuple[str, ...]] = ()

    def __init__(self, actor: Actor, side: str, label: str, index: int):
        self.actor = actor
        self.side = side
        self.label = label
        self.index = index
        self.out: str | None = None
        self.taken: dict[str, int] = {}
        self.action: Action | None = None  # declared (Declare) or taken (EachActs) this round
        self.counts = True
        self.acts = True
        self.fresh(self)

    @staticmethod
    def fresh(seat: Seat) -> None:
        """Set the seat class's own state to its defaults (`seat_state` writes one for each class)."""

    def add(self, key: str, amount: int) -> None:
        """Count `amount` more of `key` (a track, stress, a fallout) against this seat."""
        if amount:
            self.taken[key] = self.taken.get(key, 0) + amount


SeatType = TypeVar("SeatType", bound=Seat)


def seat_state(cls: type[SeatType]) -> type[SeatType]:
    """A seat class's own state: a slotted dataclass of attributes with defaults (or default factories)
    and no `__init__` made for it; its `fresh`, written once here, gives every seat its defaults when
    `Seat.__init__` runs.  A subclass that sets more in its own `__init__` calls
    ``Seat.__init__(self, ...)`` (the decorator remakes the class, so a bare ``super()`` would not find it).
    """
    made = dataclass(slots=True, init=False, eq=False, repr=False)(cls)
    made.fresh = staticmethod(_fresh(made))  # type: ignore[method-assign, assignment]
    return made


def _fresh(cls: type) -> Callable[[Any], None]:
    """One straight-line function setting a seat class's declared state to its defaults, written once
    per class (a forecast seats every actor of every fight: no loop over the fields)."""
    scope: dict[str, Any] = {}
    lines = ["def fresh_(seat):", "    pass"]
    literal: dict[Any, str] = {dict: "{}", list: "[]", set: "set()"}
    for i, f in enumerate(fields(cls) if is_dataclass(cls) else ()):
        if f.default_factory is not MISSING:
            scope[f"v{i}"] = f.default_factory
            lines.append(f"    seat.{f.name} = {literal.get(f.default_factory, f'v{i}()')}")
        elif f.default is not MISSING:
            scope[f"v{i}"] = f.default
            lines.append(f"    seat.{f.name} = v{i}")
    exec("\n".join(lines), scope)  # noqa: S102 - names come from the class's own fields
    return scope["fresh_"]  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class ActionTemplate:
    """One kind of move a seat may make, with what is still to choose.

    `targets` are the actors it may aim at (empty: it takes none); `params`
    the other choices in the order a front end asks them (``{"difficulty":
    ("easy", "medium", "tough")}``); `fixed` what the kind itself settles
    (a skill, a weapon).  `bind` makes the Action once everything is chosen.
    """

    kind: str
    label: str
    targets: tuple[Actor, ...] = ()
    params: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    fixed: tuple[tuple[str, Any], ...] = ()
    default: tuple[tuple[str, Any], ...] = ()  # the parameters a menu shows odds for before they are chosen
    #: parameters a player may also type (the listed values are suggestions; `Encounter.validate` checks
    #: a typed one), such as the dice of a cast
    open: tuple[str, ...] = ()

    @property
    def steps(self) -> int:
        """How many choices it takes after picking the kind."""
        return int(bool(self.targets)) + sum(1 for _, values in self.params if len(values) > 1)


@dataclass(frozen=True, slots=True)
class Choice:
    """One fully chosen action and the steps that chose it (see `Encounter.choices`)."""

    move: int  # index of its template
    template: ActionTemplate
    target: Actor | None
    params: dict[str, Any]
    action: Action
    typical: bool  # the row a menu shows for the move before target and parameters are chosen


class Phase:
    """How a round runs: who is asked, and what happens once they answer."""

    verb = "acted"

    def next_seat(self, enc: Encounter) -> Seat | None:
        for seat in enc.seats:
            if seat.out is None and seat.acts and seat.action is None:
                return seat
        return None

    def waiting(self, enc: Encounter) -> list[Seat]:
        return [s for s in enc.seats if s.out is None and s.acts and s.action is None]

    def submit(self, enc: Encounter, seat: Seat, action: Action, events: list[Event]) -> None:
        raise NotImplementedError

    def policy_turn(self, enc: Encounter, seat: Seat, policy: Policy, events: list[Event]) -> None:
        """`seat`'s turn with `policy` deciding, its move not checked (`Encounter.policy_valid`)."""
        self.submit(enc, seat, policy(seat.actor, enc, enc.rng), events)


class Declare(Phase):
    """Everyone still in declares; when the last has, the system resolves the whole round."""

    verb = "declared"

    def policy_turn(self, enc: Encounter, seat: Seat, policy: Policy, events: list[Event]) -> None:
        """`seat` and everyone after it declare what `policy` decides, in seat order (which is the order
        `next_seat` asks them: declaring changes nobody else's turn), then the round is resolved."""
        seats = enc.seats
        for other in seats[seat.index:]:
            if other.out is None and other.acts and other.action is None:
                other.action = action = policy(other.actor, enc, enc.rng)
                enc.declared(other, action, events)
        enc.resolve_round(events)
        for s in seats:
            s.action = None
        enc.round_over(events)

    def submit(self, enc: Encounter, seat: Seat, action: Action, events: list[Event]) -> None:
        seat.action = action
        enc.declared(seat, action, events)
        if self.next_seat(enc) is None:
            enc.resolve_round(events)
            for s in enc.seats:
                s.action = None
            enc.round_over(events)


class EachActs(Phase):
    """Each seat that acts takes one action a round, resolved at once (Resistance)."""

    def submit(self, enc: Encounter, seat: Seat, action: Action, events: list[Event]) -> None:
        enc.resolve(seat, action, events)
        seat.action = action
        if enc._live <= 1:  # `live_sides`
            enc.finish(events)
        elif self.next_seat(enc) is None:
            for s in enc.seats:
                s.action = None
            enc.round_over(events)


Chooser = Callable[["Encounter", Actor], "Action | None"]
Policy = Callable[[Actor, "Encounter", Rng], Action]
Until = Callable[["Encounter", Actor], bool]


class Encounter:
    """Sides of actors in seats; the system gives the phase, the moves and how they resolve.

    `Encounter(system, sides, rng)` builds the system's own subclass. `sides`
    maps a side name to its actors (a plain list of lists is named "side 1",
    "side 2"...).  The actors are used as they are: harm they take stays on
    them, which is what a campaign wants; a forecast hands in copies.
    """

    NOUN = "encounter"
    NOBODY_LEFT = "nobody is left standing"
    seat_class: ClassVar[type[Seat]] = Seat
    phase: ClassVar[Phase] = EachActs()
    #: keyword options the system's encounter accepts, declared once for every front end
    declared_options: ClassVar[tuple[Option, ...]] = ()
    #: the kinds of action, each with what it aims at ("enemy", "ally", None: nothing), that the
    #: kernel's `validate` knows (empty: the system checks kinds itself)
    kinds: ClassVar[Mapping[str, str | None]] = {}
    #: the system's NPC policy only makes actions `validate` passes unchanged, so `run` hands them
    #: straight to the phase in a fight that records nothing (a forecast's); a player's are checked
    policy_valid: ClassVar[bool] = False
    #: the encounter can be `rematch`ed: making it changes no actor; once made its own attributes hold
    #: settings and plain values, and its seats' state comes from `seat_class`, the kernel's
    #: `counts`/`acts` and `rematched` (which also draws any dice making it draws, in the same order)
    quick_rematch: ClassVar[bool] = False

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.declared_options)

    def __new__(cls, system: System, sides: Any, rng: Rng, **options: Any) -> Encounter:
        if cls is Encounter:
            cls = system.encounter_class
        return super().__new__(cls)

    def __init__(
        self,
        system: System,
        sides: Mapping[str, Iterable[Actor]] | Sequence[Iterable[Actor]],
        rng: Rng,
        *,
        record: bool = True,
        max_rounds: int = 100,
        **options: Any,
    ):
        self.system = system
        self.rng = rng
        self.record = record
        self.max_rounds = max_rounds
        self.round = 1
        self.finished = False
        self.log: list[Event] = []
        self.actions: list[Action] = []  # every action applied, in order (for replay)
        if isinstance(sides, Mapping):
            named = {str(k): list(v) for k, v in sides.items()}
        else:
            named = {f"side {i + 1}": list(v) for i, v in enumerate(sides)}
        if len(named) < 2:
            raise RulesError("an encounter needs at least two sides")
        seen: set[int] = set()
        for side, actors in named.items():
            if not actors:
                raise RulesError(f"side {side!r} has nobody on it")
            for actor in actors:
                if getattr(actor, "system_id", None) != system.id:
                    raise RulesError(f"{getattr(actor, 'name', actor)!r} is not a {system.name} character")
                if id(actor) in seen:
                    raise RulesError(f"{actor.name} cannot stand in an encounter twice")
                seen.add(id(actor))
        self.sides = named
        unknown = set(options) - set(self.option_names) if options else ()
        if unknown:
            allowed = ", ".join(self.option_names) or "none"
            raise RulesError(
                f"unknown {system.name} encounter option(s) {', '.join(sorted(unknown))}; allowed: {allowed}"
            )
        self.options: dict[str, Any] = dict(options)
        labels = _labels([a for actors in named.values() for a in actors])
        self.seats: list[Seat] = []
        self._seats: dict[int, Seat] = {}
        for side, actors in named.items():
            for actor in actors:
                seat = self.seat_class(actor, side, labels[id(actor)], len(self.seats))
                self.seats.append(seat)
                self._seats[id(actor)] = seat
        self.alive: dict[str, int] = {}
        self._live = 0  # sides with someone still in it (kept up to date: `is_over` runs every turn)

    def rematch(self, rng: Rng | None = None) -> Encounter:
        """A new encounter as this one was made, each actor a fight copy of the one here: the same
        system, options and labels, with nothing checked or read from the rules again (a forecast
        plays thousands), and the same dice unless `rng` is given.  For a `quick_rematch` encounter
        that nobody has moved in."""
        if not self.can_rematch() or self.finished or self.round != 1 or self.actions or any(
                s.action is not None for s in self.seats):
            raise RulesError(f"only a {self.NOUN} as made can be played again this way")
        copies = [seat.actor.fight_copy() for seat in self.seats]
        cls: Any = type(self)  # hashable, whatever mypy's Hashable protocol says of type[...]
        new = object.__new__(cls)
        _attribute_copier(cls, tuple(self.__dict__))(self, new)
        make = self.seat_class
        new.seats = []
        new._seats = {}
        new.sides = {side: [] for side in self.sides}
        for old, actor in zip(self.seats, copies, strict=True):
            seat = make(actor, old.side, old.label, old.index)
            seat.counts, seat.acts, seat.out = old.counts, old.acts, old.out
            for name in make.kept:
                setattr(seat, name, getattr(old, name))
            new.seats.append(seat)
            new._seats[id(actor)] = seat
            new.sides[old.side].append(actor)
        new.log, new.actions = [], []
        if rng is not None:
            new.rng = rng
        new.rematched()
        return new

    def can_rematch(self) -> bool:
        """Whether `rematch` plays this encounter, as made, exactly like a fresh one (`quick_rematch`;
        a system may refuse it for some options)."""
        return self.quick_rematch

    def rematched(self) -> None:
        """Set up the seats' own state from their actors, as making the encounter did (`rematch`), and
        draw the dice making it draws (a set-to's surprise check) where making it would."""

    def rule(self, name: str, default: Any = None) -> Any:
        """An encounter option as given, else the system's house rule of that name, else `default`.

        A declared choice is checked against its choices and a flag made true
        or false, so a system reads its options in one line each.
        """
        value = self.options.get(name)
        if value is None:
            value = getattr(self.system, "house_rules", {}).get(name, default)
        cls: Any = type(self)  # a class is hashable, whatever mypy's Hashable protocol says of type[...]
        return _ruled(cls, name, value)

    @staticmethod
    def in_turns(seats: Iterable[Seat], key: Callable[[Seat], Any]) -> list[list[Seat]]:
        """Seats in the order of `key` (then seat order), those with equal keys together: they act
        at the same moment (Nine Powers fighters using the same skill; a shared initiative count)."""
        groups: list[list[Seat]] = []
        last: Any = None
        for rank, _, seat in sorted([(key(s), s.index, s) for s in seats]):  # no two seats share an index
            if groups and rank == last:
                groups[-1].append(seat)
            else:
                groups.append([seat])
            last = rank
        return groups

    def count_sides(self) -> None:
        """(Re)count who keeps each side in the fight; call after setting `counts` on seats."""
        self.alive = {side: 0 for side in self.sides}
        for seat in self.seats:
            if seat.counts and seat.out is None:
                self.alive[seat.side] += 1
        self._live = sum(1 for count in self.alive.values() if count > 0)

    # -- who is here ------------------------------------------------------------
    @property
    def participants(self) -> list[Actor]:
        return [s.actor for s in self.seats]

    def seat(self, actor: Actor) -> Seat:
        try:
            return self._seats[id(actor)]
        except KeyError:
            raise RulesError(f"{actor.name} is not in this {self.NOUN}") from None

    def side_of(self, actor: Actor) -> str:
        return self.seat(actor).side

    def label(self, actor: Actor) -> str:
        seat = self._seats.get(id(actor))
        return seat.label if seat is not None else actor.name

    def by_label(self, label: Any, what: str = "actor") -> Actor:
        """The participant a label names (case-insensitive): replay and front ends name actors this way."""
        key = str(label).strip().casefold()
        for seat in self.seats:
            if seat.label.casefold() == key:
                return seat.actor
        known = ", ".join(s.label for s in self.seats)
        raise RulesError(f"the {what} {label!r} is not in this encounter ({known})")

    def foes_of(self, seat: Seat) -> list[Seat]:
        return [s for s in self.seats if s.out is None and s.side != seat.side]

    def friends_of(self, seat: Seat) -> list[Seat]:
        return [s for s in self.seats if s.out is None and s.side == seat.side and s is not seat]

    def enemies(self, actor: Actor) -> list[Actor]:
        return [s.actor for s in self.foes_of(self.seat(actor))]

    def allies(self, actor: Actor) -> list[Actor]:
        return [s.actor for s in self.friends_of(self.seat(actor))]

    def active_sides(self) -> list[str]:
        return [side for side, count in self.alive.items() if count > 0]

    @property
    def live_sides(self) -> int:
        """How many sides still have someone in the fight (kept as seats go out, not counted again)."""
        return self._live

    def is_active(self, actor: Actor) -> bool:
        """Still taking part: not defeated, fled or at the enemy's mercy."""
        return self.seat(actor).out is None

    def status(self, actor: Actor) -> str:
        """How the actor stands, in a few words ('defeated', 'fled', 'fighting')."""
        return self.seat(actor).out or "fighting"

    def fight_state(self, actor: Actor) -> str:
        """What the actor has in this fight beyond its sheet (where it stands, what it has left this
        turn), in a few words for a front end's row beside its name; empty by default."""
        return ""

    def harm_taken(self, actor: Actor) -> dict[str, int]:
        """What this encounter cost the actor, by the system's own tracks."""
        return dict(self.seat(actor).taken)

    def put_out(self, seat: Seat, how: str) -> None:
        """The seat leaves the fight ('defeated', 'fled', 'at mercy'...)."""
        if seat.out is None and seat.counts:
            self.alive[seat.side] -= 1
            if not self.alive[seat.side]:
                self._live -= 1
        seat.out = how

    @property
    def title(self) -> str:
        """What this encounter is, in a few words ('physical contest', 'fight')."""
        return self.NOUN

    # -- turns ------------------------------------------------------------------
    def awaiting(self) -> list[Actor]:
        """Whose choice the encounter waits for now, in the order to ask them."""
        if self.is_over():
            return []
        return [s.actor for s in self.phase.waiting(self)]

    def next_actor(self) -> Actor | None:
        """The first actor the encounter waits for (None when it is over)."""
        if self.is_over():
            return None
        seat = self.phase.next_seat(self)
        return seat.actor if seat is not None else None

    def templates(self, actor: Actor) -> list[ActionTemplate]:
        """What the actor may do now, as kinds with their targets and parameters (empty: nothing)."""
        seat = self.seat(actor)
        if seat.out is not None or not seat.acts or seat.action is not None or self.is_over():
            return []
        return self.seat_templates(seat)

    def seat_templates(self, seat: Seat) -> list[ActionTemplate]:
        raise NotImplementedError

    def bind(self, template: ActionTemplate, actor: Actor, target: Actor | None = None,
             **params: Any) -> Action:
        """The action a template makes once its target and parameters are chosen (defaults: first)."""
        if template.targets and target is None:
            target = template.targets[0]
        if target is not None and all(t is not target for t in template.targets):
            raise RulesError(f"{template.label} cannot target {self.label(target)}")
        chosen = dict(template.fixed)
        for name, values in template.params:
            value = params.get(name, values[0] if values else None)
            if values and value not in values and name not in template.open:
                raise RulesError(f"{template.label}: {name} is one of {', '.join(map(str, values))},"
                                 f" not {value!r}")
            chosen[name] = value
        skill = chosen.pop("skill", None)
        diff = chosen.pop("difficulty", None)
        action = Action(actor, template.kind, target, skill, diff, chosen or None)
        action.label = self.describe(action)
        return action

    def choices(self, actor: Actor) -> list[Choice]:
        """Every action the actor may take now, each with the move, target and parameters that make it.

        Front ends ask in steps (move, then target, then each parameter) by
        narrowing this list, showing each step's exact odds from the rows it
        leaves; the whole list is never shown.
        """
        out: list[Choice] = []
        for move, template in enumerate(self.templates(actor)):
            combos: list[dict[str, Any]] = [{}]
            for name, values in template.params:
                combos = [{**c, name: v} for c in combos for v in values]
            default = dict(template.default)
            for target in template.targets or (None,):
                for combo in combos:
                    action = self.bind(template, actor, target, **combo)
                    typical = all(combo.get(k) == v for k, v in default.items()) and (
                        target is None or target is template.targets[0])
                    out.append(Choice(move, template, target, combo, action, typical))
        return out

    def legal_actions(self, actor: Actor) -> list[Action]:
        """Every action the actor may take now: each template with every target and parameter."""
        return [choice.action for choice in self.choices(actor)]

    def describe(self, action: Action) -> str:
        """A short line for an action ('Melee 3: attack Goblin 1, medium')."""
        return action.kind

    def action_odds(self, action: Action) -> Odds | None:
        """Exact odds of the roll `action` would make, as things stand now; None if it rolls nothing."""
        return None

    def apply(self, action: Action) -> list[Event]:
        """Take one action: checked (over, out, not its turn, illegal), recorded, then resolved."""
        if self.is_over():
            raise RulesError(f"the {self.NOUN} is over")
        return self._turn_of(self.seat(action.actor), action)

    def _turn_of(self, seat: Seat, action: Action) -> list[Event]:
        if seat.out is not None:
            raise RulesError(f"{seat.label} is out of the {self.NOUN} ({seat.out})")
        if not seat.acts:
            raise RulesError(self.no_turns(seat))
        if seat.action is not None:
            raise RulesError(f"{seat.label} has already {self.phase.verb} this round")
        action = self.validate(seat, action)
        events: list[Event] = []
        self.phase.submit(self, seat, action, events)
        if self.record:
            self.actions.append(action)
        return events

    def no_turns(self, seat: Seat) -> str:
        return f"{seat.label} takes no turns in this {self.NOUN}"

    def check_target(self, seat: Seat, action: Action, need: str | None) -> Seat | None:
        """The seat an action aims at, checked: 'enemy', 'ally' or None (it takes no target)."""
        if need is None:
            return None
        if action.target is None:
            raise RulesError(f"{action.kind} needs a target")
        target = self.seat(action.target)
        if target.out is not None:
            raise RulesError(f"{target.label} is already out of the {self.NOUN}")
        if need == "enemy" and target.side == seat.side:
            raise RulesError(f"{target.label} is on {seat.label}'s own side")
        if need == "ally" and (target.side != seat.side or target is seat):
            raise RulesError(f"{action.kind} needs an ally of {seat.label}")
        return target

    # -- the system's part ----------------------------------------------------------
    def validate(self, seat: Seat, action: Action) -> Action:
        """The action as the system will resolve it, or a RulesError saying what is wrong: here, one of
        the declared `kinds` (any case) aimed where that kind aims; a system adds its own refusals."""
        if not self.kinds:
            return action
        kind = str(action.kind).strip().lower()
        if kind not in self.kinds:
            raise RulesError(f"unknown {self.NOUN} action {action.kind!r}; known: {', '.join(self.kinds)}")
        self.check_target(seat, action, self.kinds[kind])
        if kind != action.kind:
            action = Action(action.actor, kind, action.target, action.skill, action.difficulty,
                            action.options, action.label)
        return action

    def declared(self, seat: Seat, action: Action, events: list[Event]) -> None:
        """A seat has declared (Declare phases)."""

    def resolve_round(self, events: list[Event]) -> None:
        """Everyone has declared: play the round out (Declare phases)."""
        raise NotImplementedError

    def resolve(self, seat: Seat, action: Action, events: list[Event]) -> None:
        """One seat's action, resolved at once (EachActs phases)."""
        raise NotImplementedError

    def round_start(self, events: list[Event]) -> None:
        """A new round begins (the round counter has moved on)."""

    def on_finish(self, events: list[Event], reason: str | None) -> None:
        """The encounter has ended: tidy up as the rules say (refill buffers, clear slots)."""

    # -- rounds and the end ------------------------------------------------------------
    def round_over(self, events: list[Event]) -> None:
        """Everyone has had their turn: finish, break off at the round limit, or start the next round."""
        if self._live <= 1:  # `live_sides`
            self.finish(events)
        elif self.round >= self.max_rounds:
            self.round = self.max_rounds + 1
            self.finish(events)
        else:
            self.round += 1
            self.round_start(events)

    def finish(self, events: list[Event], reason: str | None = None) -> None:
        if self.finished:
            return
        self.finished = True
        self.emit_end(events, reason)
        self.on_finish(events, reason)

    def end(self, reason: str | None = None) -> list[Event]:
        """Stop here (a retreat, a truce, the GM calls it), tidying up as the system says."""
        events: list[Event] = []
        self.finish(events, reason)
        return events

    def board(self) -> list[tuple[str, list[str]]]:
        """What a front end shows beside the sides, as (heading, lines) sections; none by default.

        A system whose fight has shared state of its own (a response stack, a
        stage of marks, an initiative order) describes it here in plain lines,
        so the TUI and the CLI can show it without knowing the system.
        """
        return []

    def is_over(self) -> bool:
        return self.finished or self.round > self.max_rounds or self._live <= 1

    @property
    def winner(self) -> str | None:
        """The side still standing once it is over; None while it goes on or on a draw."""
        if not self.is_over():
            return None
        sides = self.active_sides()
        return sides[0] if len(sides) == 1 else None

    def result_for(self, side: str) -> str:
        """'win', 'loss' or 'draw' for a side once the encounter is over."""
        if side not in self.sides:
            raise RulesError(f"no side named {side!r}")
        winner = self.winner
        if winner is None:
            return "draw"
        return "win" if winner == side else "loss"

    # -- playing ----------------------------------------------------------------------
    def npc_policy(self, actor: Actor, rng: Rng | None = None) -> Action:
        return self.system.npc_policy(actor, self, rng or self.rng)

    def run(self, until: Until | None = None, choose: Chooser | None = None) -> list[Event]:
        """The one encounter loop: play on until it is over or `until(encounter, actor)` says stop.

        `until` is asked before each turn with the actor to move (the
        campaign stops when a PC must choose); `choose` decides for anyone it
        wants and returns None to leave the turn to the system's NPC policy.
        """
        events: list[Event] = []
        policy = self.system.policy_for(self)
        next_seat, policy_turn = self.phase.next_seat, self.phase.policy_turn
        # the policy decides for everyone and nothing is recorded (a forecast's fight): its moves go
        # straight to the phase, which may take several seats' turns at once
        trusted = self.policy_valid and not self.record and until is None and choose is None
        while not (self.finished or self.round > self.max_rounds or self._live <= 1):
            seat = next_seat(self)
            if seat is None:  # pragma: no cover - a phase always waits for someone
                raise RulesError(f"the {self.NOUN} is waiting for nobody but is not over")
            actor = seat.actor
            if until is not None and until(self, actor):
                break
            action = choose(self, actor) if choose is not None else None
            if action is None:
                if trusted:  # the seat is in, acts and has not acted (`next_seat`)
                    policy_turn(self, seat, policy, events)
                else:
                    events.extend(self._turn_of(seat, policy(actor, self, self.rng)))
            elif action.actor is actor:
                events.extend(self._turn_of(seat, action))
            else:
                events.extend(self.apply(action))  # the chooser moved someone else: checked as any other
        return events

    def play(self, choose_action: Chooser | None = None) -> list[Event]:
        """Run to the end; `choose_action` decides for anyone it wants (else the policy)."""
        return self.run(choose=choose_action)

    def emit(
        self, events: list[Event], kind: str, text: str, actor: Actor | None = None, **data: Any
    ) -> None:
        """Add an event (only when recording: forecasts run thousands of silent encounters)."""
        if self.record:
            event = Event(kind, text, self.label(actor) if actor is not None else None, data)
            events.append(event)
            self.log.append(event)

    # -- replay -------------------------------------------------------------------------
    def action_to_dict(self, action: Action) -> dict[str, Any]:
        """`action.to_dict()` naming actors by their labels here ("Goblin 2"), which tell twins apart."""
        data = action.to_dict()
        data.pop("label", None)
        data["actor"] = self.label(action.actor)
        if action.target is not None:
            data["target"] = self.label(action.target)
        return data

    def action_from_dict(self, data: Any) -> Action:
        return Action.from_dict(data, self)

    def replay(self, moves: Iterable[Mapping[str, Any]]) -> list[Event]:
        """Apply recorded actions (`action_to_dict`) in order: with the same seed, the same log."""
        events: list[Event] = []
        for move in moves:
            events.extend(self.apply(self.action_from_dict(move)))
        return events

    # -- words ----------------------------------------------------------------------------
    def active_of(self, side: str) -> list[Actor]:
        return [s.actor for s in self.seats if s.side == side and s.out is None]

    def prevail(self, side: str) -> str:
        return "prevails" if len(self.active_of(side)) == 1 else "prevail"

    def side_text(self, side: str) -> str:
        """Who is still standing on a side, for end-of-encounter lines ("Vroy", "Goblin 1 and Goblin 2")."""
        return joined([s.label for s in self.seats if s.side == side and s.out is None] or [side])

    def emit_end(self, events: list[Event], reason: str | None = None) -> None:
        """The closing line: called off for a reason, won by a side, nobody left, or out of rounds."""
        if not self.record:
            return
        sides = self.active_sides()
        if reason:
            self.emit(events, "end", f"The {self.NOUN} ends: {reason}.")
        elif len(sides) == 1:
            self.emit(events, "end",
                      f"The {self.NOUN} is over: {self.side_text(sides[0])} {self.prevail(sides[0])}.")
        elif not sides:
            self.emit(events, "end", f"The {self.NOUN} is over: {self.NOBODY_LEFT}.")
        else:
            self.emit(events, "end", f"The {self.NOUN} is broken off after {self.max_rounds} rounds.")

    def summary(self) -> dict[str, Any]:
        return {
            "system": self.system.id,
            "over": self.is_over(),
            "winner": self.winner,
            "rounds": self.rounds_played,
            "sides": {
                side: [
                    {"name": s.label, "status": s.out or "fighting", "harm": dict(s.taken)}
                    for s in self.seats if s.side == side
                ]
                for side in self.sides
            },
        }

    @property
    def rounds_played(self) -> int:
        return min(self.round, self.max_rounds) if self.is_over() else self.round


@lru_cache(maxsize=1024)
def _ruled(cls: type[Encounter], name: str, value: Any) -> Any:
    """`value` as the encounter class declares option `name` (kept: a forecast reads rules every fight)."""
    declared = next((o for o in cls.declared_options if o.name == name), None)
    if declared is None or value is None:
        return value
    if declared.kind == "choice":
        return choose(value, declared.choices, name.replace("_", " "))
    return bool(value) if declared.kind == "flag" else value


@lru_cache(maxsize=256)
def _attribute_copier(cls: type, names: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """One straight-line function setting each of `names` on a new object from an old one, a list,
    dict or set copied (`Encounter.rematch`).  Attribute by attribute: filling `new.__dict__` at once
    would leave every later attribute lookup on it slow."""
    if not all(name.isidentifier() for name in names):  # pragma: no cover - attributes set by name
        def by_name(old: Any, new: Any) -> None:
            for name in names:
                value = getattr(old, name)
                setattr(new, name, type(value)(value) if type(value) in _CONTAINERS else value)
        return by_name
    lines = ["def copy_(old, new):", "    pass"]
    for name in names:
        lines += [f"    v = old.{name}", f"    new.{name} = type(v)(v) if type(v) in C else v"]
    scope: dict[str, Any] = {"C": _CONTAINERS}
    exec("\n".join(lines), scope)  # noqa: S102 - names are the attributes of an encounter
    return scope["copy_"]  # type: ignore[no-any-return]


_CONTAINERS = (list, dict, set)


def _labels(actors: list[Actor]) -> dict[int, str]:
    """Each actor's label: its name, numbered when several share one ("Goblin 1", "Goblin 2")."""
    counts: dict[str, int] = {}
    for actor in actors:
        counts[actor.name] = counts.get(actor.name, 0) + 1
    labels: dict[int, str] = {}
    seen: dict[str, int] = {}
    for actor in actors:
        if counts[actor.name] > 1:
            seen[actor.name] = seen.get(actor.name, 0) + 1
            labels[id(actor)] = f"{actor.name} {seen[actor.name]}"
        else:
            labels[id(actor)] = actor.name
    return labels
