"""Nine Powers group actions: the best-rated member's roll decides; each other member who fails
costs that leader 1 from the fitting buffer (the real track once the buffer is empty)."""

from __future__ import annotations

import pytest
from test_nine_powers import pc

from solo.dice import ScriptedRng
from solo.rules import registry


@pytest.fixture(scope="module")
def np():
    return registry.get("nine-powers")


def party():
    ash = pc(melee_protect=2)
    ash.name = "Ash"
    bo, cy = pc(), pc()
    bo.name, cy.name = "Bo", "Cy"
    return ash, bo, cy


def test_the_best_rated_member_leads_and_each_failing_follower_costs_a_buffer_point(np):
    ash, bo, cy = party()
    # Ash (Melee/Protect 2: d4 d6) leads wherever he stands in the group; Bo and Cy roll a d4 each.
    result = np.group_check([bo, ash, cy], None, "medium", ScriptedRng([1, 5, 4, 2]), skill="melee-protect")
    assert result.success and result.detail["leader"] == "Ash" and result.detail["members_failed"] == 1
    assert [e.text for e in result.events] == [
        "Ash: Melee/Protect medium [d4:1 d6:5] succeeds strongly",
        "Bo: Melee/Protect medium [d4:4] fails",
        "Cy: Melee/Protect medium [d4:2] succeeds",
        "Ash loses 1 (the group's stumbles): fortitude 4 → 3.",
    ]
    assert (ash.fortitude, ash.stamina, bo.fortitude, cy.fortitude) == (3, 3, 4, 4)


def test_the_leaders_roll_decides_even_when_the_followers_succeed(np):
    ash, bo, cy = party()
    result = np.group_check([ash, bo, cy], None, "medium", ScriptedRng([3, 4, 1, 1]), skill="melee-protect")
    assert not result.success and result.detail["members_failed"] == 0
    assert ash.fortitude == 4  # nobody stumbled: no cost


def test_stumbles_past_an_empty_buffer_come_off_the_real_track(np):
    ash, bo, cy = party()
    ash.fortitude = 1
    result = np.group_check([ash, bo, cy], None, "tough", ScriptedRng([1, 6, 3, 4]), skill="melee-protect")
    assert result.success and result.detail["members_failed"] == 2
    assert result.events[-1].text == "Ash loses 2 (the group's stumbles): fortitude 1 → 0, stamina 3 → 2."
    assert (ash.fortitude, ash.stamina) == (0, 2)
