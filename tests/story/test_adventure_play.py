"""An adventure in a campaign: notables, clocks, a thread and foes; arriving, clues, fights; the TUI view."""

from __future__ import annotations

import re
import shutil

import pytest
from tui_harness import new_app, play

from solo.campaign import CampaignStore, perform, undo
from solo.campaign.story_moves import fight_outcomes
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import registry
from solo.tui.screens.adventure import AdventureScreen
from solo.tui.screens.encounter import EncounterScreen

SYSTEM = registry.ids()[0]  # the campaign side names no system; any one will do


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    saves = tmp_path_factory.mktemp("adventure-saves")
    session = CampaignStore(saves).create("Lantern Road", system=SYSTEM, seed=11)
    system = registry.get(SYSTEM)
    for index, name in enumerate(("Ada", "Bram", "Cato", "Dell")):
        session.perform("character_add", sheet=system.random_character(Rng(index), name=name).to_dict())
    [entry] = session.perform("story.adventure")
    return saves, entry


def loaded(built):
    saves, _ = built
    return CampaignStore(saves).load("lantern-road")


def test_the_adventure_joins_the_campaign_and_undo_takes_it_all_back(built):
    _, entry = built
    campaign = loaded(built)
    adv = entry.data["adventure"]
    assert entry.text.startswith(f"An adventure: {adv['adventure']} (")
    notes = {n.name: n for n in campaign.notables}
    for node in adv["foundation"]["nodes"]:
        if node["kind"] == "npc":
            assert f"Wants {node['want']['text']}." in notes[node["name"]].note
    for loc in adv["locations"]:
        assert notes[loc["name"]].kind == "place"
    assert [(c.name, c.segments, c.filled) for c in campaign.clocks] == [
        (t["clock"], t["segments"], 0) for t in adv["threats"]]
    assert [t.text for t in campaign.threads] == [adv["foundation"]["first_task"]]
    npcs = {c.id: c for c in campaign.npcs}
    for fight in adv["fights"]:
        ids = entry.data["fights"][fight["id"]]
        assert [npcs[i].sheet for i in ids] == [f["sheet"] for f in fight["foes"]]
    undo(campaign)
    assert (campaign.notables, campaign.clocks, campaign.threads, campaign.npcs) == ([], [], [], [])


def test_an_adventure_needs_the_party_it_is_balanced_against(saves_dir):
    session = CampaignStore(saves_dir).create("Empty Road", system=SYSTEM, seed=1)
    name = registry.get(SYSTEM).name
    with pytest.raises(SoloError, match=re.escape(f"add a player character ({name} sheet) first")):
        session.perform("story.adventure")
    with pytest.raises(SoloError, match="this campaign has no adventure yet"):
        session.perform("story.visit", location="anywhere")


def test_arriving_finds_the_clues_and_opens_the_ways_they_point_to(built):
    _, entry = built
    campaign = loaded(built)
    adv = entry.data["adventure"]
    start = adv["locations"][0]
    gated = next(loc for loc in adv["locations"] if loc["gate"])
    with pytest.raises(SoloError, match=f"the party does not know the way to {gated['name']} yet"):
        perform(campaign, "story.visit", {"location": gated["id"]})
    [arrived] = perform(campaign, "story.visit", {"location": start["name"]})
    assert arrived.text.startswith(f"The party arrives at {start['name']}: {start['detail']}.")
    found = [c for c in adv["clues"] if c["location"] == start["id"]]
    assert arrived.data["learned"] == list(dict.fromkeys(c["revelation"] for c in found))
    for clue in found:
        assert f"Clue: {clue['text']}" in arrived.text
    opened = [loc for loc in adv["locations"] if loc["gate"] in arrived.data["learned"]]
    for loc in opened:
        [there] = perform(campaign, "story.visit", {"location": loc["id"]})
        assert there.text.startswith(f"The party arrives at {loc['name']}")
    with pytest.raises(SoloError, match="no place called 'Nowhere'"):
        perform(campaign, "story.visit", {"location": "Nowhere"})


def test_the_adventure_view_shows_the_map_moves_a_clock_and_starts_a_fight(built, saves_dir):
    saves, entry = built
    shutil.copytree(saves, saves_dir, dirs_exist_ok=True)
    adv = entry.data["adventure"]
    threat = adv["threats"][0]

    async def scenario(h):
        await h.press("escape", "d")
        screen = h.app.screen
        assert isinstance(screen, AdventureScreen)
        shown = str(screen.query_one("#map").render())
        for loc in adv["locations"]:
            assert loc["name"] in shown
        clocks = str(screen.query_one("#clocks").render())
        assert f"{threat['clock']} [{'.' * threat['segments']}] 0/{threat['segments']}" in clocks
        assert f"next: {threat['steps'][0]}" in clocks
        await h.press("plus")
        clocks = str(screen.query_one("#clocks").render())
        assert f"1/{threat['segments']}" in clocks and f"done: {threat['steps'][0]}" in clocks
        assert h.main.campaign.clocks[0].filled == 1
        await h.press("enter")  # the start is highlighted: the party goes there
        assert h.main.campaign.journal[-1].text.startswith(
            f"The party arrives at {adv['locations'][0]['name']}")
        places = screen.query_one("#places")
        places.highlighted = len(adv["locations"])  # the first fight's row
        await h.press("f")
        fight = adv["fights"][0]
        assert isinstance(h.app.screen, EncounterScreen)
        log = h.main.campaign.journal[-1].text
        assert log.startswith("An encounter begins")
        for foe in fight["foes"]:
            assert foe["name"] in log
        await h.press("escape")  # back to the adventure view while the fight runs
        assert h.app.screen is screen
        row = str(places.get_option_at_index(len(adv["locations"])).prompt)
        assert row.startswith(f"Fight {fight['id']} (under way) at ")
        await h.press("f")
        await h.press("a")  # the fight played out, to its end
        ended = h.main.campaign.journal[-1]
        word = {"win": "won", "loss": "lost", "draw": "drawn"}[ended.data["result"]]
        await h.press("escape")
        assert h.app.screen is screen
        row = str(places.get_option_at_index(len(adv["locations"])).prompt)
        assert row.startswith(f"Fight {fight['id']} ({word}) at ")
        where = next(i for i, loc in enumerate(adv["locations"]) if loc["id"] == fight["location"])
        assert str(places.get_option_at_index(where).prompt).endswith(f"- fight {fight['id']} ({word})")

    play(new_app(saves_dir, campaign="lantern-road"), scenario, size=(120, 40))


def test_a_fight_of_the_adventure_is_known_by_its_foes_until_it_ends(built):
    campaign = loaded(built)
    _, entry = built
    fights = entry.data["fights"]
    (first, foes), (second, others) = list(fights.items())[:2]
    assert fight_outcomes(campaign) == {}
    perform(campaign, "rules.encounter_start", {"foes": foes[:1] if len(foes) > 1 else others[:1]})
    perform(campaign, "rules.encounter_end", {"outcome": "retreat"})
    assert fight_outcomes(campaign) == {}  # other foes: not a fight of the adventure
    perform(campaign, "rules.encounter_start", {"foes": foes})
    assert fight_outcomes(campaign) == {first: "under way"}
    perform(campaign, "rules.encounter_end", {"outcome": "retreat"})
    assert fight_outcomes(campaign) == {first: "retreat"}
    perform(campaign, "rules.encounter_start", {"foes": foes})  # played again: its latest ending
    assert fight_outcomes(campaign) == {first: "under way"}
    perform(campaign, "rules.encounter_end", {"outcome": "truce"})
    assert fight_outcomes(campaign) == {first: "truce"}
    perform(campaign, "rules.encounter_start", {"foes": others})
    [*_, ended] = perform(campaign, "rules.encounter_auto", {})
    assert ended.data["result"] in ("win", "loss", "draw")
    assert fight_outcomes(campaign) == {first: "truce", second: ended.data["result"]}
