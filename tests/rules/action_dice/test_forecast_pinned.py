"""Action-dice forecasts of whole parties, their exact counts pinned before the fights were made faster.

The same seed must give the same fights to the die: every count below was
taken from the code before the speed work on the stack, the policy and the
seats (main at the time), and must not move by one.  The parties cover the
powers and weapons the policy reads (TRIP, RIPOSTE, TUMBLE, EXERT, Powerful,
a spell, heavy hitting; shield, bow, two-handed, two weapons); the foes bring
archers, a sorcerer and a boss; one fight starts far.
"""

from __future__ import annotations

import pytest

from solo.dice import Rng
from solo.rules import registry
from solo.rules.forecast import forecast

FOES = ["goblin-archer", "orc", "cult-magus", "goblin", "goblin-boss"]
FOUR = ["fighter", "rogue", "wizard", "fighter"]

PINNED = {
    # party seed: (roles, foes, start, (wins, draws, losses, rounds), harm, each member's end states)
    40: (
        FOUR, FOES, "near", (97, 0, 203, 1777), {"wounds": 2637, "fatigue": 3178, "deaths": 965},
        {"Osric": {"dead": 271, "fighting": 29}, "Marten": {"fighting": 94, "dead": 206},
         "Ulric": {"fighting": 63, "dead": 237}, "Brisca": {"fighting": 49, "dead": 251}},
    ),
    52: (
        FOUR, FOES, "near", (69, 0, 231, 2151), {"wounds": 2679, "fatigue": 2866, "deaths": 1031},
        {"Ilse": {"fighting": 36, "dead": 264}, "Tamsin": {"dead": 260, "fighting": 40},
         "Elowen": {"fighting": 25, "dead": 275}, "Corvel": {"fighting": 68, "dead": 232}},
    ),
    55: (
        ["wizard", "rogue", "fighter"], ["goblin-archer", "goblin-archer", "orc-soldier"], "far",
        (219, 0, 81, 2561), {"fatigue": 2598, "wounds": 1099, "deaths": 472},
        {"Corvel": {"dead": 255, "fighting": 45}, "Cress": {"dead": 125, "fighting": 175},
         "Brisca": {"fighting": 208, "dead": 92}},
    ),
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_party_forecast_counts_are_pinned(seed: int) -> None:
    roles, foes, start, counts, harm, statuses = PINNED[seed]
    system = registry.get("action-dice")
    party = [system.random_character(Rng(seed + i), role=role) for i, role in enumerate(roles)]
    result = forecast(system, party, [system.npc(f) for f in foes], 300, Rng(9), workers=1, start=start)
    assert (result.wins, result.draws, result.losses, result.rounds) == counts
    assert result.harm == harm
    assert result.statuses == statuses
