"""Guided character creation: the rule system's own questions, one at a time, with a random button.

The questions and the checking of answers come from the system
(`System.creation()`, a small state machine); this screen only shows them.
A rejected answer is explained under the question, which is asked again.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from solo.dice import Rng
from solo.errors import SoloError


class PickList(SelectionList[str]):
    """A question that takes several choices: Space ticks or unticks one, Enter answers."""

    BINDINGS = [Binding("enter", "done", "Answer", id="creation.picks",
                        tooltip="Answer with the ticked choices (Space ticks one)")]

    class Done(Message):
        pass

    def action_done(self) -> None:
        self.post_message(self.Done())


class CreationScreen(Screen[Any]):
    """Dismissed with the finished actor, or None when the player gives up."""

    CSS_PATH = "characters.tcss"
    BINDINGS = [
        Binding("ctrl+r", "random", "Random character", id="creation.random",
                tooltip="Skip the questions: roll a whole character at random"),
        Binding("escape", "cancel", "Cancel", id="creation.cancel", tooltip="Stop; nothing is added"),
    ]

    def __init__(self, system: Any, rng: Rng | None = None):
        super().__init__()
        self.system = system
        self.rng = rng or Rng()
        self.creation = system.creation()
        self.answers: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="creation"):
            with Vertical(id="asking"):
                yield Label(id="prompt")
                yield Label(id="help")
                yield Input(id="text")
                yield OptionList(id="choices")
                yield PickList(id="picks")
                yield Label(id="problem")
                yield Button("Random character (ctrl+r)", id="random", variant="primary")
            with VerticalScroll(id="so-far"):
                yield Static(id="answers")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"New character ({self.system.name})"
        self._ask()

    def _ask(self) -> None:
        question = self.creation.question
        if question is None:
            self.dismiss(self.creation.actor())
            return
        self.query_one("#prompt", Label).update(Text(question.prompt, style="bold"))
        self.query_one("#help", Label).update(Text(question.help or ""))
        field, choices = self.query_one("#text", Input), self.query_one("#choices", OptionList)
        picks = self.query_one(PickList)
        several = bool(question.choices) and question.picks > 1
        field.display = not question.choices
        choices.display = bool(question.choices) and not several
        picks.display = several
        if several:
            ticked = {p.strip() for p in (question.default or "").split(",")}
            picks.clear_options()
            picks.add_options([(Text.assemble((answer, "bold"), f"  {about}" if about else ""),
                                answer, answer in ticked) for answer, about in question.choices])
            self.query_one("#help", Label).update(Text(
                (question.help + " · " if question.help else "")
                + f"Space ticks a choice; Enter answers with the {question.picks} ticked"))
            picks.focus()
        elif question.choices:
            choices.clear_options()
            choices.add_options(Option(Text.assemble((answer, "bold"), f"  {about}" if about else ""),
                                       id=answer) for answer, about in question.choices)
            answers = [a for a, _ in question.choices]
            choices.highlighted = answers.index(question.default) if question.default in answers else 0
            choices.focus()
        else:
            field.value = question.default or ""
            field.focus()
        self.query_one("#answers", Static).update(Text("\n".join(
            f"{key}: {value}" for key, value in self.answers[-40:]) or "Your answers appear here.",
            style="dim" if not self.answers else ""))

    def _answer(self, text: str) -> None:
        question = self.creation.question
        if question is None:
            return
        try:
            self.creation.answer(text)
        except SoloError as exc:
            self.query_one("#problem", Label).update(Text(str(exc), style="bold red"))
            return
        self.query_one("#problem", Label).update("")
        self.answers.append((question.key, text or "(left blank)"))
        self._ask()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._answer(event.value.strip())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._answer(event.option.id or "")

    def on_pick_list_done(self, event: PickList.Done) -> None:
        event.stop()
        ticked = set(self.query_one(PickList).selected)
        question = self.creation.question
        order = [a for a, _ in question.choices] if question is not None else []
        self._answer(", ".join(a for a in order if a in ticked))

    @on(Button.Pressed, "#random")
    def _random_pressed(self) -> None:
        self.action_random()

    def action_random(self) -> None:
        self.dismiss(self.system.random_character(self.rng))

    def action_cancel(self) -> None:
        self.dismiss(None)
