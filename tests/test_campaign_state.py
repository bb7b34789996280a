"""Campaign state: names to slugs, helpers' rules, and every part surviving a save and a load."""

from __future__ import annotations

import json

import pytest

from solo.campaign import (
    Campaign,
    CampaignStore,
    DamagedSave,
    perform,
    slugify,
)
from solo.campaign.store import SUFFIX
from solo.dice import Rng
from solo.errors import SoloError
from solo.rules import registry

AT = "2024-05-01T18:00:00.000Z"


@pytest.mark.parametrize(("name", "slug"), [
    ("The Salt Road", "the-salt-road"),
    ("  Lanterns   over -- Hollowmere!  ", "lanterns-over-hollowmere"),
    ("../../etc/x", "etc-x"),
    ("/etc/passwd", "etc-passwd"),
    ("C:\\Windows\\system32", "c-windows-system32"),
    ("~/.bashrc", "bashrc"),
    ("a/../../b", "a-b"),
    ("Ведьмин Лес", "ведьмин-лес"),
    ("Ｆｕｌｌ　Ｗｉｄｔｈ", "full-width"),
    ("nul", "nul-campaign"),
    ("x" * 200 + "y", None),
])
def test_names_become_safe_slugs(name, slug):
    if slug is None:  # longer than a name may be
        with pytest.raises(SoloError, match="at most 120 characters"):
            slugify(name)
        return
    assert slugify(name) == slug


def test_a_long_name_is_cut_to_sixty_characters_without_a_trailing_hyphen():
    assert slugify("word " * 20) == ("word-" * 12)[:-1]


@pytest.mark.parametrize("name", ["", "   ", "...", "../..", "!!!", "/"])
def test_names_without_letters_are_refused(name):
    with pytest.raises(SoloError, match="name"):
        slugify(name)


@pytest.mark.parametrize("name", ["../../etc/x", "/tmp/evil", "..\\..\\boot", "a/../../../b",
                                  ".hidden", "x\x00y", "~root"])
def test_path_like_names_never_write_outside_the_saves_dir(tmp_path, name):
    saves = tmp_path / "deep" / "saves"
    store = CampaignStore(saves)
    session = store.create(name, seed=1)
    session.perform("note", text="still here")
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    slug = slugify(name)
    assert written == [saves.relative_to(tmp_path) / f"{slug}{SUFFIX}",
                       saves.relative_to(tmp_path) / f"{slug}{SUFFIX}.bak",
                       saves.relative_to(tmp_path) / f"{slug}.log"]
    assert not slug.startswith(".") and "/" not in slug and "\\" not in slug


def test_chaos_factor_stays_within_one_to_nine():
    c = Campaign.new("Chaos", seed=1)
    assert c.chaos == 5
    assert [c.adjust_chaos(+1) for _ in range(6)] == [6, 7, 8, 9, 9, 9]
    assert [c.adjust_chaos(-3) for _ in range(4)] == [6, 3, 1, 1]
    with pytest.raises(SoloError, match="1-9, not 10"):
        c.set_chaos(10)
    assert c.set_chaos(9) == 9


def test_clocks_have_four_six_or_eight_segments_and_announce_when_full():
    c = Campaign.new("Clocks", seed=1)
    ritual = c.add_clock("The ritual", 6)
    assert [ritual.advance(2) for _ in range(3)] == [False, False, True]
    assert ritual.filled == 6 and ritual.advance(1) and ritual.filled == 6
    assert ritual.advance(-10) is False and ritual.filled == 0
    with pytest.raises(SoloError, match="4, 6 or 8 segments, not 5"):
        c.add_clock("Odd", 5)
    with pytest.raises(SoloError, match="already a clock named 'the ritual'"):
        c.add_clock("the ritual", 4)
    assert c.clock("THE RITUAL") is ritual


def test_characters_and_threads_are_found_by_id_or_name():
    c = Campaign.new("Cast", seed=1)
    vroy = c.add_character({"name": "Vroy", "skills": {"fast-talk": 3}})
    boxley = c.add_character({"hp": 3}, name="Boxley", role="npc")
    assert (vroy.id, boxley.id) == (1, 2)
    assert c.character("vroy") is vroy and c.character(2) is boxley and c.character("2") is boxley
    assert c.pcs == [vroy] and c.npcs == [boxley]
    with pytest.raises(SoloError, match=r"no character 'Mira' .* 1 Vroy, 2 Boxley"):
        c.character("Mira")
    with pytest.raises(SoloError, match="needs a name"):
        c.add_character({"hp": 1})
    t = c.add_thread("Find the lost caravan")
    assert c.thread(1) is t and c.open_threads == [t]
    t.open = False
    assert c.open_threads == []


def test_two_characters_never_share_a_name_and_an_ambiguous_key_is_refused():
    c = Campaign.new("Cast", seed=1)
    c.add_character({"name": "Bo"})
    with pytest.raises(SoloError, match="there is already a character called 'Bo' in this campaign"
                                        r" \(PC, id 1\): give the new one another name"):
        c.add_character({}, name="BO", role="npc")
    assert c.free_name("bo") == "bo 2" and c.free_name("Kell") == "Kell"
    # A save from before names had to differ may hold two Bos: naming one is then an error, not a guess.
    c.characters.append(type(c.characters[0])(2, "bo", "npc"))
    with pytest.raises(SoloError, match="'Bo' could be any of these characters: 1 Bo, 2 bo; name one by"
                                        " its id"):
        c.character("Bo")
    assert c.character(2).name == "bo"
    c.add_character({}, name="1", role="npc")  # a name that is another's id
    with pytest.raises(SoloError, match="'1' could be any of these characters: 1 Bo, 3 1"):
        c.character("1")


def test_a_second_pc_of_the_same_name_is_refused_on_the_command_line(cli, saves_dir):
    assert cli("new", "Road", "--system", "nine-powers", "--seed", "3").code == 0
    assert cli("character", "new", "--campaign", "road", "--random", "--name", "Bo").code == 0
    again = cli("character", "new", "--campaign", "road", "--random", "--name", "bo")
    assert again.code == 1 and "there is already a character called 'Bo'" in again.err
    assert [ch.name for ch in CampaignStore(saves_dir).load("road").characters] == ["Bo"]


def test_rolled_names_and_named_npcs_give_way_with_a_number():
    c = Campaign.new("Goblins", system="resistance", seed=4)
    for _ in range(3):
        perform(c, "rules.npc_add", {"npc": "goblin"})
    assert [(ch.name, ch.sheet["name"]) for ch in c.characters] == [
        ("Goblin", "Goblin"), ("Goblin 2", "Goblin 2"), ("Goblin 3", "Goblin 3")]
    with pytest.raises(SoloError, match="already a character called 'Goblin'"):
        perform(c, "rules.npc_add", {"npc": "goblin", "name": "goblin"})
    rolled = registry.get("nine-powers").random_character(Rng(9)).name
    road = Campaign.new("Road", system="nine-powers", seed=9)
    perform(road, "character_add", {"sheet": {}, "name": rolled})  # rolls nothing
    perform(road, "rules.character_random", {})
    assert road.characters[1].name == road.characters[1].sheet["name"] == f"{rolled} 2"


def test_scenes_count_up_and_only_an_open_scene_ends():
    c = Campaign.new("Scenes", seed=1)
    assert (c.scene.number, c.scene.open) == (0, False)
    with pytest.raises(SoloError, match="no scene is open"):
        c.end_scene()
    c.start_scene("  The gate is guarded ")
    assert (c.scene.number, c.scene.open, c.scene.expectation) == (1, True, "The gate is guarded")
    c.start_scene()
    assert c.scene.number == 2
    c.end_scene()
    assert not c.scene.open


def full_campaign() -> Campaign:
    """A campaign with something in every part of its state."""
    c = Campaign.new("Every Part", system="nine-powers", seed=99, created=AT)
    perform(c, "note", {"text": "A note, with unicode: café, 龍."}, at=AT)
    perform(c, "roll", {"expression": "4d6kh3+1", "times": 2}, at=AT)
    perform(c, "character_add", {"sheet": {"name": "Vroy", "skills": {"lore": 2}, "tags": [1, None]}},
            at=AT)
    perform(c, "character_add", {"sheet": {"difficulty": 2}, "name": "Goblin", "role": "npc"}, at=AT)
    c.characters[0].set_up_well = True
    c.characters[1].leverage = True
    c.add_thread("Find the caravan")
    c.add_thread("Repay the ferryman").open = False
    c.add_notable("Old Tobiah", "person", "sells lamp oil")
    c.add_notable("The Brass Key", "item")
    c.add_clock("Floodwater", 8).advance(3)
    c.countdown, c.clues = 3, 2
    c.set_chaos(7)
    c.start_scene("A quiet crossing")
    c.module_state("oracle")["last_focus"] = ["npc action", 4]
    perform(c, "note", {"text": "Into the first scene."}, at=AT)
    return c


def test_every_part_of_the_state_round_trips_through_a_save(saves_dir):
    original = full_campaign()
    store = CampaignStore(saves_dir)
    store.add(original)
    loaded = store.load("every part")

    assert (loaded.name, loaded.slug, loaded.system, loaded.seed, loaded.created) == (
        "Every Part", "every-part", "nine-powers", 99, AT)
    assert loaded.origin == {"system": "nine-powers"}
    assert (loaded.chaos, loaded.countdown, loaded.clues) == (7, 3, 2)
    assert (loaded.scene.number, loaded.scene.open, loaded.scene.expectation) == (
        1, True, "A quiet crossing")
    assert [(ch.id, ch.name, ch.role, ch.set_up_well, ch.leverage) for ch in loaded.characters] == [
        (1, "Vroy", "pc", True, False), (2, "Goblin", "npc", False, True)]
    assert loaded.characters[0].sheet == {"name": "Vroy", "skills": {"lore": 2}, "tags": [1, None]}
    assert [(t.id, t.text, t.open) for t in loaded.threads] == [
        (1, "Find the caravan", True), (2, "Repay the ferryman", False)]
    assert [(n.name, n.kind, n.note) for n in loaded.notables] == [
        ("Old Tobiah", "person", "sells lamp oil"), ("The Brass Key", "item", "")]
    assert [(k.name, k.segments, k.filled) for k in loaded.clocks] == [("Floodwater", 8, 3)]
    assert loaded.extra == {"oracle": {"last_focus": ["npc action", 4]}}
    assert loaded.rng.get_state() == original.rng.get_state()
    assert [loaded.rng.die(20) for _ in range(5)] == [original.rng.die(20) for _ in range(5)]

    assert [e.to_dict() for e in loaded.journal] == [e.to_dict() for e in original.journal]
    assert [e.text for e in loaded.journal][:2] == ["A note, with unicode: café, 龍.",
                                                    original.journal[1].text]
    assert loaded.journal[1].data["expression"] == "4d6kh3+1"
    assert loaded.journal[-1].scene == 1
    assert [a.to_dict() for a in loaded.actions] == [a.to_dict() for a in original.actions]
    assert [u.to_dict() for u in loaded.undo] == [u.to_dict() for u in original.undo]
    assert loaded == original  # every compared dataclass field


def test_the_save_file_is_readable_json_one_journal_entry_per_line(saves_dir):
    store = CampaignStore(saves_dir)
    store.add(full_campaign())
    text = (saves_dir / "every-part.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    assert (doc["format"], doc["version"]) == ("solo-campaign", 2)
    lines = [line.rstrip(",") for line in text.splitlines()]
    assert '  {"at": "2024-05-01T18:00:00.000Z", "scene": 0, "kind": "note", "text": "A note, with' \
           ' unicode: café, 龍.", "data": {}}' in lines
    assert '  "chaos": 7' in lines
    assert sum(line.startswith('  {"at": ') for line in lines) == len(doc["journal"]) == 6


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d["state"].update(chaos=12), "state.chaos: 12 is outside 1..9"),
    (lambda d: d["state"]["clocks"][0].update(segments=5),
     "state.clocks[0].segments: a clock has 4, 6 or 8 segments, not 5"),
    (lambda d: d["state"]["clocks"][0].update(filled=9), "state.clocks[0].filled: 9 is outside 0..8"),
    (lambda d: d["state"]["threads"][1].update(open="no"),
     "state.threads[1].open: expected true or false, found 'no'"),
    (lambda d: d["state"]["characters"][0].update(role="hero"),
     "state.characters[0].role: expected 'pc' or 'npc', found 'hero'"),
    (lambda d: d["journal"][2].pop("text"), "file.journal[2]: missing 'text'"),
    (lambda d: d["journal"][0].update(scene=True), "file.journal[0].scene: expected a whole number"),
    (lambda d: d["state"]["rng"].update(internal="garbage"), "state.rng: random generator state"),
    (lambda d: d["undo"][0].update(journal=500), "file.undo[0]: points past the end of the journal"),
    (lambda d: d.pop("state"), "file: missing 'state'"),
])
def test_values_that_make_no_sense_are_reported_with_their_place(saves_dir, edit, message):
    store = CampaignStore(saves_dir)
    store.add(full_campaign())
    path = saves_dir / "every-part.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(DamagedSave) as caught:
        store.load("every-part")
    assert str(caught.value).startswith(f"{path} is damaged: ")
    assert message in str(caught.value)
    assert path.read_bytes() == before
