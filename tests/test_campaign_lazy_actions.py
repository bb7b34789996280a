"""solo's own actions load on first use, and play the same in a process that imported nothing else.

`import solo.campaign` no longer imports the oracle, story and rules moves
(that keeps them out of the TUI's first frame); the first lookup of an
action name imports the module holding it.  These tests run in fresh
processes, since this one has long since imported everything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import REPO

from solo.campaign import Campaign, CampaignStore, actions, perform

AT = "2024-05-01T18:00:00.000Z"
LAYERS = ("solo.oracle", "solo.story", "solo.rules", "solo.tables", "icepool", "yaml")


def _fresh(code: str) -> dict:
    """Run `code` in a new interpreter that has imported only `solo.campaign`; its JSON comes back."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    prelude = ("import json, sys\nimport solo.campaign as sc\n"
               f"LAYERS = {LAYERS!r}\n"
               "def loaded():\n"
               "    return sorted(n for n in LAYERS if n in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", prelude + code], capture_output=True, text=True,
                            env=env, cwd=REPO, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _asked(seed: int) -> Campaign:
    c = Campaign.new("Gatehouse", seed=seed)
    perform(c, "oracle.ask", {"question": "Is the gate guarded?", "odds": "likely"}, at=AT)
    perform(c, "story.npc", {}, at=AT)
    return c


def test_importing_the_campaign_package_loads_no_other_layer():
    out = _fresh("print(json.dumps({'loaded': loaded()}))")
    assert out == {"loaded": []}


def test_a_note_and_a_roll_load_no_other_layer_either():
    out = _fresh(
        "c = sc.Campaign.new('Quiet', seed=3)\n"
        "sc.perform(c, 'note', {'text': 'The lamps are lit.'})\n"
        "sc.perform(c, 'roll', {'expression': '2d6+1'})\n"
        "print(json.dumps({'loaded': loaded(), 'roll': c.journal[-1].data['total']}))\n"
    )
    c = Campaign.new("Quiet", seed=3)
    perform(c, "roll", {"expression": "2d6+1"})
    assert out == {"loaded": [], "roll": c.journal[-1].data["total"]}


def test_an_oracle_move_in_a_fresh_process_journals_what_it_does_here():
    expected = _asked(11)
    out = _fresh(
        "c = sc.Campaign.new('Gatehouse', seed=11)\n"
        "before = loaded()\n"
        f"sc.perform(c, 'oracle.ask', {{'question': 'Is the gate guarded?', 'odds': 'likely'}}, at={AT!r})\n"
        f"sc.perform(c, 'story.npc', {{}}, at={AT!r})\n"
        "print(json.dumps({'before': before, 'journal': [e.to_dict() for e in c.journal],"
        " 'rng': c.rng.get_state()}))\n"
    )
    assert out["before"] == []
    assert out["journal"] == [e.to_dict() for e in expected.journal]
    assert [e["kind"] for e in out["journal"]] == ["oracle", "story"]
    assert out["journal"][0]["text"] == ("Asked: Is the gate guarded? [likely, chaos 5: d4 <= 3,"
                                         " chance of yes 75%] rolled d4:4, twist 9+8 -> No"
                                         " (20.2%: the chance of this exact answer)."
                                         " No, not this time.")
    assert out["rng"]["internal"] == expected.rng.get_state()["internal"]


def test_undo_and_replay_of_a_saved_campaign_work_in_a_fresh_process(saves_dir):
    session = CampaignStore(saves_dir).create("Replayed Road", system="nine-powers", seed=5)
    session.perform("oracle.ask", question="Does the bridge hold?")
    session.perform("oracle.scene_start", expectation="The ferryman waits")
    session.perform("rules.character_random", name="Ferryman", npc=True)
    session.perform("note", text="Rain on the river.")
    kept = [e.to_dict() for e in session.campaign.journal]
    out = _fresh(
        f"store = sc.CampaignStore({str(saves_dir)!r})\n"
        "c = store.load('replayed-road')\n"
        "again = sc.replay(c)\n"
        "session = store.open('replayed-road')\n"
        "step, removed = session.undo()\n"
        "step2, removed2 = session.undo()\n"
        "print(json.dumps({'differences': sc.differences(c, again),"
        " 'undone': [step.action, step2.action],"
        " 'left': len(store.load('replayed-road').journal)}))\n"
    )
    assert out == {"differences": [], "undone": ["note", "rules.character_random"], "left": len(kept) - 2}


def test_every_action_is_listed_and_an_unknown_one_names_them_all():
    out = _fresh(
        "names = sorted(sc.actions())\n"
        "try:\n"
        "    sc.get_action('oracle.dance')\n"
        "except sc.ActionError as exc:\n"
        "    message = str(exc)\n"
        "print(json.dumps({'names': names, 'message': message}))\n"
    )
    assert out["names"] == sorted(n for n in actions() if not n.startswith("test."))
    assert {"note", "oracle.ask", "story.npc", "rules.check", "rules.encounter_start"} <= set(out["names"])
    assert "no campaign action named 'oracle.dance'" in out["message"]
    assert "rules.encounter_start" in out["message"] and "story.hooks" in out["message"]


def test_damaged_module_state_is_found_on_opening_in_a_fresh_process(saves_dir):
    store = CampaignStore(saves_dir)
    store.create("Damaged", seed=1)
    path = store.path("Damaged")
    data = json.loads(path.read_text())
    data["state"]["extra"] = {"oracle": "x"}
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    code = ("import sys\nfrom solo.campaign import CampaignStore\n"
            "try:\n    CampaignStore(sys.argv[1]).load('Damaged')\n"
            "except Exception as exc:\n    print(type(exc).__name__, exc)\n")
    out = subprocess.run([sys.executable, "-c", code, str(saves_dir)], capture_output=True, text=True,
                         cwd=REPO, env={"PYTHONPATH": str(REPO)}, check=True).stdout
    assert out.startswith("DamagedSave ") and "state.extra.oracle: expected a mapping" in out
    assert str(path) in out
    assert path.read_bytes() == before


def test_the_light_state_checks_name_the_slices_the_moves_keep():
    from solo.campaign import actors, encounter_moves, oracle_moves, state_checks

    assert state_checks.ORACLE == oracle_moves.MODULE
    assert state_checks.RULES == actors.MODULE
    assert state_checks.ENCOUNTER == encounter_moves.KEY
    assert state_checks.LAST_ENCOUNTER == encounter_moves.LAST
    assert state_checks.MAX_ROUNDS == encounter_moves.MAX_ROUNDS


def test_opening_a_campaign_with_oracle_and_rules_state_loads_neither(saves_dir):
    session = CampaignStore(saves_dir).create("Busy", system="nine-powers", seed=2)
    session.perform("oracle.scene_start", expectation="At the gate")
    session.perform("rules.character_random", name="Vroy")
    session.perform("oracle.journey", setting="wild")
    assert session.campaign.extra.get("oracle") is not None
    code = ("import sys\nfrom solo.campaign import CampaignStore\n"
            "CampaignStore(sys.argv[1]).load('Busy')\n"
            "print(sorted(m for m in sys.modules if m.startswith(('solo.oracle', 'solo.rules', "
            "'solo.campaign.oracle_moves', 'solo.campaign.encounter_moves'))))\n")
    out = subprocess.run([sys.executable, "-c", code, str(saves_dir)], capture_output=True, text=True,
                         cwd=REPO, env={"PYTHONPATH": str(REPO)}, check=True).stdout
    assert out.strip() == "[]"
