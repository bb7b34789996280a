"""The response stack of `solo.rules.stack`: last pushed first, merged items, dropping one owner's items."""

from __future__ import annotations

import pytest

from solo.rules import Action, RulesError
from solo.rules.engine import Seat
from solo.rules.stack import Stack, StackItem


class Someone:
    name = "x"


def seat(label: str, index: int) -> Seat:
    return Seat(Someone(), "a", label, index)  # type: ignore[arg-type]


def item(owner: Seat, kind: str) -> StackItem:
    return StackItem(owner, Action(owner.actor, kind))


def test_items_resolve_last_pushed_first_and_are_numbered_in_order():
    a, b = seat("A", 0), seat("B", 1)
    stack = Stack()
    first, second = stack.push(item(a, "jab")), stack.push(item(b, "dodge"))
    assert (first.number, second.number) == (1, 2)
    assert stack.top is second and stack.top_first() == [second, first]
    assert stack.pop() is second and stack.top is first and len(stack) == 1


def test_a_merged_item_rides_in_its_host_and_counts_as_its_owners():
    a, b = seat("A", 0), seat("B", 1)
    stack = Stack()
    move = stack.push(item(a, "move"))
    cut = stack.merge(move, item(b, "jab"), "when A passes B")
    assert move.merged == [cut] and cut.point == "when A passes B" and cut.number == 2
    assert stack.of(b) == [cut] and len(stack) == 1
    assert stack.drop_owner(b) == [cut] and move.merged == []
    stack.pop()
    with pytest.raises(RulesError, match="no longer on the stack"):
        stack.merge(move, item(b, "jab"), "too late")


def test_dropping_an_owner_takes_all_its_waiting_items_and_leaves_the_rest_in_order():
    a, b = seat("A", 0), seat("B", 1)
    stack = Stack()
    one, two, three = stack.push(item(a, "jab")), stack.push(item(b, "dodge")), stack.push(item(a, "coup"))
    assert stack.drop_owner(a) == [three, one]
    assert stack.top_first() == [two]
    stack.remove(two)
    assert not stack
