"""Settings kept between runs: theme, side panel and default odds; a broken file is said, not fatal."""

from __future__ import annotations

import os
from pathlib import Path

from tui_harness import make_campaign, new_app, play

from solo import settings
from solo.campaign import CampaignStore, differences, replay


def test_theme_and_side_panel_are_kept_across_a_restart(saves_dir):
    make_campaign(saves_dir)

    async def first(h):
        h.app.theme = "gruvbox"
        await h.press("escape", "f2")
        assert not h.main.side.display

    play(new_app(saves_dir), first)
    path = Path(os.environ["SOLO_CONFIG"])
    assert 'theme = "gruvbox"' in path.read_text() and "side_panel = false" in path.read_text()

    async def second(h):
        assert h.app.theme == "gruvbox" and not h.main.side.display

    play(new_app(saves_dir), second)


def test_a_broken_line_is_named_and_the_rest_still_applies(saves_dir):
    make_campaign(saves_dir, seed=7)
    path = Path(os.environ["SOLO_CONFIG"])
    path.write_text('theme = "nord"\nside_panel = "maybe"\ndefault_odds = "somewhat likely"\n')

    async def scenario(h):
        assert h.app.theme == "nord" and h.main.side.display
        warning = [n for n in h.notifications if "settings.toml" in n]
        assert warning == [f"{path}, line 2: side_panel should be true or false, not 'maybe'"
                           " — the default is used for it"]
        await h.type("? Is the gate guarded")  # asked without odds: the player's default
        assert "[likely, chaos 5:" in h.shown[-1]

    play(new_app(saves_dir), scenario)
    assert CampaignStore(saves_dir).load("the-salt-road").journal[0].data["odds"]["level"] == "likely"


def test_a_file_that_is_not_toml_gives_the_defaults_and_its_line(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('theme = "nord"\nside_panel = tru\n')
    loaded, problem = settings.load(path)
    assert loaded == settings.Settings()
    assert problem is not None and problem.startswith(f"{path}: ") and "line 2" in problem
    settings.save(settings.Settings(vault="/tmp/My Vault"), path)
    assert settings.load(path) == (settings.Settings(vault="/tmp/My Vault"), None)


def test_with_your_own_dice_every_die_is_asked_for_and_journaled_as_entered(saves_dir):
    from solo.tui.screens.prompt import PromptDialog

    make_campaign(saves_dir, seed=7)
    Path(os.environ["SOLO_CONFIG"]).write_text("physical_dice = true\n")

    async def scenario(h):
        assert h.main.sub_title.startswith("your own dice (F4) · ")  # first: 80 columns cut the end
        await h.type("? Is it locked? likely")
        asked = []
        assert h.app.screen.hint.startswith("likely at chaos 5: chance of yes 75% · die 1 of this move")
        for face in ("2", "12", "9", "8", "1"):
            assert isinstance(h.app.screen, PromptDialog)
            asked.append(h.app.screen.title_text)
            h.app.screen.query_one("Input").value = face
            await h.press("enter")
        assert asked == ["Roll a d4", "Roll a d10", "Roll a d10", "Roll a d10", "Roll a d6"]
        assert "a d10 shows 1 to 10, not '12'" in h.errors()  # asked again, not used
        assert h.shown[-1].endswith("rolled d4:2, twist 9+8 -> Yes (60.8%: the chance of this exact"
                                    " answer). Yes, just as you thought. (your dice: 2, 9, 8, 1)")
        await h.type("/table weather/wind")
        assert h.app.screen.hint.startswith("table Wind: rolled with d6, 6 rows · die 1 of this move")
        await h.type("1")
        assert h.shown[-1] == "table     Wind (d6: 1): hardly a breath of wind (your dice: 1)"
        await h.type("/roll d20")
        await h.press("escape")  # leave the move: nothing is rolled
        assert "Nothing was rolled: the move was left." in h.notifications

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert [a.params.get("entered_dice") for a in saved.actions] == [[2, 9, 8, 1], [1]]
    assert differences(saved, replay(saved)) == []


def test_your_own_dice_for_a_journey_the_countdown_and_a_clock(saves_dir):
    from solo.tui.screens.prompt import PromptDialog

    make_campaign(saves_dir, seed=7)
    Path(os.environ["SOLO_CONFIG"]).write_text("physical_dice = true\n")

    async def enter(h, face):
        asked = []
        while isinstance(h.app.screen, PromptDialog):
            asked.append(h.app.screen.title_text)
            h.app.screen.query_one("Input").value = face
            await h.press("enter")
        return asked

    async def scenario(h):
        await h.type("/journey wild")
        assert await enter(h, "1") == ["Roll a d6"] * 5  # d66 event, countdown d6, complication d66
        assert h.shown[-2].startswith("journey   Journey (wild, d66 11): The ford is running high")
        assert h.shown[-1].startswith("countdown Countdown: 1 mark, d6 rolled 1 (needed 1 or less,"
                                      " 16.7%) -> a complication! Marks cleared.")
        await h.press("escape")  # the journey's check is the player's to report: left waiting
        await h.type("/mark")
        assert h.app.screen.hint.startswith("countdown at 1 mark: chance of a complication 16.7% · ")
        assert await enter(h, "6") == ["Roll a d6"]
        assert h.shown[-1] == ("countdown Countdown: 1 mark, d6 rolled 6 (needed 1 or less, 16.7%)"
                               " -> not yet; 1 mark stands. (your dice: 6)")
        await h.type("/clock Siege +2")
        assert await enter(h, "3") == []  # a clock is filled by the player: no die to ask for
        assert h.shown[-1] == "clock     Clock 'Siege' [##..] 2/4 (+2)"

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert [a.params.get("entered_dice") for a in saved.actions] == [[1, 1, 1, 1, 1], [6], None]
    assert saved.countdown == 1
    assert differences(saved, replay(saved)) == []


def test_a_fight_with_your_own_dice_asks_for_both_sides_dice(saves_dir):
    from solo.dice import Rng
    from solo.rules import registry
    from solo.tui.screens.encounter import EncounterScreen
    from solo.tui.screens.prompt import PromptDialog

    session = make_campaign(saves_dir, seed=7)
    session.perform("character_add",
                    sheet=registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict())
    Path(os.environ["SOLO_CONFIG"]).write_text("physical_dice = true\n")

    async def scenario(h):
        await h.type("/fight mook")
        assert isinstance(h.app.screen, EncounterScreen), h.errors()
        await h.press("enter", "enter")  # attack (the only foe), at medium
        asked = []
        for face in ("4", "5", "1"):
            for _ in range(500):  # the move runs again in a worker before it asks for the next die
                if isinstance(h.app.screen, PromptDialog):
                    break
                await h.pilot.pause(0.02)
            assert isinstance(h.app.screen, PromptDialog), h.errors()
            asked.append(h.app.screen.title_text)
            h.app.screen.query_one("Input").value = face
            await h.press("enter")
        assert asked == ["Roll a d4", "Roll a d6", "Roll a d4"]  # Vroy's pool, then the mook's
        assert isinstance(h.app.screen, EncounterScreen)

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert saved.actions[-1].params["entered_dice"] == [4, 5, 1]
    [act] = [e for e in saved.journal if e.kind == "encounter"][1:]
    assert "Vroy: Melee/Protect medium against Mook [d4:4 d6:5] fails." in act.text
    assert "Mook: Melee/Protect medium against Vroy [d4:1] succeeds for 2 damage." in act.text
    assert differences(saved, replay(saved)) == []


def test_a_vault_folder_in_the_settings_is_kept_up_to_date_after_each_action(saves_dir, tmp_path):
    make_campaign(saves_dir, seed=7)
    vault = tmp_path / "My Vault"
    Path(os.environ["SOLO_CONFIG"]).write_text(f'vault = "{vault}"\n')

    async def scenario(h):
        await h.type("The rain has not stopped for three days.")
        folder = vault / "the-salt-road"
        scene = (folder / "Scenes" / "Before the first scene.md").read_text()
        assert "The rain has not stopped for three days." in scene
        assert (folder / "The Salt Road.md").read_text().startswith("---\ncampaign: The Salt Road\n")
        # A note the player edited in the vault is left as it is, and solo says so.
        (folder / "Scenes" / "Before the first scene.md").write_text("my own words\n")
        await h.type("The ferryman is late.")
        assert (folder / "Scenes" / "Before the first scene.md").read_text() == "my own words\n"
        assert "The ferryman is late." in (folder / "Scenes" / "Before the first scene (solo).md").read_text()
        assert any("was edited in the vault" in n for n in h.notifications)

    play(new_app(saves_dir), scenario)


def test_at_80_columns_the_side_panel_leaves_the_journal_most_of_the_width(saves_dir):
    make_campaign(saves_dir)

    async def narrow(h):
        side, journal = h.main.side.outer_size.width, h.main.journal.outer_size.width
        assert side <= 24 and journal >= 56  # the panel once took 30 of the 80 columns
        assert "Complication marks 0" in h.panel  # its lines still fit
        await h.press("escape", "f2")
        assert not h.main.side.display and h.main.journal.outer_size.width == 80

    play(new_app(saves_dir), narrow, size=(80, 24))

    async def wide(h):  # F2 above is a setting: the panel comes back hidden, and F2 shows it again
        assert not h.main.side.display
        await h.press("escape", "f2")
        assert h.main.side.display and h.main.side.outer_size.width == 33  # 28% of 120

    play(new_app(saves_dir), wide, size=(120, 40))


def test_a_long_line_in_the_narrow_side_panel_hangs_under_its_own_start():
    from rich.console import Console
    from rich.text import Text

    from solo.tui.render import Hanging

    console = Console(width=22, record=True)
    console.print(Hanging(Text("Vroy\n  Fortitude 4/4 · Resilience 4/4 · Craftiness 4/4\n"
                               "1. Find the missing ferryman")))
    assert [line.rstrip() for line in console.export_text().splitlines()] == [
        "Vroy", "  Fortitude 4/4 ·", "    Resilience 4/4 ·", "    Craftiness 4/4",
        "1. Find the missing", "  ferryman"]


def test_your_own_dice_is_marked_first_in_the_footer_at_80x24_and_f4_takes_it_away(saves_dir):
    from textual.widgets._footer import FooterKey

    make_campaign(saves_dir, seed=7)
    path = Path(os.environ["SOLO_CONFIG"])
    path.write_text("physical_dice = true\n")

    def marks(h) -> list[FooterKey]:
        return [k for k in h.main.query(FooterKey) if k.description == "Your own dice"]

    async def scenario(h):
        [mark] = marks(h)
        assert mark.key == "f4" and mark.region.x < 20 and mark.region.right <= 80  # seen at 80 columns
        await h.press("escape", "f4")
        assert marks(h) == [] and "solo's dice again." in h.notifications
        await h.press("f4")
        [mark] = marks(h)
        assert mark.region.right <= 80

    play(new_app(saves_dir), scenario, size=(80, 24))
    assert "physical_dice = true" in path.read_text()


def test_an_unknown_table_is_named_by_its_own_line(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('theme = "textual-dark"\n\n[ui]\nwide = true\n', encoding="utf-8")
    chosen, problem = settings.load(path)
    assert chosen.theme == "textual-dark"
    assert problem is not None and f"{path}, line 3: unknown setting 'ui'" in problem
