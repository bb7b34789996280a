"""Holding the power: the sorcerer's save at the end of each turn in a fight, every ten minutes out of one.

A sorcerer with stones in the active pool or the discard pile saves (a d6
against fatigue; Lucky rolls two).  On a failure it either takes a fatigue
or loses every stone in the pool and the discard pile until a serious rest.
Which one: [SR] the fatigue while one is free below the maximum, else the
stones (`end_of_turn_failure: fatigue-first` in the house rules); out of a
fight the player may choose to give up the stones instead (``--on-failure
stones``).  With nothing in the pool or the discard pile there is nothing to
hold, so no save is made.

Out of a fight the ``sorcery`` move makes one save per full ten minutes of
the time given (seed 002: "every ten minutes").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.dice import Rng
from solo.rules.action_dice.dice import passes, roll_d6
from solo.rules.engine import Event, RulesError
from solo.rules.moves import SystemMove
from solo.rules.options import Option

MINUTES_A_SAVE = 10
FAILURES = ("fatigue", "stones")


def holding(actor: Any) -> bool:
    """Whether the sorcerer has stones at stake (in the active pool or the discard pile)."""
    return bool(actor.sorcerer and (actor.pool or actor.discard))


def burn_out(actor: Any) -> int:
    """Every stone in the pool and the discard pile lost until a serious rest; how many."""
    gone = actor.pool + actor.discard
    actor.lost.extend(gone)
    actor.pool.clear()
    actor.discard.clear()
    return len(gone)


def hold_power(system: Any, actor: Any, minutes: int, on_failure: str, rng: Rng) -> list[Event]:
    """One save per full ten minutes while stones are at stake; each failure costs as `on_failure` says."""
    a = system.living(actor)
    if not a.sorcerer:
        raise RulesError(f"{a.name} is no sorcerer (no menhir): there is no power to hold")
    if on_failure not in FAILURES:
        raise RulesError(f"on_failure must be one of {', '.join(FAILURES)}, not {on_failure!r}")
    every = int(system.house_rules.get("sorcery_save_minutes", MINUTES_A_SAVE))
    checks = minutes // every
    if checks < 1:
        raise RulesError(f"minutes: a save falls every {every} minutes; {minutes} is too short")
    events = []
    for i in range(1, checks + 1):
        if not holding(a):
            events.append(
                Event(
                    "sorcery",
                    f"{a.name} holds no stones in pool or discard: nothing more to save for.",
                    a.name,
                )
            )
            break
        face, faces = roll_d6(rng, int(a.has("lucky")))
        ok = passes(face, 0, a.fatigue)
        shown = str(face) if len(faces) == 1 else f"{faces} keeps {face}"
        text = f"{a.name}, minute {i * every}: saves {shown} vs fatigue {a.fatigue}"
        data: dict[str, Any] = {"face": face, "faces": faces, "fatigue": a.fatigue, "ok": ok}
        if ok:
            events.append(Event("sorcery", text + ": holds the power.", a.name, data))
            continue
        if on_failure == "fatigue" and a.fatigue + 1 <= a.max_fatigue:
            a.fatigue += 1
            text += f": fails, and takes a fatigue ({a.fatigue}/{a.max_fatigue})."
            data["cost"] = "fatigue"
        else:
            lost = burn_out(a)
            text += f": fails, and {lost} stone(s) burn out until a serious rest."
            data["cost"] = "stones"
        events.append(Event("sorcery", text, a.name, data))
    return events


def _sorcery(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return hold_power(system, actor, int(options["minutes"]), str(options["on_failure"]), rng)


SORCERY = SystemMove(
    "sorcery",
    "Hold the power",
    "a sorcerer's save every ten minutes out of a fight, while stones wait in the pool or discard pile",
    (
        Option(
            "minutes",
            "int",
            "time spent holding the stones (a save each full ten minutes)",
            default=MINUTES_A_SAVE,
            minimum=MINUTES_A_SAVE,
            maximum=24 * 60,
        ),
        Option(
            "on_failure",
            "choice",
            "what a failed save costs: a fatigue while one is free (else the stones), or the stones",
            FAILURES,
            default="fatigue",
        ),
    ),
    _sorcery,
)
