"""Systems that keep their numbers in data tables: the plumbing each would otherwise write again.

A system whose NPCs and house rules live in `tables/systems/<id>/`
subclasses `TabledSystem` instead of `System`, names its NPC table
(`npc_table`, rows with an ``id``) and turns one row into an actor
(`npc_from_record`).  It gets `data`, `house_rules` (the one-row
``<id>/house-rules`` table), `npc_names` and `npc`, and `own`: an actor
checked to be of the system's own class, else an error naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

from solo.rules.data import SystemData
from solo.rules.engine import Actor, RulesError, System


class TabledSystem(System):
    #: the table of named NPCs ("nine-powers/npcs")
    npc_table: ClassVar[str] = ""
    #: how errors name the system in a few words ("Nine Powers", "Resistance")
    short_name: ClassVar[str] = ""

    def __init__(self, tables: Any = None):
        self.data = SystemData(self.id, tables)

    @cached_property
    def house_rules(self) -> dict[str, Any]:
        return self.data.settings(f"{self.id}/house-rules")

    def npc_names(self) -> list[str]:
        return list(self.data.keyed(self.npc_table))

    def npc(self, name: str) -> Any:
        npcs = self.data.keyed(self.npc_table)
        key = name.strip().lower().replace(" ", "-")
        if key not in npcs:
            raise RulesError(f"no {self.short_name} NPC called {name!r}; known: {', '.join(npcs)}")
        return self.npc_from_record(npcs[key])

    def npc_from_record(self, record: Mapping[str, Any]) -> Actor:
        """A fresh actor from one row of `npc_table`."""
        raise NotImplementedError

    def own(self, actor: Any, cls: type[Actor], what: str) -> Any:
        """`actor` if it is a `cls`, else a RulesError: "'X' is not a <what>"."""
        if not isinstance(actor, cls):
            raise RulesError(f"{getattr(actor, 'name', actor)!r} is not {what}")
        return actor
