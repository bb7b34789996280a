"""The PCs' key resources for the side panel, in each rule system's own terms.

The rules engine says what matters (`System.resources`); this module only
asks it for every PC, and shows nothing for a sheet it cannot read rather
than failing: a sheet from a newer solo, or from a system this solo lacks,
must never keep the journal from opening.
"""

from __future__ import annotations

from solo.campaign import Campaign
from solo.errors import SoloError


def key_resources(campaign: Campaign) -> dict[int, str]:
    """A short line per PC id ("Fortitude 4/4 · Stamina 1/1 ..."), where the rules can read the sheet."""
    pcs = [pc for pc in campaign.pcs if pc.sheet]
    if not pcs or not campaign.system:
        return {}
    from solo.rules import registry

    if campaign.system not in registry.ids():
        return {}
    system = registry.get(campaign.system)
    out: dict[int, str] = {}
    for pc in pcs:
        try:
            out[pc.id] = system.resources(system.load_actor(pc.sheet))
        except SoloError:
            out[pc.id] = "(this sheet cannot be read)"
    return out
