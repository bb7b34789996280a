"""The RNG: seedable, its whole state saved and restored as plain data."""

import json

import pytest

from solo.dice import Rng, ScriptedRng, roll
from solo.errors import SoloError


def test_state_round_trip_through_json_replays_exactly():
    rng = Rng(123)
    for _ in range(50):
        rng.die(6)
    saved = json.loads(json.dumps(rng.get_state()))
    ahead = [roll("3d6", rng).total for _ in range(30)]
    restored = Rng.from_state(saved)
    assert [roll("3d6", restored).total for _ in range(30)] == ahead
    assert restored.seed == 123


def test_copy_is_independent():
    rng = Rng(5)
    twin = rng.copy()
    assert [rng.die(20) for _ in range(10)] == [twin.die(20) for _ in range(10)]
    rng.die(20)
    assert rng.get_state() != twin.get_state()


def test_damaged_state_is_a_clear_error():
    with pytest.raises(SoloError, match="random generator state is damaged"):
        Rng.from_state({"version": 3, "internal": "nonsense"})
    # Numbers the generator cannot hold (a hand-edited save) are damage too, not a crash.
    for bad in (-1, 2**64):
        state = Rng(1).get_state()
        state["internal"][0] = bad
        with pytest.raises(SoloError, match="random generator state is damaged"):
            Rng.from_state(state)


def test_unseeded_rngs_differ():
    assert [Rng().die(1000) for _ in range(5)] != [Rng().die(1000) for _ in range(5)]


def test_weighted_index_follows_weights():
    rng = Rng(8)
    counts = [0, 0, 0]
    for _ in range(6000):
        counts[rng.weighted_index([1, 0, 2])] += 1
    assert counts[1] == 0
    assert 1800 < counts[0] < 2200 and 3800 < counts[2] < 4200


def test_scripted_rng_replays_and_complains():
    rng = ScriptedRng([3, 6])
    assert rng.die(4) == 3
    with pytest.raises(SoloError, match="scripted die #2 is 6, which a d4 cannot roll"):
        rng.die(4)
    assert rng.die(6) == 6
    with pytest.raises(SoloError, match="ran out after 2 rolls"):
        rng.die(6)
