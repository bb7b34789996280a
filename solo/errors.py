"""The one error family every layer raises for bad input.

The CLI and the TUI catch `SoloError` and show its message; anything else is
a bug.  Messages name what was wrong and where, in one line.
"""


class SoloError(Exception):
    """A problem the user can fix: bad notation, a broken table, a bad save."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
