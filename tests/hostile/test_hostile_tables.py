"""Every hostile table in the corpus, against `table check`, `table list`, `table roll` and the TUI.

Each must be refused (or, for what only rolling can show, stopped) with a
message naming its file, while everything else keeps working.  `table list`
and `table roll` run in a fresh `solo` process per case, `table check` in
this process per case and once in a fresh one over the whole corpus, and
the TUI starts under Pilot with the whole corpus and with single cases.  The time
limits here are only hang guards - a busy CI box must not fail a test - so
the bound on work is shown by what does not depend on speed: peak memory of
the `solo` process (its own VmHWM, written by the child as it exits, so the
test process it was forked from never counts) and the counts in the budgets
(tests/test_tables_budgets.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import REPO, CliResult, run_cli
from corpus import CASES, TABLE_IDS, write_case
from tui_harness import make_campaign, new_app, play

MIB = 1024 * 1024
HANG_GUARD = 300  # seconds; a hang, not slowness, is what this catches (a busy CI machine is slow)
MEMORY_LIMIT = 200 * MIB
# What only a roll can find: the grammar grows its text by modifiers, not by expanding.
FOUND_WHEN_ROLLED = {"growing-replace": "one roll's text grew past 20,000 characters"}


def refusal(case: str) -> str:
    """The start of the warning a load gives for the case's file, or the roll's error."""
    return FOUND_WHEN_ROLLED.get(case, "")


@pytest.fixture
def hostile_dir(tmp_path):
    return tmp_path / "tables"


# Runs solo's command line in this very process and, on the way out, writes the
# process's own high-water resident size (VmHWM, in kB) to the file named by
# SOLO_TEST_PEAK.  VmHWM belongs to the address space made at exec, so unlike
# ru_maxrss it does not count the test process the child was forked from.
_MEASURED = """
import atexit, os, runpy, sys
def _peak():
    with open('/proc/self/status') as status:
        kb = next(line.split()[1] for line in status if line.startswith('VmHWM:'))
    with open(os.environ['SOLO_TEST_PEAK'], 'w') as out:
        out.write(kb)
atexit.register(_peak)
sys.argv = ['solo', *sys.argv[1:]]
runpy.run_module('solo', run_name='__main__', alter_sys=True)
"""


def run_measured(*args, timeout: float) -> tuple[CliResult, int]:
    """`python -m solo ARGS` in a fresh process: its result and its own peak resident size in bytes."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory() as scratch:
        peak_file = Path(scratch) / "peak"
        env["SOLO_TEST_PEAK"] = str(peak_file)
        proc = subprocess.run([sys.executable, "-c", _MEASURED, *map(str, args)],
                              capture_output=True, text=True, env=env, cwd=REPO, timeout=timeout)
        peak = int(peak_file.read_text()) * 1024
    return CliResult(proc.returncode, proc.stdout, proc.stderr), peak


@pytest.mark.parametrize("case", sorted(CASES))
def test_table_check_names_the_file_of_every_hostile_case(case, hostile_dir):
    path = write_case(case, hostile_dir)
    result = run_cli("table", "check", hostile_dir)
    assert "Traceback" not in result.out + result.err
    if case in FOUND_WHEN_ROLLED:
        assert result.code == 0, result.out  # nothing to see until it is rolled
        return
    assert result.code == 2
    assert f"{path}" in result.out


def test_table_check_of_the_whole_corpus_in_one_process(hostile_dir):
    paths = [write_case(case, hostile_dir) for case in sorted(CASES)]
    result, peak = run_measured("table", "check", hostile_dir, timeout=HANG_GUARD)
    assert peak < MEMORY_LIMIT
    assert result.code == 2 and "Traceback" not in result.err
    named = {str(p) for p in paths if str(p) in result.out}
    assert named == {str(p) for p in paths if p.stem not in FOUND_WHEN_ROLLED}


@pytest.mark.parametrize("case", sorted(CASES))
def test_table_list_skips_the_hostile_file_and_lists_the_rest(case, hostile_dir):
    path = write_case(case, hostile_dir)
    result, peak = run_measured("--tables", hostile_dir, "table", "list", timeout=HANG_GUARD)
    assert peak < MEMORY_LIMIT
    assert result.code == 0 and "Traceback" not in result.err
    assert "oracle/clue" in result.out  # the built-in tables are all still there
    if case not in FOUND_WHEN_ROLLED:
        assert f"solo: warning: skipped a broken table: {path}" in result.err
        assert TABLE_IDS[case] not in result.out


@pytest.mark.parametrize("case", sorted(CASES))
def test_table_roll_in_a_fresh_process_is_refused_in_bounded_memory(case, hostile_dir):
    path = write_case(case, hostile_dir)
    result, peak = run_measured("--tables", hostile_dir, "table", "roll", TABLE_IDS[case],
                                timeout=HANG_GUARD)
    assert peak < MEMORY_LIMIT
    assert result.code == 1
    assert "Traceback" not in result.err
    assert str(path) in result.err
    if case in FOUND_WHEN_ROLLED:
        assert f"solo: error: {path}: table {TABLE_IDS[case]}: {refusal(case)}" in result.err
    else:
        assert f"solo: warning: skipped a broken table: {path}" in result.err
        assert f"solo: error: no table named '{TABLE_IDS[case]}'" in result.err


def test_a_runaway_roll_into_a_campaign_leaves_the_campaign_as_it_was(hostile_dir, saves_dir):
    write_case("growing-replace", hostile_dir)
    assert run_cli("new", "Road").code == 0
    save = next(saves_dir.glob("*.json"))
    before = save.read_bytes()
    result = run_cli("--tables", hostile_dir, "table", "roll", "hostile/replace", "--campaign", "Road")
    assert result.code == 1
    assert "one roll's text grew past 20,000 characters" in result.err
    assert save.read_bytes() == before


def test_tui_starts_with_every_hostile_table_at_once_and_keeps_working(saves_dir, hostile_dir):
    paths = [write_case(case, hostile_dir) for case in sorted(CASES)]
    (hostile_dir / "fine.yaml").write_text("id: mine/fine\ntitle: Fine\nrows: [only this]\n")
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.main.tables()
        await h.settle()
        warnings = [n for n in h.notifications if "broken table" in n]
        assert len(warnings) == 3  # the first three, then a count of the rest
        assert all(any(str(p) in w for p in paths) for w in warnings)
        more = [n for n in h.notifications if n.startswith("...and ")]
        assert more and "more table problems" in more[0]
        await h.type("/table mine/fine")
        await h.type("/table hostile/replace")  # passes every check; stopped while rolling
        await h.type("Still here.")
        assert h.journal == ["table     Fine: only this", "Still here."]
        assert any("one roll's text grew past 20,000 characters" in e for e in h.errors())

    play(new_app(saves_dir, tables=[hostile_dir]), scenario)


@pytest.mark.parametrize("case", ["bomb-rows", "deep-50000", "fan-out", "runaway-grammar",
                                  "not-utf8", "pool-dice"])
def test_tui_start_names_the_hostile_file(case, saves_dir, hostile_dir):
    path = write_case(case, hostile_dir)
    make_campaign(saves_dir, seed=7)

    async def scenario(h):
        await h.main.tables()
        await h.settle()
        warnings = [n for n in h.notifications if "broken table" in n]
        assert warnings and all(str(path) in w for w in warnings)
        await h.type("A note after the warning.")
        assert h.journal == ["A note after the warning."]

    play(new_app(saves_dir, tables=[hostile_dir]), scenario)
