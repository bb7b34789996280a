"""Running `solo.cli.main` on arbitrary arguments and judging the outcome, for the fuzz test and benchmark.

`World` is a scratch directory with campaigns (one per rule system, one with
none), a user table and a working directory; `run_case` runs one command in
it, in this process, with:

* a time limit (SIGALRM): a case that runs past it is a hang;
* an audit hook watching every file opened for writing, renamed, removed,
  created or re-permissioned: a path outside the world is reported (Python's
  own bytecode caches and /dev excepted);
* stdin empty, stdout and stderr captured, the environment and the working
  directory pointed at the world and put back afterwards.

`problems` names what is wrong with an outcome: an exit status other than 0,
1 or 2 (70 is the CLI's "bug" status), a traceback, a failure without a
`solo: ...` line at the end of stderr, a hang, a write outside the world.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

COMMANDS = [
    "roll", "odds", "table list", "table show", "table roll", "table check", "hooks", "npc", "foundation",
    "new", "list", "show", "note", "undo", "export", "delete --yes", "restore", "rename", "system",
    "replay", "ask", "clue", "journey", "countdown", "clock", "scene", "meaning", "stall", "event",
    "thread", "notable", "momentum", "character new", "character show", "character npc", "check",
    "encounter", "forecast", "play",
]
OPTIONS = [
    "--campaign", "--seed", "--json", "-n", "--times", "--count", "--format", "-o", "--output", "--system",
    "--last", "--odds", "--chaos", "--character", "--set-up-well", "--leverage", "--spend-clue", "--town",
    "--wild", "--result", "--resolve", "--approach", "--segments", "--advance", "--remove", "--muse",
    "--kind", "--note", "--pc", "--foe", "--skill", "--difficulty", "--act", "--end", "--auto",
    "--update", "--max-rounds", "--runs", "--shape", "--list-shapes", "--from", "--at-least", "--rating",
    "--yes", "--", "-",
]
VALUES = [
    "Road", "road", "Ash Vale", "Plain", "Nobody", "Mira", "Kell", "Giant Lizard", "goblin", "nine-powers",
    "resistance", "none", "d6", "2d6+1", "3d6kh2", "d66", "d100", "4dF", "1d0", "d", "++", "999d999",
    "oracle/meaning/action", "fuzz/weather", "story/hooks", "md", "json", "txt", "out.md", "out.json",
    "sub/out.md", "/dev/null", ".", "..", "likely", "unlikely", "50/50", "up", "down", "same", "start",
    "end", "add", "close", "gain", "spend", "roll", "mark", "wits", "body", "minor", "major", "hard",
    "medium", "attack", "retreat", "momentum", "clue", "0", "1", "2", "-1", "7", "40", "1000001",
    "99999999999999999999999", "1e3", "nan", "", " ", "\t", "[bold]x[/bold]", "\x1b]0;t\x07",
    "\x1b[2J", "a" * 300, "é" * 130, "🐉" * 70, "CON", "road.json", "../escape", "../..",
]


NAMES = ["Road", "road", "Ash Vale", "Plain", "Nobody"]
SYSTEMS = ["nine-powers", "resistance", "none", "fate"]


@dataclass
class Slot:
    option: str | None          # None for a positional
    takes_value: bool
    choices: list[str]
    dest: str


_SHAPES: dict[str, list[Slot]] = {}


def shape_of(command: str) -> list[Slot]:
    """The positionals and options `command` declares, read from solo's own parser."""
    if not _SHAPES:
        import argparse

        from solo.cli import build_parser

        def walk(parser: argparse.ArgumentParser, prefix: str) -> None:
            slots = []
            for action in parser._actions:
                if isinstance(action, argparse._SubParsersAction):
                    for name, sub in action.choices.items():
                        walk(sub, f"{prefix} {name}".strip())
                    continue
                if set(action.option_strings) & {"-h", "--help", "--tables", "--saves", "--version"}:
                    continue
                choices = [str(c) for c in action.choices] if action.choices else []
                slots.append(Slot(action.option_strings[-1] if action.option_strings else None,
                                  action.nargs != 0, choices, action.dest))
            _SHAPES[prefix] = slots

        walk(build_parser(), "")
    return _SHAPES.get(command.replace(" --yes", ""), [])


def shaped(command: str, numbers: list[int], values: list[str]) -> list[str]:
    """A command line for `command` that its parser accepts (mostly): each positional filled, then
    some of its options; `numbers` choose (a choice, a campaign, an option), `values` fill the rest."""
    numbers, values = list(numbers) or [0], list(values) or [""]
    count = {"n": 0, "v": 0}

    def number() -> int:
        count["n"] += 1
        return numbers[(count["n"] - 1) % len(numbers)]

    def value(slot: Slot) -> str:
        if slot.choices:
            return slot.choices[number() % len(slot.choices)]
        pick = number()
        if slot.dest in ("name", "campaign") and pick % 3:
            return NAMES[pick % len(NAMES)]
        if slot.dest == "system" and pick % 3:
            return SYSTEMS[pick % len(SYSTEMS)]
        count["v"] += 1
        return values[(count["v"] - 1) % len(values)]

    slots = shape_of(command)
    argv = command.split()
    argv += [value(s) for s in slots if s.option is None]
    options = [s for s in slots if s.option is not None]
    for _ in range(number() % 4 if options else 0):
        slot = options[number() % len(options)]
        argv += [slot.option, value(slot)] if slot.takes_value else [slot.option]
    return argv


class Hang(Exception):
    """Raised by the alarm when a case runs past its time limit."""


@dataclass
class Outcome:
    argv: list[str]
    code: int | None
    out: str
    err: str
    hung: bool = False
    escaped: str | None = None       # an exception that left main()
    outside: list[str] = field(default_factory=list)


_WATCH: dict[str, object] = {"root": None, "seen": None}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _audit(event: str, args: tuple) -> None:
    root, seen = _WATCH["root"], _WATCH["seen"]
    if root is None or seen is None:
        return
    paths: list = []
    if event == "open":
        path, mode, flags = args
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            mode is None and isinstance(flags, int) and flags & _WRITE_FLAGS)
        if writing:
            paths = [path]
    elif event in ("os.rename", "os.link", "os.symlink"):
        paths = [args[0], args[1]] if event == "os.rename" else [args[1]]
    elif event in ("os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.truncate", "os.utime",
                   "shutil.rmtree", "shutil.move", "shutil.copyfile"):
        paths = [args[0]] if event != "shutil.copyfile" else [args[1]]
    for path in paths:
        if isinstance(path, int) or path is None:
            continue
        text = os.fsdecode(path) if isinstance(path, bytes | os.PathLike) else str(path)
        full = os.path.abspath(text)
        if full.startswith("/dev/") or "__pycache__" in full:
            continue
        if not (full == root or full.startswith(root + os.sep)):
            seen.append(f"{event} {full}")


_installed = False


def _install_audit() -> None:
    global _installed
    if not _installed:
        sys.addaudithook(_audit)
        _installed = True


class World:
    """A scratch tree: `saves/` with three campaigns, `tables/` with a user table, `cwd/`."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.template = self.root / "template"
        self.live = self.root / "live"
        if not self.template.exists():
            self._build(self.template)

    @staticmethod
    def _build(where: Path) -> None:
        from solo.campaign import CampaignStore

        (where / "tables").mkdir(parents=True)
        (where / "cwd" / "sub").mkdir(parents=True)
        (where / "tables" / "fuzz.yaml").write_text(
            "id: fuzz/weather\ntitle: Weather\ndice: d4\nrows: [rain, wind, fog, sun]\n")
        store = CampaignStore(where / "saves")
        road = store.create("Road", system="nine-powers", seed=1)
        road.perform("rules.character_random", name="Mira")
        road.perform("rules.npc_add", npc="goblin", name="Kell")
        road.perform("note", text="We set out.")
        road.perform("oracle.thread_add", text="Find the well")
        ash = store.create("Ash Vale", system="resistance", seed=2)
        ash.perform("rules.character_random", name="Mira")
        store.create("Plain", seed=3).perform("note", text="Just notes here.")

    def reset(self) -> Path:
        if self.live.exists():
            shutil.rmtree(self.live)
        shutil.copytree(self.template, self.live, symlinks=True)
        return self.live


def run_case(world: World, argv: list[str], limit: float = 120.0) -> Outcome:
    """Run `solo ARGV` in a fresh copy of `world`; see the module docstring."""
    from solo.cli import main

    _install_audit()
    live = world.reset()
    saved_env = {k: os.environ.get(k) for k in ("SOLO_SAVES", "SOLO_TABLES", "SOLO_CACHE", "HOME")}
    saved_cwd, saved_stdin = os.getcwd(), sys.stdin
    os.environ.update(SOLO_SAVES=str(live / "saves"), SOLO_TABLES=str(live / "tables"),
                      SOLO_CACHE=str(live / "cache"), HOME=str(live / "cwd"))
    os.chdir(live / "cwd")
    sys.stdin = io.StringIO("")
    out, err = io.StringIO(), io.StringIO()
    outcome = Outcome(list(argv), None, "", "")
    seen: list[str] = []
    state = {"hung": False}

    def alarm(signum, frame):
        state["hung"] = True
        raise Hang(f"no answer in {limit} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    _WATCH.update(root=str(world.root), seen=seen)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            outcome.code = main(list(argv))
    except BaseException as exc:  # noqa: B036 - anything leaving main() is a finding
        outcome.escaped = f"{type(exc).__name__}: {exc}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _WATCH.update(root=None, seen=None)
        sys.stdin = saved_stdin
        os.chdir(saved_cwd)
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    outcome.out, outcome.err = out.getvalue(), err.getvalue()
    outcome.hung, outcome.outside = state["hung"], seen
    return outcome


def problems(outcome: Outcome) -> list[str]:
    """What is wrong with `outcome` (empty when it is one of solo's own answers)."""
    found = []
    if outcome.hung:
        found.append("hang")
    if outcome.escaped:
        found.append(f"escaped main(): {outcome.escaped}")
    if outcome.code not in (0, 1, 2):
        found.append(f"exit status {outcome.code}")
    if "Traceback" in outcome.err or "internal error" in outcome.err:
        found.append("traceback")
    lines = outcome.err.strip().splitlines()
    if outcome.code not in (0, None) and lines and not lines[-1].startswith("solo: "):
        found.append(f"stderr ends with {lines[-1][:80]!r}")
    if outcome.outside:
        found.append(f"touched outside its directories: {outcome.outside[:3]}")
    return found
