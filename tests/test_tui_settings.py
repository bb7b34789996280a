"""Settings kept between runs: theme, side panel and default odds; a broken file is said, not fatal."""

from __future__ import annotations

import os
from pathlib import Path

from tui_harness import make_campaign, new_app, play

from solo import settings
from solo.campaign import CampaignStore


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
