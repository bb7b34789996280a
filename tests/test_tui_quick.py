"""The input line's language: notes, ? questions, /commands with unique prefixes."""

import pytest

from solo.tui.moves.all import command_words
from solo.tui.moves.journal import split_times
from solo.tui.quick import Parsed, UnknownCommand, parse_line

WORDS = {"roll": "roll", "r": "roll", "table": "table", "t": "table", "journey": "journey",
         "undo": "undo", "thread": "thread", "threads": "thread", "note": "note"}


def test_plain_text_is_a_note():
    assert parse_line("  The rain has not stopped.  ", WORDS) == Parsed("note", "The rain has not stopped.")
    assert parse_line("   ", WORDS) is None


def test_question_mark_asks_the_oracle():
    assert parse_line("? Is the gate guarded? likely", WORDS) == Parsed("ask", "Is the gate guarded? likely")
    assert parse_line("?", WORDS) == Parsed("ask", "")


def test_commands_by_word_alias_and_unique_prefix():
    assert parse_line("/roll 2d6+1", WORDS) == Parsed("roll", "2d6+1")
    assert parse_line("/R 2d6", WORDS) == Parsed("roll", "2d6")
    assert parse_line("/jou", WORDS) == Parsed("journey", "")
    assert parse_line("/thr close 2", WORDS) == Parsed("thread", "close 2")  # two words, one move


def test_double_slash_writes_a_note_starting_with_a_slash():
    assert parse_line("//etc/hosts is where the map was", WORDS) == Parsed(
        "note", "/etc/hosts is where the map was")


@pytest.mark.parametrize("line, message", [
    ("/frobnicate", "there is no command /frobnicate"),
    ("/u", None),  # unique prefix of undo: fine
    ("/ta", None),
    ("/", "a command needs a word"),
])
def test_unknown_or_empty_commands_are_errors(line, message):
    if message is None:
        assert parse_line(line, WORDS) is not None
        return
    with pytest.raises(UnknownCommand, match=message):
        parse_line(line, WORDS)


def test_an_ambiguous_prefix_lists_the_candidates():
    words = {"table": "table", "thread": "thread", "threads": "thread"}
    assert parse_line("/th", words) == Parsed("thread", "")
    with pytest.raises(UnknownCommand, match=r"/t could be /table, /thread, /threads: type more"):
        parse_line("/t", words)


def test_every_real_command_word_parses_to_its_move():
    words = command_words()
    for word, move_id in words.items():
        assert parse_line(f"/{word} x", words) == Parsed(move_id, "x")


def test_times_suffix():
    assert split_times("2d6 x3") == ("2d6", 3)
    assert split_times("4d6kh3") == ("4d6kh3", 1)
    assert split_times("d66 ×2") == ("d66", 2)
