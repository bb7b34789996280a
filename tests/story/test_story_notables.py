"""Who a story brings in is noted as the story made them: a foundation's wants and
collisions, and people a random event introduces."""

from __future__ import annotations

import pytest

from solo.campaign import Campaign, CampaignStore, perform, undo
from solo.dice import Rng
from solo.story import generate_foundation
from solo.tables import load_tables

AT = "2026-01-02T03:04:05.000Z"


@pytest.fixture(scope="module")
def tables():
    return load_tables(use_env=False)


def test_a_foundations_people_keep_the_wants_the_foundation_gave_them(tables):
    found = generate_foundation(tables, Rng(3))
    for person in found.world.people:
        assert person.want is not None and person.npc is not None
        # the sheet and the chart agree on what they want
        assert person.npc.want == person.want.text


def test_foundation_notables_carry_its_wants_and_collisions_into_the_save_and_export(cli):
    assert cli("new", "Salt Road", "--seed", "3").code == 0
    data = cli("foundation", "--campaign", "salt-road", "--json").json
    campaign = CampaignStore().load("salt-road")
    notes = {n.name: n.note for n in campaign.notables if n.kind == "person"}
    people = [n for n in data["nodes"] if n["kind"] == "npc"]
    names = {n["id"]: n["name"] for n in data["nodes"]}
    assert len(people) >= 2
    for person in people:
        note = notes[person["name"]]
        assert f" Wants {person['want']['text']}." in note
        rivals = [names[b if a == person["id"] else a] for a, b in
                  (c["between"] for c in data["collisions"]) if person["id"] in (a, b)]
        assert rivals, "every person in a foundation collides with someone"
        clash = note.split(" Clashes with ")[1]
        assert all(r in clash for r in rivals)
    exported = cli("export", "salt-road").out
    for person in people:
        assert person["want"]["text"] in exported
    assert "Clashes with" in exported


def test_the_foundation_action_itself_notes_the_generated_wants(tables):
    campaign = Campaign.new("A", seed=11, created=AT)
    [entry] = perform(campaign, "story.foundation", {}, tables=tables, at=AT)
    wants = {n["name"]: n["want"]["text"] for n in entry.data["nodes"] if n["kind"] == "npc"}
    for notable in campaign.notables:
        if notable.kind == "person":
            assert f"Wants {wants[notable.name]}." in notable.note


def test_a_new_face_from_a_random_event_joins_the_notables_and_undo_takes_them_out(tables):
    campaign = Campaign.new("X", rng=Rng(15), created=AT)
    [event] = perform(campaign, "oracle.event", {}, tables=tables, at=AT)
    assert event.text == ("Random event: A new face enters the story: Quenna Tanner."
                          " Meaning: attack / freedom.")
    assert [(n.name, n.kind, n.note) for n in campaign.notables] == [
        ("Quenna Tanner", "person", "entered the story in a random event (attack / freedom)")]
    undo(campaign)
    assert campaign.notables == []


def test_a_new_face_in_a_fate_questions_random_event_joins_the_notables(tables):
    for seed in range(400):
        campaign = Campaign.new("X", rng=Rng(seed), created=AT)
        [entry] = perform(campaign, "oracle.ask", {"question": "Is anyone there?", "chaos": 9},
                          tables=tables, at=AT)
        event = entry.data.get("random_event")
        if event and event["focus"].startswith("A new face"):
            name = event["focus"].split(": ", 1)[1]
            assert [n.name for n in campaign.notables] == [name]
            # a later event can pick them
            assert name in [c for c in perform(campaign, "oracle.character_random", {}, tables=tables,
                                               at=AT)[0].text.split(": ", 1)[1:]]
            return
    pytest.fail("no fate question in 400 seeds brought a new face")
