"""A vault sync killed at random moments leaves every note whole: the old note or the new one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_killed_vault_syncs_leave_every_note_old_or_new_and_the_next_sync_finishes_it():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "kill_vault.py"), "--kills", "6",
                           "--scenes", "3", "--seed", "4"], capture_output=True, text=True, timeout=600)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert lines[1].endswith("anything else: 0")
    assert lines[2] == "after one more sync the vault is exactly the new one: yes"
