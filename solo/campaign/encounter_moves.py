"""Encounters as campaign actions: one running fight (or argument) at a time, kept in the save.

The engine's `Encounter` holds live objects (fighters, holds, wrestling
grips) that have no plain-data form, so a campaign keeps what rebuilds it
instead, in the rules module state under ``encounter``:

* every participant's sheet as it was when the encounter began,
* a seed drawn from the campaign's RNG for the encounter's own dice,
* the encounter's options, and
* the moves the player chose so far (the engine's `Action.to_dict()`), and
* with the player's own dice, ``dice``: the faces each step rolled (the
  opening NPC turns first, then one list per move; null for a step played
  with the seeded dice), so the rebuild rolls them again.

Rebuilding replays those moves on fresh actors with a fresh `Rng(seed)`,
letting the engine play every NPC turn in between exactly as it did the
first time, so undo, replay and separate CLI processes all see the same
fight.  After every step the characters' sheets in the campaign hold where
they stand; when the encounter is over they hold the result (harm taken,
buffers refilled or armour slots cleared, as the system says) and the
running state is cleared.

Action names and parameters, for the CLI and the TUI:

* ``rules.encounter_start(pcs=None, foes=[...], **options)`` - ``pcs`` are
  campaign PCs by name or id (default: every PC with a sheet of the
  campaign's system); each foe is a campaign NPC (name or id, its sheet is
  updated afterwards), a named NPC of the system (``goblin``: a fresh copy)
  or a sheet (a mapping).  ``options`` are the system's encounter options
  (Nine Powers: kind, initiative...; the Resistance Toolbox: distance,
  situation...) and ``max_rounds``.
* ``rules.encounter_act(actor, action)`` - a PC's move: an index into
  `encounter_view(...)["actions"]` (0 for the first) or the action as the
  engine's ``Action.to_dict()`` gives it (``{"kind": "attack", "target":
  "Goblin", "skill": "melee-protect", "difficulty": "medium"}``).  The engine
  then plays the NPCs until a PC must choose again or it is over.
* ``rules.encounter_auto()`` - the engine plays both sides to the end.
* ``rules.encounter_end(outcome="retreat")`` - break it off: retreat,
  surrender, truce or rout (the foes flee).

`encounter_view(campaign)` is the read-only picture for menus: who stands
where, whose turn it is, and the legal moves with their exact odds.

While an encounter runs, its participants' sheets belong to it: checks,
harm and recovery for them through the campaign are refused until it ends
(the rebuild would otherwise forget them).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.actors import (
    MOMENTUM_FLAGS,
    event_data,
    event_lines,
    has_sheet,
    load_actor,
    rules_state,
    system_of,
)
from solo.campaign.journal import JournalEntry
from solo.campaign.state import Campaign, Character, LookupFailed
from solo.dice import Rng, percent
from solo.errors import SoloError
from solo.rules.engine import Action, Actor, Encounter, Event, System
from solo.rules.forecast import FOES, PARTY
from solo.rules.options import parse_options
from solo.tables import TableSet

KEY = "encounter"
LAST = "last_encounter"
OUTCOMES = {
    "retreat": "the party falls back",
    "surrender": "the party gives in",
    "truce": "both sides agree to stop",
    "rout": "the foes break and flee",
}
STANDING = {"retreat": "fell back", "surrender": "gave in", "truce": "stood down", "rout": "held the field"}
MAX_FOES = 12
MAX_ROUNDS = 1000
Who = str | int


@dataclass
class Running:
    """A rebuilt encounter and whose actor is whose."""

    system: System
    encounter: Encounter
    party: list[tuple[Character, Actor]]
    foes: list[tuple[Character | None, Actor]]
    state: dict[str, Any]

    def pc(self, who: Who) -> Actor:
        """A party member by label, name or character id."""
        key = str(who).strip()
        for character, actor in self.party:
            label = self.encounter.label(actor)
            if key.casefold() in (label.casefold(), character.name.casefold()) or key == str(character.id):
                return actor
        names = ", ".join(self.encounter.label(a) for _, a in self.party)
        raise SoloError(f"{who!r} is not in the party of this encounter (the party: {names})")

    def by_label(self, label: Any, what: str) -> Actor:
        for actor in self.encounter.participants:
            if self.encounter.label(actor).casefold() == str(label).strip().casefold():
                return actor
        known = ", ".join(self.encounter.label(a) for a in self.encounter.participants)
        raise SoloError(f"the {what} {label!r} is not in this encounter ({known})")


# -- state -----------------------------------------------------------------------------------

def running_state(campaign: Campaign) -> dict[str, Any] | None:
    state = rules_state(campaign).get(KEY)
    return state if isinstance(state, dict) else None


def busy(campaign: Campaign) -> set[int]:
    """Ids of the campaign characters taking part in the running encounter."""
    state = running_state(campaign)
    if state is None:
        return set()
    return {p["character"] for p in state["party"] + state["foes"] if p.get("character") is not None}


def refuse_if_busy(campaign: Campaign, character: Character, what: str) -> None:
    if character.id in busy(campaign):
        raise SoloError(f"{character.name} is in the running encounter: {what} waits until it is"
                        " over (act in it, let the engine finish it, or end it)")


def _need_running(campaign: Campaign) -> dict[str, Any]:
    state = running_state(campaign)
    if state is None:
        raise SoloError("no encounter is running: start one first")
    return state


def rebuild(campaign: Campaign, tables: TableSet | None = None) -> Running | None:
    """The running encounter, replayed to where it stands (None if there is none).

    Loading the save checked the state's shape; what only the engine can
    judge (a sheet, an option, a recorded move) fails here, and the error
    says it is the saved encounter that is wrong, not the player's move.
    """
    state = running_state(campaign)
    if state is None:
        return None
    system = system_of(campaign, tables)
    if state.get("system") != system.id:
        raise SoloError(f"the running encounter is a {state.get('system')} one, but the campaign now plays"
                        f" {system.id}: end it first")
    try:
        return _replay(campaign, system, state)
    except SoloError as exc:
        raise SoloError(f"the encounter saved in {campaign.name!r} (extra.rules.encounter) cannot be"
                        f" rebuilt: {exc}") from None


def _build(campaign: Campaign, system: System, state: dict[str, Any]) -> Running:
    """The encounter as it begins, before anyone has acted."""
    party = [(campaign.character(p["character"]), system.load_actor(p["sheet"])) for p in state["party"]]
    foes = [(campaign.character(f["character"]) if f.get("character") is not None else None,
             system.load_actor(f["sheet"])) for f in state["foes"]]
    encounter = Encounter(system, {PARTY: [a for _, a in party], FOES: [a for _, a in foes]},
                          Rng(state["seed"]), **state["options"])
    return Running(system, encounter, party, foes, state)


def _replay(campaign: Campaign, system: System, state: dict[str, Any]) -> Running:
    running = _build(campaign, system, state)
    encounter = running.encounter
    dice = state.get("dice") or []
    faces = iter(dice + [None] * (len(state["moves"]) + 1 - len(dice)))
    _with_dice(encounter, next(faces), lambda: _npc_turns(encounter))
    for move in state["moves"]:
        _with_dice(encounter, next(faces), functools.partial(_apply, running, move))
    return running


def _apply(running: Running, move: dict[str, Any]) -> None:
    """A recorded PC move, then the foes until a PC must choose again."""
    running.encounter.apply(_action(running, move))
    _npc_turns(running.encounter)


def _with_dice(encounter: Encounter, faces: Any, play: Any) -> None:
    """Run `play` rolling `faces` (the player's own dice, kept in the state) instead of the seed's."""
    if faces is None:
        play()
        return
    if not isinstance(faces, list):
        raise SoloError(f"the entered dice of a step are {faces!r:.40}, not a list of faces")
    from solo.dice.entered import EnteredDice

    _live_dice(encounter, EnteredDice(faces), play)


def _live_dice(encounter: Encounter, dice: Rng, play: Any) -> list[int]:
    """Run `play` drawing from `dice` (the action's entered dice); the faces it used."""
    seeded, used = encounter.rng, getattr(dice, "used", 0)
    encounter.rng = dice
    try:
        play()
    finally:
        encounter.rng = seeded
    return list(getattr(dice, "faces", [])[used:getattr(dice, "used", 0)])


def _play(running: Running, ctx: ActionContext, play: Any) -> None:
    """A live step: with the player's own dice, they roll it and their faces are kept for the rebuild."""
    state = running.state
    faces: list[int] = []
    if ctx.entered is not None:
        faces = _live_dice(running.encounter, ctx.entered, play)
    else:
        play()
    # A step that threw no die is kept as one played with solo's dice (so is its action record).
    if faces:
        state.setdefault("dice", [None] * (len(state["moves"]) + 1)).append(faces)
    elif "dice" in state:
        state["dice"].append(None)


def _npc_turns(encounter: Encounter) -> None:
    """Let the engine play the foes until a PC must choose or the encounter is over."""
    encounter.run(until=_party_turn)


def _party_turn(encounter: Encounter, actor: Actor) -> bool:
    return encounter.side_of(actor) == PARTY


def _action(running: Running, move: dict[str, Any]) -> Action:
    """An engine Action from its plain form, naming actors by their labels in this encounter."""
    return Action.from_dict(move, running.encounter)


def _plain_move(encounter: Encounter, action: Action) -> dict[str, Any]:
    """The action's plain form, naming actors by their labels ("Goblin 2"), which tell twins apart."""
    return encounter.action_to_dict(action)


# -- writing results back ---------------------------------------------------------------------

def _momentum(actor: Actor) -> dict[str, Any]:
    return {flag: getattr(actor, flag) for flag in MOMENTUM_FLAGS if hasattr(actor, flag)}


def _write_back(campaign: Campaign, running: Running, momentum_before: dict[int, dict[str, Any]]) -> None:
    """Sheets to where the fight left them; momentum only where this step spent or gained it."""
    for character, actor in running.party:
        character.sheet = actor.to_dict()
        for flag, value in _momentum(actor).items():
            if momentum_before.get(id(actor), {}).get(flag) != value:
                setattr(character, flag, bool(value))
    for found, actor in running.foes:
        if found is not None:
            found.sheet = actor.to_dict()


def _step(campaign: Campaign, running: Running, play: Any) -> list[Event]:
    """Run `play()` on the rebuilt encounter and write back what it did; the new events."""
    before = {id(a): _momentum(a) for _, a in running.party}
    mark = len(running.encounter.log)
    play()
    _write_back(campaign, running, before)
    return running.encounter.log[mark:]


def _close(campaign: Campaign, ctx: ActionContext, running: Running,
           outcome: str | None = None) -> JournalEntry:
    """The encounter is over: the summary entry, the last result kept, the running state cleared."""
    enc = running.encounter
    summary = enc.summary()
    result = outcome or enc.result_for(PARTY)
    headline = {"win": "The party wins", "loss": "The party loses", "draw": "Nobody wins"}.get(
        result, f"It ends in a {result}")
    lines = [f"{headline} after {enc.rounds_played} round{'s' if enc.rounds_played != 1 else ''}."]
    for character, actor in running.party:
        taken = enc.harm_taken(actor)
        cost = ", ".join(f"{k} {v}" for k, v in taken.items() if v) or "nothing"
        status = enc.status(actor)
        if status == "fighting":
            status = STANDING[outcome] if outcome else "still standing"
        lines.append(f"{character.name}: {status}; it cost {cost}.")
    summary |= {"result": result, "outcome": outcome}
    state = rules_state(campaign)
    state[KEY] = None
    state[LAST] = summary
    return ctx.entry("encounter", "\n".join(lines), summary)


def _headed(running: Running, number: int, events: list[Event]) -> str:
    """The events' lines, under "Round N" when the journal has not yet said that round began
    (two PCs acting in one round share its heading)."""
    lines = event_lines(events)
    if running.state.get("headed") == number:
        return lines
    running.state["headed"] = number
    return f"Round {number}\n{lines}"


def _entries(campaign: Campaign, ctx: ActionContext, running: Running, events: list[Event],
             data: dict[str, Any], number: int) -> list[JournalEntry]:
    entries = []
    if events:
        entries.append(ctx.entry("encounter", _headed(running, number, events),
                                 data | {"round": number, "events": event_data(events)}))
    if running.encounter.is_over():
        entries.append(_close(campaign, ctx, running))
    else:
        running.state["round"] = running.encounter.round
    return entries


# -- the actions --------------------------------------------------------------------------------

def _foe(campaign: Campaign, system: System, spec: Any, party_ids: set[int]
         ) -> tuple[Character | None, Actor]:
    if isinstance(spec, dict):
        return None, system.load_actor(spec)
    if isinstance(spec, bool) or not isinstance(spec, str | int):
        raise SoloError(f"a foe is a campaign NPC, a named NPC of the system or a sheet, not {spec!r}")
    try:
        found = campaign.character(spec)
    except LookupFailed:
        found = None
    if found is not None:
        if found.id in party_ids:
            raise SoloError(f"{found.name} cannot be on both sides")
        if not has_sheet(found, system):
            raise SoloError(f"{found.name} has no {system.name} sheet to fight with")
        return found, system.load_actor(found.sheet)
    try:
        return None, system.npc(str(spec))
    except SoloError as exc:
        npcs = ", ".join(c.name for c in campaign.npcs if has_sheet(c, system)) or "none"
        raise SoloError(f"{spec!r} is neither an NPC of this campaign ({npcs}) nor one of the"
                        f" system's: {exc}") from None


def fighting_party(campaign: Campaign, system: System, pcs: list[Who] | None = None
                   ) -> tuple[list[Character], list[str]]:
    """Who fights: the PCs named (whatever their state), else every PC with a sheet who is in a
    state to fight; and a line for each one left out."""
    if pcs is not None:
        chosen = [campaign.character(p) for p in pcs]
        if len({c.id for c in chosen}) != len(chosen):
            raise SoloError("a character is named twice in the party")
        return chosen, []
    chars = [c for c in campaign.pcs if has_sheet(c, system)]
    if not chars:
        raise SoloError(f"no player character here has a {system.name} sheet: add one first")
    fit, lines = [], []
    for c in chars:
        why = load_actor(campaign, c, system).unfit()
        if why is None:
            fit.append(c)
        else:
            lines.append(f"{c.name} sits this one out ({why}); choose them for the party to bring them in.")
    if not fit:
        out = ", ".join(f"{c.name}" for c in chars)
        raise SoloError(f"no player character is in a state to fight ({out}): rest first, or choose"
                        " who fights anyway")
    return fit, lines


@campaign_action("rules.encounter_start")
def encounter_start(campaign: Campaign, ctx: ActionContext, pcs: list[Who] | None = None,
                    foes: list[Any] | None = None, **options: Any) -> list[JournalEntry]:
    """Start an encounter between campaign PCs and foes; the engine plays the foes."""
    if running_state(campaign) is not None:
        raise SoloError("an encounter is already running: finish it or end it before starting another")
    system = system_of(campaign, ctx.tables)
    party_chars, sitting_out = fighting_party(campaign, system, pcs)
    if not foes:
        raise SoloError("an encounter needs at least one foe")
    if len(foes) > MAX_FOES:
        raise SoloError(f"at most {MAX_FOES} foes at once, not {len(foes)}")
    party = [(c, load_actor(campaign, c, system)) for c in party_chars]
    ids = {c.id for c in party_chars}
    opponents = [_foe(campaign, system, spec, ids) for spec in foes]
    foe_ids = [c.id for c, _ in opponents if c is not None]
    if len(set(foe_ids)) != len(foe_ids):
        raise SoloError("a campaign NPC is named twice among the foes")
    rounds = options.get("max_rounds", 100)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SoloError(f"max_rounds must be a whole number from 1 to {MAX_ROUNDS}, not {rounds!r}")
    # Values are checked and typed by the system's declaration; an unknown name is left for the engine to
    # refuse, naming what the system's encounters accept.
    declared = {k: v for k, v in options.items() if k != "max_rounds"}
    options = {**options, **parse_options(system.encounter_options, declared, strict=False)}
    # The seed is a number no die gives: in dice mode it comes from the campaign's
    # generator (for the steps later played with solo's dice) and the dice roll the rest.
    seed = campaign.rng.randint(0, 2**32 - 1)
    state: dict[str, Any] = {
        "system": system.id,
        "seed": seed,
        "options": options,
        "party": [{"character": c.id, "sheet": a.to_dict()} for c, a in party],
        "foes": [{"character": c.id if c else None, "sheet": a.to_dict()} for c, a in opponents],
        "moves": [],
        "round": 1,
    }
    rules_state(campaign)[KEY] = state
    if ctx.entered is None:
        running = _replay(campaign, system, state)  # checks the options, plays any NPC opening
    else:
        running = _build(campaign, system, state)
        faces = _live_dice(running.encounter, ctx.entered, lambda: _npc_turns(running.encounter))
        if faces:
            state["dice"] = [faces]
    enc = running.encounter
    names = " and ".join(enc.label(a) for _, a in running.party)
    against = ", ".join(enc.label(a) for _, a in running.foes)
    kind = f", {enc.title}" if enc.title != enc.NOUN else ""
    lines = [f"An encounter begins ({system.name}{kind}): {names} against {against}."]
    lines += sitting_out
    lines += [e.text for e in enc.log]
    return [ctx.entry("encounter", "\n".join(lines), {"started": True, "system": system.id, "seed": seed,
                                                       "options": options,
                                                       "party": [c.name for c, _ in party],
                                                       "foes": [enc.label(a) for _, a in running.foes],
                                                       "foe_ids": foe_ids})]


@campaign_action("rules.encounter_act")
def encounter_act(campaign: Campaign, ctx: ActionContext, actor: Who,
                  action: int | dict[str, Any]) -> list[JournalEntry]:
    """A PC's move in the running encounter; then the engine plays the foes until a PC must choose."""
    _need_running(campaign)
    running = rebuild(campaign, ctx.tables)
    assert running is not None
    enc = running.encounter
    who = running.pc(actor)
    if all(a is not who for a in enc.awaiting()):
        waiting = ", ".join(enc.label(a) for a in enc.awaiting()) or "nobody"
        raise SoloError(f"it is not {enc.label(who)}'s move now (waiting for: {waiting})")
    if isinstance(action, int) and not isinstance(action, bool):
        legal = enc.legal_actions(who)
        if not 0 <= action < len(legal):
            raise SoloError(f"{enc.label(who)} has moves 0 to {len(legal) - 1}, not {action}")
        chosen = legal[action]
    else:
        if not isinstance(action, dict):
            raise SoloError("a move is the number of a listed move or a mapping like the engine's actions")
        chosen = _action(running, {**action, "actor": enc.label(who)})
    move = _plain_move(enc, chosen)
    number = enc.round

    def play() -> None:
        enc.apply(chosen)
        _npc_turns(enc)

    events = _step(campaign, running, lambda: _play(running, ctx, play))
    running.state["moves"].append(move)
    return _entries(campaign, ctx, running, events, {"move": move}, number)


@campaign_action("rules.encounter_auto")
def encounter_auto(campaign: Campaign, ctx: ActionContext) -> list[JournalEntry]:
    """Let the engine play both sides of the running encounter to the end."""
    _need_running(campaign)
    running = rebuild(campaign, ctx.tables)
    assert running is not None
    enc = running.encounter
    rounds: list[tuple[int, list[Event]]] = []

    def play() -> None:
        mark, number = len(enc.log), enc.round

        def each_turn(encounter: Encounter, actor: Actor) -> bool:  # journal the log round by round
            nonlocal mark, number
            if encounter.round != number:
                rounds.append((number, enc.log[mark:]))
                mark, number = len(enc.log), encounter.round
            return False

        enc.run(until=each_turn)
        rounds.append((number, enc.log[mark:]))

    entered = ctx.entered
    _step(campaign, running, lambda: _live_dice(enc, entered, play) if entered is not None else play())
    entries = [ctx.entry("encounter", _headed(running, number, events),
                         {"round": number, "auto": True, "events": event_data(events)})
               for number, events in rounds if events]
    entries.append(_close(campaign, ctx, running))
    return entries


@campaign_action("rules.encounter_end")
def encounter_end(campaign: Campaign, ctx: ActionContext, outcome: str = "retreat") -> list[JournalEntry]:
    """Break the running encounter off: retreat, surrender, truce or rout."""
    _need_running(campaign)
    key = str(outcome).strip().lower()
    if key not in OUTCOMES:
        raise SoloError(f"an encounter ends in {', '.join(OUTCOMES)}, not {outcome!r}")
    running = rebuild(campaign, ctx.tables)
    assert running is not None
    events = _step(campaign, running, lambda: running.encounter.end(OUTCOMES[key]))
    entries = [ctx.entry("encounter", event_lines(events), {"outcome": key, "events": event_data(events)})]
    return entries + [_close(campaign, ctx, running, key)]


# -- the read-only picture ----------------------------------------------------------------------

def _participant(running: Running, character: Character | None, actor: Actor, side: str) -> dict[str, Any]:
    enc = running.encounter
    return {"label": enc.label(actor), "name": actor.name, "side": side,
            "character": character.id if character else None, "status": enc.status(actor),
            "state": enc.fight_state(actor),
            "harm": enc.harm_taken(actor), "stat_block": running.system.stat_block(actor),
            "sheet": actor.to_dict()}


def encounter_view(campaign: Campaign, tables: TableSet | None = None) -> dict[str, Any] | None:
    """The running encounter for a menu (None when none runs); changes nothing.

    ``{"system", "round", "over", "party": [...], "foes": [...], "waiting",
    "actions": [{"index", "label", "action", "odds", "chance", "move", "target",
    "params", "typical"}], "moves": [{"move", "kind", "label", "targets",
    "params", "default"}], "log", "board": [{"title", "lines"}]}``: each participant has its label, name,
    side, campaign character id, status, fight state (what the system says of it in this fight beyond
    its sheet: its place, dice left; may be empty), harm taken, stat block and sheet;
    ``waiting`` is the label of the PC whose move it is, and ``actions`` are
    that PC's legal actions, with the exact odds of the roll each makes where
    it makes one.  A menu does not list them all: it asks for one of
    ``moves``, then its target, then each parameter, narrowing ``actions``
    by ``move``, ``target`` and ``params`` (``typical`` marks the row to show
    for a move before anything else is chosen).  A parameter marked ``open`` may also be typed: its
    values are suggestions, and the move is then made as a mapping (``action`` with that option set).
    """
    running = rebuild(campaign, tables)
    if running is None:
        return None
    enc = running.encounter
    waiting = next((a for a in enc.awaiting() if enc.side_of(a) == PARTY), None)
    actions: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    if waiting is not None:
        for i, row in enumerate(enc.choices(waiting)):
            odds = enc.action_odds(row.action)
            actions.append({"index": i, "label": row.action.label or row.action.kind,
                            "action": _plain_move(enc, row.action), "odds": odds.to_dict() if odds else None,
                            "chance": percent(odds.success) if odds else None, "move": row.move,
                            "target": enc.label(row.target) if row.target is not None else None,
                            "params": dict(row.params), "typical": row.typical})
            if row.move == len(moves):
                template = row.template
                moves.append({"move": row.move, "kind": template.kind, "label": template.label,
                              "targets": [enc.label(t) for t in template.targets],
                              "params": [{"name": name, "values": list(values), "open": name in template.open}
                                         for name, values in template.params
                                         if len(values) > 1 or name in template.open],
                              "default": dict(template.default)})
    return {
        "system": running.system.id,
        "round": enc.round,
        "over": enc.is_over(),
        "party": [_participant(running, c, a, PARTY) for c, a in running.party],
        "foes": [_participant(running, c, a, FOES) for c, a in running.foes],
        "waiting": enc.label(waiting) if waiting is not None else None,
        "actions": actions,
        "moves": moves,
        "log": [e.text for e in enc.log],
        "board": [{"title": title, "lines": list(lines)} for title, lines in enc.board()],
    }
