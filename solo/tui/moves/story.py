"""Story generators in play: a hook becomes a thread, a person a notable (and an NPC with stats)."""

from __future__ import annotations

import asyncio
from typing import Any

from solo.errors import SoloError
from solo.tui.moves.base import Play, move


async def _previewed(play: Play, title: str, action: str, params: dict[str, Any]) -> None:
    """Show what `action` would make; keep it, reroll with new dice, or discard it."""
    from solo.campaign.previews import preview
    from solo.tui.screens.generated import GeneratedDialog

    tables = await play.tables()
    rerolls = 0
    while True:
        made = await asyncio.to_thread(preview, play.campaign, action, params, rerolls, tables)
        answer = await play.dialog(GeneratedDialog(title, made, rerolls))
        if answer == "keep":
            await play.perform("keep_generated", action=action, params=params, rerolls=rerolls)
            return
        if answer != "reroll":
            play.tell("Discarded: nothing was added and no dice were used.")
            return
        rerolls += 1


def _count(args: str, what: str) -> int:
    text = args.strip() or "1"
    if not text.isdigit():
        raise SoloError(f"/{what} takes how many to make, not {text!r}")
    return int(text)


@move("hook", "Adventure hook", "Roll an adventure hook; it becomes an open thread",
      key="h", words=("hook",), usage="[N]", group="Story")
async def hook(play: Play, args: str) -> None:
    await _previewed(play, "Adventure hook", "story.hooks", {"count": _count(args, "hook")})


@move("npc", "Make a person", "A person with a look, manner, want and secret (with stats in your system)",
      key="g", words=("npc",), usage="[N]", group="Story")
async def npc(play: Play, args: str) -> None:
    from solo.rules import registry

    system = play.campaign.system
    params: dict[str, Any] = {"system": system} if system in registry.ids() else {}
    await _previewed(play, "A new person", "story.npc", {"count": _count(args, "npc"), **params})


@move("foundation", "Story foundation", "Lay a story's foundation: its people, things, places, first task",
      key="f", words=("foundation",), group="Story")
async def foundation(play: Play, args: str) -> None:
    await _previewed(play, "A story's foundation", "story.foundation",
                     {"shape": args.strip()} if args.strip() else {})


@move("adventure", "Adventure", "A whole adventure balanced against the party; its map, clocks and fights",
      key="d", words=("adventure",), usage="[new] [low|fair|deadly] [SHAPE]", group="Story")
async def adventure(play: Play, args: str) -> None:
    from solo.tui.screens.adventure import AdventureScreen, adventure_entry

    words = args.split()
    fresh = bool(words) and words[0] == "new"
    words = words[1:] if fresh else words
    if fresh or words or adventure_entry(play.campaign) is None:
        params: dict[str, str] = {}
        if words and words[0] in ("low", "fair", "deadly"):
            params["danger"] = words.pop(0)
        if words:
            params["shape"] = " ".join(words)
        play.tell("Building the adventure: its fights are balanced by forecast, which takes a few seconds.")
        if await play.perform("story.adventure", **params) is None:
            return
    play.show(AdventureScreen(play, play.changed))
