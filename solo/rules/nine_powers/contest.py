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

from dataclasses import field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from solo.dice import Rng
from solo.rules.engine import (
    Action,
    ActionTemplate,
    Declare,
    Encounter,
    Event,
    Odds,
    RulesError,
    Seat,
    choose,
    full_degrees,
    seat_state,
)
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
from solo.rules.nine_powers.tracks import BOOSTS, actor_pool, can_spend, spend
from solo.rules.options import Option
from solo.rules.targets import live_target
from solo.rules.tracks import take
from solo.rules.words import moved, plural

if TYPE_CHECKING:
    from solo.rules.nine_powers.system import NinePowers

KINDS = ("physical", "social", "crafting")
DAMAGING = {
    "physical": ("shoot-throw", "melee-protect"),
    "social": ("bargain-wonder", "disguise-etiquette", "intuition-hearthwork", "gamble-provoke"),
    "crafting": ("alchemy", "machinery", "musing", "intuition-hearthwork"),
}


class Use(NamedTuple):
    """One thing a fighter may do in a contest, declared once."""

    skill: str  # the skill it rolls ("": an attack's is the weapon's, waiting rolls none)
    target: str | None  # whom it aims at: "enemy", "ally" or nobody
    text: str  # what the journal says it does ("look for weak spots on" the Goblin)
    done: str = ""  # what it says when an effect takes hold (f: who, t: whom, span: how long)


USES = {
    "attack": Use("", "enemy", "attack"),
    "provoke": Use("gamble-provoke", "enemy", "provoke"),
    "dodge": Use("acrobatics-climb", None, "dodge", "{f} dodges: big bonus to armour checks for {span}."),
    "protect": Use("melee-protect", "ally", "protect",
                   "{f} guards {t}: big bonus to armour checks for {span}."),
    "wrestle": Use("wrestle-disarm", "enemy", "wrestle", "{f} wrestles {t}: {effect} for {span}."),
    "perceive": Use("perception-escape", "enemy", "look for weak spots on",
                    "{f} spots a weakness: 2s also bypass {t}'s armour for {span}."),
    "lore": Use("identify-lore", "enemy", "recall lore about"),
    "wonder": Use("bargain-wonder", "enemy", "awe", "{t} is awed and loses its d4 for {span}."),
    "intuition": Use("intuition-hearthwork", "enemy", "read the armour of"),
    "escape": Use("perception-escape", None, "escape"),
    "focus": Use("perception-escape", "enemy", "make a primary opponent of", "{f} keeps {t} between itself"
                 " and the rest: the others take a big penalty to damage {f} for {span}."),
    "wait": Use("", None, "wait and watch"),
}
TARGETS = {kind: use.target for kind, use in USES.items()}  # looked up on every turn of every fight
PHYSICAL_ONLY = ("dodge", "protect", "wrestle")
ARMOUR_USES = ("perceive", "intuition")
LORE_DICE = {"easy": (20,), "medium": (12,), "tough": (12, 20)}
WRESTLE_EFFECTS = ("grab", "slow", "dominate", "tire", "shield")


def armor_difficulty(shield: bool, two_handed: bool) -> str:
    if shield:
        return "medium" if two_handed else "easy"
    return "tough" if two_handed else "medium"


ARMOUR_CHECK = {(shield, two): armor_difficulty(shield, two) for shield in (False, True)
                for two in (False, True)}  # looked up for every armour check of every forecast fight


def social_armor(actor: NinePowersActor) -> int:
    """Reputation on the sheet, or the Disguise/Etiquette talent's rating, whichever is more."""
    return max(actor.social_armor, actor.talent("disguise-etiquette"))


@seat_state
class Fighter(Seat):
    """A seat in a contest, with the effects that hold on it."""

    if TYPE_CHECKING:
        actor: NinePowersActor  # a contest seats only Nine Powers actors
    dodge_until: int = 0
    protected_until: int = 0
    no_d4_until: int = 0
    perceive: dict[int, int] = field(default_factory=dict)
    lore: dict[str, tuple[int, ...]] = field(default_factory=dict)
    cut: int = 0
    cut_by: Fighter | None = None
    cut_round: int = 0
    provoked_by: Fighter | None = None
    holds: dict[str, tuple[Fighter, int]] = field(default_factory=dict)
    last_damaged: int = -10
    negated_round: int = 0
    negated: int = 0
    primary: Fighter | None = None
    primary_until: int = 0
    dealt_last: int = 0
    dealt_now: int = 0
    last_hit_by: str = "melee"
    #: pools built so far, by (skill, modifier, banned, added dice): a fighter's ratings and standing
    #: penalties hold while it is in the contest (a wound comes only with defeat), and in a rematch
    pools: dict[tuple[Any, ...], tuple[int, ...]] = field(default_factory=dict)
    kept = ("pools",)

    def __init__(self, actor: NinePowersActor, side: str, label: str, index: int):
        Seat.__init__(self, actor, side, label, index)
        self.lore = {k: tuple(v) for k, v in actor.lore.items()}

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
    seat_class = Fighter
    phase = Declare()
    policy_valid = True  # `policy` attacks a foe it may face, with a damaging skill and a boost it has
    quick_rematch = True  # a fighter's state comes from its sheet (`Fighter`); the rest is settings
    seats: list[Fighter]  # type: ignore[assignment]
    system: NinePowers

    declared_options = (
        Option("kind", "choice", "a physical, social or crafting contest", KINDS),
        Option("initiative", "choice", "the side that started it (goes first in round 1)", ("party", "foes")),
        Option("same_skill", "choice", "actors using the same skill: act at once, or the one who dealt more"
               " damage first", ("simultaneous", "more-damage-first")),
        Option("wounds", "flag", "a defeated player character rolls a wound"),
        Option("social_armor", "flag", "social armour counts in a social contest"),
        Option("heroism", "choice", "spend heroism on monsters' tricks automatically, or never",
               ("auto", "never")),
        Option("escape_difficulty", "choice", "how hard escaping is", DIFFICULTIES),
    )

    def __init__(self, system: Any, sides: Any, rng: Rng, **options: Any):
        super().__init__(system, sides, rng, **options)
        self.kind = self.rule("kind", "physical")
        self.initiative = self.options.get("initiative")
        if self.initiative is not None and self.initiative not in self.sides:
            raise RulesError(f"initiative must name a side ({', '.join(self.sides)}),"
                             f" not {self.initiative!r}")
        self.same_skill = self.rule("same_skill", "simultaneous")
        self.wounds = self.rule("wounds", True)
        self.heroism = self.rule("heroism", "auto")
        self.escape_difficulty = difficulty(self.rule("escape_difficulty", "medium"))
        self.armoured = self.kind == "physical" or self.kind == "social" and self.rule("social_armor", True)
        self.buffer, self.real = CONTEST_TRACKS[self.kind]
        self.count_sides()
        self.wrestling = False
        self.reading = False  # someone has used Intuition: armour cuts to expire
        self.allowed = tuple(self.uses())
        self.struck = True  # a real pool may be at 0 (someone came in at 0, or damage landed): look

    @property
    def title(self) -> str:
        return f"{self.kind} contest"

    def fighter(self, actor: Any) -> Fighter:
        """`seat`, typed as the fighter it is (asked on every turn: the kernel's lookup, written out)."""
        seat = self._seats.get(id(actor))
        return seat if seat is not None else self.seat(actor)  # type: ignore[return-value]

    def _foes(self, f: Fighter) -> list[Fighter]:
        """`foes_of`, typed as the fighters they are."""
        return [g for g in self.seats if g.out is None and g.side != f.side]

    # -- what may be done -----------------------------------------------------------
    def uses(self) -> list[str]:
        kinds = ["attack", "provoke", "lore", "wonder", "escape", "focus", "wait"]
        if self.kind == "physical":
            kinds += list(PHYSICAL_ONLY)
        if self.armoured:
            kinds += list(ARMOUR_USES)
        return kinds

    def attack_skills(self, actor: NinePowersActor) -> tuple[str, ...]:
        """The skills that can deal damage here, the actor's weapon skill first.

        Wrestle/Disarm is never among them: wrestling only ever brings one of
        its effects, so a weapon that names it (an old sheet's net) falls
        back to Melee/Protect.
        """
        return _attack_order(self.kind, actor.attack_skill)

    def _facing(self, f: Fighter) -> list[Fighter]:
        """The foes f may act against: all of them, or only whoever provoked it."""
        if f.provoked_by is not None and f.provoked_by.out is None:
            return [f.provoked_by]
        return [g for g in self.seats if g.out is None and g.side != f.side]  # `_foes`

    def seat_templates(self, f: Fighter) -> list[ActionTemplate]:  # type: ignore[override]
        foes = tuple(g.actor for g in self._facing(f))
        friends = tuple(g.actor for g in self.friends_of(f))
        hard = (("difficulty", DIFFICULTIES),)
        out: list[ActionTemplate] = []

        def add(kind: str, skill: str, targets: tuple[Any, ...], what: str, **fixed: Any) -> None:
            label = f"{display(skill)} {f.actor.rating(skill)}: {what}"
            out.append(ActionTemplate(kind, label, targets, hard, (("skill", skill), *fixed.items()),
                                      (("difficulty", "medium"),)))

        for skill in self.attack_skills(f.actor):
            add("attack", skill, foes, "attack")
        for use in ("perceive", "intuition", "provoke", "wonder", "lore", "focus"):
            if use == "focus" and not f.actor.talent("perception-escape"):
                continue
            if use in self.allowed:
                add(use, USES[use].skill, foes, USES[use].text)
        if "wrestle" in self.allowed:
            for effect in WRESTLE_EFFECTS:
                add("wrestle", USES["wrestle"].skill, foes, f"wrestle ({effect})", effect=effect)
        if "dodge" in self.allowed:
            add("dodge", USES["dodge"].skill, (), "dodge")
        if "protect" in self.allowed and friends:
            add("protect", USES["protect"].skill, friends, "protect")
        if self._may_escape(f):
            skill = USES["escape"].skill
            out.append(ActionTemplate("escape", f"{display(skill)} {f.actor.rating(skill)}: escape"
                                      f" ({self.escape_difficulty})", (), (),
                                      (("skill", skill), ("difficulty", self.escape_difficulty))))
        out.append(ActionTemplate("wait", "wait and watch"))
        return out

    def describe(self, action: Action) -> str:
        kind, skill, diff, options = action.kind, action.skill, action.difficulty, action.options
        if kind == "wait":
            return USES[kind].text
        whom = f" {self.label(action.target)}" if action.target is not None else ""
        rated = f"{display(skill)} {action.actor.rating(skill)}: " if skill else ""  # type: ignore[attr-defined]
        what = f"{rated}{USES[kind].text}{whom}"  # a dodge or an escape has nobody to name
        if kind == "wrestle":
            what += f" ({(options or {}).get('effect', 'grab')})"
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
        if kind == "wait" or kind not in USES:
            return None
        skill, diff = self._rolls(f, action)
        target = self.fighter(action.target) if action.target is not None and kind != "escape" else None
        modifier = 2 if action.option("boost") and kind != "escape" else 0
        pool = self._pool(f, skill, target, modifier, damaging=kind == "attack")
        return Odds(self.system.id, full_degrees(degree_odds(pool, diff)),
                    {"skill": skill, "difficulty": diff, "pool": [f"d{s}" for s in pool]})

    def _rolls(self, f: Fighter, action: Action) -> tuple[str, str]:
        """The skill and difficulty an action rolls: an attack's skill as named (else the weapon's),
        a use's own skill, an escape at the contest's escape difficulty."""
        kind, named = action.kind, action.skill
        if kind != "attack":
            skill = USES[kind].skill
        elif named:
            skill = named if named in SPEED else skill_id(named)
        else:
            skill = self.attack_skills(f.actor)[0]
        if kind == "escape":
            return skill, self.escape_difficulty
        given = action.difficulty
        return skill, given if given in THRESHOLD else difficulty(given or "medium")  # type: ignore[return-value]

    # -- declaring ---------------------------------------------------------------------
    def declared(self, f: Fighter, action: Action, events: list[Event]) -> None:  # type: ignore[override]
        f.provoked_by = None
        if self.record:
            self.emit(events, "intent", f"{f.label} intends to {action.label or action.kind}.", f.actor,
                      round=self.round, action=action.to_dict())

    def validate(self, f: Fighter, action: Action) -> Action:  # type: ignore[override]
        kind = action.kind
        if kind not in USES:
            raise RulesError(f"unknown contest action {kind!r}; known: {', '.join(USES)}")
        if kind not in self.allowed:
            raise RulesError(f"{kind} is not possible in a {self.kind} contest")
        if kind == "wait":
            return Action(f.actor, "wait", label="wait and watch")
        if kind == "attack" and action.skill in SPEED and action.difficulty in THRESHOLD:
            skill, diff = action.skill, action.difficulty  # as the rules read them (the NPC policy's are)
        else:
            skill, diff = self._rolls(f, action)
        if kind == "attack":
            damaging = self.attack_skills(f.actor)
            if skill not in damaging:
                raise RulesError(
                    f"{display(skill)} deals no damage in a {self.kind} contest; attack with"
                    f" {', '.join(display(s) for s in damaging)}"
                    + (" or wrestle for an effect" if skill == "wrestle-disarm" else "")
                )
        g = self.check_target(f, action, TARGETS[kind])
        if g is not None and TARGETS[kind] == "enemy" and f.provoked_by is not None \
                and f.provoked_by.out is None and g is not f.provoked_by:
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
            can_spend(f.actor, boost)
        if kind == "wrestle":
            options["effect"] = choose(options.get("effect", "grab"), WRESTLE_EFFECTS, "wrestling effect")
        target = g.actor if g is not None else None
        if target is action.target and skill == action.skill and diff == action.difficulty and (
                options or None) == action.options:
            checked = action  # already as the rules read it (the NPC policy's actions are)
        else:
            checked = Action(f.actor, kind, target, skill, diff, options or None)
        if self.record:
            checked.label = self.describe(checked)
        return checked

    # -- resolving a round ------------------------------------------------------------------
    def resolve_round(self, events: list[Event]) -> None:
        now = self.round
        acting = [f for f in self.seats if f.out is None and f.action is not None]
        for f in acting:
            f.dealt_now = 0

        opening = self.initiative if now == 1 else None  # the side that started it goes first
        by_damage = self.same_skill == "more-damage-first"

        def order(f: Any) -> Any:
            """Who started it first in round 1, then the quickest skill (then more damage dealt)."""
            first = 100 if opening is not None and f.side != opening else 0
            speed = SPEED.get(f.action.skill or "", len(SKILL_IDS))  # everyone acting has declared
            return (first + speed, -f.dealt_last) if by_damage else first + speed

        for group in self.in_turns(acting, order):
            if self._live <= 1:  # `live_sides`
                break
            hits: list[tuple[Fighter, Fighter, int, int, str]] = []
            fighter: Any
            for fighter in group:
                if fighter.out is None:
                    hits.extend(self._turn(fighter, events))
            for hit in hits:
                self._land(*hit, events)
            self._defeats(events)
        for f in self.seats:
            f.dealt_last = f.dealt_now
            if f.cut and f.cut_round < now:
                f.cut = 0

    def _turn(self, f: Fighter, events: list[Event]) -> list[tuple[Fighter, Fighter, int, int, str]]:
        action = f.action
        assert action is not None
        if self.reading:
            for g in self.seats:  # Intuition lasts until the user's next turn
                if g.cut_by is f and g.cut_round < self.round:
                    g.cut = 0
        modifier = 0
        kind, options = action.kind, action.options
        boost = options.get("boost") if options else None
        if boost:
            modifier += 2
            self.emit(events, "spend", f"{f.label} spends {spend(f.actor, boost)} for a big bonus.", f.actor)
        if kind == "wait":
            self.emit(events, "wait", f"{f.label} waits and watches.", f.actor)
            return []
        if kind == "escape":
            self._escape(f, events)
            return []
        target = None
        if action.target is not None:
            target = self.fighter(action.target)
            if target.out is not None:  # fallen before this turn came
                ally = TARGETS[kind] == "ally"
                target = cast(Fighter | None, live_target(self, f, action, events, ally=ally,
                                                          idle="has nobody left to protect"))
                if target is None:
                    return []
        if kind == "attack":
            return self._attack(f, target, action, modifier, events)
        self._use(f, target, action, modifier, events)
        return []

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
        key = (skill, modifier, banned, extra)
        pool = f.pools.get(key)
        if pool is None:
            pool = f.pools[key] = actor_pool(f.actor, skill, modifier, banned, extra)
        return pool

    def _roll(self, pool: tuple[int, ...]) -> list[int]:
        return self.rng.dice(pool)

    def _attack(
        self, f: Fighter, target: Fighter | None, action: Action, modifier: int, events: list[Event]
    ) -> list[tuple[Fighter, Fighter, int, int, str]]:
        assert target is not None and action.skill is not None and action.difficulty is not None
        skill, diff = action.skill, action.difficulty
        pool = self._pool(f, skill, target, modifier, damaging=True)
        rolls = self.rng.dice(pool)
        hit = min(rolls) <= THRESHOLD[diff]
        damage = 0
        if hit:
            damage = DAMAGE[diff] + f.actor.extra_damage
            if self.round == 1 and self.initiative == f.side:  # an ambush: Stealth adds its rating
                damage += f.actor.talent("stealth-track")
        if self.record:
            what = f"{f.label}: {display(skill)} {diff} against {target.label} {_dice(pool, rolls)}"
            extra = {"damage": damage} if hit else {}
            self.emit(events, "hit" if hit else "miss", f"{what} succeeds for {damage} damage." if hit
                      else f"{what} fails.", f.actor, pool=list(pool), dice=rolls, **extra)
        if not hit:
            return []
        kind = self.kind
        attack_kind = kind if kind != "physical" else "ranged" if skill == "shoot-throw" else "melee"
        hits: list[tuple[Fighter, Fighter, int, int, str]] = []
        special = f.actor.special
        if special and any(r == 1 and s in (4, 6, 8) for s, r in zip(pool, rolls, strict=True)):
            name = special.get("name", "special attack")
            if target.actor.is_pc and target.actor.heroism > 0 and self.heroism == "auto":
                target.actor.heroism -= 1
                self.emit(events, "heroism", f"{target.label} spends 1 heroism and avoids the {f.label}'s"
                          f" {name} ({target.actor.heroism} left).", target.actor)
            else:
                past = int(special.get("damage", 1))
                self.emit(events, "special", f"{f.label}'s {name}: {special.get('text', '')}"
                          f" ({past} damage past armour).", f.actor)
                hits.append((f, target, past, 0, attack_kind))
        if self.armoured:
            damage = self._armour(f, target, rolls, damage, events)
        if damage > 0:
            skip = 0
            talents = f.actor.talents  # `talent`, written out: every hit of every forecast fight asks
            if self.kind == "physical" and talents.get("wrestle-disarm"):
                if any(h[0] is f and h[1] >= self.round for h in target.holds.values()):
                    skip = talents["wrestle-disarm"]
            elif self.kind == "social" and talents.get("disguise-etiquette"):
                skip = talents["disguise-etiquette"]
            hits.append((f, target, damage, skip, attack_kind))
        return hits

    def _armour(self, f: Fighter, t: Fighter, rolls: list[int], damage: int, events: list[Event]) -> int:
        now = self.round
        rating = t.actor.armor if self.kind == "physical" else social_armor(t.actor)
        if t.cut:
            rating -= t.cut
        if rating <= 0:  # dodging or being protected improves an armour check, never grants one
            return damage
        bonus = (
            2
            if (
                (t.dodge_until >= now and (not t.holds or t.held("slow", now) is None))
                or t.protected_until >= now
            )
            else 0
        )
        ones = rolls.count(1)
        talent = t.actor.talents.get("acrobatics-climb", 0) if ones else 0
        if talent:
            if t.negated_round != now:
                t.negated_round, t.negated = now, 0
            cancel = min(ones, talent - t.negated)
            t.negated += cancel
            ones -= cancel
        twos = rolls.count(2) if f.perceive and f.perceive.get(id(t), 0) >= now else 0
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
            and any(g.held("shield", now) is t and g is not f for g in self.seats if g.side != t.side)
        )
        check = ARMOUR_CHECK[bool(shielded), f.actor.two_handed] if self.kind == "physical" else "medium"
        modifier = bonus - (1 if t.holds and t.held("tire", now) is not None else 0)
        banned = (4,) if t.no_d4_until >= now else ()
        pool = build_pool(max(rating, 0), modifier, banned)
        arolls = self.rng.dice(pool)
        held = min(arolls) <= THRESHOLD[check]
        kept = min(damage, bypass) if held else damage
        if self.record:
            how = f"holds: {kept} of {damage} damage gets through" if held else "fails"
            self.emit(events, "armour", f"{t.label}'s {check} armour check {_dice(pool, arolls)} {how}.",
                      t.actor, pool=list(pool), dice=arolls)
        return kept

    def _land(
        self, f: Fighter, t: Fighter, amount: int, skip: int, attack_kind: str, events: list[Event]
    ) -> None:
        if t.out is not None:
            return
        buffer, real = self.buffer, self.real
        before = {buffer: getattr(t.actor, buffer), real: getattr(t.actor, real)} if self.record else {}
        from_buffer, from_real = take(t.actor, (buffer, real), amount, skip)
        if from_buffer or from_real:
            if from_buffer:  # written out, not Seat.add: every hit of every forecast fight lands here
                t.taken[buffer] = t.taken.get(buffer, 0) + from_buffer
            if from_real:
                t.taken[real] = t.taken.get(real, 0) + from_real
                self.struck = True
            t.last_damaged = self.round
            t.last_hit_by = attack_kind
            f.dealt_now += from_buffer + from_real
            if self.record:
                text = f"{t.label} takes {from_buffer + from_real}: {', '.join(moved(t.actor, before))}."
                self.emit(events, "damage", text, t.actor, buffer=from_buffer, real=from_real)

    def _defeats(self, events: list[Event]) -> None:
        if not self.struck:  # no real pool has fallen since the last look
            return
        self.struck = False
        for t in self.seats:
            if t.out is None and getattr(t.actor, self.real) <= 0:
                self.put_out(t, "defeated")
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
        if not self._check(f, USES[kind].skill, t, diff, modifier, events, f"{USES[kind].text}{whom}"):
            return
        until = self.round + DURATION[diff]
        effect = action.option("effect", "grab")
        if kind == "dodge":
            f.dodge_until = max(f.dodge_until, until)
        else:
            assert t is not None  # every other use aims at someone
            apart = {"provoke": self._provoke, "lore": self._lore, "intuition": self._intuition}.get(kind)
            if apart is not None:
                return apart(f, t, diff, events)
            if kind == "protect":
                t.protected_until = max(t.protected_until, until)
            elif kind == "wrestle":
                t.holds[effect] = (f, until)
                self.wrestling = True
            elif kind == "perceive":
                f.perceive[id(t)] = max(f.perceive.get(id(t), 0), until)
            elif kind == "focus":
                f.primary, f.primary_until = t, until
            else:  # wonder
                t.no_d4_until = max(t.no_d4_until, until)
        span = plural(DURATION[diff], "round")
        text = USES[kind].done.format(f=f.label, t=t.label if t else "", effect=effect, span=span)
        self.emit(events, "effect", text, (t if kind == "wonder" and t else f).actor,
                  **({"effect": effect} if kind == "wrestle" else {}))

    def _provoke(self, f: Fighter, t: Fighter, diff: str, events: list[Event]) -> None:
        """The target keeps its head with a composure check of the same difficulty, or must come at f."""
        pool = build_pool(t.actor.composure, -(1 if t.held("tire", self.round) else 0),
                          (4,) if t.no_d4_until >= self.round else ())
        rolls = self._roll(pool)
        if min(rolls) <= THRESHOLD[diff]:
            self.emit(events, "effect", f"{t.label} keeps its head (composure {_dice(pool, rolls)}).",
                      t.actor)
        else:
            t.provoked_by = f
            self.emit(events, "effect", f"{t.label} is provoked (composure {_dice(pool, rolls)}) and"
                      f" must come at {f.label} next.", t.actor)

    def _lore(self, f: Fighter, t: Fighter, diff: str, events: list[Event]) -> None:
        """The dice are kept on the sheet too, for every later contest against that kind of foe."""
        dice = tuple(sorted(set(f.lore.get(t.actor.creature, ())) | set(LORE_DICE[diff])))
        f.lore[t.actor.creature] = dice
        f.actor.lore[t.actor.creature] = list(dice)
        named = " and ".join(f"d{s}" for s in dice)
        self.emit(events, "effect", f"{f.label} recalls what is known of {t.actor.creature}s:"
                  f" {named} in every pool against them.", f.actor)

    def _intuition(self, f: Fighter, t: Fighter, diff: str, events: list[Event]) -> None:
        """Armour down by 1/2/3 until f's next turn, at most once per foe per round."""
        if t.cut_round == self.round:
            self.emit(events, "effect", f"{t.label}'s armour was already read this round.", t.actor)
            return
        t.cut, t.cut_by, t.cut_round = DURATION[diff], f, self.round
        self.reading = True
        self.emit(events, "effect", f"{f.label} reads {t.label}: its armour is {t.cut} lower until"
                  f" {f.label}'s next turn.", f.actor)

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
        self.put_out(f, "fled")
        self.emit(events, "escape", f"{f.label} escapes the contest.", f.actor)

    # -- the end ---------------------------------------------------------------------------------
    def on_finish(self, events: list[Event], reason: str | None) -> None:
        """Buffers refill when the contest ends, however it ends; nobody wins a called-off one."""
        for f in self.seats:
            a = f.actor
            a.fortitude, a.resilience, a.craftiness = a.fortitude_max, a.resilience_max, a.craftiness_max
        self.emit(
            events,
            "recover",
            "Everyone catches their breath: fortitude, resilience and craftiness are full again.",
        )


def _dice(pool: tuple[int, ...], rolls: list[int]) -> str:
    return "[" + " ".join(f"d{s}:{r}" for s, r in zip(pool, rolls, strict=True)) + "]"


def policy(actor: NinePowersActor, contest: Contest, rng: Rng) -> Action:
    """Attack the foe closest to defeat at the difficulty with the best expected damage.

    Player characters spend being set up well, or leverage, on their first
    attack; heroism is kept for monsters' tricks.
    """
    f = contest.fighter(actor)
    foes = contest._facing(f)
    if not foes:
        raise RulesError(f"{f.label} has nobody to act against")
    buffer, real = contest.buffer, contest.real
    target, left = foes[0], getattr(foes[0].actor, buffer) + getattr(foes[0].actor, real)
    for g in foes[1:]:  # `targets.weakest`, written out: the forecast asks this every NPC turn
        points = getattr(g.actor, buffer) + getattr(g.actor, real)
        if points < left or points == left and g.index < target.index:
            target, left = g, points
    if contest.kind == "physical":
        skill = _attack_order("physical", actor.attack_skill)[0]  # `attack_skills`: the weapon's first
    else:
        skill = max(DAMAGING[contest.kind], key=lambda s: (actor.rating(s), -SPEED[s]))
    boost = None
    if actor.kind == "pc":  # `is_pc`
        boost = "setup" if actor.set_up_well else "leverage" if actor.leverage else None
    pool = contest._pool(f, skill, target, 2 if boost else 0, damaging=True)
    best = best_difficulty(pool, left, actor.extra_damage)
    return Action(actor, "attack", target.actor, skill, best, {"boost": boost} if boost else None)


@lru_cache(maxsize=256)
def _attack_order(kind: str, weapon_skill: str | None) -> tuple[str, ...]:
    """The damaging skills of a contest kind, the weapon's skill (else Melee/Protect) first, then by speed."""
    skills = DAMAGING[kind]
    first = weapon_skill if weapon_skill in skills else "melee-protect"
    return tuple(sorted(skills, key=lambda s: (s != first, SPEED[s])))


@lru_cache(maxsize=4096)
def best_difficulty(pool: tuple[int, ...], left: int, extra: int) -> str:
    """The difficulty with the most expected damage that still counts against `left` points."""
    best, best_value = "medium", -1.0
    for d in ("medium", "easy", "tough"):
        value = success_chance(pool, THRESHOLD[d]) * min(DAMAGE[d] + extra, left)
        if value > best_value + 1e-12:
            best, best_value = d, value
    return best
