"""A forecast plays each Masque set-to as a `rematch` of one made set-to: it must play exactly like a
freshly made one (the same dice in the same order, the same log and outcome), surprise and actors out
of action from the start included, and share nothing a fight changes with the set-to it copies."""

from __future__ import annotations

from typing import Any

import pytest
from rematch_checks import copies, played

from solo.dice import Rng
from solo.rules import registry
from solo.rules.engine import Encounter
from solo.rules.forecast import forecast
from solo.rules.masque.setto import SetTo
from solo.rules.stage import Stage

ROLES = ("lancer", "curate", "bravo", "magnus")

#: (foes, options, the troupe's items, a troupe member out of action from the start)
SCENARIOS: dict[str, tuple[list[str], dict[str, Any], list[list[str]] | None, bool]] = {
    "plain": (["troll", "warg", "spidure", "ghoul"], {}, None, False),
    "surprise check": (["ogre", "elf", "dwarf", "orc"], {"surprise": "check"}, None, False),
    "troupe surprised": (["salamander", "hybor", "witcher"], {"surprise": "troupe"}, None, False),
    "entourage surprised, one out": (["pyethonda", "goblin", "gnome"], {"surprise": "entourage"}, None, True),
    "rats, Vlad and items": (["vlad", "mast-rats", "fell-groot", "turbul-bats"], {"surprise": "check"},
                             [["narsil", "weapon+2"], ["armour+1", "battery-mace"],
                              ["dueling-rapier", "scud-shield"], ["remand-rod", "holdout-dagger"]], True),
}


def _sides(name: str) -> dict[str, list[Any]]:
    foe_ids, _, kits, one_out = SCENARIOS[name]
    masque = registry.get("masque")
    troupe = [masque.random_character(Rng(30 + i), role=r) for i, r in enumerate(ROLES)]
    for pc, kit in zip(troupe, kits or [[]] * len(troupe), strict=True):
        pc.items = list(kit)
    if one_out:
        troupe[2].current = troupe[2].baseline
    return {"troupe": troupe, "monsters": [masque.npc(f) for f in foe_ids]}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
@pytest.mark.parametrize("record", [True, False])
def test_a_rematched_set_to_plays_like_a_fresh_one(name: str, record: bool) -> None:
    masque = registry.get("masque")
    options = SCENARIOS[name][1]
    sides = _sides(name)
    made = Encounter(masque, copies(sides), Rng(0), record=record, **options)
    for seed in range(4):
        again = made.rematch(Rng(seed))
        fresh = Encounter(masque, copies(sides), Rng(seed), record=record, **options)
        assert [e.text for e in again.log] == [e.text for e in fresh.log]  # surprise is settled as made
        assert played(again, "troupe") == played(fresh, "troupe")
        assert [e.text for e in again.log] == [e.text for e in fresh.log]
        assert again.summary() == fresh.summary()
    if name == "entourage surprised, one out":
        assert made.seats[2].out == "out of action" and made.seat(made.sides["troupe"][2]) is made.seats[2]


def test_the_scenarios_meet_what_they_are_for() -> None:
    """Surprise catches someone, an out-of-action start keeps its seat off the stage."""
    masque = registry.get("masque")
    caught = Encounter(masque, copies(_sides("troupe surprised")), Rng(1), surprise="troupe")
    # d% 18, 73, 98 for the three upstage (over 50 acts): the first is caught, the fourth waits downstage
    assert [(s.label, s.immobile) for s in caught.seats[:4]] == [("Roake", 1), ("Ammet", 0), ("Corvel", 0),
                                                                 ("Sefa", 0)]
    assert caught.log[1].text == "Roake is caught flat-footed (d% 18): no cast in bit 1."
    out = Encounter(masque, copies(_sides("entourage surprised, one out")), Rng(1), surprise="entourage")
    assert out.seats[2].out == "out of action" and out.seats[2] not in out.stage.marks["troupe"]


def _mutable(enc: SetTo) -> dict[str, Any]:
    """Every container and stage a set-to holds, by where it is found."""
    found: dict[str, Any] = {}
    for name, value in vars(enc).items():
        if isinstance(value, (list, dict, set, Stage)) and name not in ("sides",):
            found[name] = value
    for seat in enc.seats:
        for name in ("taken", "hit_bits", "state", "moves"):
            found[f"{seat.label}.{name}"] = getattr(seat, name)
        for name in ("items", "unreadied"):
            found[f"{seat.label}.actor.{name}"] = getattr(seat.actor, name)
    for side, marks in enc.stage.marks.items():
        found[f"stage.{side}"] = marks
    return found


def test_a_rematch_shares_nothing_a_fight_changes() -> None:
    masque = registry.get("masque")
    sides = _sides("rats, Vlad and items")
    made: SetTo = Encounter(masque, copies(sides), Rng(0), surprise="check")  # type: ignore[assignment]
    before = [s.actor.to_dict() for s in made.seats]
    mine = _mutable(made)
    for seed in range(3):
        again: SetTo = made.rematch(Rng(seed))  # type: ignore[assignment]
        theirs = _mutable(again)
        assert set(theirs) == set(mine)
        shared = [name for name in mine if theirs[name] is mine[name]]
        assert shared == []
        assert all(a.actor is not b.actor for a, b in zip(again.seats, made.seats, strict=True))
        again.run()
        assert again.is_over()
    assert [s.actor.to_dict() for s in made.seats] == before  # the made set-to is as it was
    assert made.round == 1 and not made.intruders and not any(s.moves for s in made.seats)


@pytest.mark.parametrize("options", [{}, {"surprise": "check"}, {"surprise": "troupe"}])
def test_a_forecast_of_rematches_counts_what_fresh_set_tos_count(options: dict[str, Any],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    masque = registry.get("masque")
    troupe = _sides("entourage surprised, one out")["troupe"]  # one of the four out from the start
    foes = [masque.npc(f) for f in ("troll", "salamander", "ogre", "fell-groot")]
    quick = forecast(masque, troupe, foes, 120, Rng(7), workers=1, **options)
    monkeypatch.setattr(SetTo, "quick_rematch", False)  # every fight made afresh
    slow = forecast(masque, troupe, foes, 120, Rng(7), workers=1, **options)
    assert (quick.wins, quick.draws, quick.losses, quick.rounds) == (slow.wins, slow.draws, slow.losses,
                                                                     slow.rounds)
    assert quick.harm == slow.harm and quick.statuses == slow.statuses
    assert 0 < quick.wins < 120  # the fights go both ways: a real test of the counts
