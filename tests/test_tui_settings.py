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
        assert h.main.sub_title.endswith(" · your own dice (F4)")
        await h.type("? Is it locked? likely")
        asked = []
        for face in ("2", "12", "9", "8", "1"):
            assert isinstance(h.app.screen, PromptDialog)
            asked.append(h.app.screen.title_text)
            h.app.screen.query_one("Input").value = face
            await h.press("enter")
        assert asked == ["Roll a d4", "Roll a d10", "Roll a d10", "Roll a d10", "Roll a d6"]
        assert "a d10 shows 1 to 10, not '12'" in h.errors()  # asked again, not used
        assert h.shown[-1].endswith("rolled d4:2, twist 9+8 -> Yes (60.8%: the chance of this exact"
                                    " answer). Yes, just as you thought.")
        await h.type("/table weather/wind")
        await h.type("1")
        assert h.shown[-1] == "table     Wind (d6: 1): hardly a breath of wind"
        await h.type("/roll d20")
        await h.press("escape")  # leave the move: nothing is rolled
        assert "Nothing was rolled: the move was left." in h.notifications

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert [a.params.get("entered_dice") for a in saved.actions] == [[2, 9, 8, 1], [1]]
    assert differences(saved, replay(saved)) == []
