"""Editing and striking out journal entries, as campaign actions.

The journal only ever grows (undo cuts its end, nothing else touches it),
so an edit never rewrites the entry it changes.  Instead:

* the action `journal_edit` (a note's new words) or `journal_strike` (an
  entry struck out, or put back) appends an entry of kind `edit` or
  `strike` saying what changed, with the words it replaced (`was`);
* the entry as it reads now is kept in the campaign's state, under
  `extra["journal"]["edits"]`: entry number (1-based, as text) ->
  ``{"text": ..., "struck": bool}``.

So an edit is journaled, saved in the log, undone and redone like any
other move, the entry as first written stays in the journal and the action
log, and a front end shows an entry by asking `shown(campaign, index)`
without reading the whole journal to find its edits.

Only notes (the player's own words) can be edited; any entry can be struck
out, which shows it crossed through and keeps it.
"""

from __future__ import annotations

from typing import Any

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign
from solo.campaign.state_checks import EDITS, JOURNAL
from solo.errors import SoloError

MAX_NOTE = 20_000
EDIT_KINDS = ("edit", "strike")  # the entries these actions write; never edited themselves


def edits(campaign: Campaign) -> dict[str, dict[str, Any]]:
    """Entry number (1-based, as text) -> how it reads now; empty when nothing was edited."""
    journal = campaign.extra.get(JOURNAL)
    found = journal.get(EDITS) if isinstance(journal, dict) else None
    return found if isinstance(found, dict) else {}


def shown(entry: JournalEntry, change: dict[str, Any] | None) -> tuple[str, bool, bool]:
    """(text as it reads now, edited?, struck?) for `entry` with its change from `edits`."""
    if not change:
        return entry.text, False, False
    text = change.get("text")
    if isinstance(text, str) and text != entry.text:
        return text, True, bool(change.get("struck"))
    return entry.text, False, bool(change.get("struck"))


def _target(campaign: Campaign, number: int) -> JournalEntry:
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(campaign.journal):
        raise SoloError(f"there is no journal entry {number!r}: the journal has entries 1 to"
                        f" {len(campaign.journal)}")
    entry = campaign.journal[number - 1]
    if entry.kind in EDIT_KINDS:
        raise SoloError(f"entry {number} records an edit; edit or strike the entry it changed")
    return entry


def _short(text: str, limit: int = 60) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


@campaign_action("journal_edit")
def journal_edit(campaign: Campaign, ctx: ActionContext, entry: int, text: str) -> list[JournalEntry]:
    """Give a note new words; the words it had stay in the journal and the action log."""
    target = _target(campaign, entry)
    if target.kind != "note":
        raise SoloError(f"entry {entry} is a {target.kind} entry: only notes (your own words) can"
                        " be edited; strike it out instead")
    if not isinstance(text, str) or not text.strip():
        raise SoloError("an edited note needs some text (strike the entry out to drop it)")
    if len(text) > MAX_NOTE:
        raise SoloError(f"a note is at most {MAX_NOTE} characters; this one has {len(text)}")
    changes = campaign.module_state(JOURNAL).setdefault(EDITS, {})
    change = changes.get(str(entry), {})
    was, _, struck = shown(target, change)
    text = text.strip()
    if text == was:
        raise SoloError(f"entry {entry} already reads that way")
    changes[str(entry)] = {"text": text, "struck": struck}
    return [ctx.entry("edit", f"Edited entry {entry}: {_short(text)}",
                      {"entry": entry, "text": text, "was": was})]


@campaign_action("journal_strike")
def journal_strike(campaign: Campaign, ctx: ActionContext, entry: int,
                   struck: bool = True) -> list[JournalEntry]:
    """Strike an entry out (it stays, crossed through), or with `struck` false put it back."""
    target = _target(campaign, entry)
    changes = campaign.module_state(JOURNAL).setdefault(EDITS, {})
    change = changes.get(str(entry), {})
    text, _, now = shown(target, change)
    if now == struck:
        raise SoloError(f"entry {entry} is {'already struck out' if struck else 'not struck out'}")
    changes[str(entry)] = {"text": text, "struck": struck}
    said = "Struck out" if struck else "Put back"
    return [ctx.entry("strike", f"{said} entry {entry}: {_short(text)}",
                      {"entry": entry, "struck": struck, "was": text})]
