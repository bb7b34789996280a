"""Rogue Spire forecasts of whole parties: exact counts for fixed seeds, pinned before the fights were
made cheaper.

Speed work on the policy, the attack planning and the actor copies must not
change a single fight: the same seed draws the same dice in the same order
and every creature makes the same choices, so the counts match to the unit.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

from solo.dice import Rng
from solo.rules import registry
from solo.rules.forecast import forecast

CASES = {
    "three PCs against five foes": (
        [("Aska", "fighter"), ("Brin", "sneak"), ("Cato", "caster")],
        ["orc-raider", "goblin-cutthroat", "goblin-cutthroat", "bandit-sergeant", "hill-ogre"],
        {},
        (161, 0, 239, 1367),
        {"exhausted": 542, "injured": 4166},
        {
            "Aska": {"on death's door": 399, "fighting": 1},
            "Brin": {"on death's door": 339, "fighting": 61},
            "Cato": {"on death's door": 239, "fighting": 161},
        },
    ),
    "two PCs, contests, starting apart": (
        [("Dara", "talker"), ("Eben", "fighter")],
        ["dire-wolf", "marsh-ghoul"],
        {"contests": True, "distance": "apart"},
        (400, 0, 0, 913),
        {"injured": 955, "exhausted": 324},
        {"Dara": {"on death's door": 65, "fighting": 335}, "Eben": {"fighting": 364, "on death's door": 36}},
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_party_forecast_is_pinned(case: str) -> None:
    members, foe_ids, options, counts, harm, statuses = CASES[case]
    system = registry.get("rogue-spire")
    party = [system.random_character(Rng(3 + i), role=r, name=n) for i, (n, r) in enumerate(members)]
    foes = [system.npc(f) for f in foe_ids]
    before = [a.to_dict() for a in party + foes]
    result = forecast(system, party, foes, 400, Rng(5), workers=1, **options)
    assert (result.wins, result.draws, result.losses, result.rounds) == counts
    assert result.harm == harm
    assert result.statuses == statuses
    assert [a.to_dict() for a in party + foes] == before  # the fights were played on copies


def test_a_copy_shares_no_container_with_its_original() -> None:
    system = registry.get("rogue-spire")
    actors = [system.random_character(Rng(i), role=r) for i, r in enumerate(system.roles())]
    actors += [system.npc(n) for n in system.npc_names()]
    for actor in actors:
        copy = actor.copy()
        assert type(copy) is type(actor) and copy == actor and copy.to_dict() == actor.to_dict()
        for f in fields(actor):
            value = getattr(actor, f.name)
            if isinstance(value, (list, dict)):
                assert getattr(copy, f.name) is not value, f"{f.name} is shared"
        for mine, theirs in zip(copy.dice + copy.weapons, actor.dice + actor.weapons, strict=True):
            assert mine is not theirs
        for w_copy, w in zip(copy.weapons, actor.weapons, strict=True):
            assert w_copy["qualities"] is not w["qualities"]
        if actor.armour:
            assert copy.armour is not actor.armour and copy.armour["values"] is not actor.armour["values"]
        copy.dice[1]["exhausted"] = not actor.dice[1]["exhausted"]
        assert copy.dice[1] != actor.dice[1]


def test_what_a_fight_keeps_of_a_sheet_follows_the_sheet_from_fight_to_fight() -> None:
    from solo.dice import ScriptedRng
    from solo.rules.engine import Encounter
    from solo.rules.rogue_spire.build import new_die
    from solo.rules.rogue_spire.character import SpireActor

    system = registry.get("rogue-spire")
    sword = {"name": "sword", "power": 1, "bypass": 0, "range": "long", "ranged": False, "qualities": []}
    traits = [{"name": "Athletic", "kind": "ability", "expertise": ""}] * 2
    attacker = SpireActor("Attacker", dice=[new_die(4), new_die(8)], traits=traits, weapons=[sword])
    defender = SpireActor("Defender", kind="npc", dice=[new_die(4), new_die(6)], traits=traits)

    def plan() -> dict:
        fight = Encounter(system, {"party": [attacker], "foes": [defender]}, ScriptedRng([4, 1]))
        return fight.plan(fight.seats[0], fight.seats[1], 8, social=False)

    assert (plan()["modifier"], plan()["rolled"]) == (1, 10)
    attacker.weapons[0]["power"] = 0  # the same creatures, their sheets changed between fights
    defender.armour = {"name": "coat", "values": [0, 2, 2], "qualities": ["guard"]}
    # Armor 2 and Guard 1 on its one skill die: m = -3 steps the D8 to a D4, the step past it the D6 up
    assert (plan()["defense"], plan()["modifier"], plan()["rolled"], plan()["against"]) == (3, -3, 4, 8)
    defender.dice[1]["die"] = "d10"
    assert (plan()["against"], plan()["td"]) == (12, 6)
