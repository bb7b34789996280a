"""The Master's story tokens pay for the oracle's complications and random events (RULES.md 1.7, 1.10)."""

from solo.campaign import Campaign, perform
from solo.campaign.actors import pending_edge
from solo.campaign.surprises import tokens_left
from solo.dice import Rng, ScriptedRng

CRUMBLES = [1, 6, 6]  # countdown: 1 mark, d6 1 -> complication d66 66: harm body moderate
DAY1, DAY1_LATER, DAY2 = "2026-11-24T10:00:00Z", "2026-11-24T11:00:00Z", "2026-11-25T09:00:00Z"


def spire_campaign(system: str = "rogue-spire") -> Campaign:
    campaign = Campaign.new("Spire", system=system, rng=Rng(4))
    perform(campaign, "rules.character_random", {"name": "Kell"}, at=DAY1)
    return campaign


def dice(campaign: Campaign) -> list[str]:
    sheet = campaign.character("Kell").sheet
    return [d["die"] + ("x" if d["exhausted"] else "") + ("s" if d["strained"] else "")
            + ("!" if d["injured"] else "") for d in sheet["dice"]]


def test_a_complication_costs_the_master_a_token_and_grows_a_size_until_the_session_runs_dry():
    campaign = spire_campaign()
    assert dice(campaign) == ["d4", "d4", "d4", "d6"]
    campaign.rng = ScriptedRng(CRUMBLES)
    entries = perform(campaign, "oracle.countdown_mark", {}, at=DAY1)
    assert [e.kind for e in entries] == ["countdown", "surprise", "harm"]
    assert entries[1].text == ("The GM spends a story token (0 left this session): the complication"
                               " bites harder, moderate harm becomes major.")
    assert dice(campaign) == ["d4", "d4x!", "d4", "d6"]  # major: the lowest skill die is injured
    # one player character, one token a session: the next complication that day comes as rolled
    campaign.countdown = 0
    campaign.rng = ScriptedRng(CRUMBLES)
    entries = perform(campaign, "oracle.countdown_mark", {}, at=DAY1_LATER)
    assert [e.kind for e in entries] == ["countdown", "harm"]
    assert dice(campaign) == ["d4", "d4x!", "d4s", "d6"]  # moderate: the next one is strained
    # a new day is a new session: a fresh token
    assert tokens_left(campaign, _ctx(campaign, DAY2)) == 1
    campaign.countdown = 0
    campaign.rng = ScriptedRng(CRUMBLES)
    entries = perform(campaign, "oracle.countdown_mark", {}, at=DAY2)
    assert [e.kind for e in entries] == ["countdown", "surprise", "harm"]
    assert dice(campaign) == ["d4", "d4x!", "d4xs!", "d6"]  # major again: the strained D4 is injured


def test_a_random_event_spends_a_token_for_a_setback_on_the_next_check():
    campaign = spire_campaign()
    entries = perform(campaign, "oracle.event", {}, at=DAY1)
    assert [e.kind for e in entries] == ["oracle", "surprise"]
    assert entries[1].text == ("The GM spends a story token on the random event (0 left this session):"
                               " the next check gets a small penalty.")
    assert pending_edge(campaign) == -1
    entries = perform(campaign, "oracle.event", {}, at=DAY1_LATER)
    assert [e.kind for e in entries] == ["oracle"]  # nothing left to spend


def test_a_system_without_a_budget_leaves_the_oracle_alone():
    campaign = Campaign.new("Plain", system="resistance", rng=Rng(4))
    perform(campaign, "rules.character_random", {"name": "Kell"}, at=DAY1)
    entries = perform(campaign, "oracle.event", {}, at=DAY1)
    assert [e.kind for e in entries] == ["oracle"] and pending_edge(campaign) == 0
    assert "surprises" not in campaign.extra


def _ctx(campaign: Campaign, at: str):
    from solo.campaign.actions import ActionContext

    return ActionContext(campaign, at)
