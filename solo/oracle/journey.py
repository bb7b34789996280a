"""Journey events: what happens on the way, and a check to see how it turns out.

Nine Powers (RULES.md §2.10) shapes each event in two beats.  First something
happens, or nearly happens, and every player character at once loses or
regains a little (in that system a point of a buffer such as fortitude).
Then a check is asked for, with a choice of two skills and a difficulty; a
success brings some benefit and a failure a twist.  A journey in town can be
a walk of a few streets.  Every journey also puts a mark on the complication
countdown, which the caller does (see `countdown_step`).

The text's examples put "a bit" at exactly one point, both for the event
itself and for what a check's success or failure adds ("avoid losing 1
more"), so every harm or recovery in a journey row is ``minor``; a table
that asks for more is refused, naming the row and the field.

Here the harm and recovery are said in the system-neutral words of DESIGN.md
(body / mind / resources, minor / moderate / major) and the check in neutral
approaches and difficulties, so each rule system can translate them.  The
rows live in ``oracle/journey/wild`` and ``oracle/journey/town`` (d66, 36
each) as structured rows:

``text``, ``effect`` (e.g. ``harm body minor``), ``approaches`` (two),
``difficulty`` (easy / medium / hard), ``success`` and ``failure`` (what
follows), and optionally ``success_effect`` / ``failure_effect``.

An effect is one of: ``harm KIND SIZE``, ``recover KIND SIZE``, ``edge``
(a small bonus on the next check), ``setback`` (a small penalty on the next
check), ``clue`` (one character banks a clue), ``mark`` (one more countdown
mark) or ``none``.  A user table that breaks this shape gets an error naming
the table, the row and the field.

**The seam for rule systems.**  `resolve_journey(event, resolver)` is the one
place a check is resolved.  A resolver is any callable taking the
`CheckRequest` and returning a `CheckReport`; with no system chosen,
`reported("success")` stands for the player's own word, and a rules engine
supplies its own callable that rolls the character's dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solo.dice import Rng
from solo.oracle.errors import OracleError
from solo.tables import TableRoll, TableSet

SETTINGS = {"wild": "oracle/journey/wild", "town": "oracle/journey/town"}
SETTING_ALIASES = {"wilderness": "wild", "road": "wild", "city": "town", "urban": "town", "street": "town"}
KINDS = ("body", "mind", "resources")
SIZES = ("minor", "moderate", "major")
APPROACHES = ("force", "finesse", "wits", "presence", "lore", "stealth", "survival", "craft")
DIFFICULTIES = ("easy", "medium", "hard")
SIMPLE_EFFECTS = ("edge", "setback", "clue", "mark", "none")
RESULTS = {"success": True, "s": True, "pass": True, "yes": True,
           "failure": False, "fail": False, "f": False, "no": False}


@dataclass(frozen=True)
class Effect:
    action: str  # harm | recover | edge | setback | clue | mark | none
    kind: str | None = None
    size: str | None = None

    @property
    def text(self) -> str:
        if self.action == "harm":
            return f"{self.size} harm to {self.kind}"
        if self.action == "recover":
            return f"{self.size} recovery of {self.kind}"
        return {
            "edge": "a small bonus on the next check",
            "setback": "a small penalty on the next check",
            "clue": "a clue banked",
            "mark": "one more countdown mark",
            "none": "nothing more",
        }[self.action]

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "kind": self.kind, "size": self.size, "text": self.text}


def parse_effect(text: object, where: str = "effect") -> Effect:
    """'harm body minor' / 'recover mind moderate' / 'edge' ... -> Effect."""
    words = str(text).strip().lower().split() if isinstance(text, str) else []
    if len(words) == 1 and words[0] in SIMPLE_EFFECTS:
        return Effect(words[0])
    if len(words) == 3 and words[0] in ("harm", "recover"):
        action, kind, size = words
        if kind in KINDS and size in SIZES:
            return Effect(action, kind, size)
    raise OracleError(
        f"{where}: {text!r} is not an effect; write 'harm KIND SIZE' or 'recover KIND SIZE'"
        f" (kind {'/'.join(KINDS)}, size {'/'.join(SIZES)}) or one of {', '.join(SIMPLE_EFFECTS)}"
    )


@dataclass(frozen=True)
class CheckRequest:
    approaches: tuple[str, ...]
    difficulty: str

    @property
    def text(self) -> str:
        return f"{self.difficulty} check: {' or '.join(self.approaches)}"

    def to_dict(self) -> dict[str, Any]:
        return {"approaches": list(self.approaches), "difficulty": self.difficulty, "text": self.text}


@dataclass(frozen=True)
class CheckReport:
    """How a check went, from the player's word or a rules engine."""

    success: bool
    approach: str | None = None
    degree: str | None = None  # the engine's fail / cost / success / strong, when there is one
    detail: str = ""  # the system's own account (dice rolled, pool...)

    def to_dict(self) -> dict[str, Any]:
        return {"success": self.success, "approach": self.approach, "degree": self.degree,
                "detail": self.detail}


Resolver = Callable[[CheckRequest], CheckReport]


def parse_result(result: str | bool) -> bool:
    """The player's word for how a check went ('success', 'failure', 'yes'...) as True or False."""
    if isinstance(result, bool):
        return result
    key = str(result).strip().lower()
    if key not in RESULTS:
        raise OracleError(f"a check result is 'success' or 'failure', not {result!r}")
    return RESULTS[key]


def reported(result: str | bool, approach: str | None = None) -> Resolver:
    """A resolver for play with no rule system: the player says how the check went."""
    success = parse_result(result)
    if approach is not None:
        approach = str(approach).strip().lower()

    def resolve(request: CheckRequest) -> CheckReport:
        if approach is not None and approach not in request.approaches:
            raise OracleError(f"this check is made with {' or '.join(request.approaches)},"
                              f" not {approach}")
        return CheckReport(success, approach, None, "reported by the player")

    return resolve


@dataclass(frozen=True)
class Outcome:
    text: str
    effect: Effect

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "effect": self.effect.to_dict()}


@dataclass(frozen=True)
class JourneyEvent:
    setting: str
    roll: int  # the d66 result
    description: str
    effect: Effect  # applies to every player character at once
    check: CheckRequest
    success: Outcome
    failure: Outcome
    table_roll: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def text(self) -> str:
        return (f"Journey ({self.setting}, d66 {self.roll}): {self.description} Every PC: {self.effect.text}."
                f" Then {'an' if self.check.difficulty == 'easy' else 'a'} {self.check.text}.")

    def to_dict(self) -> dict[str, Any]:
        return {
            "setting": self.setting,
            "roll": self.roll,
            "description": self.description,
            "effect": self.effect.to_dict(),
            "check": self.check.to_dict(),
            "success": self.success.to_dict(),
            "failure": self.failure.to_dict(),
            "text": self.text,
        }


def _field(roll: TableRoll, name: str) -> Any:
    if name not in roll.fields:
        raise OracleError(f"table {roll.table}, row {roll.range}: journey rows need '{name}'")
    return roll.fields[name]


def _text_field(roll: TableRoll, name: str) -> str:
    value = _field(roll, name)
    if not isinstance(value, str) or not value.strip():
        raise OracleError(f"table {roll.table}, row {roll.range}: '{name}' must be text")
    return value.strip()


def event_from_roll(roll: TableRoll, setting: str) -> JourneyEvent:
    """Read a drawn journey row, checking every field it needs."""
    where = f"table {roll.table}, row {roll.range}"
    approaches = _field(roll, "approaches")
    if (not isinstance(approaches, list) or len(approaches) != 2
            or any(a not in APPROACHES for a in approaches) or approaches[0] == approaches[1]):
        raise OracleError(f"{where}: 'approaches' must be two different words from"
                          f" {', '.join(APPROACHES)}, not {approaches!r}")
    difficulty = _field(roll, "difficulty")
    if difficulty not in DIFFICULTIES:
        raise OracleError(f"{where}: 'difficulty' must be one of {', '.join(DIFFICULTIES)},"
                          f" not {difficulty!r}")
    if not roll.text.strip():
        raise OracleError(f"{where}: journey rows need 'text'")
    known = {"effect", "approaches", "difficulty", "success", "failure", "success_effect",
             "failure_effect"}
    extra = sorted(set(roll.fields) - known)
    if extra:
        raise OracleError(f"{where}: unknown field(s) {', '.join(extra)}")
    effect = parse_effect(_field(roll, "effect"), f"{where}, effect")
    if effect.action not in ("harm", "recover"):
        raise OracleError(f"{where}: a journey event's first effect is a harm or a recovery,"
                          f" not {effect.action}")
    success = Outcome(_text_field(roll, "success"),
                      parse_effect(roll.fields.get("success_effect", "none"), f"{where}, success_effect"))
    failure = Outcome(_text_field(roll, "failure"),
                      parse_effect(roll.fields.get("failure_effect", "none"), f"{where}, failure_effect"))
    for name, said in (("effect", effect), ("success_effect", success.effect),
                       ("failure_effect", failure.effect)):
        if said.size not in (None, "minor"):
            raise OracleError(f"{where}, {name}: a journey costs or restores a bit, one point:"
                              f" write '{said.action} {said.kind} minor', not {said.size}")
    value = roll.dice.total if roll.dice is not None else (roll.row or 0) + 1
    return JourneyEvent(setting, value, roll.text.strip(), effect,
                        CheckRequest(tuple(approaches), difficulty), success, failure, roll.to_dict())


def event_from_dict(data: Any) -> JourneyEvent:
    """A journey event back from `JourneyEvent.to_dict()` (a save's waiting journey).

    The data may have been edited by hand, so every field is checked; the
    error names the first one that is wrong.
    """
    def part(value: Any, key: str, kind: type, where: str) -> Any:
        if not isinstance(value, dict):
            raise OracleError(f"the saved journey event is damaged: {where or 'it'} is not a mapping")
        found = value.get(key)
        if not isinstance(found, kind) or (kind is int and isinstance(found, bool)):
            raise OracleError(f"the saved journey event is damaged: {where}{key} is {found!r}")
        return found

    def outcome(key: str) -> Outcome:
        holder = part(data, key, dict, "")
        return Outcome(part(holder, "text", str, f"{key}."),
                       _saved_effect(part(holder, "effect", dict, f"{key}."), f"{key}.effect"))

    check = part(data, "check", dict, "")
    approaches = part(check, "approaches", list, "check.")
    difficulty = part(check, "difficulty", str, "check.")
    if (len(approaches) != 2 or any(a not in APPROACHES for a in approaches)
            or difficulty not in DIFFICULTIES):
        raise OracleError("the saved journey event is damaged: its check is"
                          f" {' or '.join(map(repr, approaches))} at {difficulty!r}")
    setting = part(data, "setting", str, "")
    if setting not in SETTINGS:
        raise OracleError(f"the saved journey event is damaged: setting is {setting!r}")
    return JourneyEvent(setting, part(data, "roll", int, ""), part(data, "description", str, ""),
                        _saved_effect(part(data, "effect", dict, ""), "effect"),
                        CheckRequest(tuple(approaches), difficulty), outcome("success"), outcome("failure"))


def _saved_effect(effect: dict[str, Any], where: str) -> Effect:
    return parse_effect(_effect_words(effect), f"the saved journey event is damaged: {where}")


def _effect_words(effect: dict[str, Any]) -> str:
    return " ".join(str(effect[k]) for k in ("action", "kind", "size") if effect.get(k))


def parse_setting(setting: str) -> str:
    key = str(setting).strip().lower()
    key = SETTING_ALIASES.get(key, key)
    if key not in SETTINGS:
        raise OracleError(f"a journey goes through the {' or the '.join(SETTINGS)}, not {setting!r}")
    return key


def journey_event(rng: Rng, tables: TableSet, setting: str = "wild") -> JourneyEvent:
    """Draw the next thing that happens on the way (d66 on the setting's table)."""
    setting = parse_setting(setting)
    return event_from_roll(tables.roll(SETTINGS[setting], rng), setting)


@dataclass(frozen=True)
class JourneyOutcome:
    event: JourneyEvent
    report: CheckReport
    result: Outcome

    @property
    def success(self) -> bool:
        return self.report.success

    @property
    def text(self) -> str:
        how = "Success" if self.success else "Failure"
        if self.report.approach:
            how += f" ({self.report.approach})"
        line = f"{self.event.text} {how}: {self.result.text}"
        if self.result.effect.action != "none":
            line += f" [{self.result.effect.text}]"
        return line

    def to_dict(self) -> dict[str, Any]:
        return {
            "event": self.event.to_dict(),
            "report": self.report.to_dict(),
            "success": self.success,
            "result": self.result.to_dict(),
            "text": self.text,
        }


def resolve_journey(event: JourneyEvent, resolver: Resolver) -> JourneyOutcome:
    """The one place a journey check is settled: ask the resolver, pick the result."""
    report = resolver(event.check)
    if not isinstance(report, CheckReport):
        raise OracleError(f"a journey resolver must return a CheckReport, not {type(report).__name__}")
    return JourneyOutcome(event, report, event.success if report.success else event.failure)
