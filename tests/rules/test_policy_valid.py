"""A system that declares `policy_valid` has an NPC policy whose every action its `validate` passes
unchanged: that is what lets `Encounter.run` skip the check in a forecast's fights."""

from __future__ import annotations

from typing import Any

import pytest

from solo.dice import Rng
from solo.rules import registry
from solo.rules.engine import Encounter

TRUSTING = [s for s in registry.ids() if registry.get(s).encounter_class.policy_valid]
KINDS: dict[str, list[dict[str, Any]]] = {
    "nine-powers": [{}, {"kind": "social"}, {"kind": "crafting"}, {"initiative": "foes"}],
    "rogue-spire": [{}, {"distance": "apart", "contests": True}, {"nonlethal": True, "master_tokens": 2},
                    {"initiative": "best-die"}],
}


def test_the_systems_that_say_so() -> None:
    assert {"nine-powers", "resistance", "rogue-spire"} <= set(TRUSTING)


@pytest.mark.parametrize("system_id", TRUSTING)
def test_every_policy_action_passes_validation_as_it_is(system_id: str) -> None:
    system = registry.get(system_id)
    pick = Rng(8)
    checked = 0
    for fight in range(48):
        roles, npcs = system.roles(), system.npc_names()
        party = [system.random_character(Rng(fight * 10 + i), role=pick.choice(roles))
                 for i in range(1 + pick.below(3))]
        foes = [system.npc(pick.choice(npcs)) for _ in range(1 + pick.below(3))]
        options = KINDS.get(system_id, [{}])[fight % len(KINDS.get(system_id, [{}]))]
        encounter = Encounter(system, {"party": party, "foes": foes}, Rng(fight), **options)

        def choose(enc: Encounter, actor: Any) -> Any:
            nonlocal checked
            action = system.npc_policy(actor, enc, enc.rng)
            assert enc.validate(enc.seat(actor), action) is action, action
            checked += 1
            return action

        encounter.run(choose=choose)
    assert checked > 200
