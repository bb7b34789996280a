"""Leverage the long way (RULES.md §2.3 item 9): only a successful wealth check buys it."""

import pytest
from test_rules_moves import mira, scripted

from solo.campaign import Campaign, CampaignStore, perform
from solo.errors import SoloError


def rich_mira(wealth: int = 3) -> dict:
    return mira() | {"wealth": wealth, "wealth_max": wealth}


def test_a_successful_wealth_check_pays_one_wealth_and_gives_leverage():
    campaign = scripted("nine-powers", [4, 2, 7], rich_mira(3))  # wealth 3: d4 d6 d8; a 2 is medium
    [entry] = perform(campaign, "oracle.leverage", {"character": "Mira"})
    assert entry.kind == "momentum"
    assert entry.text.splitlines() == [
        "Mira: Wealth medium [d4:4 d6:2 d8:7] succeeds (chance of success 75%)",
        "Mira pays for the advantage (wealth drops to 2), then lies low somewhere safe to make it count:"
        " Mira has leverage.",
    ]
    mira_now = campaign.character("Mira")
    assert (mira_now.leverage, mira_now.sheet["wealth"], mira_now.sheet["leverage"]) == (True, 2, True)
    assert entry.data["gained"] is True and entry.data["odds"]["success_exact"] == "3/4"
    with pytest.raises(SoloError, match="Mira already has leverage: spend it before buying more"):
        perform(campaign, "oracle.leverage", {})


def test_a_failed_wealth_check_gives_nothing_and_costs_nothing():
    campaign = scripted("nine-powers", [3, 5, 7], rich_mira(3))
    [entry] = perform(campaign, "oracle.leverage", {})
    assert entry.text.splitlines() == [
        "Mira: Wealth medium [d4:3 d6:5 d8:7] fails (chance of success 75%)",
        "Mira cannot pay for an edge today: no leverage.",
    ]
    mira_now = campaign.character("Mira")
    assert (mira_now.leverage, mira_now.sheet["wealth"]) == (False, 3)


def test_the_difficulty_can_be_named_and_the_odds_follow_the_design_note():
    campaign = scripted("nine-powers", [2, 5, 7], rich_mira(3))  # a 2 beats medium, not tough
    [entry] = perform(campaign, "oracle.leverage", {"difficulty": "tough"})
    assert entry.text.splitlines()[0] == "Mira: Wealth tough [d4:2 d6:5 d8:7] fails (chance of success 45.3%)"
    assert not campaign.character("Mira").leverage


def test_a_nine_powers_pc_cannot_just_report_success():
    campaign = scripted("nine-powers", [], rich_mira(3))
    with pytest.raises(SoloError, match="Mira has a Nine Powers sheet, so the engine rolls the wealth check"):
        perform(campaign, "oracle.leverage", {"result": "success"})
    assert not campaign.character("Mira").leverage


def test_without_a_rule_system_the_player_reports_the_wealth_check():
    campaign = Campaign.new("Plain", seed=1)
    perform(campaign, "character_add", {"sheet": {}, "name": "Ash"})
    with pytest.raises(SoloError, match="leverage takes a successful wealth check: roll it for Ash and"
                                        " report the result"):
        perform(campaign, "oracle.leverage", {})
    [failed] = perform(campaign, "oracle.leverage", {"result": "failure"})
    assert failed.text == "Ash's wealth check fails: no leverage this time."
    assert not campaign.character("Ash").leverage
    [won] = perform(campaign, "oracle.leverage", {"result": "success"})
    assert won.text == ("Ash's wealth check succeeds; after time somewhere safe to make the most of what"
                        " it bought, Ash has leverage.")
    assert campaign.character("Ash").leverage


def test_momentum_leverage_on_the_command_line(cli, saves_dir):
    assert cli("new", "Road", "--seed", "4").code == 0
    CampaignStore(saves_dir).open("road").perform("character_add", sheet={}, name="Ash")
    bare = cli("momentum", "leverage", "--campaign", "road")
    assert bare.code == 1 and "report the result (--result success|failure)" in bare.err
    assert cli("momentum", "leverage", "--campaign", "road", "--result", "success").code == 0
    assert CampaignStore(saves_dir).load("road").character("Ash").leverage

    assert cli("new", "Coin", "--system", "nine-powers", "--seed", "4").code == 0
    CampaignStore(saves_dir).open("coin").perform("character_add", sheet=rich_mira(3))
    rolled = cli("momentum", "leverage", "--campaign", "coin", "--difficulty", "easy")
    assert rolled.out.splitlines() == [
        "Mira: Wealth easy [d4:2 d6:3 d8:2] succeeds strongly (chance of success 92.2%)",
        "Mira pays for the advantage (wealth drops to 2), then lies low somewhere safe to make it count:"
        " Mira has leverage.",
    ]
    mira_now = CampaignStore(saves_dir).load("coin").character("Mira")
    assert (mira_now.leverage, mira_now.sheet["wealth"]) == (True, 2)
    wrong = cli("momentum", "prepare", "--campaign", "coin", "--difficulty", "easy")
    assert wrong.code == 2 and "--result and --difficulty go with `momentum leverage`" in wrong.err


def test_the_last_point_of_wealth_can_buy_leverage_at_the_price_of_defeat():
    campaign = scripted("nine-powers", [1], rich_mira(1))  # wealth 1: a lone d4
    [entry] = perform(campaign, "oracle.leverage", {})
    assert entry.text.splitlines()[1:] == [
        "Mira pays for the advantage (wealth drops to 0), then lies low somewhere safe to make it count:"
        " Mira has leverage.",
        "Mira has spent everything (wealth 0).",
    ]
    campaign.character("Mira").leverage = False
    with pytest.raises(SoloError, match="Mira has no wealth left to pay for leverage"):
        perform(campaign, "oracle.leverage", {})
