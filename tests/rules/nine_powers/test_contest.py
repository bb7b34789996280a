"""Nine Powers skill contests, replaying the rule text's worked examples die by die."""

from __future__ import annotations

import pytest

from solo.dice import Rng, ScriptedRng
from solo.rules import Action, Encounter, registry
from solo.rules.engine import RulesError
from solo.rules.nine_powers import Contest, NinePowersActor
from solo.rules.nine_powers.contest import armor_difficulty
from solo.rules.nine_powers.skills import SKILL_IDS, skill_id


@pytest.fixture(scope="module")
def np():
    return registry.get("nine-powers")


def person(
    name: str, kind: str = "pc", stamina: int = 3, composure: int = 3, **skills: int
) -> NinePowersActor:
    ratings = {s: 1 for s in SKILL_IDS}
    ratings.update({skill_id(k.replace("_", "-")): v for k, v in skills.items()})
    return NinePowersActor(
        name=name,
        kind=kind,
        skills=ratings,
        stamina=stamina,
        stamina_max=stamina,
        composure=composure,
        composure_max=composure,
        wealth=2,
        wealth_max=2,
    )


def act(encounter: Contest, actor, kind: str, target=None, skill=None, difficulty=None, **options):
    return encounter.apply(Action(actor, kind, target, skill, difficulty, options or None))


def test_armour_check_difficulty_table():
    assert armor_difficulty(shield=False, two_handed=False) == "medium"
    assert armor_difficulty(shield=False, two_handed=True) == "tough"
    assert armor_difficulty(shield=True, two_handed=False) == "easy"
    assert armor_difficulty(shield=True, two_handed=True) == "medium"


def test_vroy_fast_talks_the_castle_guard(np):
    """NP-10, with the digest's correction: 3 damage empties 3 resilience and no more."""
    vroy = person("Vroy", bargain_wonder=2)
    guard = np.npc("castle-guard")
    assert guard.skills["bargain-wonder"] == 2
    rng = ScriptedRng(
        [
            4,
            3,
            2,
            5,  # round 1: Vroy easy [4, 3], guard medium [2, 5]
            3,
            4,
            1,
            6,
        ]
    )  # round 2: guard first (more damage) fails, Vroy tough rolls a 1
    contest = Encounter(
        np,
        {"vroy": [vroy], "castle": [guard]},
        rng,
        kind="social",
        initiative="vroy",
        same_skill="more-damage-first",
    )
    act(contest, vroy, "attack", guard, "bargain-wonder", "easy")
    act(contest, guard, "attack", vroy, "bargain-wonder", "medium")
    assert (guard.resilience, vroy.resilience) == (3, 2)
    composure = guard.composure
    events = act(contest, vroy, "attack", guard, "bargain-wonder", "tough") + act(
        contest, guard, "attack", vroy, "bargain-wonder", "medium"
    )
    order = [e.actor for e in events if e.kind in ("hit", "miss")]
    assert order == ["Castle Guard", "Vroy"]  # the guard dealt more damage, so it went first
    assert guard.resilience == 0 and guard.composure == composure  # not "and his composure by 1"
    assert contest.harm_taken(guard) == {"resilience": 4}
    contest.end()  # the GM calls it: both get their resilience back at once
    assert (guard.resilience, vroy.resilience) == (4, 4) and contest.is_over() and contest.winner is None


def test_same_skill_is_simultaneous_by_default_and_can_draw(np):
    a, b = person("Ann", stamina=1, melee_protect=2), person("Bo", stamina=1, melee_protect=2)
    a.fortitude = b.fortitude = 0
    contest = Encounter(np, {"a": [a], "b": [b]}, ScriptedRng([2, 5, 1, 6]), wounds=False)
    act(contest, a, "attack", b, "melee-protect", "medium")
    events = act(contest, b, "attack", a, "melee-protect", "medium")
    assert [e.kind for e in events].count("defeat") == 2
    assert contest.is_over() and contest.winner is None and contest.result_for("a") == "draw"


def test_vroy_against_the_zombie(np):
    """NP-11: an armour check that holds, then two 1s that go straight through."""
    vroy = person("Vroy", melee_protect=4)
    vroy.shield, vroy.two_handed, vroy.armor = True, False, 2
    zombie = np.npc("zombie")
    assert (zombie.armor, zombie.skills["melee-protect"], zombie.shield) == (2, 3, False)
    rng = ScriptedRng(
        [
            2,
            3,
            5,
            7,  # Vroy medium: lowest 2, no 1s -> 2 damage, nothing bypasses
            2,
            4,  # zombie's medium armour check (one-handed attacker, no shield): holds
            3,
            4,
            5,  # zombie medium: lowest 3 fails
            1,
            1,
            2,
            5,  # round 2, Vroy medium: two 1s bypass both points; no armour roll
            4,
            5,
            6,  # zombie misses again
        ]
    )
    contest = Encounter(np, {"vroy": [vroy], "dead": [zombie]}, rng, initiative="vroy")
    act(contest, vroy, "attack", zombie, "melee", "medium")
    events = act(contest, zombie, "attack", vroy, "melee", "medium")
    armour = [e for e in events if e.kind == "armour"][0]
    assert "medium armour check" in armour.text and "0 of 2" in armour.text
    assert zombie.fortitude == 4 and vroy.fortitude == 4
    act(contest, vroy, "attack", zombie, "melee", "medium")
    events = act(contest, zombie, "attack", vroy, "melee", "medium")
    assert any(e.kind == "bypass" for e in events) and not any(e.kind == "armour" for e in events)
    assert zombie.fortitude == 2 and rng.exhausted


def test_boxley_and_the_giant_lizard(np):
    """NP-12, the full trace: Perception's 2s, tough armour checks both ways, a wrestling effect."""
    boxley = person("Boxley", stamina=3, perception_escape=4, melee_protect=3)
    boxley.armor, boxley.two_handed, boxley.weapon = 3, True, "longsword"  # the example's "armor rating 3"
    lizard = np.npc("giant-lizard")
    assert (lizard.stamina, lizard.fortitude, lizard.armor, lizard.two_handed) == (3, 4, 2, True)
    rng = ScriptedRng(
        [
            2,
            5,
            7,
            9,  # R1 Boxley Perception medium: success
            1,
            4,
            6,  # R2 Boxley Melee medium: 1 -> one die bypasses
            2,
            3,  # lizard's tough armour check fails: 2 damage
            2,
            4,  # lizard's bite, medium, no 1s
            1,
            5,
            7,  # Boxley's tough armour check holds: min(2, 0) = 0
            2,
            2,
            5,  # R3 Boxley: both 2s bypass (Perception) - no armour roll
            4,
            5,  # lizard misses
            2,
            5,
            5,  # R4 Boxley: Perception has run out, nothing bypasses
            3,
            4,  # tough armour check fails: stamina 3 -> 1
            3,
            6,  # lizard's easy Wrestle succeeds
        ]
    )
    contest = Encounter(np, {"boxley": [boxley], "cave": [lizard]}, rng)
    act(contest, boxley, "perceive", lizard, None, "medium")
    act(contest, lizard, "wait")
    act(contest, boxley, "attack", lizard, "melee", "medium")
    act(contest, lizard, "attack", boxley, "melee", "medium")
    assert (lizard.fortitude, boxley.fortitude, boxley.stamina) == (2, 4, 3)
    act(contest, boxley, "attack", lizard, "melee", "medium")
    events = act(contest, lizard, "attack", boxley, "melee", "medium")
    assert lizard.fortitude == 0 and not any(e.kind == "armour" for e in events)
    act(contest, boxley, "attack", lizard, "melee", "medium")
    events = act(contest, lizard, "wrestle", boxley, None, "easy", effect="slow")
    assert lizard.stamina == 1 and boxley.stamina == 3
    assert boxley.fortitude == 4
    assert contest.fighter(boxley).holds["slow"][1] == 5  # an easy wrestle lasts one round
    assert any("slow for 1 round" in e.text for e in events)
    assert rng.exhausted and not contest.is_over()
    # Slowed: Boxley cannot flee this round.
    assert "escape" not in [a.kind for a in contest.legal_actions(boxley)]


def test_boxley_odds_of_her_tough_armour_check(np):
    assert np.odds_for(rating=3, difficulty="tough").success == pytest.approx(29 / 64)
    assert str(np.odds_for(rating=2, difficulty="tough").success) == "3/8"


def test_buffers_refill_when_the_contest_ends_but_stamina_does_not(np):
    pc = np.random_character(Rng(8), role="sellsword")
    foes = [np.npc("bandit"), np.npc("bandit")]
    contest = Encounter(np, {"party": [pc], "foes": foes}, Rng(4))
    contest.play()
    assert contest.is_over()
    for a in [pc, *foes]:
        assert (a.fortitude, a.resilience, a.craftiness) == (
            a.fortitude_max,
            a.resilience_max,
            a.craftiness_max,
        )
    lost = contest.harm_taken(pc).get("stamina", 0)
    assert pc.stamina == pc.stamina_max - lost


def test_defeated_pc_gets_a_wound_and_the_winner_is_named(np):
    pc = person("Pell", stamina=1, melee_protect=1)
    pc.fortitude = 0
    ogre = np.npc("ogre")
    rng = ScriptedRng([4, 2, 3, 5, 3])  # Pell misses; ogre medium hits (no 1s); wound location d6 = 3
    contest = Encounter(np, {"party": [pc], "foes": [ogre]}, rng)
    act(contest, pc, "attack", ogre, "melee", "medium")
    events = act(contest, ogre, "attack", pc, "melee", "medium")
    assert pc.stamina == 0 and contest.winner == "foes" and contest.status(pc) == "defeated"
    wound = [e for e in events if e.kind == "wound"][0].data["wound"]
    assert wound["location"] == "sword hand" and pc.wounds[0]["scope"] == "melee-protect"
    assert events[-1].text.startswith("Everyone catches their breath")
    assert any(e.text == "The contest is over: Ogre prevails." for e in events)


def test_heroism_avoids_a_monsters_special(np):
    pc = person("Pell", stamina=5, melee_protect=1)
    pc.heroism = pc.heroism_max = 1
    bear = np.npc("cave-bear")
    # Pell misses; the bear's medium attack shows a 1 on its d4 -> the crushing hug would land
    rng = ScriptedRng([4, 1, 5, 6, 4, 1, 5, 6])
    contest = Encounter(np, {"party": [pc], "foes": [bear]}, rng)
    act(contest, pc, "attack", bear, "melee", "medium")
    events = act(contest, bear, "attack", pc, "melee", "medium")
    assert any(e.kind == "heroism" for e in events) and pc.heroism == 0
    assert pc.fortitude == 2  # the bite's 2 damage, none from the hug
    act(contest, pc, "attack", bear, "melee", "medium")
    events = act(contest, bear, "attack", pc, "melee", "medium")
    assert any(e.kind == "special" for e in events)
    assert (pc.fortitude, pc.stamina) == (0, 3)  # 2 more, then the hug's 2 past armour


def test_provoke_forces_the_target_to_come_at_you(np):
    a, b = person("Ann", gamble_provoke=3), person("Bo", melee_protect=2)
    c = person("Cy", kind="npc", melee_protect=2, composure=1)
    rng = ScriptedRng([2, 5, 6, 3, 4, 5, 6])  # Ann provokes medium; Cy's composure check d4=3 fails
    contest = Encounter(np, {"party": [a, b], "foes": [c]}, rng)
    act(contest, a, "provoke", c, None, "medium")
    act(contest, b, "wait")
    act(contest, c, "wait")
    assert contest.fighter(c).provoked_by is contest.fighter(a)
    targets = {x.target.name for x in contest.legal_actions(c) if x.target is not None}
    assert targets == {"Ann"}
    with pytest.raises(RulesError, match="provoked and must face Ann"):
        act(contest, c, "attack", b, "melee", "medium")
    assert contest.npc_policy(c).target is a


def test_wonder_takes_the_d4_and_lore_adds_dice(np):
    a = person("Ann", bargain_wonder=3, identify_lore=3, melee_protect=3)
    wolf = np.npc("wolf")
    rng = ScriptedRng(
        [
            2,
            5,
            6,  # R1: Ann awes the wolf (medium); the wolf waits
            1,
            4,
            6,
        ]
    )  # R2: Ann recalls lore, tough
    contest = Encounter(np, {"party": [a], "foes": [wolf]}, rng)
    act(contest, a, "wonder", wolf, None, "medium")
    act(contest, wolf, "wait")
    assert contest._pool(contest.fighter(wolf), "melee-protect", contest.fighter(a)) == (6, 8)
    act(contest, a, "lore", wolf, None, "tough")
    act(contest, wolf, "wait")
    assert contest._pool(contest.fighter(a), "melee-protect", contest.fighter(wolf)) == (4, 6, 8, 12, 20)


def test_escape_only_after_two_rounds_unhurt(np):
    a = person("Ann", perception_escape=2)
    rat = np.npc("giant-rat")
    rng = ScriptedRng([2, 5])  # Ann's medium Escape check succeeds
    contest = Encounter(np, {"party": [a], "foes": [rat]}, rng)
    contest.fighter(a).last_damaged = 0  # hurt "last round"
    assert "escape" not in [x.kind for x in contest.legal_actions(a)]
    contest.fighter(a).last_damaged = -10
    act(contest, a, "escape")
    act(contest, rat, "wait")
    assert contest.status(a) == "fled" and contest.winner == "foes"


def test_intuition_lowers_armour_until_the_users_next_turn(np):
    a = person("Ann", intuition_hearthwork=2, melee_protect=1)
    b = person("Bo", kind="npc", melee_protect=1)
    b.armor = 2
    rng = ScriptedRng(
        [
            4,  # R1: Bo's Melee is quicker than Intuition: a miss
            1,
            6,  # Ann reads Bo, tough: armour -3 until Ann's next turn
            2,
            4,
            5,  # R2: Ann hits medium; Bo's armour is back (2): check [4, 5] fails
            4,
        ]
    )  # Bo misses
    contest = Encounter(np, {"party": [a], "foes": [b]}, rng)
    act(contest, a, "intuition", b, None, "tough")
    act(contest, b, "attack", a, "melee", "medium")
    assert contest.fighter(b).cut == 3
    act(contest, a, "attack", b, "melee", "medium")
    events = act(contest, b, "attack", a, "melee", "medium")
    assert any(e.kind == "armour" for e in events)  # the cut expired at Ann's next turn
    assert b.fortitude == 2


def test_bad_actions_are_refused(np):
    a, b = person("Ann"), person("Bo")
    contest = Encounter(np, {"x": [a], "y": [b]}, Rng(1))
    with pytest.raises(RulesError, match="on Ann's own side"):
        act(contest, a, "attack", a, "melee", "medium")
    with pytest.raises(RulesError, match="unknown contest action 'fly'"):
        act(contest, a, "fly")
    with pytest.raises(RulesError, match="difficulty must be easy, medium or tough"):
        act(contest, a, "attack", b, "melee", "heroic")
    with pytest.raises(RulesError, match="has no heroism"):
        act(contest, a, "attack", b, "melee", "easy", boost="heroism")
    c = person("C")
    with pytest.raises(RulesError, match="dodge is not possible in a social contest"):
        act(Encounter(np, {"x": [c], "y": [person("D")]}, Rng(1), kind="social"), c, "dodge")
    with pytest.raises(RulesError, match="unknown Nine Powers encounter option"):
        Encounter(np, {"x": [person("C")], "y": [person("D")]}, Rng(1), speed=3)
    act(contest, a, "wait")
    with pytest.raises(RulesError, match="already declared"):
        act(contest, a, "wait")


def test_the_engine_plays_both_sides_reproducibly(np):
    def run(seed):
        pc = np.random_character(Rng(3), role="sellsword")
        contest = Encounter(np, {"party": [pc], "foes": [np.npc("bandit"), np.npc("goblin")]}, Rng(seed))
        events = contest.play()
        return [e.to_dict() for e in events], contest.winner, contest.rounds_played

    assert run(21) == run(21)
    events, winner, rounds = run(21)
    assert winner in ("party", "foes", None) and rounds >= 1
    assert events[-1]["kind"] == "recover"


def test_dodge_and_protect_give_a_big_bonus_to_armour_checks(np):
    a = person("Ann", acrobatics_climb=2, melee_protect=2)
    b = person("Bo", melee_protect=2)
    a.armor = b.armor = 1
    foe = person("Foe", kind="npc", melee_protect=1)
    rng = ScriptedRng([
        2, 5,  # R1: Ann dodges (Acrobatics, medium) - quicker than Melee
        3, 6,  # Bo protects Ann, easy
        4,  # the foe misses
        3,  # R2: Ann and Bo wait; the foe hits Ann easy (d4 shows 3) ...
        4, 6, 8,  # ... Ann's armour check: armor 1 + 2 dice for dodging, tough (a two-handed attacker)
    ])
    contest = Encounter(np, {"party": [a, b], "foes": [foe]}, rng)
    act(contest, a, "dodge", None, None, "medium")
    act(contest, b, "protect", a, None, "easy")
    act(contest, foe, "attack", a, "melee", "medium")
    assert contest.fighter(a).dodge_until == 3 and contest.fighter(a).protected_until == 2
    act(contest, a, "wait")
    act(contest, b, "wait")
    events = act(contest, foe, "attack", a, "melee", "easy")
    armour = [e for e in events if e.kind == "armour"][0]
    assert armour.data["pool"] == [4, 6, 8] and "tough armour check" in armour.text
    assert a.fortitude == 3


def test_a_flashback_spends_heroism_for_a_big_bonus(np):
    a = person("Ann", melee_protect=1)
    a.heroism = a.heroism_max = 2
    foe = person("Foe", kind="npc")
    contest = Encounter(np, {"party": [a], "foes": [foe]}, ScriptedRng([4, 6, 2, 4]))
    act(contest, a, "attack", foe, "melee", "medium", boost="heroism")
    events = act(contest, foe, "wait")
    hit = [e for e in events if e.kind == "hit"][0]
    assert hit.data["pool"] == [4, 6, 8] and a.heroism == 1 and foe.fortitude == 2
