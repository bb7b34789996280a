"""What the CLI says when something other than a `SoloError` stops a command.

Every layer turns the problems it can name into a `SoloError` close to
where they arise (`solo.files` for `-o` files, the store for saves); this
module is the net under them, used only by `solo.cli.main`, so no command
ever ends in a traceback:

* an argument that is not valid UTF-8 (`solo note x $'\\xff'`) or holds a
  NUL is refused before anything runs (exit 2): a note cannot hold text that
  is not text;
* stdout failing (a full disk behind `>`, exit 1; a reader that went away,
  `solo hooks | head`, exit 141 as for a shell's SIGPIPE) is one line.  solo
  saves a change before printing about it, so when the output fails the
  change is already kept: the line says which campaign and action, so a
  script does not run the command (and save the change) twice;
* Ctrl+C is one line and exit 130;
* any other OSError names the file and the system's reason (exit 1);
  nesting, size or a number's length beyond Python's limits is named as
  such (exit 1): the readers of tables and saves should name the file, and
  this is the net under them;
* anything else is a bug in solo: one line, exit 70, and `SOLO_DEBUG=1`
  prints the traceback as well.
"""

from __future__ import annotations

import os
import signal
import sys
import traceback
from collections.abc import Sequence
from typing import TextIO

from solo.text_safety import OutputFailed, SafeStream, escape_controls

EXIT_BUG = 70
EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE


def one_line(message: object) -> str:
    """`message` as one line: control characters and newlines spelled out (`\\u000a`)."""
    return escape_controls(str(message)).replace("\n", "\\u000a")


def bad_argument(argv: Sequence[str]) -> str | None:
    """The error for the first argument that is not valid UTF-8 or holds a NUL, or None when all are fine.

    (A shell cannot pass a NUL; a program calling `main` can, and no file name may hold one.)
    """
    for number, arg in enumerate(argv, 1):
        try:
            str(arg).encode("utf-8")
        except UnicodeEncodeError:
            return (f"solo: error: argument {number} ({one_line(arg)}) is not valid UTF-8"
                    " text; solo reads names, notes and paths as UTF-8")
        if "\x00" in str(arg):
            return f"solo: error: argument {number} ({one_line(arg)}) contains a NUL character"
    return None


def _saved_note(saved: Sequence[tuple[str, str]]) -> str:
    if not saved:
        return ""
    campaign, action = saved[-1]
    return (f"; the {action} was saved in {campaign!r} before that, so do not run the command again"
            if len(saved) == 1 else
            f"; {len(saved)} changes were saved in {campaign!r} before that, so do not run the command again")


def describe(exc: BaseException, saved: Sequence[tuple[str, str]] = ()) -> tuple[int, str | None]:
    """The exit status and the one line to print for `exc` (None: print nothing)."""
    if isinstance(exc, SystemExit):  # argparse's --help and --version
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0, None
        return 1, f"solo: error: {exc.code}"
    if isinstance(exc, KeyboardInterrupt):
        return EXIT_INTERRUPTED, "solo: interrupted" + _saved_note(saved)
    if isinstance(exc, OutputFailed | BrokenPipeError):
        stream = exc.stream if isinstance(exc, OutputFailed) else "standard output"
        cause = exc.cause if isinstance(exc, OutputFailed) else exc
        if isinstance(cause, BrokenPipeError):
            return EXIT_BROKEN_PIPE, (f"solo: stopped: {stream} was closed before all the output was"
                                      " written" + _saved_note(saved))
        return 1, f"solo: error: cannot write to {stream}: {exc.strerror or exc}" + _saved_note(saved)
    if isinstance(exc, OSError):
        names = [str(n) for n in (exc.filename, exc.filename2) if n is not None]
        where = f" {' -> '.join(names)}" if names else ""
        return 1, f"solo: error: cannot use{where}: {exc.strerror or exc}" + _saved_note(saved)
    if isinstance(exc, RecursionError):
        return 1, "solo: error: the input is nested too deeply to read"
    if isinstance(exc, MemoryError):
        return 1, "solo: error: out of memory: the input is too large to handle"
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return 1, ("solo: error: the input holds a number too long to read"
                   f" (over {sys.get_int_max_str_digits()} digits)")
    where = ""
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        where = f" at {os.path.basename(last.filename)}:{last.lineno}"
    return EXIT_BUG, (f"solo: internal error{where}: {type(exc).__name__}: {exc} -- a bug in solo;"
                      " run again with SOLO_DEBUG=1 to see the traceback")


def report(message: str | None, code: int, err: TextIO | None) -> int:
    """Print `message` (one line, control characters escaped) on `err`; returns `code`."""
    if message is None or err is None:  # nothing to say, or stderr was closed before solo started
        return code
    line = one_line(message)
    stream = SafeStream(err, "standard error")  # spells out what a non-UTF-8 stderr cannot show
    try:
        if code == EXIT_BUG and os.environ.get("SOLO_DEBUG"):
            traceback.print_exc(file=stream)
        print(line, file=stream)
        stream.flush()
    except (OSError, ValueError):
        pass  # stderr itself is gone: the exit status is all that is left to say it
    return code


def silence_broken_output(exc: BaseException, stdout: TextIO) -> None:
    """After stdout failed, point it at /dev/null so Python's flush at exit fails no second time."""
    if not isinstance(exc, OutputFailed | BrokenPipeError):
        return
    try:
        fd = stdout.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a real file (a test's StringIO): nothing is flushed at exit
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except OSError:
        pass
    if stdout is sys.__stdout__:
        try:
            stdout.flush()
        except (OSError, ValueError):
            pass
