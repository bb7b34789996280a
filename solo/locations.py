"""Where solo finds its data: built-in tables, user tables and saves.

The built-in tables sit at the top of a checkout (`tables/`) and ship inside
the wheel as `solo/_tables`; both layouts are looked for, the wheel's first.
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
TABLES_ENV = "SOLO_TABLES"
USER_TABLES_ENV = "SOLO_USER_TABLES"
SAVES_ENV = "SOLO_SAVES"
CACHE_ENV = "SOLO_CACHE"


def checkout_root() -> Path | None:
    """The repository root when solo runs from a checkout, else None."""
    root = PACKAGE_DIR.parent
    if (root / "pyproject.toml").is_file() and (root / "tables").is_dir():
        return root
    return None


def builtin_tables_dir() -> Path:
    shipped = PACKAGE_DIR / "_tables"
    if shipped.is_dir():
        return shipped
    root = checkout_root()
    if root is not None:
        return root / "tables"
    raise FileNotFoundError(
        f"solo's built-in tables are missing: looked in {shipped} and beside the package"
    )


def user_tables_home() -> Path:
    """The player's own tables directory, read on every start and where `solo import` writes.

    SOLO_USER_TABLES names another place; otherwise it is `tables/` under the
    user data directory (platformdirs), whether or not it exists yet.
    """
    env = os.environ.get(USER_TABLES_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("solo", appauthor=False)) / "tables"


def user_tables_dirs(extra: list[str] | tuple[str, ...] = ()) -> list[Path]:
    """User table directories: those given on the command line, then SOLO_TABLES.

    Later directories override earlier ones by table id, so the command line
    (given last) wins over the environment.
    """
    dirs: list[Path] = []
    env = os.environ.get(TABLES_ENV, "")
    dirs.extend(Path(p) for p in env.split(os.pathsep) if p)
    dirs.extend(Path(p) for p in extra)
    return dirs


def cache_dir() -> Path | None:
    """Where solo keeps what it can make again (parsed tables): SOLO_CACHE, else the user cache
    directory (platformdirs); None when SOLO_CACHE is ``off``."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return None if env.strip().lower() == "off" else Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("solo", appauthor=False))


def saves_dir(explicit: str | os.PathLike | None = None) -> Path:
    """`--saves DIR`, else SOLO_SAVES, else the checkout's saves/, else the user data dir."""
    if explicit:
        return Path(explicit)
    env = os.environ.get(SAVES_ENV)
    if env:
        return Path(env)
    root = checkout_root()
    if root is not None:
        return root / "saves"
    import platformdirs

    return Path(platformdirs.user_data_dir("solo", appauthor=False)) / "saves"
