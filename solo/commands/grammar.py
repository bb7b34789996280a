"""One grammar for every command: what a command module declares besides its parsers.

A module in `solo/commands/` registers its parsers with `register(sub, common)`
and may declare, at module level, keyed by the command's words ("roll",
"table roll", "thread add"):

* `EXAMPLES`: example command lines, shown under the command's `--help`
  (every command has at least one; a test checks);
* `GLOBALS`: which of the global options (seed, json, tables, saves) mean
  something to the command; the others are refused in one line.  A command
  not listed takes all four, so a new command works before it declares.

`finish(parser, module)` reads those after `register` and, for every parser
under a command: fills in a missing description from its one-line help, adds
the examples and the global options it takes to its help, and records its
words (`args.command_path`) so the CLI can refuse a global option that means
nothing there.

`sub_actions(parser, dest, actions)` turns a command's positional choice
(`solo thread add ...`) into real subcommands, each with its own help and
every option of the command, before or after the action's name.

`deprecated(old, new)` is the one line an old spelling prints (accepted for
one release).
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Iterable
from types import ModuleType
from typing import Any

GLOBAL_OPTIONS = ("seed", "json", "tables", "saves")
GLOBAL_FLAGS = {"seed": "--seed N", "json": "--json", "tables": "--tables DIR", "saves": "--saves DIR"}


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, except that text with line breaks (the examples) is kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def deprecated(old: str, new: str) -> None:
    """Say on stderr that `old` is an old spelling of `new` (it still works, for this release)."""
    print(f"solo: warning: `{old}` is deprecated and goes in the next release; use `{new}`",
          file=sys.stderr)


def _walk(parser: argparse.ArgumentParser, path: str,
          help_line: str) -> Iterable[tuple[str, argparse.ArgumentParser, str]]:
    yield path, parser, help_line
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield from _walk(action.choices[choice.dest], f"{path} {choice.dest}", choice.help or "")


class _Deprecated(argparse.Action):
    """An old option's name: works as the new one, with the one-line warning."""

    def __init__(self, option_strings: list[str], dest: str, new: str = "", **kwargs: Any):
        self.new = new
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        deprecated(f"{option_string}", self.new)
        setattr(namespace, self.dest, values)


def count_option(parser: argparse.ArgumentParser, default: int, what: str, old: str | None = None) -> None:
    """`-n N` / `--count N`: how many (rolls, hooks, fights...); the one meaning of -n everywhere.

    `old` is the option's former long name (`--times`), still accepted with a warning.
    """
    parser.add_argument("-n", "--count", type=int, default=default, metavar="N",
                        help=f"how many {what} (default {default})")
    if old:
        parser.add_argument(old, dest="count", type=int, action=_Deprecated, new="-n N",
                            help=argparse.SUPPRESS)


def finish(sub: argparse._SubParsersAction, names: Iterable[str], module: ModuleType) -> None:
    """Descriptions, examples, global options and `command_path` for the commands `names` of `module`."""
    examples: dict[str, tuple[str, ...]] = getattr(module, "EXAMPLES", {})
    uses: dict[str, tuple[str, ...]] = getattr(module, "GLOBALS", {})
    helps = {choice.dest: choice.help or "" for choice in sub._choices_actions}
    for name in names:
        if name not in sub.choices:
            continue
        for path, parser, help_line in _walk(sub.choices[name], name, helps.get(name, "")):
            if parser.description is None and help_line:
                parser.description = help_line[0].upper() + help_line[1:] + "."
            takes = takes_globals(uses, path)
            parts = []
            lines = examples.get(path, ())
            if lines:
                parts.append("examples:\n" + "\n".join(f"  {line}" for line in lines))
            flags = " ".join(GLOBAL_FLAGS[k] for k in GLOBAL_OPTIONS if k in takes)
            parts.append(f"global options: {flags or 'none'} (see `solo --help`)")
            parser.epilog = "\n\n".join(parts)
            parser.formatter_class = Formatter
            parser.set_defaults(command_path=path)


def takes_globals(uses: dict[str, tuple[str, ...]], path: str) -> tuple[str, ...]:
    """The global options the command `path` takes: its own entry, else its parent's, else all."""
    words = path.split()
    while words:
        found = uses.get(" ".join(words))
        if found is not None:
            return found
        words.pop()
    return GLOBAL_OPTIONS


def sub_actions(parser: argparse.ArgumentParser, dest: str, actions: dict[str, str],
                default: str | None = None) -> dict[str, argparse.ArgumentParser]:
    """Make the positional choice `dest` of `parser` real subcommands: `actions` maps each to its help.

    Each action's parser takes every option of the command (given before or after the action's
    name), and the command's positional words; the command's own parser keeps only its options,
    with `dest` set to `default` when no action is named.  The action parsers are returned, for
    anything one of them takes alone.
    """
    choice = next(a for a in parser._actions if a.dest == dest)
    words = [a for a in parser._actions if not a.option_strings and a is not choice]
    for action in (choice, *words):
        parser._remove_action(action)
        for group in parser._action_groups:
            if action in group._group_actions:
                group._group_actions.remove(action)
    parser.set_defaults(**{dest: default}, **{a.dest: a.default for a in words})
    options = [a for a in parser._actions if a.option_strings and not isinstance(a, argparse._HelpAction)]
    subs = parser.add_subparsers(dest=dest, metavar="ACTION", parser_class=type(parser))
    parser.set_defaults(**{dest: default})  # the subcommands' own default would otherwise be None
    made = {}
    for name, help_text in actions.items():
        child = subs.add_parser(name, help=help_text,
                                description=help_text[0].upper() + help_text[1:] + ".")
        for option in options:
            # A copy that leaves the value given before the action's name alone when not given again.
            again = copy.copy(option)
            again.default = argparse.SUPPRESS
            child._add_action(again)
        made[name] = child
    for action in words:
        for child in made.values():
            child._add_action(copy.copy(action))
    return made


def options_for(parsers: dict[str, Any], keep: dict[str, tuple[str, ...]]) -> None:
    """Keep in each action's parser only the positional words `keep` names for it (others: none)."""
    for name, child in parsers.items():
        wanted = keep.get(name, ())
        for action in [a for a in child._actions if not a.option_strings and a.dest not in wanted]:
            child._remove_action(action)
            for group in child._action_groups:
                if action in group._group_actions:
                    group._group_actions.remove(action)
