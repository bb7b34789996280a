"""Resistance conflicts: every risky player action is one roll.

The Toolbox has no initiative and no NPC turns.  Each round every player
character still in the fight takes one action; NPCs act through the stakes
of those rolls.  Attacking an NPC: pool 1 + the combat skill (+ mastery from
Surprising or a prepared Accurate weapon or an ability), less the NPC's
difficulty.  Then, reading the band:

* 1: the character takes double stress (one roll, doubled);
* 2-5: it takes stress;
* 6-7: it takes stress *and* deals its weapon's stress (our reading of how
  a success at a cost plays out in a fight);
* 8-9: it deals stress; 10: it deals stress +1 per 10 in the pool.

The stress it takes is the die of the most dangerous weapon that can reach
it (our reading when several foes threaten at once).  At range, foes without
a ranged weapon threaten only 1 stress per roll (the character outranges
them), and close in after `closing_rounds` rounds; a character outranged by
foes with ranged weapons must first win a roll to close in.  Fleeing,
closing in and reloading are rolls only to avoid harm, so a 6-7 costs one
stress die size less (partial stress); fleeing on 6+ leaves the fight.

Dealt stress goes through the NPC's armour first (our reading: armour soaks
that much stress each situation; Piercing passes it unless Implacable) and
an NPC whose stress reaches its Resistance is at the characters' mercy.
Weapon tags: Brutal (extra stress dice, highest kept), Spread Dx (half the
stress, rounded up, to Dx other foes), Stunning (no stress; the target's
difficulty is 0 until the end of the next round), Point-blank (+1 die size
up close, -1 at range), Tiring (-1 size after each failed action), Unreliable
(unusable after a failed action), Dangerous (a highest die of 1 or 2 blows
it up: d6 stress, weapon gone), One-shot, Reload (a reload action, rolled to
avoid harm), Double-barrelled (two shots, or both at once as Brutal),
Defensive (+1 armour slot while it is the weapon in hand: the last one
attacked with, the first on the sheet before that), Surprising and Accurate
(mastery).  A conflict may name its ``domain`` (the host's camp, the
wastes): a character who knows that domain adds its die to every roll in the
fight, as a relevant domain does to any check.  Tags that
need the wielder's roll are the players'; an NPC's Piercing and Brutal still
count when its weapon sets the stress a character takes.

A character drops out of the fight on fallout marked `ends_fight` in the
setting's tables (our reading: a character is never killed by the loop
itself).  The fight ends when no foe is left standing or no character is.
"""

from __future__ import annotations

from dataclasses import field
from math import ceil
from typing import TYPE_CHECKING, Any

from solo.dice import Rng
from solo.rules.engine import (
    Action,
    ActionTemplate,
    Actor,
    EachActs,
    Encounter,
    Event,
    Odds,
    RulesError,
    Seat,
    full_degrees,
    seat_state,
)
from solo.rules.options import Option
from solo.rules.resistance.character import ResistanceNPC, ResistancePC
from solo.rules.resistance.dice import (
    COST,
    CRIT_FAIL,
    degree_odds,
    dice_after,
    rank,
    roll_pool,
    roll_stress,
    step,
)
from solo.rules.tags import count as tag_count
from solo.rules.tags import die as tag_die
from solo.rules.targets import weakest

if TYPE_CHECKING:
    from solo.rules.resistance.system import Resistance

ACTIONS = {"attack": "enemy", "close": None, "flee": None, "reload": None}  # each with whom it aims at
Roll = tuple[tuple[str, ...], bool, int, "str | None"]  # approaches, mastery, difficulty, skill


BARE_HANDS: list[dict[str, Any]] = [{"name": "bare hands", "stress": "1", "tags": []}]


def is_ranged(w: dict[str, Any]) -> bool:
    return "ranged" in w["tags"] or "extreme-range" in w["tags"] or "thrown" in w["tags"]


@seat_state
class Side(Seat):
    """A seat in a conflict, with the weapons' state."""

    used: set[int] = field(default_factory=set)  # one-shot weapons spent
    loaded: dict[int, int] = field(default_factory=dict)  # reload weapons: shots left
    broken: set[int] = field(default_factory=set)
    tired: dict[int, int] = field(default_factory=dict)
    surprised: set[int] = field(default_factory=set)
    attacked: bool = False
    stunned_until: int = 0
    wielding: int = 0  # the weapon in hand: the first until another is used
    #: pools worked out so far, by (approaches, mastery, difficulty, skill): what they read from the
    #: sheet (skills, domains, abilities) holds for the fight
    pools: dict[tuple[Any, ...], tuple[int, int, int]] = field(default_factory=dict)
    #: the policy's weapon (and first stunning one) for each set of ready weapons and tiredness
    picks: dict[tuple[Any, ...], tuple[int, int | None]] = field(default_factory=dict)
    #: each weapon's Brutal count and Spread die, by its place on the sheet
    arms: dict[int, tuple[int, int]] = field(default_factory=dict)
    kept = ("pools", "picks", "arms")  # all come from the sheet's skills, abilities and weapons
    # the actor, typed for a character's seat and for a foe's (the conflict checks who is where)
    pc: ResistancePC
    npc: ResistanceNPC

    def __init__(self, actor: Actor, side: str, label: str, index: int):
        Seat.__init__(self, actor, side, label, index)
        self.pc = self.npc = actor  # type: ignore[assignment]


class Conflict(Encounter):

    NOUN = "fight"
    NOBODY_LEFT = "nobody is left in it"
    declared_options = (
        Option("distance", "choice", "where the fight starts", ("close", "far")),
        Option("prepared", "flag", "the characters prepared (an Accurate weapon's first attack has mastery)"),
        Option("situation", "text", "a named situation that changes NPC difficulty"),
        Option("closing_rounds", "int", "rounds before foes without ranged weapons close in", minimum=0),
        Option("domain", "text", "the domain the fight belongs to; whoever knows it adds a die"),
    )
    seat_class = Side
    phase = EachActs()
    kinds = ACTIONS
    policy_valid = True  # `policy` attacks a foe still standing, or closes, flees or reloads
    quick_rematch = True  # the seats' weapons are loaded in `rematched`; the rest is settings
    seats: list[Side]  # type: ignore[assignment]
    system: Resistance

    def __init__(self, system: Any, sides: Any, rng: Rng, **options: Any):
        super().__init__(system, sides, rng, **options)
        self.distance = self.rule("distance", "close")
        self.prepared = self.rule("prepared", False)
        self.situation = self.options.get("situation")
        self.domain = system.setting.domain_id(self.options["domain"]) if self.options.get("domain") else None
        self.closing_rounds = int(self.rule("closing_rounds", 1))
        self.stress_rules = system.stress_rules_for()
        self.setting = system.setting
        self.downgrade_at_zero = system.downgrade_at_zero
        self.body = self.setting.physical_resistance
        pc_sides = {s.side for s in self.seats if isinstance(s.actor, ResistancePC)}
        if len(pc_sides) != 1:
            sheets = [s.label for s in self.seats if isinstance(s.actor, ResistancePC) and s.actor.npc]
            if len(pc_sides) > 1 and sheets:
                raise RulesError(f"{', '.join(sheets)} {'has' if len(sheets) == 1 else 'have'} a whole"
                                 " character sheet, so can stand beside the player characters but not"
                                 " against them; foes are NPC stat blocks (difficulty and one Resistance),"
                                 " like goblin")
            raise RulesError("a Resistance conflict puts the player characters on one side, facing NPCs")
        self.pc_side = pc_sides.pop()
        for s in self.seats:
            if s.side != self.pc_side and not isinstance(s.actor, ResistanceNPC):
                raise RulesError(f"{s.label} is a player character on the NPCs' side")
            # NPCs act only through the characters' rolls; the characters keep their side in it
            s.acts = isinstance(s.actor, ResistancePC)
            s.counts = s.acts or s.side != self.pc_side
        self.count_sides()
        self.rematched()

    def rematched(self) -> None:
        """Weapons that need reloading start loaded (a double-barrelled one with both barrels)."""
        for s in self.seats:
            if s.acts:  # a character
                for i, w in enumerate(s.pc.weapons):
                    if "reload" in w["tags"]:
                        s.loaded[i] = 2 if "double-barrelled" in w["tags"] else 1

    def who(self, actor: Actor) -> Side:
        """`seat`, typed as the side it is (asked on every turn: the kernel's lookup, written out)."""
        seat = self._seats.get(id(actor))
        return seat if seat is not None else self.seat(actor)  # type: ignore[return-value]

    def no_turns(self, seat: Seat) -> str:
        return f"{seat.label} is an NPC; NPCs act through the stakes of the characters' rolls"

    def foes(self) -> list[Side]:
        return [s for s in self.seats if s.side != self.pc_side and s.out is None]

    def _worst(self) -> int:
        """The difficulty of the hardest foe still standing (closing in and fleeing roll against it)."""
        return max((self.difficulty_of(t) for t in self.foes()), default=0)

    def difficulty_of(self, s: Side) -> int:
        npc = s.npc
        if s.stunned_until >= self.round:
            return 0
        if self.situation and self.situation in npc.when:
            return npc.when[self.situation]
        return npc.difficulty

    # -- weapons ------------------------------------------------------------------------------------
    def usable(self, s: Side, index: int) -> bool:
        pc = s.pc
        w = pc.weapons[index]
        if index in s.broken or index in s.used:
            return False
        if index in s.loaded and s.loaded[index] <= 0:
            return False
        return self.distance == "close" or is_ranged(w)

    def weapons_ready(self, s: Side) -> list[int]:
        pc = s.pc
        if self.distance == "close" and not (s.broken or s.used or s.loaded):
            ready = list(range(len(pc.weapons)))  # every weapon reaches, none spent (`usable`)
        else:
            ready = [i for i in range(len(pc.weapons)) if self.usable(s, i)]
        if not ready and self.distance == "close" and not pc.weapons:
            return [-1]  # bare hands
        return ready

    def defensive(self, s: Side) -> int:
        """Armour slots the weapon in hand adds: one per Defensive tag (none once it is broken)."""
        pc = s.pc
        if not 0 <= s.wielding < len(pc.weapons) or s.wielding in s.broken:
            return 0
        return tag_count(pc.weapons[s.wielding]["tags"], "defensive")

    def weapon(self, pc: ResistancePC, index: int) -> dict[str, Any]:
        if index == -1:
            return {"name": "bare hands", "stress": "1", "tags": []}
        if not 0 <= index < len(pc.weapons):
            raise RulesError(f"{pc.name} has no weapon {index + 1}")
        return pc.weapons[index]

    def threat(self) -> tuple[str, bool, int, str]:
        """(stress die, piercing, brutal, source) of the worst weapon that can reach a character."""
        best: tuple[str, bool, int, Any] = ("0", False, 0, None)
        strongest = (rank("0"), 0)
        close = self.distance == "close"
        for s in self.seats:
            if s.side == self.pc_side or s.out is not None:  # `foes`
                continue
            for w in s.npc.weapons or BARE_HANDS:
                die = w["stress"] if (close or is_ranged(w)) else "1"
                brutal = tag_count(w["tags"], "brutal") if die != "1" else 0
                if (rank(die), brutal) > strongest:
                    strongest = (rank(die), brutal)
                    best = (die, "piercing" in w["tags"], brutal, (s, w))
        die, piercing, brutal, whose = best
        return die, piercing, brutal, f"{whose[0].label}'s {whose[1]['name']}" if whose else "nobody"

    # -- actions ------------------------------------------------------------------------------------
    def seat_templates(self, s: Side) -> list[ActionTemplate]:  # type: ignore[override]
        pc = s.pc
        foes = tuple(t.actor for t in self.foes())
        out: list[ActionTemplate] = []
        for index in self.weapons_ready(s):
            w = self.weapon(pc, index)
            out.append(ActionTemplate("attack", f"attack with {w['name']} ({w['stress']})", foes,
                                      fixed=(("weapon", index),)))
            if "stunning" in w["tags"]:
                out.append(ActionTemplate("attack", f"stun with {w['name']}", foes,
                                          fixed=(("weapon", index), ("stun", True))))
            if "double-barrelled" in w["tags"] and s.loaded.get(index, 0) >= 2:
                out.append(ActionTemplate("attack", f"fire both barrels of {w['name']}", foes,
                                          fixed=(("weapon", index), ("both", True))))
        if self.distance == "far":
            out.append(ActionTemplate("close", "close in"))
        for index, shots in s.loaded.items():
            if shots <= 0 and index not in s.broken:
                out.append(ActionTemplate("reload", f"reload {pc.weapons[index]['name']}",
                                          fixed=(("weapon", index),)))
        out.append(ActionTemplate("flee", "flee the fight"))
        return out

    def describe(self, action: Action) -> str:
        if action.kind == "attack" and action.target is not None:
            w = self.weapon(action.actor, action.option("weapon", -1))  # type: ignore[arg-type]
            whom = self.label(action.target)
            if action.option("stun"):
                return f"stun {whom} with {w['name']}"
            if action.option("both"):
                return f"fire both barrels of {w['name']} at {whom}"
            return f"attack {whom} with {w['name']} ({w['stress']})"
        if action.kind == "reload":
            return f"reload {self.weapon(action.actor, action.option('weapon'))['name']}"  # type: ignore[arg-type]
        return {"close": "close in", "flee": "flee the fight"}.get(action.kind, action.kind)

    def action_odds(self, action: Action) -> Odds | None:
        """Odds of the roll an action makes: the attack, the dash to close in, the flight, the reload."""
        s = self.who(action.actor)
        if not isinstance(s.actor, ResistancePC) or action.kind not in ACTIONS:
            return None
        roll = self._roll_for(s, action)
        if roll is None:
            return None
        size, count, drops = self._pool(s, *roll)
        return Odds(self.system.id, full_degrees(degree_odds(count, drops)),
                    {"pool": size, "difficulty": roll[2], "dice": count, "downgrades": drops})

    def _roll_for(self, s: Side, action: Action) -> Roll | None:
        """What an action rolls, as things stand: (approaches, mastery, difficulty, skill); None when it
        rolls nothing (no target or weapon, closing in on foes who cannot outrange the character)."""
        pc = s.pc
        if action.kind == "close":
            if not any(any(is_ranged(w) for w in t.npc.weapons) for t in self.foes()):
                return None  # nobody outranges the character: closing in is free
            return ("force", "finesse"), False, self._worst(), None
        if action.kind == "flee":
            return ("finesse", "stealth", "survival"), False, self._worst(), None
        index = action.option("weapon")
        if action.kind == "reload":
            if index not in s.loaded:
                return None
            ranged = is_ranged(pc.weapons[index])
            return ("finesse",) if ranged else ("force",), False, 0, self.setting.combat_skill(ranged)
        index = self._chosen(s, action)
        if action.target is None or index is None:
            return None
        return self._attack_roll(s, index, self.weapon(pc, index), self.who(action.target))

    def _chosen(self, s: Side, action: Action) -> int | None:
        """The weapon an action names, else the first that can reach; None when none can."""
        named = action.option("weapon")
        if named is not None:
            return named  # type: ignore[no-any-return]
        ready = self.weapons_ready(s)
        return ready[0] if ready else None

    def _attack_roll(self, s: Side, index: int, w: dict[str, Any], t: Side) -> Roll:
        """An attack's roll: mastery from a Surprising weapon's first use or a prepared Accurate one."""
        tags = w["tags"]
        mastery = ("surprising" in tags and index not in s.surprised) or (
            "accurate" in tags and self.prepared and not s.attacked)
        ranged = is_ranged(w)
        approaches = ("finesse",) if ranged else ("force",)
        return approaches, mastery, self.difficulty_of(t), self.setting.combat_skill(ranged)

    def resolve(self, s: Side, action: Action, events: list[Event]) -> None:  # type: ignore[override]
        kind = action.kind
        if kind == "attack":
            self._attack(s, action, events)
        elif kind == "close":
            self._close(s, action, events)
        elif kind == "flee":
            self._flee(s, action, events)
        else:
            self._reload(s, action, events)

    def round_start(self, events: list[Event]) -> None:
        if self.distance == "far" and self.round > self.closing_rounds:
            if any(not any(is_ranged(w) for w in s.npc.weapons) for s in self.foes()):
                self.distance = "close"
                self.emit(events, "move", "The foes close the distance: the fight is up close now.")

    # -- rolling -------------------------------------------------------------------------------------
    def _pool(
        self, s: Side, approaches: tuple[str, ...], mastery: bool, difficulty: int, skill: str | None = None
    ) -> tuple[int, int, int]:
        """Pool for a roll: a die for `skill` (or any skill serving the approaches), mastery, difficulty."""
        key = (approaches, mastery, difficulty, skill)
        known = s.pools.get(key)
        if known is None:
            known = s.pools[key] = self._new_pool(s, approaches, mastery, difficulty, skill)
        return known

    def _new_pool(
        self, s: Side, approaches: tuple[str, ...], mastery: bool, difficulty: int, skill: str | None
    ) -> tuple[int, int, int]:
        pc = s.pc
        if skill is not None:
            has_skill = skill in pc.skills
        else:
            serving = self.setting.approach_map
            has_skill = any(k in pc.skills for a in approaches for k in serving.get(a, ()))
        mastery = mastery or any(self.system.ability_mastery(pc, a) for a in approaches)
        has_domain = self.domain is not None and self.domain in pc.domains
        size = 1 + int(has_skill) + int(has_domain) + int(mastery)
        count, drops = dice_after(size, difficulty, self.downgrade_at_zero)
        return size, count, drops

    def _take(self, s: Side, band: int, partial: bool, events: list[Event]) -> None:
        """The stress a character's failed or costly roll brings down on it."""
        if band > COST:
            return
        die, piercing, brutal, source = self.threat()
        if partial and band == COST:
            die = step(die, -1)
        amount = roll_stress(die, self.rng, brutal)
        if band == CRIT_FAIL:
            amount *= 2
        cause = f"{source} ({die}{', doubled' if band == CRIT_FAIL else ''})" if self.record else ""
        self._stress(s, amount, piercing, cause, events)

    def _stress(self, s: Side, amount: int, piercing: bool, cause: str, events: list[Event]) -> None:
        pc = s.pc
        before_soak = pc.armour_stress + pc.slot_stress.get(self.body, 0)
        new_events, fallouts = self.stress_rules.take(
            pc, self.body, amount, self.rng, piercing=piercing, cause=cause, record=self.record,
            extra_armour=self.defensive(s),
        )
        soaked = pc.armour_stress + pc.slot_stress.get(self.body, 0) - before_soak
        s.taken["stress"] = s.taken.get("stress", 0) + amount
        if soaked:  # written out, not Seat.add: every stress of every forecast fight comes here
            s.taken["soaked"] = s.taken.get("soaked", 0) + soaked
        if self.record:
            for e in new_events:
                e.actor = s.label
                events.append(e)
                self.log.append(e)
        for f in fallouts:
            s.add(f["severity"], 1)
            if f.get("ends_fight") and s.out is None:
                self.put_out(s, "taken out")
                self.emit(events, "defeat", f"{s.label} is out of the fight: {f['name']}.", pc)

    def _roll(self, s: Side, roll: Roll, what: str, events: list[Event]) -> Any:
        difficulty = roll[2]
        size, count, drops = self._pool(s, *roll)
        result = roll_pool(count, drops, self.rng)
        if self.record:
            self.emit(events, "roll", f"{s.label} rolls to {what}: {result.told(size, difficulty)}.", s.actor,
                      pool=size, difficulty=difficulty, **result.to_dict())
        return result

    def _attack(self, s: Side, action: Action, events: list[Event]) -> None:
        pc = s.pc
        if action.target is None:
            raise RulesError("an attack needs a target")
        t = self.who(action.target)
        if t.side == self.pc_side or t.out is not None:
            raise RulesError(f"{t.label} is not a foe still in the fight")
        options = action.options or {}
        index = options.get("weapon")
        if index is None:
            index = self._chosen(s, action)
            if index is None:
                raise RulesError(f"{s.label} has no weapon that can reach from here")
        w = self.weapon(pc, index)
        if index != -1 and not self.usable(s, index):
            raise RulesError(f"{s.label} cannot use the {w['name']} now")
        s.wielding = index
        tags = w["tags"]
        stun = bool(options.get("stun")) and "stunning" in tags
        both = bool(options.get("both")) and "double-barrelled" in tags and s.loaded.get(index, 0) >= 2
        roll = self._attack_roll(s, index, w, t)
        if "surprising" in tags:
            s.surprised.add(index)
        s.attacked = True
        result = self._roll(s, roll, f"attack {t.label} with {w['name']}" if self.record else "", events)
        if "one-shot" in tags:
            s.used.add(index)
        if index in s.loaded:
            s.loaded[index] -= 2 if both else 1
        if "dangerous" in tags and result.highest <= 2:
            s.broken.add(index)
            self.emit(events, "weapon", f"{s.label}'s {w['name']} blows apart!", pc)
            self._stress(s, roll_stress("d6", self.rng), False, f"the exploding {w['name']}", events)
        if result.band >= COST:
            if stun:
                t.stunned_until = self.round + 1
                self.emit(
                    events,
                    "effect",
                    f"{t.label} reels, stunned: difficulty 0 until the end of next round.",
                    t.actor,
                )
            else:
                self._deal(s, t, w, index, result, both, events)
        elif index != -1:
            if "tiring" in tags:
                s.tired[index] = s.tired.get(index, 0) + 1
            if "unreliable" in tags:
                s.broken.add(index)
                self.emit(
                    events, "weapon", f"{s.label}'s {w['name']} fails them for the rest of the fight.", pc
                )
        if s.out is None:
            self._take(s, result.band, False, events)

    def _deal(
        self, s: Side, t: Side, w: dict[str, Any], index: int, result: Any, both: bool, events: list[Event]
    ) -> None:
        tags = w["tags"]
        die = w["stress"]
        if "point-blank" in tags:
            die = step(die, 1 if self.distance == "close" else -1)
        if s.tired.get(index):
            die = step(die, -s.tired[index])
        arm = s.arms.get(index)
        if arm is None:
            arm = s.arms[index] = (tag_count(tags, "brutal"), tag_die(tags, "spread"))
        brutal = arm[0] + (1 if both else 0)
        amount = roll_stress(die, self.rng, brutal) + result.tens
        piercing = "piercing" in tags
        crit = f" +{result.tens} for tens" if result.tens else ""
        cause = f"{s.label}'s {w['name']} ({die}{crit})" if self.record else ""  # only the journal says it
        self._hurt(t, amount, piercing, cause, events)
        spread = arm[1]
        if spread and amount > 0:
            others = [o for o in self.foes() if o is not t]
            count = min(len(others), self.rng.die(spread))
            cause = f"the spread of {s.label}'s {w['name']}" if self.record else ""
            for other in others[:count]:
                self._hurt(other, ceil(amount / 2), piercing, cause, events)

    def _hurt(self, t: Side, amount: int, piercing: bool, cause: str, events: list[Event]) -> None:
        npc = t.npc
        soak = 0
        if npc.armour_value > npc.armour_stress and (not piercing or "implacable" in npc.armour_tags):
            soak = min(amount, npc.armour_value - npc.armour_stress)
            npc.armour_stress += soak
        npc.stress += amount - soak
        t.taken["stress"] = t.taken.get("stress", 0) + amount - soak
        if soak:
            t.taken["soaked"] = t.taken.get("soaked", 0) + soak
        if self.record:
            soaked = f" ({soak} soaked by {npc.armour or 'armour'})" if soak else ""
            self.emit(
                events,
                "stress",
                f"{t.label} takes {amount} stress from {cause}{soaked}: {npc.stress}/{npc.resistance}.",
                npc,
                amount=amount,
                soaked=soak,
            )
        if npc.at_mercy and t.out is None:
            self.put_out(t, "at mercy")
            self.emit(events, "defeat", f"{t.label} is at the characters' mercy.", npc)

    def _close(self, s: Side, action: Action, events: list[Event]) -> None:
        if self.distance == "close":
            raise RulesError("the fight is already up close")
        roll = self._roll_for(s, action)
        if roll is None:  # nobody outranges the character
            self.distance = "close"
            self.emit(events, "move", f"{s.label} closes in unopposed.", s.actor)
            return
        result = self._roll(s, roll, "close the distance", events)
        if result.band >= COST:
            self.distance = "close"
            self.emit(events, "move", f"{s.label} closes the distance.", s.actor)
        self._take(s, result.band, True, events)

    def _flee(self, s: Side, action: Action, events: list[Event]) -> None:
        result = self._roll(s, self._roll_for(s, action), "get away", events)  # type: ignore[arg-type]
        self._take(s, result.band, True, events)
        if result.band >= COST and s.out is None:
            self.put_out(s, "fled")
            self.emit(events, "escape", f"{s.label} gets away.", s.actor)

    def _reload(self, s: Side, action: Action, events: list[Event]) -> None:
        pc = s.pc
        index = action.option("weapon")
        if index not in s.loaded:
            raise RulesError("reload needs a weapon with the Reload tag")
        w = pc.weapons[index]
        roll = self._roll_for(s, action)
        assert roll is not None
        result = self._roll(s, roll, f"reload the {w['name']}", events)
        s.loaded[index] = 2 if "double-barrelled" in w["tags"] else 1
        self._take(s, result.band, True, events)

    # -- ending -----------------------------------------------------------------------------------------
    def on_finish(self, events: list[Event], reason: str | None) -> None:
        """The situation ends: the characters' armour slots clear, the NPCs' armour soaks again."""
        for s in self.seats:
            actor = s.actor
            if isinstance(actor, ResistancePC):
                for e in self.stress_rules.end_situation(actor):
                    self.emit(events, e.kind, e.text, actor)
            else:
                actor.armour_stress = 0  # type: ignore[attr-defined]


def policy(pc: ResistancePC, conflict: Conflict, rng: Rng) -> Action:
    """Strike the foe nearest to breaking with the hardest-hitting weapon that can reach it."""
    s = conflict.who(pc)
    foes = conflict.foes()
    if not foes:
        raise RulesError(f"{s.label} has nobody to fight")
    ready = conflict.weapons_ready(s)
    if not ready:
        reloadable = [i for i, shots in s.loaded.items() if shots <= 0 and i not in s.broken]
        if reloadable:
            return Action(pc, "reload", options={"weapon": reloadable[0]})
        if conflict.distance == "far":
            return Action(pc, "close")
        return Action(pc, "flee")

    target, _ = weakest(foes, _room)
    key = (tuple(ready), tuple(s.tired.items()))
    picked = s.picks.get(key)
    if picked is None:
        picked = s.picks[key] = _pick(conflict, s, ready)
    index, stunner = picked
    if stunner is not None and conflict.difficulty_of(target) > 0 and target.stunned_until < conflict.round:
        return Action(pc, "attack", target.actor, options={"weapon": stunner, "stun": True})
    return Action(pc, "attack", target.actor, options={"weapon": index})


def _room(t: Side) -> int:
    """The stress a foe can still take: its Resistance left, and its armour's."""
    npc = t.npc
    return npc.resistance - npc.stress + max(0, npc.armour_value - npc.armour_stress)


def _pick(conflict: Conflict, s: Side, ready: list[int]) -> tuple[int, int | None]:
    """The hardest-hitting ready weapon (a stunning one only when it is the only one), and the first
    stunning weapon ready, if any."""
    pc = s.pc

    def strength(i: int) -> tuple[int, int]:
        w = conflict.weapon(pc, i)
        die = step(w["stress"], -s.tired.get(i, 0)) if i != -1 else "1"
        return rank(die), tag_count(w["tags"], "brutal")

    usable = [
        i for i in ready if i == -1 or "stunning" not in conflict.weapon(pc, i)["tags"] or len(ready) == 1
    ]
    index = max(usable or ready, key=lambda i: (strength(i), -i))
    stunners = [i for i in ready if i != -1 and "stunning" in conflict.weapon(pc, i)["tags"]]
    return index, stunners[0] if stunners else None
