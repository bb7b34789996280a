"""The campaign's adventure: its map as text, the places with what is found there, the threat
clocks, and "start this fight".

The screen shows the latest ``story.adventure`` entry of the journal (the
adventure as data) beside the campaign's live clocks, which are the
adventure's threats under the same names, so a clock moved anywhere (``+``
here, ``/clock``, the side panel) shows here with what its next segment
brings.  Enter on a fight starts it through ``rules.encounter_start`` with
all of that fight's foes (NPC characters the adventure added, with their
sheets), then opens the encounter screen.  Everything shown is the
adventure's own text and figures: no rules are worked out here.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from solo.campaign import Campaign, JournalEntry
from solo.campaign.story_moves import ADVENTURE_STATE, fight_outcomes, latest_adventure
from solo.tui.moves.base import Play
from solo.tui.render import encounter_running

# how a fight of the adventure went (`fight_outcomes`), as its row says it
ENDED = {"win": "won", "loss": "lost", "draw": "drawn", "retreat": "retreated from",
         "surrender": "surrendered", "truce": "ended in a truce", "rout": "foes routed"}


def adventure_entry(campaign: Campaign) -> JournalEntry | None:
    """The journal entry of the campaign's latest adventure, if it has one."""
    return latest_adventure(campaign)


def clock_lines(campaign: Campaign, data: dict[str, Any], clocks: list[str]) -> list[str]:
    """Each threat's clock as it stands now, with what has happened and what comes next."""
    lines = []
    for threat, name in zip(data["threats"], clocks, strict=False):
        clock = next((c for c in campaign.clocks if c.name == name), None)
        if clock is None:
            lines.append(f"{name}: no longer on the table")
            continue
        bar = "#" * clock.filled + "." * (clock.segments - clock.filled)
        lines.append(f"{name} [{bar}] {clock.filled}/{clock.segments}")
        steps = threat["steps"]
        if clock.filled:
            lines.append(f"  done: {steps[min(clock.filled, len(steps)) - 1]}")
        if clock.filled < len(steps):
            lines.append(f"  next: {steps[clock.filled]}")
    return lines


class AdventureScreen(Screen[None]):
    CSS_PATH = "adventure.tcss"
    BINDINGS = [
        Binding("enter", "choose", "Go there / fight", id="adventure.choose",
                tooltip="Arrive at the place highlighted, or start the fight highlighted"),
        Binding("f", "start", "Start this fight", id="adventure.start",
                tooltip="Start the fight highlighted (or the one at the place highlighted)"),
        Binding("plus", "advance", "Advance clock", id="adventure.advance",
                tooltip="The first threat's clock moves one segment: the heroes dawdled"),
        Binding("escape", "back", "Back", id="adventure.back", tooltip="Back to the journal"),
    ]

    def __init__(self, play: Play, changed: Any):
        super().__init__()
        self.play = play
        self.changed = changed
        self.outcomes: dict[str, str] = {}  # fight id -> how it went, read by `refresh_view`
        self.rows: list[tuple[str, str]] = []  # (kind, id) of each option: ("place", "l1"), ("fight", "f1")

    @property
    def campaign(self) -> Campaign:
        return self.play.campaign

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with VerticalScroll(id="left"):
                yield Static(id="map")
                yield Static(id="clocks")
            with VerticalScroll(id="right"):
                yield OptionList(id="places")
                yield Static(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Adventure"
        self.changed.subscribe(self, lambda _: self.refresh_view())
        self.refresh_view()
        self.query_one(OptionList).focus()

    @property
    def data(self) -> dict[str, Any] | None:
        entry = adventure_entry(self.campaign)
        return entry.data if entry is not None else None

    def refresh_view(self) -> None:
        entry = adventure_entry(self.campaign)
        places = self.query_one("#places", OptionList)
        highlighted = places.highlighted
        places.clear_options()
        self.rows = []
        if entry is None:
            self.sub_title = "none yet"
            self.query_one("#map", Static).update("No adventure in this campaign yet: /adventure makes one.")
            self.query_one("#clocks", Static).update("")
            self.query_one("#detail", Static).update("")
            return
        adv = entry.data["adventure"]
        self.sub_title = f"{adv['adventure']} (danger {adv['danger']})"
        names = {loc["id"]: loc["name"] for loc in adv["locations"]}
        lines = [Text("Map", style="bold")]
        for loc in adv["locations"]:
            mark = {"start": " (start)", "climax": " (climax)"}.get(loc["role"], "")
            hidden = f" [found by {loc['gate']}]" if loc["gate"] else ""
            ways = ", ".join(names[b if a == loc["id"] else a] for a, b in adv["links"]
                             if loc["id"] in (a, b))
            lines.append(Text(f"{loc['name']}{mark}{hidden} -> {ways}"))
        self.query_one("#map", Static).update(Text("\n").join(lines))
        clocks = [Text("Threats", style="bold")]
        clocks += [Text(line) for line in clock_lines(self.campaign, adv, entry.data.get("clocks", []))]
        self.query_one("#clocks", Static).update(Text("\n").join(clocks))
        state = self.campaign.extra.get(ADVENTURE_STATE)
        if not isinstance(state, dict) or state.get("adventure") != entry.data.get("thread"):
            state = {}
        known, visited = state.get("known", []), state.get("visited", [])
        self.outcomes = fight_outcomes(self.campaign)
        for loc in adv["locations"]:
            self.rows.append(("place", loc["id"]))
            mark = "visited" if loc["id"] in visited else \
                "way unknown" if loc["gate"] and loc["gate"] not in known else "can go"
            fight = f" - fight {loc['fight']}{self._how(loc['fight'], ' ({})')}" if loc["fight"] else ""
            places.add_option(Option(Text(f"{loc['name']} ({mark}){fight}")))
        for fight in adv["fights"]:
            self.rows.append(("fight", fight["id"]))
            line = self._fight_line(adv, fight, names, self._how(fight["id"], " ({})"))
            places.add_option(Option(Text(line)))
        places.highlighted = highlighted if highlighted is not None and highlighted < len(self.rows) else 0
        self._detail()

    def _how(self, fight: str, form: str) -> str:
        """How `fight` went, in `form` ("" if it was never started): won, lost, under way..."""
        outcome = self.outcomes.get(fight)
        return "" if outcome is None else form.format(ENDED.get(outcome, outcome))

    @staticmethod
    def _fight_line(adv: dict[str, Any], fight: dict[str, Any], names: dict[str, str], how: str) -> str:
        lo, hi = fight["band"]
        harm = ", ".join(f"{k} {v:.1f}" for k, v in fight["forecast"].get("average_harm", {}).items())
        foes = ", ".join(f["name"] for f in fight["foes"])
        return (f"Fight {fight['id']}{how} at {names[fight['location']]}: {foes}"
                f" - {fight['danger']} ({lo:.0%}-{hi:.0%}), forecast win {fight['forecast']['win']:.1%},"
                f" harm {harm or 'none'}")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._detail()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        await self.action_choose()

    async def action_choose(self) -> None:
        chosen = self._chosen()
        if chosen is None:
            return
        if chosen[0] == "fight":
            await self.action_start()
            return
        self.run_worker(self.play.perform("story.visit", location=chosen[1]), group="adventure-visit")

    def _chosen(self) -> tuple[str, str] | None:
        index = self.query_one("#places", OptionList).highlighted
        return self.rows[index] if index is not None and index < len(self.rows) else None

    def _detail(self) -> None:
        data, chosen = self.data, self._chosen()
        if data is None or chosen is None:
            return
        adv = data["adventure"]
        nodes = {n["id"]: n["name"] for n in adv["foundation"]["nodes"]}
        kind, key = chosen
        lines: list[str] = []
        if kind == "place":
            loc = next(x for x in adv["locations"] if x["id"] == key)
            lines.append(f"{loc['name']}: {loc['detail']}.")
            lines += [f"Here: {x}" for x in loc["story"]]
            if loc["people"]:
                lines.append("People: " + ", ".join(nodes[p] for p in loc["people"]))
            if loc["things"]:
                lines.append("Things: " + ", ".join(nodes[t] for t in loc["things"]))
            lines += [f"Lying about: {x}" for x in loc["finds"]]
            for clue in (c for c in adv["clues"] if c["location"] == key):
                target = next(r for r in adv["revelations"] if r["id"] == clue["revelation"])
                to = next(x["name"] for x in adv["locations"] if x["id"] == target["opens"])
                lines.append(f"Clue {clue['id']}: {clue['text']} (leads to {to})")
            if loc["hazard"]:
                lines.append(f"Hazard: {loc['hazard']}")
            if loc["fight"]:
                how = self._how(loc["fight"], "{}; ")
                lines.append(f"Fight {loc['fight']}: {how}f starts it")
            lines.append("Enter: the party goes there")
        else:
            fight = next(x for x in adv["fights"] if x["id"] == key)
            lines.append(fight["note"])
            lines.append(f"Foes: {', '.join(f['name'] for f in fight['foes'])}")
            odds = fight["forecast"]
            lines.append(f"Forecast over {odds['runs']} fights: win {odds['win']:.1%},"
                         f" draw {odds['draw']:.1%}, loss {odds['loss']:.1%}")
            if fight["id"] in self.outcomes:
                lines.append(f"Played: {self._how(fight['id'], '{}')}")
            lines.append("Enter starts this fight")
        self.query_one("#detail", Static).update(Text("\n".join(lines)))

    async def action_start(self) -> None:
        data, chosen = self.data, self._chosen()
        if data is None or chosen is None:
            return
        kind, key = chosen
        if kind == "place":
            loc = next(x for x in data["adventure"]["locations"] if x["id"] == key)
            if not loc["fight"]:
                self.notify(f"No fight at {loc['name']}.", markup=False)
                return
            key = loc["fight"]
        self.run_worker(self._start(data, key), exclusive=True, group="adventure-start")

    async def _start(self, data: dict[str, Any], fight: str) -> None:
        from solo.tui.screens.encounter import EncounterScreen

        if encounter_running(self.campaign):
            if fight_outcomes(self.campaign).get(fight) == "under way":  # this very fight: back to it
                self.app.push_screen(EncounterScreen(self.play, self.changed))
            else:
                self.notify("An encounter is already running: finish it first (b opens it).",
                            severity="warning")
            return
        foes = data.get("fights", {}).get(fight, [])
        known = {c.id for c in self.campaign.npcs}
        if not foes or any(f not in known for f in foes):
            self.notify(f"The foes of fight {fight} are no longer in this campaign.", severity="error")
            return
        if await self.play.perform("rules.encounter_start", foes=foes) is None:
            return
        self.app.push_screen(EncounterScreen(self.play, self.changed))

    async def action_advance(self) -> None:
        data = self.data
        clocks = data.get("clocks", []) if data else []
        if not clocks:
            self.notify("This adventure has no threat clocks.", markup=False)
            return
        await self.play.perform("oracle.clock", name=clocks[0], advance=1)

    def action_back(self) -> None:
        self.app.pop_screen()
