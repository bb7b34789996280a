"""Moves that work the app rather than the story: help, campaigns, quitting."""

from __future__ import annotations

from solo.tui.moves.base import Play, move


@move("help", "Help", "Every key, move and /command", words=("help",), group="App")
async def help_(play: Play, args: str) -> None:
    await play.app_action("help")


@move("campaigns", "Campaigns", "Open, start, rename, export or delete campaigns",
      words=("campaigns", "open"), group="App")
async def campaigns(play: Play, args: str) -> None:
    await play.app_action("campaigns")


@move("quit", "Quit", "Leave solo (everything is already saved)", words=("quit", "exit"), group="App")
async def quit_(play: Play, args: str) -> None:
    await play.app_action("quit")
