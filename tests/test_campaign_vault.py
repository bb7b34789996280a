"""`solo export NAME --vault DIR`: linked notes, kept up to date, never written over the player's edits."""

from __future__ import annotations

import json
import os
from pathlib import Path

import yaml

from solo.campaign import CampaignStore, vault


def _story(store: CampaignStore):
    session = store.create("Salt Road", seed=7)
    session.perform("oracle.notable_add", name="Vroy", note="the ferryman's daughter")
    session.perform("note", text="We wait at the ford before dawn.")
    session.perform("oracle.scene_start", expectation="Vroy meets the ferryman")
    session.perform("roll", expression="2d6+1")
    session.perform("note", text="Vroy pays the ferryman in salt.")
    return session


def _notes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8")
            for p in folder.rglob("*.md")}


def test_the_vault_has_a_note_per_scene_frontmatter_and_links_that_all_resolve(saves_dir, tmp_path, cli):
    session = _story(CampaignStore(saves_dir))
    folder = tmp_path / "vault"
    done = cli("export", "salt-road", "--vault", folder)
    assert done.code == 0 and done.out.startswith(f"Vault {folder}: ")
    notes = _notes(folder)
    assert set(notes) == {"Salt Road.md", "Scenes/Before the first scene.md", "Scenes/Scene 1.md",
                          "People and things/Vroy.md"}
    names = {Path(path).stem for path in notes}
    for path, text in notes.items():
        assert text.startswith("---\n")
        meta = yaml.safe_load(text.split("---\n")[1])
        assert meta["campaign"] == "Salt Road"
        for target in vault.links(text):
            assert target in names, (path, target)
    scene = notes["Scenes/Scene 1.md"]
    meta = yaml.safe_load(scene.split("---\n")[1])
    assert meta == {"campaign": "Salt Road", "system": "no rule system", "scene": 1,
                    "chaos": session.campaign.chaos, "date": session.campaign.journal[-1].at[:10]}
    roll = next(e for e in session.campaign.journal if e.kind == "roll")
    assert f"> [!solo] Roll\n> {roll.text}\n" in scene
    assert "Vroy pays the ferryman in salt.\n" in scene and "Names: [[Vroy]]" in scene
    assert "Named in: [[Before the first scene]], [[Scene 1]]" in notes["People and things/Vroy.md"]
    assert "- [[Scene 1]]" in notes["Salt Road.md"] and "- [[Vroy]]" in notes["Salt Road.md"]


def test_a_second_sync_after_one_move_rewrites_only_the_notes_it_changed(saves_dir, tmp_path):
    store = CampaignStore(saves_dir)
    session = _story(store)
    folder = tmp_path / "vault"
    first = vault.sync(store.load("salt-road"), folder)
    assert len(first.written) == 4
    inodes = {path: os.stat(folder / path).st_ino for path in _notes(folder)}
    session.perform("note", text="The far bank is quiet.")
    second = vault.sync(store.load("salt-road"), folder)
    assert second.written == ["Scenes/Scene 1.md"] and second.unchanged == 3 and not second.kept
    changed = {path for path, ino in inodes.items() if os.stat(folder / path).st_ino != ino}
    assert changed == {"Scenes/Scene 1.md"}
    assert vault.sync(store.load("salt-road"), folder).written == []


def test_a_note_the_player_edited_is_kept_and_solos_version_goes_beside_it(saves_dir, tmp_path, cli):
    store = CampaignStore(saves_dir)
    session = _story(store)
    folder = tmp_path / "vault"
    vault.sync(store.load("salt-road"), folder)
    mine = folder / "Scenes" / "Scene 1.md"
    mine.write_text(mine.read_text(encoding="utf-8") + "\nMy own thoughts.\n", encoding="utf-8")
    edited = mine.read_bytes()
    session.perform("note", text="The far bank is quiet.")
    done = cli("export", "salt-road", "--vault", folder)
    assert done.code == 0
    assert ("Scenes/Scene 1.md was edited in the vault: left as it is, solo's version written beside"
            " it as Scenes/Scene 1 (solo).md") in done.out
    assert mine.read_bytes() == edited
    assert "The far bank is quiet." in (folder / "Scenes" / "Scene 1 (solo).md").read_text(encoding="utf-8")
    again = vault.sync(store.load("salt-road"), folder)  # said once: not again after every action
    assert again.kept == [] and again.written == [] and mine.read_bytes() == edited
    assert (folder / "Scenes" / "Scene 1 (solo).md").exists()


def test_a_note_edited_in_the_vault_that_solo_has_nothing_new_for_is_left_without_a_word(saves_dir, tmp_path):
    store = CampaignStore(saves_dir)
    session = _story(store)
    folder = tmp_path / "vault"
    vault.sync(store.load("salt-road"), folder)
    mine = folder / "People and things" / "Vroy.md"
    mine.write_text(mine.read_text(encoding="utf-8") + "\nShe owes us.\n", encoding="utf-8")
    session.perform("note", text="The far bank is quiet.")  # changes Scene 1, not Vroy's note
    report = vault.sync(store.load("salt-road"), folder)
    assert report.kept == [] and report.written == ["Scenes/Scene 1.md"]
    assert not (folder / "People and things" / "Vroy (solo).md").exists()
    assert mine.read_text(encoding="utf-8").endswith("She owes us.\n")
    session.perform("oracle.scene_start", expectation="Vroy crosses")  # now Vroy's note changes too
    session.perform("note", text="Vroy crosses first.")
    report = vault.sync(store.load("salt-road"), folder)
    assert report.kept == ["People and things/Vroy.md"]
    assert "[[Scene 2]]" in (folder / "People and things" / "Vroy (solo).md").read_text(encoding="utf-8")
    assert mine.read_text(encoding="utf-8").endswith("She owes us.\n")


def test_an_undone_scene_note_is_removed_unless_edited(saves_dir, tmp_path):
    store = CampaignStore(saves_dir)
    session = store.create("Salt Road", seed=7)
    session.perform("note", text="before")
    session.perform("oracle.scene_start", expectation="a quiet ford")
    folder = tmp_path / "vault"
    vault.sync(store.load("salt-road"), folder)
    assert (folder / "Scenes" / "Scene 1.md").exists()
    session.undo()
    report = vault.sync(store.load("salt-road"), folder)
    assert report.removed == ["Scenes/Scene 1.md"] and not (folder / "Scenes" / "Scene 1.md").exists()
    manifest = json.loads((folder / vault.MANIFEST).read_text(encoding="utf-8"))
    assert sorted(manifest["notes"]) == ["Salt Road.md", "Scenes/Before the first scene.md"]


def test_names_become_linkable_unique_file_names():
    taken: set[str] = set()
    assert vault._file_name("Corvane: the [Red] #1 | heir?", taken) == "Corvane the Red 1 heir"
    assert vault._file_name("corvane the red 1 heir", taken) == "corvane the red 1 heir (2)"
    assert vault._file_name("///", taken) == "Untitled"


def test_a_damaged_manifest_stops_the_sync_before_any_note_is_touched(saves_dir, tmp_path, cli):
    _story(CampaignStore(saves_dir))
    folder = tmp_path / "vault"
    folder.mkdir()
    (folder / vault.MANIFEST).write_text("{not json", encoding="utf-8")
    done = cli("export", "salt-road", "--vault", folder)
    assert done.code == 1 and done.err.count("\n") == 1
    assert f"{folder / vault.MANIFEST} is damaged" in done.err
    assert _notes(folder) == {}
    assert cli("export", "salt-road", "--follow").code == 2


def test_follow_syncs_at_start_and_after_each_change_it_sees_and_only_then(saves_dir, tmp_path):
    store = CampaignStore(saves_dir)
    session = _story(store)
    folder = tmp_path / "vault"
    marks = iter([1, 1, 2, 2])  # what the campaign's files look like at each look: one change
    reports: list[vault.Report] = []
    looks = 0

    def changed() -> object:
        nonlocal looks
        looks += 1
        if looks == 2:
            session.perform("note", text="The far bank is quiet.")  # the action between two looks
        return next(marks)

    vault.follow(lambda: store.load("salt-road"), changed, folder, reports.append, interval=0,
                 stop=lambda: looks >= 4)
    assert [r.written for r in reports] == [
        ["Scenes/Before the first scene.md", "Scenes/Scene 1.md", "People and things/Vroy.md",
         "Salt Road.md"],
        ["Scenes/Scene 1.md"]]
    assert "The far bank is quiet." in (folder / "Scenes" / "Scene 1.md").read_text(encoding="utf-8")


def test_a_sync_cut_short_between_notes_never_takes_its_own_notes_for_the_players(
        saves_dir, tmp_path, monkeypatch):
    import solo.files

    store = CampaignStore(saves_dir)
    session = _story(store)
    folder = tmp_path / "vault"
    vault.sync(store.load("salt-road"), folder)
    session.perform("note", text="The far bank is quiet.")  # Scene 1 changes...
    session.perform("oracle.notable_add", name="Oslo")  # ...and a new note and the index too
    real, calls = solo.files.write_text, []

    def dies_on_the_third_write(path, text):
        calls.append(path)
        if len(calls) == 3:  # the manifest with both hashes, one note: then the process is gone
            raise KeyboardInterrupt
        return real(path, text)

    monkeypatch.setattr(solo.files, "write_text", dies_on_the_third_write)
    try:
        vault.sync(store.load("salt-road"), folder)
    except KeyboardInterrupt:
        pass
    monkeypatch.setattr(solo.files, "write_text", real)
    report = vault.sync(store.load("salt-road"), folder)
    assert report.kept == [] and "Salt Road.md" in report.written
    assert not list(folder.rglob("* (solo).md"))
