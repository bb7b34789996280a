"""Two generic front-end abilities of an encounter: several of the same foe, and a typed parameter.

A system may mark a move's parameter *open* (`ActionTemplate.open`): its
listed values are suggestions and the player may type another, which the
rules check when the move is made.  Masque's cast is one (its dice).  The
foe picker takes any number of each foe.
"""

from __future__ import annotations

from textual.widgets import Label, OptionList
from tui_harness import make_campaign, new_app, play

from solo.campaign import CampaignStore
from solo.cli import main
from solo.tui.screens.encounter import EncounterScreen, FoesDialog
from solo.tui.screens.prompt import PromptDialog


def masque_campaign(saves_dir, role: str = "bravo", seed: int = 5):
    session = make_campaign(saves_dir, system="masque", seed=seed)
    session.perform("rules.character_random", name="Bo", role=role, npc=False)
    return session


def test_the_foe_picker_takes_the_same_foe_twice(saves_dir):
    masque_campaign(saves_dir)

    async def scenario(h):
        await h.press("escape", "b")
        assert isinstance(h.app.screen, FoesDialog)
        await h.press("down", "plus", "plus")  # two Orcs (the list opens on the Goblin)
        options = h.app.screen.query_one("#foes")
        assert str(options.get_option_at_index(1).prompt) == "Orc x2"
        await h.press("down", "down", "space", "plus", "minus", "enter")  # and one Hobgoblin (x2, then x1)
        assert isinstance(h.app.screen, EncounterScreen)
        foes = [f["label"] for f in h.app.screen.view["foes"]]
        assert foes == ["Orc 1", "Orc 2", "Hobgoblin"]

    play(new_app(saves_dir), scenario)


def test_a_cast_typed_in_the_tui_is_made_and_an_illegal_one_refused(saves_dir):
    masque_campaign(saves_dir)

    async def scenario(h):
        await h.press("escape", "b", "down", "enter")  # one Orc
        screen = h.app.screen
        assert isinstance(screen, EncounterScreen)
        options = screen.query_one("#actions", OptionList)
        await h.press("enter")  # Cast (its Role Fx can only aim at the one Orc)
        assert str(screen.query_one("#asking", Label).render()) == "Cast: dice?"
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert prompts[-1] == "Type your own dice..."
        assert prompts[0] == "d8  50%"  # the suggestions stay, with their chance of meeting the average
        await h.press("end", "enter")
        assert isinstance(h.app.screen, PromptDialog)
        await h.type("d9")  # over the Bravo's build of 8
        assert "Bo: d9 spends 9 faces" in h.errors()[-1]
        assert h.main.campaign.extra["rules"]["encounter"]["moves"] == []
        await h.press("end", "enter")
        await h.type("d6+d1")
        moves = h.main.campaign.extra["rules"]["encounter"]["moves"]
        assert moves[0]["options"] == {"dice": "d6+d1"}
        bit = h.main.campaign.journal[-1].text
        assert "Bo: d6=" in bit and " d1=" in bit

    play(new_app(saves_dir), scenario)


def test_act_takes_a_typed_cast_and_refuses_an_illegal_one_in_one_line(saves_dir, capsys):
    masque_campaign(saves_dir)
    slug = "the-salt-road"
    base = ["--saves", str(saves_dir), "encounter", "-c", slug]
    assert main([*base, "--foe", "orc", "--foe", "orc"]) == 0
    capsys.readouterr()
    assert main([*base, "--act", "1/1"]) == 0
    assert "... or type your own (--act 1/1/VALUE)" in capsys.readouterr().out
    assert main([*base, "--act", "1/1/4d2"]) == 1
    err = capsys.readouterr().err
    assert err == "solo: error: Bo: a cast has at most 3 dice, and 4d2 has 4\n"
    assert main([*base, "--act", "1/1/d6+d1"]) == 0
    out = capsys.readouterr().out
    assert "Bo: d6=" in out and " d1=" in out
    moves = CampaignStore(saves_dir).load(slug).extra["rules"]["encounter"]["moves"]
    assert moves[0]["options"] == {"dice": "d6+d1"} and moves[0]["target"] == "Orc 1"


def test_the_terminal_menu_takes_a_typed_cast_and_says_why_an_illegal_one_is_refused(monkeypatch, capsys):
    from solo.commands import rules
    from solo.dice import Rng
    from solo.rules import Encounter, registry

    masque = registry.get("masque")
    bo = masque.new_actor("Bo", "bravo")
    enc = Encounter(masque, {"party": [bo], "foes": [masque.npc("orc")]}, Rng(1))
    replies = iter(["1", "d9", "d6+d1"])
    monkeypatch.setattr("builtins.input", lambda _: next(replies))
    action = rules._choose(enc, bo)
    assert (action.kind, action.options) == ("cast", {"dice": "d6+d1"})
    out = capsys.readouterr().out
    assert "  ... or type your own" in out
    assert "  ! d9 spends 9 faces, one over current build 8: add -1 (d9-1)" in out
