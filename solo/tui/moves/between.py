"""The rule system's moves between fights (rest, heal, lay low...), asked for from their declaration.

The TUI knows no system's moves.  It asks the campaign's system for them
(`solo.campaign.system_moves.moves_of`), offers them in a list, asks which
PC when there is a choice, then asks each declared option in turn with a
dialog made from the `Option` itself: a list for a choice, yes/no for a
flag, a line of text (checked by the option as it is typed) for the rest,
with the default ready.  The answers go to the campaign action ``move.run``
like any other move, so the step is journaled, saved and undoable.
"""

from __future__ import annotations

from typing import Any

from solo.campaign import Character
from solo.errors import SoloError
from solo.tui.moves import dialogs
from solo.tui.moves.base import Play, move

CANCELLED = object()


def system_moves(play: Play) -> list[Any]:
    """The campaign's system's moves (empty without a system)."""
    from solo.campaign.system_moves import moves_of

    return moves_of(play.campaign)


def system_oracles(play: Play) -> list[Any]:
    """The campaign's system's own oracle rolls (empty without a system)."""
    from solo.campaign.system_moves import oracles_of

    return oracles_of(play.campaign)


def sheet_holders(play: Play) -> list[Character]:
    from solo.campaign.actors import has_sheet, system_of

    system = system_of(play.campaign)
    return [c for c in play.campaign.pcs if has_sheet(c, system)]


async def ask_option(play: Play, title: str, option: Any) -> Any:
    """One declared option, asked with the dialog its kind calls for; CANCELLED on Esc."""
    default = option.default
    if option.kind == "choice":
        labels = [(c, c + ("  (the default)" if c == default else "")) for c in option.choices]
        answer = await play.dialog(dialogs.choose(f"{title}: {option.help or option.name}", labels,
                                                selected=default))
        return CANCELLED if answer is None else answer
    if option.kind == "flag":
        answer = await play.dialog(dialogs.choose(f"{title}: {option.help or option.name}?",
                                                [("no", "No"), ("yes", "Yes")],
                                                selected="yes" if default else "no"))
        return CANCELLED if answer is None else answer == "yes"
    required = default is None
    empty = "" if required else " · empty: none" if default == "" else f" · empty: {default}"
    answer = await play.dialog(dialogs.prompt(
        f"{title}: {option.help or option.name}", value="" if default in (None, "") else str(default),
        hint="enter: OK · esc: cancel" + empty, check=option.parse, allow_empty=not required))
    if answer is None:
        return CANCELLED
    return answer if answer else default


async def make_move(play: Play, name: str = "", character: Character | None = None, *,
                    action: str = "move.run", question: str = "") -> list[Any] | None:
    """Pick a move (unless named), a PC (unless given or alone), the move's options; then make it.

    With ``action="move.ask"`` the move is one of the system's oracle rolls, asked with `question`.
    """
    moves = system_oracles(play) if action == "move.ask" else system_moves(play)
    if not moves:
        raise SoloError("moves between fights come from a rule system: this campaign plays none"
                        " the rules engine knows")
    if name:
        from solo.rules.moves import find_move

        chosen = find_move(moves, name)
    else:
        picked = await play.dialog(dialogs.choose("Which move?",
                                                [(m.id, f"{m.title}: {m.help}") for m in moves]))
        if picked is None:
            return None
        chosen = next(m for m in moves if m.id == picked)
    if character is None:
        pcs = sheet_holders(play)
        if not pcs:
            raise SoloError("no player character has a sheet yet: p opens the characters screen")
        if len(pcs) > 1:
            who = await play.dialog(dialogs.choose(f"{chosen.title}: who?",
                                                   [(str(c.id), c.name) for c in pcs]))
            if who is None:
                return None
            character = next(c for c in pcs if str(c.id) == who)
        else:
            character = pcs[0]
    values: dict[str, Any] = {}
    for option in chosen.options:
        answer = await ask_option(play, chosen.title, option)
        if answer is CANCELLED:
            return None
        if answer != option.default:  # the declaration fills in defaults (an empty text is not a value)
            values[option.name] = answer
    if action == "move.ask":
        return await play.perform(action, oracle=chosen.id, question=question, character=character.id,
                                  **values)
    return await play.perform(action, move=chosen.id, character=character.id, **values)


@move("system-move", "Moves between fights",
      "The rule system's own moves outside a fight: rest, heal, advance, buy, lay low, favours...",
      words=("move",), usage="[NAME]", group="Characters")
async def between_fights(play: Play, args: str) -> None:
    await make_move(play, args.strip())
