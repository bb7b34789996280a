"""The player's settings: one small file in the user config directory, kept between runs.

    theme = "gruvbox"          the TUI's colour theme (any Textual theme name)
    side_panel = true          the side panel shown (F2 toggles it)
    default_odds = "balanced"  the odds of a question asked without any
    vault = ""                 the folder a Markdown vault export goes to
    physical_dice = false      roll your own dice: every die is asked for (F4 toggles it)

The file is TOML (`settings.toml` under platformdirs' user config dir, or
wherever SOLO_CONFIG points, which the tests use).  It is written whole and
atomically (`solo.files.write_text`), so a crash leaves the old file or the
new one.  A file that cannot be read, or a value of the wrong kind, never
stops solo: `load` returns the defaults for what is wrong and one problem
line naming the file and the line, which the TUI shows as a notification.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from solo.files import write_text

CONFIG_ENV = "SOLO_CONFIG"


@dataclass
class Settings:
    theme: str = "textual-dark"
    side_panel: bool = True
    default_odds: str = "balanced"
    vault: str = ""
    physical_dice: bool = False


def config_path() -> Path:
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir("solo", appauthor=False)) / "settings.toml"


def _line_of(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.split("=", 1)[0].strip() == key or stripped.strip("[]").split(".")[0].strip() == key:
            return number  # `key = ...`, or a table `[key]` / `[key.sub]`
    return 0


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and a problem to tell the player (None when the file is fine or absent)."""
    path = path or config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), f"{path} cannot be read ({exc}); using the default settings"
    import tomllib  # here, not above: without a settings file the TUI starts without it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return Settings(), f"{path}: {exc}; using the default settings"
    settings = Settings()
    problems = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        wanted = type(getattr(settings, f.name))
        if not isinstance(value, wanted):
            problems.append(f"line {_line_of(text, f.name)}: {f.name} should be"
                            f" {'true or false' if wanted is bool else 'text in quotes'},"
                            f" not {value!r}")
            continue
        if f.name == "default_odds":
            from solo.oracle import OracleError, parse_odds

            try:
                value = parse_odds(value).name
            except OracleError as exc:
                problems.append(f"line {_line_of(text, f.name)}: {exc}")
                continue
        setattr(settings, f.name, value)
    unknown = sorted(set(data) - {f.name for f in fields(Settings)})
    if unknown:
        problems.append(f"line {_line_of(text, unknown[0])}: unknown setting {unknown[0]!r}"
                        f" (known: {', '.join(f.name for f in fields(Settings))})")
    if problems:
        return settings, f"{path}, " + "; ".join(problems) + " — the default is used for it"
    return settings, None


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write every setting (atomically); the folder is made if it is missing."""
    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# solo's settings; written by solo, safe to edit by hand"]
    for key, value in asdict(settings).items():
        text = ("true" if value else "false") if isinstance(value, bool) else json.dumps(value)
        lines.append(f"{key} = {text}")
    return write_text(path, "\n".join(lines) + "\n")
