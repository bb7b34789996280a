"""A rule system's own oracle rolls (`System.oracles()`): asked through the campaign, the CLI and the TUI.

Masque's reaction roll answers how a stranger takes the party and the
action-dice watch whether a resting camp is attacked; both are moves that
carry a question, asked with ``move.ask`` and journaled under the question.
"""

from __future__ import annotations

import pytest
from tui_harness import new_app, play

from solo.campaign import Campaign, CampaignStore, perform, undo
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import registry

MQ = registry.get("masque")
AD = registry.get("action-dice")


KIT = {"sheet": MQ.random_character(Rng(1), name="Kit").to_dict()}


def court() -> Campaign:
    """A Masque campaign (seed 5) with Kit, a random Masque PC (seed 1)."""
    campaign = Campaign.new("Court", system="masque", seed=5)
    perform(campaign, "character_add", KIT)
    return campaign


def saved_court(saves) -> None:
    """The same campaign, saved in `saves`."""
    CampaignStore(saves).create("Court", system="masque", seed=5).perform("character_add", **KIT)


def test_only_moves_with_a_question_are_oracle_rolls():
    assert [m.id for m in MQ.oracles()] == ["reaction"]
    assert [m.id for m in AD.oracles()] == ["watch"]
    assert registry.get("nine-powers").oracles() == ()
    assert MQ.oracles()[0].to_dict()["question"] == "How does this person take to us?"


def test_move_list_marks_the_oracle_rolls(cli):
    listed = cli("move", "--list").out.splitlines()
    at = listed.index(next(line for line in listed if line.startswith("  reaction ")))
    assert listed[at + 2].strip() == ('an oracle roll too: solo ask "How does this person take to us?"'
                                      " --oracle reaction [--with NAME=VALUE ...]")


def test_a_reaction_roll_answers_the_question_and_is_journaled_as_the_oracle():
    campaign = court()
    [entry] = perform(campaign, "move.ask", {"oracle": "reaction", "question": "Does the doorman let us in?",
                                             "about": "the doorman"})
    assert entry.kind == "oracle"
    assert entry.text == ("Asked: Does the doorman let us in?\nReaction roll (Kit):\n"
                          "Kit, the doorman: reaction d% 80 (reversed 08), needs 85: unfavourable.")
    assert entry.data["oracle"] == "reaction"
    assert entry.data["options"] == {"about": "the doorman", "modifier": 0}
    [plain] = perform(campaign, "move.ask", {"oracle": "Reaction roll"})  # the title works too
    assert plain.text.startswith("Asked: How does this person take to us?\nReaction roll (Kit):\n")


def test_the_watch_costs_the_watcher_a_fatigue_and_undo_gives_it_back():
    campaign = Campaign.new("Deep", system="action-dice", seed=5)
    perform(campaign, "character_add", {"sheet": AD.random_character(Rng(1), name="Georgia").to_dict()})
    [entry] = perform(campaign, "move.ask", {"oracle": "watch", "fatigue": "3"})
    assert entry.text.splitlines()[:2] == ["Asked: Is the camp attacked while it rests?",
                                           "Keep watch (Georgia):"]
    assert entry.text.endswith("Completion: [6] = 6 against 3 (2/3 to pass): the others rest in peace")
    assert campaign.character("Georgia").sheet["fatigue"] == 2
    undo(campaign)
    assert campaign.character("Georgia").sheet["fatigue"] == 1 and len(campaign.journal) == 1


def test_errors_name_what_is_wrong():
    with pytest.raises(SoloError, match="Nine Powers has no oracle rolls of its own"):
        perform(Campaign.new("Ford", system="nine-powers", seed=1), "move.ask", {"oracle": "watch"})
    with pytest.raises(SoloError, match="plays no rule system, so it has no oracle rolls"):
        perform(Campaign.new("Plain", seed=1), "move.ask", {"oracle": "watch"})
    campaign = court()
    with pytest.raises(SoloError, match="Masque has no move called 'save'; its moves: reaction"):
        perform(campaign, "move.ask", {"oracle": "save"})
    with pytest.raises(SoloError, match="option --modifier"):
        perform(campaign, "move.ask", {"oracle": "reaction", "modifier": "lots"})
    assert len(campaign.journal) == 1  # only the character's arrival


def test_the_cli_asks_with_oracle_and_with(cli, saves_dir):
    saved_court(saves_dir)
    out = cli("ask", "Does", "the", "doorman", "let", "us", "in?", "--oracle", "reaction",
              "--with", "about=the doorman", "-c", "court")
    assert out.code == 0, out.err
    assert out.out.strip().endswith("Kit, the doorman: reaction d% 80 (reversed 08), needs 85: unfavourable.")
    asked = CampaignStore(saves_dir).load("court").journal[-1].data["question"]
    assert asked == "Does the doorman let us in?"
    data = cli("ask", "--oracle", "reaction", "--with", "modifier=10", "-c", "court", "--json").json
    assert data["campaign"] == "Court" and data["options"] == {"about": "", "modifier": 10}
    assert "give -c/--campaign" in cli("ask", "Hm?", "--oracle", "reaction").err
    bad = cli("ask", "Hm?", "--oracle", "reaction", "--with", "modifier", "-c", "court")
    assert bad.code == 2 and "--with takes NAME=VALUE, not 'modifier'" in bad.err
    assert "--odds, --chaos and --spend-clue are for the fate check" in cli(
        "ask", "Hm?", "--oracle", "reaction", "--odds", "likely", "-c", "court").err


def test_the_tui_offers_the_roll_after_the_question_and_in_the_ask_dialog(saves_dir):
    from solo.tui.screens.ask import AskDialog

    saved_court(saves_dir)

    async def scenario(h):
        from solo.tui.screens.prompt import PromptDialog

        await h.type("? Does the doorman let us in? reaction")
        assert isinstance(h.app.screen, PromptDialog)  # the roll's own options: who reacts, a modifier
        await h.keys("the doorman")
        await h.press("enter", "enter")
        assert h.shown[-1] == ("oracle    Asked: Does the doorman let us in? Reaction roll (Kit): Kit, the"
                               " doorman: reaction d% 80 (reversed 08), needs 85: unfavourable."), h.errors()
        await h.press("escape", "a")  # out of the input line, then the ask key
        assert isinstance(h.app.screen, AskDialog)
        await h.press(*["down"] * 6)  # past the ladder's last step: the rules' own roll
        assert h.app.screen.chosen == "rules:reaction"
        await h.press("enter", "enter", "enter")  # no question typed: the roll's own is asked; defaults
        assert h.shown[-1].startswith("oracle    Asked: How does this person take to us?"
                                      " Reaction roll (Kit): ")

    play(new_app(saves_dir, campaign="court"), scenario)
    kinds = [e.data.get("oracle") for e in CampaignStore(saves_dir).load("court").journal]
    assert kinds[-2:] == ["reaction", "reaction"]
