"""`--dice N[,N...]` on the CLI's rolling moves: the player's own faces, checked, journaled, replayed."""

from __future__ import annotations

from solo.campaign import CampaignStore, differences, replay


def test_ask_roll_and_table_take_the_faces_given_and_replay_exactly(cli, saves_dir):
    assert cli("new", "Table", "--seed", "1").code == 0
    asked = cli("ask", "Is", "it", "locked", "--odds", "likely", "--campaign", "table",
                "--dice", "2,9,8,1")
    assert asked.code == 0, asked.err
    assert "rolled d4:2 · twist 9 8 (your dice)\n=> YES  (a 60.8% result)\n" in asked.out
    assert cli("roll", "2d6", "--campaign", "table", "--dice", "6,3").out == (
        "2d6 [6, 3] = 9 (your dice: 6, 3)\n")
    assert cli("table", "roll", "weather/wind", "--campaign", "table", "--dice", "1").out == (
        "Wind (d6: 1): hardly a breath of wind (your dice: 1)\n")
    loaded = CampaignStore(saves_dir).load("table")
    assert [a.params.get("entered_dice") for a in loaded.actions] == [[2, 9, 8, 1], [6, 3], [1]]
    assert loaded.journal[0].text.endswith(" (your dice: 2, 9, 8, 1)")
    assert [e.data["entered_dice"] for e in loaded.journal] == [[2, 9, 8, 1], [6, 3], [1]]
    assert differences(loaded, replay(loaded)) == []


def test_wrong_faces_are_one_line_naming_the_die_and_nothing_is_kept(cli, saves_dir):
    assert cli("new", "Table", "--seed", "1").code == 0
    cases = {
        "2,9": "solo: error: --dice: this move rolls more than the 2 dice entered; die 3 is a d10\n",
        "2,11,8,1": "solo: error: --dice: die 2 was entered as 11, which a d10 cannot show (1 to 10)\n",
        "2,x": "solo: error: --dice: die 2 is 'x', not a whole number (faces go like 3,6,1)\n",
        "2,9,8,1,4": "solo: error: --dice: 5 dice were entered but this move rolls only 4\n",
    }
    for faces, error in cases.items():
        result = cli("ask", "Is", "it", "--odds", "likely", "--campaign", "table", "--dice", faces)
        assert (result.code, result.err) == (2, error)
    countdown = cli("countdown", "mark", "--campaign", "table", "--dice", "1")
    assert countdown.err == ("solo: error: --dice: this move rolls more than the 1 die entered;"
                             " die 2 is a d6\n")
    assert cli("clock", "Siege", "--advance", "2", "--campaign", "table", "--dice", "3").err == (
        "solo: error: --dice: 1 die was entered but this move rolls only 0\n")
    assert CampaignStore(saves_dir).load("table").journal == []


def test_a_journey_and_the_countdown_roll_entered_faces(cli, saves_dir):
    assert cli("new", "Road", "--seed", "1").code == 0
    journey = cli("journey", "--campaign", "road", "--result", "success", "--dice", "1,1,1,1,1")
    assert journey.code == 0, journey.err
    assert journey.out.startswith("Journey (wild, d66 11): The ford is running high")
    assert journey.out.split("\n")[0].endswith("(your dice: 1, 1, 1, 1, 1)")
    assert "Countdown: 1 mark, d6 rolled 1 (needed 1 or less, 16.7%) -> a complication!" in journey.out
    marked = cli("countdown", "mark", "--campaign", "road", "--dice", "6")
    assert marked.out == ("Countdown: 1 mark, d6 rolled 6 (needed 1 or less, 16.7%) -> not yet;"
                          " 1 mark stands. (your dice: 6)\n")
    loaded = CampaignStore(saves_dir).load("road")
    assert [a.params.get("entered_dice") for a in loaded.actions] == [[1, 1, 1, 1, 1], [6]]
    assert loaded.countdown == 1  # the journey's 1 fired and cleared; this 6 does not fire
    assert differences(loaded, replay(loaded)) == []


def test_dice_given_to_a_command_that_rolls_none_of_them_is_refused_before_it_prints(cli, saves_dir):
    assert cli("new", "Table", "--seed", "1").code == 0
    for args in (("thread", "list"), ("momentum", "show"), ("countdown",)):
        result = cli(*args, "--campaign", "table", "--dice", "3")
        path = " ".join(args)
        assert (result.code, result.out, result.err) == (
            2, "", f"solo: error: --dice: `solo {path}` rolls no dice here, so there are no faces to"
            " enter; leave --dice out\n")
    # without a campaign these roll solo's own dice, which the faces would never reach
    for args in (("hooks", "-n", "1"), ("npc",)):
        result = cli(*args, "--dice", "3")
        assert (result.code, result.out, result.err) == (
            2, "", f"solo: error: --dice: `solo {args[0]}` takes your dice only with --campaign NAME;"
            " without it, it rolls solo's own\n")
    assert cli("roll", "2d6", "--dice", "3,4").out == "2d6 [3, 4] = 7 (your dice: 3, 4)\n"
