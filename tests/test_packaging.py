"""Installable as a wheel with the tables inside; the core never imports Textual."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import REPO


def test_core_never_imports_textual():
    code = (
        "import pkgutil, importlib, sys, solo\n"
        "for m in pkgutil.walk_packages(solo.__path__, 'solo.'):\n"
        "    if m.name.startswith('solo.tui') or m.name == 'solo.__main__':\n"
        "        continue\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n == 'textual' or n.startswith('textual.'))\n"
        "print('LOADED', bad)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=REPO, check=True).stdout
    assert out.strip() == "LOADED []"


def test_tables_are_found_in_a_checkout():
    from solo.locations import builtin_tables_dir

    assert builtin_tables_dir() == REPO / "tables"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    pytest.importorskip("hatchling")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(REPO)],
        check=True, capture_output=True, timeout=300,
    )
    (wheel_path,) = out.glob("solo_rpg-*.whl")
    return wheel_path


def test_wheel_ships_the_tables(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "solo/_tables/starter/weather.yaml" in names
    assert "solo/_tables/README.md" in names
    assert "solo/cli.py" in names


def test_installed_wheel_finds_its_tables(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (
        "import solo.locations as l, solo.tables as t\n"
        "print(l.builtin_tables_dir())\n"
        "ts = t.load_tables(use_env=False)\n"
        "print(len(ts.problems), 'weather/day' in ts)\n"
    )
    # Run from an empty directory so nothing from the checkout can be picked up.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=tmp_path, check=True).stdout.splitlines()
    assert Path(out[0]) == site / "solo" / "_tables"
    assert out[1] == "0 True"


def test_metadata_names_its_authors_and_no_address_that_does_not_exist():
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert [a["name"] for a in project["authors"]] == ["the solo maintainers"]
    assert "the solo maintainers" in (REPO / "LICENSE").read_text()
    # There is no public repository or homepage yet; the README says where solo lives instead.
    assert "urls" not in project
    readme = (REPO / "README.md").read_text()
    assert f"its distribution name is `{project['name']}`" in readme
    assert "no public repository address" in readme
