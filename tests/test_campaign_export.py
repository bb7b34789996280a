"""The Markdown story log, and the Context API other commands build on."""

from __future__ import annotations

import io
from argparse import Namespace

import pytest

from solo.campaign import Campaign, CampaignStore, JournalEntry, campaign_action, perform, to_markdown
from solo.commands.context import Context, UsageError


@campaign_action("test.export_scene")
def _scene(campaign, ctx, expectation: str) -> list[JournalEntry]:
    campaign.start_scene(expectation)
    return [ctx.entry("scene", f"Scene {campaign.scene.number}: {expectation}.")]


@campaign_action("test.oracle")
def _oracle(campaign, ctx, question: str) -> list[JournalEntry]:
    die = ctx.rng.die(4)
    return [ctx.entry("oracle", f"{question} → {'yes' if die <= 2 else 'no'} (d4: {die})",
                      {"die": die})]


def _story() -> Campaign:
    c = Campaign.new("The Salt Road", system="nine-powers", seed=7, created="2024-05-01T18:00:00.000Z")
    at = "2024-05-01T18:00:00.000Z"
    perform(c, "note", {"text": "Mirela packs salt, rope and a lamp.\n\nShe leaves before dawn."}, at=at)
    perform(c, "test.export_scene", {"expectation": "The ferry is waiting"}, at=at)
    perform(c, "roll", {"expression": "2d6"}, at=at)
    perform(c, "test.oracle", {"question": "Is the ferryman *awake*?"}, at=at)
    perform(c, "note", {"text": "He is, and he wants double."}, at=at)
    perform(c, "test.export_scene", {"expectation": "Crossing the mere"}, at=at)
    perform(c, "roll", {"expression": "d6"}, at=at)
    c.add_character({"name": "Mirela"}).set_up_well = True
    c.add_character({"name": "The ferryman"}, role="npc")
    c.add_thread("Learn who drowned the lamplighter")
    c.add_thread("Cross the mere").open = False
    c.add_notable("Old Tobiah", "person", "sells lamp oil")
    c.add_clock("The mere rises", 4).advance(4)
    c.countdown, c.clues = 2, 1
    return c


def test_markdown_export_reads_as_a_story_log():
    assert to_markdown(_story()) == """\
# The Salt Road

*nine-powers · begun 2024-05-01 · 2 scenes · 7 journal entries*

## Before the first scene

Mirela packs salt, rope and a lamp.\\
\\
She leaves before dawn.

## Scene 1

*Scene 1: The ferry is waiting.*

> **Roll** · 2d6 [3, 2] = 5
>
> **Oracle** · Is the ferryman \\*awake\\*? → no (d4: 4)

He is, and he wants double.

## Scene 2

*Scene 2: Crossing the mere.*

> **Roll** · d6: 6

## Where things stand

Chaos factor 5 · complication marks 2 · clues held 1

### Cast

- **Mirela** (PC, set up well)
- **The ferryman** (NPC)

### Threads

- Learn who drowned the lamplighter
- ~~Cross the mere~~ (closed)

### People and things

- **Old Tobiah** (person): sells lamp oil

### Clocks

- The mere rises: 4/4 (full)
"""


def test_a_log_without_scenes_has_no_scene_headings():
    c = Campaign.new("Quiet", seed=1, created="2024-05-01T18:00:00.000Z")
    perform(c, "note", {"text": "Only words."})
    assert to_markdown(c).splitlines()[:5] == ["# Quiet", "", "*no rule system · begun 2024-05-01 ·"
                                               " 1 journal entry*", "", "Only words."]


def _context(**args) -> Context:
    defaults = {"seed": None, "json": False, "tables": [], "saves": None, "campaign": None}
    return Context(Namespace(**(defaults | args)), out=io.StringIO(), err=io.StringIO())


def test_context_performs_on_a_scratch_campaign_without_campaign_option(saves_dir):
    ctx = _context(seed=7)
    assert ctx.campaign is None
    [entry] = ctx.perform("test.oracle", question="Rain?")
    assert entry.text == "Rain? → no (d4: 3)"
    assert list(saves_dir.iterdir()) == []


def test_context_performs_on_the_named_campaign_and_saves(saves_dir):
    CampaignStore(saves_dir).create("Oracle Night", seed=7)
    ctx = _context(campaign="oracle night")
    assert ctx.campaign.name == "Oracle Night"
    ctx.perform("test.oracle", question="Rain?")
    saved = CampaignStore(saves_dir).load("oracle-night")
    assert [(e.kind, e.text) for e in saved.journal] == [("oracle", "Rain? → no (d4: 3)")]
    assert saved.actions[0].params == {"question": "Rain?"}
    with pytest.raises(UsageError, match="--seed cannot be used with --campaign"):
        _context(campaign="oracle night", seed=3).perform("test.oracle", question="Snow?")
