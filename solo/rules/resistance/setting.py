"""A Resistance setting pack, read from `tables/systems/resistance/`.

The Toolbox is a designer's kit: each game chooses its own resistances,
skills, domains, knacks, refresh conditions, abilities, bond levels and
fallout.  A setting pack is those choices as tables under
`resistance/<setting>/...`; solo ships Fantastical Crusades and a player can
add another pack (or replace this one) with their own table files.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from solo.rules import schema
from solo.rules.data import KeyedTable, SystemData, find
from solo.rules.engine import APPROACHES, HARM_KINDS, RulesError


class Setting:
    def __init__(self, data: SystemData, setting_id: str):
        self.data = data
        self.id = setting_id
        self.prefix = f"resistance/{setting_id}"
        if not data.has(f"{self.prefix}/resistances"):
            raise RulesError(
                f"no Resistance setting pack called {setting_id!r}"
                f" (its table {self.prefix}/resistances is missing)"
            )
        self._resistance_ids: dict[str, str] = {}

    resistances = KeyedTable("resistances")
    skills = KeyedTable("skills")
    domains = KeyedTable("domains")
    knacks = KeyedTable("knacks")
    refresh = KeyedTable("refresh")
    abilities = KeyedTable("abilities")
    bond_levels = KeyedTable("bond-levels")
    bonds = KeyedTable("bonds")
    roles = KeyedTable("roles")

    # -- lookups ------------------------------------------------------------------
    def resistance_id(self, text: str) -> str:
        """The resistance a word names (found once per word: every stress in a fight asks)."""
        known = self._resistance_ids.get(text) if type(text) is str else None
        if known is None:
            known = find(self.resistances, text, "resistance", f" in {self.id}")
            if type(text) is str:
                self._resistance_ids[text] = known
        return known

    def name(self, resistance: str) -> str:
        return str(self.resistances[resistance]["text"])

    def physical(self, resistance: str) -> bool:
        return bool(self.resistances[resistance].get("physical", False))

    @cached_property
    def physical_resistance(self) -> str:
        for rid, record in self.resistances.items():
            if record.get("physical"):
                return rid
        return next(iter(self.resistances))

    def for_harm(self, kind: str) -> str:
        """The resistance that takes neutral harm of this kind (body / mind / resources)."""
        if kind not in HARM_KINDS:
            raise RulesError(f"harm kind must be one of {', '.join(HARM_KINDS)}, not {kind!r}")
        for rid, record in self.resistances.items():
            if record.get("harm") == kind:
                return rid
        if kind == "body":
            return self.physical_resistance
        raise RulesError(f"the {self.id} setting names no resistance for {kind} harm")

    def skill_id(self, text: str) -> str:
        return find(self.skills, text, "skill", f" in {self.id}")

    def domain_id(self, text: str) -> str:
        return find(self.domains, text, "domain", f" in {self.id}")

    @cached_property
    def approach_map(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {a: [] for a in APPROACHES}
        for sid, record in self.skills.items():
            for approach in record.get("approaches", []):
                if approach not in out:
                    raise RulesError(f"{self.prefix}/skills: {sid} names an unknown approach {approach!r}")
                out[approach].append(sid)
        return {a: tuple(s) for a, s in out.items() if s}

    def combat_skill(self, ranged: bool) -> str | None:
        """The skill that adds a die to attacks: the first skill serving finesse (ranged) or force."""
        options = self.approach_map.get("finesse" if ranged else "force", ())
        return options[0] if options else None

    def check(self, where: str, pc: Any) -> None:
        """Every resistance, skill, domain, knack, refresh condition and ability a sheet names is
        this pack's; else a RulesError naming the field and the word (`schema.known`)."""
        for key in ("stress", "slots", "slot_stress"):
            schema.known(where, pc, key, self.resistances, "resistance", self.id)
        for key, what in (("skills", "skills"), ("domains", "domains"), ("knacks", "knacks"),
                          ("refresh", "refresh conditions"), ("abilities", "abilities")):
            schema.known(where, pc, key, getattr(self, key), what, self.id)

    def fallout_table(self, resistance: str, severity: str) -> str:
        return f"{self.prefix}/fallout/{resistance}/{severity}"

    def bond_rank(self, level: str) -> int:
        record = self.bond_levels.get(str(level).strip().lower())
        if record is None:
            raise RulesError(f"no bond level called {level!r}; the levels are {', '.join(self.bond_levels)}")
        return int(record.get("rank", 1))
