"""The oracle commands as a player types them, with and without --campaign."""

from __future__ import annotations

import io
import sys

import pytest

from solo.campaign import CampaignStore


def campaign(cli, name="Salt Road", seed="42"):
    assert cli("new", name, "--seed", seed).code == 0
    return ["--campaign", name]


def load(saves_dir, name="salt-road"):
    return CampaignStore(saves_dir).load(name)


def test_ask_shows_the_odds_and_the_answer(cli):
    result = cli("ask", "Is", "the", "gate", "guarded?", "--odds", "likely", "--seed", "7")
    assert result.code == 0, result.err
    assert result.out.splitlines() == [
        "Q: Is the gate guarded?",
        "   likely · chaos 5 · pool d4, yes on 3 or less",
        "   odds: yes 75% · no 25% · exceptional yes 14.2% / no 4.8% · random event 5%",
        "   rolled d4:3 · twist 3 7",
        "=> YES  (a 60.8% result)",
        "   Yes, in the most ordinary way.",
    ]


def test_ask_says_how_far_chaos_and_momentum_moved_the_odds(cli):
    lines = cli("ask", "Q", "--odds", "likely", "--chaos", "7", "--set-up-well", "--seed", "3").out
    assert lines.splitlines()[1:4] == [
        "   likely · chaos 7 · pool d4 d6 d8 d10, yes on 3 or less (set up well)",
        "   odds: yes 94.5% · no 5.5% · exceptional yes 18% / no 1% · random event 7%",
        "   (likely alone, at chaos 5 with nothing banked: yes 75%)",
    ]


def test_ask_json_has_the_answer_and_its_probability(cli):
    data = cli("ask", "Is the gate guarded?", "--odds", "likely", "--seed", "7", "--json").json
    assert data["answer"] == "yes" and data["exceptional"] is False
    assert data["probability_yes"] == 0.75 and data["random_event"] is None
    event = cli("ask", "Q", "--chaos", "9", "--seed", "1", "--json").json
    assert event["twist"] == [8, 8]  # a pair at or under chaos 9
    assert event["random_event"]["meaning"]["action"] and event["random_event"]["focus"]


def test_the_fate_chart_prints_every_level_and_chaos(cli):
    result = cli("ask", "--chart")
    lines = result.out.splitlines()
    assert lines[1].split() == ["odds", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
    assert lines[5].split()[0] == "unlikely" and lines[5].split()[5] == "25%"
    assert lines[6].split()[:6] == ["balanced", "16.7%", "20%", "25%", "33.3%", "50%"]
    data = cli("ask", "--chart", "--set-up-well", "--json").json
    likely = next(r for r in data["rows"] if r["odds"] == "likely")
    assert likely["yes"][4] == "7/8"


def test_an_asked_question_is_journaled_and_undone(cli, saves_dir):
    where = campaign(cli)
    data = cli("ask", "Is the miller home?", "--odds", "unlikely", *where, "--json").json
    assert data["campaign"] == "Salt Road" and data["probability_yes"] == 0.25
    saved = load(saves_dir)
    assert [e.kind for e in saved.journal] == ["oracle"]
    assert saved.journal[0].data["answer"] == data["answer"]
    assert saved.actions[0].name == "oracle.ask"
    assert cli("undo", "-c", "salt-road").code == 0
    assert load(saves_dir).journal == []


def test_scenes_move_chaos_and_bring_the_clue_table(cli, saves_dir):
    where = campaign(cli)
    assert cli("clue", "gain", *where).out == "A clue is found: 1 held.\n"
    started = cli("scene", "start", "We", "reach", "the", "mill", *where)
    assert started.code == 0, started.err
    lines = started.out.splitlines()
    assert lines[0].startswith("Scene 1: We reach the mill [chaos 5;")
    assert lines[1].startswith("Clue (d12: ") and lines[1].endswith("(1 clue held: spend one or keep them.)")
    shown = cli("clue", *where).out
    assert shown.startswith("Clues held: 1. This scene's benefit (d12: ")
    assert cli("scene", "end", "--chaos", "up", *where).out == "Scene 1 ends; chaos factor 5 -> 6.\n"
    assert load(saves_dir).chaos == 6
    for _ in range(5):
        cli("scene", "start", "Onward", *where)
        cli("scene", "end", "--chaos", "up", *where)
    assert load(saves_dir).chaos == 9
    assert cli("scene", *where).out == "Scene 6 (ended): Onward. Chaos factor 9.\n"


def test_the_countdown_clears_its_marks_when_it_fires(cli, saves_dir):
    where = campaign(cli, seed="3")
    refused = cli("countdown", "roll", *where)  # no marks: no roll could fire, so none is made
    assert refused.code != 0 and "the countdown has no marks" in refused.err
    fired = None
    for _ in range(6):
        out = cli("countdown", "mark", *where).out
        if "a complication!" in out:
            fired = out
            break
    assert fired is not None  # the sixth mark always fires
    assert load(saves_dir).countdown == 0
    assert "Marks cleared." in fired
    cli("countdown", "mark", "--no-roll", *where)
    cli("countdown", "mark", "--no-roll", *where)
    assert cli("countdown", *where).out == (
        "Countdown: 2 marks. A roll now fires 33.3% of the time; after the next mark, 50%.\n")


def test_a_clock_fills_and_announces_it(cli, saves_dir):
    where = campaign(cli)
    assert cli("clock", "The", "ritual", "--segments", "6", "--advance", "2", *where).out == (
        "New clock 'The ritual' of 6 segments.\nClock 'The ritual' [##....] 2/6 (+2)\n")
    assert cli("clock", "the ritual", "--advance", "4", *where).out == (
        "Clock 'The ritual' [######] 6/6 (+4): FILLED. It happens now.\n")
    assert cli("clock", *where).out == "The ritual  [######] 6/6  FULL\n"
    assert load(saves_dir).clocks[0].filled == 6


def test_a_journey_waits_for_its_check_then_takes_the_report(cli, saves_dir):
    where = campaign(cli)
    drawn = cli("journey", "--town", *where)
    assert drawn.code == 0, drawn.err
    assert drawn.out.splitlines()[0].startswith("Journey (town, d66 ")
    assert drawn.out.splitlines()[-1] == ("The check waits: roll it, then report it with"
                                          " `solo journey --resolve success|failure --campaign 'Salt Road'`.")
    assert load(saves_dir).countdown in (0, 1)
    again = cli("journey", *where)
    assert again.code == 1 and "the last journey's check is still waiting" in again.err
    settled = cli("journey", "--resolve", "failure", *where)
    assert settled.code == 0 and settled.out.startswith("Failure: ")
    assert load(saves_dir).module_state("oracle")["journey_pending"] is None


def test_a_journey_asks_for_the_result_on_a_terminal(cli, monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Terminal("maybe\ns\n"))
    result = cli("journey", "--seed", "2")
    assert result.code == 0
    assert result.err.count("Did it succeed? [s]uccess / [f]ailure / [l]ater:") == 2
    assert result.out.splitlines()[-1] == ("Success: You find the shallows and link arms; nobody is"
                                           " swept off their feet.")


def test_threads_and_notables(cli, saves_dir):
    where = campaign(cli)
    cli("thread", "add", "Find the missing heir", *where)
    cli("thread", "add", "Pay the ferryman", *where)
    assert cli("thread", *where).out == "1. Find the missing heir\n2. Pay the ferryman\n"
    assert cli("thread", "close", "1", *where).out == "Thread 1 closed: Find the missing heir\n"
    assert cli("thread", "random", *where).out == "Picked thread 2: Pay the ferryman\n"
    assert cli("notable", "add", "Garrow", "--note", "a fence", *where).out == (
        "Noted person: Garrow (a fence)\n")
    assert cli("notable", "random", *where).out == "Picked: Garrow\n"
    assert [t.open for t in load(saves_dir).threads] == [False, True]
    missing = cli("thread", "close", "9", *where)
    assert missing.code == 1 and "no thread '9' in this campaign" in missing.err


def test_inspiration_moves_without_a_campaign(cli):
    pair = cli("meaning", "--seed", "1", "--json").json
    assert (pair["action"], pair["subject"]) == ("confess", "witness")
    assert cli("meaning", "--muse", "2", "--seed", "1", "--json").json["words"].__len__() == 2
    assert cli("stall", "--seed", "4").out.startswith("Stalled? Someone else acts, right now.")
    assert cli("event", "--seed", "4").out.startswith("Random event: A thread lurches forward")
    assert cli("clue", "--seed", "5").out.startswith("Clue (d12: ")


@pytest.mark.parametrize("args, code, message", [
    (("ask", "Q", "--odds", "probably"), 1, "unknown odds 'probably'"),
    (("ask", "Q", "--chaos", "0"), 1, "chaos factor must be between 1 and 9, not 0"),
    (("ask",), 2, "ask what? give the question"),
    (("clock", "Doom", "--segments", "5"), 2, "invalid choice: 5"),
    (("scene", "end"), 2, "scene end needs --campaign NAME: it works on a campaign's open scene"),
    (("scene", "start"), 2, "scene start needs what you expect"),
    (("journey", "--resolve", "success"), 2, "journey --resolve needs --campaign NAME: it works on a"
                                             " campaign's waiting journey"),
    (("momentum", "prepare"), 2, "momentum prepare needs --campaign NAME: it works on a campaign's"
                                 " player characters"),
    (("momentum",), 2, "momentum show needs --campaign NAME"),
    (("momentum", "leverage", "--result", "success"), 2, "momentum leverage needs --campaign NAME"),
    (("clue", "spend"), 2, "clue spend needs --campaign NAME: it works on a campaign's clues"),
    (("thread", "random"), 2, "thread random needs --campaign NAME"),
    (("thread", "close", "1"), 2, "thread close needs --campaign NAME"),
    (("notable", "random"), 2, "notable random needs --campaign NAME"),
    (("clock", "Doom", "--remove"), 2, "clock --remove needs --campaign NAME"),
    (("countdown", "show", "--no-roll"), 2, "--no-roll goes with `countdown mark`"),
])
def test_bad_input_gets_one_clear_line(cli, args, code, message):
    result = cli(*args)
    assert result.code == code
    assert result.err.startswith("solo: error: ") and message in result.err
    assert "Traceback" not in result.err


def test_momentum_is_kept_per_character(cli, saves_dir):
    where = campaign(cli)
    store = CampaignStore(saves_dir)
    session = store.open("salt-road")
    session.perform("character_add", sheet={}, name="Ash")
    assert cli("momentum", "trade", *where).out == (
        "Ash trades a rolled 1 for set up well: set up well, 0 clues.\n")
    prepared = cli("momentum", "prepare", *where)
    assert prepared.code == 1 and "already set up well" in prepared.err
    assert cli("momentum", "leverage", *where).code == 1  # never free: the wealth check is reported
    assert cli("momentum", "leverage", "--result", "success", *where).code == 0
    assert cli("momentum", *where).out == "Ash: set up well, leverage\nClues held: 0.\n"
    asked = cli("ask", "Q", "--odds", "likely", *where, "--json").json
    assert asked["odds"]["pool"] == ["d4", "d6", "d8"] and asked["probability_yes"] == 59 / 64
    cli("momentum", "spend", "set-up-well", *where)
    ash = load(saves_dir).character("Ash")
    assert (ash.set_up_well, ash.leverage) == (False, True)


def test_oracle_campaigns_replay_in_a_fresh_process(solo_process, saves_dir):
    assert solo_process("new", "Far", "--seed", "8").code == 0
    for args in (("thread", "add", "Reach the coast"), ("scene", "start", "The road"),
                 ("ask", "Is it raining?"), ("journey", "--result", "success"), ("stall",),
                 ("clock", "Storm", "--advance", "3")):
        result = solo_process(*args, "--campaign", "far")
        assert result.code == 0, result.err
    replayed = solo_process("replay", "far")
    assert replayed.code == 0 and replayed.out.startswith("Replayed 6 actions from seed 8")


def test_a_negative_advance_winds_a_clock_back_but_never_past_empty(cli, saves_dir):
    where = campaign(cli)
    assert cli("clock", "Doom", "--advance", "3", *where).out == ("New clock 'Doom' of 4 segments.\n"
                                                                  "Clock 'Doom' [###.] 3/4 (+3)\n")
    assert cli("clock", "Doom", "--advance", "-2", *where).out == "Clock 'Doom' [#...] 1/4 (-2)\n"
    assert cli("clock", "Doom", "--advance", "-2", *where).out == "Clock 'Doom' [....] 0/4 (-1)\n"
    empty = cli("clock", "Doom", "--advance", "-2", *where)
    assert (empty.code, empty.err) == (1, "solo: error: clock 'Doom' is empty (0/4): there is nothing to"
                                          " wind back\n")
    fresh = cli("clock", "Fresh", "--advance", "-2", *where)
    assert fresh.code == 1 and "clock 'Fresh' is empty (0/4)" in fresh.err
    assert [c.name for c in load(saves_dir).clocks] == ["Doom"]  # the failed move made no clock


def test_moves_on_an_empty_campaign_still_say_what_is_missing(cli):
    where = campaign(cli)
    for args, message in ((("scene", "end"), "no scene is open to end"),
                          (("journey", "--resolve", "success"), "no journey is waiting for its check"),
                          (("momentum", "prepare"), "this campaign has no player characters yet"),
                          (("clue", "spend"), "no clue is held"),
                          (("thread", "random"), "there are no open threads to pick from")):
        result = cli(*args, *where)
        assert result.code == 1 and message in result.err


def test_a_campaign_without_a_system_keeps_characters_by_name(cli):
    assert cli("new", "Marl", "--seed", "3").code == 0
    refused = cli("character", "new", "--campaign", "marl")
    assert refused.code == 2 and "give --name NAME" in refused.err
    assert cli("character", "new", "--campaign", "marl", "--name", "Mira", "--random").code == 2
    added = cli("character", "new", "--campaign", "marl", "--name", "Mira")
    assert added.code == 0 and added.out.strip() == "New player character: Mira."
    assert cli("momentum", "prepare", "--campaign", "marl").out.startswith(
        "Mira takes time to get set up well.")
    asked = cli("ask", "Is the gate open?", "--campaign", "marl", "--json").json
    assert asked["probability_yes"] == 2 / 3  # balanced with a d4 and a d6: 1 - (2/4)(4/6)
