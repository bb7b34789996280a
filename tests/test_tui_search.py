"""The journal search's little language and the generic detail view, without an app."""

from __future__ import annotations

from solo.campaign import JournalEntry
from solo.tui.render import data_lines
from solo.tui.search import parse_query, search

ENTRIES = [
    JournalEntry("t", 1, "scene", "Scene 1: The ford"),
    JournalEntry("t", 1, "note", "Mira wades in."),
    JournalEntry("t", 1, "check", "A check: 5, a success", {"character": "Mira"}),
    JournalEntry("t", 2, "oracle", "Is the ford guarded? -> No"),
    JournalEntry("t", 2, "edit", "Edited entry 2: Mira swims."),
]


def test_words_kind_scene_and_character_filter_together():
    assert list(search(parse_query("ford"), ENTRIES)) == [0, 3]
    assert list(search(parse_query("kind:ora"), ENTRIES)) == [3]
    assert list(search(parse_query("scene:1 @mira"), ENTRIES)) == [1, 2]  # the check names her in its data
    assert list(search(parse_query("char:Mira swims"), ENTRIES, {1: "Mira swims."})) == [1]
    assert parse_query("scene:two").problem == "scene:two: a scene is a number, as in scene:3"


def test_any_data_is_shown_as_indented_lines():
    data = {"name": "Essa", "wants": "the Abbess's Seal", "secret": None,
            "people": [{"name": "Garrow", "tags": ["farrier", "proud"]}], "alive": True}
    assert data_lines(data) == ["name: Essa", "wants: the Abbess's Seal", "secret: —", "people:",
                                "  - name: Garrow", "    tags:", "      - farrier", "      - proud",
                                "alive: yes"]
