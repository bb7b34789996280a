"""`System.resources`: the one line of a character's running tracks the TUI's side panel shows."""

from solo.dice import Rng
from solo.rules import registry


def test_nine_powers_buffers_tracks_and_heroism():
    system = registry.get("nine-powers")
    vroy = system.random_character(Rng(3), name="Vroy")
    assert system.resources(vroy) == ("Fortitude 4/4 · Resilience 4/4 · Craftiness 4/4 · Stamina 1/1"
                                      " · Composure 2/2 · Wealth 3/3 · Heroism 5/5")
    system.harm(vroy, "body", "moderate")
    assert system.resources(vroy).startswith("Fortitude 2/4 ·")


def test_resistance_stress_and_armour():
    system = registry.get("resistance")
    vroy = system.random_character(Rng(3), name="Vroy")
    assert system.resources(vroy) == "Stress BODY 0 FAITH 0 GOLD 0 SOUL 0 · armour 0/2 marked"
    assert system.resources(system.npc("goblin")) == "stress 0/3"
