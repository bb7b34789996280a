"""Systems that keep their numbers in data tables: the plumbing each would otherwise write again.

A system whose NPCs and house rules live in `tables/systems/<id>/`
subclasses `TabledSystem` instead of `System`, names its NPC table
(`npc_table`, rows with an ``id``) and turns one row into an actor
(`npc_from_record`; naming `npc_class`, a `schema.Saved` class, makes
each row's fields its fields).  It gets `data`, `house_rules` (the one-row
``<id>/house-rules`` table), `npc_names` and `npc`, `own`: an actor checked
to be of a class, else an error naming it, and `mine`: `own` for the
system's `actor_class`, in the words of `actor_noun`.  Naming `move_list`
gives `moves()`; naming `npc_rules` (the NPC policy, a function of the
actor, the encounter and the dice) gives `npc_policy`, which checks that
the encounter is the system's own and the actor one of its characters.  `per_pack` keeps one
object per pack the system reads (a Resistance setting pack).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any, ClassVar, TypeVar

from solo.dice import Rng
from solo.rules import schema
from solo.rules.data import SystemData, find
from solo.rules.engine import Action, Actor, Encounter, RulesError, System
from solo.rules.moves import SystemMove

T = TypeVar("T")


class TabledSystem(System):
    #: the table of named NPCs ("nine-powers/npcs")
    npc_table: ClassVar[str] = ""
    #: how errors name the system in a few words ("Nine Powers", "Resistance")
    short_name: ClassVar[str] = ""
    #: the class an NPC table row becomes by default (`npc_from_record`)
    npc_class: ClassVar[type[schema.Saved] | None] = None
    #: the class of the system's own characters and how an error names one ("a Nine Powers character")
    actor_class: ClassVar[type[Actor]] = Actor  # type: ignore[type-abstract]
    actor_noun: ClassVar[str] = "a character of this system"

    #: what `moves()` answers: the system's moves between fights
    move_list: ClassVar[tuple[SystemMove, ...]] = ()
    #: the NPC policy `npc_policy` calls: (actor, encounter, rng) -> Action
    npc_rules: ClassVar[Any] = None

    def __init__(self, tables: Any = None):
        self.data = SystemData(self.id, tables)
        self._packs: dict[tuple[str, str], Any] = {}

    @cached_property
    def house_rules(self) -> dict[str, Any]:
        return self.data.settings(f"{self.id}/house-rules")

    def npc_names(self) -> list[str]:
        return list(self.data.keyed(self.npc_table))

    def npc(self, name: str) -> Any:
        npcs = self.data.keyed(self.npc_table)
        key = find(npcs, name.strip().replace(" ", "-"), f"{self.short_name} NPC", known=npcs)
        return self.npc_from_record(npcs[key])

    def npc_from_record(self, record: Mapping[str, Any]) -> Actor:
        """A fresh actor from one row of `npc_table`: by default an `npc_class` of the row's fields."""
        if self.npc_class is None:
            raise NotImplementedError
        where = f"{self.npc_table} row {record.get('id')!r}"
        return schema.from_record(self.npc_class, record, where, self.npc_class.version)  # type: ignore[no-any-return]

    def per_pack(self, kind: str, make: Callable[[str], T], key: str | None = None, default: str = "") -> T:
        """The one `kind` of object `make` builds for a pack (`key`, else the house rules' ``setting``,
        else `default`), built on first use and kept."""
        name = key or str(self.house_rules.get("setting", default))
        if (kind, name) not in self._packs:
            self._packs[kind, name] = make(name)
        return self._packs[kind, name]  # type: ignore[no-any-return]

    @classmethod
    def moves(cls) -> tuple[SystemMove, ...]:
        return cls.move_list

    def npc_policy(self, actor: Any, encounter: Encounter, rng: Rng) -> Action:
        rules = type(self).npc_rules
        if rules is None:
            raise NotImplementedError
        if not isinstance(encounter, self.encounter_class):
            raise RulesError(f"that encounter is not a {self.short_name} {self.encounter_class.NOUN}")
        return rules(self.mine(actor), encounter, rng)

    def policy_for(self, encounter: Encounter) -> Any:
        """`npc_rules` itself once the encounter is the system's own and everyone in it who acts is one
        of its characters (what `npc_policy` checks on every turn); else `npc_policy`."""
        rules = type(self).npc_rules
        if rules is None or type(self).npc_policy is not TabledSystem.npc_policy \
                or not isinstance(encounter, self.encounter_class) \
                or any(s.acts and not isinstance(s.actor, self.actor_class) for s in encounter.seats):
            return self.npc_policy
        return rules

    def mine(self, actor: Any) -> Any:
        """`actor` if it is the system's own `actor_class`, else a RulesError in `actor_noun`'s words."""
        if isinstance(actor, self.actor_class):  # asked every turn of every forecast fight: no detour
            return actor
        return self.own(actor, self.actor_class, self.actor_noun)

    def own(self, actor: Any, cls: type[Actor], what: str) -> Any:
        """`actor` if it is a `cls`, else a RulesError: "'X' is not a <what>"."""
        if not isinstance(actor, cls):
            raise RulesError(f"{getattr(actor, 'name', actor)!r} is not {what}")
        return actor
