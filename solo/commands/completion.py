"""`solo completion bash|zsh|fish`: tab completion, including campaign names, table ids and system ids.

The scripts are small: on Tab the shell runs `solo __complete WORD...` (the
words typed so far, the last one the word being completed) and offers what
it prints, one candidate a line.  `complete` reads the same parsers the
command line uses, so a new command, subcommand or option completes with no
change here.  Values come from what an option or positional is: `-c/--campaign`
and a campaign-name positional offer the campaigns in the saves directory,
a SYSTEM offers the rule systems, a table id the tables.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from solo.commands.context import Context

EXAMPLES: dict[str, tuple[str, ...]] = {
    "completion": ("solo completion bash > ~/.local/share/bash-completion/completions/solo",
                   "solo completion zsh > ~/.zfunc/_solo",
                   "solo completion fish > ~/.config/fish/completions/solo.fish"),
}
GLOBALS: dict[str, tuple[str, ...]] = {"completion": ()}

SHELLS = ("bash", "zsh", "fish")

BASH = r"""# solo completion for bash: source it, or put it in ~/.local/share/bash-completion/completions/solo
_solo_complete() {
    local IFS=$'\n'
    COMPREPLY=($(solo __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
    [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace
}
complete -o default -F _solo_complete solo
"""

ZSH = r"""#compdef solo
# solo completion for zsh: put it on your $fpath as _solo (or source it after compinit)
_solo() {
    local -a candidates
    candidates=("${(@f)$(solo __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    compadd -Q -- "${candidates[@]}"
}
compdef _solo solo
"""

FISH = r"""# solo completion for fish: put it in ~/.config/fish/completions/solo.fish
function __solo_complete
    set -l words (commandline -opc)
    solo __complete $words[2..-1] (commandline -ct) 2>/dev/null
end
complete -c solo -f -a '(__solo_complete)'
"""

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH}


def register(sub: Any, common: Any) -> None:
    p = sub.add_parser("completion", parents=[common],
                       help="print a shell's tab-completion script (bash, zsh, fish)",
                       description="Print the tab-completion script for bash, zsh or fish: commands,"
                       " options, campaign names, table ids and system ids complete on Tab.")
    p.add_argument("shell", choices=SHELLS, help="bash, zsh or fish")
    p.set_defaults(handler=cmd_completion)


def cmd_completion(ctx: Context) -> int:
    print(SCRIPTS[ctx.args.shell], end="", file=ctx.out)
    return 0


# -- what to offer ------------------------------------------------------------------------------

def _campaigns(saves: str | None) -> list[str]:
    from solo.campaign import CampaignStore

    return [item.slug for item in CampaignStore(saves).list()]


def _tables(dirs: list[str]) -> list[str]:
    from solo.tables import load_tables

    return sorted(load_tables(dirs).ids())


def _systems() -> list[str]:
    from solo.rules import registry

    return list(registry.ids())


def _kind(action: argparse.Action) -> str | None:
    """What values `action` takes: campaign, system, table, or None (nothing to offer)."""
    dest, metavar = action.dest, str(action.metavar or "")
    if dest == "campaign" or "campaign name or slug" in str(action.help or ""):
        return "campaign"
    if metavar == "SYSTEM" or dest == "system":
        return "system"
    if dest in ("id", "table_id") or metavar == "TABLE":
        return "table"
    return None


def _values(kind: str | None, saves: str | None, tables: list[str]) -> list[str]:
    if kind == "campaign":
        return _campaigns(saves)
    if kind == "system":
        return _systems()
    if kind == "table":
        return _tables(tables)
    return []


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {c.dest: action.choices[c.dest] for c in action._choices_actions}
    return {}


def complete(words: Sequence[str]) -> list[str]:
    """The candidates for the last of `words` (the words after `solo`, the last one being typed)."""
    from solo import cli

    *before, current = list(words) or [""]
    saves = _value_of(before, "--saves")
    tables = [w for i, w in enumerate(before[1:], 1) if before[i - 1] == "--tables"]
    command = cli.command_named(before)
    if command is None:  # the command's name itself, without importing any command
        if current.startswith("-"):
            return _matching(["--help", "--version", "--seed", "--json", "--tables", "--saves"], current)
        return _matching(sorted(name for commands in cli.COMMANDS.values() for name, _ in commands), current)
    parser: argparse.ArgumentParser = cli.build_parser([command])
    previous = before[-1] if before else ""
    seen_command = False
    for word in before:  # down to the (sub)command being typed
        if not seen_command:
            seen_command = word == command
            if seen_command:
                parser = _subcommands(parser).get(command, parser)
            continue
        parser = _subcommands(parser).get(word, parser)
    options = {o: a for a in parser._actions for o in a.option_strings}
    taking = options.get(previous)
    if taking is not None and taking.nargs != 0:
        return _matching(list(taking.choices or ()) or _values(_kind(taking), saves, tables), current)
    if current.startswith("-"):
        return _matching(sorted(o for o, a in options.items() if a.help != argparse.SUPPRESS), current)
    subs = _subcommands(parser)
    if subs:
        return _matching(list(subs), current)
    positionals = [a for a in parser._actions if not a.option_strings]
    if not positionals:
        return []
    action = positionals[min(_positional_slot(before, parser), len(positionals) - 1)]
    return _matching(list(action.choices or ()) or _values(_kind(action), saves, tables), current)


def _positional_slot(before: list[str], parser: argparse.ArgumentParser) -> int:
    """How many positional words the current parser has already taken (options' values skipped)."""
    options = {o: a for a in parser._actions for o in a.option_strings}
    taken, skip = 0, False
    path = parser.prog.split()[1:]  # the command's words, e.g. ["table", "roll"]
    rest = list(before)
    for word in path:  # drop the words up to the command's own
        if word in rest:
            rest = rest[rest.index(word) + 1:]
    for word in rest:
        if skip:
            skip = False
        elif word in options:
            skip = options[word].nargs != 0
        elif word.startswith("--") and "=" in word:
            continue
        elif not word.startswith("-"):
            taken += 1
    return taken


def _value_of(words: list[str], option: str) -> str | None:
    for i, word in enumerate(words[:-1]):
        if word == option:
            return words[i + 1]
    return os.environ.get("SOLO_SAVES") if option == "--saves" else None


def _matching(candidates: list[str], prefix: str) -> list[str]:
    return [c for c in candidates if c.startswith(prefix)]


def main(words: Sequence[str]) -> int:
    """`solo __complete WORD...`: one candidate a line; nothing (and exit 0) when anything goes wrong."""
    try:
        found = complete(words)
    except Exception:  # noqa: BLE001 - a completion never breaks the shell's line
        return 0
    sys.stdout.write("".join(f"{c}\n" for c in found))
    return 0
