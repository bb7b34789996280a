"""The action-dice DnD-alike (seed 002, RULES.md §3) behind the neutral vocabulary.

A neutral check is a saving throw: one d6 against the character's current
fatigue, natural 6 always passing (a strong success), natural 1 always
failing [SR].  Easy / medium / hard take 0 / 2 / 4 off the roll (the house
rules' `difficulty_penalty`), approaches that are skills (wits, lore, craft,
stealth) add the Int bonus, since the text gives Int to every skill roll,
and the Lucky power rolls with advantage.  A skill's progress roll is this
same save (see `progress` and the `task` move).

Neutral harm [SR, house rules]: body harm deals wounds (each a hidden d6 of
damage; moderate harm also a fatigue), mind harm forces fatigue (past the
maximum each point is a wound), resources harm costs coins.  Recovery takes
wounds away (one at random each, its d6 with it [SR 3.7.11]), sheds fatigue
down to the armour's permanent floor, or finds coins.

Every reading of an open point is named in `tables/systems/action-dice/house-rules.yaml`.
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from fractions import Fraction
from functools import cached_property
from typing import Any

from solo.dice import Rng
from solo.rules.action_dice import build
from solo.rules.action_dice.character import Delver, actor_from_dict
from solo.rules.action_dice.dice import (
    attack_chance,
    chance,
    edge,
    finishing_chance,
    passes,
    roll_d6,
    save_chance,
    stat_bonus_odds,
)
from solo.rules.action_dice.moves import MOVES
from solo.rules.action_dice.policy import policy
from solo.rules.action_dice.skirmish import Skirmish
from solo.rules.engine import (
    Action,
    CheckResult,
    Creation,
    Encounter,
    Event,
    Odds,
    OddsChart,
    RulesError,
    choose,
    full_degrees,
    neutral_kind,
    neutral_size,
)
from solo.rules.moves import SystemMove
from solo.rules.options import Option
from solo.rules.tabled import TabledSystem

DIFFS = ("easy", "medium", "hard")


class ActionDice(TabledSystem):
    id = "action-dice"
    name = "Action Dice"
    difficulty_names = DIFFS
    approach_map = {
        "force": ("str",),
        "finesse": ("dex",),
        "wits": ("int",),
        "presence": ("cha",),
        "lore": ("int",),
        "stealth": ("dex",),
        "survival": ("con",),
        "craft": ("int",),
    }
    odds_parameters = (
        "save",
        "fatigue",
        "spell_level",
        "advantage",
        "disadvantage",
        "attack",
        "ac",
        "str",
        "finishing",
        "wounds",
        "health",
        "stat_bonus",
    )
    check_options = (
        Option("advantage", "flag", "roll two dice and keep the higher (cancels disadvantage)"),
        Option("disadvantage", "flag", "roll two dice and keep the lower (cancels advantage)"),
    )
    odds_options = (
        Option("save", "flag", "a saving throw: d6 against current fatigue"),
        Option("fatigue", "int", "the fatigue a save must reach", minimum=0, maximum=30),
        Option("spell_level", "int", "a casting save's penalty: the spell's level", minimum=0, maximum=10),
        Option("advantage", "flag", "two dice, keep the higher (Lucky)"),
        Option("disadvantage", "flag", "two dice, keep the lower"),
        Option("attack", "flag", "an attack: die + Str bonus against armour class"),
        Option("ac", "int", "the target's armour class", minimum=0, maximum=20),
        Option("str", "int", "the attacker's Str bonus, -2 to +2", minimum=-2, maximum=2),
        Option("finishing", "flag", "a finishing blow on a lesser character: wounds d6 against health"),
        Option("wounds", "int", "wounds the target has", minimum=0, maximum=20),
        Option("health", "int", "the target's health", minimum=1, maximum=40),
        Option(
            "stat_bonus", "int", "the chance a 3d6 stat gives this bonus, -2 to +2", minimum=-2, maximum=2
        ),
    )
    encounter_class = Skirmish
    npc_table = "action-dice/npcs"
    short_name = "action-dice"

    @cached_property
    def book(self) -> build.Data:
        return build.Data.read(self.data)

    # -- characters -----------------------------------------------------------------------------------
    def random_character(
        self,
        rng: Rng,
        *,
        name: str | None = None,
        role: str | None = None,
        npc: bool = False,
        label: str | None = None,
    ) -> Delver:
        pc = build.random_pc(
            self.book, rng, name=name, role=role, npc=npc, fallback_name=self.data.name(rng, "Delver")
        )
        if label:
            pc.notes = label
        return pc

    def roles(self) -> list[str]:
        return list(build.ROLE_POWERS)

    def creation(self, *, name: str | None = None) -> Creation:
        return build.creation(self.book, Rng(), name)

    def actor_from_dict(self, data: Mapping[str, Any]) -> Delver:
        actor = actor_from_dict(data)
        where = f"action-dice {'character' if actor.is_pc else 'NPC'} {actor.name!r}"
        book = self.book
        for key, known in (
            ("powers", book.powers),
            ("spells", book.spells),
            ("menhirs", book.schools),
            ("bag", book.schools),
            ("pool", book.schools),
            ("discard", book.schools),
            ("lost", book.schools),
        ):
            for i, word in enumerate(getattr(actor, key)):
                if word not in known:
                    raise RulesError(f"{where}: {key}[{i}] {word!r} is not one of {', '.join(known)}")
        if actor.armour not in book.armour:
            raise RulesError(f"{where}: armour {actor.armour!r} is not one of {', '.join(book.armour)}")
        for skill in actor.skills:
            if skill not in book.skills:
                raise RulesError(f"{where}: skills.{skill} is not one of {', '.join(book.skills)}")
        return actor

    def npc_from_record(self, record: Mapping[str, Any]) -> Delver:
        return build.npc_from_record(self.book, dict(record))

    def _actor(self, actor: Any) -> Delver:
        return self.own(actor, Delver, "an action-dice character")  # type: ignore[no-any-return]

    def living(self, actor: Any) -> Delver:
        """The character, if a finishing blow has not killed it."""
        a = self._actor(actor)
        if a.dead:
            raise RulesError(f"{a.name} is dead; the living must carry on without them")
        return a

    def wound_text(self, actor: Delver) -> str:
        if actor.dead:
            return "dead"
        if not actor.wounds:
            return "unhurt"
        return f"wounded x{actor.wounds}" + ("" if actor.lesser else " (damage hidden)")

    def stat_block(self, actor: Any) -> str:
        a = self._actor(actor)
        what = a.role or "character"
        kind = ("lesser " if a.lesser else "") + ("NPC" if not a.is_pc else "PC")
        lines = [
            f"{a.name} - Action Dice {kind}: {what}, level {a.level}"
            if a.powers or a.is_pc
            else f"{a.name} - Action Dice {kind}: {what}"
        ]
        stats = [f"{k.capitalize()} {v} ({a.bonus(k):+d})" for k, v in a.stats.items()]
        lines += ["  ".join(stats[:3]), "  ".join(stats[3:])]  # short lines: a side panel is narrow
        lines.append(
            f"Health {a.health}  AC {a.ac} ({self.book.armour[a.armour]['text']})  {self.wound_text(a)}"
        )
        lines.append(f"Fatigue {a.fatigue}/{a.max_fatigue} (permanent {a.permanent})")
        dice = " ".join(f"{n}{k}" for k, n in a.dice.items() if n)
        kit = f" ({', '.join(a.equipment)})" if a.equipment else ""
        lines.append(f"Action dice: {dice or 'none'}{kit}")
        if a.weapon:
            lines.append(f"Weapon: {a.weapon}")
        if a.powers:
            lines.append("Powers: " + ", ".join(self.book.powers[p]["text"] for p in a.powers))
        if a.sorcerer:
            lines.append(f"Menhirs: {', '.join(a.menhirs)}")
            lines.append(
                f"Stones: bag {len(a.bag)}, pool {len(a.pool)}, discard {len(a.discard)}, lost {len(a.lost)}"
            )
            lines.append("Spells: " + ", ".join(self.book.spells[s]["text"] for s in a.spells))
        if a.skills:
            ranks = ("unskilled", "skilled", "expert")
            lines.append(
                "Skills: "
                + ", ".join(f"{self.book.skills[k]['text']} ({ranks[r]})" for k, r in a.skills.items())
            )
        if a.is_pc:
            lines.append(f"Money {a.money} (spent on levels: {a.spent})")
        for task in a.tasks:
            lines.append(f"Task: {task['name']} - progress {task['progress']}, tried {task['attempts']}x")
        if a.gear:
            lines.append("Carrying: " + ", ".join(a.gear))
        if a.notes:
            lines.append(f"Notes: {a.notes}")
        return "\n".join(lines)

    def resources(self, actor: Any) -> str:
        a = self._actor(actor)
        line = f"AC {a.ac} · fatigue {a.fatigue}/{a.max_fatigue} · {self.wound_text(a)}"
        if a.sorcerer:
            line += f" · stones {len(a.pool)} ready, {len(a.bag)} in the bag"
        return line

    # -- checks ---------------------------------------------------------------------------------------
    def difficulty(self, value: Any) -> str:
        return choose(value, DIFFS, "difficulty")

    def _setup(
        self, actor: Delver, approach: str | None, difficulty: Any, advantage: bool, disadvantage: bool
    ) -> tuple[int, int, int]:
        diff = self.difficulty(difficulty)
        penalty = int(self.house_rules["difficulty_penalty"][diff])
        skills = self.house_rules.get("skill_approaches") or []
        bonus = actor.bonus("int") if approach and str(approach).lower() in skills else 0
        if approach is not None:
            self.approach_skills(approach)
        e = edge(bool(advantage) or actor.has("lucky"), bool(disadvantage))
        return bonus - penalty, e, penalty

    def check_odds(
        self,
        actor: Any,
        approach: str | None,
        difficulty: Any,
        *,
        advantage: bool = False,
        disadvantage: bool = False,
        **_: Any,
    ) -> Odds:
        a = self._actor(actor)
        modifier, e, penalty = self._setup(a, approach, difficulty, advantage, disadvantage)
        p = chance(modifier, a.fatigue, e)
        six = Fraction(11, 36) if e > 0 else Fraction(1, 36) if e < 0 else Fraction(1, 6)
        return Odds(
            self.id,
            full_degrees({"fail": 1 - p, "success": p - six, "strong": six}),
            {"fatigue": a.fatigue, "modifier": modifier, "edge": e},
        )

    def check(
        self,
        actor: Any,
        approach: str | None,
        difficulty: Any,
        rng: Rng,
        *,
        advantage: bool = False,
        disadvantage: bool = False,
        **_: Any,
    ) -> CheckResult:
        a = self._actor(actor)
        modifier, e, penalty = self._setup(a, approach, difficulty, advantage, disadvantage)
        face, faces = roll_d6(rng, e)
        ok = passes(face, modifier, a.fatigue)
        degree = "strong" if face == 6 else "success" if ok else "fail"
        shown = str(face) if len(faces) == 1 else f"{faces} keeps {face}"
        text = (
            f"{a.name}: saving throw ({approach or 'plain'}, {self.difficulty(difficulty)})"
            f" {shown}{modifier:+d} vs fatigue {a.fatigue} - {degree}"
        )
        detail = {"face": face, "faces": faces, "modifier": modifier, "fatigue": a.fatigue, "edge": e}
        return CheckResult(
            self.id,
            a.name,
            approach,
            "save",
            self.difficulty(difficulty),
            degree,
            detail,
            text,
            [Event("check", text, a.name, dict(detail, degree=degree))],
        )

    def with_edge(
        self, difficulty: Any, options: Mapping[str, Any], edge_: int
    ) -> tuple[Any, dict[str, Any]]:
        """A small bonus is advantage, a small penalty disadvantage (they cancel)."""
        out = dict(options)
        if edge_ > 0:
            out["advantage"] = True
        elif edge_ < 0:
            out["disadvantage"] = True
        return difficulty, out

    def odds_for(
        self,
        *,
        save: bool = False,
        fatigue: int | None = None,
        spell_level: int = 0,
        advantage: bool = False,
        disadvantage: bool = False,
        attack: bool = False,
        ac: int | None = None,
        str: int = 0,
        finishing: bool = False,
        wounds: int | None = None,  # noqa: A002
        health: int | None = None,
        stat_bonus: int | None = None,
        **unknown: Any,
    ) -> Odds:
        if unknown:
            raise RulesError(
                f"action-dice odds take {', '.join(self.odds_parameters)}; not {', '.join(sorted(unknown))}"
            )
        e = edge(advantage, disadvantage)
        if sum((bool(save), bool(attack), bool(finishing), stat_bonus is not None)) != 1:
            raise RulesError(
                "say which odds: --save --fatigue N, --attack --ac N, --finishing --wounds N"
                " --health N, or --stat-bonus N"
            )
        if stat_bonus is not None:
            table = stat_bonus_odds()
            p = table[stat_bonus]
            detail: dict[builtins.str, Any] = {
                "what": "stat",
                "bonus": stat_bonus,
                "bands": {
                    f"bonus {b:+d}": {"probability": float(q), "exact": f"{q}"} for b, q in table.items()
                },
            }
        elif save:
            if fatigue is None:
                raise RulesError("a save needs --fatigue N")
            p = save_chance(fatigue, spell_level, e)
            detail = {"what": "save", "fatigue": fatigue, "penalty": spell_level, "edge": e}
        elif attack:
            if ac is None:
                raise RulesError("an attack needs --ac N")
            p = attack_chance(ac, str, e)
            detail = {"what": "attack", "ac": ac, "str": str, "edge": e}
        else:
            if wounds is None or health is None:
                raise RulesError("a finishing blow needs --wounds N and --health N")
            p = finishing_chance(wounds, health)
            detail = {"what": "finishing", "wounds": wounds, "health": health}
        return Odds(self.id, full_degrees({"success": p, "fail": 1 - p}), detail)

    def odds_headline(self, odds: Odds) -> str:
        d = odds.detail
        how = {1: " with advantage", -1: " with disadvantage"}.get(d.get("edge", 0), "")
        if d.get("what") == "save":
            less = f" at -{d['penalty']}" if d.get("penalty") else ""
            head = f"saving throw against fatigue {d['fatigue']}{less}{how}"
        elif d.get("what") == "attack":
            head = f"attack {d['str']:+d} against AC {d['ac']}{how}"
        elif d.get("what") == "stat":
            head = f"a 3d6 stat with bonus {d['bonus']:+d}"
        else:
            head = f"finishing blow: {d['wounds']} wound(s) rolled against health {d['health']}"
        return f"{self.name}: {head}: success {odds.success} ({float(odds.success):.2%})"

    def odds_chart(self) -> OddsChart:
        """Saves by fatigue (plain and Lucky) and attacks by AC (Str +0 and +1), 0 to 6."""
        rows = []
        for n in range(7):
            cells = [
                self.odds_for(save=True, fatigue=n),
                self.odds_for(save=True, fatigue=n, advantage=True),
                self.odds_for(attack=True, ac=n),
                self.odds_for(attack=True, ac=n, str=1),
            ]
            rows.append((n, "", cells))
        return OddsChart(
            self.id,
            f"{self.name}: a d6 against fatigue (saves) or armour class (attacks);"
            " a natural 6 always succeeds, a natural 1 always fails",
            "value",
            "check",
            ["save", "save lucky", "attack +0", "attack +1"],
            rows,
        )

    # -- harm and recovery ----------------------------------------------------------------------------
    def add_wounds(self, actor: Delver, count: int, rng: Rng) -> None:
        actor.wounds += count
        if not actor.lesser:
            actor.hidden_damage.extend(rng.die(6) for _ in range(count))

    def remove_wound(self, actor: Delver, rng: Rng) -> bool:
        if not actor.wounds:
            return False
        actor.wounds -= 1
        if actor.hidden_damage:
            actor.hidden_damage.pop(rng.die(len(actor.hidden_damage)) - 1)
        return True

    def harm(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        a = self._actor(actor)
        kind, size = neutral_kind(kind), neutral_size(size)
        rng = self.need_rng(rng, "hidden damage")
        if a.dead:
            return [Event("dead", f"{a.name} is dead; nothing more can befall them.", a.name)]
        if kind == "body":
            wounds, fatigue = self.house_rules["harm_body"][size]
            self.add_wounds(a, int(wounds), rng)
            text = f"{a.name} takes {wounds} wound{'s' if wounds > 1 else ''}: {self.wound_text(a)}."
            events = [Event("wound", text, a.name, {"wounds": a.wounds, "hidden": not a.lesser})]
            if fatigue:
                events += self.force_fatigue(a, int(fatigue), rng)
            return events
        if kind == "mind":
            return self.force_fatigue(a, int(self.house_rules["harm_mind"][size]), rng)
        coins = min(a.money, int(self.house_rules["harm_coins"][size]))
        a.money -= coins
        return [Event("coins", f"{a.name} loses {coins} coins ({a.money} left).", a.name, {"coins": -coins})]

    def force_fatigue(self, a: Delver, amount: int, rng: Rng) -> list[Event]:
        over = max(0, a.fatigue + amount - max(a.fatigue, a.max_fatigue))
        a.fatigue += amount
        events = [Event("fatigue", f"{a.name} gains {amount} fatigue: {a.fatigue}/{a.max_fatigue}.", a.name)]
        if over:
            self.add_wounds(a, over, rng)
            events.append(
                Event(
                    "wound",
                    f"{a.name} is pushed past the limit: {self.wound_text(a)}.",
                    a.name,
                    {"wounds": a.wounds, "hidden": not a.lesser},
                )
            )
        return events

    def recover(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        a = self._actor(actor)
        kind, size = neutral_kind(kind), neutral_size(size)
        rng = self.need_rng(rng, "which wound heals")
        if a.dead:
            return [Event("dead", f"{a.name} is dead and stays so.", a.name)]
        if kind == "body":
            count = {"minor": 1, "moderate": 1, "major": 2}[size]
            healed = sum(self.remove_wound(a, rng) for _ in range(count))
            return [Event("recover", f"{a.name} heals {healed} wound(s): {self.wound_text(a)}.", a.name)]
        if kind == "mind":
            shed = min(a.fatigue - a.permanent, {"minor": 1, "moderate": 2, "major": 3}[size])
            a.fatigue -= shed
            return [Event("recover", f"{a.name} sheds {shed} fatigue: {a.fatigue}/{a.max_fatigue}.", a.name)]
        coins = int(self.house_rules["harm_coins"][size])
        a.money += coins
        return [Event("recover", f"{a.name} comes by {coins} coins ({a.money}).", a.name)]

    @classmethod
    def moves(cls) -> tuple[SystemMove, ...]:
        return MOVES

    # -- encounters -----------------------------------------------------------------------------------
    def npc_policy(self, actor: Any, encounter: Encounter, rng: Rng) -> Action:
        if not isinstance(encounter, Skirmish):
            raise RulesError("that encounter is not an action-dice fight")
        return policy(actor, encounter)
