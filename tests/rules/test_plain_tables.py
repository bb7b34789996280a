"""A plain table read by lookup gives what the table roller gives, from the same dice.

`SystemData.roll` skips the roller for plain tables (one die or weights, nothing to fill in); the
record and the dice drawn must stay exactly the roller's, or a seeded forecast would change.
"""

from __future__ import annotations

import pytest

from solo.dice import Rng
from solo.rules import registry
from solo.rules.data import SystemData, plain_lookup
from solo.tables import load_tables
from solo.tables.model import FollowUp, Row, Table


def _roller_record(data: SystemData, table_id: str, rng: Rng) -> dict:
    result = data.tables.roll(table_id, rng)
    record = dict(result.fields)
    record["text"] = result.text
    if result.dice is not None:
        record["roll"] = result.dice.total
    return record


@pytest.mark.parametrize("system_id", registry.ids())
def test_every_plain_table_reads_as_the_roller_rolls_it(system_id: str) -> None:
    data = registry.get(system_id).data
    plain = [t for t in data.tables.ids() if plain_lookup(data.tables.get(t)) is not None]
    assert plain or system_id == "rogue-spire"
    for table_id in plain:
        by_lookup, by_roller = Rng(21), Rng(21)
        for _ in range(60):
            assert data.roll(table_id, by_lookup) == _roller_record(data, table_id, by_roller), table_id
        assert by_lookup.get_state() == by_roller.get_state(), table_id


def test_the_wound_tables_are_plain_and_a_table_with_a_reference_is_not() -> None:
    tables = load_tables()
    assert plain_lookup(tables.get("nine-powers/wounds/melee")) is not None  # d6 by range
    assert plain_lookup(tables.get("nine-powers/wounds/hurt")) is not None  # by weight
    referring = [t for t in tables.ids() if any("{@" in r.text or "{=" in r.text for r in tables.get(t).rows)]
    assert referring and all(plain_lookup(tables.get(t)) is None for t in referring)



def test_dice_the_lookup_does_not_draw_alike_and_follow_ups_go_to_the_roller() -> None:
    rows = [Row("low", 0, 1, 3), Row("high", 1, 4, 6)]
    assert plain_lookup(Table("t", "T", "range", rows, dice="d6")) is not None
    for dice in ("2d6", "d6+1", "d66", "2d6kh1"):
        assert plain_lookup(Table("t", "T", "range", rows, dice=dice)) is None, dice
    assert plain_lookup(Table("t", "T", "range", [Row("low", 0, 1, 3, then=(FollowUp(),)), rows[1]],
                              dice="d6")) is None
    assert plain_lookup(Table("t", "T", "range", rows, dice="d6", deck=True)) is None
    assert plain_lookup(Table("t", "T", "range", rows[:1], dice="d6")) is None  # no row for a 4
    assert plain_lookup(Table("t", "T", "weight", [Row({"text": "a", "tags": ["x"]}, 0)])) is None


def test_a_melee_wound_reads_the_row_its_d6_names() -> None:
    data = registry.get("nine-powers").data
    rng, twin = Rng(4), Rng(4)
    face = twin.die(6)
    record = data.roll("nine-powers/wounds/melee", rng)
    assert record["roll"] == face
    assert record["text"] == data.records("nine-powers/wounds/melee")[face - 1]["text"]
