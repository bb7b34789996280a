"""The sorcerer's save out of a fight, every ten minutes (seed 002's sorcery rules), and its bad input."""

from __future__ import annotations

import pytest

from solo.campaign import CampaignStore
from solo.dice.rng import ScriptedRng
from solo.rules.action_dice.sorcery import hold_power
from solo.rules.engine import RulesError

from .helpers import SYSTEM, delver


def mage(**fields):
    base = {"menhirs": ["fire", "water"], "max_fatigue": 6}
    return delver("Mage", **{**base, **fields})


def test_thirty_minutes_is_three_saves_and_a_failure_costs_a_fatigue():
    pc = mage(fatigue=3, pool=["fire"], discard=["water"])
    events = hold_power(SYSTEM, pc, 35, "fatigue", ScriptedRng([3, 2, 6]))
    assert [e.text for e in events] == [
        "Mage, minute 10: saves 3 vs fatigue 3: holds the power.",
        "Mage, minute 20: saves 2 vs fatigue 3: fails, and takes a fatigue (4/6).",
        "Mage, minute 30: saves 6 vs fatigue 4: holds the power.",
    ]
    assert (pc.fatigue, pc.pool, pc.discard, pc.lost) == (4, ["fire"], ["water"], [])


def test_with_no_fatigue_free_a_failure_burns_the_pool_and_discard_and_then_nothing_is_at_stake():
    pc = mage(fatigue=6, pool=["fire"], discard=["water"], bag=["fire"])
    events = hold_power(SYSTEM, pc, 30, "fatigue", ScriptedRng([5]))
    assert [e.text for e in events] == [
        "Mage, minute 10: saves 5 vs fatigue 6: fails, and 2 stone(s) burn out until a serious rest.",
        "Mage holds no stones in pool or discard: nothing more to save for.",
    ]
    assert (pc.fatigue, pc.pool, pc.discard, pc.lost, pc.bag) == (6, [], [], ["fire", "water"], ["fire"])


def test_the_player_may_give_up_the_stones_instead_and_lucky_rolls_two():
    pc = mage(fatigue=4, pool=["water"], powers=["lucky"])
    events = hold_power(SYSTEM, pc, 10, "stones", ScriptedRng([1, 3]))
    assert (
        events[0].text == "Mage, minute 10: saves [1, 3] keeps 3 vs fatigue 4: fails, and 1 stone(s) burn out"
        " until a serious rest."
    )
    assert (pc.fatigue, pc.pool, pc.lost) == (4, [], ["water"])


def test_only_a_sorcerer_holds_power_and_ten_minutes_is_the_least():
    with pytest.raises(RulesError, match=r"^Hero is no sorcerer \(no menhir\): there is no power to hold$"):
        hold_power(SYSTEM, delver("Hero"), 10, "fatigue", ScriptedRng([]))
    with pytest.raises(RulesError, match="^minutes: a save falls every 10 minutes; 9 is too short$"):
        hold_power(SYSTEM, mage(pool=["fire"]), 9, "fatigue", ScriptedRng([]))


def test_the_sorcery_move_in_a_campaign_and_a_non_sorcerer_refused_in_one_line(cli, saves_dir):
    assert cli("new", "Warren", "--system", "action-dice", "--seed", "5").code == 0
    for name, role in (("Ysolde", "wizard"), ("Pell", "rogue")):
        made = cli("character", "new", "--campaign", "warren", "--random", "--name", name, "--role", role)
        assert made.code == 0
    before = (saves_dir / "warren.json").read_bytes()
    refused = cli("move", "sorcery", "--campaign", "warren", "--pc", "Pell", "--minutes", "20")
    assert refused.code == 1 and refused.err.count("\n") == 1
    assert "Pell is no sorcerer (no menhir)" in refused.err
    assert (saves_dir / "warren.json").read_bytes() == before
    # a fresh wizard keeps its stone in the bag: nothing waits in the pool or discard pile
    held = cli("move", "sorcery", "--campaign", "warren", "--pc", "Ysolde", "--minutes", "20")
    assert held.code == 0 and "Ysolde holds no stones in pool or discard" in held.out
    journal = [e.text for e in CampaignStore(saves_dir).load("warren").journal]
    assert any("Ysolde holds no stones in pool or discard" in t for t in journal)
