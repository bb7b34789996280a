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
from solo.story.clues import HELD, ROUTES, clue_problems
from solo.story.fights import Fights
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
        # read as a GM would: no place, clue source, find or hazard twice; held clues are things
        assert len({loc.detail for loc in adv.locations}) == len(adv.locations)
        finds = [f for loc in adv.locations for f in loc.finds] + [loc.hazard for loc in adv.locations
                                                                   if loc.hazard]
        assert len(set(finds)) == len(finds)
        sources = [c.text.replace(adv.location(r.opens).name, "<target>")
                   for c in adv.clues for r in adv.revelations if r.id == c.revelation]
        assert len(set(sources)) == len(sources)
        for clue in adv.clues:
            if clue.holder is not None:
                assert any(mark in clue.text for mark in HELD), clue.text
        giver = adv.foundation.world.node(adv.foundation.world.loser).name
        assert f"{giver} asks for help. {giver} " not in adv.scenes[0].text
    assert len(shapes) == 11  # every shape came up


def test_what_a_place_tells_is_about_someone_there_and_the_check_finds_one_who_is_not(tables):
    adv = outline_adventure(tables, Rng(3))  # the resistance adventure read in issue 17's notes
    told = [(loc, line) for loc in adv.locations for line in loc.story]
    assert told
    world = adv.foundation.world
    for loc, line in told:
        assert any(line.startswith(world.node(p).name + " ") for p in loc.people), line
    loc, line = told[0]
    away = next(other for other in adv.locations if other is not loc)
    loc.story.remove(line)
    away.story.append(line)
    who = next(p for p in loc.people if line.startswith(world.node(p).name + " "))
    assert reference_problems(adv) == [f"location {away.id} tells of {who}, who is not there: {line!r}"]


def test_the_outline_is_the_same_in_every_systems_adventure(made, tables):
    """So the 200 outlines above stand for every registered system's places, clues and scenes."""
    _, adv = made
    outline = outline_adventure(tables, Rng(SEED)).to_dict()
    data = adv.to_dict()
    for loc in data["locations"]:
        loc["fight"] = None
    for scene in data["scenes"]:
        scene["fight"] = None
    for key in ("locations", "links", "revelations", "clues", "threats", "scenes", "foundation"):
        assert data[key] == outline[key]


def test_the_climax_measured_again_with_fresh_dice_lies_in_its_band(made):
    """A fresh 1,000-fight forecast with dice the generator never used, for each system's climax:
    inside the band, or within three standard errors of 1,000 fights of it (a group measured just
    inside an edge may land a point or two outside it).  Every fight of 200 seeds of every system,
    counted: `python benchmarks/adventure_guarantee.py` (too slow for the suite)."""
    system, adv = made
    party = [system.load_actor(p) for p in adv.party]
    for index, fight in enumerate(adv.fights[:1]):
        foes = [system.load_actor(f.sheet) for f in fight.foes]
        again = Fights(system, party, workers=1).play(foes, 2**40 + index, RUNS)
        win = again.rate(again.wins)
        lo, hi = fight.band
        error = 3 * (win * (1 - win) / RUNS) ** 0.5
        assert again.runs == RUNS and lo - error <= win <= hi + error, (fight.id, fight.win, win)


def test_the_party_shares_no_name_with_the_story(made):
    _, adv = made
    words = [w for p in adv.party for w in p["name"].split() if w[:1].isupper()]
    story = {w for p in adv.foundation.world.people for w in p.name.split() if w[:1].isupper()}
    assert len(set(words)) == len(words) and not set(words) & story


def test_fights_add_up_the_same_on_one_core_or_two(tables):
    """Fights played by two forked workers give the very figures played here, so an adventure
    (whose search sees nothing else of the fights) is the same on one core or two.  Forked in a
    fresh process: the test runner's threads make forking here unsafe."""
    import subprocess
    import sys

    script = (
        "import json\n"
        "from solo.dice import Rng\n"
        "from solo.rules import registry\n"
        "from solo.story.adventure import random_party\n"
        "from solo.story.fights import Fights\n"
        "from solo.tables import load_tables\n"
        f"system = registry.get({registry.ids()[1]!r})\n"
        "party = random_party(load_tables(use_env=False), Rng(2), system)\n"
        "foes = [system.npc(n) for n in system.npc_names()[:3]]\n"
        "with Fights(system, party, workers=2) as fights:\n"
        "    assert fights.forked\n"
        "    done = fights.play(foes, 99, 200)\n"
        "print(json.dumps([done.wins, done.losses, done.rounds, done.harm, done.statuses]))\n"
    )
    two = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    system = registry.get(registry.ids()[1])
    party = random_party(tables, Rng(2), system)
    foes = [system.npc(n) for n in system.npc_names()[:3]]
    one = Fights(system, party, workers=1).play(foes, 99, 200)
    assert not Fights(system, party, workers=1).forked and one.runs == 200
    assert json.loads(two.stdout) == [one.wins, one.losses, one.rounds, one.harm, one.statuses]
    assert any(0 < ends.get("taken out", 0) < 200 for ends in one.statuses.values())  # dice that vary


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
        plain = [f.template for f in fight.foes if f.person is None]
        for foe in fight.foes:  # "Bandit 1" only beside a "Bandit 2", never alone
            numbered = foe.person is None and foe.name != system.npc(str(foe.template)).name
            assert not numbered or plain.count(foe.template) > 1, foe.name
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

    def fake(system_, party, danger, rng, *, leader=None, pool=None, memo=None, fights=None):
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
    from solo.story import fights as fights_module

    system = registry.get(registry.ids()[0])
    party = random_party(tables, Rng(2), system)
    played: list[list[tuple[str, ...]]] = [[], []]
    real = fights_module.forecast

    def counted(system_, party_, foes, runs, rng, **options):
        played[-1].append(tuple(sorted(json.dumps(a.to_dict(), sort_keys=True) for a in foes)))
        return real(system_, party_, foes, runs, rng, **options)

    monkeypatch.setattr(fights_module, "forecast", counted)
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
