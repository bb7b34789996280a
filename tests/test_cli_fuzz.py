"""Fuzzing the CLI: any arguments and campaign names end in one of solo's own answers.

Each example runs `solo.cli.main` in this process on a fresh copy of a small
world (campaigns for each rule system, a user table, a working directory):
exit status 0, 1 or 2, no traceback, a `solo: ...` line last on stderr when
it fails, no case running past its (generous) time limit, and no file
written, renamed or removed outside the world.  `benchmarks/fuzz_cli.py`
runs thousands of such cases.
"""

from __future__ import annotations

import pytest
from cli_fuzz import COMMANDS, OPTIONS, VALUES, World, problems, run_case, shaped
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

free_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40).map(
    lambda t: "x" + t if t.startswith("/") else t)  # no absolute paths of its own making
token = st.one_of(
    st.sampled_from(OPTIONS),
    st.sampled_from(VALUES),
    free_text,
    st.integers(-5, 60).map(str),
    st.sampled_from([str(10**6), str(-10**30), str(2**64)]),
)
value = st.one_of(st.sampled_from(VALUES), free_text, st.integers(-5, 60).map(str))
loose = st.tuples(st.sampled_from(COMMANDS), st.lists(token, max_size=6)).map(
    lambda pair: [*pair[0].split(), *pair[1]])
# most cases get past the parser: the command's positionals, then options with values
well_formed = st.builds(shaped, st.sampled_from(COMMANDS), st.lists(st.integers(0, 99), max_size=8),
                        st.lists(value, max_size=4))
argv = st.one_of(well_formed, loose)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    return World(tmp_path_factory.mktemp("fuzz"))


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=argv)
def test_any_command_line_gets_one_of_our_answers(world, argv):
    outcome = run_case(world, argv)
    assert problems(outcome) == [], (argv, outcome.err[-500:])


campaign_name = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=90)


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=campaign_name, other=campaign_name)
def test_any_campaign_name_is_created_or_refused_cleanly(world, name, other):
    for args in (["new", name], ["note", "-c", name, "a note"], ["show", name], ["rename", name, other],
                 ["export", name, "-o", "out.md"], ["replay", name], ["delete", "--yes", name]):
        outcome = run_case(world, args)
        assert problems(outcome) == [], (args, outcome.err[-500:])


def test_the_harness_sees_what_it_must(world, monkeypatch):
    """The checks can fail: a bug, a hang and a write outside the world are each reported."""
    import solo.commands.campaign as campaign_commands

    assert problems(run_case(world, ["show", "Road"])) == []
    assert problems(run_case(world, ["note", "-c", "Road", "bad \udcff"])) == []  # exit 2, our line

    monkeypatch.setattr(campaign_commands, "cmd_list", lambda ctx: {}["boom"])
    assert problems(run_case(world, ["list"])) == ["exit status 70", "traceback"]

    def sleepy(ctx):
        import time
        time.sleep(5)

    monkeypatch.setattr(campaign_commands, "cmd_list", sleepy)
    assert "hang" in problems(run_case(world, ["list"], limit=0.2))

    outside = world.root.parent / "outside.txt"

    def stray(ctx):
        outside.write_text("should not be here")
        return 0

    monkeypatch.setattr(campaign_commands, "cmd_list", stray)
    found = problems(run_case(world, ["list"]))
    assert found == [f"touched outside its directories: ['open {outside}']"]
