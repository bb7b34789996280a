"""The contract every registered rules system keeps, checked the same way for each.

A new system is done when it passes this file unchanged: neutral checks,
harm and recovery; exact odds that agree with the dice; encounters that
end under the NPC policy and replay from their recorded actions; actors
that survive save and load; creation on defaults; menus of at most three
short steps; and every option it declares accepted by the command line and
by the campaign (check, encounter and move options alike).
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from solo.campaign import Campaign, perform
from solo.campaign.encounter_moves import running_state
from solo.campaign.rules_moves import _checked_options
from solo.cli import build_parser, main
from solo.commands.moves import _given
from solo.commands.rules import system_options
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import DEGREES, DIFFICULTIES, Encounter, RulesError, registry
from solo.rules.options import Option

SYSTEMS = registry.ids()
SAMPLES = 20_000


@pytest.fixture(params=SYSTEMS)
def system(request):
    return registry.get(request.param)


def party_and_foes(system, rng, size=1):
    party = [system.random_character(rng, name=f"Hero {i + 1}") for i in range(size)]
    names = system.npc_names()
    foes = [system.npc(names[i % len(names)]) for i in range(size)]
    return party, foes


def test_a_neutral_check_at_every_difficulty_gives_a_neutral_degree(system):
    actor = system.random_character(Rng(1))
    degrees = set()
    for approach in system.approaches:
        for difficulty in DIFFICULTIES:
            result = system.check(actor, approach, difficulty, Rng(len(degrees) + 3))
            assert result.degree in DEGREES and result.text and result.events
            assert result.success == (result.degree != "fail")
            degrees.add(result.degree)
    assert "fail" in degrees and len(degrees) >= 2  # the dice really decide


def test_harm_changes_the_sheet_and_recovery_gives_it_back(system):
    actor = system.random_character(Rng(2))
    fresh = actor.to_dict()
    events = system.harm(actor, "body", "moderate", Rng(5))
    harmed = actor.to_dict()
    assert events and harmed != fresh
    assert system.recover(actor, "body", "major", Rng(6))
    assert actor.to_dict() != harmed


def test_exact_odds_sum_to_one_and_agree_with_the_dice(system):
    actor = system.random_character(Rng(3))
    before = actor.to_dict()
    odds = system.check_odds(actor, "force", "medium")
    assert sum(odds.degrees.values()) == 1 and list(odds.degrees) == list(DEGREES)
    rng = Rng(11)
    counts = dict.fromkeys(DEGREES, 0)
    for _ in range(SAMPLES):
        counts[system.check(actor, "force", "medium", rng).degree] += 1
    for degree, p in odds.degrees.items():
        assert abs(counts[degree] / SAMPLES - float(p)) <= 0.01, (degree, counts[degree], p)
    assert actor.to_dict() == before  # a plain check spends nothing


def test_encounters_end_under_the_npc_policy(system):
    for seed in range(5):
        party, foes = party_and_foes(system, Rng(seed), size=2)
        encounter = Encounter(system, {"party": party, "foes": foes}, Rng(seed + 100), max_rounds=60)
        encounter.run()
        assert encounter.is_over() and encounter.next_actor() is None
        assert encounter.result_for("party") in ("win", "loss", "draw")
        assert 1 <= encounter.rounds_played <= 60
        assert encounter.log[-1].kind in ("end", "recover") or any(e.kind == "end" for e in encounter.log)


def test_replaying_the_recorded_actions_reproduces_the_log(system):
    party, foes = party_and_foes(system, Rng(4), size=2)
    sheets = [a.to_dict() for a in party + foes]
    first = Encounter(system, {"party": party, "foes": foes}, Rng(77))
    first.run()
    moves = [first.action_to_dict(a) for a in first.actions]
    assert moves and all(isinstance(m["actor"], str) for m in moves)
    again = [system.load_actor(s) for s in sheets]
    second = Encounter(system, {"party": again[:2], "foes": again[2:]}, Rng(77))
    second.replay(moves)
    assert [e.text for e in second.log] == [e.text for e in first.log]
    assert [a.to_dict() for a in again] == [a.to_dict() for a in party + foes]


def test_every_actor_round_trips_through_save_and_load(system):
    actors = [system.random_character(Rng(i), role=role)
              for i, role in enumerate(system.roles() or [None])]
    actors += [system.npc(name) for name in system.npc_names()]
    for actor in actors:
        data = actor.to_dict()
        assert system.load_actor(data).to_dict() == data
        assert actor.copy().to_dict() == data


def test_a_copy_shares_nothing_with_its_original(system):
    actor = system.random_character(Rng(6))
    before = actor.to_dict()
    copy = actor.copy()
    for _ in range(4):
        system.harm(copy, "body", "major", Rng(7))
    party, foes = party_and_foes(system, Rng(8))
    Encounter(system, {"party": [copy], "foes": [f.copy() for f in foes]}, Rng(9)).run()
    assert copy.to_dict() != before and actor.to_dict() == before


def test_guided_creation_finishes_on_defaults(system):
    asked = []

    def ask(question):
        asked.append(question.key)
        if question.default is not None:
            return ""
        return question.choices[0][0] if question.choices else "Answer"

    actor = system.creation(name="Default Dana").run(ask)
    assert actor.name == "Default Dana" and actor.is_pc and len(asked) >= 2
    assert system.load_actor(actor.to_dict()).to_dict() == actor.to_dict()


def test_every_legal_action_is_accepted_and_a_turn_takes_at_most_three_short_choices(system):
    party, foes = party_and_foes(system, Rng(8), size=3)
    encounter = Encounter(system, {"party": party, "foes": foes}, Rng(9))
    pc = encounter.next_actor()
    assert pc is party[0]
    templates = encounter.templates(pc)
    assert templates and all(1 + t.steps <= 3 for t in templates)
    assert len(templates) <= 20  # one short list, not a row per foe and difficulty
    choices = encounter.choices(pc)
    assert len(choices) > len(templates)  # the steps really narrow a longer list
    seat = encounter.seat(pc)
    for choice in choices:
        checked = encounter.validate(seat, choice.action)
        assert checked.kind == choice.template.kind and checked.target is choice.target


def test_turn_and_target_checks_name_what_is_wrong(system):
    from solo.rules import Action, RulesError

    party, foes = party_and_foes(system, Rng(8), size=2)
    encounter = Encounter(system, {"party": party, "foes": foes}, Rng(9))
    pc = encounter.next_actor()
    attack = next(c.action for c in encounter.choices(pc) if c.target is not None)
    with pytest.raises(RulesError, match=f"{party[1].name}.* own side"):
        encounter.apply(Action(pc, attack.kind, party[1], attack.skill, attack.difficulty, attack.options))
    encounter.end("the test calls it")
    with pytest.raises(RulesError, match="is over"):
        encounter.apply(attack)


def sample(option: Option) -> list[str]:
    """A command-line value for an option, as a user would type it."""
    if option.kind == "flag":
        return [option.flag]
    if option.kind == "choice":
        return [option.flag, option.choices[0]]
    if option.kind == "int":
        return [option.flag, str(option.minimum or 0)]
    return [option.flag, "x"]


def test_every_declared_check_option_is_accepted_by_the_cli_and_the_campaign(system):
    parser = build_parser()
    for option in system.check_options:
        args = parser.parse_args(["check", system.id, "--pc", "random", "--approach", "force",
                                  *sample(option)])
        typed = system_options(args, system, "check_options", "checks")
        assert list(typed) == [option.name]
        assert _checked_options(system, typed) == typed


def test_every_declared_odds_option_is_accepted_by_the_cli(system):
    parser = build_parser()
    for option in system.odds_options:
        args = parser.parse_args(["odds", system.id, *sample(option)])
        assert list(system_options(args, system, "odds_options", "odds")) == [option.name]


def test_every_declared_encounter_option_is_accepted_by_the_cli_and_the_engine(system):
    parser = build_parser()
    for option in system.encounter_options:
        for command in ("encounter", "forecast"):
            args = parser.parse_args([command, system.id, "--pc", "random", "--foe", "x", *sample(option)])
            typed = system_options(args, system, "encounter_options", "encounters")
            assert list(typed) == [option.name]
        party, foes = party_and_foes(system, Rng(1))
        try:
            encounter = Encounter(system, {"party": party, "foes": foes}, Rng(2), **typed)
        except RulesError as exc:  # a made-up name ('x') reaches the rules, which name it
            assert option.kind == "text" and "'x'" in str(exc)
        else:
            assert encounter.options == typed


def typed(option: Option) -> str:
    """The value a user gives an option, as text (a flag: yes)."""
    return "yes" if option.kind == "flag" else sample(option)[1]


def test_every_declared_encounter_option_is_accepted_by_the_campaign(system):
    for option in system.encounter_options:
        campaign = Campaign.new("Contract", system=system.id, seed=1)
        perform(campaign, "character_add", {"sheet": system.random_character(Rng(1), name="Hero").to_dict()})
        start = {"foes": [system.npc_names()[0]], option.name: typed(option)}
        try:
            perform(campaign, "rules.encounter_start", start)
        except SoloError as exc:  # a made-up name ('x') reaches the rules, which name it
            assert option.kind == "text" and "'x'" in str(exc)
        else:
            assert running_state(campaign)["options"][option.name] == option.parse(typed(option))


def test_every_declared_move_option_is_accepted_by_the_cli_and_the_campaign(system):
    parser = build_parser()
    for move in system.moves():
        needed = {o.name: typed(o) for o in move.required()}
        for option in move.options:
            given = _given(parser.parse_args(["move", move.id, "-c", "x", *sample(option)]))
            assert list(given) == [option.name], (move.id, option.name)
            parsed = move.parse({**needed, **given})  # what the campaign's move.run reads
            assert parsed[option.name] == option.parse(given[option.name]), (move.id, option.name)


def test_a_broken_character_file_is_one_line_naming_the_file_and_the_field(system, tmp_path):
    sheet = system.random_character(Rng(5)).to_dict()
    field = next(k for k, v in sheet.items() if isinstance(v, int) and not isinstance(v, bool)
                 and k != "version")
    sheet[field] = -3
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(sheet))
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["character", "show", str(path)])
    assert code == 1
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and str(path) in lines[0]
    assert f"{field} must be a whole number of 0 or more, not -3" in lines[0]
