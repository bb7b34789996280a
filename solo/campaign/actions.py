"""Actions: the one door every change to a campaign goes through.

An action is a function registered under a stable name.  `perform` runs it
and, around it, does the bookkeeping that makes a campaign safe to play:

1. keeps an `UndoStep` (the state before, including the RNG) so the action
   can be taken back exactly — the last `UNDO_DEPTH` of them;
2. runs the action with the campaign's own RNG, the tables and one
   timestamp (injected, so a replay reproduces it);
3. appends the journal entries it returns, and records the action's name,
   JSON parameters and timestamp in the action log.

If the action fails, the campaign is put back as it was and nothing is
logged.  Saving is not done here (see `Session`), so actions stay pure,
testable functions of (campaign, context, parameters).

Because names and parameters are logged, an action must draw every random
number from `ctx.rng`, take everything else it needs from its parameters,
the campaign and `ctx.tables`, and never change the journal itself: it
returns new entries instead.  Then `replay` rebuilds the same journal from
the starting seed and the log.
"""

from __future__ import annotations

import importlib
import inspect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeAlias

from solo.campaign.action_params import check as check_params
from solo.campaign.journal import ActionRecord, JournalEntry, UndoStep, utc_now
from solo.campaign.state import Campaign
from solo.errors import SoloError

if TYPE_CHECKING:
    from solo.dice import Rng
    from solo.tables import TableSet

UNDO_DEPTH = 30
ACTION_NAME = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$")
ENTRY_KIND = re.compile(r"^[a-z][a-z0-9_-]*$")

TablesSource: TypeAlias = "TableSet | Callable[[], TableSet] | None"

# The modules holding solo's own actions, by the first word of the names they
# register ("" for names without a dot).  Each is imported the first time one
# of its names is looked up, so a process that only opens a campaign (the
# TUI's first frame, `solo list`) never loads the oracle, story or rules
# engine behind them.
PROVIDERS: dict[str, tuple[str, ...]] = {
    "": ("solo.campaign.builtin", "solo.campaign.journal_edits", "solo.campaign.previews"),
    "oracle": ("solo.campaign.oracle_moves",),
    "rules": ("solo.campaign.rules_moves", "solo.campaign.encounter_moves"),
    "story": ("solo.campaign.story_moves",),
    "move": ("solo.campaign.system_moves",),
}


class ActionError(SoloError):
    """An action that does not exist or was called with the wrong parameters."""


class ReplayError(ActionError):
    """An action of a campaign's log that fails when replayed; the message gives its number."""


class ActionContext:
    """What an action gets besides the campaign: its RNG, tables and timestamp.

    With `rng` given (the player's own dice, `solo.dice.entered`), the action
    draws from it instead of the campaign's generator.
    """

    def __init__(self, campaign: Campaign, at: str, tables: TablesSource = None,
                 rng: Rng | None = None):
        self.campaign = campaign
        self.at = at
        self._tables = tables
        self._rng = rng

    @property
    def rng(self) -> Rng:
        return self._rng if self._rng is not None else self.campaign.rng

    @property
    def entered(self) -> Rng | None:
        """The player's own dice for this action, or None when it rolls the campaign's."""
        return self._rng

    @property
    def tables(self) -> TableSet:
        """The tables, loaded on first use (many actions never need them)."""
        from solo.tables import TableSet, load_tables

        if self._tables is None:
            self._tables = load_tables()
        elif not isinstance(self._tables, TableSet):
            self._tables = self._tables()
        return self._tables

    def entry(self, kind: str, text: str, data: dict[str, Any] | None = None) -> JournalEntry:
        """A journal entry stamped with this action's time and the scene as it is now."""
        return JournalEntry(self.at, self.campaign.scene.number, kind, text, data or {})


@dataclass(frozen=True)
class Action:
    name: str
    func: Callable[..., list[JournalEntry]]
    signature: inspect.Signature

    @property
    def summary(self) -> str:
        return (inspect.getdoc(self.func) or "").split("\n", 1)[0]


_REGISTRY: dict[str, Action] = {}


def campaign_action(name: str) -> Callable[[Callable[..., list[JournalEntry]]],
                                           Callable[..., list[JournalEntry]]]:
    """Register `func(campaign, ctx, **params) -> list[JournalEntry]` as the action `name`.

    The name is written in every save's action log, so it must never change
    once released; prefix a module's actions if a clash is likely
    (`rules.harm`).  Registering a second function under a taken name is an
    error at import time, so clashes between modules show up at once.
    """
    if not ACTION_NAME.match(name):
        raise ValueError(f"action name {name!r}: use lower-case words joined by _ or .")

    def register(func: Callable[..., list[JournalEntry]]) -> Callable[..., list[JournalEntry]]:
        providers = PROVIDERS.get(_prefix(name), ())
        if func.__module__ not in providers:
            _load(providers)  # so a clash with one of solo's own actions shows here, not later
        existing = _REGISTRY.get(name)
        if existing is not None and (existing.func.__module__, existing.func.__qualname__) != (
                func.__module__, func.__qualname__):
            raise ValueError(f"action {name!r} is already registered by "
                             f"{existing.func.__module__}.{existing.func.__qualname__}")
        signature = inspect.signature(func)
        if len(signature.parameters) < 2:
            raise ValueError(f"action {name!r} must take (campaign, ctx, ...)")
        _REGISTRY[name] = Action(name, func, signature)
        return func

    return register


def _prefix(name: str) -> str:
    return name.split(".", 1)[0] if "." in name else ""


def _load(modules: tuple[str, ...]) -> None:
    for module in modules:
        importlib.import_module(module)


def _load_all() -> None:
    for modules in PROVIDERS.values():
        _load(modules)


def get_action(name: str) -> Action:
    if not isinstance(name, str):
        raise ActionError(f"an action's name is text, not {name!r:.40}")
    action = _REGISTRY.get(name)
    if action is None:
        _load(PROVIDERS.get(_prefix(name), ()))
        action = _REGISTRY.get(name)
    if action is None:
        _load_all()  # so the message lists every action there is
        action = _REGISTRY.get(name)
    if action is None:
        raise ActionError(f"no campaign action named {name!r} (known: {', '.join(sorted(_REGISTRY))});"
                          " it may come from a newer solo")
    return action


def actions() -> dict[str, Action]:
    """Every registered action, by name (solo's own ones are all imported for this)."""
    _load_all()
    return dict(_REGISTRY)


def _plain(value: Any, what: str) -> Any:
    """`value` as JSON would give it back: the form it has after a save and a load."""
    try:
        return json.loads(json.dumps(value, ensure_ascii=False))
    except RecursionError:
        raise ActionError(f"{what}: nested too deeply to be plain data") from None
    except (TypeError, ValueError) as exc:
        raise ActionError(f"{what} must be plain data (text, numbers, lists, mappings): {exc}") from None


def perform(campaign: Campaign, name: str, params: dict[str, Any] | None = None, *,
            tables: TablesSource = None, at: str | None = None,
            undo_depth: int = UNDO_DEPTH, plain_data: bool = True) -> list[JournalEntry]:
    """Run the action `name` on `campaign`; its new journal entries are returned.

    `at` is the action's timestamp (now, unless replaying); `tables` a
    `TableSet` or a function returning one, called only if the action rolls
    on a table.  Entry data is made JSON-plain (as a save and a load would
    leave it, so replays compare equal) unless `plain_data` is False, which
    a scratch campaign that is never saved can afford to skip.
    """
    action = get_action(name)
    params = _plain({} if params is None else params, f"the parameters of {name!r}")
    recorded = params
    entered = None
    if isinstance(params, dict) and ENTERED in params:  # else check_params names what is wrong
        entered = _entered(params[ENTERED])
        params = {k: v for k, v in params.items() if k != ENTERED}
    check_params(name, action.func, action.signature, params)
    try:
        action.signature.bind(campaign, None, **params)
    except TypeError as exc:
        raise ActionError(f"action {name!r}: {exc}") from None
    at = at or utc_now()
    before = _plain(campaign.state_dict(), "the campaign's state")
    marks = len(campaign.journal), len(campaign.actions)
    try:
        entries = action.func(campaign, ActionContext(campaign, at, tables, entered), **params)
        if entered is not None:
            entered.leftover()
        if not isinstance(entries, list) or not all(isinstance(e, JournalEntry) for e in entries):
            raise TypeError(f"action {name!r} must return a list of JournalEntry")
        if (len(campaign.journal), len(campaign.actions)) != marks:
            raise TypeError(f"action {name!r} changed the journal itself; it must return entries")
        for entry in entries:
            if not ENTRY_KIND.match(entry.kind):
                raise TypeError(f"action {name!r} wrote a journal entry of kind {entry.kind!r}")
            if plain_data:
                entry.data = _plain(entry.data, f"the data of a {entry.kind!r} entry")
        _plain(campaign.state_dict(), f"the campaign's state after {name!r}")
    except BaseException:
        campaign.load_state(before)
        del campaign.journal[marks[0]:]
        del campaign.actions[marks[1]:]
        raise
    if entered is not None and entered.faces:
        entries = said_entered(entries, entered.faces)
    campaign.journal.extend(entries)
    if entered is not None and not entered.faces:
        recorded = params  # no die was thrown: the record is the same as with solo's dice
    campaign.actions.append(ActionRecord(name, recorded, at))
    campaign.undo.append(UndoStep(name, at, before, *marks))
    if len(campaign.undo) > undo_depth:
        del campaign.undo[: len(campaign.undo) - undo_depth]
    campaign.redo.clear()  # a new action: what was undone can no longer be done again
    return entries


ENTERED = "entered_dice"  # the faces of the player's own dice, in an action's parameters


def said_entered(entries: list[JournalEntry], faces: list[int]) -> list[JournalEntry]:
    """`entries` with the first saying which faces the player rolled: "(your dice: 4, 2)".

    The faces also go in its data (`entered_dice`), so a reader of the journal
    knows the result came from the table, not from solo's generator.
    """
    if not entries:
        return entries
    first = entries[0]
    said = f"(your dice: {', '.join(map(str, faces))})"
    text = first.text + ("\n" if "\n" in first.text else " ") + said
    return [replace(first, text=text, data={**first.data, ENTERED: list(faces)}), *entries[1:]]


def _entered(faces: Any) -> Any:
    """The player's dice for an action (None: the campaign's own)."""
    if faces is None:
        return None
    from solo.dice.entered import EnteredDice

    if not isinstance(faces, list) or not all(isinstance(f, int) and not isinstance(f, bool)
                                              for f in faces):
        raise ActionError(f"{ENTERED} must be a list of whole numbers, not {faces!r:.60}")
    return EnteredDice(faces)


def undo(campaign: Campaign) -> tuple[UndoStep, list[JournalEntry]]:
    """Take back the last action: state, RNG, journal and action log as they were before it.

    Returns the step undone and the journal entries it removed.
    """
    if not campaign.undo:
        raise SoloError(f"nothing to undo in {campaign.name!r}: no action is left to take back"
                        f" (solo keeps the last {UNDO_DEPTH})")
    step = campaign.undo[-1]
    removed = campaign.journal[step.journal:]
    redo_step = _redo_step(campaign, step, removed)
    campaign.load_state(step.state, "undo step")
    campaign.undo.pop()
    del campaign.journal[step.journal:]
    del campaign.actions[step.actions:]
    campaign.redo.append(redo_step)
    return step, removed


def _redo_step(campaign: Campaign, step: UndoStep, removed: list[JournalEntry]) -> dict[str, Any]:
    """What redoing the action `step` takes back needs: its record, its entries, the state after it.

    Redo puts these back rather than running the action again, so it needs
    no tables and lands exactly where the action did, dice included.
    """
    record = campaign.actions[step.actions] if len(campaign.actions) > step.actions else None
    return {"name": record.name if record else step.action,
            "params": record.params if record else {}, "at": record.at if record else step.at,
            "entries": [e.to_dict() for e in removed],
            "state": _plain(campaign.state_dict(), "the campaign's state")}


def redo(campaign: Campaign, undo_depth: int = UNDO_DEPTH) -> tuple[str, list[JournalEntry]]:
    """Do again the action undone last, exactly as it was (its entries, state and dice).

    Possible after an undo until any new action is performed (that empties
    `campaign.redo`).  Returns the action's name and the entries put back.
    """
    from solo.campaign.document import entry_from

    if not campaign.redo:
        raise SoloError(f"nothing to redo in {campaign.name!r}: redo brings back what undo took,"
                        " until a new move is played")
    step = campaign.redo[-1]
    entries = [entry_from(d, f"redo.entries[{i}]") for i, d in enumerate(step["entries"])]
    before = _plain(campaign.state_dict(), "the campaign's state")
    marks = len(campaign.journal), len(campaign.actions)
    campaign.load_state(step["state"], "redo step")
    campaign.journal.extend(entries)
    campaign.actions.append(ActionRecord(step["name"], step["params"], step["at"]))
    campaign.undo.append(UndoStep(step["name"], step["at"], before, *marks))
    if len(campaign.undo) > undo_depth:
        del campaign.undo[: len(campaign.undo) - undo_depth]
    campaign.redo.pop()
    return step["name"], entries


def replay(campaign: Campaign, *, tables: TablesSource = None) -> Campaign:
    """A new campaign rebuilt from `campaign`'s starting seed and settings and its action log.

    It matches the original as long as the tables the actions rolled on are
    unchanged (user tables edited since can change what a roll landed on).
    Every action's parameters are checked before it runs (`action_params`),
    so a hand-edited log fails with a `ReplayError` naming the action's
    number in the log and the field, never with a Python error.
    """
    from solo.tables import TableSet

    fresh = Campaign.new(campaign.name, seed=campaign.seed, created=campaign.created,
                         **campaign.origin)
    if tables is not None and not isinstance(tables, TableSet):
        tables = tables()
    for number, record in enumerate(campaign.actions, 1):
        try:
            perform(fresh, record.name, record.params, tables=tables, at=record.at)
        except SoloError as exc:
            raise ReplayError(f"action {number} of {len(campaign.actions)} in the log"
                              f" ({_short(record.name)}) cannot be replayed: {exc}") from None
    return fresh


def _short(name: Any) -> str:
    text = repr(name)
    return text if len(text) <= 40 else text[:37] + "..."


def differences(recorded: Campaign, replayed: Campaign, limit: int = 5) -> list[str]:
    """Where a replay departs from the recorded campaign (empty when identical)."""
    found: list[str] = []
    a, b = recorded.journal, replayed.journal
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            found.append(f"journal entry {i + 1}: recorded {x.text!r}, replayed {y.text!r}")
            if len(found) >= limit:
                return found
    if len(a) != len(b):
        found.append(f"the recorded journal has {len(a)} entries, the replay {len(b)}")
    mine, theirs = _plain(recorded.state_dict(), "state"), _plain(replayed.state_dict(), "state")
    changed = [key for key in mine if mine[key] != theirs.get(key)]
    if changed:
        found.append("the final state differs in: " + ", ".join(changed))
    return found[:limit]
