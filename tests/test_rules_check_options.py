"""`solo check` with each system's own options: bonuses, spending and trading (Nine Powers), domains,
mastery, helpers and stress (the Resistance Toolbox) - with a character file and in a campaign."""

from __future__ import annotations

import json

import pytest

from solo.campaign import CampaignStore
from solo.dice import Rng
from solo.rules import registry

NP = registry.get("nine-powers")
RT = registry.get("resistance")


@pytest.fixture
def mira(tmp_path):
    """A Nine Powers PC with Melee/Protect 2 (a d4 and a d6), set up well."""
    actor = NP.random_character(Rng(1), name="Mira")
    actor.skills["melee-protect"] = 2
    actor.set_up_well = True
    path = tmp_path / "mira.json"
    path.write_text(json.dumps(actor.to_dict()))
    return path


@pytest.fixture
def knight(tmp_path):
    actor = RT.random_character(Rng(3), name="Aldo", role="knight")
    path = tmp_path / "aldo.json"
    path.write_text(json.dumps(actor.to_dict()))
    return path


def check(cli, *args):
    return cli("check", *args)


def test_bonus_and_penalty_change_the_nine_powers_pool(cli, mira):
    base = ("nine-powers", "--pc", mira, "--skill", "melee-protect", "--seed", "1", "--json")
    assert check(cli, *base).json["detail"]["pool"] == ["d4", "d6"]
    assert check(cli, *base, "--bonus", "big").json["detail"]["pool"] == ["d4", "d6", "d8", "d10"]
    assert check(cli, *base, "--penalty", "small").json["detail"]["pool"] == ["d4"]
    assert check(cli, *base, "--penalty", "big").json["detail"]["pool"] == ["d4"]  # never below one die


def test_spending_set_up_well_is_a_big_bonus_and_is_written_back(cli, mira):
    result = check(cli, "nine-powers", "--pc", mira, "--skill", "melee-protect", "--spend", "set-up-well",
                   "--seed", "1", "--update")
    assert result.out.splitlines() == ["Mira: Melee/Protect medium [d4:2 d6:5 d8:2 d10:5] succeeds",
                                       "Mira spends being set up well for a big bonus."]
    assert json.loads(mira.read_text())["set_up_well"] is False
    again = check(cli, "nine-powers", "--pc", mira, "--skill", "melee-protect", "--spend", "set-up-well")
    assert again.code == 1 and again.err == "solo: error: Mira is not set up well\n"


def test_trading_a_one_judges_the_check_on_the_dice_left(cli, mira):
    args = ("nine-powers", "--pc", mira, "--skill", "melee-protect", "--bonus", "small", "--trade",
            "leverage", "--seed", "6")
    traded = check(cli, *args, "--update")
    assert traded.out.splitlines() == [
        "Mira: Melee/Protect medium [d4:1 d6:4 d8:5] fails (a 1 traded for leverage)",
        "Mira trades a 1 for leverage.",
    ]
    assert json.loads(mira.read_text())["leverage"] is True
    kept = check(cli, *args, "--keep-success")  # the 1 is worth more as a success here
    assert kept.out == "Mira: Melee/Protect medium [d4:1 d6:4 d8:5] succeeds strongly\n"
    assert check(cli, "nine-powers", "--pc", mira, "--skill", "melee-protect", "--seed", "2", "--trade",
                 "clue", "--json").json["detail"]["traded"] == "a clue"


def test_resistance_domain_mastery_and_helpers_each_add_a_die(cli, knight):
    base = ("resistance", "--pc", knight, "--approach", "force", "--seed", "1", "--json")
    plain = check(cli, *base).json["detail"]
    assert (plain["pool"], plain["has_skill"], plain["domain"]) == (2, True, False)
    domain = next(iter(json.loads(knight.read_text())["domains"]))
    more = check(cli, *base, "--domain", domain, "--mastery", "--assist", "2").json["detail"]
    assert (more["pool"], more["domain"], more["mastery"], more["assist"]) == (6, True, True, 2)
    too_many = check(cli, *base, "--assist", "6")
    assert (too_many.code, too_many.err) == (2, "solo: error: option --assist is at most 5, not 6\n")


def test_resistance_stress_at_stake_goes_to_the_named_resistance(cli, knight):
    result = check(cli, "resistance", "--pc", knight, "--approach", "lore", "--difficulty", "2",
                   "--stress", "d6", "--resistance", "faith", "--seed", "4", "--update")
    assert result.out.splitlines() == [
        "Aldo: STUDY at difficulty 2, pool 1 [4], 1 band down - critical failure",
        "Aldo marks 6 FAITH stress from the check (d6) (1 in extra slots); FAITH now 5, total 5.",
        "Fallout check: d10 2 against 5 stress - moderate FAITH fallout: VOW BROKEN (you broke a sworn vow;"
        " until you make amends your refresh removes 1 less stress). 5 stress clears.",
    ]
    saved = json.loads(knight.read_text())
    assert saved["stress"]["faith"] == 0 and [f["name"] for f in saved["fallout"]] == ["VOW BROKEN"]
    wrong = check(cli, "resistance", "--pc", knight, "--approach", "lore", "--stress", "d12")
    assert wrong.code == 1 and "stress comes as 1, d3, d6 or d8" in wrong.err
    alone = check(cli, "resistance", "--pc", knight, "--approach", "lore", "--resistance", "faith")
    assert alone.code == 1 and "name the stress at stake too" in alone.err


@pytest.mark.parametrize(("system", "flags", "message"), [
    ("nine-powers", ("--domain", "wastes", "--assist", "1"),
     "--domain, --assist are not for Nine Powers checks; they take --skill, --bonus, --penalty, --spend,"
     " --trade, --keep-success, --talent"),
    ("resistance", ("--bonus", "small"),
     "--bonus is not for The Resistance Toolbox checks; they take --skill, --domain, --mastery, --knack,"
     " --assist, --bond, --stress, --resistance, --defensive, --assistant"),
])
def test_options_the_system_does_not_know_are_refused(cli, system, flags, message):
    result = check(cli, system, "--pc", "random", "--approach", "force", *flags)
    assert (result.code, result.err) == (2, f"solo: error: {message}\n")


def test_the_options_work_in_a_campaign_too(cli, saves_dir, mira):
    assert cli("new", "Road", "--system", "nine-powers", "--seed", "6").code == 0
    session = CampaignStore(saves_dir).open("road")
    session.perform("character_add", sheet=json.loads(mira.read_text()))
    session.campaign.character("Mira").set_up_well = True  # momentum lives on the campaign
    session.save()
    result = check(cli, "--campaign", "road", "--skill", "melee-protect", "--bonus", "small",
                   "--trade", "clue")
    # The odds before the roll count the trade: a 1 kept out of the pool cannot make it succeed.
    assert result.out.splitlines() == [
        "Mira: Melee/Protect medium [d4:1 d6:4 d8:5] fails (a 1 traded for a clue) (chance of success 52.1%)",
        "Mira trades a 1 for a clue.",
    ]
    assert CampaignStore(saves_dir).load("road").clues == 1
    spent = check(cli, "--campaign", "road", "--skill", "melee-protect", "--spend", "set-up-well")
    assert spent.code == 0 and "spends being set up well" in spent.out
    assert not CampaignStore(saves_dir).load("road").character("Mira").set_up_well
    wrong = check(cli, "--campaign", "road", "--approach", "force", "--mastery")
    assert wrong.code == 2 and "--mastery is not for Nine Powers checks" in wrong.err


def test_a_helper_from_a_file_adds_a_die_and_shares_the_stress(cli, knight, tmp_path):
    bess = tmp_path / "bess.json"
    bess.write_text(json.dumps(RT.random_character(Rng(4), name="Bess", role="knight").to_dict()))
    result = check(cli, "resistance", "--pc", knight, "--approach", "force", "--assistant", bess,
                   "--difficulty", "2", "--stress", "d3", "--resistance", "faith", "--seed", "1", "--update")
    assert result.out.splitlines() == [
        "Aldo: FIGHT at difficulty 2, pool 3 [3] - failure",
        "Aldo marks 3 FAITH stress from the check (d3) (1 in extra slots); FAITH now 2, total 2.",
        "Fallout check: d10 2 against 2 stress - no fallout.",
        "Bess marks 3 FAITH stress from helping Aldo (1 in extra slots); FAITH now 2, total 2.",
        "Fallout check: d10 5 against 2 stress - no fallout.",
    ]
    assert [json.loads(p.read_text())["stress"]["faith"] for p in (knight, bess)] == [2, 2]
