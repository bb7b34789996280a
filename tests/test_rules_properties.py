"""Properties that must hold whatever the dice do."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.dice import Rng, ScriptedRng
from solo.rules import Encounter, registry
from solo.rules.nine_powers.character import BUFFERS, REALS
from solo.rules.resistance import ResistancePC
from solo.rules.resistance.dice import dice_after, roll_pool
from solo.rules.resistance.stress import REMOVED, severity

NP = registry.get("nine-powers")
RT = registry.get("resistance")
FOES = ["bandit", "goblin", "zombie", "ogre", "wolf", "guard", "cave-bear", "giant-rat", "thug"]
RT_FOES = ["goblin", "bandit", "police-officer", "werewolf", "ghoul", "raider", "sergeant"]


def tracks_in_range(actor) -> bool:
    return all(0 <= getattr(actor, t) <= getattr(actor, f"{t}_max") for t in BUFFERS + REALS + ("heroism",))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["harm", "recover"]),
            st.sampled_from(["body", "mind", "resources"]),
            st.sampled_from(["minor", "moderate", "major"]),
        ),
        max_size=25,
    ),
    st.integers(0, 10_000),
)
def test_nine_powers_tracks_stay_between_zero_and_maximum(steps, seed):
    actor = NP.random_character(Rng(seed))
    for what, kind, size in steps:
        getattr(NP, what)(actor, kind, size, Rng(seed))
        assert tracks_in_range(actor)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.lists(st.sampled_from(FOES), min_size=1, max_size=3),
    st.sampled_from(["physical", "social", "crafting"]),
)
def test_buffers_refill_after_every_contest_and_tracks_never_go_negative(seed, foe_names, kind):
    pc = NP.random_character(Rng(seed))
    foes = [NP.npc(n) for n in foe_names]
    contest = Encounter(NP, {"party": [pc], "foes": foes}, Rng(seed), kind=kind, max_rounds=30)
    contest.play()
    assert contest.is_over()
    for actor in [pc, *foes]:
        assert (actor.fortitude, actor.resilience, actor.craftiness) == (
            actor.fortitude_max,
            actor.resilience_max,
            actor.craftiness_max,
        )
        assert tracks_in_range(actor)


@given(st.integers(1, 8), st.integers(0, 6), st.booleans(), st.integers(0, 2**32))
def test_a_resistance_pool_never_rolls_fewer_than_one_die(pool, difficulty, at_zero, seed):
    count, drops = dice_after(pool, difficulty, at_zero)
    assert count >= 1 and drops >= 0
    assert count == max(1, pool - difficulty)
    result = roll_pool(count, drops, Rng(seed))
    assert len(result.dice) == count and 0 <= result.band <= 4


@settings(max_examples=80, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["body", "faith", "gold", "soul"]), st.integers(0, 12), min_size=4, max_size=4
    ),
    st.sampled_from(["body", "faith", "gold", "soul"]),
    st.integers(1, 8),
    st.integers(1, 10),
)
def test_fallout_removes_three_five_or_seven(stress, resistance, amount, roll):
    pc = ResistancePC(name="P", stress=dict(stress))
    before = pc.total_stress() + amount
    RT.take_stress(pc, amount, resistance, ScriptedRng([roll]))
    if roll < before:
        level = severity(before)
        assert pc.fallout and pc.fallout[-1]["severity"] == level
        assert pc.total_stress() == before - min(REMOVED[level], before)
    else:
        assert not pc.fallout and pc.total_stress() == before
    assert all(v >= 0 for v in pc.stress.values())


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 10_000),
    st.lists(st.sampled_from(RT_FOES), min_size=1, max_size=3),
    st.sampled_from(["close", "far"]),
)
def test_resistance_conflicts_end_and_clear_armour(seed, foe_names, distance):
    pc = RT.random_character(Rng(seed))
    foes = [RT.npc(n) for n in foe_names]
    conflict = Encounter(RT, {"party": [pc], "foes": foes}, Rng(seed), distance=distance, max_rounds=40)
    conflict.play()
    assert conflict.is_over() and pc.armour_stress == 0
    assert all(v >= 0 for v in pc.stress.values())
    assert all(f.armour_stress == 0 for f in foes)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_round_trip_is_exact_for_random_characters(seed):
    for system in (NP, RT):
        actor = system.random_character(Rng(seed))
        assert system.actor_from_dict(actor.to_dict()) == actor
        assert actor.copy() == actor and actor.copy() is not actor
