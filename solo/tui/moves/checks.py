"""A PC's check, harm and recovery through the campaign's rule system (the `rules.*` actions).

The check dialog lists every approach with the exact chance it gives this
character at the chosen difficulty (`System.check_odds`), so the player
picks knowing the odds, as with the oracle.  Then it offers the system's own
check options, built from what the system declares (`System.check_options`:
a Nine Powers bonus or a spend, a Resistance domain or the stress at stake),
each set in a small dialog of its own, the chance shown again after each,
until the player rolls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solo.errors import SoloError
from solo.tui.moves import dialogs
from solo.tui.moves.base import Play, move

if TYPE_CHECKING:  # the rules load on first use, not with the app
    from solo.rules.options import Option

ROLL = "roll"


async def _pc(play: Play, system: Any, named: str = "") -> Any | None:
    """The PC to act: the one named, the only one, or one the player picks."""
    pcs = [c for c in play.campaign.pcs if c.sheet.get("system") == system.id]
    if named:
        return play.campaign.character(named)
    if not pcs:
        raise SoloError(f"no player character has a {system.name} sheet: p opens the characters screen")
    if len(pcs) == 1:
        return pcs[0]
    picked = await play.dialog(dialogs.choose("Who?", [(str(c.id), c.name) for c in pcs]))
    return play.campaign.character(int(picked)) if picked else None


def _system(play: Play) -> Any:
    from solo.tui.screens.characters import rules_system

    system = rules_system(play.campaign)
    if system is None:
        raise SoloError("checks need the campaign to play a rule system the rules engine knows"
                        f" (this one plays {play.campaign.system or 'none'})")
    return system


def approach_choices(system: Any, actor: Any, difficulty: str) -> list[tuple[str, str]]:
    """(approach, "wits  Perception/Escape 3  75%") for every approach the system maps."""
    from solo.dice import percent  # the exact odds load with the first check, not with the app

    out = []
    for approach in system.approaches:
        odds = system.check_odds(actor, approach, difficulty)
        skill = odds.detail.get("skill")
        label = f"{approach:<9} {percent(odds.success):>6}"
        out.append((approach, label + (f"  ({skill})" if skill else "")))
    return out


@move("check", "Roll a check", "A PC's check with an approach, at easy, medium or hard, odds shown first",
      key="o", words=("check",), usage="[APPROACH] [easy|medium|hard]", group="Characters")
async def check(play: Play, args: str) -> None:
    from solo.rules import DIFFICULTIES

    system = _system(play)
    words = args.lower().split()
    difficulty = next((w for w in words if w in DIFFICULTIES), None)
    approach = next((w for w in words if w in system.approaches), None)
    pc = await _pc(play, system)
    if pc is None:
        return
    actor = system.load_actor(pc.sheet)
    if difficulty is None:
        difficulty = await play.dialog(dialogs.choose(
            f"How hard is it for {pc.name}?", [(d, d) for d in DIFFICULTIES], selected="medium"))
        if not difficulty:
            return
    if approach is None:
        approach = await play.dialog(dialogs.choose(
            f"{pc.name}, {difficulty}: which approach? (chance of success)",
            approach_choices(system, actor, difficulty)))
        if not approach:
            return
    options = await check_options(play, system, actor, f"{pc.name}: {approach}, {difficulty}",
                                  lambda opts: system.check_odds(actor, approach, difficulty, **opts))
    if options is None:
        return
    await play.perform("rules.check", character=pc.id, approach=approach, difficulty=difficulty, **options)


def _shown(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value) or "-"
    return str(value)


async def check_options(play: Play, system: Any, actor: Any, title: str, odds: Any) -> dict[str, Any] | None:
    """The system's declared check options, set one by one until the player rolls (None: cancelled)."""
    from solo.dice import percent

    chosen: dict[str, Any] = {}
    while True:
        try:  # a helper named by the player counts once the campaign finds them: not in the preview
            chance = percent(odds({k: v for k, v in chosen.items() if not isinstance(v, list)}).success)
        except SoloError as exc:
            play.tell(str(exc), severity="error")
            chosen.popitem()
            continue
        rows = [(ROLL, f"Roll  {chance}")]
        rows += [(o.name, f"{o.flag[2:]}: {_shown(chosen.get(o.name))}  ({o.help})")
                 for o in system.check_options]
        picked = await play.dialog(dialogs.choose(f"{title}: roll, or set an option first", rows,
                                                selected=ROLL))
        if not picked:
            return None
        if picked == ROLL:
            return chosen
        option = next(o for o in system.check_options if o.name == picked)
        value = await _ask(play, option, chosen.get(option.name))
        if value is None:
            chosen.pop(option.name, None)
        else:
            chosen[option.name] = value


async def _ask(play: Play, option: Option, current: Any) -> Any:
    """One option's value from a dialog fit for its kind; None leaves it unset."""
    if option.kind == "flag":
        return None if current else True
    if option.kind == "choice":
        picked = await play.dialog(dialogs.choose(f"{option.flag[2:]}: {option.help}",
                                                [("-", "none")] + [(c, c) for c in option.choices]))
        return None if picked in (None, "-") else picked
    answer = await play.dialog(dialogs.prompt(f"{option.flag[2:]}: {option.help}", value=_shown(current)
                                            if current is not None else "", allow_empty=True))
    if not answer or not answer.strip():
        return None
    from solo.rules.options import OptionError

    try:
        return option.parse(answer)
    except OptionError as exc:
        play.tell(str(exc), severity="error")
        return current


async def _harm_or_recover(play: Play, args: str, action: str, title: str) -> None:
    from solo.rules import HARM_KINDS, SIZES

    system = _system(play)
    words = args.lower().split()
    kind = next((w for w in words if w in HARM_KINDS), None)
    size = next((w for w in words if w in SIZES), None)
    pc = await _pc(play, system)
    if pc is None:
        return
    kind = kind or await play.dialog(dialogs.choose(f"{title} {pc.name}: of what?",
                                                  [(k, k) for k in HARM_KINDS]))
    if not kind:
        return
    size = size or await play.dialog(dialogs.choose(f"{title} {pc.name}: how much?", [(s, s) for s in SIZES]))
    if size:
        await play.perform(action, character=pc.id, kind=kind, size=size)


@move("harm", "Harm", "Harm a PC (body, mind or resources; minor, moderate or major) in the system's terms",
      words=("harm",), usage="[body|mind|resources] [minor|moderate|major]", group="Characters")
async def harm(play: Play, args: str) -> None:
    await _harm_or_recover(play, args, "rules.harm", "Harm")


@move("recover", "Recover", "A PC recovers (body, mind or resources; minor, moderate or major)",
      words=("recover",), usage="[body|mind|resources] [minor|moderate|major]", group="Characters")
async def recover(play: Play, args: str) -> None:
    await _harm_or_recover(play, args, "rules.recover", "Recovery for")
