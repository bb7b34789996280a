"""Control characters from saves and tables are shown, never obeyed; markup in user text stays text."""

from __future__ import annotations

import json

from tui_harness import new_app, play

from solo.campaign import CampaignStore
from solo.text_safety import escape_controls, pictures

TITLE = "\x1b]0;owned\x07"          # retitles the terminal window
CLEAR = "\x1b[2J"                    # clears the screen
CLIPBOARD = "\x1b]52;c;aGk=\x07"     # OSC 52: writes the clipboard
C1 = "\x9b31m"                       # the one-byte CSI some terminals obey


def test_escape_controls_spells_out_everything_but_newline_and_tab():
    assert escape_controls(f"a{TITLE}b\n\tc{CLEAR}\r{C1}\x7f\udcff") == (
        "a\\u001b]0;owned\\u0007b\n\tc\\u001b[2J\\u000d\\u009b31m\\u007f\\udcff")
    assert escape_controls("plain · text ✓") == "plain · text ✓"


def test_pictures_keeps_the_length_and_shows_a_symbol():
    shown = pictures(f"x{CLEAR}\n\ty{C1}")
    assert shown == "x␛[2J\n\ty\ufffd31m"
    assert len(shown) == len(f"x{CLEAR}\n\ty{C1}")


def _hostile_campaign(saves):
    session = CampaignStore(saves).create(f"Road {TITLE}", seed=1)
    session.perform("note", text=f"We left. {CLEAR}And then {CLIPBOARD} more {C1}.")
    session.perform("oracle.notable_add", name=f"Mara {TITLE}", note=f"sly {CLEAR}")
    return session.campaign.slug


def _no_raw_controls(text: str) -> None:
    assert not any(ch in text for ch in ("\x1b", "\x07", "\x9b")), repr(text)


def test_show_list_and_export_print_escapes_not_escape_codes(cli, saves_dir):
    slug = _hostile_campaign(saves_dir)
    shown = cli("show", slug)
    assert shown.code == 0
    _no_raw_controls(shown.out)
    assert "We left. \\u001b[2JAnd then \\u001b]52;c;aGk=\\u0007 more \\u009b31m." in shown.out
    listed = cli("list")
    _no_raw_controls(listed.out)
    assert "'Road \\x1b]0;owned\\x07'" in listed.out  # listed as a quoted repr
    exported = cli("export", slug)
    _no_raw_controls(exported.out)
    assert exported.out.startswith("# Road \\u001b]0;owned\\u0007\n")


def test_json_output_stays_valid_and_reads_back_exactly(cli, saves_dir):
    slug = _hostile_campaign(saves_dir)
    result = cli("export", slug, "--json")
    _no_raw_controls(result.out)
    data = json.loads(result.out)
    assert data["name"] == f"Road {TITLE}"
    assert data["journal"][0]["text"] == f"We left. {CLEAR}And then {CLIPBOARD} more {C1}."


def test_files_written_with_o_carry_no_raw_escape(cli, saves_dir, tmp_path):
    slug = _hostile_campaign(saves_dir)
    assert cli("export", slug, "-o", str(tmp_path / "road.md")).code == 0
    markdown = (tmp_path / "road.md").read_text()
    _no_raw_controls(markdown)
    assert "Mara \\u001b]0;owned\\u0007" in markdown
    assert cli("export", slug, "-o", str(tmp_path / "road.json")).code == 0
    raw = (tmp_path / "road.json").read_text()
    _no_raw_controls(raw)
    assert json.loads(raw)["state"]["notables"][0]["note"] == f"sly {CLEAR}"


def test_table_rows_and_titles_are_escaped(cli, tmp_path):
    (tmp_path / "evil.yaml").write_text(
        'id: evil/row\ntitle: "Evil \\e]0;t\\a"\ndice: d1\nrows: ["a \\e[2J b"]\n')
    rolled = cli("table", "roll", "evil/row", "--tables", str(tmp_path), "--seed", "1")
    assert rolled.code == 0
    assert rolled.out == "Evil \\u001b]0;t\\u0007 (d1: 1): a \\u001b[2J b\n"
    listed = cli("table", "list", "--tables", str(tmp_path))
    _no_raw_controls(listed.out)
    assert "Evil \\u001b]0;t\\u0007" in listed.out


def test_errors_naming_user_text_are_escaped(cli):
    result = cli("show", f"nobody {CLEAR}")
    assert result.code == 1
    _no_raw_controls(result.err)


def test_the_tui_shows_markup_and_controls_literally(saves_dir):
    session = CampaignStore(saves_dir).create(f"[b]Road[/b] {TITLE}", seed=1)
    session.perform("note", text=f"[bold]loud[/bold] {CLEAR} end")
    session.perform("oracle.thread_add", text=f"[/red] find {CLIPBOARD}")

    async def scenario(h):
        assert h.journal[0] == "[bold]loud[/bold] ␛[2J end"
        assert "1. [/red] find ␛]52;c;aGk=" in h.panel
        assert h.main.title == "[b]Road[/b] ␛]0;owned␇"
        screen = h.app.export_screenshot().replace("&#160;", " ")
        assert "\x1b" not in screen
        assert "[bold]loud[/bold]" in screen

    play(new_app(saves_dir), scenario)


def test_a_dialog_naming_a_character_never_reads_it_as_markup(saves_dir):
    from solo.tui.screens.choose import ChooseDialog
    from solo.tui.screens.confirm import ConfirmDialog

    CampaignStore(saves_dir).create("Road", seed=1)

    async def scenario(h):
        h.app.push_screen(ChooseDialog("Harm [/x] Ann: of what?", [("a", "[b]cut[/b]")],
                                       detail=f"[/y] {CLEAR}"))
        await h.pilot.pause()
        screen = h.app.export_screenshot().replace("&#160;", " ")
        assert "Harm [/x] Ann: of what?" in screen and "[b]cut[/b]" in screen
        assert "[/y] ␛[2J" in screen
        await h.pilot.press("escape")
        h.app.push_screen(ConfirmDialog("Delete [/q] Ann?"))
        await h.pilot.pause()
        assert "Delete [/q] Ann?" in h.app.export_screenshot().replace("&#160;", " ")

    play(new_app(saves_dir), scenario)


def test_the_characters_screen_lists_a_markup_name_literally(saves_dir):
    from solo.tui.screens.characters import CharactersScreen

    session = CampaignStore(saves_dir).create("Road", system="nine-powers", seed=1)
    session.perform("rules.character_random", name=f"[/x] Mira {CLEAR}")

    async def scenario(h):
        await h.press("escape", "p")
        assert isinstance(h.app.screen, CharactersScreen)
        screen = h.app.export_screenshot().replace("&#160;", " ")
        assert "[/x] Mira ␛[2J (PC)" in screen
        assert "\x1b" not in screen
        assert h.app.screen.shown.startswith("[/x] Mira ␛[2J - Nine Powers PC")

    play(new_app(saves_dir), scenario)
