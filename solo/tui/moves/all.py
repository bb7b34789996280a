"""Every move, registered: importing this module imports each area's moves."""

from solo.tui.moves import app as _app  # noqa: F401 - registers its moves
from solo.tui.moves import between as _between  # noqa: F401
from solo.tui.moves import checks as _checks  # noqa: F401
from solo.tui.moves import journal as _journal  # noqa: F401
from solo.tui.moves import oracle as _oracle  # noqa: F401
from solo.tui.moves import people as _people  # noqa: F401
from solo.tui.moves import story as _story  # noqa: F401
from solo.tui.moves.base import GROUPS, MOVES, Move, Play, all_moves, command_words, move

__all__ = ["GROUPS", "MOVES", "Move", "Play", "all_moves", "command_words", "move"]
