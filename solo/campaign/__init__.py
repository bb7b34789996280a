"""Campaigns: the state of one solo game, its journal, and saves that never lose it.

The pieces, from the inside out:

* `Campaign` (state.py) — plain dataclasses: characters with their rules
  sheets, threads, notables, clocks, complication countdown marks, chaos
  factor, clues, the scene, the RNG, an `extra` mapping per module (each
  module registers checks for its keys in extra.py, run on loading), and
  the journal of `JournalEntry` (journal.py).
* Actions (actions.py) — every change goes through `perform(campaign, name,
  params)`, which keeps an undo step, logs the call and appends the entries
  the action returns.  `undo` takes the last one back exactly; `replay`
  rebuilds a campaign from its seed and action log.
* `CampaignStore` (store.py) — per campaign in the saves directory, an
  append-only action log (`log.py`, one fsynced line per move, locked with
  `flock` so two processes can write) and a snapshot rewritten now and then
  (`document.py` is its format, `migrations.py` brings old files up to
  date); `diskfiles.py` holds the exclusive temporary files and the lock,
  `rngstep.py` the RNG position a log line carries, `jsontext.py` the
  checks that turn any undecodable JSON into one message.
* `Session` (session.py) — a loaded campaign bound to its log: every action
  is appended as soon as it is done, after the moves other processes
  appended.  This is what the CLI and TUI hold.

Moves of the layers below live here too, so those layers never import the
campaign: `oracle_moves.py`, `story_moves.py`, and for the rules engine
`rules_moves.py` (characters, checks, harm, recovery), `encounter_moves.py`
(one running encounter, kept as starting sheets + a seed + the moves chosen,
and `encounter_view` for menus), `system_moves.py` (``move.run``: any of a
system's declared moves between fights - rest, heal, lay low...), with
`actors.py` (sheets <-> actors,
momentum, waiting edges) and `party_effects.py` (journey and complication
effects through the engine) beneath them.  Importing this package loads none
of them: `actions.PROVIDERS` says which module holds each name's action, and
the first lookup of a name imports its module (`actions()` imports them all).
That keeps the other layers out of a process that only opens a campaign,
such as the TUI before its first frame.

Adding a move from another layer (the oracle, rules, story) is one
decorated function; it must be imported (by its command module, say) in any
process that performs or replays it::

    from solo.campaign import ActionContext, Campaign, JournalEntry, campaign_action

    @campaign_action("ask")
    def ask(campaign: Campaign, ctx: ActionContext, question: str,
            odds: str = "balanced") -> list[JournalEntry]:
        die = ctx.rng.die(4)                       # always the campaign's RNG
        yes = die <= {"likely": 3, "balanced": 2, "unlikely": 1}[odds]
        text = f"{question} {'Yes' if yes else 'No'} (d4: {die})"
        return [ctx.entry("oracle", text, {"question": question, "odds": odds,
                                           "die": die, "answer": yes})]

    session = CampaignStore().open("The Salt Road")
    entries = session.perform("ask", question="Is the gate guarded?", odds="likely")
    session.undo()                                 # state, journal and RNG as before

Parameters and entry data must be plain JSON data; an action must not write
to the journal itself, and should raise `SoloError` for bad input (the
campaign is then left exactly as it was).
"""

from solo.campaign.actions import (
    UNDO_DEPTH,
    Action,
    ActionContext,
    ActionError,
    actions,
    campaign_action,
    differences,
    get_action,
    perform,
    redo,
    replay,
    undo,
)
from solo.campaign.document import DamagedSave, NewerSave, SaveError
from solo.campaign.export import to_json, to_markdown
from solo.campaign.journal import ActionRecord, JournalEntry, UndoStep, utc_now
from solo.campaign.session import Session
from solo.campaign.slugs import slugify
from solo.campaign.state import (
    CHAOS_DEFAULT,
    CHAOS_MAX,
    CHAOS_MIN,
    CLOCK_SEGMENTS,
    Campaign,
    Character,
    Clock,
    Notable,
    Scene,
    Thread,
)
from solo.campaign.store import CampaignStore, Listing
from solo.campaign.systems import check_system, known_systems

__all__ = [
    "CHAOS_DEFAULT",
    "CHAOS_MAX",
    "CHAOS_MIN",
    "CLOCK_SEGMENTS",
    "UNDO_DEPTH",
    "Action",
    "ActionContext",
    "ActionError",
    "ActionRecord",
    "Campaign",
    "CampaignStore",
    "Character",
    "Clock",
    "DamagedSave",
    "JournalEntry",
    "Listing",
    "NewerSave",
    "Notable",
    "SaveError",
    "Scene",
    "Session",
    "Thread",
    "UndoStep",
    "actions",
    "campaign_action",
    "check_system",
    "differences",
    "get_action",
    "known_systems",
    "perform",
    "redo",
    "replay",
    "slugify",
    "to_json",
    "to_markdown",
    "undo",
    "utc_now",
]
