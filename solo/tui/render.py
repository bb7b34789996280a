"""Journal entries and campaign state as Rich text, for the widgets to lay out.

Kept free of Textual so the look of an entry can be tested (and reused by
other front ends) without an app running.  The widgets decide colours through
their CSS component classes; this module only says which *group* an entry
belongs to, so a theme can colour dice, oracle and story results apart.
"""

from __future__ import annotations

from rich.text import Text

from solo.campaign import Campaign, JournalEntry

# Entry kind -> the group whose colour its label takes.
GROUPS = {
    "roll": "dice", "table": "dice",
    "oracle": "oracle", "clue": "oracle", "journey": "oracle", "countdown": "oracle",
    "clock": "oracle", "thread": "oracle", "meaning": "oracle", "stall": "oracle", "event": "oracle",
    "character": "rules", "encounter": "rules", "check": "rules", "harm": "rules", "move": "rules",
    "story": "story", "hook": "story", "npc": "story", "foundation": "story",
    "campaign": "campaign",
}
LABEL_WIDTH = 10
# Where a campaign keeps its running encounter: the rules module's state (`actors.MODULE`), under
# `encounter_moves.KEY`.  Spelled out because importing those modules loads the rules engine and
# the tables, which the side panel's first frame has no other use for (a test keeps them equal).
ENCOUNTER_STATE = ("rules", "encounter")


def entry_group(entry: JournalEntry) -> str:
    """`note`, `scene` or the colour group of an annotation."""
    if entry.kind in ("note", "scene"):
        return entry.kind
    return GROUPS.get(entry.kind, "other")


def entry_label(entry: JournalEntry) -> str | None:
    """The word in the journal's left margin; notes and scene lines have none."""
    if entry.kind in ("note", "scene"):
        return None
    return entry.kind.replace("_", " ")[: LABEL_WIDTH - 1]


def entry_body(entry: JournalEntry) -> Text:
    """The entry's text, with the part a player's eye looks for first in bold (an oracle's answer)."""
    text = Text(entry.text)
    label = entry.data.get("label") if entry.kind == "oracle" else None
    if isinstance(label, str) and label:
        text.highlight_words([f"-> {label}"], style="bold")
    return text


def encounter_running(campaign: Campaign) -> bool:
    """Read without `module_state`, which would add an empty entry to the state it reads."""
    module, key = ENCOUNTER_STATE
    rules = campaign.extra.get(module)
    return isinstance(rules, dict) and isinstance(rules.get(key), dict)


def clock_bar(filled: int, segments: int) -> str:
    return "■" * filled + "□" * (segments - filled)


def scene_line(campaign: Campaign) -> str:
    scene = campaign.scene
    if scene.number == 0:
        return "Before the first scene"
    state = "" if scene.open else " (ended)"
    line = f"Scene {scene.number}{state}"
    return line + (f": {scene.expectation}" if scene.expectation else "")


def state_panel(campaign: Campaign) -> Text:
    """The numbers a player glances at between moves: chaos, marks, clues, clocks."""
    out = Text()
    out.append(scene_line(campaign) + "\n", style="bold")
    out.append("Chaos factor ")
    out.append(str(campaign.chaos), style="bold")
    out.append("\nComplication marks ")
    out.append(str(campaign.countdown), style="bold")
    out.append("\nClues held ")
    out.append(str(campaign.clues), style="bold")
    if encounter_running(campaign):
        out.append("\nAn encounter is running (b)", style="bold")
    for clock in campaign.clocks:
        out.append(f"\n{clock.name} ")
        out.append(clock_bar(clock.filled, clock.segments), style="bold")
        out.append(f" {clock.filled}/{clock.segments}")
    return out


def threads_panel(campaign: Campaign) -> Text:
    threads = campaign.open_threads
    if not threads:
        return Text("No open threads", style="dim")
    return Text("\n".join(f"{t.id}. {t.text}" for t in threads))


def people_panel(campaign: Campaign, resources: dict[int, str] | None = None) -> Text:
    """PCs with their key resources (`resources` by character id, from the rules), then notables."""
    resources = resources or {}
    out = Text()
    for pc in campaign.pcs:
        if out:
            out.append("\n")
        out.append(pc.name, style="bold")
        flags = [w for w, on in (("set up well", pc.set_up_well), ("leverage", pc.leverage)) if on]
        if flags:
            out.append(f" ({', '.join(flags)})")
        if pc.id in resources:
            out.append("\n  " + resources[pc.id])
    for npc in campaign.npcs:
        out.append(("\n" if out else "") + f"{npc.name} (NPC)")
    for notable in campaign.notables:
        out.append(("\n" if out else "") + f"{notable.name} ({notable.kind})", style="dim")
    if not out:
        return Text("No characters yet", style="dim")
    return out
