"""Where each fighter stands: its seat (dice left, raised AC, zone, melee) and the fight's plain questions.

`Field` is the lowest layer of an action-dice fight (`skirmish.Skirmish`):
who sits where, the armour class now, reach by zones [SR: engaged / near /
far], and the stacked items of a seat.
"""

from __future__ import annotations

from typing import Any

from solo.rules.action_dice.character import Delver
from solo.rules.engine import Action, ActionTemplate, Event, Seat
from solo.rules.stack import PASS, StackEncounter, StackItem


class Post(Seat):
    """A seat in the fight: dice left this turn, a raised AC, and where it stands.

    What the sheet says and a fight never changes (the weapon, the powers the
    fight asks about, the Str and Dex bonuses) is read once here: the policy
    and the rules ask it at every decision.
    """

    __slots__ = ("delver", "avail", "raised", "far", "engaged", "shown", "bow", "two_handed", "powerful",
                 "tumble", "trip", "riposte", "exert", "lucky", "heavy", "str_bonus", "dex_bonus", "passing")

    def __init__(self, actor: Any, side: str, label: str, index: int):
        super().__init__(actor, side, label, index)
        self.delver: Delver = actor
        self.avail: dict[str, int] = dict(actor.dice)
        self.raised = 0
        self.far = False
        self.engaged: set[int] = set()
        self.shown: tuple[int, int] | None = None  # (wounds, damage) a finishing blow last revealed
        kit, powers = actor.equipment, actor.powers
        self.bow = "bow" in kit
        self.two_handed = "two-handed" in kit
        self.powerful = "powerful" in powers
        self.tumble = "tumble" in powers
        self.trip = "trip" in powers
        self.riposte = "riposte" in powers
        self.exert = "exert" in powers
        self.lucky = "lucky" in powers
        self.heavy = "heavy-hitter" in powers
        self.str_bonus = actor.bonus("str")
        self.dex_bonus = actor.bonus("dex")
        self.passing = Action(actor, PASS)  # (a silent fight passes with it: `Skirmish.run`)


class Field(StackEncounter):
    """Seats, zones and reach; the layers above add harm, paying, resolving and offers."""

    NOUN = "fight"
    NOBODY_LEFT = "nobody is left alive"
    seat_class = Post
    seats: list[Post]  # type: ignore[assignment]
    side_seats: dict[str, list[Post]]  # type: ignore[assignment]
    book: Any
    _templates: dict[tuple[int, str], ActionTemplate | None]
    _opponents: dict[str, list[Post]]  # by side (`opponents`)

    # -- who and what -----------------------------------------------------------------------------
    def post(self, actor: Any) -> Post:
        return self.seat(actor)  # type: ignore[return-value]

    @staticmethod
    def who(seat: Seat) -> Delver:
        actor = seat.actor
        assert isinstance(actor, Delver)
        return actor

    def ac_of(self, seat: Post) -> int:
        return max(seat.delver.ac, seat.raised)

    def ranged(self, seat: Seat) -> bool:
        return self.seats[seat.index].bow  # the seat as a Post (a stack item names its owner as a Seat)

    def free_fatigue(self, seat: Post, amount: int = 1) -> bool:
        actor = seat.delver
        return actor.fatigue + amount <= actor.max_fatigue

    def own_turn(self, seat: Seat) -> bool:
        return seat.side == self.active and self.window is None and not self.stack.items

    def quick_attack(self, seat: Post) -> bool:
        """A slow attack made quick: a bow does it free, a two-handed weapon for a fatigue."""
        return seat.bow or (seat.two_handed and self.free_fatigue(seat))

    def stacked(self, owner: Seat, kinds: tuple[str, ...]) -> StackItem | None:
        """The topmost waiting item of `owner` of one of `kinds`."""
        for item in reversed(self.stack.items):
            if item.owner is owner and item.action.kind in kinds:
                return item
        return None

    def opponents(self, seat: Seat) -> list[Post]:
        """The seats still in on the other sides (`foes_of`, as posts); kept until someone goes out (the
        policy asks on every turn), so not to be changed."""
        side = seat.side
        found = self._opponents.get(side)
        if found is None:
            found = self._opponents[side] = [s for s in self.seats if s.out is None and s.side != side]
        return found

    def put_out(self, seat: Seat, how: str) -> None:
        super().put_out(seat, how)
        self._opponents.clear()

    def melee_group(self, target: Post) -> list[Post]:
        return [s for s in self.seats if s.index in target.engaged and s.out is None]

    def find(self, number: int) -> StackItem | None:
        for item in self.stack.items:
            if item.number == number:
                return item
        return None

    def raise_ac(self, seat: Post, value: int, events: list[Event]) -> None:
        before = self.ac_of(seat)
        seat.raised = max(seat.raised, value)
        after = self.ac_of(seat)
        if self.record:
            self.emit(
                events,
                "ac",
                f"{seat.label}'s AC {'rises to' if after > before else 'stays at'} {after}"
                " until the end of the turn.",
                seat.actor,
                ac=after,
            )

    def engage(self, a: Post, b: Post) -> None:
        a.engaged.add(b.index)
        b.engaged.add(a.index)
        a.far = b.far

    def disengage(self, seat: Post) -> None:
        for other in self.seats:
            other.engaged.discard(seat.index)
        seat.engaged.clear()

    @staticmethod
    def reaches(attacker: Post, target: Post) -> bool:
        return attacker.bow or target.index in attacker.engaged
