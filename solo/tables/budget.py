"""How much one table roll may do: steps, dice and text, with the path it took.

A table's text can ask for other tables, grammar symbols and dice, which can
ask for more: a hostile or careless file can make one roll grow without end
(a grammar whose rules make more of themselves, tables that each roll the
next one ten times).  Every roll therefore carries a `Budget`, shared by all
it sets off, and stops with a `TableError` at the first limit passed, naming
the table rolled and the chain of tables and symbols that ran away:

* `MAX_STEPS` grammar symbols expanded, tables rolled and dice expressions rolled;
* `MAX_DICE` dice rolled in all, which also bounds what a campaign's journal
  stores for one roll (every die is kept there: some 45 bytes of JSON each,
  twice over, so under 200 KB);
* `MAX_TEXT` characters in any one text, checked as it grows (a modifier
  that replaces each letter by ten is refused before it runs, not after);
* `MAX_STORED_TEXT` characters in all the texts the roll records (its own
  and every nested roll's, which the journal keeps).

The built-in tables use a small part of each (see ``tables/README.md``,
where the same numbers are written for authors).
"""

from __future__ import annotations

from pathlib import Path

from solo.errors import SoloError

MAX_STEPS = 20_000
MAX_DICE = 2_000
MAX_TEXT = 20_000
MAX_STORED_TEXT = 100_000
_SHOWN = 8  # names of the runaway path shown before it is shortened


class TableError(SoloError):
    """A table or grammar could not be rolled."""


class RunawayError(TableError):
    """A roll passed one of its limits; the message already names the table and path."""


def describe_path(names: list[str]) -> str:
    """'a > b > b > b > c' as 'a > b (x3) > c', long paths cut in the middle."""
    runs: list[list] = []
    for name in names:
        if runs and runs[-1][0] == name:
            runs[-1][1] += 1
        else:
            runs.append([name, 1])
    parts = [name if count == 1 else f"{name} (x{count})" for name, count in runs]
    if len(parts) > _SHOWN:
        hidden = len(parts) - _SHOWN
        parts = parts[:_SHOWN // 2] + [f"... {hidden} more ..."] + parts[-_SHOWN // 2:]
    return " > ".join(parts)


class Budget:
    """What one roll has used so far, and where it is now (`path`)."""

    def __init__(self, max_steps: int = MAX_STEPS, max_dice: int = MAX_DICE,
                 max_text: int = MAX_TEXT):
        self.max_steps = max_steps
        self.max_dice = max_dice
        self.max_text = max_text
        self.steps = 0
        self.dice = 0
        self.stored = 0
        self.path: list[str] = []
        self.root: str | None = None  # the table the roll started from
        self.source: Path | None = None  # the file that table came from

    def start(self, table_id: str, source: Path | None) -> None:
        self.root, self.source = table_id, source

    def fail(self, why: str) -> RunawayError:
        where = f"table {self.root}" if self.root else "the text"
        if self.source is not None:
            where = f"{self.source}: {where}"
        return RunawayError(f"{where}: {why}; it ran away along {describe_path(self.path)}")

    def step(self) -> None:
        self.steps += 1
        if self.steps > self.max_steps:
            raise self.fail(f"one roll took more than {self.max_steps:,} steps")

    def roll_dice(self, count: int) -> None:
        self.step()
        self.dice += count
        if self.dice > self.max_dice:
            raise self.fail(f"one roll asked for more than {self.max_dice:,} dice")

    def text(self, length: int) -> None:
        if length > self.max_text:
            raise self.fail(f"one roll's text grew past {self.max_text:,} characters")

    def store(self, length: int) -> None:
        self.stored += length
        if self.stored > MAX_STORED_TEXT:
            raise self.fail(f"one roll's texts, nested ones included, passed"
                            f" {MAX_STORED_TEXT:,} characters")
