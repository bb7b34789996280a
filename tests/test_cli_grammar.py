"""One grammar: grouped help, examples everywhere, global options only where they mean something,
`-c NAME` for a campaign move, real sub-action subcommands, one `-n`, old spellings with a warning."""

from __future__ import annotations

import json
import shlex

import pytest

from solo import __version__, cli
from solo.commands import grammar


def every_command() -> list[tuple[str, object]]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return [(path, p) for name in sub.choices for path, p, _ in grammar._walk(sub.choices[name], name, "")]


def test_help_groups_the_commands_under_headings(cli):
    shown = cli("--help").out
    headings = [line for line in shown.splitlines() if line.endswith(":") and not line.startswith(" ")]
    assert headings[:6] == ["play:", "oracle:", "story:", "rules:", "tables:", "campaigns:"]
    play = shown.split("\nplay:\n", 1)[1].split("\n\n", 1)[0]
    assert "    roll        roll dice notation" in play and "    note        write a note" in play
    assert shown.count("seed the dice") == 1  # the global options once, at the top


def test_every_command_has_a_description_and_examples_that_parse():
    paths = []
    for path, parser in every_command():
        paths.append(path)
        assert parser.description, path
        assert "examples:\n  solo " in parser.epilog, path
        examples = [line.strip() for line in parser.epilog.split("examples:\n", 1)[1].split("\n\n")[0]
                    .splitlines()]
        for example in examples:
            words = shlex.split(example.split(" > ")[0])[1:]  # the command, not where its output goes
            args = cli.build_parser(words).parse_args(words)  # raises UsageError if it does not parse
            assert args.command == path.split()[0], example
    assert {"thread add", "character list", "table roll", "scene end"} <= set(paths)


def test_a_command_s_help_names_only_the_global_options_it_takes(cli):
    shown = cli("list", "--help").out
    assert "global options: --json --saves DIR (see `solo --help`)" in shown
    assert "--seed N" not in shown


def test_a_global_option_that_means_nothing_is_refused_in_one_line(cli, saves_dir):
    result = cli("list", "--seed", "5")
    assert result.code == 2
    assert result.err == ("solo: error: --seed means nothing to `solo list` (the global options it takes:"
                          " --json, --saves)\n")
    assert cli("--seed", "5", "odds", "2d6").code == 2  # before the command too
    assert cli("roll", "2d6", "--seed", "5").out == "2d6 [5, 3] = 8\n"


def test_version(cli):
    assert cli("-V").code == 0
    assert cli("--version").code == 0


def test_version_text(solo_process):
    assert solo_process("-V").out == f"solo {__version__}\n"


def test_a_campaign_move_names_its_campaign_with_c_and_the_old_way_warns(cli, saves_dir):
    assert cli("new", "Salt Road", "--seed", "1").code == 0
    new = cli("note", "-c", "salt-road", "We", "set", "out.")
    assert (new.code, new.err) == (0, "")
    old = cli("note", "salt-road", "At dawn.")
    assert old.code == 0
    assert old.err == ("solo: warning: `solo note NAME TEXT` is deprecated and goes in the next release;"
                       " use `solo note -c NAME TEXT`\n")
    from solo.campaign import CampaignStore

    assert [e.text for e in CampaignStore(saves_dir).load("salt-road").journal] == ["We set out.", "At dawn."]
    undone = cli("undo", "salt-road")
    assert undone.code == 0 and "use `solo undo -c NAME`" in undone.err
    assert cli("undo").err == "solo: error: say which campaign: solo undo -c NAME\n"


def test_sub_actions_are_subcommands_with_their_own_help_and_options_either_side(cli, saves_dir):
    assert cli("new", "Road").code == 0
    shown = cli("thread", "add", "--help").out
    assert shown.startswith("usage: solo thread add [-h] [-c NAME] [--dice N[,N...]] [text ...]")
    assert "Add a thread: a goal of the story." in shown
    assert cli("thread", "add", "Find", "the", "heir", "-c", "road").out == "New thread 1: Find the heir\n"
    assert cli("thread", "-c", "road", "add", "Pay", "the", "toll").out == "New thread 2: Pay the toll\n"
    assert cli("thread", "-c", "road").out == "1. Find the heir\n2. Pay the toll\n"  # list, the default
    assert cli("thread", "shout", "-c", "road").code == 2


def test_n_is_how_many_everywhere_and_old_names_warn(cli):
    short = cli("roll", "d6", "-n", "2", "--seed", "1").out
    assert short == cli("roll", "d6", "--count", "2", "--seed", "1").out and short.count("\n") == 2
    old = cli("roll", "d6", "--times", "2", "--seed", "1")
    assert old.out.count("\n") == 2
    assert old.err == ("solo: warning: `--times` is deprecated and goes in the next release; use `-n N`\n")
    for words in (["table", "roll", "weather/day"], ["hooks"], ["npc"], ["forecast", "nine-powers"]):
        shown = cli(*words, "--help").out
        assert "-n N, --count N" in shown and "how many" in shown, words


def test_character_list_shows_a_campaign_s_characters(cli, saves_dir):
    assert cli("new", "Keep", "--system", "nine-powers", "--seed", "3").code == 0
    assert cli("character", "list", "-c", "keep").out == (
        "'Keep' has no characters yet: `solo character new -c keep --random` makes one.\n")
    assert cli("character", "new", "-c", "keep", "--random", "--name", "Ash").code == 0
    listed = cli("character", "list", "-c", "keep", "--json").json
    assert [(i["id"], i["name"], i["role"]) for i in listed["items"]] == [(1, "Ash", "pc")]
    assert cli("character", "list", "-c", "keep").out.startswith("  1  PC   Ash")


@pytest.mark.parametrize("argv, code, kind", [
    (["roll", "2dx", "--json"], 1, "bad_input"),
    (["thread", "shout", "--json"], 2, "usage"),
    (["list", "--seed", "1", "--json"], 2, "usage"),
])
def test_errors_under_json_are_an_error_object_on_stdout(cli, saves_dir, argv, code, kind):
    result = cli(*argv)
    assert result.code == code
    error = json.loads(result.out)["error"]
    assert set(error) == {"message", "where", "code"}
    assert error["code"] == kind and error["where"] == f"solo {argv[0]}"
    assert result.err == f"solo: error: {error['message']}\n"


def test_solo_odds_help_shows_a_rules_system_example_named_by_the_registry(cli):
    from solo.rules import registry

    shown = cli("odds", "--help").out
    assert f"examples:\n  solo odds {registry.ids()[0]}\n  solo odds 2d6 --at-least 9\n" in shown
