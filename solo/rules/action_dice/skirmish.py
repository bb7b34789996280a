"""An action-dice fight on the response stack: pay, roll, push; answer; resolve the top.

Sides take whole turns (`solo.rules.stack`).  On its own side's turn, with
the stack empty, a character may take slow actions; quick ones go any time,
also in answer to what is stacked [SR: slow actions also need an empty
stack].  Dice are rolled when paid for, but success is judged only when the
item resolves, against the target's armour class *then* (RULES.md §3.5), so
a DODGE stacked over an attack can make it miss.

Actions: MOVE (toward a foe: far to near, near into melee) and WITHDRAW
(out of melee, or near to far) for a Movement die; DODGE for a fatigue and a
Movement die; JAB and COUP DE GRACE for an Attack die; BLOCK for a Shield
die; the fighter's TRIP and RIPOSTE and the wizard's EXERT; GATHER POWER
and CAST A SPELL for sorcerers.  A quick attack (a bow, or a two-handed
weapon and a fatigue) may instead be merged into a foe's stacked move, to
take over when the move comes within reach (INTERRUPT); a TRIP that hits
there stops the move at that point.

Reach [SR: zones engaged / near / far]: melee needs the two engaged when
the attack resolves; ranged reaches anyone, but shooting at someone in a
melee costs a fatigue and a save, and a failed save sends the shot to
someone else in that melee, picked at random (without a fatigue to spare
the shot goes to one of them, the target included, at random).

Who is asked to answer the top of the stack [SR]: every player character
with a quick action open, and a GM character only when the top item is a
foe's attack on it or beside it, or a foe's move (the engine's answers
never go past those).

Wounds add hidden d6s (lesser characters: an open count); a character who
is wounded with abilities on the stack saves or loses them all (a hit that
does not wound: a save with advantage); death takes its abilities off the
stack.  At the end of a side's turn its sorcerers save (a failure costs a
fatigue if one is free, else every stone in the pool and discard pile
[SR]), raised armour classes fall back, and the side's dice refresh.

The fight's lines are written only when it records (`if self.record:`
before each `emit`): a forecast's silent fights skip building the text.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from solo.dice import Rng
from solo.rules.action_dice.actions import ATTACKS, DIE_NAMES, MOVES, NAMES
from solo.rules.action_dice.dice import attack_chance, finishing_chance, passes, save_chance
from solo.rules.action_dice.offers import Offers
from solo.rules.action_dice.policy import answer_to, own_turn, worth_answering
from solo.rules.action_dice.seats import Post
from solo.rules.action_dice.sorcery import burn_out, holding
from solo.rules.engine import Action, Chooser, Event, Odds, Seat, Until, choose, full_degrees
from solo.rules.options import Option
from solo.rules.stack import StackItem

__all__ = ["Skirmish"]


class Skirmish(Offers):
    #: a forecast's fights are rematches: each seat's state comes from its sheet, the rest in `set_up`
    quick_rematch = True
    quick = False  # a silent run with the policy deciding for everyone (`run`)
    found: Action  # in such a run, the answer of the one seat `responders` asks
    declared_options = (
        Option(
            "initiative",
            "choice",
            "the side that takes the first turn (the one longest in the area)",
            ("party", "foes"),
        ),
        Option(
            "start",
            "choice",
            "where the fight starts: near (one MOVE from melee) or far (two)",
            ("near", "far"),
        ),
    )

    def __init__(self, system: Any, sides: Any, rng: Rng, **options: Any):
        super().__init__(system, sides, rng, **options)
        self.book = system.book
        self.start = choose(
            self.options.get("start", system.house_rules.get("start", "near")), ("near", "far"), "start"
        )
        self.set_up()
        first = self.options.get("initiative")
        if first is not None:
            wanted = choose(first, ("party", "foes"), "initiative")
            names = list(self.sides)
            side = wanted if wanted in names else names[0 if wanted == "party" else 1]
            self.first_side(side)

    def rematched(self) -> None:
        super().rematched()
        self.set_up()

    def set_up(self) -> None:
        """What a fight changes, set up afresh (making one, or `rematch` for a forecast's next fight):
        the offers and opponents kept for the policy, and where each seat starts.  Made once and kept:
        the options read, who acts first, and each seat's readings of the sheet."""
        self._templates = {}
        self._opponents = {}
        home = next(iter(self.sides))
        far = self.start == "far"
        for seat in self.seats:  # far: the other sides start a zone away, two MOVEs from melee
            seat.far = far and seat.side != home

    def describe(self, action: Action) -> str:
        name = NAMES.get(action.kind, action.kind)
        whom = self.label(action.target) if action.target is not None else ""
        if action.kind == "move":
            return f"MOVE toward {whom}"
        if action.kind == "cast":
            spell = self.book.spells.get(str(action.option("spell")), {}).get("text", action.option("spell"))
            return f"CAST {spell} at {whom}"
        if action.kind == "interrupt":
            return f"INTERRUPT {whom}'s move with {NAMES.get(str(action.option('with')), '?')}"
        if action.kind == "exert":
            return f"EXERT for {DIE_NAMES.get(str(action.option('die')), 'a')} die"
        if action.kind in ("block", "riposte"):
            return f"{name} {whom}'s attack"
        if action.kind == "trip":
            return f"TRIP {whom}'s move"
        return f"{name} {whom}".strip()

    # -- odds ---------------------------------------------------------------------------------------------
    def action_odds(self, action: Action) -> Odds | None:
        """The chance an attack would hit now, as the die is still to be rolled."""
        seat = self.post(action.actor)
        actor = seat.delver
        kind = action.option("with") if action.kind == "interrupt" else action.kind
        if kind in ("jab", "coup", "trip", "riposte") and action.target is not None:
            target = self.post(action.target)
            near = action.kind == "interrupt" or self.reaches(seat, target)
            p = attack_chance(self.ac_of(target), actor.bonus("str")) if near else Fraction(0)
            detail: dict[str, Any] = {"ac": self.ac_of(target), "bonus": actor.bonus("str")}
            if kind in ATTACKS and self.ranged(seat):  # a shot must land on its mark first (`aim`)
                lands = self.clear_shot(seat, target)
                if lands < 1:
                    p *= lands
                    detail["lands"] = str(lands)
            return Odds(self.system.id, full_degrees({"success": p, "fail": 1 - p}), detail)
        if action.kind == "cast":
            level = int(self.book.spells[str(action.option("spell"))]["level"])
            p = save_chance(actor.fatigue, level, int(actor.has("lucky")))
            return Odds(self.system.id, full_degrees({"success": p, "fail": 1 - p}), {"casting_save": True})
        return None

    def clear_shot(self, seat: Post, target: Post) -> Fraction:
        """The chance a shot lands on its mark (as `aim` decides): sure outside a melee; into one, the
        save after the fatigue it costs, or a lot among everyone in it when no fatigue is free."""
        group = [s for s in self.melee_group(target) if s is not seat]
        if not group:
            return Fraction(1)
        actor = seat.delver
        if self.free_fatigue(seat):
            return save_chance(actor.fatigue + 1, 0, int(actor.has("lucky")))
        return Fraction(1, len(group) + 1)

    def item_text(self, item: StackItem) -> str:
        """What a stacked item is and how it stands now (its die is rolled; its target's AC may change)."""
        owner = item.owner
        text = f"{owner.label}: {self.describe(item.action)}"
        kind = item.rolls.get("as", item.action.kind)
        face = item.rolls.get("face")
        if face is None:
            return text
        value = item.rolls.get("value", face)
        target = item.rolls.get("target")
        if kind in ("jab", "coup", "trip", "riposte") and target is not None:
            tseat = self.seats[target]
            ac = self.ac_of(tseat)
            hit = passes(face, value - face, ac)
            text += f" [die {face}, {value} vs AC {ac}: {'hits' if hit else 'misses'} as things stand"
            raising = self.raising_above(item, tseat)
            if raising is not None and raising[1] > ac:  # the target's own dodge or move resolves first
                later = passes(face, value - face, raising[1])
                verdict = ("still " if later == hit else "") + ("hits" if later else "misses")
                text += f"; after #{raising[0]}, AC {raising[1]}: {verdict}"
            tactor = tseat.delver
            if kind == "coup" and hit:
                if tactor.lesser:
                    text += f"; kills {finishing_chance(tactor.wounds, tactor.health)}"
                else:
                    text += f"; wounded x{tactor.wounds}, kill chance hidden"
            return text + "]"
        return f"{text} [die {face}{f' = {value}' if value != face else ''}]"

    def raising_above(self, item: StackItem, target: Post) -> tuple[int, int] | None:
        """The target's own DODGE or MOVE stacked above the item that raises its AC most when it
        resolves first, as (its number, that AC); None if there is none."""
        if item not in self.stack.items:
            return None
        above = self.stack.items[self.stack.items.index(item) + 1:]
        rises = [(i.rolls["value"], i.number) for i in above if i.owner is target
                 and i.action.kind in ("dodge", *MOVES) and "value" in i.rolls]
        if not rises:
            return None
        value, number = max(rises)
        return number, value

    # -- turns ---------------------------------------------------------------------------------------------
    def run(self, until: Until | None = None, choose: Chooser | None = None) -> list[Event]:
        """The kernel's loop; a silent fight with nobody else choosing (a forecast's) skips its checks:
        the policy makes only moves the seat is offered, so each goes straight on the stack."""
        if until is not None or choose is not None or self.record:
            return super().run(until, choose)
        events: list[Event] = []
        self.quick = True  # (`responders`: only the first seat with an answer is asked)
        while not self.is_over():
            # who is asked (`SideTurns.next_seat`) and what it does (`decide`): in a window, the one seat
            # `responders` found and its answer (nothing has changed since); else the next on its turn
            window = self.window
            if window:
                self.take(window[0], self.found, events)
                continue
            seat = self.up or self.to_act()  # (as `_settle` just found it, unless it began a side's turn)
            assert isinstance(seat, Post), "a fight that is not over waits for someone"
            self.take(seat, own_turn(seat, self) or seat.passing, events)
        return events

    def responders(self, pusher: Seat | None) -> list[Seat]:
        """Who is asked to answer, the other side first: every player character with a quick action open,
        and every GM character with one that the top item concerns (an enemy's attack on it or beside it,
        an enemy's move) - the others would only pass.  A silent run (a forecast: the engine plays
        everyone, and its policy passes on what does not concern it) asks player characters the same way."""
        if self.quick:
            return self.first_answer()
        top = self.stack.top
        first = top.owner.side if top is not None else self.active
        players = self.record
        # what the top item concerns: every foe of a move; the target of an attack and those beside it
        kind = top.action.kind if top is not None else ""
        move = kind in MOVES
        victim = top.rolls.get("target") if top is not None and kind in ATTACKS else None
        asked: list[Seat] = []
        for side, seats in self.side_seats.items():  # the other sides first, in seat order
            if side == first:
                continue
            for s in seats:
                if s.out is not None:
                    continue
                concerned = move or (victim is not None and (victim == s.index or victim in s.engaged))
                if (concerned or (players and s.delver.is_pc)) and self.can_answer(s):
                    asked.append(s)
        if players:  # the pusher's own side: only player characters, never concerned
            asked.extend(s for s in self.seats
                         if s.side == first and s.out is None and s.delver.is_pc and self.can_answer(s))
        return asked

    def first_answer(self) -> list[Seat]:
        """`responders` when the policy plays everyone (`quick`): a pass changes nothing, so those before
        the first seat whose answer is not a pass would each pass over the same fight; only that seat is
        asked, and its answer kept (`found`) for `run`.  What makes the top item worth an answer is the
        same for everyone, so it is asked once; then each seat it concerns, in seat order (`decide`)."""
        top = self.stack.top
        if top is None or not worth_answering(top, self):
            return []
        first = top.owner.side
        move = top.action.kind in MOVES
        victim = top.rolls.get("target")
        for side, seats in self.side_seats.items():
            if side == first:
                continue
            for s in seats:
                if s.out is None and (move or victim == s.index or victim in s.engaged):
                    found = answer_to(s, top, self)
                    if found is not None:
                        self.found = found
                        return [s]
        return []

    def concerns(self, seat: Post) -> bool:
        """Whether the top item is an enemy's attack on this seat or a neighbour, or an enemy's move."""
        top = self.stack.top
        if top is None or top.owner.side == seat.side:
            return False
        kind = top.action.kind
        if kind in MOVES:
            return True
        if kind in ATTACKS and "target" in top.rolls:
            victim = top.rolls["target"]
            return bool(victim == seat.index or victim in seat.engaged)
        return False

    def end_turn(self, side: str, events: list[Event]) -> None:
        for seat in self.seats:
            if seat.side != side or seat.out is not None:
                continue
            actor = seat.delver
            if holding(actor):
                ok, _ = self.save(seat, events, "the sorcery's end-of-turn save")
                if not ok:
                    if self.free_fatigue(seat):
                        self.tire(seat, events, "holding the power")
                    else:
                        burn_out(actor)
                        if self.record:
                            self.emit(
                                events,
                                "stones",
                                f"{seat.label}'s stones burn out until a serious rest.",
                                seat.actor,
                            )
        for seat in self.seats:
            seat.raised = 0
            if seat.side == side:
                seat.avail = dict(seat.delver.dice)
        if self.record:
            self.emit(events, "turn", f"End of the {side} side's turn: its dice refresh.")

    def on_finish(self, events: list[Event], reason: str | None) -> None:
        self.stack.items.clear()
        self.window = None

    def fight_state(self, actor: Any) -> str:
        """Where the fighter stands, its AC if raised, and what dice it has left (the board holds the
        turn and the stack; this goes on each fighter's own row)."""
        seat = self.post(actor)
        if seat.out is not None:
            return ""
        ac = self.ac_of(seat)
        raised = f"now AC {ac} · " if ac > seat.delver.ac else ""
        dice = " ".join(f"{k}{n}" for k, n in seat.avail.items() if seat.delver.dice.get(k))
        melee = [self.seats[i].label for i in sorted(seat.engaged)]
        where = f"melee with {', '.join(melee)}" if melee else "far" if seat.far else "near"
        return f"{raised}{dice or 'no dice'} · {where}"

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["stack"] = [self.item_text(i) for i in self.stack.top_first()]
        return out
