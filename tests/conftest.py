"""Shared fixtures: every test runs with its own saves directory and no user tables."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path_factory, monkeypatch):
    """Keep a developer's own saves, tables and cache out of the tests."""
    saves = tmp_path_factory.mktemp("saves")
    monkeypatch.setenv("SOLO_SAVES", str(saves))
    monkeypatch.delenv("SOLO_TABLES", raising=False)
    monkeypatch.setenv("SOLO_USER_TABLES", str(tmp_path_factory.mktemp("user-tables")))
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path_factory.mktemp("config") / "settings.toml"))
    # parsed tables kept between runs: one cache for the whole session, never the developer's own
    monkeypatch.setenv("SOLO_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))
    return saves


@pytest.fixture
def saves_dir(_isolated_env) -> Path:
    return _isolated_env


@dataclass
class CliResult:
    code: int
    out: str
    err: str

    @property
    def json(self):
        return json.loads(self.out)


def run_cli(*args: str) -> CliResult:
    """Run `solo ARGS` in this process (fast); output captured."""
    from solo.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return CliResult(code, out.getvalue(), err.getvalue())


def run_solo(*args: str, env: dict | None = None, cwd: Path | None = None,
             timeout: float = 60) -> CliResult:
    """Run `python -m solo ARGS` in a fresh process, as a user would."""
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = str(REPO) + os.pathsep + full_env.get("PYTHONPATH", "")
    if env:
        full_env.update(env)
    proc = subprocess.run(
        [sys.executable, "-m", "solo", *map(str, args)],
        capture_output=True, text=True, env=full_env, cwd=cwd or REPO, timeout=timeout,
    )
    return CliResult(proc.returncode, proc.stdout, proc.stderr)


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def solo_process():
    return run_solo
