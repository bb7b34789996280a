"""A forecast's exact counts for fixed seeds, pinned before the forecast was made faster.

Speed work on the engine, the systems and the dice must not change a single
result: the same seed gives the same fights, so the same counts to the unit.
The numbers below were taken from the code before any of that work.
"""

from __future__ import annotations

import pytest

from solo.dice import Rng
from solo.rules import registry
from solo.rules.forecast import forecast

PINNED = {
    "nine-powers": (
        "sellsword", ["bandit", "bandit"],
        (196, 0, 1004, 7584), {"fortitude": 4782, "stamina": 4414},
        {"Corvel": {"defeated": 1004, "fighting": 196}},
    ),
    "resistance": (
        "knight", ["bandit", "goblin"],
        (1153, 0, 47, 4447), {"minor": 44, "moderate": 69, "severe": 35, "soaked": 4311, "stress": 5807},
        {"Marten": {"fighting": 1153, "taken out": 47}},
    ),
}


@pytest.mark.parametrize("system_id", sorted(PINNED))
@pytest.mark.parametrize("workers", [1, 2])
def test_forecast_counts_for_a_seed_are_pinned(system_id: str, workers: int) -> None:
    role, foe_ids, counts, harm, statuses = PINNED[system_id]
    system = registry.get(system_id)
    pc = system.random_character(Rng(7), role=role)
    result = forecast(system, [pc], [system.npc(f) for f in foe_ids], 1200, Rng(11), workers=workers)
    assert (result.wins, result.draws, result.losses, result.rounds) == counts
    assert result.harm == harm
    assert result.statuses == statuses


PARTIES = {
    "nine-powers": (
        ["thief", "scholar"], ["bandit", "bandit"],
        (209, 53, 338, 4477), {"fortitude": 4397, "stamina": 1972},
        {"Roake": {"fighting": 29, "defeated": 571}, "Zell": {"fighting": 209, "defeated": 391}},
    ),
    "resistance": (
        ["guide", "preacher"], ["bandit", "goblin"],
        (575, 0, 25, 1853), {"minor": 84, "moderate": 189, "severe": 105, "soaked": 2174, "stress": 6000},
        {"Roake": {"fighting": 565, "taken out": 35}, "Dunya": {"fighting": 486, "taken out": 114}},
    ),
}


@pytest.mark.parametrize("system_id", sorted(PARTIES))
def test_party_of_two_forecast_is_pinned(system_id: str) -> None:
    roles, foe_ids, counts, harm, statuses = PARTIES[system_id]
    system = registry.get(system_id)
    party = [system.random_character(Rng(3 + i), role=r) for i, r in enumerate(roles)]
    result = forecast(system, party, [system.npc(f) for f in foe_ids], 600, Rng(5), workers=1)
    assert (result.wins, result.draws, result.losses, result.rounds) == counts
    assert result.harm == harm
    assert result.statuses == statuses


def test_a_die_draws_what_randint_draws() -> None:
    import random

    rng, plain = Rng(99), random.Random(99)
    for sides in (2, 4, 6, 8, 10, 12, 20, 100) * 50:
        assert rng.die(sides) == plain.randint(1, sides)
    with pytest.raises(ValueError):
        rng.die(0)


@pytest.mark.parametrize("system_id", sorted(PINNED))
def test_a_copy_has_every_field_and_no_shared_container(system_id: str) -> None:
    from dataclasses import fields

    system = registry.get(system_id)
    actors = [system.random_character(Rng(i), role=r) for i, r in enumerate(system.roles())]
    actors += [system.npc(n) for n in system.npc_names()]
    for actor in actors:
        copy = actor.copy()
        assert type(copy) is type(actor) and copy == actor
        for f in fields(actor):
            value = getattr(actor, f.name)
            assert getattr(copy, f.name) == value, f.name
            if isinstance(value, (list, dict)):
                assert getattr(copy, f.name) is not value, f"{f.name} is shared"


def test_a_handful_of_dice_draws_what_one_die_at_a_time_draws() -> None:
    pools = [(4, 6, 8), (10,) * 5, (1, 2, 3, 12, 20), (100,)] * 40
    one, many = Rng(5), Rng(5)
    for pool in pools:
        assert many.dice(pool) == [one.die(s) for s in pool]


def test_dice_go_through_an_overridden_die() -> None:
    from solo.dice.rng import ScriptedRng

    assert ScriptedRng([3, 1, 4]).dice((4, 6, 8)) == [3, 1, 4]
    rng = Rng(1)
    rng.die = lambda sides: sides  # type: ignore[method-assign]
    assert rng.dice((4, 6)) == [4, 6]


# Bigger parties against three foes, other NPCs, other contests; counts taken from the code before
# the forecast was made faster (main at 33ddb94), workers=1.
MIXES = [
    ("nine-powers", ["thief", "scout", "warden"], ["mook", "mook", "captain"], 3, {},
     (773, 0, 27, 6225), {"fortitude": 5689, "stamina": 2445},
     {"Roake": {"defeated": 677, "fighting": 123}, "Ilse": {"defeated": 232, "fighting": 568},
      "Ammet": {"defeated": 27, "fighting": 773}}),
    ("nine-powers", ["courtier", "muse"], ["spy", "priest", "scoundrel"], 4, {"kind": "social"},
     (1, 0, 799, 3613), {"composure": 4798, "resilience": 6400},
     {"Ilse": {"defeated": 800}, "Nell": {"defeated": 799, "fighting": 1}}),
    ("resistance", ["preacher", "relic-hunter", "sutler"], ["raider", "raider", "sergeant"], 3, {},
     (313, 0, 487, 5400), {"minor": 510, "moderate": 1506, "severe": 1483, "soaked": 3964, "stress": 32017},
     {"Dunya": {"fighting": 188, "taken out": 612}, "Lisbet": {"fighting": 202, "taken out": 598},
      "Roake": {"fighting": 159, "taken out": 641}}),
    ("resistance", ["guide", "inquisitor"], ["werewolf", "ghoul", "pit-hound"], 2, {},
     (186, 0, 614, 4503), {"minor": 229, "moderate": 888, "severe": 1112, "soaked": 3143, "stress": 22740},
     {"Corvel": {"fighting": 147, "taken out": 653}, "Roake": {"fighting": 105, "taken out": 695}}),
]


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: f"{m[0]}-{'-'.join(m[1])}")
def test_bigger_parties_against_three_foes_are_pinned(mix: tuple) -> None:
    system_id, roles, foe_ids, seed, options, counts, harm, statuses = mix
    system = registry.get(system_id)
    party = [system.random_character(Rng(seed + i), role=r) for i, r in enumerate(roles)]
    result = forecast(system, party, [system.npc(f) for f in foe_ids], 800, Rng(seed), workers=1, **options)
    assert (result.wins, result.draws, result.losses, result.rounds) == counts
    assert result.harm == harm
    assert result.statuses == statuses
