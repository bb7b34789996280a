"""Ask the oracle: a question, and the odds ladder with each level's exact chance before rolling.

The chances shown are the oracle's own (`solo.oracle.fate_odds`) for the
campaign's chaos factor and the momentum the question will be asked with,
so what the player sees is exactly what the dice will give.

Below the ladder come the rule system's own oracle rolls, if it has any (a
reaction roll, a watch against ambush: `System.oracles()`); choosing one
answers with that roll instead (``Question.odds`` is then ``rules:ID``), and
the question may be left empty to ask the roll's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from solo.dice import percent
from solo.oracle import ODDS_LADDER, fate_odds

RULES = "rules:"


@dataclass(frozen=True)
class Question:
    question: str
    odds: str


class AskDialog(ModalScreen[Question | None]):
    CSS_PATH = "dialog.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="ask.cancel", tooltip="Do not ask"),
        Binding("up", "odds(-1)", "Likelier", show=False, id="ask.less", priority=True,
                tooltip="One step down the odds ladder"),
        Binding("down", "odds(1)", "Less likely", show=False, id="ask.more", priority=True,
                tooltip="One step up the odds ladder"),
    ]

    def __init__(self, chaos: int, *, set_up_well: bool = False, leverage: bool = False,
                 question: str = "", odds: str = "balanced", who: str | None = None,
                 rolls: list[tuple[str, str, str]] | None = None):
        super().__init__(classes="dialog")
        #: the system's own oracle rolls: (id, title, the question it answers)
        self.rolls = list(rolls or [])
        self.chaos = chaos
        self.set_up_well = set_up_well
        self.leverage = leverage
        self.question = question
        self.odds = odds
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("Ask the oracle", id="title")
            yield Input(self.question, placeholder="A yes/no question: Is the gate guarded?", id="question")
            momentum = [w for w, on in (("set up well", self.set_up_well), ("leverage", self.leverage)) if on]
            context = f"chaos factor {self.chaos}"
            if momentum and self.who:
                context += f", {self.who} " + " and ".join(momentum)
            yield Label(f"How likely is a yes? ({context})", id="detail")
            yield OptionList(*(Option(self._line(level.name), id=level.name) for level in ODDS_LADDER),
                             *(Option(Text.assemble(("the rules: ", "italic"), title), id=RULES + ident)
                               for ident, title, _ in self.rolls),
                             id="odds")
            yield Label(id="pool")
            yield Label("enter: ask · ↑↓: odds · esc: cancel", id="hint")

    def _line(self, level: str) -> Text:
        odds = fate_odds(level, self.chaos, self.set_up_well, self.leverage)
        return Text.assemble((level.replace("-", " ").ljust(20)), (f"yes {percent(odds.yes):>6}", "bold"))

    def on_mount(self) -> None:
        names = [level.name for level in ODDS_LADDER]
        self.query_one(OptionList).highlighted = names.index(self.odds) if self.odds in names else 4
        self.query_one(Input).focus()

    @property
    def chosen(self) -> str:
        options = self.query_one(OptionList)
        index = options.highlighted if options.highlighted is not None else 4
        if index >= len(ODDS_LADDER):
            return RULES + self.rolls[index - len(ODDS_LADDER)][0]
        return ODDS_LADDER[index].name

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.chosen.startswith(RULES):
            ident = self.chosen[len(RULES):]
            asks = next(q for i, _, q in self.rolls if i == ident)
            self.query_one("#pool", Label).update(f"answered by the rule system's own roll: {asks}")
            return
        odds = fate_odds(self.chosen, self.chaos, self.set_up_well, self.leverage)
        self.query_one("#pool", Label).update(
            f"{odds.pool.notation} · yes {percent(odds.yes)} (exceptional {percent(odds.exceptional_yes)})"
            f" · no {percent(odds.no)} (exceptional {percent(odds.exceptional_no)})"
            f" · random event {percent(odds.random_event)}")

    def action_odds(self, step: int) -> None:
        options = self.query_one(OptionList)
        index = options.highlighted if options.highlighted is not None else 4
        options.highlighted = max(0, min(len(ODDS_LADDER) + len(self.rolls) - 1, index + step))

    def _ask(self) -> None:
        question = self.query_one(Input).value.strip()
        if not question and not self.chosen.startswith(RULES):
            self.notify("Type the question first.", severity="warning")
            self.query_one(Input).focus()
            return
        self.dismiss(Question(question, self.chosen))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._ask()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._ask()

    def action_cancel(self) -> None:
        self.dismiss(None)
