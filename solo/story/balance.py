"""Fights balanced by forecast: foes from the system's own NPCs, chosen until the odds are right.

Danger is the party's chance to win the fight as `solo.rules.forecast`
measures it (the engine playing both sides, the party's sheets as they are):

=========  =================
danger     party wins
=========  =================
``low``    85 % to 97 %
``fair``   60 % to 85 %
``deadly`` 30 % to 60 %
=========  =================

How foes are chosen, with nothing but the generic `System` API: a fight
may have a *leader* - a person of the story, statted by
``system.random_character(npc=True)``, or, when the system's encounters
refuse a full character sheet as a foe (or it is too strong alone), wearing
the stats of one of the system's named NPCs under the person's name.  The
others are the system's named NPCs (`npc_names()`, those its encounters
accept against this party), found by a small local search (`_grow`): add a
foe of a kind picked at random while the party wins too often; take it out
again when it makes the fight too hard (and do not add that kind to that
group again); when several kinds in a row are too much, swap a foe already
there for a kind seen to hit harder - some systems go from a walkover to a
massacre with one more foe of any kind, so the count alone cannot find the
band.  A group of four or more added foes that wins every fight played
grows by half as many again at once (a strong party against weak kinds
would otherwise cost a measured group per foe); when such a jump is too
much, the search goes back and adds one at a time from then on.

Each group is measured in steps of 20, 30, 150, 300 and 500 fights (1,000
in all, `RUNS`), each step with its own seed drawn from the adventure's Rng:
a sequential test.  After a step the search moves on if the chance so far
lies outside the band (narrowed by `MARGIN`) by more than `STOP_AT`
standard errors for that many fights - one after 20 and after 50 fights
(a walkover or a massacre shows in 20: most groups the search meets are
one or the other), half of one after 200, any amount after 500, since the
last 500 fights would then have to pull the figure back across the edge by
themselves.  A stop only ever throws a group away; a group is taken only
when all 1,000 fights put its win chance inside the band with `MARGIN` to
spare, so the early stops cost the search nothing but a group now and then
that would have passed.  The fights themselves are played by
`solo.story.fights`, on every core, each step in pieces whose seeds depend
on the step's seed alone: the same adventure on one core or two.
What a group scored is kept for the whole
adventure (`Memo`, by the foes' sheets and the band), so a group the search
meets again - the same kinds in another order, or in the next fight - is
not played again.  That
figure, with its draws, losses and the harm the party takes on average, is
what is printed beside the fight, and the chunks' seeds are kept with it, so
`remeasure` plays the same fights again and gets the same number.  Another
1,000 fights with other dice may differ by a point or two (the standard
error of 1,000 fights is at most 1.6 points).

If the search runs out (`MAX_FORECASTS` groups measured for one fight, or
nothing left to try), the fight is refused with one line naming the system,
the danger and the closest chance found.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solo.dice import Rng
from solo.errors import SoloError
from solo.rules.engine import Actor, Encounter, RulesError, System
from solo.rules.forecast import FOES, PARTY, Forecast
from solo.story.fights import Fights, add_up

BANDS: dict[str, tuple[float, float]] = {"low": (0.85, 0.97), "fair": (0.60, 0.85), "deadly": (0.30, 0.60)}
DANGERS = tuple(BANDS)
RUNS = 1000
CHUNKS = (20, 30, 150, 300, 500)  # measured in these steps, adding up to RUNS
MARGIN = 0.01
MAX_FOES = 12
MAX_FORECASTS = 60  # groups measured for one fight (a group met again counts too)
MAX_REFUSED = 4  # kinds found too much to add to a group before swapping one of its foes instead
STOP_AT = (1.0, 1.0, 0.5, 0.0)  # standard errors past the band that stop a group after 20, 50, 200, 500


def band_text(danger: str) -> str:
    lo, hi = BANDS[danger]
    return f"{danger}: party wins {lo:.0%}-{hi:.0%}"


@dataclass
class Balanced:
    foes: list[Actor]
    templates: list[str | None]  # the named NPC each foe's stats come from (None: the leader's own)
    forecast: Forecast
    chunks: list[tuple[int, int]]  # (seed, fights) of each forecast added up into `forecast`
    tried: int = 0


def _spread(edge: float, runs: int, errors: float = 2.0) -> float:
    """`errors` standard errors of a chance measured over `runs` fights, were it `edge`: a chance
    further than this past the band's edge is outside the band (a stop after 50 fights, say)."""
    return errors * (edge * (1 - edge) / runs) ** 0.5


MemoKey = tuple[tuple[str, ...], tuple[float, float]]
Memo = dict[MemoKey, "tuple[str, float] | Balanced"]
"""What each group measured in one adventure scored against one band: "easier" or "harder" with
the chance where the test stopped, or the group found inside the band."""


def _memo_key(foes: Sequence[Actor], band: tuple[float, float]) -> MemoKey:
    return tuple(sorted(json.dumps(a.to_dict(), sort_keys=True) for a in foes)), band


def remeasure(system: System, party: Sequence[Actor], foes: Sequence[Actor],
              chunks: Sequence[tuple[int, int]]) -> Forecast:
    """The forecast `Balanced.chunks` describe, played again (the same fights, the same figure)."""
    fights = Fights(system, party, workers=1)
    return add_up([fights.play(foes, seed, runs) for seed, runs in chunks])


@dataclass
class Scout:
    fights: Fights
    rng: Rng
    tried: int = 0
    closest: float | None = None
    last: float = 0.5  # the party's chance in the last group measured

    def run(self, foes: list[Actor], runs: int) -> tuple[Forecast, int]:
        seed = self.rng.randint(0, 2**31 - 1)
        return self.fights.play(foes, seed, runs), seed


class _OutOfTries(Exception):
    pass


def opposable(system: System, party: Sequence[Actor], actor: Actor) -> bool:
    """Whether the system's encounters let `actor` fight against `party`."""
    try:
        Encounter(system, {PARTY: [a.copy() for a in party], FOES: [actor.copy()]}, Rng(0), record=False)
    except RulesError:
        return False
    return True


def renamed(system: System, actor: Actor, name: str) -> Actor:
    return system.load_actor({**actor.to_dict(), "name": name})


def foe_pool(system: System, party: Sequence[Actor]) -> list[str]:
    """The system's named NPCs that can stand against this party."""
    return [n for n in system.npc_names() if opposable(system, party, system.npc(n))]


def balance(system: System, party: Sequence[Actor], danger: str, rng: Rng, *,
            leader: Actor | None = None, pool: list[str] | None = None,
            memo: Memo | None = None, fights: Fights | None = None) -> Balanced:
    """Foes for one fight whose measured win chance for `party` lies inside `danger`'s band.

    `memo`, shared by the fights of one adventure (the same party), keeps what each group scored;
    `fights` plays the party's fights (default: in this process)."""
    if danger not in BANDS:
        raise SoloError(f"danger is one of {', '.join(DANGERS)}, not {danger!r}")
    lo, hi = BANDS[danger]
    names = list(pool if pool is not None else foe_pool(system, party))
    if not names:
        raise SoloError(f"{system.name} has no named NPC that can fight this party")
    scout = Scout(fights if fights is not None else Fights(system, party, workers=1), rng)
    bases: list[tuple[list[Actor], list[str | None]]] = []
    if leader is not None:
        order = list(names)
        rng.shuffle(order)
        if opposable(system, party, leader):
            bases.append(([leader], [None]))
        bases += [([renamed(system, system.npc(t), leader.name)], [t]) for t in order[:3]]
    else:
        bases.append(([], []))
    kinds = list(names)
    rng.shuffle(kinds)

    seen: Memo = memo if memo is not None else {}
    middle = (lo + hi) / 2

    def measure(foes: list[Actor], templates: list[str | None]) -> Balanced:
        """The group measured in chunks (`CHUNKS`) that add up to `RUNS` fights; it stops early,
        raising _Easier or _Harder, once the chance so far is clearly outside the band."""
        if scout.tried >= MAX_FORECASTS:
            raise _OutOfTries
        scout.tried += 1
        key = _memo_key(foes, (lo, hi))
        known = seen.get(key)
        if isinstance(known, Balanced):
            # in the order it was measured in, so `remeasure` plays the very same fights
            return Balanced([a.copy() for a in known.foes], list(known.templates), known.forecast,
                            known.chunks, scout.tried)
        if known is not None:
            scout.last = known[1]
            raise _Easier if known[0] == "easier" else _Harder
        try:
            found = _measured(foes, templates)
        except (_Easier, _Harder) as stop:
            seen[key] = ("easier" if isinstance(stop, _Easier) else "harder", scout.last)
            if scout.closest is None or abs(scout.last - middle) < abs(scout.closest - middle):
                scout.closest = scout.last
            raise
        seen[key] = found
        return found

    def _measured(foes: list[Actor], templates: list[str | None]) -> Balanced:
        parts: list[Forecast] = []
        chunks: list[tuple[int, int]] = []
        stops = iter(STOP_AT)
        for size in CHUNKS:
            part, seed = scout.run(foes, size)
            parts.append(part)
            chunks.append((seed, size))
            done = add_up(parts)
            win = scout.last = done.rate(done.wins)
            if done.runs >= RUNS:
                if win > hi - MARGIN:
                    raise _Easier
                if win < lo + MARGIN:
                    raise _Harder
                break
            errors = next(stops)
            if win - _spread(hi - MARGIN, done.runs, errors) > hi - MARGIN:
                raise _Easier
            if win + _spread(lo + MARGIN, done.runs, errors) < lo + MARGIN:
                raise _Harder
        return Balanced(foes, templates, done, chunks, scout.tried)

    try:
        for base, base_templates in bases:
            found = _grow(system, scout, measure, base, base_templates, kinds, rng)
            if found is not None:
                return found
    except _OutOfTries:
        pass
    closest = f" (closest: {scout.closest:.0%})" if scout.closest is not None else ""
    raise SoloError(f"no group of {system.name} foes found in {scout.tried} tries gives this party a"
                    f" {band_text(danger)} fight{closest}")


class _Easier(Exception):
    """The party wins too often: more foes."""


class _Harder(Exception):
    """The party wins too rarely: fewer foes."""


def _grow(system: System, scout: Scout, measure: Any, base: list[Actor],
          base_templates: list[str | None], kinds: list[str], rng: Rng) -> Balanced | None:
    """A local search over groups: add a foe (a kind picked at random) while the party wins too
    often; a foe that makes it too hard is taken out again, and that kind is not added to that
    group again.  When every kind is too much to add, a foe already there is swapped for a kind
    seen to hit harder (some systems jump from an easy fight to a massacre with one more foe,
    whatever it is).  None when nothing is left to try."""
    foes, templates = list(base), list(base_templates)
    fixed = len(base)
    hits: dict[str, float] = {}  # kind -> the party's chance just after one was added (lower: harder)
    refused: dict[tuple[str, ...], set[str]] = {}
    swapped: set[tuple[tuple[str, ...], int, str]] = set()
    undo: tuple[int, Actor | None, str | None] | None = None  # (index, foe before, kind before)
    batch = 0  # foes added at once after a walkover (0: the last move was not a batch)
    walkover = False  # the group just measured: the party won every fight played
    batching = True  # until a batch turns out too much

    def key() -> tuple[str, ...]:
        return tuple(sorted(str(t) for t in templates[fixed:]))

    while True:
        verdict = "easier"
        walkover = not foes
        if foes:
            try:
                return measure(foes, templates)
            except _Easier:
                verdict = "easier"
                walkover = scout.last >= 1.0
            except _Harder:
                verdict = "harder"
            if undo is not None and undo[1] is None and not batch:
                hits[str(templates[undo[0]])] = scout.last
        if verdict == "harder" and batch:  # too many at once: back, and one at a time from now on
            del foes[-batch:], templates[-batch:]
            batch, undo, walkover, batching = 0, None, False, False
        elif verdict == "harder":
            if undo is None:
                return None  # the leader alone is too much
            index, before, kind_before = undo
            now = str(templates[index])
            if before is None:  # take the added foe out again
                foes.pop()
                templates.pop()
                refused.setdefault(key(), set()).add(now)
            else:
                foes[index], templates[index] = before, kind_before
            verdict = "easier"  # back to the group before the move, which was too easy
        undo, batch = None, 0
        sig = key()
        no = refused.get(sig, set())
        left = [k for k in kinds if k not in no] if len(no) < MAX_REFUSED else []
        if left and len(foes) < MAX_FOES:
            # after a walkover with four or more foes added, half as many again; otherwise one more
            count = min((len(foes) - fixed) // 2, MAX_FOES - len(foes)) if walkover and batching else 0
            if count >= 2:
                for _ in range(count):
                    kind = rng.choice(left)
                    foes.append(system.npc(kind))
                    templates.append(kind)
                batch = count
                continue
            kind = rng.choice(left)
            foes.append(system.npc(kind))
            templates.append(kind)
            undo = (len(foes) - 1, None, None)
            continue
        # swap one foe for a kind that hit harder when it was added
        options = [(i, k) for i in range(fixed, len(foes)) for k in kinds
                   if k != templates[i] and (sig, i, k) not in swapped
                   and hits.get(k, 0.5) < hits.get(str(templates[i]), 0.5)]
        if not options:
            return None
        index, kind = rng.choice(options)
        swapped.add((sig, index, kind))
        undo = (index, foes[index], templates[index])
        foes[index] = system.npc(kind)
        templates[index] = kind
