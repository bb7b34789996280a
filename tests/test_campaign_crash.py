"""Killing solo while it saves never costs a campaign: the file always loads, old or new."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from solo.campaign import Campaign, CampaignStore, perform

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KILLS = 20

# Saves a note after note, as fast as it can, until it is killed.
CHILD = """
import sys
from solo.campaign import CampaignStore
session = CampaignStore(sys.argv[1]).open("crash")
n = len(session.campaign.journal)
print("ready", flush=True)
while True:
    session.perform("note", text=f"note {n}")
    n += 1
"""


def _check(store: CampaignStore, name: str = "crash") -> int:
    c = store.load(name)
    texts = [e.text for e in c.journal]
    assert texts == [f"note {i}" for i in range(len(texts))], "journal is not a clean prefix"
    assert [a.params["text"] for a in c.actions] == texts, "action log and journal disagree"
    assert all(step.journal <= len(texts) for step in c.undo)
    return len(texts)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_saves_leaves_a_loadable_file_with_old_or_new_state(saves_dir):
    store = CampaignStore(saves_dir)
    # A journal big enough that each save takes a few milliseconds to write.
    c = Campaign.new("crash", seed=1)
    for i in range(1500):
        perform(c, "note", {"text": f"note {i}"}, undo_depth=0)
    store.add(c)

    env = dict(os.environ, PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""))
    rng = random.Random(20240501)
    count = _check(store)
    grew = 0
    for _ in range(KILLS):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(saves_dir)], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout.readline() == "ready\n", child.stderr.read()
        time.sleep(rng.uniform(0.0, 0.12))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        child.stderr.close()
        now = _check(store)
        assert now >= count, "the saved campaign went backwards"
        grew += now > count
        count = now
        backup = store.directory / "crash.json.bak"
        if backup.exists():  # the backup is a whole campaign too, one save behind
            store.directory.joinpath("backup-copy.json").write_bytes(backup.read_bytes())
            assert _check(store, "backup-copy") <= count
            store.directory.joinpath("backup-copy.json").unlink()
    assert grew >= KILLS // 2, "the children hardly saved anything before being killed"
