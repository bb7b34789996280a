"""Text from saves and tables, made safe to print to a terminal.

A campaign name, a note or a table row is whatever someone typed or
downloaded; printed raw, an escape sequence in it is obeyed by the terminal
(`ESC ] 0 ;` retitles the window, `ESC [ 2 J` clears the screen, OSC 52
writes the clipboard).  `escape_controls` turns every control character
except newline and tab into the visible `\\u001b` form:

* C0 controls (U+0000-U+001F, carriage return included, since it lets a
  line overwrite itself), DEL (U+007F) and the C1 controls (U+0080-U+009F,
  where U+009B alone starts a sequence on some terminals);
* the `\\uXXXX` spelling is the one JSON uses, so JSON output stays valid JSON
  and reads back as the original character;
* lone surrogates (text that was not valid UTF-8) print as `\\udcff` instead
  of failing to encode.

`pictures` is the same-length form for the TUI, where a span of style may
sit on the text: `␛` (from Unicode's Control Pictures) for ESC, and so on.

`SafeStream` applies it to everything written to a stream: the CLI wraps
its stdout and stderr in one, so every command's output is covered, not only
the ones that remember to escape.  Markdown files written with `-o` carry
the same visible escapes (see `solo.campaign.export`); JSON files keep the
exact text, which JSON encodes as `\\u001b` anyway.
"""

from __future__ import annotations

import re
from typing import Any, TextIO

CHUNK = 8192
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _visible(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def escape_controls(text: str) -> str:
    """`text` with every control character but newline and tab spelled out as `\\uXXXX`."""
    return _UNSAFE.sub(_visible, text)


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ␛ for ESC
    return "\u2421" if code == 0x7F else "\ufffd"


def pictures(text: str) -> str:
    """`text` with each control character but newline and tab shown as one visible symbol (`␛`).

    Same length as `text`, so styles laid over it (Rich `Text` spans) stay
    where they were: the TUI uses this, the CLI the longer `\u001b` spelling.
    """
    return _UNSAFE.sub(_picture, text)


def has_controls(text: str) -> bool:
    return _UNSAFE.search(text) is not None


class OutputFailed(OSError):
    """Writing to stdout or stderr failed (a full disk behind `>`, a closed pipe)."""

    def __init__(self, stream: str, cause: OSError):
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.stream = stream
        self.cause = cause


class SafeStream:
    """A text stream whose `write` escapes control characters; the rest is the wrapped stream's.

    A write or flush that fails raises `OutputFailed` naming the stream, so
    the CLI can tell "could not print" apart from "could not write a file".
    """

    def __init__(self, stream: TextIO, name: str = "standard output"):
        self.stream = stream
        self.name = name

    def write(self, text: str) -> int:
        safe = escape_controls(text)
        try:
            # In pieces: one write of a few hundred KB to a pipe whose reader has
            # gone was seen to end after its first 64 KB with no error at all.
            for start in range(0, len(safe), CHUNK):
                self._write(safe[start:start + CHUNK])
        except OSError as exc:
            raise OutputFailed(self.name, exc) from exc
        return len(text)

    def _write(self, piece: str) -> None:
        try:
            self.stream.write(piece)
        except UnicodeEncodeError:  # a terminal that is not UTF-8 (PYTHONIOENCODING=ascii): \xb7 for ·
            encoding = getattr(self.stream, "encoding", None) or "ascii"
            self.stream.write(piece.encode(encoding, "backslashreplace").decode(encoding))

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            raise OutputFailed(self.name, exc) from exc

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def raw(stream: TextIO) -> TextIO:
    """The stream under a `SafeStream`: for solo's own terminal drawing (a progress bar), not for data."""
    return stream.stream if isinstance(stream, SafeStream) else stream
