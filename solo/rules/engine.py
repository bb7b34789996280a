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
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from solo.dice import Rng
from solo.errors import SoloError
from solo.rules.moves import SystemMove

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
        for name in cls.__slots__:  # type: ignore[attr-defined]
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
    #: named options `odds_for` accepts (the CLI offers them)
    odds_parameters: ClassVar[tuple[str, ...]] = ()

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


# -- encounters -----------------------------------------------------------------------


class Encounter:
    """Sides of actors, with the turn structure owned by the system.

    `Encounter(system, sides, rng)` builds the system's own subclass. `sides`
    maps a side name to its actors (a plain list of lists is named "side 1",
    "side 2"...).  The actors are used as they are: harm they take stays on
    them, which is what a campaign wants; a forecast hands in copies.
    """

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
        self.log: list[Event] = []
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
        self._side_of = {id(a): s for s, actors in named.items() for a in actors}
        self._labels = self._make_labels()
        unknown = set(options) - set(self.option_names)
        if unknown:
            allowed = ", ".join(self.option_names) or "none"
            raise RulesError(
                f"unknown {system.name} encounter option(s) {', '.join(sorted(unknown))}; allowed: {allowed}"
            )
        self.options: dict[str, Any] = dict(options)

    #: keyword options the system's encounter accepts
    option_names: ClassVar[tuple[str, ...]] = ()

    def _make_labels(self) -> dict[int, str]:
        counts: dict[str, int] = {}
        for actor in self.participants:
            counts[actor.name] = counts.get(actor.name, 0) + 1
        labels: dict[int, str] = {}
        seen: dict[str, int] = {}
        for actor in self.participants:
            if counts[actor.name] > 1:
                seen[actor.name] = seen.get(actor.name, 0) + 1
                labels[id(actor)] = f"{actor.name} {seen[actor.name]}"
            else:
                labels[id(actor)] = actor.name
        return labels

    # -- who is here ------------------------------------------------------------
    @property
    def participants(self) -> list[Actor]:
        return [a for actors in self.sides.values() for a in actors]

    def side_of(self, actor: Actor) -> str:
        try:
            return self._side_of[id(actor)]
        except KeyError:
            raise RulesError(f"{actor.name} is not in this encounter") from None

    def label(self, actor: Actor) -> str:
        return self._labels.get(id(actor), actor.name)

    def enemies(self, actor: Actor) -> list[Actor]:
        side = self.side_of(actor)
        return [a for s, actors in self.sides.items() if s != side for a in actors if self.is_active(a)]

    def allies(self, actor: Actor) -> list[Actor]:
        return [a for a in self.sides[self.side_of(actor)] if a is not actor and self.is_active(a)]

    def active_sides(self) -> list[str]:
        return [s for s, actors in self.sides.items() if any(self.is_active(a) for a in actors)]

    # -- the system's part --------------------------------------------------------
    def is_active(self, actor: Actor) -> bool:
        """Still taking part: not defeated, fled or at the enemy's mercy."""
        raise NotImplementedError

    def awaiting(self) -> list[Actor]:
        """Whose choice the encounter waits for now, in the order to ask them."""
        raise NotImplementedError

    def legal_actions(self, actor: Actor) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def harm_taken(self, actor: Actor) -> dict[str, int]:
        """What this encounter cost the actor, by the system's own tracks."""
        raise NotImplementedError

    def status(self, actor: Actor) -> str:
        """How the actor stands, in a few words ('defeated', 'fled', 'fighting')."""
        return "fighting" if self.is_active(actor) else "out"

    def action_odds(self, action: Action) -> Odds | None:
        """Exact odds of the roll `action` would make, as things stand now; None if it rolls nothing.

        Menus show these beside each choice.  Effects that land later in the
        round (a grab, a dodge) can still change the pool before it is rolled.
        """
        return None

    def end(self, reason: str | None = None) -> list[Event]:
        """Stop here (a retreat, a truce, the GM calls it), tidying up as the system says."""
        raise NotImplementedError

    # -- ending -------------------------------------------------------------------
    def is_over(self) -> bool:
        return len(self.active_sides()) <= 1 or self.round > self.max_rounds

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

    def play(self, choose_action: Callable[[Encounter, Actor], Action] | None = None) -> list[Event]:
        """Run to the end; `choose_action` decides for anyone it wants (else the policy)."""
        events: list[Event] = []
        while not self.is_over():
            waiting = self.awaiting()
            if not waiting:
                raise RulesError("the encounter is waiting for nobody but is not over")  # pragma: no cover
            actor = waiting[0]
            action = choose_action(self, actor) if choose_action else self.npc_policy(actor)
            events.extend(self.apply(action))
        return events

    def emit(
        self, events: list[Event], kind: str, text: str, actor: Actor | None = None, **data: Any
    ) -> None:
        """Add an event (only when recording: forecasts run thousands of silent encounters)."""
        if self.record:
            event = Event(kind, text, self.label(actor) if actor is not None else None, data)
            events.append(event)
            self.log.append(event)

    def active_of(self, side: str) -> list[Actor]:
        return [a for a in self.sides[side] if self.is_active(a)]

    def prevail(self, side: str) -> str:
        return "prevails" if len(self.active_of(side)) == 1 else "prevail"

    def side_text(self, side: str) -> str:
        """Who is still standing on a side, for end-of-encounter lines ("Vroy", "Goblin 1 and Goblin 2")."""
        names = [self.label(a) for a in self.sides[side] if self.is_active(a)] or [side]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    # What each system calls its encounters, and says when nobody is left.
    NOUN = "encounter"
    NOBODY_LEFT = "nobody is left standing"

    def emit_end(self, events: list[Event], reason: str | None = None) -> None:
        """The closing line: called off for a reason, won by a side, nobody left, or out of rounds."""
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
                    {"name": self.label(a), "status": self.status(a), "harm": self.harm_taken(a)}
                    for a in actors
                ]
                for side, actors in self.sides.items()
            },
        }

    @property
    def rounds_played(self) -> int:
        return min(self.round, self.max_rounds) if self.is_over() else self.round
