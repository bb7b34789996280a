"""Nine Powers moves between fights: rest, healing, advancement, buying and treasure.

The numbers are the rule text's (RULES.md §2.2, §2.4, §2.5, §2.6):

* ``rest`` - rest somewhere safe: stamina, composure and heroism come back
  to their maximum, and with them the buffers (fortitude, resilience,
  craftiness) a group action wore down.  Wealth does not: only treasure
  restores it.
* ``heal`` - one wound heals (each heals on its own, once the time and care
  the table agreed on are spent); its penalty goes with it.
* ``award`` - an advancement token for a significant accomplishment (an
  important clue used, ally made, place reached, fight won, or great play).
* ``advance`` - raise a skill or talent one step; the new rating is what it
  costs in tokens, and a talent never passes its skill.
* ``buy`` - a wealth check at the difficulty the item's impact sets against
  current wealth (our reading of the missing table: impact below wealth
  easy, equal medium, one above tough, more impossible; impact 0 needs no
  check); success costs 1 wealth.  ``--coins`` pays the impact's price in
  silver instead.
* ``treasure`` - turn treasure of impact exactly wealth + 1 into 1 wealth,
  only below the maximum.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.dice import Rng
from solo.rules.engine import Event, RulesError
from solo.rules.moves import SystemMove, calls
from solo.rules.nine_powers.economy import impact_row
from solo.rules.nine_powers.skills import SKILL_IDS
from solo.rules.options import Option

ACCOMPLISHMENTS = ("clue", "ally", "location", "fight", "great-play")
ACCOMPLISHED = {
    "clue": "used an important clue",
    "ally": "made an important ally",
    "location": "reached an important place",
    "fight": "won an important fight",
    "great-play": "played a great moment",
}


def _heal(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    return system.heal_wound(actor, options["wound"] - 1)


def _award(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    actor.advancement_tokens += 1
    why = ACCOMPLISHED[options["accomplishment"]]
    return [Event("advance", f"{actor.name} {why}: 1 advancement token ({actor.advancement_tokens} held).",
                  actor.name, {"tokens": actor.advancement_tokens})]


def _buy(system: Any, actor: Any, options: Mapping[str, Any], rng: Rng) -> list[Event]:
    item = f" ({options['item']})" if options["item"] else ""
    head = Event("buy", f"{actor.name} shops for something of impact {options['impact']}{item}.", actor.name)
    if not options["coins"]:
        return [head, *system.wealth_check(actor, options["impact"], rng).events]
    price = int(impact_row(system.data, options["impact"])["silver"])
    if actor.coins < price:
        raise RulesError(f"{actor.name} has {actor.coins} silver; impact {options['impact']} costs about"
                         f" {price}")
    actor.coins -= price
    return [head, Event("buy", f"{actor.name} pays {price} silver ({actor.coins} left).", actor.name)]


MOVES = (
    SystemMove("rest", "Rest in safety",
               "stamina, composure, heroism and the buffers come back to full; wealth does not", (),
               calls("rest")),
    SystemMove("heal", "Heal a wound", "one wound heals, and its penalty with it",
               (Option("wound", "int", "which wound, counting from 1 in the sheet's order", default=1,
                       minimum=1),), _heal),
    SystemMove("award", "Earn an advancement token", "1 token for a significant accomplishment",
               (Option("accomplishment", "choice", "what was accomplished", choices=ACCOMPLISHMENTS),),
               _award),
    SystemMove("advance", "Spend advancement tokens",
               "raise a skill (or its talent) one step, paying the new rating in tokens",
               (Option("skill", "choice", "the skill to raise", choices=SKILL_IDS),
                Option("talent", "flag", "raise the skill's talent instead", default=False)),
               calls("advance", "skill", "talent")),
    SystemMove("buy", "Buy something",
               "a wealth check set by the item's impact (success costs 1 wealth), or pay in coins",
               (Option("impact", "int", "the item's impact, 0-8", minimum=0, maximum=8),
                Option("coins", "flag", "pay the price in silver instead of a wealth check", default=False),
                Option("item", "text", "what is bought, for the journal", default="")), _buy),
    SystemMove("treasure", "Turn treasure into wealth",
               "treasure of impact exactly wealth + 1 raises wealth by 1 (below its maximum)",
               (Option("impact", "int", "the treasure's impact", minimum=0, maximum=8),),
               calls("restore_wealth", "impact")),
)
