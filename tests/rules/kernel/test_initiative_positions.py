"""The fixed-order phase and engagement: generic kernel pieces, tested without any system's rules."""

from __future__ import annotations

from types import SimpleNamespace

from solo.rules.initiative import FixedOrder, ordered
from solo.rules.positions import Engagement


def seat(index, pc=False):
    return SimpleNamespace(index=index, out=None, acts=True, pc=pc)


def test_order_is_by_roll_with_favoured_seats_winning_ties():
    seats = [seat(0), seat(1, pc=True), seat(2), seat(3, pc=True)]
    got = ordered(seats, [3, 3, 4, 1], lambda s: s.pc)
    assert [s.index for s in got] == [2, 1, 0, 3]


class Fake:
    """An encounter shaped as FixedOrder needs: turns logged, rounds counted, 'end' ends a turn."""

    def __init__(self, seats):
        self.turn_order = seats
        self.turn_index = 0
        self.round = 1
        self.started = []
        self.live_sides = 2
        self.over = False

    def turn_start(self, s, events):
        self.started.append((self.round, s.index))

    def ends_turn(self, action):
        return action == "end"

    def resolve(self, s, action, events):
        events.append(action)

    def round_over(self, events):
        self.round += 1

    def is_over(self):
        return self.over

    def finish(self, events):
        self.over = True


def test_a_turn_lasts_until_it_is_ended_and_out_seats_are_skipped():
    seats = [seat(0), seat(1), seat(2)]
    enc = Fake(seats)
    phase = FixedOrder()
    phase.begin(enc, [])
    assert phase.next_seat(enc) is seats[0] and enc.started == [(1, 0)]
    phase.submit(enc, seats[0], "attack", [])
    phase.submit(enc, seats[0], "attack", [])
    assert phase.next_seat(enc) is seats[0]  # any number of actions in one turn
    phase.submit(enc, seats[0], "end", [])
    assert phase.waiting(enc) == [seats[1]]
    seats[2].out = "down"
    phase.submit(enc, seats[1], "end", [])
    assert enc.round == 2 and phase.next_seat(enc) is seats[0]
    assert enc.started == [(1, 0), (1, 1), (2, 0)]


def test_engagement_is_mutual_and_focus_allows_reactions():
    pos = Engagement()
    pos.engage(0, 2)
    assert pos.engaged(2, 0) and pos.engaged_with(0) == [2] and not pos.can_react(1, 0)
    pos.set_focus(1, 0)
    assert pos.can_react(1, 0) and not pos.can_react(0, 1)
    pos.leave(0)
    assert pos.engaged_with(2) == [] and pos.focused_on(1) is None


class Asking(Fake):
    """A 'strike' at seat 2 waits for seat 2's answer; the answer settles it."""

    reacting = None

    def resolve(self, s, action, events):
        events.append((s.index, action))
        if action == "strike":
            self.reacting = self.turn_order[2]
        elif self.reacting is s:
            self.reacting = None


def test_a_reaction_window_asks_one_seat_inside_anothers_turn():
    seats = [seat(0), seat(1), seat(2)]
    enc = Asking(seats)
    phase = FixedOrder()
    phase.begin(enc, [])
    events = []
    phase.submit(enc, seats[0], "strike", events)
    assert phase.next_seat(enc) is seats[2] and phase.waiting(enc) == [seats[2]]
    phase.submit(enc, seats[2], "parry", events)  # answering ends nobody's turn
    assert phase.next_seat(enc) is seats[0] and enc.started == [(1, 0)]
    assert events == [(0, "strike"), (2, "parry")]
    phase.submit(enc, seats[0], "end", events)
    assert phase.next_seat(enc) is seats[1]
