"""Parsed table files kept on disk between runs (`solo.tables.parse_cache`)."""

from __future__ import annotations

import pytest

from solo.dice import Rng
from solo.locations import builtin_tables_dir
from solo.tables import load_tables
from solo.tables.loader import table_files
from solo.tables.registry import FILES
from tests.conftest import run_solo

MOOD = "id: mood\ntitle: Mood\nrows:\n  - Calm\n"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    where = tmp_path / "cache"
    monkeypatch.setenv("SOLO_CACHE", str(where))
    return where / "tables"


def _new_process() -> None:
    """What a new run starts with: nothing parsed in memory."""
    FILES.clear()


def test_a_file_parsed_by_one_run_is_read_back_by_the_next_without_parsing(tmp_path, cache):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "mood.yaml").write_text(MOOD, encoding="utf-8")
    _new_process()
    first = load_tables([mine], use_env=False)
    kept = sorted(cache.glob("*.parsed"))
    assert len(kept) == len(list(table_files(builtin_tables_dir()))) + 1  # the built-in files and mine
    _new_process()
    before = FILES.parsed
    again = load_tables([mine], use_env=False)
    assert FILES.parsed == before  # not one file parsed: every one came from the cache
    assert again.ids() == first.ids()
    assert again.roll("mood", Rng(1)).text == "Calm"
    assert again.problems == first.problems
    assert sorted(cache.glob("*.parsed")) == kept  # one entry a file, nothing added


def test_an_edited_file_is_parsed_again_and_its_entry_replaced(tmp_path, cache):
    (tmp_path / "mood.yaml").write_text(MOOD, encoding="utf-8")
    _new_process()
    load_tables([tmp_path], use_env=False)
    count = len(list(cache.glob("*.parsed")))
    (tmp_path / "mood.yaml").write_text(MOOD.replace("Calm", "Grim"), encoding="utf-8")
    _new_process()
    before = FILES.parsed
    changed = load_tables([tmp_path], use_env=False)
    assert FILES.parsed == before + 1  # only the edited file
    assert changed.roll("mood", Rng(1)).text == "Grim"
    assert len(list(cache.glob("*.parsed"))) == count


def test_a_damaged_or_foreign_entry_is_a_miss_never_an_error(tmp_path, cache):
    (tmp_path / "mood.yaml").write_text(MOOD, encoding="utf-8")
    _new_process()
    load_tables([tmp_path], use_env=False)
    entries = sorted(cache.glob("*.parsed"))
    for entry in entries:  # a torn write: the right key, then garbage
        entry.write_bytes(entry.read_bytes()[:32] + b"not a pickle")
    _new_process()
    before = FILES.parsed
    tables = load_tables([tmp_path], use_env=False)
    assert FILES.parsed == before + len(entries)  # every file parsed afresh
    assert tables.roll("mood", Rng(1)).text == "Calm"
    assert not tables.problems
    for entry in entries:  # somebody else's file under the same name
        entry.write_bytes(b"x" * 100)
    _new_process()
    before = FILES.parsed
    assert load_tables([tmp_path], use_env=False).roll("mood", Rng(1)).text == "Calm"
    assert FILES.parsed == before + len(entries)


def test_a_problem_found_in_a_file_is_reported_from_the_cache_too(tmp_path, cache):
    (tmp_path / "bad.yaml").write_text("id: bad\nrows: [\n", encoding="utf-8")
    _new_process()
    first = [str(p) for p in load_tables([tmp_path], use_env=False).problems]
    _new_process()
    before = FILES.parsed
    again = [str(p) for p in load_tables([tmp_path], use_env=False).problems]
    assert FILES.parsed == before
    assert again == first and any("bad.yaml:" in p and "not valid YAML" in p for p in again)


def test_off_keeps_nothing_and_an_unwritable_cache_costs_nothing(tmp_path, monkeypatch):
    (tmp_path / "mood.yaml").write_text(MOOD, encoding="utf-8")
    monkeypatch.setenv("SOLO_CACHE", "off")
    _new_process()
    assert load_tables([tmp_path], use_env=False).roll("mood", Rng(1)).text == "Calm"
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache directory would go", encoding="utf-8")
    monkeypatch.setenv("SOLO_CACHE", str(blocked))
    _new_process()
    tables = load_tables([tmp_path], use_env=False)
    assert tables.roll("mood", Rng(1)).text == "Calm" and not tables.problems
    assert blocked.read_text(encoding="utf-8").startswith("a file")


def test_runs_of_the_cli_share_the_cache_and_see_an_edit_at_once(tmp_path):
    cache = tmp_path / "cache"
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "mood.yaml").write_text(MOOD, encoding="utf-8")
    env = {"SOLO_CACHE": str(cache), "SOLO_TABLES": str(mine)}
    first = run_solo("table", "roll", "mood", env=env)
    assert first.code == 0 and "Calm" in first.out
    assert (cache / "tables").is_dir() and len(list((cache / "tables").glob("*.parsed"))) > 40
    (mine / "mood.yaml").write_text(MOOD.replace("Calm", "Grim"), encoding="utf-8")
    second = run_solo("table", "roll", "mood", env=env)
    assert second.code == 0 and "Grim" in second.out and "Calm" not in second.out
    # the same seed gives the same foundation with the cache warm or off
    warm = run_solo("--seed", "7", "foundation", env=env)
    cold = run_solo("--seed", "7", "foundation", env={**env, "SOLO_CACHE": "off"})
    assert warm.code == cold.code == 0 and warm.out == cold.out and "THE LIVING WORLD" in warm.out
