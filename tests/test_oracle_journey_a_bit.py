"""Journey events cost or restore "a bit": one point, as the Nine Powers text's examples do."""

from __future__ import annotations

import pytest

from solo.dice import ScriptedRng
from solo.oracle.errors import OracleError
from solo.oracle.journey import journey_event
from solo.tables import load_tables


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


@pytest.mark.parametrize("setting", ["wild", "town"])
def test_every_journey_row_costs_or_restores_one_point(tables, setting):
    sizes = set()
    for tens in range(1, 7):
        for ones in range(1, 7):
            event = journey_event(ScriptedRng([tens, ones]), tables, setting)
            assert event.roll == tens * 10 + ones
            for effect in (event.effect, event.success.effect, event.failure.effect):
                sizes.add(effect.size)
    assert sizes <= {None, "minor"} and "minor" in sizes  # the 72 rows: 7 asked for 2 points before


def test_the_lightning_storm_is_a_bit_of_harm_now(tables):
    event = journey_event(ScriptedRng([6, 3]), tables, "wild")
    assert event.text.startswith("Journey (wild, d66 63): A lightning storm")
    assert event.effect.text == "minor harm to mind"


@pytest.mark.parametrize(("field", "effects"), [
    ("effect", ["effect: harm body moderate"]),
    ("failure_effect", ["effect: harm body minor", "failure_effect: recover mind major"]),
])
def test_a_table_asking_for_more_than_a_bit_is_refused(tmp_path, field, effects):
    row = ['text: "A quiet street."', *effects, "approaches: [presence, wits]", "difficulty: medium",
           'success: "Fine."', 'failure: "Not fine."']
    head = "id: oracle/journey/town\ntitle: My town\ndice: d6\nrows:\n  - 1-6:\n"
    (tmp_path / "town.yaml").write_text(head + "".join(f"      {line}\n" for line in row), encoding="utf-8")
    mine = load_tables([tmp_path], use_env=False)
    with pytest.raises(OracleError) as caught:
        journey_event(ScriptedRng([2]), mine, "town")
    assert str(caught.value).startswith(f"table oracle/journey/town, row 1-6, {field}: a journey costs or"
                                        " restores a bit, one point: write '")
