"""Characters and encounters: the screens where the rule system's side of the game is played."""

from __future__ import annotations

from solo.errors import SoloError
from solo.tui.moves import dialogs
from solo.tui.moves.base import Play, move
from solo.tui.render import encounter_running


@move("characters", "Characters", "The party's sheets, kept current; create a PC (guided or at random)",
      key="p", words=("characters", "pc"), group="Characters")
async def characters(play: Play, args: str) -> None:
    from solo.tui.screens.characters import CharactersScreen

    play.show(CharactersScreen(play, play.changed))


@move("encounter", "Encounter", "Fight or face foes through the rules engine: choose each PC's move",
      key="b", words=("encounter", "fight"), usage="[FOE ...]", group="Characters")
async def encounter(play: Play, args: str) -> None:
    from solo.tui.screens.characters import rules_system
    from solo.tui.screens.encounter import EncounterScreen, FoesDialog

    campaign = play.campaign
    if not encounter_running(campaign):
        system = rules_system(campaign)
        if system is None:
            raise SoloError("encounters need the campaign to play a rule system the rules engine knows"
                            f" (this one plays {campaign.system or 'none'})")
        if not campaign.pcs:
            raise SoloError("an encounter needs a player character: p opens the characters screen")
        if args:
            foes: list[str | int] | None = list(args.split())
        else:
            ours = [(str(c.id), f"{c.name} (from this campaign)") for c in campaign.npcs
                    if c.sheet.get("system") == system.id]
            choices = ours + [(name, system.npc(name).name) for name in system.npc_names()]
            picked = await play.dialog(FoesDialog(choices))
            foes = [int(p) if p.isdigit() else p for p in picked] if picked else None
        if not foes:
            return
        sheets = [c for c in campaign.pcs if c.sheet.get("system") == system.id]
        unfit = [(c, system.load_actor(c.sheet).unfit()) for c in sheets]
        out = [f"{c.name} ({why})" for c, why in unfit if why]
        pcs: list[int] | None = None
        if out:  # defeated PCs sit the fight out unless the player brings them in
            choices = [("all", "Bring them in anyway")]
            if len(out) < len(sheets):
                choices.insert(0, ("without", "Fight without them"))
            answer = await play.dialog(dialogs.choose(f"In no state to fight: {', '.join(out)}", choices))
            if answer is None:
                return
            if answer == "all":
                pcs = [c.id for c in sheets]
        if await play.perform("rules.encounter_start", foes=foes, pcs=pcs) is None:
            return
    play.show(EncounterScreen(play, play.changed))
