"""The command line imports only the module of the command it runs, yet `--help` lists them all."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys

from conftest import REPO

from solo import cli

HEAVY = ("icepool", "yaml", "solo.rules", "solo.oracle", "solo.story", "solo.tables", "textual",
         "solo.commands.oracle", "solo.commands.rules", "solo.commands.story", "solo.commands.tables",
         "solo.commands.campaign", "solo.commands.play")


def _loaded_after(*argv: str) -> tuple[str, list[str]]:
    code = ("import sys\nfrom solo.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            f"print('LOADED', sorted(n for n in {HEAVY!r} if n in sys.modules))\n")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env,
                         cwd=REPO, timeout=60)
    assert out.returncode == 0, out.stderr
    head, _, loaded = out.stdout.rpartition("LOADED ")
    return head, ast.literal_eval(loaded)


def test_solo_roll_loads_the_dice_and_nothing_else():
    shown, loaded = _loaded_after("roll", "2d6", "--seed", "1")
    assert shown == "2d6 [2, 5] = 7\n"
    assert loaded == []


def test_the_seed_before_the_command_still_finds_it():
    shown, loaded = _loaded_after("--seed", "1", "roll", "2d6")
    assert shown == "2d6 [2, 5] = 7\n"
    assert loaded == []


def test_help_lists_every_command_with_its_line_without_importing_them():
    shown, loaded = _loaded_after("--help")
    assert loaded == []
    for commands in cli.COMMANDS.values():
        for name, help in commands:
            assert f"    {name.ljust(12)}{help}\n" in shown, name


def test_the_list_of_commands_is_what_each_module_registers():
    for module, listed in cli.COMMANDS.items():
        parser = cli.Parser(prog="solo")
        sub = parser.add_subparsers(dest="command", parser_class=cli.Parser)
        importlib.import_module(module).register(sub, cli.common_options())
        assert tuple((a.dest, a.help) for a in sub._choices_actions) == listed, module


def test_a_mistyped_command_is_one_clear_line(cli):
    result = cli("rol", "2d6")
    assert result.code == 2
    assert result.err.startswith("solo: error: argument COMMAND: invalid choice: 'rol' (choose from 'roll',")
    assert result.err.count("\n") == 1


def test_a_command_s_own_help_comes_from_its_module():
    shown, loaded = _loaded_after("odds", "--help")
    assert "--at-least N" in shown and "chance the total is N or more" in shown
    assert "rules system checks (solo odds SYSTEM ...)" in shown  # added by the rules module
    assert "solo.commands.story" not in loaded and "solo.commands.oracle" not in loaded


def _options(parser: cli.Parser, command: str) -> list[tuple[str, ...]]:
    sub = next(a for a in parser._actions if a.dest == "command")
    return [tuple(a.option_strings) or (a.dest,) for a in sub.choices[command]._actions]


def test_each_command_parses_as_it_would_with_every_module_loaded():
    full = cli.build_parser()
    for commands in cli.COMMANDS.values():
        for name, _ in commands:
            assert _options(cli.build_parser([name]), name) == _options(full, name), name


def test_rules_system_odds_still_work_with_only_what_odds_needs_loaded(cli):
    result = cli("odds", "nine-powers", "--rating", "2", "--difficulty", "medium")
    assert result.code == 0, result.err
    assert result.out.startswith("Nine Powers: rating 2")
    result = cli("odds", "2d6", "--rating", "2")
    assert result.code == 2
    assert result.err.startswith("solo: error: --rating is for rules-system odds")


def test_system_odds_read_no_table_while_a_table_roll_reads_them_once(cli, monkeypatch):
    import solo.tables

    calls: list[tuple] = []
    real = solo.tables.load_tables
    monkeypatch.setattr(solo.tables, "load_tables", lambda *a, **k: calls.append(a) or real(*a, **k))
    result = cli("odds", "nine-powers", "--rating", "2", "--difficulty", "medium")
    assert result.out.startswith("Nine Powers: rating 2 (d4 d6) at medium: success 66.7% (2/3)")
    assert calls == []
    result = cli("table", "roll", "weather/wind", "--seed", "1")
    assert result.code == 0 and result.out.startswith("Wind (d6:")
    assert len(calls) == 1


def test_the_command_is_found_past_the_common_options_and_their_values():
    assert cli.command_named(["--seed", "3", "--tables", "roll", "odds", "2d6"]) == "odds"
    assert cli.command_named(["--json", "--saves=here", "ask", "Is it?"]) == "ask"
    assert cli.command_named(["--saves"]) is None
    assert cli.command_named([]) is None
    assert cli.modules_for("thread") == ("solo.commands.oracle",)
    assert cli.modules_for("nonsense") == cli.COMMAND_MODULES  # argparse then names the choices
