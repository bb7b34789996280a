"""The `solo` command line's argparse parsers (`solo.cli` builds them; plain `solo` never loads argparse)."""

from __future__ import annotations

import argparse
from typing import NoReturn

from solo.commands.context import UsageError


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


class TopParser(Parser):
    """The `solo` parser: its help lists the commands under their headings (`GROUPS`)."""

    def format_help(self) -> str:
        from solo.cli import COMMANDS, GROUPS

        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        text = formatter.format_help()
        listed = {name: help for commands in COMMANDS.values() for name, help in commands}
        placed = {name for names in GROUPS.values() for name in names}
        headings = dict(GROUPS)
        other = tuple(name for name in listed if name not in placed)
        if other:
            headings["other"] = other
        for heading, names in headings.items():
            rows = [f"    {name.ljust(12)}{listed[name]}" if len(name) < 12 else
                    f"    {name}\n    {'':12}{listed[name]}" for name in names if name in listed]
            if rows:
                text += f"\n{heading}:\n" + "\n".join(rows) + "\n"
        options = self._get_formatter()
        options.start_section("global options (before or after the command; each command's --help"
                              " says which it takes)")
        options.add_arguments([a for a in self._actions if a.option_strings])
        options.end_section()
        text += "\n" + options.format_help()
        text += "\nRun `solo COMMAND --help` for a command's options and examples.\n"
        return text
