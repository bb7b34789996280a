"""Role Fx: what a role actor's natural on its full role die does to a foe's die (RULES.md 5.5).

The actor rerolls its natural (the reroll replaces the value) and designates
one die of an upstage foe that cast: the foe it named when it declared, else
the foe die with the highest value.  Then:

* Lancer: the designated die is rerolled too, and the Lancer adds a d6 to its
  own casting (a bonus: not part of the average it must meet, [SR] as a
  weapon's die).
* Curate: the reroll comes off the designated die; a foe whose casting r
  falls to 0 or less counts nothing and is held fast for 1 - r bits.
* Bravo: when the Bravo's casting is at least the designated die's value, the
  die leaves the foe and counts for the troupe as an extra caster (which may
  earn a hit if it meets its own average).
* Magnus: an even die drops to the odd face below; an odd one becomes 1, as
  do further foe dice of that size the Magnus picks while their values add to
  no more than its reroll [SR 5.10.4], highest first.

A reroll that is itself a natural repeats the option, against any foe die.
Against a foe of the same role only the die effect applies (no Lancer d6,
no Curate hold, a Bravo's die is removed but not added, no extra Magnus dice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solo.dice.special import roll_face
from solo.rules.engine import Event
from solo.rules.masque.throw import DieRoll

if TYPE_CHECKING:
    from solo.rules.masque.setto import MasqueSeat, SetTo

MAX_REPEATS = 20


def role_die_natural(seat: MasqueSeat) -> DieRoll | None:
    roll = seat.roll
    size = seat.role_die
    if roll is None or size < 4:  # a natural needs four faces or more
        return None
    for d in roll.dice:  # `d.natural` inline: at its top face
        if d.sides == size and d.rolls[-1] == size and d.sign > 0 and d.full and not d.modifier \
                and not d.lost:
            return d
    return None


def role_fx(enc: SetTo, seat: MasqueSeat, aim: Any, events: list[Event]) -> None:
    die = role_die_natural(seat)
    if die is None or seat.roll is None:
        return
    actor = seat.mactor
    for _ in range(MAX_REPEATS):
        foes = [s for s in enc.upstage(enc.other(seat.side)) if s.roll is not None]
        options = [(s, d) for s in foes for d in s.roll.dice  # type: ignore[union-attr]
                   if d.sign > 0 and not d.lost and not d.modifier]
        if not options:
            return
        aimed = [o for o in options if aim is not None and o[0].actor is aim]
        target, tdie = max(aimed or options, key=lambda o: o[1].value)
        die.rolls = [roll_face(die.sides, enc.rng)]
        same = target.mactor.role == actor.role
        text = apply(enc, seat, target, tdie, die.rolls[0], same)
        enc.emit(events, "fx", f"{seat.label}'s Role Fx (reroll {die.rolls[0]}): {text}", seat.actor)
        if not die.natural:
            return
        aim = None


def apply(enc: SetTo, seat: MasqueSeat, target: MasqueSeat, tdie: DieRoll, reroll: int, same: bool) -> str:
    role = seat.mactor.role
    roll = seat.roll
    troll = target.roll
    assert roll is not None and troll is not None
    if role == "lancer":
        before = tdie.value
        tdie.rolls = [roll_face(tdie.sides, enc.rng)]
        text = f"{target.label}'s d{tdie.sides} rerolled {before} → {tdie.value}"
        if not same:
            bonus = enc.rng.die(6)
            roll.bonus += bonus
            text += f", +{bonus} to its casting"
        return text
    if role == "curate":
        tdie.adjust -= reroll
        text = f"{target.label}'s d{tdie.sides} loses {reroll} (now {tdie.value})"
        r = troll.raw
        if r <= 0 and not same:
            troll.void = True
            target.immobile = 1 - r
            text += f"; {target.label} counts nothing and is held for {1 - r} bit(s)"
        return text
    if role == "bravo":
        if roll.casting < tdie.value:
            return f"casting {roll.casting} is below {target.label}'s d{tdie.sides} ({tdie.value}): no effect"
        value = tdie.value
        tdie.lost = True
        if same:
            return f"{target.label}'s d{tdie.sides} ({value}) is knocked away"
        taken = DieRoll(tdie.sides, 1, list(tdie.rolls), adjust=tdie.adjust)
        seat.state.setdefault("stolen", []).append(taken)
        enc.stolen = True  # counted this bit only (`SetTo.borrowed`)
        return f"takes {target.label}'s d{tdie.sides} ({value}) for its side"
    # magnus
    value = tdie.value
    if value % 2 == 0:
        tdie.adjust -= 1
        return f"{target.label}'s d{tdie.sides} steps down {value} → {tdie.value}"
    _to_one(tdie)
    text = f"{target.label}'s d{tdie.sides} becomes 1"
    if not same:
        budget = reroll
        more = sorted(((s, d) for s in enc.upstage(target.side) if s.roll is not None
                       for d in s.roll.dice if d is not tdie and d.sides == tdie.sides and d.sign > 0
                       and not d.lost and d.value > 1), key=lambda o: -o[1].value)
        for other, d in more:
            if d.value <= budget:
                budget -= d.value
                _to_one(d)
                text += f"; {other.label}'s d{d.sides} too"
    return text


def _to_one(die: DieRoll) -> None:
    die.adjust = 1 - die.sign * sum(die.rolls)
