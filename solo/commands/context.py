"""What every command gets: its arguments, output streams, tables, an RNG and a campaign.

Commands print through `Context.emit` so `--json` works the same everywhere,
and load tables through `Context.tables`, which reports broken table files on
stderr once and carries on without them.

A command that rolls or changes story state adds `--campaign NAME` with
`add_campaign_option(parser)` and does its work with
`ctx.perform(action, **params)`: with `--campaign` the action runs on that
campaign (its own dice, journaled, saved at once); without it, on a
throwaway campaign rolling with `ctx.rng` (so `--seed` works) and nothing
is kept.  Either way the same journal entries come back to print.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cached_property
from typing import TYPE_CHECKING, Any, TextIO

from solo.campaign import Campaign, CampaignStore, JournalEntry, Session
from solo.dice import Rng
from solo.dice.entered import DiceNeeded, DiceRefused
from solo.errors import SoloError

if TYPE_CHECKING:
    from argparse import Namespace

    from solo.tables import TableSet

MAX_WARNINGS = 5

# What this process has saved to campaigns through `Context.perform`, as
# (campaign name, action) pairs: if printing the result fails afterwards (a
# full disk behind `>`, a closed pipe), the CLI says the change was kept, so
# a script does not run the command, and save the change, a second time.
SAVED_CHANGES: list[tuple[str, str]] = []


def record_saved(campaign: str, action: str) -> None:
    """Note that `action` was saved in `campaign` (for the message if the output then fails)."""
    SAVED_CHANGES.append((campaign, action))


class UsageError(SoloError):
    """The command line itself is wrong (exit status 2, like argparse's own errors)."""


def add_campaign_option(parser: Any) -> None:
    """Give a command `--campaign NAME`; its handler then works through `ctx.perform`."""
    parser.add_argument("-c", "--campaign", metavar="NAME",
                        help="play this in the campaign NAME: its own dice, recorded in its journal"
                        " and saved")
    parser.add_argument("--dice", metavar="N[,N...]",
                        help="your own dice: the faces you rolled, in the order the move rolls its"
                        " dice (each checked against its die and journaled as entered)")


def parse_faces(text: str) -> list[int]:
    """`--dice 3,6,1` as faces; a bad one is a usage error naming it."""
    faces = []
    for n, part in enumerate(text.replace(" ", "").split(","), 1):
        if not part.isdigit() or not part.isascii():
            raise UsageError(f"--dice: die {n} is {part!r}, not a whole number (faces go like 3,6,1)")
        faces.append(int(part))
    return faces


_WORDS = re.compile(r"[a-z]+(?: [a-z]+)+")


def json_shape(data: Any) -> Any:
    """`data` with every key made of words and spaces ("critical failure") written snake_case."""
    if isinstance(data, dict):
        return {(k.replace(" ", "_") if isinstance(k, str) and _WORDS.fullmatch(k) else k): json_shape(v)
                for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [json_shape(v) for v in data]
    return data


class Context:
    def __init__(self, args: Namespace, out: TextIO | None = None, err: TextIO | None = None):
        self.args = args
        self.out = out or sys.stdout
        self.err = err or sys.stderr

    @property
    def json(self) -> bool:
        return bool(getattr(self.args, "json", False))

    @cached_property
    def rng(self) -> Rng:
        """A throwaway RNG: seeded by --seed when given, else from the system.

        A command that rolls with it ignores the faces of `--dice` (only a
        campaign move takes them), so asking for it with `--dice` given is refused.
        """
        if getattr(self.args, "dice", None) is not None:
            path = getattr(self.args, "command_path", None) or getattr(self.args, "command", "")
            raise UsageError(f"--dice: `solo {path}` takes your dice only with --campaign NAME;"
                             " without it, it rolls solo's own")
        return self._scratch_rng

    @cached_property
    def _scratch_rng(self) -> Rng:
        return Rng(getattr(self.args, "seed", None))

    @cached_property
    def store(self) -> CampaignStore:
        """The campaigns in `--saves DIR`, else SOLO_SAVES, else the default saves directory."""
        return CampaignStore(getattr(self.args, "saves", None), notify=self.warn)

    @cached_property
    def session(self) -> Session:
        """The `--campaign` being played, opened on first use; a scratch session without it."""
        name = getattr(self.args, "campaign", None)
        if name is None:
            return Session.scratch(self._scratch_rng, tables=lambda: self.tables)
        if getattr(self.args, "seed", None) is not None:
            raise UsageError("--seed cannot be used with --campaign: a campaign rolls its own dice"
                             " (their seed was set by `solo new`)")
        return self.store.open(name, tables=lambda: self.tables)

    @property
    def campaign(self) -> Campaign | None:
        """The `--campaign` being played, or None when the command was given none."""
        session = self.session
        return session.campaign if session.saved else None

    def perform(self, action: str, /, **params: Any) -> list[JournalEntry]:
        """Run a campaign action (on `--campaign` if given, saved at once); its entries come back."""
        session = self.session
        text = getattr(self.args, "dice", None)
        if text is not None and not getattr(self, "_dice_used", False):
            self._dice_used = True  # the faces are for the command's first move
            faces = parse_faces(text)
            try:
                entries = session.perform(action, **params, entered_dice=faces)
            except DiceNeeded as needed:
                entered = "1 die" if len(faces) == 1 else f"{len(faces)} dice"
                raise UsageError(f"--dice: this move rolls more than the {entered} entered;"
                                 f" die {needed.number} is a d{needed.sides}") from None
            except DiceRefused as exc:
                raise UsageError(f"--dice: {exc}") from None
        else:
            entries = session.perform(action, **params)
        if session.saved:
            record_saved(session.campaign.name, action)
        return entries

    @cached_property
    def tables(self) -> TableSet:
        """The tables, read (and their problems reported) when a table is first asked for."""
        from solo.tables import TableSet, load_tables  # not every command reads tables

        dirs = getattr(self.args, "tables", None) or ()
        return TableSet.on_first_use(lambda: load_tables(dirs), self.report_table_problems)

    def report_table_problems(self, tables: TableSet) -> None:
        problems = tables.problems
        for problem in problems[:MAX_WARNINGS]:
            self.warn(f"skipped a broken table: {problem}")
        if len(problems) > MAX_WARNINGS:
            self.warn(f"...and {len(problems) - MAX_WARNINGS} more table problems;"
                      " run `solo table check` to see them all")

    def refuse_unused_dice(self) -> None:
        """`--dice` given to a command that rolled nothing is refused, before anything is printed."""
        if getattr(self.args, "dice", None) is not None and not getattr(self, "_dice_used", False):
            path = getattr(self.args, "command_path", None) or getattr(self.args, "command", "")
            raise UsageError(f"--dice: `solo {path}` rolls no dice here, so there are no faces to"
                             " enter; leave --dice out")

    def warn(self, message: str) -> None:
        print(f"solo: warning: {message}", file=self.err)

    def emit(self, data: Any, text: str | None = None) -> None:
        """Print `data` as JSON under --json, else `text` (or data as it is).

        The JSON follows docs/json.md: always an object (a list is given as `{"items": [...]}`),
        and a field name of words ("success at a cost") is written snake_case.
        """
        self.refuse_unused_dice()
        if self.json:
            shaped = json_shape({"items": data} if isinstance(data, list) else data)
            print(json.dumps(shaped, indent=2, ensure_ascii=False, default=str), file=self.out)
        else:
            print(text if text is not None else data, file=self.out)
