"""Text slips the journal showed: counts that can be 1 before a plural, powers that fit no object."""

from __future__ import annotations

import re

from solo.tables import load_tables

TABLES = load_tables()
COUNT_THEN_PLURAL = re.compile(r"\{=1d\d+\} [a-z]+ ?[a-z]*s\b")


def test_no_table_puts_a_roll_that_can_be_one_before_a_plural_noun():
    slips = [(t.id, text) for t in map(TABLES.get, TABLES.ids()) for _, text in t.strings()
             if COUNT_THEN_PLURAL.search(text)]
    assert slips == []
    treasure = next(text for _, text in TABLES.get("treasure/hoard").strings() if "small stones" in text)
    assert treasure.startswith("small stones ({=1d4} in all)")


def test_an_item_with_a_story_has_powers_that_fit_any_object():
    # A violin or a map cannot be drunk from: a power names no way of using the thing.
    powers = [text for _, text in TABLES.get("story/item/power").strings()]
    assert len(powers) == 20 and not [p for p in powers if "drinks from" in p]
