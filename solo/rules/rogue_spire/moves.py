"""Rogue Spire moves between fights: rests, healing, death's door, advancement and story tokens.

The rules are in `solo.rules.rogue_spire.recovery`.  XP is spent only
during a good night's rest (1.8), so upgrades and a tier ascension are
options of the ``night-rest`` move (``--upgrade d4 --upgrade d6``,
``--ascend --trait elusive``), not moves of their own.  They are paid
before the rest's rolls; if any of them is refused (too little XP, no
matching die) nothing happens at all: no die upgraded, no rest taken.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from solo.dice import Rng
from solo.rules.engine import Event, RulesError
from solo.rules.moves import SystemMove
from solo.rules.options import Option
from solo.rules.rogue_spire import recovery, social
from solo.rules.rogue_spire.character import ATTITUDES
from solo.rules.rogue_spire.dice import parse_die

DICE = ("d4", "d6", "d8", "d10", "d12", "d20")


def _quick(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return recovery.quick_rest(system._actor(actor))


def _night(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    a = system._actor(actor)
    trial = a.copy()  # every purchase is tried first: a refused one leaves the sheet as it was
    events: list[Event] = []
    for j, word in enumerate(options.get("upgrade") or []):
        events += recovery.upgrade(trial, parse_die(word, f"option --upgrade [{j + 1}]"), system.catalogue)
    if options.get("ascend"):
        events += recovery.ascend(trial, options.get("trait") or "lucky", system.catalogue)
    for name in dataclasses.fields(a):
        setattr(a, name.name, getattr(trial, name.name))
    return recovery.night_rest(a, rng) + events


def _encouraged(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return social.encouraged(system._actor(actor))


def _discouraged(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    die = parse_die(options["die"], "option --die") if options.get("die") else None
    return social.discouraged(system._actor(actor), die)


def _haggle(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    a = system._actor(actor)
    return social.haggle(
        a,
        int(options["price"]),
        int(options["offer"]),
        options["merchant_die"],
        int(options["mind"]),
        options["attitude"],
        False,
        rng,
    )


def _heal(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    die = parse_die(options["die"], "option --die") if options["die"] else None
    healer = parse_die(options["healer_die"], "option --healer-die")
    return recovery.healing_action(system._actor(actor), die, healer, options["skilled"], rng)


def _minute(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return recovery.deaths_door_minute(system._actor(actor), rng)


def _token(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    a = system._actor(actor)
    use = options["use"]
    if use == "gain":
        a.tokens += 1
        return [Event("token", f"{a.name} is awarded a story token ({a.tokens}).", a.name)]
    if use == "xp":
        a.xp += 4
        return [Event("token", f"{a.name} takes 4 XP instead of a bonus story token ({a.xp} XP).", a.name)]
    if a.tokens < 1:
        raise RulesError(f"{a.name} has no story token to spend")
    exhausted = [i for i in range(len(a.dice)) if a.dice[i]["exhausted"] and not a.dice[i]["injured"]]
    if not exhausted:
        raise RulesError(f"{a.name} has no exhausted die to refresh")
    lowest = min(exhausted, key=lambda i: (a.sides(i), i))
    a.tokens -= 1
    a.dice[lowest]["exhausted"] = False
    return [
        Event(
            "token",
            f"{a.name} spends a story token to refresh a {a.dice[lowest]['die'].upper()} ({a.tokens} left).",
            a.name,
        )
    ]


MOVES = (
    SystemMove(
        "encouraged",
        "Encouraged",
        "acting with your personality at a hard choice: a story token until the next good night's rest",
        (),
        _encouraged,
    ),
    SystemMove(
        "discouraged",
        "Discouraged",
        "events go against your personality: strain a skill die for two story tokens against the cause",
        (Option("die", "choice", "the skill die to strain (default the lowest)", DICE, default=""),),
        _discouraged,
    ),
    SystemMove(
        "haggle",
        "Haggle",
        "your die against the merchant's: win and pay your offer instead of the price",
        (
            Option("price", "int", "the asking price on the wealth chart (1, 2, 4 ... 32)", minimum=1),
            Option("offer", "int", "what you offer, lower on the chart", minimum=0),
            Option("merchant_die", "choice", "the merchant's die", DICE, default="d6"),
            Option("mind", "int", "the merchant's Mind defense", default=0, minimum=0),
            Option("attitude", "choice", "the merchant's attitude to you", ATTITUDES, default="indifferent"),
        ),
        _haggle,
    ),
    SystemMove(
        "quick-rest", "Quick rest", "15 minutes to an hour: every exhausted die refreshes", (), _quick
    ),
    SystemMove(
        "night-rest",
        "Good night's rest",
        "every exhausted die refreshes, the lowest strain clears,"
        " the lowest injury gets a natural-healing roll (free D4); XP is spent here",
        (
            Option(
                "upgrade",
                "list",
                "spend 5 x sides XP to raise a skill die one step (a matching die needed; repeatable)",
            ),
            Option("ascend", "flag", "spend XP to rise a tier when no die can go up", default=False),
            Option("trait", "text", "the ability trait an ascension adds", default="lucky"),
        ),
        _night,
    ),
    SystemMove(
        "heal",
        "Healing action",
        "a die against half the injured die's sides: injured becomes strained",
        (
            Option("die", "choice", "the injured die (default the lowest)", DICE, default=""),
            Option("healer_die", "choice", "the healer's die when skilled", DICE, default="d6"),
            Option("skilled", "flag", "magic or medical expertise (otherwise a D4 rolls)", default=False),
        ),
        _heal,
    ),
    SystemMove(
        "deaths-door",
        "A minute on death's door",
        "a free D4 for an untreated minute: a 1 is death",
        (),
        _minute,
    ),
    SystemMove(
        "token",
        "Story token",
        "spend one to refresh a die, take 4 XP instead of a bonus token, or gain one",
        (Option("use", "choice", "what to do", ("refresh", "xp", "gain"), default="refresh"),),
        _token,
    ),
)
