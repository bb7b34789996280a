"""Nine Powers skill contests: fights, arguments and crafting duels in rounds.

Each round everyone first declares an intention (which skill, against whom,
at what difficulty: in a contest the actor picks the difficulty, and with it
the damage: easy 1, medium 2, tough 3).  Then turns run in order: in round 1
the side that started it (an ambush, the opening of a haggle) goes first;
otherwise, and in every later round, the quickest skill goes first in sheet
order (Shoot/Throw ... Musing), and actors using the same skill act at the
same moment, so both can fall together (a draw).  The fast-talking example
has the one who dealt more damage go first instead; that is the house rule
``same_skill: more-damage-first``.

Physical damage meets armour.  Dice showing 1 (and 2s, for someone who
spotted a weakness with Perception) bypass it; if they cover the damage, no
armour check is rolled.  Otherwise the defender rolls its armor rating at a
difficulty set by shield and weapon (no shield: medium against one-handed,
tough against two-handed; with a shield one step easier).  The text's list
of what a successful armour check does was lost; our reading, which both
worked fights bear out, is that it cuts the damage to the number of
bypassing dice.  Natural weapons count as two-handed unless light.

The non-damaging uses of a contest, each lasting 1/2/3 rounds for an
easy/medium/tough success unless said otherwise: Provoke (the target must
come at you next turn unless it passes a composure check of the same
difficulty), dodge with Acrobatics (big bonus to your armour checks),
Protect (the same for an ally), Wrestle (one of five effects, see the
`nine-powers/wrestling-effects` table: their details were lost, so their
mechanics are our reading), Perception (your 2s also bypass that foe's
armour), Identify/Lore (from then on, in this contest and every later one, your
pools against that kind of foe gain a d20, a d12, or both: the sheet keeps
them), Wonder (the foe loses its d4),
Intuition (until your next turn one foe's armour drops by 1/2/3, at most
once per foe per round) and Escape (leave, only if you took no damage this
round or the last; our reading adds a medium check and bars it while
grabbed or slowed).

Talents in play: Acrobatics cancels up to its rating of an attacker's 1s
each round; Wrestle lets that many points skip fortitude while your wrestling
effect holds; Disguise/Etiquette does the same with resilience; Stealth adds
its rating to damage in the first round of an ambush your side began;
Melee takes a free swing (pool = talent, medium) at a foe escaping, and a
hit stops the escape; with the Perception talent a successful Perception
check at the difficulty you pick makes one foe your primary opponent (the
``focus`` use) for 1/2/3 rounds by that difficulty, and the others take a
big penalty to damage you meanwhile.

Social armour (reputation on the sheet; the Disguise/Etiquette talent grants
as much as its rating) works in social contests the way armour works in a
fight, unless the ``social_armor`` option (or house rule) turns it off.
Shields and two-handed weapons mean nothing in an argument, so our reading
([SR], house rule ``social_armor``) rolls a social armour check at medium,
as against a one-handed attacker with no shield.

Heroism (player characters only) buys a big bonus as a flashback, or avoids
a monster's special trick; each use costs 1.  When the contest ends every
buffer (fortitude, resilience, craftiness) refills at once; stamina,
composure and wealth do not.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from solo.dice import Rng
from solo.rules.engine import Action, Actor, Encounter, Event, Odds, RulesError, choose, full_degrees
from solo.rules.nine_powers.character import CONTEST_TRACKS, NinePowersActor
from solo.rules.nine_powers.pools import (
    DAMAGE,
    DIFFICULTIES,
    DURATION,
    THRESHOLD,
    build_pool,
    degree_odds,
    difficulty,
    success_chance,
)
from solo.rules.nine_powers.skills import SKILL_IDS, SPEED, display, skill_id
from solo.rules.nine_powers.tracks import actor_pool, take

KINDS = ("physical", "social", "crafting")
DAMAGING = {
    "physical": ("shoot-throw", "melee-protect"),
    "social": ("bargain-wonder", "disguise-etiquette", "intuition-hearthwork", "gamble-provoke"),
    "crafting": ("alchemy", "machinery", "musing", "intuition-hearthwork"),
}
USE_SKILL = {
    "provoke": "gamble-provoke",
    "dodge": "acrobatics-climb",
    "protect": "melee-protect",
    "wrestle": "wrestle-disarm",
    "perceive": "perception-escape",
    "lore": "identify-lore",
    "wonder": "bargain-wonder",
    "intuition": "intuition-hearthwork",
    "escape": "perception-escape",
    "focus": "perception-escape",
}
TARGETS = {
    "attack": "enemy",
    "provoke": "enemy",
    "dodge": None,
    "protect": "ally",
    "wrestle": "enemy",
    "perceive": "enemy",
    "lore": "enemy",
    "wonder": "enemy",
    "intuition": "enemy",
    "escape": None,
    "focus": "enemy",
    "wait": None,
}
PHYSICAL_ONLY = ("dodge", "protect", "wrestle")
ARMOUR_USES = ("perceive", "intuition")
LORE_DICE = {"easy": (20,), "medium": (12,), "tough": (12, 20)}
WRESTLE_EFFECTS = ("grab", "slow", "dominate", "tire", "shield")
BOOSTS = ("setup", "leverage", "heroism")
USE_TEXT = {
    "provoke": "provoke",
    "dodge": "dodge",
    "protect": "protect",
    "wrestle": "wrestle",
    "perceive": "look for weak spots on",
    "lore": "recall lore about",
    "wonder": "awe",
    "intuition": "read the armour of",
    "escape": "escape",
    "focus": "make a primary opponent of",
    "wait": "wait and watch",
}


def armor_difficulty(shield: bool, two_handed: bool) -> str:
    if shield:
        return "medium" if two_handed else "easy"
    return "tough" if two_handed else "medium"


def social_armor(actor: NinePowersActor) -> int:
    """Reputation on the sheet, or the Disguise/Etiquette talent's rating, whichever is more."""
    return max(actor.social_armor, actor.talent("disguise-etiquette"))


class Fighter:
    """One actor's place in a contest: what it declared and what is on it."""

    __slots__ = (
        "actor",
        "side",
        "label",
        "index",
        "action",
        "out",
        "taken",
        "dodge_until",
        "protected_until",
        "no_d4_until",
        "perceive",
        "lore",
        "cut",
        "cut_by",
        "cut_round",
        "provoked_by",
        "holds",
        "last_damaged",
        "negated_round",
        "negated",
        "primary",
        "primary_until",
        "dealt_last",
        "dealt_now",
        "last_hit_by",
    )

    def __init__(self, actor: NinePowersActor, side: str, label: str, index: int):
        self.actor = actor
        self.side = side
        self.label = label
        self.index = index
        self.action: Action | None = None
        self.out: str | None = None
        self.taken: dict[str, int] = {}
        self.dodge_until = 0
        self.protected_until = 0
        self.no_d4_until = 0
        self.perceive: dict[int, int] = {}
        self.lore: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in actor.lore.items()}
        self.cut = 0
        self.cut_by: Fighter | None = None
        self.cut_round = 0
        self.provoked_by: Fighter | None = None
        self.holds: dict[str, tuple[Fighter, int]] = {}
        self.last_damaged = -10
        self.negated_round = 0
        self.negated = 0
        self.primary: Fighter | None = None
        self.primary_until = 0
        self.dealt_last = 0
        self.dealt_now = 0
        self.last_hit_by = "melee"

    def held(self, effect: str, now: int) -> Fighter | None:
        """Who holds this fighter with a wrestling effect, if it is active."""
        hold = self.holds.get(effect)
        if hold is not None and hold[1] >= now and hold[0].out is None:
            return hold[0]
        return None


class Contest(Encounter):
    """A Nine Powers skill contest; see the module docstring for the rules."""

    NOUN = "contest"
    NOBODY_LEFT = "nobody is left standing, a draw"

    option_names = (
        "kind",
        "initiative",
        "same_skill",
        "wounds",
        "social_armor",
        "heroism",
        "escape_difficulty",
    )

    def __init__(self, system: Any, sides: Any, rng: Rng, **options: Any):
        super().__init__(system, sides, rng, **options)
        opts = self.options
        rules = system.house_rules
        self.kind = choose(opts.get("kind", "physical"), KINDS, "contest kind")
        self.initiative = opts.get("initiative")
        if self.initiative is not None and self.initiative not in self.sides:
            raise RulesError(
                f"initiative must name a side ({', '.join(self.sides)}), not {self.initiative!r}"
            )
        self.same_skill = choose(
            opts.get("same_skill", rules.get("same_skill", "simultaneous")),
            ("simultaneous", "more-damage-first"),
            "same_skill",
        )
        self.wounds = bool(opts.get("wounds", rules.get("wounds", True)))
        self.heroism = choose(opts.get("heroism", "auto"), ("auto", "never"), "heroism")
        self.escape_difficulty = difficulty(
            opts.get("escape_difficulty", rules.get("escape_difficulty", "medium"))
        )
        self.armoured = self.kind == "physical" or (
            self.kind == "social" and bool(opts.get("social_armor", rules.get("social_armor", True)))
        )
        self.buffer, self.real = CONTEST_TRACKS[self.kind]
        self.fighters: dict[int, Fighter] = {}
        self.order: list[Fighter] = []
        for side, actors in self.sides.items():
            for actor in actors:
                fighter = Fighter(actor, side, self.label(actor), len(self.order))  # type: ignore[arg-type]
                self.fighters[id(actor)] = fighter
                self.order.append(fighter)
        self.alive = {side: len(actors) for side, actors in self.sides.items()}
        self.undeclared = len(self.order)
        self.wrestling = False
        self.reading = False  # someone has used Intuition: armour cuts to expire
        self.allowed = tuple(self.uses())
        self.finished = False

    def _out(self, f: Fighter, how: str) -> None:
        if f.out is None:
            self.alive[f.side] -= 1
            if f.action is None:
                self.undeclared -= 1
        f.out = how

    def active_sides(self) -> list[str]:
        return [side for side, count in self.alive.items() if count > 0]

    # -- looking things up -------------------------------------------------------
    def fighter(self, actor: Actor) -> Fighter:
        try:
            return self.fighters[id(actor)]
        except KeyError:
            raise RulesError(f"{actor.name} is not in this contest") from None

    def is_active(self, actor: Actor) -> bool:
        return self.fighter(actor).out is None

    def status(self, actor: Actor) -> str:
        return self.fighter(actor).out or "fighting"

    def harm_taken(self, actor: Actor) -> dict[str, int]:
        return dict(self.fighter(actor).taken)

    def is_over(self) -> bool:
        if self.finished or self.round > self.max_rounds:
            return True
        return sum(1 for count in self.alive.values() if count > 0) <= 1

    def awaiting(self) -> list[Actor]:
        if self.is_over():
            return []
        return [f.actor for f in self.order if f.out is None and f.action is None]

    def _foes(self, f: Fighter) -> list[Fighter]:
        return [g for g in self.order if g.out is None and g.side != f.side]

    def _friends(self, f: Fighter) -> list[Fighter]:
        return [g for g in self.order if g.out is None and g.side == f.side and g is not f]

    # -- what may be done -----------------------------------------------------------
    def uses(self) -> list[str]:
        kinds = ["attack", "provoke", "lore", "wonder", "escape", "focus", "wait"]
        if self.kind == "physical":
            kinds += list(PHYSICAL_ONLY)
        if self.armoured:
            kinds += list(ARMOUR_USES)
        return kinds

    def attack_skills(self, actor: NinePowersActor) -> list[str]:
        """The skills that can deal damage here, the actor's weapon skill first.

        Wrestle/Disarm is never among them: wrestling only ever brings one of
        its effects, so a weapon that names it (an old sheet's net) falls
        back to Melee/Protect.
        """
        skills = list(DAMAGING[self.kind])
        first = actor.attack_skill if actor.attack_skill in skills else "melee-protect"
        return sorted(skills, key=lambda s: (s != first, SPEED[s]))

    def legal_actions(self, actor: Actor) -> list[Action]:
        f = self.fighter(actor)
        if f.out is not None or self.is_over():
            return []
        foes = self._foes(f)
        if f.provoked_by is not None and f.provoked_by.out is None:
            foes = [f.provoked_by]
        friends = self._friends(f)
        acts: list[Action] = []
        allowed = self.uses()
        for skill in self.attack_skills(f.actor):
            for g in foes:
                for d in DIFFICULTIES:
                    acts.append(self._action(f, "attack", g, skill, d))
        for use in ("perceive", "intuition", "provoke", "wonder", "lore", "focus"):
            if use == "focus" and not f.actor.talent("perception-escape"):
                continue
            if use in allowed:
                for g in foes:
                    for d in DIFFICULTIES:
                        acts.append(self._action(f, use, g, USE_SKILL[use], d))
        if "wrestle" in allowed:
            for g in foes:
                for effect in WRESTLE_EFFECTS:
                    for d in DIFFICULTIES:
                        acts.append(
                            self._action(f, "wrestle", g, USE_SKILL["wrestle"], d, {"effect": effect})
                        )
        if "dodge" in allowed:
            for d in DIFFICULTIES:
                acts.append(self._action(f, "dodge", None, USE_SKILL["dodge"], d))
        if "protect" in allowed:
            for g in friends:
                for d in DIFFICULTIES:
                    acts.append(self._action(f, "protect", g, USE_SKILL["protect"], d))
        if self._may_escape(f):
            acts.append(self._action(f, "escape", None, USE_SKILL["escape"], self.escape_difficulty))
        acts.append(Action(f.actor, "wait", label="wait and watch"))
        return acts

    def _action(
        self,
        f: Fighter,
        kind: str,
        target: Fighter | None,
        skill: str,
        diff: str,
        options: dict[str, Any] | None = None,
    ) -> Action:
        return Action(
            f.actor,
            kind,
            target.actor if target else None,
            skill,
            diff,
            options,
            self.describe(f, kind, target, skill, diff, options),
        )

    def describe(
        self,
        f: Fighter,
        kind: str,
        target: Fighter | None,
        skill: str | None,
        diff: str | None,
        options: dict[str, Any] | None = None,
    ) -> str:
        whom = f" {target.label}" if target else ""
        rated = f"{display(skill)} {f.actor.rating(skill)}: " if skill else ""
        if kind == "attack":
            what = f"{rated}attack{whom}"
        elif kind == "wrestle":
            what = f"{rated}wrestle{whom} ({(options or {}).get('effect', 'grab')})"
        elif kind == "wait":
            what = USE_TEXT[kind]
        elif kind in ("dodge", "escape"):
            what = f"{rated}{USE_TEXT[kind]}"
        else:
            what = f"{rated}{USE_TEXT[kind]}{whom}"
        boost = (options or {}).get("boost")
        extra = f", spending {boost}" if boost else ""
        return f"{what}, {diff}{extra}" if kind != "escape" else f"{what} ({diff}){extra}"

    def _may_escape(self, f: Fighter) -> bool:
        return (
            f.last_damaged < self.round - 1
            and f.held("grab", self.round) is None
            and f.held("slow", self.round) is None
        )

    def action_odds(self, action: Action) -> Odds | None:
        """Odds of the declared roll as the pools stand now (round effects may still move them)."""
        f = self.fighter(action.actor)
        kind = action.kind
        if kind == "wait" or kind not in TARGETS:
            return None
        target = self.fighter(action.target) if action.target is not None else None
        modifier = 2 if action.option("boost") else 0
        if kind == "attack":
            skill = action.skill or f.actor.attack_skill
            diff = difficulty(action.difficulty or "medium")
            pool = self._pool(f, skill, target, modifier, damaging=True)
        elif kind == "escape":
            skill, diff = USE_SKILL["escape"], self.escape_difficulty
            pool = self._pool(f, skill, None)
        else:
            skill, diff = USE_SKILL[kind], difficulty(action.difficulty or "medium")
            pool = self._pool(f, skill, target, modifier)
        return Odds(
            self.system.id,
            full_degrees(degree_odds(pool, diff)),
            {"skill": skill, "difficulty": diff, "pool": [f"d{s}" for s in pool]},
        )

    # -- declaring ---------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        f = self.fighter(action.actor)
        if self.is_over():
            raise RulesError("the contest is over")
        if f.out is not None:
            raise RulesError(f"{f.label} is out of the contest ({f.out})")
        if f.action is not None:
            raise RulesError(f"{f.label} has already declared this round")
        action = self._checked(f, action)
        events: list[Event] = []
        f.action = action
        f.provoked_by = None
        self.undeclared -= 1
        if self.record:
            self.emit(
                events,
                "intent",
                f"{f.label} intends to {action.label or action.kind}.",
                f.actor,
                round=self.round,
                action=action.to_dict(),
            )
        if self.undeclared <= 0:
            events.extend(self._resolve_round())
        return events

    def _checked(self, f: Fighter, action: Action) -> Action:
        kind = action.kind
        if kind not in TARGETS:
            raise RulesError(f"unknown contest action {kind!r}; known: {', '.join(TARGETS)}")
        if kind not in self.allowed:
            raise RulesError(f"{kind} is not possible in a {self.kind} contest")
        if kind == "attack" and action.skill:
            skill = action.skill if action.skill in SPEED else skill_id(action.skill)
        else:
            skill = USE_SKILL.get(kind)
        if kind == "attack":
            damaging = self.attack_skills(f.actor)
            if skill is None:
                skill = damaging[0]
            elif skill not in damaging:
                raise RulesError(
                    f"{display(skill)} deals no damage in a {self.kind} contest; attack with"
                    f" {', '.join(display(s) for s in damaging)}"
                    + (" or wrestle for an effect" if skill == "wrestle-disarm" else "")
                )
        if kind == "wait":
            return Action(f.actor, "wait", label="wait and watch")
        if kind == "escape":
            diff = self.escape_difficulty
        else:
            diff = (
                action.difficulty
                if action.difficulty in THRESHOLD
                else difficulty(action.difficulty or "medium")
            )
        target = action.target
        need = TARGETS[kind]
        if need is None:
            target = None
        else:
            if target is None:
                raise RulesError(f"{kind} needs a target")
            g = self.fighter(target)
            if g.out is not None:
                raise RulesError(f"{g.label} is already out of the contest")
            if need == "enemy" and g.side == f.side:
                raise RulesError(f"{g.label} is on {f.label}'s own side")
            if need == "ally" and (g.side != f.side or g is f):
                raise RulesError(f"{kind} needs an ally of {f.label}")
            if (
                need == "enemy"
                and f.provoked_by is not None
                and f.provoked_by.out is None
                and g is not f.provoked_by
            ):
                raise RulesError(f"{f.label} is provoked and must face {f.provoked_by.label}")
        if kind == "focus" and not f.actor.talent("perception-escape"):
            raise RulesError(f"{f.label} has no Perception/Escape talent to pick a primary opponent with")
        if kind == "escape" and not self._may_escape(f):
            raise RulesError(f"{f.label} cannot escape: hurt this round or last, or held")
        options = dict(action.options or {})
        boost = options.get("boost")
        if boost is not None:
            boost = choose(boost, BOOSTS, "boost")
            options["boost"] = boost
            self._can_boost(f.actor, boost)
        if kind == "wrestle":
            options["effect"] = choose(options.get("effect", "grab"), WRESTLE_EFFECTS, "wrestling effect")
        label = (
            self.describe(f, kind, self.fighter(target) if target else None, skill, diff, options)
            if self.record
            else ""
        )
        return Action(f.actor, kind, target, skill, diff, options or None, label)

    @staticmethod
    def _can_boost(actor: NinePowersActor, boost: str) -> None:
        if boost == "setup" and not actor.set_up_well:
            raise RulesError(f"{actor.name} is not set up well")
        if boost == "leverage" and not actor.leverage:
            raise RulesError(f"{actor.name} has no leverage")
        if boost == "heroism" and (not actor.is_pc or actor.heroism < 1):
            raise RulesError(f"{actor.name} has no heroism to spend")

    # -- resolving a round ------------------------------------------------------------------
    def _resolve_round(self) -> list[Event]:
        events: list[Event] = []
        now = self.round
        acting = [f for f in self.order if f.out is None and f.action is not None]
        for f in acting:
            f.dealt_now = 0

        keys: dict[int, tuple[int, ...]] = {}
        for f in acting:
            first = 0
            if now == 1 and self.initiative is not None:
                first = 0 if f.side == self.initiative else 1
            speed = SPEED.get(f.action.skill or "", len(SKILL_IDS)) if f.action else len(SKILL_IDS)
            keys[f.index] = (
                (first, speed, -f.dealt_last) if self.same_skill == "more-damage-first" else (first, speed)
            )
        acting.sort(key=lambda f: (keys[f.index], f.index))
        groups: list[list[Fighter]] = []
        for f in acting:
            if groups and keys[groups[-1][0].index] == keys[f.index]:
                groups[-1].append(f)
            else:
                groups.append([f])
        for group in groups:
            if len(self.active_sides()) <= 1:
                break
            hits: list[tuple[Fighter, Fighter, int, int, str]] = []
            for f in group:
                if f.out is None:
                    hits.extend(self._turn(f, events))
            for hit in hits:
                self._land(*hit, events)
            self._defeats(events)
        for f in self.order:
            f.dealt_last = f.dealt_now
            f.action = None
            if f.cut and f.cut_round < now:
                f.cut = 0
        self.undeclared = sum(1 for f in self.order if f.out is None)
        if len(self.active_sides()) <= 1 or now >= self.max_rounds:
            self._finish(events)
            if len(self.active_sides()) > 1:
                self.round = self.max_rounds + 1
        else:
            self.round = now + 1
        return events

    def _turn(self, f: Fighter, events: list[Event]) -> list[tuple[Fighter, Fighter, int, int, str]]:
        action = f.action
        assert action is not None
        if self.reading:
            for g in self.order:  # Intuition lasts until the user's next turn
                if g.cut_by is f and g.cut_round < self.round:
                    g.cut = 0
        modifier = 0
        boost = action.option("boost")
        if boost:
            modifier += 2
            self._spend(f, boost, events)
        if action.kind == "wait":
            self.emit(events, "wait", f"{f.label} waits and watches.", f.actor)
            return []
        if action.kind == "escape":
            self._escape(f, events)
            return []
        target = None
        if action.target is not None:
            target = self._live_target(f, action, events)
            if target is None:
                return []
        if action.kind == "attack":
            return self._attack(f, target, action, modifier, events)
        self._use(f, target, action, modifier, events)
        return []

    def _spend(self, f: Fighter, boost: str, events: list[Event]) -> None:
        actor = f.actor
        if boost == "setup":
            actor.set_up_well = False
            what = "being set up well"
        elif boost == "leverage":
            actor.leverage = False
            what = "leverage"
        else:
            actor.heroism -= 1
            what = f"1 heroism on a flashback ({actor.heroism} left)"
        self.emit(events, "spend", f"{f.label} spends {what} for a big bonus.", actor)

    def _live_target(self, f: Fighter, action: Action, events: list[Event]) -> Fighter | None:
        target = self.fighter(action.target) if action.target is not None else None
        if target is not None and target.out is None:
            return target
        if TARGETS[action.kind] == "ally":
            self.emit(events, "idle", f"{f.label} has nobody left to protect.", f.actor)
            return None
        foes = self._foes(f)
        if not foes:
            return None
        self.emit(events, "retarget", f"{f.label} turns to {foes[0].label} instead.", f.actor)
        return foes[0]

    def _pool(
        self, f: Fighter, skill: str, target: Fighter | None, modifier: int = 0, damaging: bool = False
    ) -> tuple[int, ...]:
        now = self.round
        if f.holds and f.held("tire", now) is not None:
            modifier -= 1
        if target is not None:
            if target.holds and target.held("dominate", now) is f:
                modifier += 1
            if damaging:
                holder = f.held("grab", now) if f.holds else None
                if holder is not None and holder is not target:
                    modifier -= 1
                if (
                    target.primary is not None
                    and target.primary is not f
                    and target.primary_until >= now
                    and target.primary.out is None
                ):
                    modifier -= 2
        banned = (4,) if f.no_d4_until >= now else ()
        extra = f.lore.get(target.actor.creature, ()) if target is not None and f.lore else ()
        return actor_pool(f.actor, skill, modifier, banned, extra)

    def _roll(self, pool: tuple[int, ...]) -> list[int]:
        die = self.rng.die
        return [die(s) for s in pool]

    def _attack(
        self, f: Fighter, target: Fighter | None, action: Action, modifier: int, events: list[Event]
    ) -> list[tuple[Fighter, Fighter, int, int, str]]:
        assert target is not None and action.skill is not None and action.difficulty is not None
        skill, diff = action.skill, action.difficulty
        pool = self._pool(f, skill, target, modifier, damaging=True)
        rolls = self._roll(pool)
        lowest = min(rolls)
        if lowest > THRESHOLD[diff]:
            if self.record:
                self.emit(
                    events,
                    "miss",
                    f"{f.label}: {display(skill)} {diff} against {target.label} {_dice(pool, rolls)} fails.",
                    f.actor,
                    pool=list(pool),
                    dice=rolls,
                )
            return []
        damage = DAMAGE[diff] + f.actor.extra_damage
        sneak = f.actor.talent("stealth-track")
        if sneak and self.round == 1 and self.initiative == f.side:
            damage += sneak
        if self.record:
            self.emit(
                events,
                "hit",
                f"{f.label}: {display(skill)} {diff} against {target.label}"
                f" {_dice(pool, rolls)} succeeds for {damage} damage.",
                f.actor,
                pool=list(pool),
                dice=rolls,
                damage=damage,
            )
        attack_kind = self._attack_kind(skill)
        hits: list[tuple[Fighter, Fighter, int, int, str]] = []
        special = f.actor.special
        if special and any(r == 1 and s in (4, 6, 8) for s, r in zip(pool, rolls, strict=True)):
            name = special.get("name", "special attack")
            if target.actor.is_pc and target.actor.heroism > 0 and self.heroism == "auto":
                target.actor.heroism -= 1
                self.emit(
                    events,
                    "heroism",
                    f"{target.label} spends 1 heroism and avoids the {f.label}'s"
                    f" {name} ({target.actor.heroism} left).",
                    target.actor,
                )
            else:
                extra = int(special.get("damage", 1))
                self.emit(
                    events,
                    "special",
                    f"{f.label}'s {name}: {special.get('text', '')} ({extra} damage past armour).",
                    f.actor,
                )
                hits.append((f, target, extra, 0, attack_kind))
        if self.armoured:
            damage = self._armour(f, target, rolls, damage, events)
        if damage > 0:
            skip = 0
            if self.kind == "physical" and f.actor.talent("wrestle-disarm"):
                if any(h[0] is f and h[1] >= self.round for h in target.holds.values()):
                    skip = f.actor.talent("wrestle-disarm")
            elif self.kind == "social" and f.actor.talent("disguise-etiquette"):
                skip = f.actor.talent("disguise-etiquette")
            hits.append((f, target, damage, skip, attack_kind))
        return hits

    def _attack_kind(self, skill: str) -> str:
        if self.kind != "physical":
            return self.kind
        return "ranged" if skill == "shoot-throw" else "melee"

    def _armour(self, f: Fighter, t: Fighter, rolls: list[int], damage: int, events: list[Event]) -> int:
        now = self.round
        rating = t.actor.armor if self.kind == "physical" else social_armor(t.actor)
        if t.cut:
            rating -= t.cut
        bonus = (
            2
            if (
                (t.dodge_until >= now and (not t.holds or t.held("slow", now) is None))
                or t.protected_until >= now
            )
            else 0
        )
        if rating <= 0:  # dodging or being protected improves an armour check, never grants one
            return damage
        ones = rolls.count(1)
        talent = t.actor.talent("acrobatics-climb")
        if talent and ones:
            if t.negated_round != now:
                t.negated_round, t.negated = now, 0
            cancel = min(ones, talent - t.negated)
            t.negated += cancel
            ones -= cancel
        twos = rolls.count(2) if f.perceive.get(id(t), 0) >= now else 0
        bypass = ones + twos
        if bypass >= damage:
            if self.record:
                self.emit(
                    events, "bypass", f"{bypass} bypassing dice: {t.label}'s armour is no help.", t.actor
                )
            return damage
        shielded = (
            t.actor.shield
            or self.wrestling
            and any(g.held("shield", now) is t and g is not f for g in self.order if g.side != t.side)
        )
        check = armor_difficulty(shielded, f.actor.two_handed) if self.kind == "physical" else "medium"
        modifier = bonus - (1 if t.holds and t.held("tire", now) is not None else 0)
        banned = (4,) if t.no_d4_until >= now else ()
        pool = build_pool(max(rating, 0), modifier, banned)
        arolls = self._roll(pool)
        if min(arolls) <= THRESHOLD[check]:
            kept = min(damage, bypass)
            if self.record:
                self.emit(
                    events,
                    "armour",
                    f"{t.label}'s {check} armour check {_dice(pool, arolls)} holds:"
                    f" {kept} of {damage} damage gets through.",
                    t.actor,
                    pool=list(pool),
                    dice=arolls,
                )
            return kept
        if self.record:
            self.emit(
                events,
                "armour",
                f"{t.label}'s {check} armour check {_dice(pool, arolls)} fails.",
                t.actor,
                pool=list(pool),
                dice=arolls,
            )
        return damage

    def _land(
        self, f: Fighter, t: Fighter, amount: int, skip: int, attack_kind: str, events: list[Event]
    ) -> None:
        if t.out is not None:
            return
        buffer, real = self.buffer, self.real
        before_b, before_r = getattr(t.actor, buffer), getattr(t.actor, real)
        from_buffer, from_real = take(t.actor, buffer, real, amount, skip)
        if from_buffer:
            t.taken[buffer] = t.taken.get(buffer, 0) + from_buffer
        if from_real:
            t.taken[real] = t.taken.get(real, 0) + from_real
        if from_buffer or from_real:
            t.last_damaged = self.round
            t.last_hit_by = attack_kind
            f.dealt_now += from_buffer + from_real
            if self.record:
                parts = []
                if from_buffer:
                    parts.append(f"{buffer} {before_b} → {getattr(t.actor, buffer)}")
                if from_real:
                    parts.append(f"{real} {before_r} → {getattr(t.actor, real)}")
                self.emit(
                    events,
                    "damage",
                    f"{t.label} takes {from_buffer + from_real}: {', '.join(parts)}.",
                    t.actor,
                    buffer=from_buffer,
                    real=from_real,
                )

    def _defeats(self, events: list[Event]) -> None:
        for t in self.order:
            if t.out is None and getattr(t.actor, self.real) <= 0:
                self._out(t, "defeated")
                self.emit(events, "defeat", f"{t.label} is defeated ({self.real} 0).", t.actor)
                if self.wounds and t.actor.is_pc:
                    wound = self.system.wound(t.actor, t.last_hit_by, self.rng)
                    self.emit(
                        events, "wound", f"{t.label} is wounded: {wound['text']}.", t.actor, wound=wound
                    )

    # -- the non-damaging uses -------------------------------------------------------------
    def _check(
        self,
        f: Fighter,
        skill: str,
        target: Fighter | None,
        diff: str,
        modifier: int,
        events: list[Event],
        what: str,
    ) -> bool:
        pool = self._pool(f, skill, target, modifier)
        rolls = self._roll(pool)
        ok = min(rolls) <= THRESHOLD[diff]
        self.emit(
            events,
            "check",
            f"{f.label}: {display(skill)} {diff} to {what} {_dice(pool, rolls)}"
            f" {'succeeds' if ok else 'fails'}.",
            f.actor,
            pool=list(pool),
            dice=rolls,
            success=ok,
        )
        return ok

    def _use(self, f: Fighter, t: Fighter | None, action: Action, modifier: int, events: list[Event]) -> None:
        kind, diff = action.kind, action.difficulty or "medium"
        whom = f" {t.label}" if t else ""
        if not self._check(f, USE_SKILL[kind], t, diff, modifier, events, f"{USE_TEXT[kind]}{whom}"):
            return
        until = self.round + DURATION[diff]
        rounds = DURATION[diff]
        span = f"{rounds} round{'s' if rounds > 1 else ''}"
        if kind == "provoke":
            assert t is not None
            pool = build_pool(
                t.actor.composure,
                -(1 if t.held("tire", self.round) else 0),
                (4,) if t.no_d4_until >= self.round else (),
            )
            rolls = self._roll(pool)
            if min(rolls) <= THRESHOLD[diff]:
                self.emit(
                    events, "effect", f"{t.label} keeps its head (composure {_dice(pool, rolls)}).", t.actor
                )
            else:
                t.provoked_by = f
                self.emit(
                    events,
                    "effect",
                    f"{t.label} is provoked (composure {_dice(pool, rolls)}) and"
                    f" must come at {f.label} next.",
                    t.actor,
                )
        elif kind == "dodge":
            f.dodge_until = max(f.dodge_until, until)
            self.emit(events, "effect", f"{f.label} dodges: big bonus to armour checks for {span}.", f.actor)
        elif kind == "protect":
            assert t is not None
            t.protected_until = max(t.protected_until, until)
            self.emit(
                events,
                "effect",
                f"{f.label} guards {t.label}: big bonus to armour checks for {span}.",
                f.actor,
            )
        elif kind == "wrestle":
            assert t is not None
            effect = action.option("effect", "grab")
            t.holds[effect] = (f, until)
            self.wrestling = True
            self.emit(
                events,
                "effect",
                f"{f.label} wrestles {t.label}: {effect} for {span}.",
                f.actor,
                effect=effect,
            )
        elif kind == "perceive":
            assert t is not None
            f.perceive[id(t)] = max(f.perceive.get(id(t), 0), until)
            self.emit(
                events,
                "effect",
                f"{f.label} spots a weakness: 2s also bypass {t.label}'s armour for {span}.",
                f.actor,
            )
        elif kind == "lore":
            assert t is not None
            dice = tuple(sorted(set(f.lore.get(t.actor.creature, ())) | set(LORE_DICE[diff])))
            f.lore[t.actor.creature] = dice
            f.actor.lore[t.actor.creature] = list(dice)  # kept on the sheet for every later contest
            named = " and ".join(f"d{s}" for s in dice)
            self.emit(
                events,
                "effect",
                f"{f.label} recalls what is known of {t.actor.creature}s:"
                f" {named} in every pool against them.",
                f.actor,
            )
        elif kind == "focus":
            assert t is not None
            f.primary, f.primary_until = t, until
            self.emit(
                events,
                "effect",
                f"{f.label} keeps {t.label} between itself and the rest: the others take a big"
                f" penalty to damage {f.label} for {span}.",
                f.actor,
            )
        elif kind == "wonder":
            assert t is not None
            t.no_d4_until = max(t.no_d4_until, until)
            self.emit(events, "effect", f"{t.label} is awed and loses its d4 for {span}.", t.actor)
        elif kind == "intuition":
            assert t is not None
            if t.cut_round == self.round:
                self.emit(events, "effect", f"{t.label}'s armour was already read this round.", t.actor)
            else:
                t.cut, t.cut_by, t.cut_round = DURATION[diff], f, self.round
                self.reading = True
                self.emit(
                    events,
                    "effect",
                    f"{f.label} reads {t.label}: its armour is {t.cut} lower until {f.label}'s next turn.",
                    f.actor,
                )

    def _escape(self, f: Fighter, events: list[Event]) -> None:
        if not self._may_escape(f):
            self.emit(events, "idle", f"{f.label} cannot get away now.", f.actor)
            return
        if not self._check(f, "perception-escape", None, self.escape_difficulty, 0, events, "escape"):
            return
        if self.kind == "physical":
            for g in self._foes(f):
                talent = g.actor.talent("melee-protect")
                if not talent:
                    continue
                pool = build_pool(talent)
                rolls = self._roll(pool)
                if min(rolls) > THRESHOLD["medium"]:
                    self.emit(
                        events,
                        "miss",
                        f"{g.label} swings at the fleeing {f.label} {_dice(pool, rolls)} and misses.",
                        g.actor,
                    )
                    continue
                damage = self._armour(g, f, rolls, DAMAGE["medium"], events)
                before = f.taken.copy()
                self._land(g, f, damage, 0, "melee", events)
                if f.taken != before:
                    self.emit(
                        events, "effect", f"{g.label}'s parting blow stops {f.label} getting away.", g.actor
                    )
                    self._defeats(events)
                    return
        self._out(f, "fled")
        self.emit(events, "escape", f"{f.label} escapes the contest.", f.actor)

    # -- the end ---------------------------------------------------------------------------------
    def _finish(self, events: list[Event], reason: str | None = None) -> None:
        if self.finished:
            return
        self.finished = True
        self.emit_end(events, reason)
        for f in self.order:
            a = f.actor
            a.fortitude, a.resilience, a.craftiness = a.fortitude_max, a.resilience_max, a.craftiness_max
        self.emit(
            events,
            "recover",
            "Everyone catches their breath: fortitude, resilience and craftiness are full again.",
        )

    def end(self, reason: str | None = None) -> list[Event]:
        """Stop here (someone concedes, the GM calls it): buffers refill, nobody wins."""
        events: list[Event] = []
        if not self.finished:
            self.round = max(self.round, 1)
            self._finish(events, reason)
        return events


def _dice(pool: tuple[int, ...], rolls: list[int]) -> str:
    return "[" + " ".join(f"d{s}:{r}" for s, r in zip(pool, rolls, strict=True)) + "]"


def policy(actor: NinePowersActor, contest: Contest, rng: Rng) -> Action:
    """Attack the foe closest to defeat at the difficulty with the best expected damage.

    Player characters spend being set up well, or leverage, on their first
    attack; heroism is kept for monsters' tricks.
    """
    f = contest.fighter(actor)
    foes = contest._foes(f)
    if f.provoked_by is not None and f.provoked_by.out is None:
        foes = [f.provoked_by]
    if not foes:
        raise RulesError(f"{f.label} has nobody to act against")
    buffer, real = contest.buffer, contest.real
    target = min(foes, key=lambda g: (getattr(g.actor, buffer) + getattr(g.actor, real), g.index))
    if contest.kind == "physical":
        skill = contest.attack_skills(actor)[0]
    else:
        skill = max(DAMAGING[contest.kind], key=lambda s: (actor.rating(s), -SPEED[s]))
    boost = None
    if actor.is_pc:
        boost = "setup" if actor.set_up_well else "leverage" if actor.leverage else None
    pool = contest._pool(f, skill, target, 2 if boost else 0, damaging=True)
    left = getattr(target.actor, buffer) + getattr(target.actor, real)
    best = best_difficulty(pool, left, actor.extra_damage)
    return Action(actor, "attack", target.actor, skill, best, {"boost": boost} if boost else None)


@lru_cache(maxsize=4096)
def best_difficulty(pool: tuple[int, ...], left: int, extra: int) -> str:
    """The difficulty with the most expected damage that still counts against `left` points."""
    best, best_value = "medium", -1.0
    for d in ("medium", "easy", "tough"):
        value = success_chance(pool, THRESHOLD[d]) * min(DAMAGE[d] + extra, left)
        if value > best_value + 1e-12:
            best, best_value = d, value
    return best
