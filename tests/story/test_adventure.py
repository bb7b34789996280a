"""`solo adventure`: the clue rule, references, bands by forecast, determinism, JSON and Markdown.

What is measured where (to keep the suite fast):

* the clue rule and every reference on 200 seeds of the outline (places, clues,
  threats, scenes), which needs no rule system and is the same for every one;
* for every registered system, one whole adventure at ``deadly`` (its climax
  deadly, its lesser fights fair) and one ``low`` fight balanced on its own:
  each fight's figure comes from 1,000 simulated fights, is played again
  from its recorded seeds to the same number, and lies in its band;
  the fights and stat blocks refer only to what exists.
"""

from __future__ import annotations

import json

import pytest

from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import registry
from solo.story import adventure as adventure_module
from solo.story.adventure import (
    Adventure,
    generate_adventure,
    outline_adventure,
    random_party,
    reference_problems,
)
from solo.story.adventure_render import adventure_markdown
from solo.story.balance import BANDS, RUNS, balance, remeasure
from solo.story.clues import ROUTES, clue_problems
from solo.story.locations import MAX_LOCATIONS, MIN_LOCATIONS
from solo.tables import load_tables

SEED = 7


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


@pytest.fixture(scope="module", params=registry.ids())
def made(request, tables):
    system = registry.get(request.param)
    return system, generate_adventure(tables, Rng(SEED), system, danger="deadly")


def test_two_hundred_outlines_keep_the_clue_rule_and_refer_only_to_what_exists(tables):
    shapes = set()
    for seed in range(200):
        adv = outline_adventure(tables, Rng(seed))
        shapes.add(adv.foundation.shape.id)
        assert MIN_LOCATIONS <= len(adv.locations) <= MAX_LOCATIONS
        assert clue_problems(adv.locations, adv.links, adv.revelations, adv.clues) == []
        for rev in adv.revelations:
            sites = {c.location for c in adv.clues if c.revelation == rev.id}
            assert len(sites) >= ROUTES
        assert reference_problems(adv) == []
        assert adv.locations[0].role == "start" and adv.locations[-1].role == "climax"
        assert adv.revelations[-1].opens == adv.locations[-1].id
        assert [s.kind for s in adv.scenes][0] == "opening"
        assert [s.kind for s in adv.scenes][-3:] == ["climax", "success", "failure"]
        for threat in adv.threats:
            assert threat.segments in (4, 6) and len(set(threat.steps)) == threat.segments
    assert len(shapes) == 11  # every shape came up


def test_the_clue_check_finds_a_revelation_with_too_few_routes_and_an_unreachable_place(tables):
    adv = outline_adventure(tables, Rng(3))
    first = adv.revelations[0]
    kept = [c for c in adv.clues if c.revelation != first.id]
    kept += [c for c in adv.clues if c.revelation == first.id][:ROUTES - 1]
    problems = clue_problems(adv.locations, adv.links, adv.revelations, kept)
    assert problems[0] == (f"revelation {first.id} can be learned at only {ROUTES - 1} reachable"
                           " location(s), not 3")
    opened = adv.location(first.opens)
    assert f"location {opened.id} ({opened.name}) can never be reached" in problems


def test_a_build_that_breaks_the_clue_rule_is_built_again(tables, monkeypatch):
    real = adventure_module.place_clues
    calls = []

    def first_one_short(*args, **kwargs):
        clues = real(*args, **kwargs)
        calls.append(len(clues))
        if len(calls) == 1:  # the first build loses clues until its first revelation has two routes
            first = clues[0].revelation
            ours = [c for c in clues if c.revelation == first]
            return [c for c in clues if c.revelation != first] + ours[:2]
        return clues

    monkeypatch.setattr(adventure_module, "place_clues", first_one_short)
    adv = outline_adventure(tables, Rng(3))
    assert adv.builds == 2 and len(calls) == 2
    assert clue_problems(adv.locations, adv.links, adv.revelations, adv.clues) == []


def test_every_fight_lies_in_its_band_by_a_forecast_of_a_thousand_fights(made):
    system, adv = made
    assert [f.danger for f in adv.fights][0] == "deadly"
    assert set(f.danger for f in adv.fights[1:]) <= {"fair"}
    party = [system.load_actor(p) for p in adv.party]
    assert len(party) == 4
    for fight in adv.fights:
        lo, hi = BANDS[fight.danger]
        assert fight.forecast["runs"] >= RUNS
        assert lo <= fight.win <= hi, (fight.id, fight.win)
        assert sum(runs for _, runs in fight.forecast["chunks"]) == fight.forecast["runs"]
    climax = adv.fights[0]
    foes = [system.load_actor(f.sheet) for f in climax.foes]
    again = remeasure(system, party, foes, climax.forecast["chunks"])
    assert again.to_dict()["win"] == climax.win and again.runs == climax.forecast["runs"]


def test_a_low_danger_fight_is_balanced_into_its_band(made, tables):
    system, _ = made
    party = random_party(tables, Rng(2), system)
    made_fight = balance(system, party, "low", Rng(4))
    win = made_fight.forecast.rate(made_fight.forecast.wins)
    assert made_fight.forecast.runs == RUNS and 0.85 <= win <= 0.97


def test_fights_are_statted_for_the_system_and_name_only_what_exists(made):
    system, adv = made
    assert adv.system == system.id and reference_problems(adv) == []
    climax = adv.fights[0]
    assert climax.location == adv.locations[-1].id
    assert climax.leader == adv.foundation.world.winner
    leader = adv.foundation.world.node(climax.leader).name
    assert any(f.person == climax.leader and f.name == leader for f in climax.foes)
    for fight in adv.fights:
        assert adv.location(fight.location).fight == fight.id
        for foe in fight.foes:
            assert foe.sheet["system"] == system.id
            if foe.template is not None:
                assert foe.template in system.npc_names()
    text = adventure_markdown(adv)
    for fight in adv.fights:
        for foe in fight.foes:
            block = system.stat_block(system.load_actor({**foe.sheet, "name": foe.name}))
            assert block in text
        assert f"forecast {fight.win:.1%} over 1000 fights" in text


def test_json_round_trips_and_the_markdown_has_a_mermaid_map(made):
    _, adv = made
    data = json.loads(json.dumps(adv.to_dict()))
    again = Adventure.from_dict(data)
    assert again.to_dict() == adv.to_dict()
    text = adventure_markdown(adv)
    assert adventure_markdown(again) == text
    assert "```mermaid\nflowchart LR\n" in text
    for a, b in adv.links:
        assert f"  {a} --- {b}\n" in text
    assert text.count("\n### ") >= len(adv.locations) + len(adv.fights) + len(adv.threats)
    with pytest.raises(SoloError, match="an adventure's data is damaged"):
        Adventure.from_dict({"adventure": "x"})


@pytest.mark.parametrize("made", registry.ids()[:1], indirect=True)  # the command is system-blind
def test_the_command_is_deterministic_and_matches_the_library(made, cli, tmp_path):
    system, adv = made
    out = cli("adventure", "--system", system.id, "--seed", str(SEED), "--danger", "deadly",
              "-o", str(tmp_path / "a.json"))
    assert out.code == 0 and out.out == f"wrote the adventure to {tmp_path / 'a.json'} (json)\n"
    assert json.loads((tmp_path / "a.json").read_text()) == adv.to_dict()


def test_bad_input_is_one_clear_line(cli, tmp_path):
    bad = tmp_path / "party.json"
    bad.write_text('{"party": 3}')
    result = cli("adventure", "--party", str(bad))
    assert result.code == 1
    assert result.err == (f"solo: error: {bad}: a party file is a JSON list of character sheets"
                          ' (or an object whose "party" is one)\n')
    missing = cli("adventure", "--party", str(tmp_path / "nope.json"))
    assert missing.code == 1 and "cannot read the party file" in missing.err
    danger = cli("adventure", "--danger", "mild")
    assert danger.code == 2 and "invalid choice: 'mild'" in danger.err
    first = registry.ids()[0]
    stranger = tmp_path / "stranger.json"
    stranger.write_text('[{"system": "elsewhere", "name": "Odd"}]')
    wrong = cli("adventure", "--system", first, "--party", str(stranger))
    assert wrong.code == 1
    assert wrong.err.startswith(f"solo: error: {stranger}: character 1 is not a {registry.get(first).name}"
                                " sheet (this character belongs to 'elsewhere'")
    shape = cli("adventure", "--shape", "spiral")
    assert shape.code == 1 and "no story shape called 'spiral'" in shape.err


def test_a_lesser_fight_nothing_balances_is_left_out_but_an_unbalanced_climax_fails(tables, monkeypatch):
    from solo.rules.forecast import Forecast
    from solo.story.balance import Balanced

    system = registry.get(registry.ids()[0])
    kind = system.npc_names()[0]
    calls = []

    def fake(system_, party, danger, rng, *, leader=None, pool=None, memo=None):
        calls.append(danger)
        if len(calls) > 1:
            raise SoloError("no group fits")
        done = Forecast(system.id, [], [], RUNS, wins=400, losses=600)
        return Balanced([system.npc(kind)], [kind], done, [(1, RUNS)])

    monkeypatch.setattr(adventure_module, "balance", fake)
    adv = generate_adventure(tables, Rng(3), system, danger="deadly")
    assert calls[:2] == ["deadly", "fair"]
    assert [(f.id, f.location, f.win) for f in adv.fights] == [("f1", adv.locations[-1].id, 0.4)]
    assert [loc.id for loc in adv.locations if loc.fight] == [adv.locations[-1].id]
    assert reference_problems(adv) == []
    calls.append("the climax fails too")
    with pytest.raises(SoloError, match="no group fits"):
        generate_adventure(tables, Rng(3), system, danger="deadly")


def test_no_group_is_played_twice_in_one_adventure(tables, monkeypatch):
    from solo.story import balance as balance_module

    system = registry.get(registry.ids()[0])
    party = random_party(tables, Rng(2), system)
    played: list[list[tuple[str, ...]]] = [[], []]
    real = balance_module.forecast

    def counted(system_, party_, foes, runs, rng, **options):
        played[-1].append(tuple(sorted(json.dumps(a.to_dict(), sort_keys=True) for a in foes)))
        return real(system_, party_, foes, runs, rng, **options)

    monkeypatch.setattr(balance_module, "forecast", counted)
    memo: dict = {}
    played.pop()
    first = balance(system, party, "fair", Rng(4), memo=memo)
    played.append([])
    second = balance(system, party, "fair", Rng(4), memo=memo)
    assert played[0] and not set(played[0]) & set(played[1])
    for found in (first, second):
        win = found.forecast.rate(found.forecast.wins)
        assert found.forecast.runs == RUNS and 0.60 + 0.01 <= win <= 0.85 - 0.01
        assert remeasure(system, party, found.foes, found.chunks).wins == found.forecast.wins
