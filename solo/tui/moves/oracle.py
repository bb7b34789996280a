"""The oracle's moves: questions, clues, journeys, the countdown, clocks, scenes, threads, inspiration.

Each runs one of the `oracle.*` campaign actions (solo/campaign/oracle_moves.py);
this module only gathers what the action needs, from the input line's words or
from dialogs.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from solo.errors import SoloError
from solo.tui.moves import dialogs
from solo.tui.moves.base import Play, move

if TYPE_CHECKING:
    from solo.rules.moves import SystemMove

DEFAULT_ODDS = "balanced"
CHAOS_MOVES = {"up": "up", "down": "down", "same": "same", "+": "up", "-": "down", "=": "same"}


def split_odds(text: str, default: str = DEFAULT_ODDS) -> tuple[str, str]:
    """`Is the gate guarded? very likely` -> ("Is the gate guarded?", "very-likely").

    The odds are read only from what follows the question's last `?`, and
    only when all of it names a level of the ladder (or a common phrasing:
    almost certain, somewhat likely, 50/50, small chance...); anything else
    stays part of the question, which is then asked at even odds.  So no
    word is ever taken out of a question: `Is an ambush likely` asks just
    that, at even odds.
    """
    from solo.oracle import OracleError, parse_odds

    text = text.strip()
    mark = text.rfind("?")
    after = text[mark + 1:].strip() if mark >= 0 else ""
    if after:
        try:
            level = parse_odds(after)
        except OracleError:
            return text, default
        return text[:mark + 1].strip(), level.name
    return text, default


def _only_pc(play: Play):  # noqa: ANN202 - Character | None
    pcs = play.campaign.pcs
    return pcs[0] if len(pcs) == 1 else None


@move("ask", "Ask the oracle", "A yes/no question, answered with the odds you choose (shown before rolling)",
      key="a", words=("ask",), usage="QUESTION [ODDS]", group="Oracle")
async def ask(play: Play, args: str) -> None:
    from solo.tui.moves.between import system_oracles

    rolls = system_oracles(play)
    if args:
        question, roll = _rules_roll(args, rolls)
        if roll is not None:
            await _ask_rules(play, question, roll)
            return
        question, odds = split_odds(args, play.default_odds)
    else:
        from solo.tui.screens.ask import RULES, AskDialog

        pc = _only_pc(play)
        answer = await play.dialog(AskDialog(
            play.campaign.chaos, set_up_well=bool(pc and pc.set_up_well), leverage=bool(pc and pc.leverage),
            who=pc.name if pc else None, rolls=[(m.id, m.title, m.question) for m in rolls]))
        if answer is None:
            return
        question, odds = answer.question, answer.odds
        if odds.startswith(RULES):
            await _ask_rules(play, question, next(m for m in rolls if m.id == odds[len(RULES):]))
            return
    await play.perform("oracle.ask", question=question, odds=odds)


def _rules_roll(text: str, rolls: list[SystemMove]) -> tuple[str, SystemMove | None]:
    """`Does the guard help? reaction` -> the question and the system's roll named after its `?`."""
    text = text.strip()
    mark = text.rfind("?")
    after = text[mark + 1:].strip().lower().replace(" ", "-") if mark >= 0 else ""
    for roll in rolls:
        if after and after in (roll.id, roll.title.lower().replace(" ", "-")):
            return text[:mark + 1].strip(), roll
    return text, None


async def _ask_rules(play: Play, question: str, roll: SystemMove) -> None:
    """The question answered by the system's own roll, on the PC's sheet (asked for if several)."""
    from solo.tui.moves.between import make_move

    await make_move(play, roll.id, action="move.ask", question=question)


CLUE_CHOICES = [("roll", "Roll what a clue buys in this scene"), ("gain", "Bank a clue"),
                ("spend", "Spend a clue on this scene's benefit")]


@move("clue", "Clues", "Roll this scene's clue benefit, bank a clue, or spend one",
      key="c", words=("clue",), usage="[roll|gain|spend]", group="Oracle")
async def clue(play: Play, args: str) -> None:
    what: str | None = args.strip().lower() or await play.dialog(dialogs.choose(
        f"Clues ({play.campaign.clues} held)", CLUE_CHOICES))
    if not what:
        return
    actions = {"roll": "oracle.clue_roll", "gain": "oracle.clue_gain", "spend": "oracle.clue_spend"}
    if what not in actions:
        raise SoloError(f"/clue takes roll, gain or spend, not {what!r}")
    benefit = play.campaign.extra.get("oracle", {}).get("scene_clue")
    if what == "spend" and isinstance(benefit, dict) and benefit.get("effect") == "momentum":
        gain = await play.dialog(dialogs.choose("The clue buys set up well or leverage: which?", [
            ("set-up-well", "Become set up well"), ("leverage", "Gain leverage")]))
        if gain:
            await play.perform(actions[what], gain=gain)
        return
    await play.perform(actions[what])


def _pending_journey(play: Play) -> dict | None:
    pending = play.campaign.extra.get("oracle", {}).get("journey_pending")
    return pending if isinstance(pending, dict) else None


async def _report_journey(play: Play, event: dict) -> None:
    """Ask how the journey's check went (the player rolls it), or leave it waiting."""
    check = event.get("check", {})
    approaches = check.get("approaches", [])
    choices = [(f"success:{a}", f"Success, with {a}") for a in approaches]
    choices += [(f"failure:{a}", f"Failure, with {a}") for a in approaches]
    choices.append(("later", "Later: leave the check waiting"))
    difficulty = check.get("difficulty", "")
    picked = await play.dialog(dialogs.choose(
        f"How did the {difficulty} check go ({' or '.join(approaches)})?".replace("  ", " "), choices,
        detail=f"Success: {event['success']['text']}\nFailure: {event['failure']['text']}"))
    if not picked or picked == "later":
        play.tell("The journey's check is waiting: press j (or /journey) to report it.")
        return
    result, _, approach = picked.partition(":")
    await play.perform("oracle.journey_resolve", result=result, approach=approach)


@move("journey", "Journey", "Travel: an event for the whole party, a countdown mark, then its check",
      key="j", words=("journey",), usage="[wild|town]", group="Oracle")
async def journey(play: Play, args: str) -> None:
    pending = _pending_journey(play)
    if pending is None:
        setting: str | None = args.strip().lower() or await play.dialog(dialogs.choose(
            "Where are you travelling?", [("wild", "Through the wilds"), ("town", "Through a town")]))
        if not setting:
            return
        if await play.perform("oracle.journey", setting=setting) is None:
            return
        pending = _pending_journey(play)
        if pending is None:
            return
    await _report_journey(play, pending)


@move("mark", "Countdown mark", "Put a mark on the complication countdown and roll it",
      key="m", words=("mark",), group="Oracle")
async def mark(play: Play, args: str) -> None:
    await play.perform("oracle.countdown_mark", roll=True)


@move("countdown", "Roll the countdown", "Roll the complication countdown against the marks on it",
      key="x", words=("countdown",), group="Oracle")
async def countdown(play: Play, args: str) -> None:
    if play.campaign.countdown <= 0:
        raise SoloError("the countdown has no marks, so a roll could not set it off; put a mark on"
                        " it first (/mark)")
    await play.perform("oracle.countdown_roll")


CLOCK_ARGS = re.compile(r"^(?P<name>.+?)(?:\s+(?P<advance>[+-]\d+))?(?:\s+of\s+(?P<size>\d+))?$")


def parse_clock(text: str) -> tuple[str, int, int | None]:
    """`Guild patience +2` -> (name, 2, None); `Flood of 6` -> ("Flood", 0, 6)."""
    found = CLOCK_ARGS.match(text.strip())
    if not found:
        raise SoloError("say which clock: /clock NAME [+N] [of 4|6|8]")
    size = int(found["size"]) if found["size"] else None
    return found["name"].strip(), int(found["advance"] or 0), size


def clock_named(clocks: list, name: str) -> str:
    """The clock `name` means: its own name, or the one clock whose name starts with it.

    `/clock Corvane +2` advances "Corvane's patience"; a start shared by
    several clocks is refused, naming them; no match is a new clock's name.
    """
    wanted = name.casefold()
    if any(c.name.casefold() == wanted for c in clocks):
        return name
    starting = [c.name for c in clocks if c.name.casefold().startswith(wanted)]
    if len(starting) > 1:
        raise SoloError(f"{name!r} could be " + " or ".join(repr(n) for n in starting)
                        + ": type more of the clock's name")
    return starting[0] if starting else name


@move("clock", "Clocks", "Start a clock of 4, 6 or 8 segments, advance one, or take one away",
      key="k", words=("clock",), usage="NAME [+N] [of 4|6|8]", group="Oracle")
async def clock(play: Play, args: str) -> None:
    if args:
        name, advance, size = parse_clock(args)
        if size is None:
            name = clock_named(play.campaign.clocks, name)
        exists = any(c.name.casefold() == name.casefold() for c in play.campaign.clocks)
        if exists and not advance and size is None:
            advance = 1
        await play.perform("oracle.clock", name=name, segments=size, advance=advance)
        return
    clocks = play.campaign.clocks
    choices = [(f"advance:{c.name}", f"Advance {c.name} ({c.filled}/{c.segments})") for c in clocks]
    choices += [(f"back:{c.name}", f"Wind back {c.name}") for c in clocks]
    choices.append(("new", "Start a new clock"))
    choices += [(f"remove:{c.name}", f"Remove {c.name}") for c in clocks]
    picked = await play.dialog(dialogs.choose("Clocks", choices))
    if not picked:
        return
    what, _, name = picked.partition(":")
    if what == "advance":
        await play.perform("oracle.clock", name=name, advance=1)
    elif what == "back":
        await play.perform("oracle.clock", name=name, advance=-1)
    elif what == "remove":
        await play.perform("oracle.clock_remove", name=name)
    else:
        new = await play.dialog(dialogs.prompt("Name the new clock", placeholder="The guild loses patience"))
        if not new:
            return
        from solo.oracle import CLOCK_SIZES

        segments = await play.dialog(dialogs.choose(
            f"How many segments for {new!r}?", [(str(n), f"{n} segments") for n in CLOCK_SIZES]))
        if segments:
            await play.perform("oracle.clock", name=new, segments=int(segments))


@move("scene", "Start a scene", "Say what you expect to happen; chaos may alter or interrupt it",
      key="s", words=("scene",), usage="[start] EXPECTATION | end [up|down|same]",
      group="Scenes and threads")
async def scene(play: Play, args: str) -> None:
    # `/scene start X` and `/scene end up` read as the CLI's `solo scene start|end` do.
    first, _, rest = args.strip().partition(" ")
    if first.lower() == "end":
        await end(play, rest)
        return
    if first.lower() == "start":
        args = rest.strip()
    expectation: str | None = args or await play.dialog(dialogs.prompt(
        f"Scene {play.campaign.scene.number + 1}: what do you expect to happen?",
        placeholder="We reach the gate at dusk and talk our way in"))
    if expectation:
        await play.perform("oracle.scene_start", expectation=expectation)


@move("end", "End the scene", "Close the scene; chaos goes up if things ran out of control, down if not",
      key="e", words=("end",), usage="[up|down|same]", group="Scenes and threads")
async def end(play: Play, args: str) -> None:
    word = args.strip().lower()
    if word:
        direction = CHAOS_MOVES.get(word)
        if direction is None:
            raise SoloError(f"/end takes up, down or same (the chaos factor), not {word!r}")
    else:
        chaos = play.campaign.chaos
        direction = await play.dialog(dialogs.choose(
            f"End scene {play.campaign.scene.number}: the chaos factor is {chaos}",
            [("up", "Up: things ran out of our hands"), ("down", "Down: we stayed in control"),
             ("same", "The same")], selected="same"))
        if not direction:
            return
    await play.perform("oracle.scene_end", chaos=direction)


@move("meaning", "Meaning", "An action and a subject to read meaning into", key="n", words=("meaning",),
      group="Oracle")
async def meaning(play: Play, args: str) -> None:
    await play.perform("oracle.meaning")


@move("muse", "Muse words", "A few descriptive words to spark an idea", words=("muse",), usage="[N]",
      group="Oracle")
async def muse(play: Play, args: str) -> None:
    count = args.strip() or "3"
    if not count.isdigit():
        raise SoloError(f"/muse takes how many words, not {count!r}")
    await play.perform("oracle.meaning", muse_words=int(count))


@move("stall", "The story stalls", "Someone acts, or a complication arrives", key="l", words=("stall",),
      group="Oracle")
async def stall(play: Play, args: str) -> None:
    await play.perform("oracle.stall")


@move("event", "Random event", "Something happens: a focus from your story's lists and a meaning pair",
      key="v", words=("event",), group="Oracle")
async def event(play: Play, args: str) -> None:
    await play.perform("oracle.event")


@move("thread", "Threads", "Add a story goal, close one, or pick one at random",
      key="w", words=("thread",), usage="[add] TEXT | close N | random", group="Scenes and threads")
async def thread(play: Play, args: str) -> None:
    word, _, rest = args.strip().partition(" ")
    if word.lower() == "close" and rest:
        await play.perform("oracle.thread_close", thread=rest.strip())
        return
    if word.lower() == "random" and not rest:
        await play.perform("oracle.thread_random")
        return
    if args:
        text = rest if word.lower() == "add" else args
        await play.perform("oracle.thread_add", text=text)
        return
    threads = play.campaign.open_threads
    choices = [("add", "Add a thread")]
    if threads:
        choices.append(("random", "Pick one at random"))
        choices += [(f"close:{t.id}", f"Close {t.id}. {t.text}") for t in threads]
    picked = await play.dialog(dialogs.choose("Threads", choices))
    if picked == "add":
        goal = await play.dialog(dialogs.prompt("A new thread: what is the story goal?",
                                              placeholder="Find the missing ferryman"))
        if goal:
            await play.perform("oracle.thread_add", text=goal)
    elif picked == "random":
        await play.perform("oracle.thread_random")
    elif picked:
        await play.perform("oracle.thread_close", thread=picked.partition(":")[2])


@move("notable", "Note someone", "Remember a person, place or thing (people join random events)",
      words=("notable",), usage="NAME [: NOTE]", group="Scenes and threads")
async def notable(play: Play, args: str) -> None:
    text: str | None = args or await play.dialog(dialogs.prompt("Who or what is worth remembering?",
                                                  placeholder="Maud the ferrywoman: owes us a favour"))
    if not text:
        return
    name, _, note = text.partition(":")
    await play.perform("oracle.notable_add", name=name.strip(), note=note.strip())


@move("prepare", "Get set up well", "A PC takes time to prepare (set up well); the countdown gains a mark",
      words=("prepare",), group="Oracle")
async def prepare(play: Play, args: str) -> None:
    await play.perform("oracle.prepare", **({"character": args.strip()} if args.strip() else {}))


