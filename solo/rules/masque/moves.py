"""Masque moves between set-tos: a recovery roll, a reaction roll, a saving throw."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.dice import Rng
from solo.rules.engine import Event, RulesError
from solo.rules.masque.growth import recovery_roll
from solo.rules.masque.reaction import reaction_roll
from solo.rules.moves import SystemMove
from solo.rules.options import Option


def _recovery(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    a = system._actor(actor)
    if a.current >= a.build:
        return [Event("recover", f"{a.name} is at full build ({a.build}); nothing to recover.", a.name)]
    return [Event("recover", f"{a.name}: {line}", a.name) for line in recovery_roll(a, rng)]


def _reaction(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    a = system._actor(actor)
    result = reaction_roll(a.build, rng, int(options.get("modifier") or 0))
    about = options.get("about") or "them"
    return [Event("reaction", f"{a.name}, {about}: {result.text}.", a.name,
                  {"roll": result.roll, "reversed": result.reversed, "needed": result.needed,
                   "result": result.result})]


def _save(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    a = system._actor(actor)
    hazard = options.get("hazard") or "d8"
    if not isinstance(hazard, str):
        raise RulesError("a hazard is dice such as 2d6")
    result = system.check(a, None, "medium", rng, hazard=hazard)
    return result.events


MOVES = (
    SystemMove("recovery", "Recovery roll",
               "after a set-to spent downstage, or one wisely avoided: d20 above current build gives +1",
               (), _recovery),
    SystemMove("reaction", "Reaction roll",
               "d% about how someone takes you: 90 or more less half your Build; reversed digits tolerate",
               (Option("about", "text", "who is reacting", default=""),
                Option("modifier", "int", "added to your chances (Notoriety, Poise...)", default=0,
                       minimum=-50, maximum=50)),
               _reaction, question="How does this person take to us?"),
    SystemMove("save", "Saving throw",
               "cast against a hazard's dice: lower fails, a tie is a parley",
               (Option("hazard", "text", "the hazard's dice, such as 2d6 (default d8)", default="d8"),),
               _save),
)
