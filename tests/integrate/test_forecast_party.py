"""`solo forecast`: each party member's end states are shares of the fights (100 % each), and
`--campaign NAME` plays the campaign's own party without changing the campaign."""

from __future__ import annotations

from fractions import Fraction

from solo.campaign import CampaignStore
from solo.dice import Rng
from solo.rules import registry
from solo.rules.forecast import forecast

NP = registry.get("nine-powers")


def test_each_members_end_states_are_shares_of_the_fights():
    party = [NP.random_character(Rng(s), name=n) for s, n in ((1, "Mira"), (2, "Bo"), (3, "Bo"))]
    result = forecast(NP, party, [NP.npc("bandit"), NP.npc("goblin")], 400, Rng(9))
    assert list(result.statuses) == ["Mira", "Bo (1)", "Bo (2)"]
    for counts in result.statuses.values():
        assert sum(counts.values()) == 400  # one end state per member per fight
    shares = result.to_dict()["party_end_states"]
    for ends in shares.values():
        assert abs(sum(ends.values()) - 1) < 1e-12
    # a lost fight ends with every member out, so nobody is still fighting in more fights than were not lost
    lost = result.losses
    assert lost > 0
    assert all(counts.get("fighting", 0) <= 400 - lost for counts in result.statuses.values())


def test_the_text_gives_one_line_per_member_summing_to_a_hundred(cli):
    text = cli("forecast", "nine-powers", "--pc", "random", "--pc", "random", "--foe", "goblin",
               "--foe", "bandit", "-n", "300", "--seed", "5").out
    ends = [line for line in text.splitlines() if "ends the fight:" in line]
    assert len(ends) == 2
    for line in ends:
        parts = line.split(":", 1)[1].split(",")
        total = sum(Fraction(p.split()[-1].rstrip("%")) for p in parts)
        assert abs(total - 100) <= Fraction(2, 10)  # each share printed to 0.1 %


def test_forecast_with_a_campaigns_party(cli, saves_dir):
    assert cli("new", "Moor", "--system", "nine-powers", "--seed", "3").code == 0
    for name in ("Mira", "Bo"):
        assert cli("character", "new", "--campaign", "moor", "--random", "--name", name).code == 0
    before = CampaignStore(saves_dir).load("moor").state_dict()
    data = cli("forecast", "--campaign", "moor", "--foe", "goblin", "-n", "200", "--seed", "4",
               "--json").json
    assert data["system"] == "nine-powers" and data["party"] == ["Mira", "Bo"]
    assert set(data["party_end_states"]) == {"Mira", "Bo"}
    one = cli("forecast", "--campaign", "moor", "--pc", "Bo", "--foe", "goblin", "-n", "50", "--json").json
    assert one["party"] == ["Bo"]
    assert CampaignStore(saves_dir).load("moor").state_dict() == before  # nothing saved


def test_forecast_leaves_out_a_defeated_pc_unless_named(cli, saves_dir):
    assert cli("new", "Moor", "--system", "nine-powers", "--seed", "3").code == 0
    for name in ("Mira", "Bo"):
        assert cli("character", "new", "--campaign", "moor", "--random", "--name", name).code == 0
    store = CampaignStore(saves_dir)
    session = store.open("moor")
    sheet = dict(session.campaign.character("Mira").sheet, stamina=0)
    session.campaign.character("Mira").sheet = sheet
    session.save()
    data = cli("forecast", "--campaign", "moor", "--foe", "goblin", "-n", "50", "--json").json
    assert data["party"] == ["Bo"]
    both = cli("forecast", "--campaign", "moor", "--pc", "Mira", "--pc", "Bo", "--foe", "goblin", "-n", "50",
               "--json").json
    assert both["party"] == ["Mira", "Bo"]


def test_forecast_errors_name_what_is_missing(cli):
    assert cli("new", "Moor", "--system", "nine-powers", "--seed", "3").code == 0
    wrong = cli("forecast", "resistance", "--campaign", "moor", "--foe", "goblin")
    assert wrong.code == 2 and "campaign 'Moor' plays nine-powers, not resistance" in wrong.err
    nobody = cli("forecast", "--campaign", "moor", "--foe", "goblin")
    assert nobody.code == 1 and "no player character here has a Nine Powers sheet" in nobody.err
    assert "needs at least one --foe" in cli("forecast", "nine-powers", "--pc", "random").err
    assert "needs the party" in cli("forecast", "nine-powers", "--foe", "goblin").err
