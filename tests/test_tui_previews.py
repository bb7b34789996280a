"""Hooks, people and foundations are shown before they join: keep, reroll (new dice) or discard."""

from __future__ import annotations

from tui_harness import make_campaign, new_app, play

from solo.campaign import CampaignStore, differences, replay
from solo.tui.screens.generated import GeneratedDialog


def test_a_hook_is_previewed_rerolled_with_new_dice_then_kept_and_a_person_shown_whole(saves_dir):
    make_campaign(saves_dir, seed=7)
    shown: list[str] = []

    async def scenario(h):
        before = h.main.campaign.rng.get_state()
        await h.press("escape", "h")
        assert isinstance(h.app.screen, GeneratedDialog)
        shown.append(h.app.screen.entries[0].data["text"])
        await h.press("escape")  # discard: nothing added, no dice used
        assert h.main.campaign.threads == [] and h.main.campaign.rng.get_state() == before
        assert "Discarded: nothing was added and no dice were used." in h.notifications
        await h.press("h")
        assert h.app.screen.entries[0].data["text"] == shown[0]  # the same dice, the same hook
        await h.press("r")
        assert h.app.screen.title_text == "Adventure hook (reroll 1)"
        shown.append(h.app.screen.entries[0].data["text"])
        assert shown[1] != shown[0]
        await h.press("enter")
        assert [t.text for t in h.main.campaign.threads] == [shown[1]]
        assert h.shown[-1] == f"story     New thread: {shown[1]} (rerolled 1×)"
        await h.press("g")  # a person: everything made is shown before it joins
        text = h.app.screen.text
        assert all(field in text for field in ("look:", "manner:", "want:", "secret:"))
        await h.press("enter")
        assert h.main.campaign.notables[0].name in text

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert saved.actions[-2].params == {"action": "story.hooks", "params": {"count": 1}, "rerolls": 1}
    assert differences(saved, replay(saved)) == []


def test_with_your_own_dice_on_the_hook_kept_is_the_one_shown_and_no_die_is_asked_for(saves_dir):
    import os
    from pathlib import Path

    make_campaign(saves_dir, seed=7)
    Path(os.environ["SOLO_CONFIG"]).write_text("physical_dice = true\n")

    async def scenario(h):
        await h.press("escape", "h")
        assert isinstance(h.app.screen, GeneratedDialog)
        shown = h.app.screen.entries[0].data["text"]
        await h.press("enter")  # keep: straight in, no "Roll a d11" for a hook already made
        assert not isinstance(h.app.screen, GeneratedDialog) and h.app.screen is h.main
        assert [t.text for t in h.main.campaign.threads] == [shown]

    play(new_app(saves_dir), scenario)
    saved = CampaignStore(saves_dir).load("the-salt-road")
    assert saved.actions[-1].params == {"action": "story.hooks", "params": {"count": 1}, "rerolls": 0}
    assert differences(saved, replay(saved)) == []
