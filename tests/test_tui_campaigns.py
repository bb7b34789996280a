"""Campaigns in the TUI: the first run, the picker (open, new, rename, export, delete, restore)."""

from __future__ import annotations

from textual.widgets import DataTable
from tui_harness import make_campaign, new_app, play

from solo.campaign import CampaignStore
from solo.tui.screens.campaigns import CampaignsScreen
from solo.tui.screens.confirm import ConfirmDialog
from solo.tui.screens.main import MainScreen
from solo.tui.screens.new_campaign import NewCampaignDialog
from solo.tui.screens.prompt import PromptDialog


def rows(h) -> list[str]:
    table = h.app.screen.query_one(DataTable)
    return [str(table.get_row_at(i)[0]) for i in range(table.row_count)]


def test_first_run_starts_a_default_campaign_with_one_key(saves_dir):
    async def scenario(h):
        assert isinstance(h.app.screen, NewCampaignDialog)
        await h.press("enter")
        assert isinstance(h.app.screen, MainScreen)
        assert h.main.campaign.name == "The First Tale"
        assert h.main.campaign.system == "nine-powers"
        await h.type("Our tale begins.")

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-first-tale")
    assert [e.text for e in saved.journal] == ["Our tale begins."]


def test_new_campaign_with_a_name_and_no_system(saves_dir):
    async def scenario(h):
        h.app.screen.query_one("#name").value = ""
        await h.type("Marsh Lights", enter=False)
        await h.press("tab", "end", "enter")  # the last choice: no rule system
        assert h.main.campaign.name == "Marsh Lights" and h.main.campaign.system is None
        assert "no rule system" in h.main.sub_title

    play(new_app(saves_dir), scenario)


def test_picker_opens_another_campaign_and_back(saves_dir):
    make_campaign(saves_dir, "Alpha Road", seed=1)
    make_campaign(saves_dir, "Beta Road", seed=2)

    async def scenario(h):
        main = h.main
        first = h.main.campaign.slug
        await h.type("Before switching.")
        await h.press("ctrl+o")
        assert isinstance(h.app.screen, CampaignsScreen)
        assert rows(h) == ["Alpha Road" + (" •" if first == "alpha-road" else ""),
                           "Beta Road" + (" •" if first == "beta-road" else "")]
        await h.press("escape")  # back to the same campaign
        assert h.main.campaign.slug == first
        await h.press("ctrl+o")
        other = "beta-road" if first == "alpha-road" else "alpha-road"
        await h.press("down" if other == "beta-road" else "up", "enter")
        assert isinstance(h.app.screen, MainScreen) and h.main.campaign.slug == other
        assert h.app.screen_stack == [main]  # one main screen, now showing the other campaign
        assert h.journal[0].startswith("This is your journal")

    play(new_app(saves_dir, campaign="alpha-road"), scenario)
    store = CampaignStore(saves_dir)
    assert [e.text for e in store.load("alpha-road").journal] == ["Before switching."]


def test_rename_the_open_campaign_keeps_playing_it(saves_dir):
    make_campaign(saves_dir, "Alpha Road")

    async def scenario(h):
        await h.press("ctrl+o", "r")
        assert isinstance(h.app.screen, PromptDialog)
        h.app.focused.value = ""
        await h.type("The Long Road")
        assert rows(h) == ["The Long Road •"]
        await h.press("escape")
        assert h.main.campaign.name == "The Long Road" and h.main.title == "The Long Road"
        await h.type("After the rename.")  # saves to the new file, no stale-file error
        assert h.errors() == []

    play(new_app(saves_dir), scenario)
    store = CampaignStore(saves_dir)
    assert not store.exists("alpha-road")
    assert [e.text for e in store.load("the-long-road").journal] == ["After the rename."]


def test_export_writes_markdown(saves_dir, tmp_path):
    make_campaign(saves_dir, "Alpha Road")
    target = tmp_path / "story.md"

    async def scenario(h):
        await h.type("The ferry is late.")
        await h.press("ctrl+o", "e")
        h.app.focused.value = ""
        await h.type(str(target))
        assert any(str(target) in n for n in h.notifications)

    play(new_app(saves_dir), scenario)
    text = target.read_text()
    assert text.startswith("# Alpha Road\n") and "The ferry is late." in text


def test_delete_asks_first(saves_dir):
    make_campaign(saves_dir, "Alpha Road")
    make_campaign(saves_dir, "Beta Road")

    async def scenario(h):
        await h.press("ctrl+o")
        await h.press("down", "d")  # Beta Road
        assert isinstance(h.app.screen, ConfirmDialog)
        await h.press("n")
        assert rows(h)[-1].startswith("Beta Road")
        await h.press("d", "y")
        assert [r.rstrip(" •") for r in rows(h)] == ["Alpha Road"]

    play(new_app(saves_dir, campaign="alpha-road"), scenario)
    store = CampaignStore(saves_dir)
    assert not store.exists("beta-road") and store.exists("alpha-road")
    assert len(list((saves_dir / ".deleted").glob("beta-road-*.json"))) == 1


def test_deleting_the_open_campaign_needs_another_choice(saves_dir):
    make_campaign(saves_dir, "Alpha Road")

    async def scenario(h):
        await h.press("ctrl+o", "d", "y")
        await h.press("escape")  # cannot go back to a deleted campaign
        assert isinstance(h.app.screen, CampaignsScreen)
        assert "Open or start a campaign first" in h.notifications[-1]

    play(new_app(saves_dir), scenario)


def test_a_damaged_save_is_reported_and_restorable(saves_dir):
    session = make_campaign(saves_dir, "Alpha Road")
    session.perform("note", text="Kept in the log.")
    session.perform("note", text="Also kept in the log.")
    path = saves_dir / "alpha-road.json"
    path.write_text(path.read_text()[:200])  # a crash mid-write by some other program

    async def scenario(h):
        assert isinstance(h.app.screen, CampaignsScreen)  # could not open it: the picker instead
        assert "alpha-road.json" in h.errors()[0]
        assert rows(h) == ["alpha-road — does not load"]
        await h.press("b")
        assert rows(h) == ["Alpha Road"]
        await h.press("enter")
        assert h.journal == ["Kept in the log.", "Also kept in the log."]  # backup + log: all of it

    play(new_app(saves_dir), scenario)
