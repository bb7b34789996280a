"""Resistance Toolbox moves between fights: laying low, recovering, refreshing, bonds and buying.

The numbers are the Toolbox's (RULES.md §4.4, §4.6.4, §4.6.5):

* ``lay-low`` - clear all stress (tracks, extra slots, armour); the plot
  moves on without the character, so the journal says so.
* ``recover`` - act to recover one resistance (borrow money, see a doctor):
  d3 / d6 / d8 stress off it for a small / moderate / great effort.
* ``refresh`` - live up to the refresh condition: d3 / d6 / d8 stress off,
  by how fully and dramatically, from the most stressed resistances.
* ``favour`` - ask an NPC bond for a favour.  The bond rolls 1d10, +1d10
  within its expertise, +1d10 on its home ground (mastery when the favour
  acts against someone of a lower level); if the roll brings stress, the
  favour's price (1, d3, d6 or d8) lands on the bond's own track.
* ``return-favour`` - do the bond a good turn: d3 / d6 / d8 bond stress
  clears, bigger turns clearing more.
* ``buy`` - a purchase: minor d3, moderate d6, expensive d8, rolled with a
  skill or domain that helps; failure marks the price on the resources
  resistance, a 6-7 marks one die size less.
* ``end-session`` - every bond that took stress this session rolls for
  fallout.

The Toolbox leaves advancement to each game's designer (RULES.md §4.8 item
5), so there is no advancement move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.dice import Rng
from solo.rules.engine import Event
from solo.rules.moves import SystemMove, calls
from solo.rules.options import Option
from solo.rules.resistance.dice import stress_from

EFFORTS = ("minor", "moderate", "major")
FAVOURS = ("1", "d3", "d6", "d8")


def _favour(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    result = system.call_favour(actor, options["bond"], options["favour"], rng,
                                expertise=options["expertise"], home=options["home"],
                                against=options["against"] or None)
    return list(result.events)


def _buy(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    """A presence check at difficulty 0 to avoid harm: the price is the stress at stake, on the resistance
    that takes resources harm (a 6-7 marks one die size less)."""
    setting = system.setting_for(actor.setting)
    item = f" ({options['item']})" if options["item"] else ""
    head = Event("buy", f"{actor.name} buys something {options['price']}{item}.", actor.name)
    result = system.check(actor, "presence", 0, rng, skill=options["skill"] or None,
                          domain=options["domain"] or None, stress=stress_from(options["price"]),
                          resistance=setting.for_harm("resources"), defensive=True)
    return [head, *result.events]


def _end_session(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    events = system.end_session(actor, rng)
    return events or [Event("bond", f"No bond of {actor.name}'s took stress this session.", actor.name)]


EFFORT = Option("effort", "choice", "how much it took: minor d3, moderate d6, major d8", choices=EFFORTS,
                default="moderate")
BOND = Option("bond", "text", "the bond, by name")

MOVES = (
    SystemMove("lay-low", "Lay low", "clear all stress; the world moves on without you", (),
               calls("lay_low")),
    SystemMove("recover", "Act to recover", "work on one resistance: d3, d6 or d8 stress off it",
               (Option("resistance", "text", "the resistance to recover (BODY, GOLD...)"), EFFORT),
               calls("act_to_recover", "resistance", "effort", rng=True)),
    SystemMove("refresh", "Refresh", "live up to your refresh condition: d3, d6 or d8 stress off",
               (EFFORT,), calls("refresh", "effort", rng=True)),
    SystemMove("favour", "Call in a favour", "an NPC bond takes a risk for you; its stress is its own",
               (BOND,
                Option("favour", "choice", "the favour's price: 1 (advice), d3, d6, d8 (betrayal)",
                       choices=FAVOURS),
                Option("expertise", "flag", "it is within the bond's expertise (+1d10)", default=False),
                Option("home", "flag", "it is on the bond's home ground (+1d10)", default=False),
                Option("against", "text", "the level of whoever it acts against, if anyone", default="")),
               _favour),
    SystemMove("return-favour", "Return a favour", "do a bond a good turn: d3, d6 or d8 bond stress clears",
               (BOND, EFFORT), calls("return_favour", "bond", "effort", rng=True)),
    SystemMove("buy", "Buy something", "a purchase priced in stress: minor d3, moderate d6, expensive d8",
               (Option("price", "choice", "how dear it is", choices=EFFORTS),
                Option("skill", "text", "a skill that helps, if any", default=""),
                Option("domain", "text", "a domain that helps, if any", default=""),
                Option("item", "text", "what is bought, for the journal", default="")), _buy),
    SystemMove("end-session", "End the session", "every bond that took stress rolls for fallout", (),
               _end_session),
)
