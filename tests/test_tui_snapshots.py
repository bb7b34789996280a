"""What the screens look like, compared with the SVG snapshots in tests/__snapshots__/.

Deterministic by construction: fixed seeds, a fixed terminal size, and no
timestamps on screen.  After an intended change of look, regenerate with
`pytest tests/test_tui_snapshots.py --snapshot-update` and review the SVGs.
"""

from __future__ import annotations

from tui_harness import Harness, make_campaign, new_app


async def settled(pilot) -> None:
    """Every worker done and the queue empty (not a guessed pause): what a busy machine shows too."""
    await Harness(pilot.app, pilot).settle()


def salt_road(saves):
    session = make_campaign(saves, "The Salt Road", seed=7)
    session.perform("note", text="We leave the city at dawn, heading for the salt marshes where the"
                                 " ferryman was last seen.")
    session.perform("roll", expression="2d6+1")
    session.perform("table_roll", table="weather/day")
    session.perform("note", text="The road is empty. Too empty.")
    c = session.campaign
    c.add_thread("Find the missing ferryman")
    c.add_thread("Pay back the salt guild")
    c.add_clock("Guild patience", 6).advance(2)
    c.countdown, c.clues = 2, 1
    session.save()
    return session


def test_main_screen(saves_dir, snap_compare):
    salt_road(saves_dir)
    assert snap_compare(new_app(saves_dir), terminal_size=(100, 30), run_before=settled)


def vroy_campaign(saves):
    from solo.dice import Rng
    from solo.rules import registry

    session = make_campaign(saves, "The Salt Road", seed=7)
    sheet = registry.get("nine-powers").random_character(Rng(1), name="Vroy").to_dict()
    session.perform("character_add", sheet=sheet)
    return session


def test_encounter_screen(saves_dir, snap_compare):
    session = vroy_campaign(saves_dir)
    session.perform("rules.encounter_start", foes=["mook", "watchman"])
    session.perform("rules.encounter_act", actor="Vroy", action=0)

    async def open_encounter(pilot):
        await pilot.press("escape", "b")
        await settled(pilot)

    assert snap_compare(new_app(saves_dir), terminal_size=(100, 34), run_before=open_encounter)


def test_character_sheet(saves_dir, snap_compare):
    vroy_campaign(saves_dir)

    async def open_sheet(pilot):
        await pilot.press("escape", "p")
        await settled(pilot)

    assert snap_compare(new_app(saves_dir), terminal_size=(110, 24), run_before=open_sheet)
