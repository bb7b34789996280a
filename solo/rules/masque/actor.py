"""A Masque actor: one Build, a current build below it, Chops, items; a monster also its stat Cast.

Role actors (players and NPC role actors such as Vlad) have a role (Lancer,
Curate, Bravo, Magnus) and choose their cast each bit within their current
build.  Monsters have `monster` (their data id) and a fixed `cast`.  An actor
at current build `baseline` or lower is out of action (1 unless an NPC's
``/n`` says more).  Hits only count inside a set-to, so they live on the seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from solo.rules import schema
from solo.rules.engine import Actor, RulesError

VERSION = 1
SYSTEM_ID = "masque"
ROLE_DICE = {"lancer": 12, "curate": 10, "bravo": 8, "magnus": 6}
ROLE_BUILD = {"lancer": 12, "curate": 10, "bravo": 8, "magnus": 6}


def _role(raw: Any, where: str) -> str:
    if raw != "" and raw not in ROLE_DICE:
        raise RulesError(f"{where}: role must be one of {', '.join(ROLE_DICE)} (or empty for a monster),"
                         f" not {raw!r}")
    return str(raw)


@dataclass(slots=True, eq=True)
class MasqueActor(Actor):
    system_id: ClassVar[str] = SYSTEM_ID

    name: str
    kind: str = field(default="pc", metadata={"choices": ("pc", "npc")})
    chops: int = 0
    build: int = field(default=8, metadata={"min": 1})
    current: int = field(default=8, metadata={"min": 1})
    baseline: int = field(default=1, metadata={"min": 1})
    role: str = field(default="", metadata={"parse": _role})
    monster: str = ""
    cast: str = ""  # a monster's stat Cast; role actors choose theirs
    items: list[str] = field(default_factory=list)  # readied: these work
    unreadied: list[str] = field(default_factory=list)  # carried, not readied (readied downstage in a bit)

    def to_dict(self) -> dict[str, Any]:
        return schema.plain(self, VERSION)

    def copy(self) -> MasqueActor:
        return schema.copy(self)  # type: ignore[no-any-return]

    @property
    def is_monster(self) -> bool:
        return not self.role

    @property
    def role_die(self) -> int:
        return ROLE_DICE.get(self.role, 0)

    @property
    def out_of_action(self) -> bool:
        return self.current <= self.baseline

    def unfit(self) -> str | None:
        if self.out_of_action:
            return f"current build {self.current} (out of action at {self.baseline})"
        return None


def actor_from_dict(data: Mapping[str, Any]) -> MasqueActor:
    name = schema.name_of(data, "Masque")
    where = f"Masque character {name!r}"
    actor = MasqueActor(name, **schema.load(MasqueActor, data, where, VERSION))
    if actor.current > actor.build:
        raise RulesError(f"{where}: current must be at most build {actor.build}, not {actor.current}")
    if actor.baseline >= actor.build:
        raise RulesError(f"{where}: baseline must be below build {actor.build}, not {actor.baseline}")
    if actor.is_monster and not actor.monster:
        raise RulesError(f"{where}: a character needs a role ({', '.join(ROLE_DICE)}) or a monster id")
    if actor.is_monster and not actor.cast:
        raise RulesError(f"{where}: a monster needs its cast (dice such as 2d6-d4)")
    return actor
