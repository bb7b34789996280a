"""`solo odds masque`, bad input at the command line, and a saved Masque sheet."""

import json

from solo.cli import main


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_odds_of_a_cast_are_exact_fractions(capsys):
    code, out, _ = run(capsys, "odds", "masque", "--cast", "d8+d1")
    assert code == 0
    assert out.splitlines()[0] == "Masque: cast d8+d1, average 5: meets it 9/16"  # MQ-3
    assert "casting 9 (1/16)" in out
    _, out, _ = run(capsys, "odds", "masque", "--cast", "d8")
    assert "meets it 1/2" in out  # MQ-2
    _, out, _ = run(capsys, "odds", "masque", "--cast", "d13")
    assert "casting 13 (1/12)" in out and "casting 1 (11/144)" in out  # MQ-9
    _, out, _ = run(capsys, "odds", "masque", "--addons")
    assert "0 add-on hits (1/3)" in out and "1 add-on hit (1/2)" in out and "2 add-on hits (1/6)" in out


def test_monster_odds_and_a_duel(capsys):
    _, out, _ = run(capsys, "odds", "masque", "--cast", "2d6-d4", "--monster")
    assert "nullified 1/36" in out and "naturals rerolled up to 8 times" in out
    _, out, _ = run(capsys, "odds", "masque", "--cast", "d8", "--vs", "d4")
    assert "success    68.75%  11/16" in out  # the d8 is higher
    assert "cost       12.50%  1/8" in out


def test_the_chart_lists_each_roles_best_casts(capsys):
    code, out, _ = run(capsys, "odds", "masque")
    assert code == 0
    assert "Bravo d8    50% (1/2)" in out and "Magnus 2d3  67% (2/3)" in out


def test_bad_input_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "odds", "masque", "--cast", "4d3")
    assert code == 1 and err.strip().endswith("a cast has at most 3 dice, and 4d3 has 4"
                                              " (add --monster for a monster's)")
    code, _, err = run(capsys, "encounter", "masque", "--pc", "random", "--foe", "dragon", "--auto")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "no Masque monster called 'dragon'" in err
    sheet = tmp_path / "vex.json"
    assert run(capsys, "character", "new", "masque", "--random", "--role", "bravo", "--name", "Vex",
               "--out", str(sheet))[0] == 0
    data = json.loads(sheet.read_text())
    assert (data["build"], data["current"], data["role"]) == (8, 8, "bravo")
    data["build"] = 0
    sheet.write_text(json.dumps(data))
    code, _, err = run(capsys, "character", "show", str(sheet))
    assert code == 1 and "build must be a whole number of 1 or more, not 0" in err
    assert len(err.strip().splitlines()) == 1
