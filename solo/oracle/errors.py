"""The oracle's own error: bad arguments to a move, or a table row it cannot use.

A user may replace any oracle table with their own file, so a journey row
missing its difficulty is a user mistake, not a bug: it gets a message naming
the table, the row and the field, never a traceback.
"""

from __future__ import annotations

from solo.errors import SoloError


class OracleError(SoloError):
    """A move was asked for with impossible inputs, or its table is unusable."""
