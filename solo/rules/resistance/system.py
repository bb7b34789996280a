"""The Resistance Toolbox behind the neutral vocabulary.

A neutral check rolls the d10 pool: +1 die when the character has a skill
serving the approach (the setting's skills table says which), +1 for a
relevant domain or mastery when the caller says so (or names one the
character has), +1 per helper.  Neutral difficulty easy / medium / hard is
the Toolbox's 0 / 1 / 2.  Degrees: 1 and 2-5 fail, 6-7 is a cost, 8-9
success, 10 strong.  When the caller gives `stress=` (and `resistance=`),
a failure or cost marks it (double on a 1, one size less on a 6-7 if the
roll was only to avoid harm) and rolls for fallout.

Helpers: `assist=N` counts helpers the engine does not track, and
`assistants=[...]` names characters who help, each adding a die if it has
a skill (or the named domain) serving the roll.  The text says helpers take
stress "the same way" as the roller; we read it [SR, RULES.md §4.8 item
10] as each named helper suffering the same stress result: the amount the
roller marks, on the same resistance, through the helper's own armour and
slots, with the helper's own fallout check.

Neutral harm marks d3 / d6 / d8 stress (minor / moderate / major: the
Toolbox's slum / stronghold / military-base scale) on the resistance the
setting names for body, mind or resources, then rolls for fallout; neutral
recovery is acting to recover that resistance with the same die.  NPCs
take neutral harm on their single Resistance and never roll for fallout.

The Toolbox has no heroism, so a Nine Powers-style clue of "renewed hope"
([SR], house rule ``hope``) clears 1 stress from the resistance the
setting names for mind harm (SOUL in Fantastical Crusades).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.dice import Rng, percent
from solo.rules.engine import (
    CheckResult,
    Creation,
    Event,
    Odds,
    OddsChart,
    RulesError,
    choose,
    full_degrees,
    neutral_kind,
    neutral_size,
)
from solo.rules.groups import group_roll
from solo.rules.options import Option, given
from solo.rules.resistance import build
from solo.rules.resistance.character import ResistanceNPC, ResistancePC, actor_from_dict
from solo.rules.resistance.conflict import Conflict, policy
from solo.rules.resistance.dice import (
    BANDS,
    COST,
    CRIT_FAIL,
    MAX_ASSISTANTS,
    SIZE_DIE,
    band_odds,
    dice_after,
    difficulty,
    pool_size,
    roll_pool,
    roll_stress,
    step,
    stress_from,
)
from solo.rules.resistance.dice import degree_odds as pool_degree_odds
from solo.rules.resistance.moves import MOVES
from solo.rules.resistance.setting import Setting
from solo.rules.resistance.stress import StressRules
from solo.rules.tabled import TabledSystem
from solo.rules.words import headline, listed

DEFAULT_SETTING = "fantastical-crusades"
ASSIST = Option("assist", "int", f"helpers, 0-{MAX_ASSISTANTS} (+1 die each)", minimum=0,
                maximum=MAX_ASSISTANTS, default=0)
FAVOUR_DIE = {"1": "1", "d3": "d3", "d6": "d6", "d8": "d8", "minor": "d3", "moderate": "d6", "major": "d8"}


class Resistance(TabledSystem):
    id = "resistance"
    name = "The Resistance Toolbox"
    short_name = "Resistance"
    npc_table = build.NPCS
    npc_class = ResistanceNPC
    actor_class = ResistancePC
    actor_noun = ("a Resistance player character (NPCs never act on their own; they act through the"
                  " characters' rolls)")
    difficulty_names = ("0", "1", "2")
    check_options = (
        Option("skill", "text", "the system's own skill instead of an approach"),
        Option("domain", "text", "a domain that serves (+1 die if the PC has it)"),
        Option("mastery", "flag", "mastery from any source (+1 die, once)"),
        Option("knack", "text", "one of the PC's knacks (mastery)"),
        ASSIST,
        Option("bond", "flag", "a bond helps (mastery)"),
        Option("stress", "text", "the stress at stake (1, d3, d6, d8), taken on a failure or a success at a"
               " cost"),
        Option("resistance", "text", "the resistance the stress goes to (default: the physical one)"),
        Option("defensive", "flag", "the roll only avoids harm: a success at a cost takes partial stress"),
        Option("assistants", "list", "a character who helps (repeatable): +1 die if they have a skill or the"
               " domain serving the roll, and they share any stress", cli="assistant"),
    )
    odds_options = (
        Option("skill", "flag", "the character has a skill that serves (+1 die)"),
        Option("domain", "flag", "a domain that serves (+1 die)"),
        Option("mastery", "flag", "mastery (+1 die)"),
        ASSIST,
        Option("difficulty", "text", "0-2 (or easy, medium, hard): dice taken away", default=0),
    )
    encounter_class = Conflict
    npc_rules = staticmethod(policy)
    move_list = MOVES

    @property
    def downgrade_at_zero(self) -> bool:
        return bool(self.house_rules.get("downgrade_at_zero", False))

    def setting_for(self, setting_id: str | None = None) -> Setting:
        return self.per_pack("setting", lambda key: Setting(self.data, key), setting_id, DEFAULT_SETTING)

    def stress_rules_for(self, setting_id: str | None = None) -> StressRules:
        def make(key: str) -> StressRules:
            return StressRules(self.setting_for(key), self.data, self.house_rules)
        return self.per_pack("stress", make, setting_id, DEFAULT_SETTING)

    def rules(self, actor: Any) -> StressRules:
        """The stress rules of a character's own setting pack (a RulesError if it is no Resistance PC)."""
        return self.stress_rules_for(self.mine(actor).setting)

    @property
    def setting(self) -> Setting:
        return self.setting_for()

    @property
    def approach_map(self) -> dict[str, tuple[str, ...]]:  # type: ignore[override]
        return self.setting.approach_map

    # -- characters ------------------------------------------------------------------------
    @property
    def slots_total(self) -> int:
        return int(self.house_rules.get("starting_slots", 3))

    def random_character(self, rng: Rng, *, name: str | None = None, role: str | None = None,
                         npc: bool = False, label: str | None = None) -> ResistancePC:
        """An NPC made this way keeps a whole sheet (an ally who can help or stand in a fight beside
        the PCs); foes are the Toolbox's own NPC stat blocks (`npc`)."""
        pc = build.random_pc(self.setting, self.data, rng, self.slots_total, name=name, role=role)
        if label:
            pc.role = label
        pc.npc = npc
        return pc

    def creation(self, *, name: str | None = None) -> Creation:
        return build.creation(self.setting, self.data, self.slots_total, name)

    def roles(self) -> list[str]:
        return sorted(self.setting.roles)

    def actor_from_dict(self, data: Mapping[str, Any]) -> ResistancePC | ResistanceNPC:
        """A sheet, checked against its setting pack: every skill, domain, knack... must be the pack's."""
        actor = actor_from_dict(data)
        if isinstance(actor, ResistancePC):
            self.setting_for(actor.setting).check(f"Resistance character {actor.name!r}", actor)
        return actor

    def stat_block(self, actor: Any) -> str:
        if isinstance(actor, ResistanceNPC):
            return self._npc_block(actor)
        pc = self.mine(actor)
        s = self.setting_for(pc.setting)
        lines = [headline(pc, "Resistance", pc.role, s.id.replace("-", " ").title())]
        parts = []
        for rid in s.resistances:
            text = f"{s.name(rid)} {pc.stress.get(rid, 0)}"
            if pc.slots.get(rid):
                text += f" (+{pc.slots[rid]} slots, {pc.slot_stress.get(rid, 0)} used)"
            parts.append(text)
        lines.append("Stress: " + "  ".join(parts) + f"   total {pc.total_stress()}")
        tags = f" ({', '.join(pc.armour_tags)})" if pc.armour_tags else ""
        lines.append(f"Armour: {pc.armour} {pc.armour_value}{tags}, {pc.armour_stress} marked")
        lines.append(
            "Skills: "
            + ", ".join(_named(s.skills, k) for k in pc.skills)
            + "   Domains: "
            + ", ".join(_named(s.domains, k) for k in pc.domains)
        )
        for k in pc.knacks:
            knack = s.knacks.get(k)
            if knack:
                lines.append(
                    f"Knack: {knack['text']} ({_named({**s.skills, **s.domains}, knack.get('base', ''))})"
                )
        for r in pc.refresh:
            lines.append(f"Refresh: {s.refresh[r]['text'] if r in s.refresh else r}")
        for a in pc.abilities:
            lines.append(f"Ability: {s.abilities[a]['text'] if a in s.abilities else a}")
        for w in pc.weapons:
            lines.append(f"Weapon: {_weapon(w)}")
        for b in pc.bonds:
            lines.append(
                f"Bond: {b['name']} ({b.get('level', 'person')}, {b.get('kind', 'npc')})"
                f" stress {b.get('stress', 0)}" + (f" - {b['expertise']}" if b.get("expertise") else "")
            )
        for f in pc.fallout:
            where = f["resistance"]
            where = s.name(where) if where in s.resistances else where
            lines.append(f"Fallout ({f['severity']}, {where}): {f['name']} - {f['text']}")
        lines += [listed("Carrying", pc.equipment), listed("Notes", [pc.notes])]
        return "\n".join(line for line in lines if line)

    def resources(self, actor: Any) -> str:
        if isinstance(actor, ResistanceNPC):
            return f"stress {actor.stress}/{actor.resistance}"
        pc = self.mine(actor)
        s = self.setting_for(pc.setting)
        line = "Stress " + " ".join(f"{s.name(rid)} {pc.stress.get(rid, 0)}" for rid in s.resistances)
        if pc.armour_value:
            line += f" · armour {pc.armour_stress}/{pc.armour_value} marked"
        if pc.fallout:
            line += f" · {len(pc.fallout)} fallout"
        return line

    @staticmethod
    def _npc_block(npc: ResistanceNPC) -> str:
        when = ", ".join(f"{v} when {k}" for k, v in npc.when.items())
        lines = [
            f"{npc.name} - Resistance NPC: difficulty {npc.difficulty}"
            + (f" ({when})" if when else "")
            + f", Resistance {npc.resistance} (stress {npc.stress})"
        ]
        if npc.armour_value:
            tags = f" ({', '.join(npc.armour_tags)})" if npc.armour_tags else ""
            lines.append(f"Armour: {npc.armour or 'armour'} {npc.armour_value}{tags}")
        lines += [f"Weapon: {_weapon(w)}" for w in npc.weapons] + [listed("Notes", [npc.notes])]
        return "\n".join(line for line in lines if line)

    # -- checks ----------------------------------------------------------------------------------
    def difficulty(self, value: Any) -> int:
        return difficulty(value)

    def ability_mastery(self, pc: ResistancePC, approach: str | None) -> bool:
        if not approach:
            return False
        s = self.setting_for(pc.setting)
        return any(approach in (s.abilities.get(a, {}).get("mastery") or []) for a in pc.abilities)

    def _build(self, pc: ResistancePC, approach: str | None, o: Any) -> dict[str, Any]:
        """The pool a check rolls, from the check's options (`given`), with what each die is for."""
        skill, domain, knack, assist = o.skill, o.domain, o.knack, o.assist
        s = self.setting_for(pc.setting)
        skill_name: str | None
        if skill:
            skill_name = s.skill_id(skill)
            has_skill = skill_name in pc.skills
        elif approach:
            options = s.approach_map.get(choose(approach, tuple(self.approach_map), "approach"), ())
            owned = [k for k in options if k in pc.skills]
            has_skill, skill_name = bool(owned), (owned[0] if owned else (options[0] if options else None))
        else:
            raise RulesError("a check needs an approach or a skill")
        has_domain = bool(domain) and s.domain_id(domain) in pc.domains
        sources = []
        if o.mastery:
            sources.append("mastery")
        if knack:
            if knack not in pc.knacks:
                raise RulesError(
                    f"{pc.name} has no knack {knack!r}; knacks: {', '.join(pc.knacks) or 'none'}"
                )
            sources.append(f"knack {knack}")
        if o.bond:
            sources.append("a bond")
        if self.ability_mastery(pc, approach):
            sources.append("an ability")
        helpers = self._helpers(pc, approach, skill_name, domain, o.assistants)
        return {
            "skill": skill_name,
            "has_skill": has_skill,
            "domain": has_domain,
            "mastery": bool(sources),
            "mastery_from": sources,
            "assist": assist + len(helpers),
            "assistants": [h.name for h in helpers],
            "pool": pool_size(has_skill, has_domain, bool(sources), assist + len(helpers)),
        }

    def _helpers(self, pc: ResistancePC, approach: str | None, skill_name: str | None, domain: Any,
                 assistants: Any) -> list[ResistancePC]:
        """Named helpers: each must have a skill or the domain serving the roll (RULES.md §4.3 item 1)."""
        if assistants is None:
            return []
        if isinstance(assistants, str | bytes) or not isinstance(assistants, list | tuple):
            raise RulesError("assistants are a list of characters")
        helpers = [self.mine(a) for a in assistants]
        s = self.setting_for(pc.setting)
        serving = set(s.approach_map.get(str(approach or "").strip().lower(), ()))
        if skill_name:
            serving.add(skill_name)
        wanted_domain = s.domain_id(domain) if isinstance(domain, str) and domain else None
        seen = {id(pc)}
        for helper in helpers:
            if id(helper) in seen:
                raise RulesError(f"{helper.name} cannot help twice, nor help themselves")
            seen.add(id(helper))
            has_domain = wanted_domain is not None and wanted_domain in helper.domains
            if not (serving & set(helper.skills)) and not has_domain:
                raise RulesError(f"{helper.name} has no skill or domain serving this roll, so cannot help")
        return helpers

    def check_odds(self, actor: Any, approach: str | None, difficulty: Any, **options: Any) -> Odds:
        """The stakes (stress, resistance, defensive) change what a roll costs, never its odds."""
        o = given(self.check_options, options, "Resistance checks")
        built = self._build(self.mine(actor), approach, o)
        return self._odds(built["pool"], self.difficulty(difficulty), built)

    def odds_for(self, **parameters: Any) -> Odds:
        o = given(self.odds_options, parameters, "Resistance odds")
        size = pool_size(o.skill, o.domain, o.mastery, o.assist)
        odds = self._odds(size, self.difficulty(o.difficulty), {"pool": size})
        chances = enumerate(band_odds(odds.detail["dice"], odds.detail["downgrades"]))
        odds.detail["bands"] = {BANDS[i]: {"probability": float(p), "exact": str(p)} for i, p in chances}
        return odds

    def _odds(self, size: int, diff: int, detail: dict[str, Any]) -> Odds:
        """Odds of a pool of `size` at difficulty `diff`, with the dice it rolls and the bands it drops."""
        count, drops = dice_after(size, diff, self.downgrade_at_zero)
        return Odds(self.id, full_degrees(pool_degree_odds(count, drops)),
                    {**detail, "difficulty": diff, "dice": count, "downgrades": drops})

    def odds_headline(self, odds: Odds) -> str:
        d = odds.detail
        down = f", {d['downgrades']} band(s) down" if d.get("downgrades") else ""
        return (f"{self.name}: pool {d['pool']} at difficulty {d['difficulty']} rolls {d['dice']}d10{down}:"
                f" success {percent(odds.success, 1)} ({odds.success})")

    def odds_chart(self) -> OddsChart:
        """Pools of 1 to 6 dice at difficulty 0, 1 and 2; success counts a success at a cost."""
        rows = []
        for pool in range(1, 7):
            cells = [self.odds_for(assist=pool - 1, difficulty=diff) for diff in range(3)]
            rows.append((pool, "1 d10" if pool == 1 else f"{pool} d10s", cells))
        return OddsChart(self.id, f"{self.name}: chance of 6 or more (a success, perhaps at a cost)"
                         " by pool and difficulty", "pool", "difficulty", ["0", "1", "2"], rows)

    def check(self, actor: Any, approach: str | None, difficulty: Any, rng: Rng,
              **options: Any) -> CheckResult:
        o = given(self.check_options, options, "Resistance checks")
        stress, resistance, assistants = o.stress, o.resistance, o.assistants
        pc = self.mine(actor)
        s = self.setting_for(pc.setting)
        built = self._build(pc, approach, o)
        diff = self.difficulty(difficulty)
        # What is at stake is checked before the dice, so a mistake there never hides behind a success.
        if stress is not None:
            die = stress_from(stress)
            rid = s.resistance_id(resistance) if resistance else s.physical_resistance
        elif resistance or o.defensive:
            raise RulesError("the resistance and a defensive roll say how stress is taken: name the stress"
                             " at stake too")
        count, drops = dice_after(built["pool"], diff, self.downgrade_at_zero)
        result = roll_pool(count, drops, rng)
        note = f", {drops} band{'s' if drops > 1 else ''} down" if drops else ""
        label = s.skills[built["skill"]]["text"] if built["skill"] in s.skills else (approach or "check")
        text = (
            f"{pc.name}: {label} at difficulty {diff}, pool {built['pool']} {result.dice}{note}"
            f" - {result.band_name}"
        )
        detail = {**built, "difficulty": diff, "dice_rolled": count, **result.to_dict()}
        events = [Event("check", text, pc.name, dict(detail, degree=result.degree))]
        if stress is not None and result.band <= COST:
            if o.defensive and result.band == COST:
                die = step(die, -1)
            amount = roll_stress(die, rng) * (2 if result.band == CRIT_FAIL else 1)
            more, fallouts = self.rules(pc).take(pc, rid, amount, rng, cause=f"the check ({die})")
            events.extend(more)
            detail["stress"] = {"die": die, "amount": amount, "resistance": rid, "fallout": fallouts}
            shared = []
            for helper in assistants or ():  # [SR] each helper suffers the same stress result
                more, fallouts = self.rules(helper).take(helper, rid, amount, rng, cause=f"helping {pc.name}")
                events.extend(more)
                shared.append({"name": helper.name, "amount": amount, "fallout": fallouts})
            if shared:
                detail["stress"]["assistants"] = shared
        return CheckResult(
            self.id, pc.name, approach, str(built["skill"]), str(diff), result.degree, detail, text, events
        )

    def with_edge(self, difficulty: Any, options: Mapping[str, Any], edge: int) -> tuple[Any, dict[str, Any]]:
        """An edge is mastery (one die, never stacking with other mastery); a setback is +1 difficulty.

        The Toolbox's own one-die advantages from circumstance (a good item
        aspect, a bond's help) are sources of mastery, and its circumstantial
        hindrances (a bad aspect, fallout) add a point of difficulty: the
        closest match for a small bonus or penalty.
        """
        out = dict(options)
        if edge > 0:
            out["mastery"] = True
        elif edge < 0:
            difficulty = min(self.difficulty(difficulty) - int(edge), 5)
        return difficulty, out

    def group_check(
        self, actors: list[Any], approach: str | None, difficulty: Any, rng: Rng, **options: Any
    ) -> CheckResult:
        """One leader rolls for the group; if it succeeds, everyone else rolls with mastery.

        The leader is the first member with a skill serving the approach (else the first member).
        """
        serving = self.approach_map.get(approach or "", ())
        _, result, rolls = group_roll(
            self, [self.mine(a) for a in actors], approach, difficulty, rng,
            lambda group: next((pc for pc in group if any(k in pc.skills for k in serving)), group[0]),
            lambda led: {"mastery": True} if led.success else None, **options)
        result.detail["followers"] = [{"name": member.name, "degree": roll.degree} for member, roll in rolls]
        return result

    # -- harm and recovery ---------------------------------------------------------------------------
    def harm(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        kind, size = neutral_kind(kind), neutral_size(size)
        rng = self.need_rng(rng, "stress and fallout")
        die = SIZE_DIE[size]
        amount = roll_stress(die, rng)
        if isinstance(actor, ResistanceNPC):
            actor.stress += amount
            events = [
                Event(
                    "stress",
                    f"{actor.name} takes {amount} stress ({die}): {actor.stress}/{actor.resistance}.",
                    actor.name,
                    {"amount": amount},
                )
            ]
            if actor.at_mercy:
                events.append(Event("defeat", f"{actor.name} is at the characters' mercy.", actor.name))
            return events
        rules = self.rules(actor)
        events, _ = rules.take(actor, rules.setting.for_harm(kind), amount, rng,
                               cause=f"{size} {kind} harm ({die})")
        return events

    def recover(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        kind, size = neutral_kind(kind), neutral_size(size)
        rng = self.need_rng(rng, "recovery")
        if isinstance(actor, ResistanceNPC):
            amount = roll_stress(SIZE_DIE[size], rng)
            removed = min(amount, actor.stress)
            actor.stress -= removed
            return [
                Event(
                    "recover",
                    f"{actor.name} recovers {removed} stress ({actor.stress}/{actor.resistance}).",
                    actor.name,
                )
            ]
        rules = self.rules(actor)
        return rules.act_to_recover(actor, rules.setting.for_harm(kind), size, rng)

    def take_stress(
        self, actor: Any, amount: int, resistance: str, rng: Rng, *, piercing: bool = False
    ) -> list[Event]:
        """Mark a known amount of stress and roll for fallout."""
        rules = self.rules(actor)
        if not isinstance(amount, int) or amount < 0:
            raise RulesError(f"stress must be a whole number of 0 or more, not {amount!r}")
        events, _ = rules.take(actor, resistance, amount, rng, piercing=piercing)
        return events

    def renewed_hope(self, actor: Any) -> list[Event]:
        """1 stress off the resistance that takes mind harm (see the module docstring)."""
        pc = self.mine(actor)
        setting = self.setting_for(pc.setting)
        rid = setting.for_harm(str(self.house_rules.get("hope", "mind")))
        name = setting.name(rid)
        if pc.stress.get(rid, 0) > 0:
            pc.stress[rid] -= 1
            text = f"{pc.name}'s hope returns: 1 {name} stress cleared ({name} now {pc.stress[rid]})."
            return [Event("hope", text, pc.name, {"resistance": rid, "removed": 1})]
        if pc.slot_stress.get(rid, 0) > 0:
            pc.slot_stress[rid] -= 1
            return [Event("hope", f"{pc.name}'s hope returns: 1 {name} stress cleared from its extra slots.",
                          pc.name, {"resistance": rid, "removed": 1})]
        return [Event("hope", f"{pc.name} has no {name} stress to clear.", pc.name,
                      {"resistance": rid, "removed": 0})]

    def lay_low(self, actor: Any) -> list[Event]:
        return self.rules(actor).lay_low(actor)

    def act_to_recover(self, actor: Any, resistance: str, effort: str, rng: Rng) -> list[Event]:
        return self.rules(actor).act_to_recover(actor, resistance, effort, rng)

    def refresh(self, actor: Any, effort: str, rng: Rng) -> list[Event]:
        return self.rules(actor).refresh(actor, effort, rng)

    def end_situation(self, actor: Any) -> list[Event]:
        return self.rules(actor).end_situation(actor)

    # -- bonds ------------------------------------------------------------------------------------------
    def add_bond(
        self, actor: Any, name: str, *, level: str = "person", kind: str = "npc", expertise: str = ""
    ) -> list[Event]:
        pc = self.mine(actor)
        self.setting_for(pc.setting).bond_rank(level)
        pc.bonds.append(build.bond_record(name, kind, level, expertise))
        return [Event("bond", f"{pc.name} gains a bond: {name} ({level}).", pc.name)]

    def call_favour(
        self,
        actor: Any,
        bond: str,
        favour: str,
        rng: Rng,
        *,
        expertise: bool = False,
        home: bool = False,
        against: str | None = None,
    ) -> CheckResult:
        """An NPC bond does something risky for you; stress it takes lands on its own track."""
        pc, rules = actor, self.rules(actor)
        s, b = rules.setting, rules.bond(pc, bond)
        if b.get("kind", "npc") != "npc":
            raise RulesError(f"{b['name']} is a player character; ask them at the table")
        die = FAVOUR_DIE.get(str(favour).strip().lower())
        if die is None:
            raise RulesError(
                f"a favour costs 1, d3, d6 or d8 stress (or minor/moderate/major), not {favour!r}"
            )
        mastery = False
        if against is not None:
            mine, theirs = s.bond_rank(b.get("level", "person")), s.bond_rank(against)
            if theirs > mine:
                raise RulesError(
                    f"{b['name']} ({b.get('level')}) cannot act against a {against}; find someone"
                    " their own size"
                )
            mastery = theirs < mine
        size = 1 + int(expertise) + int(home) + int(mastery)
        result = roll_pool(size, 0, rng)
        text = f"{b['name']} tries the favour: pool {size} {result.dice} - {result.band_name}"
        events = [Event("favour", text, pc.name, result.to_dict())]
        if result.band <= COST:
            amount = roll_stress(die, rng) * (2 if result.band == CRIT_FAIL else 1)
            b["stress"] = int(b.get("stress", 0)) + amount
            b["stressed"] = True
            events.append(
                Event(
                    "stress",
                    f"{b['name']} marks {amount} bond stress ({die}); bond stress now {b['stress']}.",
                    pc.name,
                    {"amount": amount},
                )
            )
        return CheckResult(
            self.id,
            pc.name,
            None,
            "favour",
            "0",
            result.degree,
            {"bond": b["name"], "pool": size, **result.to_dict()},
            text,
            events,
        )

    def return_favour(self, actor: Any, bond: str, effort: str, rng: Rng) -> list[Event]:
        b = self.rules(actor).bond(actor, bond)
        amount = roll_stress(stress_from(effort), rng)
        removed = min(amount, int(b.get("stress", 0)))
        b["stress"] = int(b.get("stress", 0)) - removed
        return [Event("bond", f"{actor.name} does {b['name']} a good turn: {removed} bond stress clears.",
                      actor.name)]

    def end_session(self, actor: Any, rng: Rng) -> list[Event]:
        """Fallout checks for every bond that took stress this session."""
        return self.rules(actor).bond_fallout(actor, rng)


def _named(table: dict[str, dict[str, Any]], key: str) -> str:
    return str(table[key]["text"]) if key in table else key


def _weapon(w: dict[str, Any]) -> str:
    tags = f"; {', '.join(w['tags'])}" if w.get("tags") else ""
    return f"{w['name']} ({w['stress']}{tags})"
