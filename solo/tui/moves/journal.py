"""Moves on the journal itself: notes, dice, tables and undo."""

from __future__ import annotations

import re

from textual.command import CommandPalette

from solo.errors import SoloError
from solo.tui.moves import dialogs
from solo.tui.moves.base import Play, move
from solo.tui.palette import TableBrowser

TIMES = re.compile(r"^(?P<expr>.+?)\s+[x×](?P<times>\d+)$")


def split_times(text: str) -> tuple[str, int]:
    """`2d6 x3` -> ("2d6", 3): the expression and how many times to roll it."""
    found = TIMES.match(text.strip())
    if found:
        return found["expr"].strip(), int(found["times"])
    return text.strip(), 1


@move("note", "Write a note", "Put your own words in the journal (or just type them and press Enter)",
      words=("note",), usage="TEXT")
async def note(play: Play, args: str) -> None:
    text: str | None = args or await play.dialog(
        dialogs.prompt("Write a note", placeholder="What happens next?"))
    if text:
        await play.perform("note", text=text)


def _check_roll(text: str) -> None:
    from solo.dice import parse  # the dice notation loads with the first roll, not with the app

    parse(split_times(text)[0])


@move("roll", "Roll dice", "Roll any dice expression with the campaign's dice: 2d6+1, 4d6kh3, d66, d%",
      key="r", words=("roll", "r"), usage="EXPRESSION [xN]", group="Dice and tables")
async def roll(play: Play, args: str) -> None:
    text: str | None = args or await play.dialog(dialogs.prompt(
        "Roll dice", placeholder="2d6+1", check=_check_roll,
        hint="NdM, d66, d%, keep/drop (4d6kh3), + and -; add x3 to roll three times"))
    if not text:
        return
    expression, times = split_times(text)
    await play.perform("roll", expression=expression, times=times)


@move("table", "Roll on a table", "Roll on any table by id or by words from its title (fuzzy search)",
      key="t", words=("table", "t"), usage="ID or WORDS", group="Dice and tables")
async def table(play: Play, args: str) -> None:
    if not args:
        play.show(CommandPalette(providers=[TableBrowser], placeholder="Roll which table?"))
        return
    tables = await play.tables()
    wanted = args.strip()
    if wanted in tables:
        await play.perform("table_roll", table=wanted)
        return
    hits = tables.search(wanted)
    if not hits:
        raise SoloError(f"no table matches {wanted!r} (Ctrl+P searches every table)")
    if len(hits) == 1:
        chosen: str | None = hits[0].id
    else:
        chosen = await play.dialog(dialogs.choose(
            f"Tables matching {wanted!r}", [(t.id, f"{t.id} — {t.title}") for t in hits[:40]]))
    if chosen:
        await play.perform("table_roll", table=chosen)


@move("further", "Follow-up roll",
      "Roll a table the last table result offers or suggests (its see-also links)",
      key="i", words=("further", "i"), group="Dice and tables")
async def further(play: Play, args: str) -> None:
    from solo.tables.roller import further_rolls

    last = next((e for e in reversed(play.campaign.journal) if e.kind == "table"), None)
    choices = further_rolls(last.data) if last is not None else []
    if not choices:
        raise SoloError("the last table result offers or suggests no further table")
    if len(choices) == 1:
        picked: str | None = choices[0][0]
    else:
        picked = await play.dialog(dialogs.choose(
            f"After {last.data.get('title', 'the last table')}" if last else "Roll next",
            [(table, label) for table, _, label in choices]))
    if picked:
        times = next(t for table, t, _ in choices if table == picked)
        await play.perform("table_roll", table=picked, times=times)


@move("undo", "Undo", "Take back the last action: journal, state and dice exactly as before it",
      key="u", words=("undo",))
async def undo(play: Play, args: str) -> None:
    await play.undo()


@move("redo", "Redo", "Do again what undo took back (until a new move is played)",
      words=("redo",))
async def redo(play: Play, args: str) -> None:
    await play.redo()
