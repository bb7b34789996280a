"""Nine Powers behind the neutral vocabulary.

Checks roll a pool of different dice and succeed on a low one (any die <= 3
easy, <= 2 medium, 1 tough); the neutral "hard" is tough.  A neutral check
names an approach and uses the character's best skill for it
(`skills.APPROACH_MAP`); `skill=` names one directly, and stamina, composure
and wealth can be rolled the same way.

Outside contests a player character may take a die showing 1 out of the
pool and turn it into momentum (set up well, or leverage when already set up
well) or a clue; the check is then judged on the dice left (the text says
"without the eight-sided die" in its example, evidently meaning the removed
die).  Being set up well, leverage, or a point of heroism (a flashback) buys
a big bonus on any roll.

Neutral harm is damage of 1/2/3 (minor/moderate/major, the damage of an
easy/medium/tough success) to body (fortitude then stamina), mind
(resilience then composure) or resources (craftiness then wealth).  Neutral
recovery gives the same amounts back, buffer first; resources recovery stands
for income or treasure found, so it may raise wealth once craftiness is full.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

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
from solo.rules.nine_powers import build, economy, tracks
from solo.rules.nine_powers.character import (
    BUFFERS,
    REALS,
    TRACKS,
    NinePowersActor,
    actor_from_dict,
)
from solo.rules.nine_powers.contest import Contest, policy
from solo.rules.nine_powers.moves import MOVES
from solo.rules.nine_powers.pools import (
    DAMAGE,
    DIFFICULTIES,
    THRESHOLD,
    build_pool,
    degree,
    degree_odds,
    difficulty,
    roll_pool,
    steps,
)
from solo.rules.nine_powers.skills import (
    APPROACH_MAP,
    GROUP_SKILLS,
    GROUPS,
    SKILL_IDS,
    display,
    skill_or_track,
)
from solo.rules.nine_powers.tracks import BOOSTS, actor_pool, standing_penalty
from solo.rules.options import Option, given
from solo.rules.tabled import TabledSystem
from solo.rules.tracks import give, take
from solo.rules.words import headline, listed, moved, plural, track

RESTED = ("stamina", "composure", "heroism", "fortitude", "resilience", "craftiness")
SIZE_POINTS = {"minor": 1, "moderate": 2, "major": 3}
TRADES = ("momentum", "setup", "leverage", "clue")
WOUND_TABLES = {
    "melee": "melee",
    "ranged": "ranged",
    "physical": "melee",
    "social": "social",
    "crafting": "crafting",
}


class NinePowers(TabledSystem):
    id = "nine-powers"
    name = short_name = "Nine Powers"
    npc_table = build.NPCS
    actor_class = NinePowersActor
    actor_noun = "a Nine Powers character"
    approach_map = APPROACH_MAP
    difficulty_names = DIFFICULTIES
    _SIZES = ("small", "big")
    _BONUS = Option("bonus", "choice", "one (small) or two (big) dice more", _SIZES)
    _PENALTY = Option("penalty", "choice", "one (small) or two (big) dice fewer", _SIZES)
    check_options = (
        Option("skill", "text", "the system's own skill instead of an approach (Melee/Protect, wealth...)"),
        _BONUS,
        _PENALTY,
        Option("spend", "choice", "spend it for a big bonus on this roll",
               ("set-up-well", "leverage", "heroism", "setup")),
        Option("trade", "choice", "if a die shows 1, take it out and bank it as this (momentum: set up well,"
               " else leverage, else a clue); the check is judged on the dice left",
               ("set-up-well", "leverage", "clue", "momentum", "setup")),
        Option("keep_success", "flag", "with --trade: trade the 1 only if the check still succeeds"
               " without it"),
        Option("use_talent", "flag", "roll the skill's talent rating instead", cli="talent"),
    )
    odds_options = (
        Option("rating", "int", "skill rating (pool size) 1-6", minimum=1, maximum=6),
        Option("difficulty", "text", "easy, medium or tough (or hard)", default="medium"),
        _BONUS,
        _PENALTY,
        Option("trade", "flag", "trade a rolled 1 for momentum"),
    )
    encounter_class = Contest
    npc_rules = staticmethod(policy)
    move_list = MOVES

    @property
    def formula(self) -> str:
        return str(self.house_rules.get("track_formula", "group-threes"))

    # -- characters -------------------------------------------------------------------
    def random_character(
        self, rng: Rng, *, name: str | None = None, role: str | None = None, npc: bool = False,
        label: str | None = None,
    ) -> NinePowersActor:
        """An NPC made this way is a whole character without heroism (heroism is for PCs, §2.2)."""
        actor = build.random_pc(rng, self.data, self.formula, name=name, role=role)
        if label:
            actor.concept = label
        if npc:
            actor.kind = "npc"
            actor.heroism = actor.heroism_max = 0
        return actor

    def creation(self, *, name: str | None = None) -> Creation:
        return build.creation(self.data, self.formula, name)

    def roles(self) -> list[str]:
        return sorted(self.data.keyed(build.CONCEPTS))

    def actor_from_dict(self, data: Mapping[str, Any]) -> NinePowersActor:
        return actor_from_dict(data)

    def npc_from_record(self, record: Mapping[str, Any]) -> NinePowersActor:
        return build.npc_from_record(record, self.formula)

    def stat_block(self, actor: Any) -> str:
        a = self.mine(actor)
        lines = [headline(a, "Nine Powers", a.concept)]
        width = max(len(display(s)) for s in SKILL_IDS) + 2
        columns = []
        for group in GROUPS:
            col = [group.capitalize().ljust(width + 4)]
            for s in GROUP_SKILLS[group]:
                talent = a.talent(s)
                mark = f"({talent})" if talent else "   "
                col.append(f"  {display(s).ljust(width)}{a.skills.get(s, 1)}{mark}")
            columns.append(col)
        for row in zip(*columns, strict=True):
            lines.append("".join(cell.ljust(width + 8) for cell in row).rstrip())
        lines.append("  ".join(track(a, b) for b in BUFFERS))
        lines.append("  ".join(track(a, r) for r in REALS))
        hands = "two-handed" if a.two_handed else "one-handed"
        heroism = f"  {track(a, 'heroism')}" if a.is_pc else ""
        lines.append(f"Armour: {a.armor_worn} (armor {a.armor}){heroism}")
        weapon = f"Weapon: {a.weapon} ({display(a.attack_skill)}, {hands}{', shield' if a.shield else ''})"
        if a.extra_damage:
            weapon += f"; +{a.extra_damage} damage per success"
        lines.append(weapon)
        if a.special:
            lines.append(
                f"Special: {a.special.get('name', '?')} - {a.special.get('text', '')}"
                f" ({a.special.get('damage', 1)} damage past armour on a 1 from its d4, d6 or d8)"
            )
        if a.is_pc:
            lines.append(
                f"Set up well: {'yes' if a.set_up_well else 'no'}  Leverage: {'yes' if a.leverage else 'no'}"
                f"  Clues: {a.clues}  Coins: {a.coins} silver  Tokens: {a.advancement_tokens}"
            )
        penalties = [f"{display(k)} -{p}" for k, p in a.skill_penalties.items() if p]
        lines.append(listed("Armour penalty", penalties))
        for w in a.wounds:
            lines.append(
                f"Wound: {w.get('location', '?')}, {w.get('description', '')}"
                f" (small penalty to {_scope(w.get('scope', ''))})"
            )
        lines.append(listed("Lore", [f"{kind} +{' +'.join(f'd{d}' for d in dice)}"
                                     for kind, dice in sorted(a.lore.items())], "; "))
        if a.social_armor or a.talent("disguise-etiquette"):
            lines.append(f"Social armour {max(a.social_armor, a.talent('disguise-etiquette'))}")
        lines += [listed("Carrying", a.inventory), listed("Notes", [a.notes])]
        return "\n".join(line for line in lines if line)

    def resources(self, actor: Any) -> str:
        a = self.mine(actor)
        parts = [track(a, t) for t in (*BUFFERS, *REALS, *(("heroism",) if a.is_pc else ()))]
        if a.wounds:
            parts.append(plural(len(a.wounds), "wound"))
        return " · ".join(parts)

    # -- checks -------------------------------------------------------------------------------
    def difficulty(self, value: Any) -> str:
        return difficulty(value)

    def skill_for(self, actor: NinePowersActor, approach: str | None, skill: str | None = None) -> str:
        """The named skill, else the character's best skill for the approach."""
        if skill:
            return skill_or_track(skill)
        if not approach:
            raise RulesError("a check needs an approach or a skill")
        options = self.approach_skills(approach)
        return max(options, key=lambda s: (actor.rating(s) - standing_penalty(actor, s), -options.index(s)))

    def _pool_for(
        self,
        actor: NinePowersActor,
        skill: str,
        bonus: Any,
        penalty: Any,
        spend: str | None,
        use_talent: bool = False,
    ) -> tuple[int, ...]:
        modifier = steps(bonus, penalty) + (2 if spend else 0)
        if use_talent:
            talent = actor.talent(skill)
            if talent < 1:
                raise RulesError(f"{actor.name} has no {display(skill)} talent to roll")
            return build_pool(talent, modifier - standing_penalty(actor, skill))
        return actor_pool(actor, skill, modifier)

    def check_odds(self, actor: Any, approach: str | None, difficulty: Any, **options: Any) -> Odds:
        o = given(self.check_options, options, "Nine Powers checks")
        a = self.mine(actor)
        sid = self.skill_for(a, approach, o.skill)
        diff = self.difficulty(difficulty)
        pool = self._pool_for(a, sid, o.bonus, o.penalty, o.spend, o.use_talent)
        odds = degree_odds(pool, diff, trade=bool(o.trade), keep_success=bool(o.keep_success))
        detail = {"skill": sid, "rating": a.rating(sid), "difficulty": diff, "pool": [f"d{s}" for s in pool]}
        return Odds(self.id, full_degrees(odds), detail)

    def odds_for(self, **parameters: Any) -> Odds:
        o = given(self.odds_options, parameters, "Nine Powers odds")
        rating = o.rating
        if rating is None:
            raise RulesError("Nine Powers odds need a rating (1-4, or 1-6 for pools)")
        diff = self.difficulty(o.difficulty)
        pool = build_pool(rating, steps(o.bonus, o.penalty))
        odds = degree_odds(pool, diff, trade=bool(o.trade))
        detail = {"rating": rating, "difficulty": diff, "pool": [f"d{s}" for s in pool],
                  "damage_in_contest": DAMAGE[diff]}
        return Odds(self.id, full_degrees(odds), detail)

    def odds_headline(self, odds: Odds) -> str:
        d = odds.detail
        return (f"{self.name}: rating {d['rating']} ({' '.join(d['pool'])}) at {d['difficulty']}:"
                f" success {percent(odds.success, 1)} ({odds.success})")

    def odds_chart(self) -> OddsChart:
        """Ratings 1-4 at each difficulty: the design note's table (75/50/25 ... 95/80/51), exactly."""
        rows = [(rating, " ".join(f"d{s}" for s in build_pool(rating, 0)),
                 [self.odds_for(rating=rating, difficulty=diff) for diff in DIFFICULTIES])
                for rating in range(1, 5)]
        return OddsChart(self.id, f"{self.name}: chance of success by skill rating and difficulty",
                         "rating", "difficulty", list(DIFFICULTIES), rows)

    def check(self, actor: Any, approach: str | None, difficulty: Any, rng: Rng,
              **options: Any) -> CheckResult:
        o = given(self.check_options, options, "Nine Powers checks")
        skill, spend, trade, use_talent = o.skill, o.spend, o.trade, o.use_talent
        a = self.mine(actor)
        sid = self.skill_for(a, approach, skill)
        diff = self.difficulty(difficulty)
        events: list[Event] = []
        if spend is not None:
            spend = choose(_setup_word(spend), BOOSTS, "spend")
            spent = tracks.spend(a, spend)
            events.append(Event("spend", f"{a.name} spends {spent} for a big bonus.", a.name))
        if trade is not None:
            trade = choose(_setup_word(trade), TRADES, "trade")
            if not a.is_pc:
                raise RulesError("only player characters trade a 1 for momentum or a clue")
            if trade == "setup" and a.set_up_well:
                raise RulesError(f"{a.name} is already set up well; trade for leverage or a clue")
            if trade == "leverage" and not a.set_up_well:
                raise RulesError(f"{a.name} must be set up well before a 1 can become leverage")
        pool = self._pool_for(a, sid, o.bonus, o.penalty, spend, use_talent)
        rolls = roll_pool(pool, rng)
        judged = list(zip(pool, rolls, strict=True))
        traded = None
        if trade is not None and 1 in rolls:
            index = rolls.index(1)
            rest = judged[:index] + judged[index + 1 :]
            rest_low = min((r for _, r in rest), default=None)
            if not o.keep_success or degree(rest_low, diff) != "fail":
                traded = self._gain(a, trade, events)
                judged = rest
        lowest = min((r for _, r in judged), default=None)
        result = degree(lowest, diff)
        dice = " ".join(f"d{s}:{r}" for s, r in zip(pool, rolls, strict=True))
        verdict = {"fail": "fails", "success": "succeeds", "strong": "succeeds strongly"}[result]
        text = f"{a.name}: {display(sid)} {diff} [{dice}] {verdict}"
        if traded:
            text += f" (a 1 traded for {traded})"
        detail = {
            "skill": sid,
            "rating": a.talent(sid) if use_talent else a.rating(sid),
            "talent": use_talent,
            "pool": [f"d{s}" for s in pool],
            "dice": rolls,
            "lowest": lowest,
            "beaten": None if lowest is None else {1: "tough", 2: "medium", 3: "easy"}.get(lowest),
            "traded": traded,
        }
        events.insert(0, Event("check", text, a.name, dict(detail, degree=result)))
        return CheckResult(self.id, a.name, approach, sid, diff, result, detail, text, events)

    def with_edge(self, difficulty: Any, options: Mapping[str, Any], edge: int) -> tuple[Any, dict[str, Any]]:
        """An edge is one more die (a small bonus), a setback one fewer; they add to any bonus given."""
        out = dict(options)
        net = steps(out.pop("bonus", None), out.pop("penalty", None)) + int(edge)
        if net > 0:
            out["bonus"] = net
        elif net < 0:
            out["penalty"] = -net
        return difficulty, out

    @staticmethod
    def _gain(a: NinePowersActor, trade: str, events: list[Event]) -> str:
        if trade == "clue" or (trade == "momentum" and a.set_up_well and a.leverage):
            a.clues += 1
            gained = "a clue"
        elif trade in ("setup", "momentum") and not a.set_up_well:
            a.set_up_well = True
            gained = "being set up well"
        else:
            a.leverage = True
            gained = "leverage"
        events.append(Event("momentum", f"{a.name} trades a 1 for {gained}.", a.name, {"gained": gained}))
        return gained

    def group_check(
        self,
        actors: list[Any],
        approach: str | None,
        difficulty: Any,
        rng: Rng,
        *,
        kind: str = "body",
        skill: str | None = None,
    ) -> CheckResult:
        """The best-rated member's roll decides; each other member who fails costs the leader 1 buffer."""
        kind = neutral_kind(kind) if actors else kind

        def best(group: Sequence[NinePowersActor]) -> NinePowersActor:
            return max(group, key=lambda a: a.rating(self.skill_for(a, approach, skill)))

        leader, result, rolls = group_roll(self, [self.mine(a) for a in actors], approach, difficulty, rng,
                                           best, lambda _: {}, skill=skill)
        failures = sum(not roll.success for _, roll in rolls)
        if failures:
            result.events.extend(self._damage(leader, kind, failures, "the group's stumbles"))
        result.detail["members_failed"] = failures
        return result

    # -- harm and recovery ----------------------------------------------------------------------
    def _damage(self, a: NinePowersActor, kind: str, amount: int, cause: str) -> list[Event]:
        buffer, real = TRACKS[kind]
        before = {buffer: getattr(a, buffer), real: getattr(a, real)}
        from_buffer, from_real = take(a, (buffer, real), amount)
        parts = moved(a, before)
        text = (f"{a.name} loses {from_buffer + from_real} ({cause}): {', '.join(parts)}." if parts
                else f"{a.name} has nothing left to lose to {cause}.")
        events = [Event("harm", text, a.name, {"kind": kind, "buffer": from_buffer, "real": from_real})]
        if from_real and getattr(a, real) == 0:
            events.append(Event("defeat", f"{a.name} is defeated ({real} 0).", a.name))
        return events

    def harm(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        a = self.mine(actor)
        kind, size = neutral_kind(kind), neutral_size(size)
        events = self._damage(a, kind, SIZE_POINTS[size], f"{size} {kind} harm")
        if (
            rng is not None
            and a.is_pc
            and any(e.kind == "defeat" for e in events)
            and self.house_rules.get("wounds", True)
        ):
            attack = {"body": "melee", "mind": "social", "resources": "crafting"}[kind]
            wound = self.wound(a, attack, rng)
            events.append(Event("wound", f"{a.name} is wounded: {wound['text']}.", a.name, {"wound": wound}))
        return events

    def recover(self, actor: Any, kind: str, size: str, rng: Rng | None = None) -> list[Event]:
        a = self.mine(actor)
        kind, size = neutral_kind(kind), neutral_size(size)
        buffer, real = TRACKS[kind]
        before = {buffer: getattr(a, buffer), real: getattr(a, real)}
        to_buffer, to_real = give(a, (buffer, real), SIZE_POINTS[size])
        parts = moved(a, before)
        text = (f"{a.name} recovers {to_buffer + to_real}: {', '.join(parts)}." if parts
                else f"{a.name} is already at full {buffer} and {real}.")
        return [Event("recover", text, a.name, {"kind": kind, "buffer": to_buffer, "real": to_real})]

    def renewed_hope(self, actor: Any) -> list[Event]:
        """Win back 1 heroism, never above the armour's maximum."""
        a = self.mine(actor)
        if a.heroism >= a.heroism_max:
            full = f"{a.name}'s heroism is already full ({a.heroism})."
            return [Event("hope", full, a.name, {"heroism": 0})]
        a.heroism += 1
        return [Event("hope", f"{a.name} wins back 1 heroism: {a.heroism - 1} → {a.heroism}.", a.name,
                      {"heroism": 1})]

    def rest(self, actor: Any) -> list[Event]:
        """Rest in safety: stamina, composure and heroism come back, buffers too; wealth does not."""
        a = self.mine(actor)
        before = {name: getattr(a, name) for name in RESTED}
        for name in RESTED:
            setattr(a, name, getattr(a, f"{name}_max"))
        changed = moved(a, before)
        text = (f"{a.name} rests in safety: {', '.join(changed)}." if changed
                else f"{a.name} rests in safety, though nothing needed it.")
        return [Event("rest", text, a.name, {t: getattr(a, t) - before[t] for t in RESTED})]

    # -- wounds ---------------------------------------------------------------------------------------
    def wound(self, actor: Any, attack: str, rng: Rng) -> dict[str, Any]:
        """Roll a slightly random wound and mark it on the character."""
        a = self.mine(actor)
        table = WOUND_TABLES.get(attack)
        if table is None:
            raise RulesError(f"wounds come from melee, ranged, social or crafting attacks, not {attack!r}")
        where = self.data.roll(f"nine-powers/wounds/{table}", rng)
        looks = self.data.roll(
            "nine-powers/wounds/" + ("hurt" if table in ("melee", "ranged") else "setback"), rng
        )
        wound = {
            "location": where["text"],
            "description": looks["text"],
            "scope": where.get("scope", "brawn"),
            "penalty": "small",
            "attack": attack,
            "roll": where.get("roll"),
        }
        wound["text"] = (
            f"{wound['location']}, {wound['description']} (small penalty to {_scope(wound['scope'])})"
        )
        a.wounds.append({k: v for k, v in wound.items() if k != "text"})
        return wound

    def heal_wound(self, actor: Any, index: int) -> list[Event]:
        a = self.mine(actor)
        if not 0 <= index < len(a.wounds):
            raise RulesError(f"{a.name} has {len(a.wounds)} wound(s); there is no wound {index + 1}")
        wound = a.wounds.pop(index)
        return [Event("heal", f"{a.name}'s {wound.get('location', 'wound')} has healed.", a.name)]

    # -- wealth -------------------------------------------------------------------------------------------
    def wealth_check(self, actor: Any, impact: int, rng: Rng, *, bonus: Any = None) -> CheckResult:
        """Try to buy something of this impact; success costs 1 wealth."""
        a = self.mine(actor)
        diff = economy.wealth_difficulty(a.wealth, impact)
        if diff is None:
            event = Event("buy", f"{a.name} buys something of impact 0 without a second thought.", a.name)
            return CheckResult(
                self.id, a.name, None, "wealth", "none", "success", {"impact": 0}, event.text, [event]
            )
        result = self.check(a, None, diff, rng, skill="wealth", bonus=bonus)
        result.detail["impact"] = impact
        return self._pay(a, result, "{a} can afford it; wealth drops to {w}.",
                         f"Not today: {a.name} cannot get it (impact {impact}).")

    @staticmethod
    def _pay(a: NinePowersActor, result: CheckResult, paid: str, unpaid: str) -> CheckResult:
        """A purchase's wealth check: success costs 1 wealth (wealth 0 is defeat), failure buys nothing."""
        if result.success:
            a.wealth -= 1
            result.events.append(Event("buy", paid.format(a=a.name, w=a.wealth), a.name))
            if a.wealth == 0:
                result.events.append(Event("defeat", f"{a.name} has spent everything (wealth 0).", a.name))
        else:
            result.events.append(Event("buy", unpaid, a.name))
        return result

    wealth_check_options: ClassVar[dict[str, Any] | None] = {"skill": "wealth"}

    def leverage_check(self, actor: Any, difficulty: Any, rng: Rng, **options: Any) -> CheckResult:
        """Leverage the long way: a wealth check that pays for an edge, then time somewhere safe.

        RULES.md §2.3 item 9.  The seed has the player name the costly
        information, item or resource bought, so this is a purchase like any
        other (§2.4): success costs 1 wealth and gives leverage; failure
        gives nothing.  The difficulty is the caller's (a campaign defaults
        to medium: an impact equal to the character's wealth).
        """
        a = self.mine(actor)
        if not a.is_pc:
            raise RulesError("only player characters gain leverage")
        if a.leverage:
            raise RulesError(f"{a.name} already has leverage")
        if a.wealth < 1:
            raise RulesError(f"{a.name} has no wealth left to pay for leverage")
        result = self.check(a, None, difficulty, rng, **{**options, "skill": "wealth"})
        a.leverage = result.success
        return self._pay(a, result, "{a} pays for the advantage (wealth drops to {w}), then lies low"
                         " somewhere safe to make it count: {a} has leverage.",
                         f"{a.name} cannot pay for an edge today: no leverage.")

    def restore_wealth(self, actor: Any, impact: int) -> list[Event]:
        """Spend treasure of impact wealth + 1 to raise wealth by 1."""
        a = self.mine(actor)
        if a.wealth >= a.wealth_max:
            raise RulesError(f"{a.name}'s wealth is already at its maximum ({a.wealth_max})")
        if impact != a.wealth + 1:
            raise RulesError(
                f"raising wealth {a.wealth} takes treasure of impact exactly {a.wealth + 1}, not {impact}"
            )
        a.wealth += 1
        return [
            Event("wealth", f"{a.name} turns treasure of impact {impact} into wealth {a.wealth}.", a.name)
        ]

    def treasure_for(self, actor: Any, rng: Rng) -> dict[str, Any]:
        """What a significant foe carries, or a patron pays: impact of its best skill."""
        a = self.mine(actor)
        return economy.treasure(self.data, max(a.skills.values()), rng)

    # -- advancement -------------------------------------------------------------------------------------
    def advance(self, actor: Any, skill: str, talent: bool = False) -> list[Event]:
        """Raise a skill or talent one step; the new rating is its cost in advancement tokens."""
        a = self.mine(actor)
        sid = skill_or_track(skill)
        if sid not in SKILL_IDS:
            raise RulesError(f"{skill!r} cannot be advanced")
        current = a.talent(sid) if talent else a.skills.get(sid, 1)
        new = current + 1
        if new > 4:
            raise RulesError(f"{display(sid)} {'talent' if talent else 'skill'} is already 4")
        if talent and new > a.skills.get(sid, 1):
            raise RulesError(f"a talent cannot pass its skill ({display(sid)} {a.skills.get(sid, 1)})")
        if a.advancement_tokens < new:
            raise RulesError(f"raising to {new} costs {new} tokens; {a.name} has {a.advancement_tokens}")
        a.advancement_tokens -= new
        if talent:
            a.talents[sid] = new
        else:
            a.skills[sid] = new
            build.finish(a, self.formula, keep=True)  # new maxima, current values kept within them
        return [
            Event(
                "advance",
                f"{a.name} raises {display(sid)}{' talent' if talent else ''} to {new}"
                f" ({a.advancement_tokens} tokens left).",
                a.name,
            )
        ]


def _setup_word(word: Any) -> Any:
    """'set-up-well' (the oracle's and the CLI's word) is the engine's 'setup'."""
    text = str(word).strip().lower().replace("_", "-").replace(" ", "-")
    return "setup" if text == "set-up-well" else word


def _scope(scope: str) -> str:
    if scope in GROUPS:
        return scope.capitalize()
    try:
        return display(skill_or_track(scope))
    except RulesError:
        return scope


__all__ = ["NinePowers", "THRESHOLD"]
