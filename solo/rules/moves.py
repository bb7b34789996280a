"""System moves: what a rule system lets a character do outside a fight.

A system declares its moves once, as `SystemMove`s returned by
`System.moves()`: an id (``rest``, ``lay-low``...), a title and a line of
help, the `Option`s the move takes, and `run`, which changes one actor and
says what happened as engine `Event`s.  Front ends never learn a system's
moves: the campaign runs any of them through one action, the command line
builds ``solo move NAME`` and its flags from the declarations, and the TUI
lists them in the palette and on the character screen with a dialog built
from the same options.

An option whose default is ``None`` must be given; the others fall back to
their defaults, so a move with no required options runs as it stands.

A move that gives a `question` is also one of the system's own oracles
(`System.oracles()`): a roll the rules text itself offers for a question the
story asks (Masque's reaction roll for how a stranger takes the party, the
action-dice watch roll for whether a resting party is ambushed).  The
campaign asks it through ``move.ask``: the same run on a PC's sheet, the
answer journaled under the question like any oracle answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solo.dice import Rng
from solo.rules.options import Option, OptionError, parse_options

if TYPE_CHECKING:
    from solo.rules.engine import Actor, Event, System

MoveRun = Callable[["System", "Actor", Mapping[str, Any], Rng], list["Event"]]


@dataclass(frozen=True)
class SystemMove:
    """One thing a character can do between fights: rest, heal, advance, buy, lay low..."""

    id: str
    title: str
    help: str
    options: tuple[Option, ...]
    run: MoveRun
    #: the question this move answers when the oracle is asked with it ("" = not an oracle)
    question: str = ""

    def required(self) -> list[Option]:
        return [o for o in self.options if o.default is None and o.kind not in ("flag", "list")]

    def parse(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """`given` checked against the declared options, defaults filled in; a missing one named."""
        try:
            values = parse_options(self.options, {k: v for k, v in given.items() if v is not None})
        except OptionError as exc:
            raise OptionError(f"move {self.id}: {exc}") from None
        missing = [o.flag for o in self.required() if o.name not in values]
        if missing:
            raise OptionError(f"move {self.id} needs {', '.join(missing)}"
                              f" ({'; '.join(_describe(o) for o in self.required())})")
        for option in self.options:
            values.setdefault(option.name, option.default if option.kind != "list" else [])
        return values

    def usage(self) -> str:
        """The move's flags as the command line writes them."""
        parts = []
        for o in self.options:
            shown = o.flag if o.kind == "flag" else f"{o.flag} {_metavar(o)}"
            parts.append(shown if o in self.required() else f"[{shown}]")
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "help": self.help,
            "question": self.question,
            "options": [
                {"name": o.name, "kind": o.kind, "help": o.help, "choices": list(o.choices),
                 "default": o.default, "required": o in self.required()}
                for o in self.options
            ],
        }


def calls(method: str, *names: str, rng: bool = False) -> MoveRun:
    """A move's `run` that is one system method: ``method(actor, <the named options in order>)``,
    with the dice last when `rng`, returning its events."""
    def run(system: System, actor: Actor, options: Mapping[str, Any], dice: Rng) -> list[Event]:
        args = [options[name] for name in names] + ([dice] if rng else [])
        return getattr(system, method)(actor, *args)  # type: ignore[no-any-return]
    return run


def find_move(moves: Iterable[SystemMove], name: str, system_name: str = "this system") -> SystemMove:
    """The move called `name` (its id, or its title, any case); an error lists the moves there are."""
    wanted = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    known = list(moves)
    for move in known:
        if wanted in (move.id, move.title.lower().replace(" ", "-")):
            return move
    raise OptionError(f"{system_name} has no move called {name!r}; its moves: "
                      + ", ".join(m.id for m in known))


def _metavar(option: Option) -> str:
    if option.kind == "choice":
        return "|".join(option.choices)
    return {"int": "N", "list": "TEXT"}.get(option.kind, option.name.upper())


def _describe(option: Option) -> str:
    return f"{option.flag}: {option.help}" if option.help else option.flag
