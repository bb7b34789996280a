"""Personality in play and haggling: the Rogue Spire's social numbers outside a fight.

* Encouraged (1.2): acting with one's personality types at a hard choice
  gives a story token that lasts until the next good night's rest
  (`encouraged` counts those still held; the rest takes them back, as many
  as are left).
* Discouraged (1.2): when events go against one's types the player may
  strain a skill die not yet strained (the lowest, unless one is named) for
  two story tokens usable only against the source of the discouragement
  (the player honours that); they go when a rest clears that die's strain.
* Haggling (1.3 item 10): a contest of the buyer's die (a skilled action
  for a Charismatic or Deceptive character: the highest skill die; else the
  vitality die) against the merchant's die: TD half its sides.  The roll
  modifier is ``Bypass - max(0, Mind - Bypass)`` as in any social roll,
  with the merchant's Mind defense and the attitude shifts of table 1.9.9,
  less (the cost ranks the offer stands below the asking price - 1) [SR: a
  bigger discount is harder; one rank down is the ordinary bargain].  A
  success, or a tie taken as Success BUT, buys at the offer; a failure
  buys nothing.  Haggling is done in free time: no die is spent, no XP.
"""

from __future__ import annotations

from solo.dice import Rng
from solo.rules.engine import Event, RulesError
from solo.rules.rogue_spire.character import SpireActor
from solo.rules.rogue_spire.dice import parse_die, roll, roll_modifier, shift, td_of

RANKS = (0, 1, 2, 4, 8, 16, 32)  # the wealth chart (1.9.15)
MIND_SHIFT = {"hostile": 2, "unfriendly": 1}
BYPASS_SHIFT = {"friendly": 1, "loyal": 2}
TALKERS = ("Charismatic", "Deceptive")


def encouraged(a: SpireActor) -> list[Event]:
    a.tokens += 1
    a.encouraged += 1
    return [
        Event(
            "token",
            f"{a.name} acts true to type: a story token until the next good night's rest ({a.tokens} held).",
            a.name,
            {"tokens": a.tokens},
        )
    ]


def discouraged(a: SpireActor, sides: int | None) -> list[Event]:
    if a.discouraged:
        raise RulesError(f"{a.name} is already discouraged; a rest must clear that strain first")
    free = [i for i in a.skill_indices if not a.dice[i]["strained"] and not a.dice[i]["injured"]]
    if sides is not None:
        free = [i for i in free if a.sides(i) == sides]
    if not free:
        which = f"D{sides}" if sides else "skill die"
        raise RulesError(f"option --die: {a.name} has no {which} that is not strained already")
    index = min(free, key=lambda i: (a.sides(i), i))
    a.dice[index]["strained"] = True
    a.tokens += 2
    a.discouraged, a.discouraged_die = 2, index
    return [
        Event(
            "token",
            f"{a.name} is discouraged: {a.dice[index]['die'].upper()} strained, two story tokens to use"
            f" against the cause ({a.tokens} held).",
            a.name,
            {"die": index, "tokens": a.tokens},
        )
    ]


def after_night_rest(a: SpireActor, cleared: int | None) -> list[Event]:
    """Tokens that last only until a rest (encouraged) or until their strain is cleared (discouraged)."""
    events = []
    lost = min(a.tokens, a.encouraged)
    if lost:
        a.tokens -= lost
        events.append(Event("token", f"{a.name}'s encouragement fades: {lost} story token(s) gone.", a.name))
    a.encouraged = 0
    if a.discouraged and cleared == a.discouraged_die:
        gone = min(a.tokens, a.discouraged)
        a.tokens -= gone
        a.discouraged, a.discouraged_die = 0, -1
        events.append(Event("token", f"{a.name}'s discouragement lifts: {gone} story token(s) gone.", a.name))
    return events


def rank(wealth: int, what: str) -> int:
    if wealth not in RANKS:
        raise RulesError(f"{what} must be on the wealth chart ({', '.join(map(str, RANKS))}), not {wealth}")
    return RANKS.index(wealth)


def haggle(
    a: SpireActor,
    price: int,
    offer: int,
    merchant: str,
    mind: int,
    attitude: str,
    approach_skilled: bool,
    rng: Rng,
) -> list[Event]:
    ranks = rank(price, "option --price") - rank(offer, "option --offer")
    if ranks < 1:
        raise RulesError("option --offer must be below the asking --price on the wealth chart")
    if offer > a.wealth:
        raise RulesError(f"option --offer: {a.name} has {a.wealth} wealth, not {offer}")
    their = parse_die(merchant, "option --merchant-die")
    skilled = approach_skilled or any(t["name"] in TALKERS for t in a.traits)
    index = max(a.skill_indices, key=lambda i: (a.sides(i), -i)) if skilled else 0
    m = roll_modifier(0, BYPASS_SHIFT.get(attitude, 0), mind + MIND_SHIFT.get(attitude, 0)) - (ranks - 1)
    shifted = shift(a.sides(index), m, their)
    assert shifted.defence is not None
    td = td_of(shifted.defence)
    result = roll(shifted.attack, td, rng, free=True)
    bought = result.band != "failure"
    if bought:
        a.wealth -= offer
    step = f" stepped to D{shifted.attack}" if shifted.attack != a.sides(index) else ""
    text = (
        f"{a.name} haggles ({'skilled' if skilled else 'unskilled'}): D{a.sides(index)}{step} (m {m:+d})"
        f" against the merchant's D{shifted.defence} TD {td}, {result.text()} - "
        + (f"bought for {offer} instead of {price} ({a.wealth} left)." if bought else "no bargain.")
    )
    return [Event("haggle", text, a.name, {"bought": bought, "faces": result.faces, "td": td, "modifier": m})]
