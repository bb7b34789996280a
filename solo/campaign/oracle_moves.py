"""The oracle's moves as campaign actions: journaled, saved, undoable, replayable.

`solo.oracle` holds the moves as pure functions of plain values; this module
is the glue that feeds them the campaign's numbers (chaos factor, countdown
marks, clues, a character's set-up-well and leverage, the lists of threads
and characters) and writes the results back.  It sits in the campaign layer
because the campaign is the layer above the oracle; `solo.campaign` imports
it, so any process that can load a campaign can also replay these actions.

Action names are written into every save's action log and must never change.

Readings chosen:

* Whose momentum a fate check enjoys: the character named, else the only
  player character when there is exactly one, else none (the player may
  still say ``set_up_well`` / ``leverage`` outright).
* A clue's benefit is rolled once per scene, when the scene starts with any
  clue held (or later with ``oracle.clue_roll`` if none was rolled yet); it
  is kept in the oracle's module state until the next scene.  Spending a
  clue always buys *that* benefit.  A "fate" benefit is spent on a question
  (``oracle.ask`` with ``spend_clue``).
* Every journey and every spell of preparing (getting set up well) puts a
  mark on the countdown and rolls it, as Nine Powers says.  A journey's
  check is settled when the player reports it, now or in a later
  ``oracle.journey_resolve``; only one journey waits at a time.
* With no rule system (or no PC with a sheet of it), a journey's harm or
  recovery is recorded for every player character but not applied to a
  sheet, and the check waits for the player's word.  With one, the harm or
  recovery, the check and the outcome's effects go through the rules engine
  (`party_effects.py`); a result the player reports still wins, since they
  may have rolled real dice.  Complication rows with an ``effect`` are
  treated the same way.
* Leverage the long way (``oracle.leverage``) needs a successful wealth
  check, never comes free.  A PC with a Nine Powers sheet rolls it through
  the engine (`System.leverage_check`) at medium difficulty unless another
  is named - medium is what buying at an impact equal to one's wealth
  costs (RULES.md §2.4) - and success pays 1 wealth, the costly thing the
  seed has the player name.  Without such a sheet the player reports the
  result of their own roll.  The time spent somewhere safe is told in the
  journal.
* ``--chaos`` on a question is a one-off: the campaign's chaos factor moves
  only at the end of a scene.
"""

from __future__ import annotations

from typing import Any

from solo.campaign.actions import ActionContext, campaign_action
from solo.campaign.actors import event_lines, has_sheet, load_actor, store_actor, system_of
from solo.campaign.encounter_moves import busy, refuse_if_busy
from solo.campaign.journal import JournalEntry
from solo.campaign.party_effects import Engine, apply_effect, engine_check, engine_for
from solo.campaign.rules_moves import roll_check
from solo.campaign.state import Campaign, Character
from solo.campaign.surprises import sharpen, turn_event
from solo.dice.entered import DiceNeeded
from solo.errors import SoloError
from solo.oracle import (
    CheckReport,
    JourneyEvent,
    Momentum,
    RandomEvent,
    Resolver,
    StoryLists,
    bank_a_one,
    check_chaos,
    clock_advance,
    clue_benefit,
    countdown_mark,
    countdown_roll,
    countdown_step,
    end_scene_chaos,
    fate_check,
    gain_leverage,
    journey_event,
    meaning,
    muse,
    pick_one,
    random_event,
    reported,
    resolve_journey,
    scene_check,
    spend_for_bonus,
    stall,
)
from solo.oracle.countdown import CountdownResult, check_clock_name, check_clock_size
from solo.oracle.journey import event_from_dict, parse_result
from solo.rules import registry

MODULE = "oracle"
Who = str | int | None  # a character by id or name; None: the only PC, if there is one
MAX_QUESTION = 500
MAX_THREAD = 300


# -- helpers ----------------------------------------------------------------------------------

def _state(campaign: Campaign) -> dict[str, Any]:
    return campaign.module_state(MODULE)


def story_lists(campaign: Campaign) -> StoryLists:
    """What random events draw names from: open threads, NPCs and notables, PCs."""
    return StoryLists.of(
        threads=[t.text for t in campaign.open_threads],
        characters=[c.name for c in campaign.npcs] + [n.name for n in campaign.notables],
        pcs=[c.name for c in campaign.pcs],
    )


def note_newcomer(campaign: Campaign, event: RandomEvent | None) -> None:
    """Someone a random event brings into the story joins the notables (once), so later events
    and the side panel know them."""
    if event is None or not event.newcomer:
        return
    name = event.newcomer
    if not any(n.name.casefold() == name.casefold() for n in campaign.notables):
        campaign.add_notable(name, "person", f"entered the story in a random event ({event.meaning.text})")


def _pc(campaign: Campaign, character: str | int | None, required: bool) -> Character | None:
    if character is not None and str(character).strip():
        return campaign.character(character)
    pcs = campaign.pcs
    if len(pcs) == 1:
        return pcs[0]
    if not required:
        return None
    if not pcs:
        raise SoloError("this campaign has no player characters yet: add one first"
                        " (a character of the campaign's rule system)")
    raise SoloError("which character? name one of: " + ", ".join(c.name for c in pcs))


def _momentum(campaign: Campaign, pc: Character) -> Momentum:
    return Momentum(pc.set_up_well, pc.leverage, campaign.clues)


def _store(campaign: Campaign, pc: Character, momentum: Momentum) -> None:
    pc.set_up_well, pc.leverage, campaign.clues = momentum.set_up_well, momentum.leverage, momentum.clues


def _text(value: Any, what: str, limit: int) -> str:
    text = " ".join(str(value or "").split())
    if not text:
        raise SoloError(f"{what} needs some text")
    if len(text) > limit:
        raise SoloError(f"{what} is {len(text)} characters long; keep it under {limit}")
    return text


def _countdown_entries(ctx: ActionContext, result: CountdownResult) -> list[JournalEntry]:
    """The countdown's entry, and what a complication's effect does to the party."""
    campaign = ctx.campaign
    campaign.countdown = result.new_marks
    entries = [ctx.entry("countdown", result.text, result.to_dict())]
    if result.effect is not None:
        effect, paid = sharpen(campaign, ctx, result.effect)
        entries += paid + apply_effect(campaign, ctx, effect, engine_for(campaign, ctx), "a complication")
    return entries


def _scene_clue(campaign: Campaign) -> dict[str, Any] | None:
    clue = _state(campaign).get("scene_clue")
    if isinstance(clue, dict) and clue.get("scene") == campaign.scene.number:
        return clue
    return None


# -- the fate check ---------------------------------------------------------------------------

@campaign_action("oracle.ask")
def ask(campaign: Campaign, ctx: ActionContext, question: str, odds: str = "balanced",
        chaos: int | None = None, character: Who = None, set_up_well: bool = False,
        leverage: bool = False, spend_clue: bool = False) -> list[JournalEntry]:
    """Ask fate a yes/no question."""
    question = _text(question, "a question", MAX_QUESTION)
    pc = _pc(campaign, character, required=False)
    well = bool(set_up_well) or bool(pc and pc.set_up_well)
    lev = bool(leverage) or bool(pc and pc.leverage)
    level = campaign.chaos if chaos is None else check_chaos(chaos)
    if spend_clue:
        if campaign.clues < 1:
            raise SoloError("no clue is held, so none can be spent on this question")
        clue = _scene_clue(campaign)
        if clue is None or clue.get("effect") != "fate":
            now = f"it is: {clue['benefit']}" if clue else "none has been rolled for this scene"
            raise SoloError("a clue answers a fate check only when this scene's clue benefit"
                            f" says so ({now})")
        campaign.clues -= 1
    try:
        result = fate_check(question, odds, level, well, lev, ctx.rng, ctx.tables,
                            lists=story_lists(campaign), spend_clue=spend_clue)
    except DiceNeeded as needed:  # the player rolls: the exact odds go with the die they are asked for
        if not needed.before:
            from solo.dice import percent
            from solo.oracle import fate_odds

            chances = fate_odds(odds, level, well, lev)
            needed.before = (f"{chances.odds.replace('-', ' ')} at chaos {level}: chance of yes"
                             f" {percent(chances.yes)}")
        raise
    note_newcomer(campaign, result.random_event)
    data = result.to_dict() | {"character": pc.name if pc else None, "clues_left": campaign.clues}
    return [ctx.entry("oracle", result.text, data), *turn_event(campaign, ctx, bool(result.random_event))]


# -- scenes and clues -------------------------------------------------------------------------

@campaign_action("oracle.scene_start")
def scene_start(campaign: Campaign, ctx: ActionContext, expectation: str) -> list[JournalEntry]:
    """Start the next scene: test the expectation against chaos, roll the clue table if clues are held."""
    result = scene_check(expectation, campaign.chaos, ctx.rng, ctx.tables)
    unended = campaign.scene.number if campaign.scene.open else None
    scene = campaign.start_scene(result.expectation)
    text = f"Scene {scene.number}: {result.body}"
    if unended is not None:
        text += f" (Scene {unended} was left without an end, so chaos did not move.)"
    entries = [ctx.entry("scene", text, result.to_dict() | {"number": scene.number})]
    state = _state(campaign)
    state["scene_clue"] = None
    if campaign.clues > 0:
        benefit = clue_benefit(ctx.rng, ctx.tables)
        state["scene_clue"] = benefit.to_dict() | {"scene": scene.number}
        held = f"{campaign.clues} clue{'s' if campaign.clues != 1 else ''} held"
        entries.append(ctx.entry("clue", f"{benefit.text} ({held}: spend one or keep them.)",
                                 benefit.to_dict() | {"clues": campaign.clues}))
    return entries


@campaign_action("oracle.scene_end")
def scene_end(campaign: Campaign, ctx: ActionContext, chaos: str = "same") -> list[JournalEntry]:
    """End the open scene and move the chaos factor up, down or not at all."""
    before = campaign.chaos
    after = end_scene_chaos(before, chaos)
    scene = campaign.end_scene()
    campaign.chaos = after
    if after != before:
        moved = f"chaos factor {before} -> {after}"
    elif chaos in ("up", "down"):
        moved = f"chaos factor stays at {after}, its {'top' if chaos == 'up' else 'bottom'}"
    else:
        moved = f"chaos factor stays at {after}"
    return [ctx.entry("scene", f"Scene {scene.number} ends; {moved}.",
                      {"number": scene.number, "chaos_before": before, "chaos": after,
                       "direction": chaos})]


@campaign_action("oracle.clue_roll")
def clue_roll(campaign: Campaign, ctx: ActionContext) -> list[JournalEntry]:
    """Roll what a clue can buy in this scene, if it was not rolled when the scene began."""
    existing = _scene_clue(campaign)
    if existing is not None:
        raise SoloError(f"this scene's clue benefit is already rolled: {existing['benefit']}")
    benefit = clue_benefit(ctx.rng, ctx.tables)
    _state(campaign)["scene_clue"] = benefit.to_dict() | {"scene": campaign.scene.number}
    held = f"{campaign.clues} clue{'s' if campaign.clues != 1 else ''} held"
    return [ctx.entry("clue", f"{benefit.text} ({held}.)", benefit.to_dict() | {"clues": campaign.clues})]


@campaign_action("oracle.clue_gain")
def clue_gain(campaign: Campaign, ctx: ActionContext, character: Who = None) -> list[JournalEntry]:
    """Bank a clue (a die that rolled 1 outside a contest, given up for it)."""
    who = campaign.character(character).name if character not in (None, "") else None
    campaign.clues += 1
    lead = f"{who} finds a clue" if who else "A clue is found"
    return [ctx.entry("clue", f"{lead}: {campaign.clues} held.", {"clues": campaign.clues, "character": who})]


CLUE_GAINS = ("set-up-well", "leverage")


@campaign_action("oracle.clue_spend")
def clue_spend(campaign: Campaign, ctx: ActionContext, character: Who = None,
               gain: str | None = None) -> list[JournalEntry]:
    """Spend a clue on this scene's benefit.

    Benefits that change a character do so: "set up well or leverage" gives
    the one the player chooses (`gain`; without it, set up well, or leverage
    for someone already set up well), and "renewed hope" wins back what the
    system's `renewed_hope` says (1 heroism in Nine Powers) on the named PC's sheet.
    """
    if campaign.clues < 1:
        raise SoloError("no clue is held: there is nothing to spend")
    clue = _scene_clue(campaign)
    if clue is None:
        raise SoloError("no clue benefit has been rolled for this scene yet (roll it first)")
    if clue.get("effect") == "fate":
        raise SoloError("this scene's benefit answers a fate check: spend the clue on the question itself")
    data: dict[str, Any] = {"benefit": clue["benefit"], "effect": clue.get("effect")}
    after = ""
    if gain is not None and clue.get("effect") != "momentum":
        raise SoloError(f"this scene's clue buys {clue['benefit']!r}: there is no set up well or leverage"
                        " to choose")
    if clue.get("effect") == "momentum":
        pc = _pc(campaign, character, required=True)
        assert pc is not None
        gained = _clue_momentum(pc, gain)
        data |= {"character": pc.name, "gained": gained}
        text = f"A clue is spent: {pc.name} is now {gained if gained != 'leverage' else 'holding leverage'}."
    elif clue.get("effect") == "heroism":
        pc = _pc(campaign, character, required=True)
        assert pc is not None
        lines = _renewed_hope(campaign, ctx, pc)
        data |= {"character": pc.name}
        after = f"\n{lines}" if lines else ""
        text = f"A clue is spent: {clue['benefit']}"
    else:
        text = f"A clue is spent: {clue['benefit']}"
    campaign.clues -= 1
    data["clues"] = campaign.clues
    return [ctx.entry("clue", f"{text} ({campaign.clues} left.){after}", data)]


def _clue_momentum(pc: Character, gain: str | None) -> str:
    """The clue's "set up well or leverage", as the player chooses; the default is the next one up."""
    if gain is None:
        gain = "leverage" if pc.set_up_well else "set-up-well"
    which = str(gain).strip().lower().replace("_", "-").replace(" ", "-")
    if which not in CLUE_GAINS:
        raise SoloError(f"a clue's momentum is set-up-well or leverage, not {gain!r}")
    if which == "set-up-well":
        if pc.set_up_well:
            raise SoloError(f"{pc.name} is already set up well: choose leverage")
        pc.set_up_well = True
        return "set up well"
    if pc.leverage:
        other = "" if pc.set_up_well else ": choose set-up-well"
        raise SoloError(f"{pc.name} already holds leverage{other}")
    pc.leverage = True
    return "leverage"


def _renewed_hope(campaign: Campaign, ctx: ActionContext, pc: Character) -> str:
    """The system's renewed hope on the PC's sheet; nothing to change without a system or sheet."""
    if not campaign.system or campaign.system not in registry.ids():
        return ""
    system = system_of(campaign, ctx.tables)
    if not has_sheet(pc, system):
        return f"({pc.name} has no {system.name} sheet to change.)"
    refuse_if_busy(campaign, pc, "a clue's renewed hope")
    actor = load_actor(campaign, pc, system)
    events = system.renewed_hope(actor)
    store_actor(campaign, pc, actor)
    return event_lines(events)


# -- set up well and leverage -----------------------------------------------------------------

@campaign_action("oracle.prepare")
def prepare(campaign: Campaign, ctx: ActionContext, character: Who = None) -> list[JournalEntry]:
    """A character spends time getting set up well; the other side gains ground too (a countdown mark)."""
    pc = _pc(campaign, character, required=True)
    assert pc is not None
    momentum, _ = bank_a_one(_momentum(campaign, pc), "set-up-well")
    _store(campaign, pc, momentum)
    return [ctx.entry("momentum", f"{pc.name} takes time to get set up well.",
                      {"character": pc.name, **momentum.to_dict()}),
            *_countdown_entries(ctx, countdown_step(campaign.countdown, ctx.rng, ctx.tables))]


@campaign_action("oracle.trade_one")
def trade_one(campaign: Campaign, ctx: ActionContext, trade: str = "momentum",
              character: Who = None) -> list[JournalEntry]:
    """Give up a die that rolled 1 (outside a contest) for set-up-well, leverage or a clue."""
    pc = _pc(campaign, character, required=True)
    assert pc is not None
    momentum, gained = bank_a_one(_momentum(campaign, pc), trade)
    _store(campaign, pc, momentum)
    return [ctx.entry("momentum", f"{pc.name} trades a rolled 1 for {gained}: {momentum.text}.",
                      {"character": pc.name, "gained": gained, **momentum.to_dict()})]


@campaign_action("oracle.leverage")
def leverage_gain(campaign: Campaign, ctx: ActionContext, character: Who = None, result: str | None = None,
                  difficulty: str = "medium") -> list[JournalEntry]:
    """Gain leverage the long way: a successful wealth check, then time somewhere safe.

    A PC with a sheet of a system that has a wealth check (Nine Powers) rolls
    it through the engine at `difficulty` (medium unless said otherwise);
    success pays 1 wealth and gives leverage.  Anyone else reports how their
    own wealth check went (`result`); a failure gives nothing.
    """
    pc = _pc(campaign, character, required=True)
    assert pc is not None
    if pc.leverage:
        raise SoloError(f"{pc.name} already has leverage: spend it before buying more")
    system = system_of(campaign, ctx.tables) if campaign.system in registry.ids() else None
    if system is not None and system.wealth_check_options is not None and has_sheet(pc, system):
        if result is not None:
            raise SoloError(f"{pc.name} has a {system.name} sheet, so the engine rolls the wealth check"
                            " (leave out the result; choose how hard it is with the difficulty)")
        refuse_if_busy(campaign, pc, "buying leverage")
        rolled = roll_check(campaign, system, pc, None, difficulty, dict(system.wealth_check_options),
                            ctx.rng, roll=lambda actor, diff, options: system.leverage_check(
                                actor, diff, ctx.rng, **options))
        return [ctx.entry("momentum", rolled.text, rolled.to_dict() | {"gained": pc.leverage,
                                                                        "leverage": pc.leverage})]
    if result is None:
        raise SoloError(f"leverage takes a successful wealth check: roll it for {pc.name} and report"
                        " the result (--result success|failure)")
    if not parse_result(result):
        return [ctx.entry("momentum", f"{pc.name}'s wealth check fails: no leverage this time.",
                          {"character": pc.name, "success": False, "gained": False,
                           **_momentum(campaign, pc).to_dict()})]
    momentum = gain_leverage(_momentum(campaign, pc))
    _store(campaign, pc, momentum)
    return [ctx.entry("momentum", f"{pc.name}'s wealth check succeeds; after time somewhere safe to make"
                      f" the most of what it bought, {pc.name} has leverage.",
                      {"character": pc.name, "success": True, "gained": True, **momentum.to_dict()})]


@campaign_action("oracle.spend_momentum")
def spend_momentum(campaign: Campaign, ctx: ActionContext, which: str,
                   character: Who = None) -> list[JournalEntry]:
    """Spend set-up-well or leverage for a big bonus on one roll."""
    pc = _pc(campaign, character, required=True)
    assert pc is not None
    before = _momentum(campaign, pc)
    momentum = spend_for_bonus(before, which)
    _store(campaign, pc, momentum)
    label = "leverage" if momentum.leverage != before.leverage else "set up well"
    return [ctx.entry("momentum", f"{pc.name} spends {label} for a big bonus.",
                      {"character": pc.name, "spent": label, **momentum.to_dict()})]


# -- countdown and clocks ---------------------------------------------------------------------

@campaign_action("oracle.countdown_mark")
def countdown_add(campaign: Campaign, ctx: ActionContext, roll: bool = True) -> list[JournalEntry]:
    """Put a mark on the complication countdown and (normally) roll it."""
    if roll:
        return _countdown_entries(ctx, countdown_step(campaign.countdown, ctx.rng, ctx.tables))
    campaign.countdown = countdown_mark(campaign.countdown)
    n = campaign.countdown
    return [ctx.entry("countdown", f"Countdown: {n} mark{'s' if n != 1 else ''} (not rolled).",
                      {"marks": n, "rolled": False})]


@campaign_action("oracle.countdown_roll")
def countdown_check(campaign: Campaign, ctx: ActionContext) -> list[JournalEntry]:
    """Roll the countdown against the marks already on it."""
    return _countdown_entries(ctx, countdown_roll(campaign.countdown, ctx.rng, ctx.tables))


@campaign_action("oracle.clock")
def clock(campaign: Campaign, ctx: ActionContext, name: str, segments: int | None = None,
          advance: int = 0) -> list[JournalEntry]:
    """Make a clock if it is new (4, 6 or 8 segments) and advance it."""
    name = check_clock_name(name)
    found = next((c for c in campaign.clocks if c.name.casefold() == name.casefold()), None)
    entries = []
    if found is None:
        found = campaign.add_clock(name, check_clock_size(4 if segments is None else segments))
        entries.append(ctx.entry("clock", f"New clock '{found.name}' of {found.segments} segments.",
                                 {"name": found.name, "segments": found.segments, "filled": 0}))
    elif segments is not None and segments != found.segments:
        raise SoloError(f"clock '{found.name}' has {found.segments} segments, not {segments}")
    if advance:
        result = clock_advance(found.name, found.segments, found.filled, advance)
        found.filled = result.filled
        entries.append(ctx.entry("clock", result.text, result.to_dict()))
    if not entries:
        raise SoloError(f"clock '{found.name}' already exists; say how far to advance it")
    return entries


@campaign_action("oracle.clock_remove")
def clock_remove(campaign: Campaign, ctx: ActionContext, name: str) -> list[JournalEntry]:
    """Take a clock off the table."""
    found = campaign.clock(name)
    campaign.clocks.remove(found)
    return [ctx.entry("clock", f"Clock '{found.name}' is removed at {found.filled}/{found.segments}.",
                      found.to_dict())]


# -- journeys ---------------------------------------------------------------------------------

def journey_resolver(campaign: Campaign, result: str | None, approach: str | None) -> Resolver | None:
    """The player's own report of a journey's check, if they gave one (it always wins over the engine).

    None when nothing was reported: then the rules engine rolls the check
    when the campaign has one (`party_effects.engine_check`), or the journey
    waits for the player's word.
    """
    if result is None:
        return None
    return reported(result, approach)


def _journey_outcome(campaign: Campaign, ctx: ActionContext, event: JourneyEvent, resolver: Resolver,
                     engine: Engine | None, who: str | None = None) -> list[JournalEntry]:
    outcome = resolve_journey(event, resolver)
    effect = outcome.result.effect
    _state(campaign)["journey_pending"] = None
    how = "Success" if outcome.success else "Failure"
    said = ", ".join(x for x in (who, outcome.report.approach) if x)
    if said:
        how += f" ({said})"
    text = f"{how}: {outcome.result.text}"
    if effect.action != "none":
        text += f" [{effect.text}]"
    more = apply_effect(campaign, ctx, effect, engine, "the journey")
    data = outcome.to_dict() | {"applies_to": [c.name for c in campaign.pcs], "clues": campaign.clues,
                                "marks": campaign.countdown, "character": who}
    return [ctx.entry("journey", text, data), *more]


@campaign_action("oracle.journey")
def journey(campaign: Campaign, ctx: ActionContext, setting: str = "wild", result: str | None = None,
            approach: str | None = None, character: Who = None) -> list[JournalEntry]:
    """Travel: an event that touches every PC, a countdown mark, then the check (now or later).

    With a rule system and PCs with its sheets, the event's harm or recovery
    is dealt through the engine and, unless `result` reports the player's own
    roll, the engine rolls the check (for `character` if named).
    """
    if _state(campaign).get("journey_pending"):
        raise SoloError("the last journey's check is still waiting: report how it went first")
    engine = engine_for(campaign, ctx)
    if engine is not None and busy(campaign):
        raise SoloError("an encounter is running: finish it (or end it) before travelling on")
    if character not in (None, "") and engine is None:
        raise SoloError("naming who takes the journey's check needs a rule system with a PC sheet;"
                        " report the result instead")
    resolver = journey_resolver(campaign, result, approach)
    event = journey_event(ctx.rng, ctx.tables, setting)
    pcs = [c.name for c in campaign.pcs]
    entries = [ctx.entry("journey", event.text, event.to_dict() | {"applies_to": pcs})]
    entries += apply_effect(campaign, ctx, event.effect, engine, "the journey")
    entries += _countdown_entries(ctx, countdown_step(campaign.countdown, ctx.rng, ctx.tables))
    if resolver is None and engine is None:
        _state(campaign)["journey_pending"] = event.to_dict()
        return entries
    who = None
    if resolver is None:
        assert engine is not None
        rolled = engine_check(campaign, ctx, engine, event.check, approach, character)
        entries.append(ctx.entry("check", rolled.text, rolled.to_dict() | {"journey": True}))
        report = CheckReport(rolled.success, rolled.result.approach, rolled.result.degree, rolled.text)
        resolver, who = (lambda request: report), rolled.character.name
    elif character not in (None, ""):
        who = campaign.character(character).name
    return entries + _journey_outcome(campaign, ctx, event, resolver, engine, who)


@campaign_action("oracle.journey_resolve")
def journey_resolve(campaign: Campaign, ctx: ActionContext, result: str,
                    approach: str | None = None) -> list[JournalEntry]:
    """Report how the waiting journey's check went."""
    pending = _state(campaign).get("journey_pending")
    if not pending:
        raise SoloError("no journey is waiting for its check")
    resolver = journey_resolver(campaign, result, approach)
    assert resolver is not None
    return _journey_outcome(campaign, ctx, event_from_dict(pending), resolver, engine_for(campaign, ctx))


# -- inspiration ------------------------------------------------------------------------------

@campaign_action("oracle.meaning")
def meaning_move(campaign: Campaign, ctx: ActionContext, muse_words: int = 0) -> list[JournalEntry]:
    """A meaning pair (action and subject), or descriptive muse words."""
    if muse_words:
        words = muse(ctx.rng, ctx.tables, muse_words)
        return [ctx.entry("oracle", words.text, words.to_dict())]
    pair = meaning(ctx.rng, ctx.tables)
    return [ctx.entry("oracle", f"Meaning: {pair.text}", pair.to_dict())]


@campaign_action("oracle.stall")
def stall_move(campaign: Campaign, ctx: ActionContext) -> list[JournalEntry]:
    """The story has stalled: someone acts, or a complication arrives."""
    result = stall(ctx.rng, ctx.tables, story_lists(campaign).characters)
    return [ctx.entry("oracle", result.text, result.to_dict())]


@campaign_action("oracle.event")
def event_move(campaign: Campaign, ctx: ActionContext) -> list[JournalEntry]:
    """A random event on demand: a focus drawn from the story's lists, and a meaning pair."""
    result = random_event(ctx.rng, ctx.tables, story_lists(campaign))
    note_newcomer(campaign, result)
    return [ctx.entry("oracle", result.text, result.to_dict()), *turn_event(campaign, ctx, True)]


# -- threads and notables ---------------------------------------------------------------------

@campaign_action("oracle.thread_add")
def thread_add(campaign: Campaign, ctx: ActionContext, text: str) -> list[JournalEntry]:
    """Add a thread: an open story goal."""
    thread = campaign.add_thread(_text(text, "a thread", MAX_THREAD))
    return [ctx.entry("thread", f"New thread {thread.id}: {thread.text}", thread.to_dict())]


@campaign_action("oracle.thread_close")
def thread_close(campaign: Campaign, ctx: ActionContext, thread: str | int) -> list[JournalEntry]:
    """Close a thread (it stays listed, closed)."""
    found = campaign.thread(thread)
    if not found.open:
        raise SoloError(f"thread {found.id} is already closed: {found.text}")
    found.open = False
    return [ctx.entry("thread", f"Thread {found.id} closed: {found.text}", found.to_dict())]


@campaign_action("oracle.thread_random")
def thread_random(campaign: Campaign, ctx: ActionContext) -> list[JournalEntry]:
    """Pick one open thread at random."""
    open_threads = campaign.open_threads
    chosen = open_threads[ctx.rng.randint(0, len(open_threads) - 1)] if open_threads else None
    if chosen is None:
        raise SoloError("there are no open threads to pick from (add one first)")
    return [ctx.entry("thread", f"Picked thread {chosen.id}: {chosen.text}", chosen.to_dict())]


@campaign_action("oracle.notable_add")
def notable_add(campaign: Campaign, ctx: ActionContext, name: str, kind: str = "person",
                note: str = "") -> list[JournalEntry]:
    """Remember a person, place or thing; people join the list random events draw from."""
    notable = campaign.add_notable(_text(name, "a notable", MAX_THREAD), kind, note)
    return [ctx.entry("notable", f"Noted {notable.kind}: {notable.name}"
                      + (f" ({notable.note})" if notable.note else ""), notable.to_dict())]


@campaign_action("oracle.character_random")
def character_random(campaign: Campaign, ctx: ActionContext) -> list[JournalEntry]:
    """Pick one name at random from the NPCs and notables."""
    names = story_lists(campaign).characters
    if not names:
        raise SoloError("there are no NPCs or notables to pick from (add one first)")
    chosen = pick_one(names, ctx.rng, "character list")
    return [ctx.entry("notable", f"Picked: {chosen}", {"name": chosen, "from": list(names)})]
