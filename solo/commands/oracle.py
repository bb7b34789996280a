"""`solo ask|clue|journey|countdown|clock|scene|meaning|stall|event|thread|notable|momentum`.

Each move is one campaign action (see `solo.campaign.oracle_moves`): with
`--campaign NAME` it is journaled and saved at once, and `solo undo` takes it
back; without, it runs on a throwaway campaign (chaos 5, nothing held) with
`--seed` for repeatable dice.  Commands that only look (`thread list`,
`countdown show`...) read the campaign and change nothing.
"""

from __future__ import annotations

import shlex
import sys
from fractions import Fraction
from typing import Any

from solo.campaign import Campaign, JournalEntry
from solo.commands.context import Context, UsageError, add_campaign_option
from solo.commands.grammar import options_for, sub_actions
from solo.dice import percent
from solo.errors import SoloError
from solo.oracle import CLOCK_SIZES, ODDS_NAMES, countdown_chance, fate_chart, parse_odds
from solo.oracle.journey import RESULTS, SETTINGS

RESULT_WORDS = ("success", "failure")

# What `solo COMMAND --help` shows as examples, and the global options each command takes
# (see solo.commands.grammar).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "ask": ("solo ask Is the gate guarded? --odds likely --seed 3",
            "solo ask Does the ferryman know? -c \"The Salt Road\""),
    "clue": ("solo clue roll --seed 2", "solo clue gain -c \"The Salt Road\""),
    "clue show": ("solo clue show -c \"The Salt Road\"",),
    "clue roll": ("solo clue roll --seed 2",),
    "clue gain": ("solo clue gain -c \"The Salt Road\"",),
    "clue spend": ("solo clue spend -c \"The Salt Road\" --gain leverage",),
    "journey": ("solo journey --wild --result success --seed 4", "solo journey --town -c \"The Salt Road\""),
    "countdown": ("solo countdown mark -c \"The Salt Road\"",),
    "countdown show": ("solo countdown show -c \"The Salt Road\"",),
    "countdown mark": ("solo countdown mark -c \"The Salt Road\"", "solo countdown mark --seed 1"),
    "countdown roll": ("solo countdown roll -c \"The Salt Road\"",),
    "clock": ("solo clock Guild patience --segments 6 -c \"The Salt Road\"",
              "solo clock Guild patience --advance 2 -c \"The Salt Road\""),
    "scene": ("solo scene start We reach the gate at dusk -c \"The Salt Road\"",),
    "scene show": ("solo scene show -c \"The Salt Road\"",),
    "scene start": ("solo scene start We reach the gate at dusk -c \"The Salt Road\"",),
    "scene end": ("solo scene end --chaos up -c \"The Salt Road\"",),
    "meaning": ("solo meaning --seed 5", "solo meaning --muse 4"),
    "stall": ("solo stall --seed 6",),
    "event": ("solo event -c \"The Salt Road\"",),
    "thread": ("solo thread add Find the missing ferryman -c \"The Salt Road\"",),
    "thread list": ("solo thread list -c \"The Salt Road\"",),
    "thread add": ("solo thread add Find the missing ferryman -c \"The Salt Road\"",),
    "thread close": ("solo thread close 1 -c \"The Salt Road\"",),
    "thread random": ("solo thread random -c \"The Salt Road\"",),
    "notable": ("solo notable add Maud the ferrywoman --note \"owes us a favour\" -c \"The Salt Road\"",),
    "notable list": ("solo notable list -c \"The Salt Road\"",),
    "notable add": ("solo notable add Maud the ferrywoman --note \"owes us a favour\" -c \"The Salt Road\"",),
    "notable random": ("solo notable random -c \"The Salt Road\"",),
    "momentum": ("solo momentum show -c \"The Salt Road\"",),
    "momentum show": ("solo momentum show -c \"The Salt Road\"",),
    "momentum prepare": ("solo momentum prepare -c \"The Salt Road\"",),
    "momentum trade": ("solo momentum trade --for leverage -c \"The Salt Road\"",),
    "momentum leverage": ("solo momentum leverage --result success -c \"The Salt Road\"",),
    "momentum spend": ("solo momentum spend leverage -c \"The Salt Road\"",),
}
_ALL = ("seed", "json", "tables", "saves")
GLOBALS: dict[str, tuple[str, ...]] = {
    "ask": _ALL, "clue": _ALL, "journey": _ALL, "countdown": _ALL, "meaning": _ALL, "stall": _ALL,
    "event": _ALL, "thread": _ALL, "notable": _ALL, "momentum": _ALL, "scene": _ALL,
    # Nothing in these rolls dice or reads a table.
    "clock": ("json", "saves"), "thread list": ("json", "saves"), "thread add": ("json", "saves"),
    "thread close": ("json", "saves"), "notable list": ("json", "saves"), "notable add": ("json", "saves"),
    "countdown show": ("json", "saves"), "scene show": ("json", "saves"), "clue show": ("json", "saves"),
    "momentum show": ("json", "saves"), "scene end": ("json", "saves"),
}


def register(sub: Any, common: Any) -> None:
    def command(name: str, help_text: str, description: str) -> Any:
        parser = sub.add_parser(name, parents=[common], help=help_text, description=description)
        add_campaign_option(parser)
        return parser

    p = command("ask", "ask fate a yes/no question",
                "Answer a yes/no question with the Nine Powers fate check: a d4 (plus a d6 if set up"
                " well, a d8 with leverage), yes on 3 or less (likely), 2 or less (balanced) or a 1"
                " (unlikely). More odds levels, and the chaos factor, add or swap dice; two twist"
                " d10s make an answer exceptional (a 1 on either) or add a random event (a matching"
                " pair at or under the chaos factor). The exact odds are shown with every answer.")
    p.add_argument("question", nargs="*", help="the question (words are joined with spaces)")
    p.add_argument("--odds", default="balanced", metavar="LEVEL",
                   help="how likely a yes is: " + ", ".join(ODDS_NAMES) + " (default balanced)")
    p.add_argument("--chaos", type=int, metavar="N",
                   help="chaos factor 1-9 for this question only (default: the campaign's, else 5)")
    p.add_argument("--character", metavar="PC", help="whose set-up-well and leverage count"
                   " (default: the only PC, if there is one)")
    p.add_argument("--set-up-well", action="store_true", help="count the asker as set up well")
    p.add_argument("--leverage", action="store_true", help="count the asker as having leverage")
    p.add_argument("--spend-clue", action="store_true",
                   help="spend a clue for a sure yes (when this scene's clue benefit allows it)")
    p.add_argument("--chart", action="store_true",
                   help="print the chance of yes for every odds level at every chaos factor")
    p.add_argument("--oracle", metavar="ROLL",
                   help="answer with one of the campaign's rule system's own rolls instead of the odds"
                   " (a reaction roll, a watch against ambush...; `solo move --list` marks them);"
                   " --character is whose sheet rolls it")
    p.add_argument("--with", dest="with_", action="append", default=[], metavar="NAME=VALUE",
                   help="with --oracle: one of that roll's options (repeat for more)")
    p.set_defaults(handler=cmd_ask)

    p = command("clue", "clues held, and what spending one buys this scene",
                "show: clues held and this scene's benefit (the default with --campaign); roll: roll"
                " the d12 clue table for this scene (the default without); gain: bank a clue (a"
                " rolled 1 given up for it); spend: spend one on this scene's benefit.")
    p.add_argument("what", nargs="?", choices=("show", "roll", "gain", "spend"), help="what to do")
    p.add_argument("--character", metavar="PC", help="the character concerned")
    p.add_argument("--gain", choices=("set-up-well", "leverage"),
                   help="spend: when the clue buys set up well or leverage, the one you choose")
    p.set_defaults(handler=cmd_clue)
    sub_actions(p, "what", {
        "show": "clues held and this scene's benefit (the default with --campaign)",
        "roll": "roll the d12 clue table for this scene (the default without a campaign)",
        "gain": "bank a clue (a rolled 1 given up for it)",
        "spend": "spend a clue on this scene's benefit",
    })

    p = command("journey", "travel: an event on the way, and a check",
                "Draw a journey event: every PC takes a small harm or recovery, one mark goes on the"
                " complication countdown, then a check is asked for (two approaches, a difficulty)."
                " Report it with --result (or answer the prompt on a terminal), or later with"
                " --resolve. In a campaign with a rule system and PCs of it, the harm or recovery"
                " goes through the rules engine, and the engine rolls the check unless --result"
                " reports your own roll.")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--town", dest="setting", action="store_const", const="town",
                       help="through the streets of a town (a few blocks count)")
    where.add_argument("--wild", dest="setting", action="store_const", const="wild",
                       help="on the road or in open country (the default)")
    p.add_argument("--result", choices=RESULT_WORDS, help="how the check went, if you already know")
    p.add_argument("--resolve", choices=RESULT_WORDS, metavar="RESULT",
                   help="report the check of the journey that is waiting (success or failure)")
    p.add_argument("--approach", metavar="WORD", help="which of the two approaches was used (or, with a"
                   " rule system, is to be rolled)")
    p.add_argument("--character", metavar="PC", help="with a rule system: who takes the check (default:"
                   " the PC with the best odds)")
    p.set_defaults(handler=cmd_journey, setting=None)

    p = command("countdown", "the complication countdown",
                "show: the marks and the chance the next roll fires; mark: add a mark and roll a d6"
                " (at or under the marks: they clear and a complication happens); roll: roll against"
                " the marks already there.")
    p.add_argument("what", nargs="?", default="show", choices=("show", "mark", "roll"), help="what to do")
    p.add_argument("--no-roll", action="store_true", help="with mark: add the mark without rolling")
    p.set_defaults(handler=cmd_countdown)
    sub_actions(p, "what", {
        "show": "the marks and the chance the next roll fires (the default)",
        "mark": "add a mark and roll a d6: at or under the marks, a complication",
        "roll": "roll against the marks already there",
    }, default="show")

    p = command("clock", "named clocks of 4, 6 or 8 segments",
                "With no name, list the clocks. With a name: make the clock if it is new"
                " (--segments, default 4) and fill --advance segments (a negative number winds it back).")
    p.add_argument("name", nargs="*", help="the clock's name")
    p.add_argument("--segments", type=int, choices=CLOCK_SIZES, help="size of a new clock")
    p.add_argument("--advance", type=int, default=0, metavar="K",
                   help="fill K segments (-K winds it back; an empty clock cannot be)")
    p.add_argument("--remove", action="store_true", help="take the clock away")
    p.set_defaults(handler=cmd_clock)

    p = command("scene", "start or end a scene",
                "start EXPECTATION: test what you expect against the chaos factor (a d10 at or under"
                " it alters the scene if odd, interrupts it if even) and roll the clue table if clues"
                " are held. end --chaos up|down|same: close the scene and move the chaos factor."
                " show: the current scene.")
    p.add_argument("what", nargs="?", default="show", choices=("show", "start", "end"), help="what to do")
    p.add_argument("expectation", nargs="*", help="with start: what you expect the scene to be")
    p.add_argument("--chaos", choices=("up", "down", "same"), default="same",
                   help="with end: up if the scene ran out of control, down if it was in hand")
    p.set_defaults(handler=cmd_scene)
    options_for(sub_actions(p, "what", {
        "show": "the current scene (the default)",
        "start": "test what you expect against the chaos factor, and start the scene",
        "end": "close the scene and move the chaos factor (--chaos up|down|same)",
    }, default="show"), {"start": ("expectation",)})

    p = command("meaning", "a meaning pair (or muse words) for inspiration",
                "An action word and a subject word to read together; --muse gives describing words.")
    p.add_argument("--muse", type=int, nargs="?", const=3, default=0, metavar="N",
                   help="N describing words instead (default 3)")
    p.set_defaults(handler=cmd_meaning)

    p = command("stall", "the story has stalled: someone acts, or trouble comes",
                "A character pushes the story (now, or in a flashback), or a complication arrives.")
    p.set_defaults(handler=cmd_stall)

    p = command("event", "a random event now",
                "A focus (a thread, a character, a PC, somewhere far away...) and a meaning pair.")
    p.set_defaults(handler=cmd_event)

    p = command("thread", "story threads: add, list, close, pick one at random",
                "Threads are the story's open goals; random events and `thread random` draw on them.")
    p.add_argument("what", nargs="?", default="list", choices=("list", "add", "close", "random"),
                   help="what to do")
    p.add_argument("text", nargs="*", help="with add: the thread; with close: its number or text")
    p.set_defaults(handler=cmd_thread)
    options_for(sub_actions(p, "what", {
        "list": "the open threads (the default)",
        "add": "add a thread: a goal of the story",
        "close": "close a thread, by its number or text",
        "random": "pick an open thread at random",
    }, default="list"), {"add": ("text",), "close": ("text",)})

    p = command("notable", "people, places and things to remember",
                "Notables (and the campaign's NPCs) are the characters random events and stalls"
                " draw on. add NAME [--kind K] [--note TEXT]; list; random picks one.")
    p.add_argument("what", nargs="?", default="list", choices=("list", "add", "random"), help="what to do")
    p.add_argument("name", nargs="*", help="with add: the name")
    p.add_argument("--kind", default="person", help="person (default), place, thing, faction...")
    p.add_argument("--note", default="", help="a few words to remember them by")
    p.set_defaults(handler=cmd_notable)
    options_for(sub_actions(p, "what", {
        "list": "the notables (the default)",
        "add": "remember someone or something: NAME [--kind K] [--note TEXT]",
        "random": "pick a notable at random",
    }, default="list"), {"add": ("name",)})

    p = command("momentum", "set up well, leverage and clues, per character",
                "show: each PC's momentum; prepare: spend time getting set up well (a countdown mark"
                " too, as the other side gains ground); trade: give up a rolled 1 for set-up-well,"
                " leverage or a clue (--for); leverage: gain it with a successful wealth check (rolled"
                " by the engine for a PC whose system has one, else reported with --result) and time"
                " somewhere safe; spend set-up-well|leverage: for a big bonus on one roll.")
    p.add_argument("what", nargs="?", default="show",
                   choices=("show", "prepare", "trade", "leverage", "spend"), help="what to do")
    p.add_argument("which", nargs="?", help="with spend: set-up-well or leverage")
    p.add_argument("--character", metavar="PC", help="whose momentum (default: the only PC)")
    p.add_argument("--result", choices=RESULT_WORDS,
                   help="with leverage, for a PC whose sheet has no wealth check: how your own check went")
    p.add_argument("--difficulty", choices=("easy", "medium", "tough"),
                   help="with leverage, for a PC with a wealth check: how hard it is (default medium)")
    p.add_argument("--for", dest="trade", default="momentum",
                   choices=("momentum", "set-up-well", "leverage", "clue"),
                   help="with trade: what the 1 buys (default: set up well, or leverage if already)")
    p.set_defaults(handler=cmd_momentum)
    options_for(sub_actions(p, "what", {
        "show": "each PC's momentum (the default)",
        "prepare": "spend time getting set up well (a countdown mark too)",
        "trade": "give up a rolled 1 for set-up-well, leverage or a clue (--for)",
        "leverage": "gain leverage with a wealth check and time somewhere safe",
        "spend": "spend set-up-well or leverage for a big bonus on one roll",
    }, default="show"), {"spend": ("which",)})


# -- shared helpers ---------------------------------------------------------------------------

def _words(parts: list[str] | None) -> str:
    return " ".join(parts or []).strip()


def _emit_entries(ctx: Context, entries: list[JournalEntry], extra: dict[str, Any] | None = None,
                  text: str | None = None) -> int:
    data = {"entries": [e.to_dict() for e in entries], **(extra or {})}
    if ctx.campaign is not None:
        data["campaign"] = ctx.campaign.name
    ctx.emit(data, text if text is not None else "\n".join(e.text for e in entries))
    return 0


def _kept(ctx: Context, entries: list[JournalEntry]) -> list[JournalEntry]:
    """Warn, after a move that only changes state, that a throwaway campaign keeps none of it."""
    if ctx.campaign is None and not ctx.json:
        ctx.warn("no --campaign given, so nothing is kept")
    return entries


def _needs_campaign(ctx: Context, move: str, works_on: str) -> None:
    """Moves that only make sense on a campaign's state say so, rather than fail on the empty throwaway."""
    if ctx.campaign is None:
        raise UsageError(f"{move} needs --campaign NAME: it works on a campaign's {works_on}")


def _campaign(ctx: Context) -> Campaign:
    """The campaign to read: `--campaign`, else the empty throwaway one."""
    return ctx.session.campaign


# -- ask --------------------------------------------------------------------------------------

def _ask_text(d: dict[str, Any]) -> str:
    odds = d["odds"]
    level = odds["level"].replace("-", " ")
    lines = [f"Q: {d['question']}"]
    if d["clue_spent"]:
        lines.append(f"   {level} · a clue is spent: no roll")
    else:
        pool = " ".join(odds["pool"])
        need = "a 1" if odds["threshold"] == 1 else f"{odds['threshold']} or less"
        momentum = [w for w, on in (("set up well", odds["set_up_well"]), ("leverage", odds["leverage"]))
                    if on]
        who = f" · {d['character']}" if d.get("character") else ""
        lines.append(f"   {level} · chaos {odds['chaos']} · pool {pool}, yes on {need}{who}"
                     + (f" ({', '.join(momentum)})" if momentum else ""))
        lines.append(f"   odds: yes {_pct(odds['yes'])} · no {_pct(odds['no'])}"
                     f" · exceptional yes {_pct(odds['exceptional_yes'])}"
                     f" / no {_pct(odds['exceptional_no'])} · random event {_pct(odds['random_event'])}")
        base = Fraction(d["base_probability_yes"])
        if base != Fraction(odds["yes"]["exact"]):
            lines.append(f"   ({level} alone, at chaos 5 with nothing banked: yes {percent(base)})")
        rolled = " ".join(f"{r['die']}:{r['value']}" for r in d["rolls"])
        lines.append(f"   rolled {rolled} · twist {d['twist'][0]} {d['twist'][1]}")
    lines.append(f"=> {d['label'].upper()}  (a {percent(Fraction(d['chance_of_answer']))} result)")
    if d.get("reading"):
        lines.append(f"   {d['reading']}")
    if d.get("random_event"):
        lines.append(f"   {d['random_event']['text']}")
    return "\n".join(lines)


def _pct(entry: dict[str, Any]) -> str:
    return percent(Fraction(entry["exact"]))


def _chart(ctx: Context) -> int:
    well, lev = ctx.args.set_up_well, ctx.args.leverage
    chart = fate_chart(well, lev)
    data = {"set_up_well": well, "leverage": lev, "chaos": list(range(1, 10)),
            "rows": [{"odds": row[0].odds, "yes": [str(o.yes) for o in row],
                      "probability": [float(o.yes) for o in row]} for row in chart]}
    header = f"{'odds':<18}" + "".join(f"{c:>7}" for c in range(1, 10))
    lines = [f"Chance of yes by chaos factor{' (set up well)' if well else ''}"
             f"{' (leverage)' if lev else ''}", header]
    for row in chart:
        lines.append(f"{row[0].odds.replace('-', ' '):<18}" + "".join(f"{percent(o.yes):>7}" for o in row))
    ctx.emit(data, "\n".join(lines))
    return 0


def _with(pairs: list[str]) -> dict[str, str]:
    """`--with NAME=VALUE` pairs as option values (names as the declaration spells them)."""
    given: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--with takes NAME=VALUE, not {pair!r}")
        given[name.strip().lstrip("-").replace("-", "_")] = value.strip()
    return given


def _ask_rules(ctx: Context, question: str) -> int:
    """`ask --oracle ROLL`: the question answered by one of the system's own rolls, on a campaign PC."""
    if ctx.campaign is None:
        raise UsageError("--oracle rolls a campaign character's own dice: give -c/--campaign NAME")
    if ctx.args.odds != "balanced" or ctx.args.chaos is not None or ctx.args.spend_clue:
        raise UsageError("--oracle answers with the rule system's roll: --odds, --chaos and"
                         " --spend-clue are for the fate check")
    entries = ctx.perform("move.ask", oracle=ctx.args.oracle, question=question,
                          character=ctx.args.character, **_with(ctx.args.with_))
    data = dict(entries[0].data) | {"campaign": ctx.campaign.name}
    ctx.emit(data, entries[0].text)
    return 0


def cmd_ask(ctx: Context) -> int:
    if ctx.args.chart:
        return _chart(ctx)
    question = _words(ctx.args.question)
    if ctx.args.oracle:
        return _ask_rules(ctx, question)
    if ctx.args.with_:
        raise UsageError("--with gives the options of an --oracle roll")
    if not question:
        raise UsageError("ask what? give the question, e.g. solo ask \"Is the gate guarded?\"")
    parse_odds(ctx.args.odds)  # a clear error before anything is rolled
    entries = ctx.perform("oracle.ask", question=question, odds=ctx.args.odds, chaos=ctx.args.chaos,
                          character=ctx.args.character, set_up_well=ctx.args.set_up_well,
                          leverage=ctx.args.leverage, spend_clue=ctx.args.spend_clue)
    data = dict(entries[0].data)
    if ctx.campaign is not None:
        data["campaign"] = ctx.campaign.name
    ctx.emit(data, _ask_text(data))
    return 0


# -- clues, scenes ----------------------------------------------------------------------------

def _clue_state(campaign: Campaign) -> dict[str, Any]:
    clue = campaign.module_state("oracle").get("scene_clue")
    current = clue if isinstance(clue, dict) and clue.get("scene") == campaign.scene.number else None
    return {"clues": campaign.clues, "scene": campaign.scene.number, "benefit": current}


def cmd_clue(ctx: Context) -> int:
    what = ctx.args.what or ("show" if ctx.args.campaign else "roll")
    if what == "show":
        state = _clue_state(_campaign(ctx))
        benefit = state["benefit"]
        text = f"Clues held: {state['clues']}."
        text += (f" This scene's benefit (d12: {benefit['roll']}): {benefit['benefit']}" if benefit
                 else " No benefit rolled for this scene yet (`solo clue roll`).")
        ctx.emit(state, text)
        return 0
    if ctx.args.gain and what != "spend":
        raise UsageError("--gain goes with `solo clue spend`")
    if what == "roll":
        return _emit_entries(ctx, ctx.perform("oracle.clue_roll"))
    if what == "gain":
        return _emit_entries(ctx, _kept(ctx, ctx.perform("oracle.clue_gain", character=ctx.args.character)))
    _needs_campaign(ctx, "clue spend", "clues")
    return _emit_entries(ctx, ctx.perform("oracle.clue_spend", character=ctx.args.character,
                                          gain=ctx.args.gain))


def cmd_scene(ctx: Context) -> int:
    what = ctx.args.what
    expectation = _words(ctx.args.expectation)
    if what != "start" and expectation:
        raise UsageError(f"scene {what} takes no text (did you mean `scene start {expectation}`?)")
    if what == "start":
        if not expectation:
            raise UsageError("scene start needs what you expect, e.g. solo scene start \"We reach the"
                             " mill at dusk\"")
        return _emit_entries(ctx, ctx.perform("oracle.scene_start", expectation=expectation))
    if what == "end":
        _needs_campaign(ctx, "scene end", "open scene")
        return _emit_entries(ctx, ctx.perform("oracle.scene_end", chaos=ctx.args.chaos))
    c = _campaign(ctx)
    state = {"number": c.scene.number, "open": c.scene.open, "expectation": c.scene.expectation,
             "chaos": c.chaos}
    if c.scene.number == 0:
        text = f"No scene yet. Chaos factor {c.chaos}."
    else:
        status = "open" if c.scene.open else "ended"
        text = f"Scene {c.scene.number} ({status}): {c.scene.expectation or '-'}. Chaos factor {c.chaos}."
    ctx.emit(state, text)
    return 0


# -- journeys ---------------------------------------------------------------------------------

def _ask_result(ctx: Context, check: dict[str, Any]) -> str | None:
    """On a terminal, ask how the check went; None to decide later."""
    prompt = (f"Roll it: {check['text']}. Did it succeed? [s]uccess / [f]ailure / [l]ater: ")
    while True:
        print(prompt, end="", file=ctx.err, flush=True)
        try:
            answer = sys.stdin.readline()
        except (OSError, ValueError):
            return None
        if not answer:
            return None
        key = answer.strip().lower()
        if key in ("l", "later", ""):
            return None
        if key in RESULTS:
            return "success" if RESULTS[key] else "failure"


def _resolve_hint(args: Any) -> str:
    where = f" --campaign {shlex.quote(args.campaign)}" if args.campaign else ""
    return f"solo journey --resolve success|failure{where}"


def cmd_journey(ctx: Context) -> int:
    args = ctx.args
    if args.resolve:
        if args.result or args.setting:
            raise UsageError("--resolve settles the waiting journey; it takes no --result, --town or --wild")
        _needs_campaign(ctx, "journey --resolve", "waiting journey")
        return _emit_entries(ctx, ctx.perform("oracle.journey_resolve", result=args.resolve,
                                              approach=args.approach))
    setting = args.setting or "wild"
    if setting not in SETTINGS:  # pragma: no cover - argparse allows only the two
        raise UsageError(f"unknown setting {setting}")
    entries = ctx.perform("oracle.journey", setting=setting, result=args.result, approach=args.approach,
                          character=args.character)
    waiting = bool(ctx.session.campaign.module_state("oracle").get("journey_pending"))
    if waiting and not ctx.json and sys.stdin is not None and sys.stdin.isatty():
        print("\n".join(e.text for e in entries), file=ctx.out)
        result = _ask_result(ctx, entries[0].data["check"])
        if result is not None:
            more = ctx.perform("oracle.journey_resolve", result=result, approach=args.approach)
            print("\n".join(e.text for e in more), file=ctx.out)
            return 0
        print(f"The check waits: report it with `{_resolve_hint(args)}`.", file=ctx.out)
        return 0
    text = "\n".join(e.text for e in entries)
    if waiting:
        text += f"\nThe check waits: roll it, then report it with `{_resolve_hint(args)}`."
        if ctx.campaign is None and not ctx.json:
            ctx.warn("no --campaign given, so the waiting check is not kept; use --result next time")
    return _emit_entries(ctx, entries, {"waiting": waiting}, text)


# -- countdown and clocks ---------------------------------------------------------------------

def cmd_countdown(ctx: Context) -> int:
    what = ctx.args.what
    if ctx.args.no_roll and what != "mark":
        raise UsageError("--no-roll goes with `countdown mark`")
    if what == "mark":
        return _emit_entries(ctx, ctx.perform("oracle.countdown_mark", roll=not ctx.args.no_roll))
    if what == "roll":
        if _campaign(ctx).countdown <= 0:
            raise SoloError("the countdown has no marks, so a roll could not set it off;"
                            " `solo countdown mark` puts one on (and rolls)")
        return _emit_entries(ctx, ctx.perform("oracle.countdown_roll"))
    marks = _campaign(ctx).countdown
    now, after = countdown_chance(marks), countdown_chance(marks + 1)
    ctx.emit({"marks": marks, "chance_now": str(now), "chance_after_next_mark": str(after)},
             f"Countdown: {marks} mark{'s' if marks != 1 else ''}. A roll now fires"
             f" {percent(now)} of the time; after the next mark, {percent(after)}.")
    return 0


def cmd_clock(ctx: Context) -> int:
    name = _words(ctx.args.name)
    if not name:
        if ctx.args.advance or ctx.args.segments or ctx.args.remove:
            raise UsageError("which clock? give its name")
        clocks = _campaign(ctx).clocks
        lines = [f"{c.name}  [{'#' * c.filled}{'.' * (c.segments - c.filled)}] {c.filled}/{c.segments}"
                 + ("  FULL" if c.full else "") for c in clocks] or ["No clocks yet."]
        ctx.emit({"items": [c.to_dict() for c in clocks]}, "\n".join(lines))
        return 0
    if ctx.args.remove:
        if ctx.args.advance or ctx.args.segments:
            raise UsageError("--remove takes no --advance or --segments")
        _needs_campaign(ctx, "clock --remove", "clocks")
        return _emit_entries(ctx, ctx.perform("oracle.clock_remove", name=name))
    exists = any(c.name.casefold() == name.casefold() for c in _campaign(ctx).clocks)
    if exists and not ctx.args.advance and ctx.args.segments is None:
        found = next(c for c in _campaign(ctx).clocks if c.name.casefold() == name.casefold())
        ctx.emit(found.to_dict() | {"full": found.full},
                 f"Clock '{found.name}' {found.filled}/{found.segments}" + (": full." if found.full else "."))
        return 0
    return _emit_entries(ctx, ctx.perform("oracle.clock", name=name, segments=ctx.args.segments,
                                          advance=ctx.args.advance))


# -- inspiration ------------------------------------------------------------------------------

def cmd_meaning(ctx: Context) -> int:
    entries = ctx.perform("oracle.meaning", muse_words=ctx.args.muse)
    return _emit_entries(ctx, entries, dict(entries[0].data))


def cmd_stall(ctx: Context) -> int:
    entries = ctx.perform("oracle.stall")
    return _emit_entries(ctx, entries, dict(entries[0].data))


def cmd_event(ctx: Context) -> int:
    entries = ctx.perform("oracle.event")
    return _emit_entries(ctx, entries, dict(entries[0].data))


# -- threads and notables ---------------------------------------------------------------------

def cmd_thread(ctx: Context) -> int:
    what, text = ctx.args.what, _words(ctx.args.text)
    if what == "add":
        if not text:
            raise UsageError("thread add needs the thread, e.g. solo thread add \"Find the missing heir\"")
        return _emit_entries(ctx, _kept(ctx, ctx.perform("oracle.thread_add", text=text)))
    if what == "close":
        if not text:
            raise UsageError("which thread? give its number or text")
        _needs_campaign(ctx, "thread close", "threads")
        return _emit_entries(ctx, ctx.perform("oracle.thread_close", thread=text))
    if text:
        raise UsageError(f"thread {what} takes no text")
    if what == "random":
        _needs_campaign(ctx, "thread random", "threads")
        entries = ctx.perform("oracle.thread_random")
        return _emit_entries(ctx, entries, dict(entries[0].data))
    threads = _campaign(ctx).threads
    lines = [f"{t.id}. {t.text}" + ("" if t.open else "  (closed)") for t in threads] or ["No threads yet."]
    ctx.emit({"items": [t.to_dict() for t in threads]}, "\n".join(lines))
    return 0


def cmd_notable(ctx: Context) -> int:
    what, name = ctx.args.what, _words(ctx.args.name)
    if what == "add":
        if not name:
            raise UsageError("notable add needs a name")
        return _emit_entries(ctx, _kept(ctx, ctx.perform("oracle.notable_add", name=name,
                                                         kind=ctx.args.kind, note=ctx.args.note)))
    if name:
        raise UsageError(f"notable {what} takes no name")
    if what == "random":
        _needs_campaign(ctx, "notable random", "NPCs and notables")
        entries = ctx.perform("oracle.character_random")
        return _emit_entries(ctx, entries, dict(entries[0].data))
    c = _campaign(ctx)
    lines = [f"{n.name} ({n.kind})" + (f": {n.note}" if n.note else "") for n in c.notables]
    lines += [f"{ch.name} (NPC)" for ch in c.npcs]
    ctx.emit({"items": [n.to_dict() for n in c.notables], "npcs": [ch.name for ch in c.npcs]},
             "\n".join(lines) or "No notables yet.")
    return 0


# -- momentum ---------------------------------------------------------------------------------

def cmd_momentum(ctx: Context) -> int:
    args = ctx.args
    what = args.what
    if what != "spend" and args.which:
        raise UsageError(f"momentum {what} takes no {args.which!r}")
    if what != "leverage" and (args.result or args.difficulty):
        raise UsageError(f"--result and --difficulty go with `momentum leverage`, not `momentum {what}`")
    _needs_campaign(ctx, f"momentum {what}", "player characters")
    if what == "show":
        c = _campaign(ctx)
        pcs = [{"name": p.name, "set_up_well": p.set_up_well, "leverage": p.leverage} for p in c.pcs]
        lines = [f"{p['name']}: " + (", ".join(w for w, on in (("set up well", p["set_up_well"]),
                                                              ("leverage", p["leverage"])) if on)
                                    or "nothing banked") for p in pcs] or ["No player characters yet."]
        lines.append(f"Clues held: {c.clues}.")
        ctx.emit({"pcs": pcs, "clues": c.clues}, "\n".join(lines))
        return 0
    if what == "prepare":
        entries = ctx.perform("oracle.prepare", character=args.character)
    elif what == "trade":
        entries = ctx.perform("oracle.trade_one", trade=args.trade, character=args.character)
    elif what == "leverage":
        entries = ctx.perform("oracle.leverage", character=args.character, result=args.result,
                              difficulty=args.difficulty or "medium")
    else:
        if args.which not in ("set-up-well", "leverage"):
            raise UsageError("momentum spend needs set-up-well or leverage")
        entries = ctx.perform("oracle.spend_momentum", which=args.which, character=args.character)
    return _emit_entries(ctx, _kept(ctx, entries))
