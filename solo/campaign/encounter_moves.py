"""Encounters as campaign actions: each player choice journaled, saved, undoable and replayable.

The rules engine's `Encounter` lives in memory and has no save format of its
own, so the campaign keeps what it takes to *rebuild* one: the actors as
they stood when it began, the options, a seed for the encounter's own dice
(drawn from the campaign's dice when it starts), and the list of choices
the player has made.  Every step rebuilds the encounter from that record,
replays the earlier choices (encounters are short, and the engine is
deterministic given its dice), applies the new choice and lets the engine
play the NPCs until a player character must choose again.  Undo then needs
nothing special: it restores the shorter list of choices.

Readings chosen:

* The party is every player character unless some are named; the foes are
  the system's named NPCs (`system.npc_names()`) or the campaign's own NPC
  characters (by id or name, e.g. people made by `story.npc` with stats).
* After every step each campaign character in the encounter gets its
  actor's sheet back, so sheets and the side panel follow the fight; NPCs
  taken from the system's list are not kept.
* The player may end the encounter at any time (`rules.encounter_end`):
  harm taken so far stays; a system whose encounters can be called off
  (Nine Powers contests: buffers refill, nobody wins) does that.
* A choice is an index into `legal_actions` of the PC the encounter is
  waiting for, and its label is recorded and checked when rebuilding, so
  a save replayed under changed rules data says so instead of drifting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign
from solo.dice import Rng
from solo.errors import SoloError

KEY = "encounter"
PARTY, FOES = "party", "foes"
SEED_LIMIT = 2**31 - 1


@dataclass
class Live:
    """An encounter rebuilt from the campaign: the engine's object and who is who."""

    system: Any
    encounter: Any
    party: list[Any]
    foes: list[Any]
    record: dict[str, Any]

    @property
    def waiting_for(self) -> Any | None:
        """The player character whose choice the encounter waits for (None once it is over)."""
        if self.encounter.is_over():
            return None
        waiting = self.encounter.awaiting()
        return waiting[0] if waiting else None

    def choices(self) -> list[Any]:
        actor = self.waiting_for
        return self.encounter.legal_actions(actor) if actor is not None else []


def _system(system_id: str | None) -> Any:
    if not system_id:
        raise SoloError("encounters need the campaign to play a rule system; choose one first")
    from solo.rules import registry

    return registry.get(system_id)


def _play_npcs(encounter: Any, party: list[Any]) -> None:
    """Let the engine act for everyone not in the party until a PC must choose or it is over."""
    mine = {id(a) for a in party}
    while not encounter.is_over():
        waiting = encounter.awaiting()
        if not waiting:
            raise SoloError("the encounter waits for nobody but is not over (a rules bug)")
        actor = waiting[0]
        if id(actor) in mine:
            return
        encounter.apply(encounter.npc_policy(actor))


def current(campaign: Campaign) -> Live | None:
    """The campaign's running encounter, rebuilt (read-only: nothing in the campaign changes)."""
    record = campaign.extra.get(KEY)
    if not record:
        return None
    system = _system(record["system"])
    party = [system.load_actor(p["actor"]) for p in record["party"]]
    foes = [system.load_actor(f["actor"]) for f in record["foes"]]
    from solo.rules import Encounter

    encounter = Encounter(system, {PARTY: party, FOES: foes}, Rng(record["seed"]), **record["options"])
    _play_npcs(encounter, party)
    for n, choice in enumerate(record["choices"], start=1):
        live = Live(system, encounter, party, foes, record)
        options = live.choices()
        index = choice["index"]
        if not 0 <= index < len(options) or options[index].label != choice["label"]:
            raise SoloError(f"the encounter no longer replays at choice {n} ({choice['label']!r}):"
                            " the rules or their tables changed since; end it to go on")
        encounter.apply(options[index])
        _play_npcs(encounter, party)
    return Live(system, encounter, party, foes, record)


def _entries(ctx: ActionContext, live: Live, start: int) -> list[JournalEntry]:
    out = []
    for event in live.encounter.log[start:]:
        data = event.to_dict()
        out.append(ctx.entry("encounter", event.text, data))
    return out


def _write_back(campaign: Campaign, live: Live) -> None:
    for entry, actor in zip(live.record["party"] + live.record["foes"], live.party + live.foes, strict=True):
        if entry.get("character") is not None:
            campaign.character(entry["character"]).sheet = actor.to_dict()


def _result_text(live: Live) -> str:
    enc = live.encounter
    winner = enc.winner
    outcome = ("the party wins" if winner == PARTY else "the foes win" if winner == FOES
               else "nobody wins")
    rounds = enc.rounds_played
    return f"The encounter is over: {outcome} after {rounds} round{'s' if rounds != 1 else ''}."


def _close(campaign: Campaign, ctx: ActionContext, live: Live, text: str) -> JournalEntry:
    _write_back(campaign, live)
    campaign.extra.pop(KEY, None)
    return ctx.entry("encounter", text, live.encounter.summary())


@campaign_action("rules.encounter_start")
def encounter_start(campaign: Campaign, ctx: ActionContext, foes: list[str | int],
                    characters: list[str | int] | None = None,
                    options: dict[str, Any] | None = None) -> list[JournalEntry]:
    """Begin an encounter: the party (all PCs unless named) against foes, in the campaign's system."""
    if campaign.extra.get(KEY):
        raise SoloError("an encounter is already running: finish or end it first")
    system = _system(campaign.system)
    if not isinstance(foes, list) or not foes:
        raise SoloError("an encounter needs at least one foe (a named NPC of the system, or an NPC"
                        " of the campaign)")
    pcs = [campaign.character(c) for c in characters] if characters else campaign.pcs
    if not pcs:
        raise SoloError("an encounter needs a player character: add one first")
    party = []
    for pc in pcs:
        if pc.role != "pc":
            raise SoloError(f"{pc.name} is not a player character")
        party.append({"character": pc.id, "actor": dict(pc.sheet)})
    known = set(system.npc_names())
    against = []
    for foe in foes:
        key = str(foe).strip()
        if key.lower() in known:
            against.append({"npc": key.lower(), "actor": system.npc(key.lower()).to_dict()})
            continue
        try:
            npc = campaign.character(foe)
        except SoloError:
            raise SoloError(f"no foe {foe!r}: name one of the {system.name} NPCs ({', '.join(sorted(known))})"
                            " or an NPC of this campaign") from None
        if npc.role != "npc":
            raise SoloError(f"{npc.name} is a player character, not a foe")
        against.append({"character": npc.id, "actor": dict(npc.sheet)})
    record = {"system": system.id, "seed": ctx.rng.randint(0, SEED_LIMIT), "options": dict(options or {}),
              "party": party, "foes": against, "choices": []}
    campaign.extra[KEY] = record
    live = current(campaign)
    assert live is not None
    names = [live.encounter.label(a) for a in live.party]
    others = [live.encounter.label(a) for a in live.foes]
    head = ctx.entry("encounter", f"An encounter begins: {_and(names)} against {_and(others)}.",
                     {"begins": True, "system": system.id, "party": names, "foes": others})
    entries = [head] + _entries(ctx, live, 0)
    _write_back(campaign, live)
    if live.encounter.is_over():
        entries.append(_close(campaign, ctx, live, _result_text(live)))
    return entries


@campaign_action("rules.encounter_act")
def encounter_act(campaign: Campaign, ctx: ActionContext, choice: int) -> list[JournalEntry]:
    """The waiting PC takes one of its legal actions; the engine then plays the NPCs."""
    live = current(campaign)
    if live is None:
        raise SoloError("no encounter is running")
    options = live.choices()
    if not isinstance(choice, int) or isinstance(choice, bool) or not 0 <= choice < len(options):
        raise SoloError(f"choose an action from 0 to {len(options) - 1}, not {choice!r}")
    action = options[choice]
    start = len(live.encounter.log)
    live.record["choices"].append({"index": choice, "label": action.label,
                                   "actor": live.encounter.label(action.actor)})
    live.encounter.apply(action)
    _play_npcs(live.encounter, live.party)
    entries = _entries(ctx, live, start)
    _write_back(campaign, live)
    if live.encounter.is_over():
        entries.append(_close(campaign, ctx, live, _result_text(live)))
    return entries


@campaign_action("rules.encounter_end")
def encounter_end(campaign: Campaign, ctx: ActionContext) -> list[JournalEntry]:
    """Stop the encounter now (a retreat, a truce, the GM calling it); harm taken stays."""
    live = current(campaign)
    if live is None:
        raise SoloError("no encounter is running")
    start = len(live.encounter.log)
    end = getattr(live.encounter, "end", None)
    if callable(end) and not live.encounter.is_over():
        end()
    entries = _entries(ctx, live, start)
    text = (_result_text(live) if live.encounter.winner
            else f"The encounter is called off in round {live.encounter.round}.")
    entries.append(_close(campaign, ctx, live, text))
    return entries


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
