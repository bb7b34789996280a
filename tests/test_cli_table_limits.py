"""`solo table roll -n N` is capped: each roll may spend a whole budget, so one command may not ask for
10,000 of them (and write them all to a campaign's journal)."""

from __future__ import annotations

from solo.campaign import CampaignStore
from solo.commands.tables import MAX_ROLLS


def test_too_many_rolls_are_refused_in_one_line_and_the_campaign_is_untouched(cli, saves_dir):
    assert cli("new", "Cap", "--seed", "1").code == 0
    before = len(CampaignStore(saves_dir).load("cap").journal)
    result = cli("table", "roll", "weather/day", "-n", "10000", "--campaign", "cap")
    assert result.code == 2 and result.out == ""
    assert result.err == ("solo: error: -n must be between 1 and 100 rolls in one command (each roll may"
                          " take up to 20000 steps and 2000 dice), not 10000\n")
    assert len(CampaignStore(saves_dir).load("cap").journal) == before
    assert cli("table", "roll", "weather/day", "-n", "101", "--seed", "1").code == 2


def test_the_limit_itself_is_allowed_and_said_in_the_help(cli, saves_dir):
    assert MAX_ROLLS == 100
    rolled = cli("table", "roll", "weather/day", "-n", "100", "--seed", "1", "--json")
    assert rolled.code == 0 and len(rolled.json["items"]) == 100
    assert "how many rolls, at most 100 (default 1)" in cli("table", "roll", "--help").out
