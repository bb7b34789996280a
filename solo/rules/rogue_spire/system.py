"""Master of the Rogue Spire behind the neutral vocabulary.

A neutral check is a free-time action by default (RULES.md 1.3 item 9): the
approach is skilled when one of the character's traits serves it (the
traits table says which), and then the highest skill die rolls (or the die
named with ``die``); otherwise the vitality die rolls.  Easy / medium /
hard are the ladder's D4 / D6 / D8, TD 2 / 3 / 4; the system's own words
(routine, trained, advanced, expert, heroic, epic) or ``against`` (half an
opposing die) work too.  Degrees: Success AND is ``strong``, Success is
``success``, a tie is ``cost`` (Success BUT) or, with ``tie:
failure-but``, ``fail`` with a small advantage; a failure is ``fail``.  A
failed free-time action still gets done but costs T + 1 - R extra attempts
of time (``detail["extra_attempts"]``) [SR].  With ``danger`` the check is
made in danger: the die is exhausted and a natural 1 gives XP equal to its
sides; free-time checks spend nothing and give no XP [SR, house rule].

Impossible targets explode up the ladder (method 1) unless ``steady`` is
given; ``modifier`` steps the die; ``reroll`` uses a Specialization talent
(one reroll of a failure, the second roll stands).

Neutral harm [SR]: minor exhausts a die, moderate strains one, major
injures one - the lowest skill die not already so, the vitality die only
when no skill die is left (a strained vitality die is unconscious, an
injured one death's door).  Resources harm spends 1 / 4 / 8 wealth.
Neutral recovery: minor is a quick rest, moderate a good night's rest,
major a successful healing of the lowest injured die and a night's rest.

Story tokens: the player's are on the sheet (``tokens``).  A check spends
one with ``token`` (1.7): ``plus`` / ``minus`` is a +1 / -1 roll-modifier
step, ``skilled`` treats an unskilled roll as skilled, ``reroll`` rerolls a
failure once (the second roll stands, a free roll: no XP).  In a fight a
token refreshes a die (the ``token`` action), adds +1 to an attack (the
attack's token variant) or takes 1 off an attack on the PC (the defence
answer).  Between fights the ``token`` move refreshes a die, takes 4 XP
instead of a bonus token, or records one gained; a clue's renewed hope
gives one.  Personality (1.2): ``encouraged`` gives a token, ``discouraged``
strains a skill die for two.

Armour qualities in checks: Bulky armour takes one step off checks a
Coordinated trait serves (finesse, craft), Noisy armour off those an
Elusive trait serves (stealth, finesse) - their -1 Power as a roll-modifier
step [SR].
The Master's budget is one token per player a session and one per
encounter (1.7).  The per-encounter token is the fight's ``master_tokens``
(the engine spends it to reroll a GM-side attack on a PC that failed).
The per-session tokens are `complication_budget` (one per player
character; a session is a UTC day of play, see `solo.rules.budget`): in a
Rogue Spire campaign each countdown complication that harms the party costs
the Master a token while any are left and grows one size (minor harm
becomes moderate), and each random event (asked for, or from a fate check)
costs one and leaves a setback on the party's next check.  With the tokens
spent, complications and events come as the oracle rolled them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from fractions import Fraction
from functools import cached_property
from typing import Any

from solo.dice import Rng
from solo.rules.budget import SurpriseBudget
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
    neutral_kind,
    neutral_size,
    word_or_number,
)
from solo.rules.moves import SystemMove
from solo.rules.options import Option
from solo.rules.rogue_spire import build
from solo.rules.rogue_spire.character import SpireActor, actor_from_dict
from solo.rules.rogue_spire.dice import (
    DIFFICULTY_DIE,
    SIZES,
    TIE_CHOICES,
    band_odds,
    degree_of,
    free_time_cost,
    parse_die,
    roll,
    shift,
    td_of,
)
from solo.rules.rogue_spire.encounter import Skirmish
from solo.rules.rogue_spire.policy import policy
from solo.rules.tabled import TabledSystem

LADDER_WORDS = {"routine": 4, "trained": 6, "advanced": 8, "expert": 10, "heroic": 12, "epic": 20}
DIE_CHOICES = tuple(f"d{s}" for s in SIZES)
TD_WORDS = {word: td_of(sides) for word, sides in (DIFFICULTY_DIE | LADDER_WORDS).items()}
TOKEN_USES = ("plus", "minus", "skilled", "reroll")
ARMOUR_PENALTIES = {"bulky": "Coordinated", "noisy": "Elusive"}
SHEET_WIDTH = 56
BAND_NAMES = {"and": "Success AND", "success": "Success", "failure": "Failure"}


def master_budget(players: int, encounters: int) -> int:
    """The Master's story tokens for a session: one per player, one more per encounter (1.7)."""
    return players + encounters


class RogueSpire(TabledSystem):
    id = "rogue-spire"
    name = "Master of the Rogue Spire"
    npc_table = "rogue-spire/npcs"
    short_name = "Rogue Spire"
    difficulty_names = tuple(LADDER_WORDS)
    odds_parameters = ("die", "td", "against", "modifier", "steady", "tie")
    check_options = (
        Option(
            "die",
            "choice",
            "the die to roll (skilled: any of yours; default your highest skill die)",
            DIE_CHOICES,
        ),
        Option("against", "choice", "an opposing die: TD is half its sides", DIE_CHOICES),
        Option("modifier", "int", "roll modifier steps (-5 to 5)", minimum=-5, maximum=5),
        Option("tie", "choice", "a tie becomes Success BUT or Failure BUT", TIE_CHOICES),
        Option("danger", "flag", "a check in danger: exhaust the die (a natural 1 gives XP)"),
        Option("steady", "flag", "do not explode an impossible roll up the ladder"),
        Option("reroll", "flag", "use a Specialization talent: reroll a failure once"),
        Option(
            "token",
            "choice",
            "spend a story token: plus / minus a roll-modifier step, skilled (an unskilled roll"
            " as skilled), reroll (a failure, once)",
            TOKEN_USES,
        ),
        Option(
            "again",
            "list",
            "with --danger: after a failure exhaust this die and roll again (repeatable,"
            " in order; the last roll stands)",
        ),
    )
    odds_options = (
        Option("die", "choice", "the die rolled", DIE_CHOICES),
        Option("td", "int", "target difficulty (1-20)", minimum=1, maximum=20),
        Option("against", "choice", "an opposing die: TD is half its sides", DIE_CHOICES),
        Option("modifier", "int", "roll modifier steps (-5 to 5)", minimum=-5, maximum=5),
        Option("steady", "flag", "no explosion up the ladder"),
        Option("tie", "choice", "a tie becomes Success BUT or Failure BUT", TIE_CHOICES),
    )
    encounter_class = Skirmish

    @cached_property
    def catalogue(self) -> build.Catalogue:
        return build.Catalogue(self.data)

    @cached_property
    def kits(self) -> dict[Any, Any]:
        """What fights do not change about creatures, by sheet (`Skirmish.kit`): made once each."""
        return {}

    @cached_property
    def approach_map(self) -> dict[str, tuple[str, ...]]:  # type: ignore[override]
        out: dict[str, list[str]] = {
            a: [] for a in ("force", "finesse", "wits", "presence", "lore", "stealth", "survival", "craft")
        }
        for rec in self.catalogue.traits.values():
            for approach in rec.get("approaches", []):
                out.setdefault(approach, []).append(str(rec["text"]))
        return {k: tuple(v) for k, v in out.items()}

    def complication_budget(self) -> SurpriseBudget:
        """The Master's per-session story tokens: one per player character (1.7)."""
        return SurpriseBudget("story token", per_pc=1)

    # -- characters -----------------------------------------------------------------------------------
    def random_character(
        self,
        rng: Rng,
        *,
        name: str | None = None,
        role: str | None = None,
        npc: bool = False,
        label: str | None = None,
    ) -> SpireActor:
        tier = str(self.house_rules.get("pc_tier", "leader"))
        actor = build.random_character(
            self.catalogue, rng, name=name or self.data.name(rng, "Wanderer"), role=role, tier=tier, npc=npc
        )
        if label:
            actor.concept = label
        return actor

    def roles(self) -> list[str]:
        return sorted(self.catalogue.roles)

    def creation(self, *, name: str | None = None) -> Creation:
        return build.creation(self.catalogue, name, str(self.house_rules.get("pc_tier", "leader")))

    def actor_from_dict(self, data: Mapping[str, Any]) -> SpireActor:
        return actor_from_dict(data)

    def npc_from_record(self, record: Mapping[str, Any]) -> SpireActor:
        return build.npc_from_record(record, self.catalogue)

    def stat_block(self, actor: Any) -> str:
        """The sheet in short lines (it fits the TUI's sheet panel at 80 columns)."""
        a = self._actor(actor)
        lines = [f"{a.name} - {a.tier.title()} {'PC' if a.is_pc else 'NPC'}, level {a.level}"]
        if a.concept:
            lines += ["  " + line for line in textwrap.wrap(a.concept, SHEET_WIDTH - 2)]
        lines.append("Dice (x exhausted, s strained, ! injured):")
        lines.append(f"  {Skirmish.dice_line(a)}   {a.condition()}")
        lines.append("Defense (Armor/Body/Mind):")
        defs = [
            f"{'Vit ' if i == 0 else ''}{a.die_text(i)} {a.defense(i, 'armor')}/{a.defense(i, 'body')}"
            f"/{a.defense(i, 'mind')}"
            for i in range(len(a.dice))
        ]
        lines += textwrap.wrap(", ".join(defs), SHEET_WIDTH, initial_indent="  ", subsequent_indent="  ")
        traits = ", ".join(t["name"] + (f" ({t['expertise']})" if t["expertise"] else "") for t in a.traits)
        lines += textwrap.wrap("Traits: " + traits, SHEET_WIDTH, subsequent_indent="  ")
        if a.personality:
            lines.append("Personality: " + ", ".join(a.personality))
        if a.talents:
            talents = ", ".join(f"{t['id']} [{t['slot'].upper()}]" for t in a.talents)
            lines += textwrap.wrap("Talents: " + talents, SHEET_WIDTH, subsequent_indent="  ")
        for w in a.weapons:
            q = f"; {', '.join(w['qualities'])}" if w["qualities"] else ""
            text = (
                f"Weapon: {w['name']} ({w['range']}{' ranged' if w['ranged'] else ''},"
                f" Power {w['power']}, Bypass {w['bypass']}{q})"
            )
            lines += textwrap.wrap(text, SHEET_WIDTH, subsequent_indent="  ")
        if a.armour:
            v = a.armour["values"]
            lines.append(f"Armour: {a.armour['name']} [{v[0]} | {v[1]} | {v[2]}]")
        lines.append(
            f"XP {a.xp}  wealth {a.wealth}  load {a.carried()}/{a.capacity}"
            + ("" if a.mobility() == "full" else f" ({a.mobility()})")
            + f"  tokens {a.tokens}"
            + ("" if a.is_pc else f"  {a.attitude}")
        )
        return "\n".join(lines)

    def resources(self, actor: Any) -> str:
        a = self._actor(actor)
        state = "" if a.condition() == "up" else f" · {a.condition()}"
        return f"{Skirmish.dice_line(a)} · XP {a.xp} · tokens {a.tokens}{state}"

    def _actor(self, actor: Any) -> SpireActor:
        return self.own(actor, SpireActor, "a Rogue Spire character")  # type: ignore[no-any-return]

    # -- checks ---------------------------------------------------------------------------------------
    def difficulty(self, difficulty: Any) -> int:
        """The TD a difficulty word or number stands for (easy/medium/hard are D4/D6/D8: TD 2/3/4)."""
        return word_or_number(difficulty, TD_WORDS, 1, 20, "difficulty must be easy, medium, hard, one of"
                              f" {', '.join(LADDER_WORDS)} or a TD, not {{value!r}}",
                              "a Rogue Spire TD is 1 to 20, not {number}")

    def skilled(self, actor: SpireActor, approach: str | None) -> bool:
        if not approach:
            return True
        serving = set(self.approach_skills(approach))
        return any(t["name"] in serving for t in actor.traits)

    def _plan(
        self,
        actor: SpireActor,
        approach: str | None,
        difficulty: Any,
        die: Any,
        against: Any,
        modifier: Any,
        spend: bool,
        again: Any = None,
        token: Any = None,
    ) -> dict[str, Any]:
        if token is not None:
            choose(token, TOKEN_USES, "token")
            if actor.tokens < 1:
                raise RulesError(f"option --token: {actor.name} has no story token to spend")
        skilled = self.skilled(actor, approach) or token == "skilled"
        if die is not None:
            sides = parse_die(die, "option --die")
            dice = [i for i in [*actor.skill_indices, 0] if actor.sides(i) == sides]
            dice.sort(key=lambda i: not actor.usable(i))  # a fresh one first
            if not dice:
                raise RulesError(f"{actor.name} has no D{sides}")
            if not skilled and 0 not in dice:
                raise RulesError(f"{actor.name}'s roll is unskilled: only the vitality die rolls")
            index = dice[0] if skilled else 0
        elif skilled:
            # in danger the highest fresh skill die; in free time the highest one not injured;
            # with none, the vitality die (a skilled action may roll any die)
            fit = (
                actor.usable_skill()
                if spend
                else [i for i in actor.skill_indices if not actor.dice[i]["injured"]]
            )
            index = max(fit, key=lambda i: (actor.sides(i), -i)) if fit else 0
        else:
            index = 0
        if spend and not actor.usable(index):
            raise RulesError(f"{actor.name}'s {actor.die_text(index)} cannot be spent now")
        td = (
            td_of(parse_die(against, "option --against"))
            if against is not None
            else self.difficulty(difficulty)
        )
        steps = int(modifier or 0) + {"plus": 1, "minus": -1}.get(token or "", 0)
        steps -= self.armour_penalty(actor, approach)
        rolled = shift(actor.sides(index), steps).attack
        more: list[tuple[int, int]] = []  # (die exhausted, sides rolled) for each roll again
        if again:
            if not spend:
                raise RulesError("rolling again spends dice, so it is for checks in danger: add --danger")
            used = {index}
            for j, word in enumerate(again):
                sides = parse_die(word, f"option --again [{j + 1}]")
                pick = next(
                    (
                        i
                        for i in [*actor.skill_indices, 0]
                        if i not in used and actor.sides(i) == sides and actor.usable(i)
                    ),
                    None,
                )
                if pick is None:
                    raise RulesError(f"option --again [{j + 1}]: {actor.name} has no other fresh D{sides}")
                used.add(pick)
                more.append((pick, shift(actor.sides(pick) if skilled else actor.sides(0), steps).attack))
        return {
            "index": index,
            "skilled": skilled,
            "td": td,
            "die": actor.sides(index),
            "rolled": rolled,
            "modifier": steps,
            "again": more,
        }

    def armour_penalty(self, actor: SpireActor, approach: str | None) -> int:
        """Steps Bulky / Noisy armour take off a check the matching trait serves (1.9.17)."""
        if not actor.armour or not approach:
            return 0
        qualities = actor.armour.get("qualities", ())
        return sum(
            1
            for quality, trait in ARMOUR_PENALTIES.items()
            if quality in qualities and approach in self.catalogue.trait_record(trait).get("approaches", ())
        )

    def check_odds(
        self,
        actor: Any,
        approach: str | None,
        difficulty: Any,
        *,
        die: Any = None,
        against: Any = None,
        modifier: Any = 0,
        tie: str = "success-but",
        danger: bool = False,
        steady: bool = False,
        reroll: bool = False,
        again: Any = None,
        token: Any = None,
        **unknown: Any,
    ) -> Odds:
        _refuse(unknown)
        a = self._actor(actor)
        plan = self._plan(a, approach, difficulty, die, against, modifier, danger, again, token)
        bands = band_odds(plan["rolled"], plan["td"], explode=not steady)
        rerolls = int(bool(reroll and self._specialised(a))) + int(token == "reroll")
        base = dict(bands)
        for _ in range(rerolls):  # a failure rolls again, the second roll stands
            miss = bands["failure"]
            bands = {k: (v + miss * base[k] if k != "failure" else miss * base[k]) for k, v in bands.items()}
        for _, sides in plan["again"]:  # a failure rolls the next die; the last roll stands
            miss, nxt = bands["failure"], band_odds(sides, plan["td"], explode=not steady)
            bands = {k: (v if k != "failure" else 0) + miss * nxt[k] for k, v in bands.items()}
        degrees = {
            "fail": bands["failure"],
            "cost": Fraction(0),
            "success": bands["success"],
            "strong": bands["and"],
        }
        degrees[degree_of("tie", choose(tie, TIE_CHOICES, "tie"))] += bands["tie"]
        return Odds(
            self.id,
            {k: degrees[k] for k in ("fail", "cost", "success", "strong")},
            {
                "die": f"D{plan['rolled']}",
                "td": plan["td"],
                "skilled": plan["skilled"],
                "bands": _bands(bands),
            },
        )

    def _specialised(self, actor: SpireActor) -> bool:
        return any(t["id"] == "specialization" for t in actor.talents)

    def check(
        self,
        actor: Any,
        approach: str | None,
        difficulty: Any,
        rng: Rng,
        *,
        die: Any = None,
        against: Any = None,
        modifier: Any = 0,
        tie: str = "success-but",
        danger: bool = False,
        steady: bool = False,
        reroll: bool = False,
        again: Any = None,
        token: Any = None,
        **unknown: Any,
    ) -> CheckResult:
        _refuse(unknown)
        a = self._actor(actor)
        plan = self._plan(a, approach, difficulty, die, against, modifier, danger, again, token)
        tie = choose(tie, TIE_CHOICES, "tie")
        if token is not None:
            a.tokens -= 1
        result = roll(plan["rolled"], plan["td"], rng, explode=not steady, free=not danger)
        face, band_name = result.judged, result.band
        text = f"{a.name}: {'skilled' if plan['skilled'] else 'unskilled'} {result.text()}"
        if reroll and self._specialised(a) and band_name == "failure":
            again = roll(plan["rolled"], plan["td"], rng, explode=not steady, free=True)
            face, band_name = again.judged, again.band
            text += f", Specialization reroll {again.text()}"
        if token == "reroll" and band_name == "failure":
            again = roll(plan["rolled"], plan["td"], rng, explode=not steady, free=True)
            face, band_name = again.judged, again.band
            text += f", a story token's reroll {again.text()}"
        earned = result.xp if danger else 0
        for index, sides in plan["again"]:
            if band_name != "failure":
                break
            a.dice[index]["exhausted"] = True
            next_roll = roll(sides, plan["td"], rng, explode=not steady)
            earned += next_roll.xp
            face, band_name = next_roll.judged, next_roll.band
            text += f", exhausts {a.dice[index]['die'].upper()} to roll again: {next_roll.text()}"
        degree = degree_of(band_name, tie)
        name = BAND_NAMES.get(band_name) or ("Success BUT" if tie == "success-but" else "Failure BUT")
        detail: dict[str, Any] = {
            "die": f"D{plan['die']}",
            "rolled": f"D{plan['rolled']}",
            "td": plan["td"],
            "faces": result.faces,
            "band": band_name,
            "skilled": plan["skilled"],
        }
        if token is not None:
            detail["token"] = token
            text += f" (a story token spent: {token}; {a.tokens} left)"
        events: list[Event] = []
        if danger:
            a.dice[plan["index"]]["exhausted"] = True
            if earned:
                a.xp += earned
                detail["xp"] = earned
                text += f"; natural 1s: +{earned} XP"
        else:
            extra = free_time_cost(face, plan["td"])
            detail["extra_attempts"] = extra
            if extra:
                text += f"; done anyway, at the cost of {extra} more attempt(s) of time"
        text += f" - {name}"
        events.append(Event("check", text, a.name, dict(detail, degree=degree)))
        return CheckResult(
            self.id, a.name, approach, f"D{plan['rolled']}", str(plan["td"]), degree, detail, text, events
        )

    def odds_for(
        self,
        *,
        die: Any = "d6",
        td: Any = None,
        against: Any = None,
        modifier: Any = 0,
        steady: bool = False,
        tie: str = "success-but",
        **unknown: Any,
    ) -> Odds:
        if unknown:
            raise RulesError(
                f"Rogue Spire odds take {', '.join(self.odds_parameters)}; not {', '.join(sorted(unknown))}"
            )
        sides = parse_die(die, "option --die")
        if against is not None and td is not None:
            raise RulesError("give --td or --against, not both")
        target = (
            td_of(parse_die(against, "option --against"))
            if against is not None
            else (self.difficulty(int(td)) if td is not None else td_of(6))
        )
        rolled = shift(sides, int(modifier or 0)).attack
        bands = band_odds(rolled, target, explode=not steady)
        degrees = {
            "fail": bands["failure"],
            "cost": Fraction(0),
            "success": bands["success"],
            "strong": bands["and"],
        }
        degrees[degree_of("tie", choose(tie, TIE_CHOICES, "tie"))] += bands["tie"]
        return Odds(
            self.id,
            degrees,
            {
                "die": f"D{sides}",
                "rolled": f"D{rolled}",
                "td": target,
                "modifier": int(modifier or 0),
                "explode": not steady,
                "bands": _bands(bands),
            },
        )

    def odds_headline(self, odds: Odds) -> str:
        d = odds.detail
        step = f" stepped to {d['rolled']}" if d.get("rolled") and d["rolled"] != d.get("die") else ""
        b = {k: v["exact"] for k, v in d.get("bands", {}).items()}
        return (
            f"{self.name}: {d.get('die')}{step} vs TD {d.get('td')}: success {b.get('Success (all)')},"
            f" tie {b.get('Tie')}, Success AND {b.get('Success AND')}, failure {b.get('Failure')}"
        )

    def odds_chart(self) -> OddsChart:
        """RS-6: each attacker die against each defence die (TD half its sides)."""
        rows = []
        for sides in SIZES:
            rows.append(
                (
                    f"D{sides}",
                    "",
                    [self.odds_for(die=f"d{sides}", against=f"d{d}", steady=True) for d in SIZES],
                )
            )
        return OddsChart(
            self.id,
            f"{self.name}: attacker die against defence die (TD = half its sides);"
            " each cell success / tie / Success AND, no explosion",
            "attacker",
            "defence die",
            [f"D{d} ({td_of(d)})" for d in SIZES],
            rows,  # type: ignore[arg-type]
            parts=(("success", ("success", "strong")), ("tie", ("cost",)), ("AND", ("strong",))),
        )

    def with_edge(self, difficulty: Any, options: Mapping[str, Any], edge: int) -> tuple[Any, dict[str, Any]]:
        """An edge or setback is one roll-modifier step up or down."""
        out = dict(options)
        out["modifier"] = max(
            -5, min(5, int(out.get("modifier", 0) or 0) + (1 if edge > 0 else -1 if edge < 0 else 0))
        )
        return difficulty, out

    # -- harm and recovery ----------------------------------------------------------------------------
    def harm(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        a = self._actor(actor)
        kind, size = neutral_kind(kind), neutral_size(size)
        if kind == "resources":
            cost = {"minor": 1, "moderate": 4, "major": 8}[size]
            paid = min(cost, a.wealth)
            a.wealth -= paid
            return [
                Event("harm", f"{a.name} loses {paid} wealth ({a.wealth} left).", a.name, {"wealth": -paid})
            ]
        flag = {"minor": "exhausted", "moderate": "strained", "major": "injured"}[size]
        order = sorted(a.skill_indices, key=lambda i: (a.sides(i), i)) + [0]
        for index in order:
            if not a.dice[index][flag] and not a.dice[index]["injured"]:
                a.dice[index][flag] = True
                if flag == "injured":
                    a.dice[index]["exhausted"] = True
                text = f"{a.name}'s {a.dice[index]['die'].upper()} is {flag} ({size} {kind} harm)."
                if a.condition() != "up":
                    text += f" {a.name} is {a.condition()}."
                return [Event("harm", text, a.name, {"die": index, "state": flag})]
        if a.vitality["injured"] and not a.dead:
            a.dead = True
            return [Event("harm", f"{a.name} takes a blow on death's door and dies.", a.name)]
        return [Event("harm", f"{a.name} has nothing left to lose.", a.name)]

    def recover(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        from solo.rules.rogue_spire import recovery

        a = self._actor(actor)
        kind, size = neutral_kind(kind), neutral_size(size)
        if kind == "resources":
            gain = {"minor": 1, "moderate": 4, "major": 8}[size]
            a.wealth += gain
            return [Event("recover", f"{a.name} gains {gain} wealth ({a.wealth}).", a.name)]
        if size == "minor":
            return recovery.quick_rest(a)
        if size == "moderate":
            return recovery.night_rest(a, None)
        return recovery.heal_lowest(a) + recovery.night_rest(a, None)

    def renewed_hope(self, actor: Any) -> list[Event]:
        """A clue's renewed hope is a story token here [SR]: the Spire's own currency of luck."""
        a = self._actor(actor)
        a.tokens += 1
        return [
            Event(
                "hope",
                f"{a.name}'s hope returns as a story token ({a.tokens} held).",
                a.name,
                {"tokens": a.tokens},
            )
        ]

    @classmethod
    def moves(cls) -> tuple[SystemMove, ...]:
        from solo.rules.rogue_spire.moves import MOVES

        return MOVES

    # -- encounters -----------------------------------------------------------------------------------
    def policy_for(self, encounter: Encounter) -> Any:
        """`policy` itself for a silent fight of this system (a forecast's: `Encounter.run` hands its moves
        straight to the phase, `Skirmish.policy_valid`, so nothing needs marking `trusted`); else
        `npc_policy`, which checks the encounter on every turn."""
        if isinstance(encounter, Skirmish) and not encounter.record:
            return policy
        return self.npc_policy

    def npc_policy(self, actor: Any, encounter: Encounter, rng: Rng) -> Action:
        if not isinstance(encounter, Skirmish):
            raise RulesError("that encounter is not a Rogue Spire fight")
        action = policy(actor, encounter, rng)
        if not encounter.record:  # a forecast: its own move is legal as made, not checked again
            encounter.trusted = action
        return action


def _refuse(unknown: Mapping[str, Any]) -> None:
    if unknown:
        names = ", ".join(o.name for o in RogueSpire.check_options)
        raise RulesError(f"Rogue Spire checks take {names}; not {', '.join(sorted(unknown))}")


def _bands(bands: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    shown = {
        "Success (all)": bands["success"] + bands["and"],
        "Success AND": bands["and"],
        "Tie": bands["tie"],
        "Failure": bands["failure"],
    }
    return {k: {"probability": float(v), "exact": str(v)} for k, v in shown.items()}
