"""Killing solo at any moment never costs a campaign: nothing lost, nothing twice, always loadable.

Each round forks a child that runs CLI commands in a loop (`solo.cli.main`,
as a shell loop would run `solo note ...`) and writes one byte to a pipe
after each command that finished.  The parent waits for a number of bytes
drawn from a seeded RNG, then SIGKILLs the child wherever it is in the next
command.  Nothing here waits on a clock, so a slow machine changes where the
kills land, never whether the test passes.
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

import solo.campaign.store as store_module
from solo.campaign import CampaignStore
from solo.cli import build_parser, main

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"),
                                reason="needs fork and SIGKILL")

# Kills per test in the suite; `benchmarks/kills.py` runs this file with SOLO_KILLS=200.
NOTE_KILLS = int(os.environ.get("SOLO_KILLS", "25"))
OTHER_KILLS = int(os.environ.get("SOLO_KILLS", "10"))


def _solo(saves: Path, *args: str) -> int:
    return main([*args, "--saves", str(saves)])


def _kill_after(done_before_kill: int, loop: Callable[[Callable[[], None]], None]) -> int:
    """Fork `loop(report)`, wait for `done_before_kill` reports, SIGKILL it; reports seen."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: quiet, and never back into pytest
        try:
            os.close(read)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            loop(lambda: os.write(write, b"."))
        finally:
            os._exit(0)
    os.close(write)
    seen = 0
    while seen < done_before_kill:
        chunk = os.read(read, done_before_kill - seen)
        if not chunk:
            break
        seen += len(chunk)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(read)
    return seen


@pytest.fixture(autouse=True)
def _imported():
    build_parser()  # every command module imported before forking, so children start at once


def _journal(store: CampaignStore, name: str) -> list[str]:
    return [e.text for e in store.load(name).journal]


def test_sigkill_during_a_note_loop_loses_and_repeats_nothing(saves_dir):
    store = CampaignStore(saves_dir)
    assert _solo(saves_dir, "new", "Crash", "--seed", "1") == 0
    rng = random.Random(20240501)
    reported = 0

    def notes(report, small_snapshots: bool) -> None:
        if small_snapshots:  # so kills land inside snapshot rewrites too
            store_module.SNAPSHOT_EVERY, store_module.SNAPSHOT_SHARE = 0, 0
        n = len(CampaignStore(saves_dir).load("crash").journal)
        while True:
            assert _solo(saves_dir, "note", "-c", "crash", f"note {n}") == 0
            n += 1
            report()

    for round_ in range(NOTE_KILLS):
        reported += _kill_after(rng.randint(0, 3), lambda report, small=round_ % 2 == 1: notes(report, small))
        texts = _journal(store, "crash")  # loads after every kill
        assert texts == [f"note {i}" for i in range(len(texts))], "lost or repeated a note"
        assert len(texts) >= reported, "a note reported done is missing"
        assert [item.problem for item in store.list()] == [None]
    assert reported >= NOTE_KILLS  # the children did write between the kills
    session = store.open("crash")  # and play goes on
    session.perform("note", text="after the kills")
    assert _journal(store, "crash")[-1] == "after the kills"
    assert all(p.name.startswith(".") for p in saves_dir.iterdir() if p.name.endswith(".tmp"))


def test_sigkill_during_renames_leaves_one_name(saves_dir):
    store = CampaignStore(saves_dir)
    assert _solo(saves_dir, "new", "Alpha", "--seed", "2") == 0
    for i in range(5):
        assert _solo(saves_dir, "note", "-c", "alpha", f"line {i}") == 0
    rng = random.Random(7)

    def renames(report) -> None:
        while True:
            here = "alpha" if (saves_dir / "alpha.json").exists() else "beta"
            assert _solo(saves_dir, "rename", here, "Beta" if here == "alpha" else "Alpha") == 0
            report()

    for _ in range(OTHER_KILLS):
        _kill_after(rng.randint(0, 2), renames)
        listed = store.list()
        assert [item.problem for item in listed] == [None], listed
        assert [item.slug for item in listed] in (["alpha"], ["beta"])  # never both, never none
        assert _journal(store, listed[0].slug) == [f"line {i}" for i in range(5)]


def test_sigkill_during_deletes_leaves_the_campaign_or_nothing(saves_dir):
    store = CampaignStore(saves_dir)
    rng = random.Random(11)

    def create_and_delete(report) -> None:
        while True:
            if not (saves_dir / "gone.json").exists():
                assert _solo(saves_dir, "new", "Gone") == 0
                assert _solo(saves_dir, "note", "-c", "gone", "kept whole") == 0
            assert _solo(saves_dir, "delete", "gone", "--yes") == 0
            report()

    for _ in range(OTHER_KILLS):
        _kill_after(rng.randint(0, 2), create_and_delete)
        listed = store.list()
        assert [item.problem for item in listed] == [None] * len(listed), listed
        if listed:
            assert _journal(store, "gone") in ([], ["kept whole"])
    for deleted in (saves_dir / ".deleted").glob("gone-*.json"):
        assert deleted.read_bytes().startswith(b"{\n")  # each deleted snapshot whole


def test_sigkill_during_restores_never_leaves_no_campaign_file(saves_dir):
    store = CampaignStore(saves_dir)
    assert _solo(saves_dir, "new", "Mend", "--seed", "3") == 0
    for i in range(3):
        assert _solo(saves_dir, "note", "-c", "mend", f"line {i}") == 0
    path = saves_dir / "mend.json"
    rng = random.Random(13)

    def damage_and_restore(report) -> None:
        while True:
            path.write_bytes(b'{"format": "solo-campaign", "vers')  # damaged in place
            assert _solo(saves_dir, "restore", "mend") == 0
            report()

    for _ in range(OTHER_KILLS):
        _kill_after(rng.randint(0, 2), damage_and_restore)
        assert path.exists()
        try:
            texts = _journal(store, "mend")
        except Exception:  # killed between the damage and the restore: restoring mends it
            assert _solo(saves_dir, "restore", "mend") == 0
            texts = _journal(store, "mend")
        assert texts == [f"line {i}" for i in range(3)]
