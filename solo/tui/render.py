"""Journal entries and campaign state as Rich text, for the widgets to lay out.

Kept free of Textual so the look of an entry can be tested (and reused by
other front ends) without an app running.  The widgets decide colours through
their CSS component classes; this module only says which *group* an entry
belongs to, so a theme can colour dice, oracle and story results apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

from solo.campaign import Campaign, JournalEntry
from solo.text_safety import pictures


def shown(text: Text) -> Text:
    """`text` with control characters from saves and tables made visible (`␛`), never obeyed."""
    text.plain = pictures(text.plain)  # same length: the spans stay put
    return text

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
    return shown(text)


class Hanging:
    """Lines of text laid out in a narrow column with each wrapped line indented under its own
    first (two more spaces than that line starts with), so a long line reads as one item."""

    def __init__(self, text: Text, step: int = 2):
        self.text = text
        self.step = step

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for line in self.text.split("\n", allow_blank=True):
            lead = len(line.plain) - len(line.plain.lstrip(" "))
            rest = line[lead:]
            hang = min(lead + self.step, max(0, width - 10))
            first = (rest.wrap(console, max(1, width - lead), overflow="fold") or [Text()])[0]
            cut = len(first.plain.rstrip())
            cut += len(rest.plain[cut:]) - len(rest.plain[cut:].lstrip(" "))
            more: Iterable[Text] = (rest[cut:].wrap(console, max(1, width - hang), overflow="fold")
                                    if cut < len(rest) else [])
            yield Segment(" " * lead)
            yield from first.render(console)
            yield Segment.line()
            for part in more:
                yield Segment(" " * hang)
                yield from part.render(console)
                yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)


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
    return shown(out)


def threads_panel(campaign: Campaign) -> Text:
    threads = campaign.open_threads
    if not threads:
        return Text("No open threads", style="dim")
    return shown(Text("\n".join(f"{t.id}. {t.text}" for t in threads)))


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
    return shown(out)


def _words(key: str) -> str:
    return str(key).replace("_", " ").replace("-", " ")


def _plain_value(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def data_lines(value: object, indent: int = 0) -> list[str]:
    """Any entry's data as indented plain lines: mappings as `key: value`, lists as `- item`.

    Generic on purpose: whatever an action keeps behind an entry (an NPC's
    look and secret, a foundation's people and chart, a fight's rounds, a
    table's rolls) is shown without this module knowing its shape.
    """
    pad = "  " * indent
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                out.append(f"{pad}{_words(key)}:")
                out.extend(data_lines(item, indent + 1))
            elif not isinstance(item, (dict, list)):
                text = _plain_value(item)
                lines = text.split("\n")
                out.append(f"{pad}{_words(key)}: {lines[0]}")
                out.extend(f"{pad}  {line}" for line in lines[1:])
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)):
                inner = data_lines(item, indent + 1)
                if inner:
                    out.append(f"{pad}- {inner[0].lstrip()}")
                    out.extend(inner[1:])
            else:
                out.append(f"{pad}- {_plain_value(item)}")
    else:
        out.append(pad + _plain_value(value))
    return out


def entry_details(number: int, entry: JournalEntry, *, text: str | None = None,
                  edited: bool = False, struck: bool = False) -> Text:
    """Everything behind journal entry `number` (1-based): its words as they read now, the first
    words when edited, and all of its data."""
    out = Text()
    where = f"scene {entry.scene}" if entry.scene else "before the first scene"
    out.append(f"Entry {number} · {entry.kind.replace('_', ' ')} · {where} · {entry.at}\n",
               style="bold")
    if struck:
        out.append("Struck out\n", style="italic")
    out.append("\n" + (entry.text if text is None else text) + "\n")
    if edited:
        out.append("\nFirst written as:\n", style="bold")
        out.append(entry.text + "\n", style="dim")
    lines = data_lines(entry.data)
    if lines:
        out.append("\nBehind it:\n", style="bold")
        out.append("\n".join(lines) + "\n")
    return shown(out)


def thing_details(title: str, data: dict) -> Text:
    """A thread, character or notable from the side panel, with everything it holds."""
    out = Text()
    out.append(title + "\n\n", style="bold")
    out.append("\n".join(data_lines(data)) + "\n")
    return shown(out)
