"""The input line's little language: a sentence is a note, a leading `/` or `?` a command.

    The rain has not stopped for three days.      -> a note in the journal
    ? Is the gate guarded? likely                  -> the move `ask`, args "Is the gate guarded? likely"
    /roll 2d6+1                                    -> the move `roll`, args "2d6+1"
    /r 2d6                                         -> the same, by a shorter word
    //starts with a slash                          -> a note "/starts with a slash"

A command word may be shortened to any prefix that names one move only
(`/jou` for `/journey`); a word that names none, or several, is an error that
lists the candidates, so a typo never turns into a journal entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from solo.errors import SoloError


class UnknownCommand(SoloError):
    """A `/word` the input line does not know."""


@dataclass(frozen=True)
class Parsed:
    move: str  # a move id; "note" for plain text
    args: str


def parse_line(line: str, words: Mapping[str, str]) -> Parsed | None:
    """What the player typed, as a move and its arguments; None for a blank line.

    `words` maps every command word (and alias) to its move id.
    """
    text = line.strip()
    if not text:
        return None
    if text.startswith("//"):
        return Parsed("note", text[1:])
    if text.startswith("?"):
        return Parsed("ask", text[1:].strip())
    if not text.startswith("/"):
        return Parsed("note", text)
    word, rest = (text[1:].split(maxsplit=1) + ["", ""])[:2]
    word = word.lower()
    if not word:
        raise UnknownCommand("a command needs a word after the /, e.g. /roll 2d6 (see /help)")
    if word in words:
        return Parsed(words[word], rest.strip())
    candidates = sorted({w for w in words if w.startswith(word)})
    moves = {words[w] for w in candidates}
    if len(moves) == 1:
        return Parsed(moves.pop(), rest.strip())
    if candidates:
        raise UnknownCommand(f"/{word} could be " + ", ".join(f"/{w}" for w in candidates)
                             + ": type more of it")
    raise UnknownCommand(f"there is no command /{word}; F1 or /help lists them all")
