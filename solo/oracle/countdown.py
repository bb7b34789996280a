"""The complication countdown and named clocks.

**Countdown** (Nine Powers, RULES.md §2.10): time spent getting set up well,
and every journey, puts one more mark on the countdown; then a d6 is rolled,
and a result at or under the number of marks wipes the marks and sets off a
complication from ``oracle/complication``.  With k marks the chance is k/6,
so the sixth mark always fires; on average a complication comes every
899/324 (about 2.77) marks.  `countdown_step` is that whole procedure;
`countdown_mark` and `countdown_roll` are its two halves, for a player who
marks now and rolls later, or rolls again after a GM ruling.

A complication row may carry an ``effect`` in the journeys' grammar
(``harm KIND SIZE``, ``recover KIND SIZE``, ``edge``, ``setback``, ``clue``,
``mark`` or ``none``; see `solo.oracle.journey.parse_effect`) when the
characters are directly hurt or helped; it falls on every player character.
Here it is only read and named; the campaign applies it (through the rules
engine when the campaign plays a system, as words in the journal otherwise).

**Clocks** are named progress trackers of 4, 6 or 8 segments (how many
chances before the thing happens) that the player or an event fills; they
say so on the advance that fills them.  A negative advance winds a clock
back (a setback undone) but never below empty, and a clock never holds more
than it has segments.  Winding back a clock that is already empty is an
error rather than a silent nothing (a new clock starts empty, so it cannot
begin with one); advancing a full clock says that it is full.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solo.dice import Rng, percent
from solo.dice.entered import DiceNeeded
from solo.oracle.errors import OracleError
from solo.oracle.journey import Effect, parse_effect
from solo.tables import TableRoll, TableSet

COUNTDOWN_DIE = 6
COMPLICATION_TABLE = "oracle/complication"
CLOCK_SIZES = (4, 6, 8)
MAX_CLOCK_NAME = 60


def _check_marks(marks: object) -> int:
    if isinstance(marks, bool) or not isinstance(marks, int) or marks < 0:
        raise OracleError(f"countdown marks must be a whole number 0 or more, not {marks!r}")
    return marks


def countdown_chance(marks: int) -> Fraction:
    """Chance that a roll against `marks` sets off a complication: marks/6, at most 1."""
    return Fraction(min(_check_marks(marks), COUNTDOWN_DIE), COUNTDOWN_DIE)


def countdown_mark(marks: int) -> int:
    """One more mark."""
    return _check_marks(marks) + 1


@dataclass(frozen=True)
class CountdownResult:
    marks_before: int  # marks before this move
    marks: int  # marks the die was rolled against
    die: int
    chance: Fraction
    triggered: bool
    new_marks: int
    complication: str | None = None
    complication_roll: dict[str, Any] | None = None
    effect: Effect | None = None  # what the complication does to every PC, when its row says

    @property
    def text(self) -> str:
        head = (f"Countdown: {self.marks} mark{'s' if self.marks != 1 else ''}, d6 rolled {self.die}"
                f" (needed {self.marks} or less, {percent(self.chance)})")
        if self.triggered:
            line = f"{head} -> a complication! Marks cleared. {self.complication}"
            if self.effect is not None and self.effect.action != "none":
                line += f" [every PC: {self.effect.text}]"
            return line
        stand = "mark stands" if self.new_marks == 1 else "marks stand"
        return f"{head} -> not yet; {self.new_marks} {stand}."

    def to_dict(self) -> dict[str, Any]:
        return {
            "marks_before": self.marks_before,
            "marks": self.marks,
            "die": self.die,
            "chance": str(self.chance),
            "probability": float(self.chance),
            "triggered": self.triggered,
            "new_marks": self.new_marks,
            "complication": self.complication,
            "complication_roll": self.complication_roll,
            "effect": self.effect.to_dict() if self.effect is not None else None,
            "text": self.text,
        }


def countdown_roll(marks: int, rng: Rng, tables: TableSet, *, marks_before: int | None = None
                   ) -> CountdownResult:
    """Roll the d6 against the marks; at or under clears them and draws a complication."""
    marks = _check_marks(marks)
    chance = countdown_chance(marks)
    try:
        die = rng.die(COUNTDOWN_DIE)
    except DiceNeeded as needed:  # the player rolls: the exact chance goes with the die asked for
        needed.before = (f"countdown at {marks} mark{'s' if marks != 1 else ''}: chance of a"
                         f" complication {percent(chance)}")
        raise
    before = marks if marks_before is None else marks_before
    if die <= marks:
        drawn = tables.roll(COMPLICATION_TABLE, rng)
        return CountdownResult(before, marks, die, chance, True, 0, drawn.text, drawn.to_dict(),
                               complication_effect(drawn))
    return CountdownResult(before, marks, die, chance, False, marks)


def complication_effect(drawn: TableRoll) -> Effect | None:
    """The row's `effect`, if it has one; a malformed one names the table and row."""
    if "effect" not in drawn.fields:
        return None
    return parse_effect(drawn.fields["effect"], f"table {drawn.table}, row {drawn.range}, effect")


def countdown_step(marks: int, rng: Rng, tables: TableSet) -> CountdownResult:
    """The seed's whole procedure: add a mark, then roll against the new total."""
    return countdown_roll(countdown_mark(marks), rng, tables, marks_before=marks)


def countdown_trigger_chances(max_marks: int = COUNTDOWN_DIE) -> list[Fraction]:
    """Chance the complication fires exactly on mark 1, 2, ... when stepping from zero."""
    alive = Fraction(1)
    chances = []
    for k in range(1, max_marks + 1):
        fire = countdown_chance(k)
        chances.append(alive * fire)
        alive *= 1 - fire
    return chances


# -- clocks ----------------------------------------------------------------------------------

def check_clock_name(name: object) -> str:
    text = " ".join(str(name).split()) if name is not None else ""
    if not text:
        raise OracleError("a clock needs a name")
    if len(text) > MAX_CLOCK_NAME:
        raise OracleError(f"clock name is {len(text)} characters long; keep it to {MAX_CLOCK_NAME}")
    return text


def check_clock_size(segments: object) -> int:
    if isinstance(segments, bool) or segments not in CLOCK_SIZES:
        raise OracleError(f"a clock has {', '.join(map(str, CLOCK_SIZES))} segments, not {segments!r}")
    assert isinstance(segments, int)
    return segments


@dataclass(frozen=True)
class ClockResult:
    name: str
    segments: int
    filled_before: int
    filled: int

    @property
    def full(self) -> bool:
        return self.filled >= self.segments

    @property
    def just_filled(self) -> bool:
        """Filled by this very advance: the moment to announce it."""
        return self.full and self.filled_before < self.segments

    @property
    def picture(self) -> str:
        return "[" + "#" * self.filled + "." * (self.segments - self.filled) + "]"

    @property
    def text(self) -> str:
        line = f"Clock '{self.name}' {self.picture} {self.filled}/{self.segments}"
        change = self.filled - self.filled_before
        if change:
            line += f" ({'+' if change > 0 else ''}{change})"
        if self.just_filled:
            line += ": FILLED. It happens now."
        elif self.full:
            line += ": full."
        return line

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "segments": self.segments,
            "filled_before": self.filled_before,
            "filled": self.filled,
            "full": self.full,
            "just_filled": self.just_filled,
            "text": self.text,
        }


def clock_advance(name: str, segments: int, filled: int, steps: int = 1) -> ClockResult:
    """Fill (or, with negative steps, empty) a clock by `steps` segments, within 0..segments."""
    name = check_clock_name(name)
    segments = check_clock_size(segments)
    if isinstance(filled, bool) or not isinstance(filled, int) or not 0 <= filled <= segments:
        raise OracleError(f"clock '{name}' cannot have {filled!r} of {segments} segments filled")
    if isinstance(steps, bool) or not isinstance(steps, int):
        raise OracleError(f"advance clock '{name}' by a whole number of segments, not {steps!r}")
    if steps < 0 and filled == 0:
        raise OracleError(f"clock '{name}' is empty (0/{segments}): there is nothing to wind back")
    return ClockResult(name, segments, filled, max(0, min(segments, filled + steps)))
