"""`solo odds action-dice`: the charts and single odds of DL-3, DL-5, DL-6 and DL-8 as exact fractions."""

from __future__ import annotations


def test_the_bare_chart_gives_saves_and_attacks_by_number(cli):
    result = cli("odds", "action-dice")
    assert result.code == 0
    rows = result.out.splitlines()
    assert rows[3] == "value     save         save lucky   attack +0    attack +1"
    assert rows[4:11] == [
        "0         83% (5/6)    97% (35/36)  83% (5/6)    83% (5/6)",
        "1         83% (5/6)    97% (35/36)  83% (5/6)    83% (5/6)",
        "2         83% (5/6)    97% (35/36)  83% (5/6)    83% (5/6)",
        "3         67% (2/3)    89% (8/9)    67% (2/3)    83% (5/6)",
        "4         50% (1/2)    75% (3/4)    50% (1/2)    67% (2/3)",
        "5         33% (1/3)    56% (5/9)    33% (1/3)    50% (1/2)",
        "6         17% (1/6)    31% (11/36)  17% (1/6)    33% (1/3)",
    ]


def test_single_odds_for_a_save_an_attack_a_finishing_blow_and_a_stat_bonus(cli):
    assert cli("odds", "action-dice", "--save", "--fatigue", "4", "--advantage").out.splitlines()[0] == (
        "Action Dice: saving throw against fatigue 4 with advantage: success 3/4 (75.00%)"
    )
    assert cli("odds", "action-dice", "--attack", "--ac", "3", "--str", "1").out.splitlines()[0] == (
        "Action Dice: attack +1 against AC 3: success 5/6 (83.33%)"
    )
    assert cli("odds", "action-dice", "--finishing", "--wounds", "3", "--health", "5").out.splitlines()[
        0
    ] == ("Action Dice: finishing blow: 3 wound(s) rolled against health 5: success 53/54 (98.15%)")
    stat = cli("odds", "action-dice", "--stat-bonus", "-1", "--json").json
    assert stat["success_exact"] == "19/216" and stat["bands"]["bonus -2"]["exact"] == "1/216"


def test_odds_without_what_to_roll_is_one_line(cli):
    result = cli("odds", "action-dice", "--save")
    assert (result.code, result.err) == (1, "solo: error: a save needs --fatigue N\n")


def test_dl3_every_bonus_of_a_3d6_stat_as_an_exact_fraction(cli):
    """DL-3: -2 1/216, -1 19/216, 0 176/216 (22/27), +1 19/216, +2 1/216."""
    result = cli("odds", "action-dice", "--stat-bonus", "0")
    assert result.code == 0
    assert result.out.splitlines()[3:] == [
        "    bonus -2              0.46%  1/216",
        "    bonus -1              8.80%  19/216",
        "    bonus +0             81.48%  22/27",
        "    bonus +1              8.80%  19/216",
        "    bonus +2              0.46%  1/216",
    ]
