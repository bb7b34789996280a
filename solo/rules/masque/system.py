"""Masque behind the neutral vocabulary.

A neutral check is a saving throw [SR]: the actor casts (a role actor its
first suggested cast at current build, or the dice given as ``cast``; a
monster its stat Cast, naturals added) against a hazard cast rolled plain:
easy d4, medium d8, hard d12 (or the dice given as ``hazard``).  Lower is a
failure, a tie a parley (success at a cost), higher a success, and higher
with a casting that met its average a strong success.

Neutral harm takes current build: minor 1, moderate 2, major 3, never below
the actor's baseline (where it is out of action).  Neutral recovery: minor is
a recovery roll (d20 above current build), moderate +1, major +2 [SR].
Between set-tos a character may roll for recovery, make a reaction roll
about someone, or make a saving throw against a hazard (`moves`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cached_property
from typing import Any

from solo.dice import Rng
from solo.rules.engine import (
    APPROACHES,
    Action,
    CheckResult,
    Creation,
    Encounter,
    Event,
    Odds,
    OddsChart,
    Question,
    RulesError,
    Step,
    StepwiseCreation,
    choose,
    full_degrees,
    neutral_kind,
    neutral_size,
)
from solo.rules.masque.actor import ROLE_BUILD, ROLE_DICE, MasqueActor, actor_from_dict
from solo.rules.masque.addons import addon_odds
from solo.rules.masque.cast import Cast, parse_cast
from solo.rules.masque.growth import recovery_roll
from solo.rules.masque.items import check_item
from solo.rules.masque.named import role_cast
from solo.rules.masque.odds import cast_odds, strike_odds
from solo.rules.masque.setto import SetTo, suggested_casts
from solo.rules.masque.throw import roll_cast
from solo.rules.moves import SystemMove
from solo.rules.options import Option
from solo.rules.tabled import TabledSystem

HAZARD = {"easy": "d4", "medium": "d8", "hard": "d12"}
HARM = {"minor": 1, "moderate": 2, "major": 3}
NPCS = "masque/npcs"
ROLES = "masque/roles"


class Masque(TabledSystem):
    id = "masque"
    name = "Masque"
    npc_table = NPCS
    short_name = "Masque"
    approach_map = {a: ("build",) for a in APPROACHES}
    difficulty_names = ("easy", "medium", "hard")
    odds_parameters = ("cast", "monster", "vs")
    check_options = (
        Option("cast", "text", "the dice the actor casts (default: its best cast at current build)"),
        Option("hazard", "text", "the hazard's dice (default by difficulty: d4, d8, d12)"),
    )
    odds_options = (
        Option("cast", "text", "a cast such as d8+d1 or 2d6-d4: its chance of meeting its average"),
        Option("monster", "flag", "the cast is a monster's: naturals are rerolled and added, all-1s nullify"),
        Option("vs", "text", "an opposing cast: the chance each side strikes"),
        Option("vs_monster", "flag", "the --vs cast is a monster's"),
        Option("addons", "flag", "the odds of add-on hits when a role actor's hits pair up"),
    )
    encounter_class = SetTo

    @cached_property
    def monsters(self) -> dict[str, dict[str, Any]]:
        return self.data.keyed(NPCS)

    @cached_property
    def item_rows(self) -> dict[str, dict[str, Any]]:
        return self.data.keyed("masque/items")

    # -- characters --------------------------------------------------------------------------
    def roles(self) -> list[str]:
        return list(ROLE_DICE)

    def new_actor(self, name: str, role: str, *, npc: bool = False) -> MasqueActor:
        role = choose(role, tuple(ROLE_DICE), "role")
        build = ROLE_BUILD[role]
        return MasqueActor(name, "npc" if npc else "pc", 0, build, build, 1, role)

    def random_character(self, rng: Rng, *, name: str | None = None, role: str | None = None,
                         npc: bool = False, label: str | None = None) -> MasqueActor:
        role = role or rng.choice(list(ROLE_DICE))
        return self.new_actor(name or self.data.name(rng, "Player"), role, npc=npc)

    def creation(self, *, name: str | None = None) -> Creation:
        roles = self.data.keyed(ROLES)

        def ask_name(_: dict[str, Any]) -> Question:
            return Question("name", "Name?", default=name)

        def ask_role(_: dict[str, Any]) -> Question:
            return Question("role", "Role?", [(k, f"Build {r['build']}, role die d{r['die']}: {r['fx']}")
                                              for k, r in roles.items()], default="bravo")

        def take_role(_: dict[str, Any], reply: str) -> str:
            return choose(reply, tuple(roles), "role")

        steps = [Step("name", ask_name), Step("role", ask_role, take_role)]
        return StepwiseCreation(steps, lambda a: self.new_actor(a["name"], a["role"]))

    def stat_block(self, actor: Any) -> str:
        a = self._actor(actor)
        if a.is_monster:
            record = self.monsters.get(a.monster, {})
            cast = parse_cast(a.cast)
            lines = [f"{a.name} - monster, Build {a.build}, Cast {cast.text} (@{_num(cast.average)})"]
            if record.get("special"):
                lines.append(f"Special: {record['special']}")
            return "\n".join(lines)
        base = f" /{a.baseline}" if a.baseline > 1 else ""
        lines = [f"{a.name} - {a.role.title()}, Build {a.build}{base}, current build {a.current},"
                 f" Chops {a.chops}",
                 f"Role die d{a.role_die}; casts at current build: {', '.join(suggested_casts(a))}"]
        if a.items or a.unreadied:
            lines.append("Items: " + (", ".join(a.items) or "none readied")
                         + (f"; not readied: {', '.join(a.unreadied)}" if a.unreadied else ""))
        return "\n".join(lines)

    def resources(self, actor: Any) -> str:
        a = self._actor(actor)
        if a.is_monster:
            return f"Build {a.build}, Cast {a.cast}"
        return f"build {a.current}/{a.build}, Chops {a.chops}"

    def actor_from_dict(self, data: Mapping[str, Any]) -> MasqueActor:
        actor = actor_from_dict(data)
        if actor.is_monster and actor.monster not in self.monsters:
            raise RulesError(f"Masque character {actor.name!r}: monster {actor.monster!r} is not one of"
                             f" {', '.join(self.monsters)}")
        if actor.cast:
            parse_cast(actor.cast)
        named = {k for k, r in self.item_rows.items()
                 if r.get("play") != "gap" and k not in ("weapon", "armour")}
        for i, item in enumerate(actor.items):
            check_item(item, named, f"Masque character {actor.name!r}: items[{i}]")
        for i, item in enumerate(actor.unreadied):
            check_item(item, named, f"Masque character {actor.name!r}: unreadied[{i}]")
        return actor

    def npc(self, name: str) -> MasqueActor:
        key = str(name).strip().lower().replace(" ", "-").replace("'", "")  # Fell G'root: fell-groot
        if key not in self.monsters:
            raise RulesError(f"no Masque monster called {name!r}; known: {', '.join(self.monsters)}")
        return self.npc_from_record(self.monsters[key])  # type: ignore[no-any-return]

    def npc_from_record(self, record: Mapping[str, Any]) -> MasqueActor:
        key = str(record["id"])
        if record.get("role"):
            actor = self.new_actor(record["text"], record["role"], npc=True)
            actor.monster = key  # a role actor still, whose own abilities are keyed by its id
            actor.build = actor.current = int(record["build"])
            actor.baseline = int(record.get("baseline", 1))
            return actor
        build = int(record["build"])
        return MasqueActor(record["text"], "npc", 0, build, build, 1, "", key, record["cast"])

    @staticmethod
    def _actor(actor: Any) -> MasqueActor:
        if not isinstance(actor, MasqueActor):
            raise RulesError(f"{getattr(actor, 'name', actor)!r} is not a Masque character")
        return actor

    # -- checks ----------------------------------------------------------------------------------
    def difficulty(self, difficulty: Any) -> str:
        return choose(difficulty, self.difficulty_names, "difficulty")

    def _check_casts(self, actor: MasqueActor, difficulty: Any, options: Mapping[str, Any]
                     ) -> tuple[Cast, bool, Cast]:
        if actor.is_monster:
            mine, monster = parse_cast(actor.cast), True
        else:
            text = options.get("cast") or suggested_casts(actor)[0]
            mine, monster = role_cast(actor, str(text)), False
        hazard = parse_cast(str(options.get("hazard") or HAZARD[self.difficulty(difficulty)]))
        return mine, monster, hazard

    def check_odds(self, actor: Any, approach: str | None, difficulty: Any, **options: Any) -> Odds:
        a = self._actor(actor)
        mine, monster, hazard = self._check_casts(a, difficulty, options)
        ours = cast_odds(mine, monster=monster)
        theirs = cast_odds(hazard)
        degrees: dict[str, Fraction] = {}
        for (value, met), p in ours.joint.items():
            for other, q in theirs.casting.items():
                if value < other:
                    key = "fail"
                elif value == other:
                    key = "cost"
                else:
                    key = "strong" if met else "success"
                degrees[key] = degrees.get(key, Fraction(0)) + p * q
        return Odds(self.id, full_degrees(degrees), {"cast": mine.text, "hazard": hazard.text})

    def check(self, actor: Any, approach: str | None, difficulty: Any, rng: Rng, **options: Any
              ) -> CheckResult:
        a = self._actor(actor)
        mine, monster, hazard = self._check_casts(a, difficulty, options)
        ours = roll_cast(mine, rng, monster=monster, over=not monster and mine.faces == a.current + 1)
        theirs = roll_cast(hazard, rng, monster=False)
        if ours.casting < theirs.casting:
            degree = "fail"
        elif ours.casting == theirs.casting:
            degree = "cost"
        else:
            degree = "strong" if ours.met else "success"
        text = (f"{a.name} saves against {hazard.text}: {ours.text()} vs {theirs.casting}"
                f" ({theirs.text()}) - {degree}")
        diff = self.difficulty(difficulty) if not options.get("hazard") else "hazard"
        return CheckResult(self.id, a.name, approach, "build", diff, degree,
                           {"cast": ours.to_dict(), "hazard": theirs.to_dict()}, text,
                           [Event("check", text, a.name)])

    def odds_for(self, **parameters: Any) -> Odds:
        if parameters.get("addons"):
            odds = addon_odds()
            bands = {f"{n} add-on hit{'s' if n != 1 else ''} ({p})": {"exact": str(p)}
                     for n, p in odds.items()}
            return Odds(self.id, full_degrees({"success": 1 - odds[0], "fail": odds[0]}),
                        {"addons": True, "bands": bands})
        text = parameters.get("cast")
        if not text:
            raise RulesError("give --cast DICE (such as d8+d1), and --monster or --vs DICE if you like")
        cast = parse_cast(str(text))
        monster = bool(parameters.get("monster"))
        if not monster:
            problem = cast.problem(max(cast.faces, 1))
            if problem:
                raise RulesError(f"no role actor may cast that: {problem} (add --monster for a monster's)")
        ours = cast_odds(cast, monster=monster)
        detail: dict[str, Any] = {"cast": cast.text, "monster": monster, "average": str(cast.average),
                                  "met": str(ours.met), "bands": _bands(ours.casting)}
        if monster:
            detail |= {"nullified": str(ours.nullified), "depth": ours.depth, "cut": str(ours.tail)}
        if parameters.get("vs"):
            other = parse_cast(str(parameters["vs"]))
            theirs = cast_odds(other, monster=bool(parameters.get("vs_monster")))
            win, lose, tie = strike_odds(ours, theirs)
            detail["vs"] = other.text
            return Odds(self.id, full_degrees({"success": win, "cost": tie, "fail": lose}), detail)
        return Odds(self.id, full_degrees({"success": ours.met, "fail": 1 - ours.met}), detail)

    def odds_headline(self, odds: Odds) -> str:
        d = odds.detail
        who = "monster " if d.get("monster") else ""
        if d.get("addons"):
            return "Masque: add-on hits |d3 - d2| when hits pair up (success = at least one)"
        if d.get("vs"):
            return (f"Masque: {who}cast {d['cast']} against {d['vs']}: success = it strikes, cost = parley,"
                    " fail = the other strikes")
        extra = ""
        if d.get("monster"):
            extra = (f"; nullified {d['nullified']}; naturals rerolled up to {d['depth']} times"
                     f" (cut short {d['cut']})")
        return (f"Masque: {who}cast {d['cast']}, average {_num(Fraction(d['average']))}: meets it"
                f" {d['met']}{extra}")

    def odds_chart(self) -> OddsChart:
        rows: list[tuple[int, str, list[Odds]]] = []
        for role in ROLE_DICE:
            actor = self.new_actor(role.title(), role)
            for text in suggested_casts(actor):
                rows.append((actor.build, f"{role.title()} {text}", [self.odds_for(cast=text)]))
        return OddsChart(self.id, "Masque: each role's best casts at full Build - chance of meeting the"
                         " average", "build", "cast", ["meets average"], rows)

    # -- harm and recovery -----------------------------------------------------------------------
    def harm(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        a = self._actor(actor)
        neutral_kind(kind)
        amount = min(HARM[neutral_size(size)], a.current - a.baseline)
        a.current -= amount
        state = " - out of action" if a.out_of_action else ""
        return [Event("harm", f"{a.name} loses {amount} current build ({a.current}/{a.build}){state}.",
                      a.name)]

    def recover(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        a = self._actor(actor)
        neutral_kind(kind)
        size = neutral_size(size)
        if size == "minor":
            lines = recovery_roll(a, self.need_rng(rng, "a recovery roll"))
            return [Event("recover", f"{a.name}: {line}", a.name) for line in lines] or [
                Event("recover", f"{a.name} is already at full build.", a.name)]
        gain = min(1 if size == "moderate" else 2, a.build - a.current)
        a.current += gain
        return [Event("recover", f"{a.name} regains {gain} current build ({a.current}/{a.build}).", a.name)]

    # -- moves between set-tos -------------------------------------------------------------------
    @classmethod
    def moves(cls) -> tuple[SystemMove, ...]:
        from solo.rules.masque.moves import MOVES

        return MOVES

    # -- encounters ------------------------------------------------------------------------------
    def npc_policy(self, actor: Any, encounter: Encounter, rng: Rng) -> Action:
        if isinstance(encounter, SetTo) and not encounter.record:  # a forecast: the same move, made quicker
            quick = encounter.policy_action(actor)
            if quick is not None:
                return quick
        templates = encounter.templates(actor)
        if not templates:
            raise RulesError(f"{actor.name} has nothing to do now")
        kinds = {t.kind: t for t in templates}
        for kind in ("held", "cast", "enter", "wait"):
            if kind in kinds:
                template = kinds[kind]
                # the foe with the biggest Build: its dice are the ones worth a Role Fx (no die is drawn
                # here, so a recorded set-to replays from its actions alone)
                target = (max(template.targets, key=lambda t: self._actor(t).build)
                          if template.targets else None)
                return encounter.bind(template, actor, target)
        return encounter.bind(templates[0], actor)


def _bands(casting: dict[int, Fraction], shown: int = 24) -> dict[str, dict[str, str]]:
    """Each final casting with its exact chance; past `shown` values the rest as one 'or more' line."""
    items = list(casting.items())
    bands = {f"casting {v} ({p})": {"exact": str(p)} for v, p in items[:shown]}
    if len(items) > shown:
        rest = sum((p for _, p in items[shown:]), Fraction(0))
        bands[f"casting {items[shown][0]}+"] = {"exact": str(rest)}
    return bands


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
