"""One campaign's state as plain dataclasses that turn into JSON and back.

The state is split in two on purpose:

* the *story so far* — `journal`, `actions` (the action log) and `undo` — only
  ever grows at the end (undo cuts it back), so it is never copied whole;
* everything else (`state_dict()`): the RNG, characters, threads, notables,
  clocks, countdown marks, chaos factor, clues, scene and `extra`.  It is
  small, so an undo step keeps a full copy of it.

The campaign's identity (name, slug, starting seed, creation time) sits
outside both: undo never renames a campaign.

Readings chosen where the brief leaves room:

* Clues are one campaign-wide count: in a solo game the player holds them for
  the party, and an oracle with no rule system chosen has no PC to hang them
  on.  Set up well and leverage are per character, as the Nine Powers text
  ties them to one PC's preparation.
* The chaos factor runs 1-9 and starts at 5 (Mythic's convention);
  `adjust_chaos` stops at the ends instead of failing, as the end-of-scene
  adjustment does in play.
* Clocks have 4, 6 or 8 segments.
* Scene 0 is "before the first scene": notes written before any scene is
  started belong to it.
* `extra` holds state for modules that need more than the fields here, one
  key per module (`campaign.module_state("oracle")`), JSON-ready values only;
  each module registers checks for its keys (`extra.py`), run on loading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solo.campaign.extra import check_extra
from solo.campaign.fields import StateError, describe, items, need, optional_text, within
from solo.campaign.journal import ActionRecord, JournalEntry, UndoStep, utc_now
from solo.campaign.slugs import slugify
from solo.dice import Rng
from solo.errors import SoloError

CHAOS_MIN, CHAOS_MAX, CHAOS_DEFAULT = 1, 9, 5
CLOCK_SEGMENTS = (4, 6, 8)
ROLES = ("pc", "npc")


class LookupFailed(SoloError):
    """A character, thread or clock named by the player is not in the campaign."""


@dataclass
class Character:
    """A PC or NPC.  `sheet` is the rule system's own data (`actor.to_dict()`)."""

    id: int
    name: str
    role: str = "pc"
    sheet: dict[str, Any] = field(default_factory=dict)
    set_up_well: bool = False
    leverage: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "role": self.role, "sheet": self.sheet,
                "set_up_well": self.set_up_well, "leverage": self.leverage}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Character:
        role = need(data, "role", str, where)
        if role not in ROLES:
            raise StateError(f"{where}.role: expected 'pc' or 'npc', found {role!r}")
        return cls(need(data, "id", int, where), need(data, "name", str, where), role,
                   need(data, "sheet", dict, where, default={}),
                   need(data, "set_up_well", bool, where, default=False),
                   need(data, "leverage", bool, where, default=False))


@dataclass
class Thread:
    """An open story goal; closed threads stay listed, struck through in exports."""

    id: int
    text: str
    open: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "open": self.open}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Thread:
        return cls(need(data, "id", int, where), need(data, "text", str, where),
                   need(data, "open", bool, where, default=True))


@dataclass
class Notable:
    """A person, place or thing worth remembering, without a rules sheet."""

    name: str
    kind: str = "person"
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "note": self.note}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Notable:
        return cls(need(data, "name", str, where), need(data, "kind", str, where, default="person"),
                   need(data, "note", str, where, default=""))


@dataclass
class Clock:
    name: str
    segments: int = 4
    filled: int = 0

    def __post_init__(self) -> None:
        if self.segments not in CLOCK_SEGMENTS:
            raise StateError(f"clock {self.name!r}: a clock has 4, 6 or 8 segments, not {self.segments}")
        if not 0 <= self.filled <= self.segments:
            raise StateError(f"clock {self.name!r}: {self.filled} filled of {self.segments} segments")

    @property
    def full(self) -> bool:
        return self.filled >= self.segments

    def advance(self, by: int = 1) -> bool:
        """Fill `by` segments (a negative number empties them); True when it is now full."""
        self.filled = max(0, min(self.segments, self.filled + by))
        return self.full

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "segments": self.segments, "filled": self.filled}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Clock:
        segments = need(data, "segments", int, where)
        if segments not in CLOCK_SEGMENTS:
            raise StateError(f"{where}.segments: a clock has 4, 6 or 8 segments, not {segments}")
        filled = within(need(data, "filled", int, where, default=0), 0, segments, f"{where}.filled")
        return cls(need(data, "name", str, where), segments, filled)


@dataclass
class Scene:
    number: int = 0
    open: bool = False
    expectation: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "open": self.open, "expectation": self.expectation}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Scene:
        number = within(need(data, "number", int, where), 0, 10**9, f"{where}.number")
        return cls(number, need(data, "open", bool, where, default=False),
                   need(data, "expectation", str, where, default=""))


def _find(things: list, key: str | int, what: str, label: Any) -> Any:
    """By id (a number) or by name, ignoring case; the error lists what there is.

    A key that fits more than one (two characters of one name in a save
    made before names had to differ, or a name that is another's id) is
    an error listing them, never a silent first pick.
    """
    wanted = str(key).strip()

    def named(thing: Any) -> str:
        return f"{getattr(thing, 'id', '')} {label(thing)}".strip()

    found = [t for t in things
             if str(getattr(t, "id", "")) == wanted or label(t).casefold() == wanted.casefold()]
    if len(found) == 1:
        return found[0]
    if found:
        raise LookupFailed(f"{key!r} could be any of these {what}s: {', '.join(map(named, found))};"
                           " name one by its id")
    known = ", ".join(map(named, things)) or "none yet"
    raise LookupFailed(f"no {what} {key!r} in this campaign (there are: {known})")


@dataclass
class Campaign:
    name: str
    slug: str
    seed: int
    rng: Rng = field(compare=False, repr=False)
    created: str = ""
    # Settings the campaign started with, besides its seed: replay starts from them.
    origin: dict[str, Any] = field(default_factory=dict)
    system: str | None = None
    chaos: int = CHAOS_DEFAULT
    scene: Scene = field(default_factory=Scene)
    characters: list[Character] = field(default_factory=list)
    threads: list[Thread] = field(default_factory=list)
    notables: list[Notable] = field(default_factory=list)
    clocks: list[Clock] = field(default_factory=list)
    countdown: int = 0
    clues: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    journal: list[JournalEntry] = field(default_factory=list, repr=False)
    actions: list[ActionRecord] = field(default_factory=list, repr=False)
    undo: list[UndoStep] = field(default_factory=list, repr=False)
    # What undo took back, newest last, for redo (`actions.redo`); a new action empties it.
    # Written in the snapshot (`document.py`) and kept up to date by the log's records.
    redo: list[dict[str, Any]] = field(default_factory=list, repr=False)

    @classmethod
    def new(cls, name: str, *, system: str | None = None, seed: int | None = None,
            created: str | None = None, rng: Rng | None = None) -> Campaign:
        """A fresh campaign.  The same name, system, seed and time always give the same start."""
        rng = rng if rng is not None else Rng(seed)
        return cls(name=name, slug=slugify(name), seed=rng.seed, rng=rng,
                   created=created or utc_now(), origin={"system": system}, system=system)

    # -- the part an undo step copies ---------------------------------------
    def state_dict(self) -> dict[str, Any]:
        """Everything but identity, journal, action log and undo steps (shares nested dicts)."""
        return {
            "system": self.system,
            "chaos": self.chaos,
            "scene": self.scene.to_dict(),
            "characters": [c.to_dict() for c in self.characters],
            "threads": [t.to_dict() for t in self.threads],
            "notables": [n.to_dict() for n in self.notables],
            "clocks": [c.to_dict() for c in self.clocks],
            "countdown": self.countdown,
            "clues": self.clues,
            "extra": self.extra,
            "rng": self.rng.get_state(),
        }

    def load_state(self, data: Any, where: str = "campaign") -> None:
        """Replace the state part with `data` (as `state_dict()` gives), checking every value."""
        chaos = within(need(data, "chaos", int, where), CHAOS_MIN, CHAOS_MAX, f"{where}.chaos")
        scene = Scene.from_dict(need(data, "scene", dict, where), f"{where}.scene")
        characters = [Character.from_dict(d, w) for w, d in items(data, "characters", where)]
        threads = [Thread.from_dict(d, w) for w, d in items(data, "threads", where)]
        notables = [Notable.from_dict(d, w) for w, d in items(data, "notables", where)]
        clocks = [Clock.from_dict(d, w) for w, d in items(data, "clocks", where)]
        countdown = within(need(data, "countdown", int, where, 0), 0, 10**6, f"{where}.countdown")
        clues = within(need(data, "clues", int, where, 0), 0, 10**6, f"{where}.clues")
        extra = need(data, "extra", dict, where, default={})
        check_extra(extra, f"{where}.extra")
        rng_state = need(data, "rng", dict, where)
        try:
            rng = Rng.from_state(rng_state)
        except SoloError as exc:
            raise StateError(f"{where}.rng: {exc}") from None
        for label, things in (("characters", characters), ("threads", threads)):
            ids = [t.id for t in things]
            if len(set(ids)) != len(ids):
                raise StateError(f"{where}.{label}: two entries share an id")
        self.system = optional_text(data, "system", where)
        self.chaos, self.scene, self.countdown, self.clues = chaos, scene, countdown, clues
        self.characters, self.threads, self.notables, self.clocks = characters, threads, notables, clocks
        self.extra = extra
        self.rng.set_state(rng.get_state())

    # -- characters -----------------------------------------------------------
    @property
    def pcs(self) -> list[Character]:
        return [c for c in self.characters if c.role == "pc"]

    @property
    def npcs(self) -> list[Character]:
        return [c for c in self.characters if c.role == "npc"]

    def add_character(self, sheet: dict[str, Any], *, name: str | None = None,
                      role: str = "pc") -> Character:
        """Add a PC or NPC from a rules sheet (`actor.to_dict()`); the name defaults to the sheet's."""
        if role not in ROLES:
            raise SoloError(f"a character's role is 'pc' or 'npc', not {role!r}")
        name = (name or str(sheet.get("name") or "")).strip()
        if not name:
            raise SoloError("a character needs a name (none given and the sheet has none)")
        taken = next((c for c in self.characters if c.name.casefold() == name.casefold()), None)
        if taken is not None:
            raise SoloError(f"there is already a character called {taken.name!r} in this campaign"
                            f" ({taken.role.upper()}, id {taken.id}): give the new one another name")
        character = Character(_next_id(self.characters), name, role, dict(sheet))
        self.characters.append(character)
        return character

    def free_name(self, name: str) -> str:
        """`name`, or `name 2`, `name 3`... when a character already has it (for names nobody chose)."""
        taken = {c.name.casefold() for c in self.characters}
        candidate, n = name.strip(), 1
        while candidate.casefold() in taken:
            n += 1
            candidate = f"{name.strip()} {n}"
        return candidate

    def character(self, key: str | int) -> Character:
        return _find(self.characters, key, "character", lambda c: c.name)

    # -- threads, notables, clocks ----------------------------------------------
    def add_thread(self, text: str) -> Thread:
        text = text.strip()
        if not text:
            raise SoloError("a thread needs some text: what is the story goal?")
        thread = Thread(_next_id(self.threads), text)
        self.threads.append(thread)
        return thread

    def thread(self, key: str | int) -> Thread:
        return _find(self.threads, key, "thread", lambda t: t.text)

    @property
    def open_threads(self) -> list[Thread]:
        return [t for t in self.threads if t.open]

    def add_notable(self, name: str, kind: str = "person", note: str = "") -> Notable:
        if not name.strip():
            raise SoloError("a notable person or thing needs a name")
        notable = Notable(name.strip(), kind.strip() or "person", note.strip())
        self.notables.append(notable)
        return notable

    def add_clock(self, name: str, segments: int = 4) -> Clock:
        name = name.strip()
        if not name:
            raise SoloError("a clock needs a name")
        if any(c.name.casefold() == name.casefold() for c in self.clocks):
            raise SoloError(f"there is already a clock named {name!r}")
        clock = Clock(name, segments)
        self.clocks.append(clock)
        return clock

    def clock(self, name: str) -> Clock:
        return _find(self.clocks, name, "clock", lambda c: c.name)

    # -- chaos and scenes -------------------------------------------------------
    def set_chaos(self, value: int) -> int:
        if not CHAOS_MIN <= value <= CHAOS_MAX:
            raise SoloError(f"the chaos factor runs {CHAOS_MIN}-{CHAOS_MAX}, not {value}")
        self.chaos = value
        return value

    def adjust_chaos(self, delta: int) -> int:
        """Move the chaos factor, stopping at 1 and 9."""
        self.chaos = max(CHAOS_MIN, min(CHAOS_MAX, self.chaos + delta))
        return self.chaos

    def start_scene(self, expectation: str = "") -> Scene:
        """Begin the next scene (closing the current one, if open)."""
        self.scene = Scene(self.scene.number + 1, True, expectation.strip())
        return self.scene

    def end_scene(self) -> Scene:
        if not self.scene.open:
            raise SoloError("no scene is open to end")
        self.scene.open = False
        return self.scene

    def module_state(self, key: str) -> dict[str, Any]:
        """The `extra` mapping a module keeps its own state in, created on first use."""
        state = self.extra.setdefault(key, {})
        if not isinstance(state, dict):  # loading checks this; a campaign built by hand may not
            raise StateError(f"extra.{key}: expected a mapping, found {describe(state)}")
        return state


def _next_id(things: list) -> int:
    return max((t.id for t in things), default=0) + 1
