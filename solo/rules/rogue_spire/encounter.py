"""Rogue Spire fights: a fixed order, turns of any length, dice spent to act and defend.

Setup: everyone rolls a free D4 for the order (or, with ``initiative:
best-die``, exhausts its highest skill die and rolls that); highest first,
player characters win ties against NPCs, other ties keep their places.  The
order is fixed for the whole fight (`solo.rules.initiative.FixedOrder`).

Each turn starts by refreshing the vitality die and, from a creature's
second turn on, its lowest exhausted skill die that is neither strained nor
injured (RS-16).  In its turn a creature spends as many dice as it likes:

* ``attack`` - exhaust a die and roll it against the defender's die (below);
* ``sway`` - a social attack on an NPC: the same roll against Mind, with
  the attitude shifts of table 1.9.9; it never exhausts or strains a die,
  and each success moves the NPC's attitude one step friendlier (two on a
  Success AND) [SR]; an NPC brought to Indifferent or better yields;
* ``close`` - a move: exhaust a die to engage a foe (``distance: apart``
  fights start with nobody engaged; melee needs engagement, a ranged
  weapon reaches anyone);
* ``token`` - spend one of the character's story tokens to refresh its
  lowest exhausted die (1.7);
* ``end`` - end the turn.

The Master's story tokens for the fight (``master_tokens``, one by the rules'
one-per-encounter) are spent by the engine to reroll a GM-side attack on a
player character that failed; the board shows what is left.

An attack, step by step (RULES.md 1.5): the defender declares a die from
those the rules allow (`Skirmish.defence_options`): any unexhausted skill
die; with none, an exhausted skill die that is not damaged; with none (the
overwhelmed case) its vitality die while that is unexhausted; then a
strained skill die; last the vitality die.  The GM's side always declares
the highest [SR].  A PC attacked is asked (a one-deep reaction window,
`solo.rules.initiative`) when it has something to choose - more than one
die size it may defend with, a story token to spend (-1 to the attacker's
roll), or a counter-attack - and answers ``defend`` (with ``die``, and
``token``), or ``counter``; each answer shows its odds from the PC's side
(`Skirmish.answer_odds`: the blow missing, or out-rolling the attacker).
The roll modifier is
``m = Power - max(0, Defense - Bypass)`` (Power and Bypass from the weapon
and talents, Defense the die's Armor, or Mind for sway), plus any story
token steps; the attacker's die steps |m| times and steps past either end
of the ladder shift the defender's die the other way; TD is half the
(shifted) defence die.  A hit (Success, Success AND, or a tie taken as
Success BUT) exhausts the defence die, or injures it if it was already
exhausted (strains it, for a non-lethal weapon or a ``nonlethal`` fight); a
Success AND also injures (strains) it, or with a Disorient weapon exhausts
one more die instead.  Weapon qualities that change numbers: Effective /
Ineffective (the Success AND line), Accurate (a miss by one is a tie),
Inaccurate (a tie is always Failure BUT), Guard (+1 Armor on the highest
skill die), Riposte (+1 Power in a counter-attack contest), Brace (+1 Power
opposing someone closing in), Non-lethal.  A strained vitality die knocks
its owner out (unconscious), an injured one puts it on death's door;
either way it leaves the fight.  The attack rolls explode up the ladder
when the target is impossible (method 1).

Spontaneous contests (1.6, with ``contests`` on), open to a creature past
its own first turn with a fresh skill die: against an attack from a foe it
is engaged with or focused on, a counter-attack (`Skirmish._countered`);
against a foe closing in on it, opposing the move at TD half the sides of
the die spent on it (`Skirmish._opposed_move`; the one being closed on
attends to the one coming [SR]).  The engine decides for the GM's side; a
PC is asked (``counter`` / ``oppose`` / ``allow``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from solo.dice import Rng
from solo.rules.engine import (
    Action,
    ActionTemplate,
    Actor,
    Encounter,
    Event,
    Odds,
    RulesError,
    Seat,
)
from solo.rules.initiative import FixedOrder, ordered
from solo.rules.options import Option
from solo.rules.positions import Engagement
from solo.rules.rogue_spire.character import ATTITUDES, SIDES_OF, SpireActor
from solo.rules.rogue_spire.dice import (
    SIZES,
    band_odds,
    degree_of,
    roll,
    roll_modifier,
    shift,
)
from solo.rules.rogue_spire.measures import contest, contest_odds, opposed_move_td

KINDS = ("attack", "sway", "close", "token", "wind", "end")
REACTIONS = ("defend", "counter", "oppose", "allow")
FISTS: dict[str, Any] = {
    "name": "bare fists",
    "power": 0,
    "bypass": 0,
    "range": "very-short",
    "ranged": False,
    "qualities": ["non-lethal"],
}
MIND_SHIFT = {"hostile": 2, "unfriendly": 1}
TALKERS = {"Charismatic", "Deceptive", "Courtier"}  # traits of the talking sort (`policy`)
KITS_KEPT = 4096  # kits a system keeps (`Skirmish.kit`); more sheets than that start the store afresh
BYPASS_SHIFT = {"friendly": 1, "loyal": 2}


def quality(weapon: dict[str, Any], name: str) -> int:
    """How many times a weapon carries a quality ('effective', 'effective-2')."""
    total = 0
    for q in weapon.get("qualities", ()):
        if q == name:
            total += 1
        elif q.startswith(name + "-") and q[len(name) + 1 :].isdigit():
            total += int(q[len(name) + 1 :])
    return total


@lru_cache(maxsize=4096)
def _attack_success(rolled: int, td: int, effective: int, accurate: bool, reroll: bool, tie: str) -> Fraction:
    """1 - the failure chance of `attack_degrees` (kept: the policy asks it for every die and foe)."""
    return 1 - attack_degrees(rolled, td, effective, accurate, reroll, tie)[0]


@lru_cache(maxsize=4096)
def attack_degrees(
    rolled: int, td: int, effective: int, accurate: bool, reroll: bool, tie: str
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Exact (fail, cost, success, strong) of an attack roll: Accurate makes a miss by one a tie
    (when the die needs no explosion), a Specialization rerolls a failure once."""
    bands = dict(band_odds(rolled, td, effective=effective))
    if accurate and td >= 2 and rolled > td:
        bands["failure"] -= Fraction(1, rolled)
        bands["tie"] += Fraction(1, rolled)
    if reroll:
        miss = bands["failure"]
        bands = {k: (v + miss * v if k != "failure" else miss * miss) for k, v in bands.items()}
    degrees = {"fail": Fraction(0), "cost": Fraction(0), "success": Fraction(0), "strong": Fraction(0)}
    for name, value in bands.items():
        degrees[degree_of(name, tie)] += value
    return degrees["fail"], degrees["cost"], degrees["success"], degrees["strong"]


#: every chance an attack can have is a whole multiple of 1 / SCALE: a roll's denominator divides the
#: product of the ladder's dice it climbs through (each at most once), squared by a Specialization reroll
SCALE = (4 * 6 * 8 * 10 * 12 * 20) ** 2


@lru_cache(maxsize=4096)
def chance_in_scale(
    sides: int, modifier: int, against: int, effective: int, accurate: bool, reroll: bool, tie: str
) -> int:
    """An attack's chance of doing anything (as `_attack_success`) for a die of `sides` stepped by
    `modifier` against a defence die of `against` sides, as a whole number of 1 / SCALE: exact, and
    compared as cheaply as an int (the policy weighs every die size against every foe)."""
    shifted = shift(sides, modifier, against)
    assert shifted.defence is not None
    chance = _attack_success(shifted.attack, shifted.defence // 2, effective, accurate, reroll, tie)
    if SCALE % chance.denominator:  # pragma: no cover - the ladder's arithmetic rules it out
        raise AssertionError(f"an attack chance of {chance} is no multiple of 1/{SCALE}")
    return chance.numerator * (SCALE // chance.denominator)


def _allowed(dice: list[dict[str, Any]], skills: Sequence[int]) -> list[int]:
    """The dice a defender may declare (step 2 of 1.5), the skill dice in the order of `skills`: any
    unexhausted skill die; with none, an exhausted skill die that is undamaged [SR 1.11.8]; with none,
    overwhelmed, the vitality die while it is unexhausted; then a strained (uninjured) skill die; last
    the vitality die."""
    fresh = [i for i in skills if not dice[i]["exhausted"] and not dice[i]["injured"]]
    if fresh:
        return fresh
    undamaged = [i for i in skills if not dice[i]["strained"] and not dice[i]["injured"]]
    if undamaged:
        return undamaged
    if not dice[0]["exhausted"]:
        return [0]  # overwhelmed: every blow falls on the vitality die
    strained = [i for i in skills if not dice[i]["injured"]]
    return strained or [0]


@lru_cache(maxsize=256)
def weapon_numbers(qualities: tuple[str, ...]) -> tuple[int, bool, str]:
    """(Effective less Ineffective, Accurate, the forced tie reading or '') of a weapon's qualities."""
    weapon = {"qualities": qualities}
    return (
        quality(weapon, "effective") - quality(weapon, "ineffective"),
        bool(quality(weapon, "accurate")),
        "failure-but" if quality(weapon, "inaccurate") else "",
    )


def talent_total(talents: Mapping[str, Any], actor: SpireActor, key: str) -> int:
    """What the actor's talents add up to for one effect (`talents`: the catalogue's, by id)."""
    return sum(int((talents.get(t["id"], {}).get("effect") or {}).get(key, 0)) for t in actor.talents)


def _declared(dice: list[dict[str, Any]], order: Sequence[int]) -> int:
    """The die the GM's side defends with: the first `_allowed` in `order` (largest, then first),
    found tier by tier without building `_allowed`'s lists (a forecast asks it for every blow weighed)."""
    for i in order:  # the usual case, a fresh skill die, at once
        die = dice[i]
        if not die["exhausted"] and not die["injured"]:
            return i
    for i in order:  # an exhausted skill die that is undamaged
        die = dice[i]
        if not die["strained"] and not die["injured"]:
            return i
    if not dice[0]["exhausted"]:
        return 0  # overwhelmed
    for i in order:  # a strained skill die
        if not dice[i]["injured"]:
            return i
    return 0


class Strike:
    """What a fight does not change about one creature's attacks of one sort (a blow or a sway)."""

    __slots__ = ("power", "bypass", "effective", "accurate", "tie", "reroll", "lethal", "disorient",
                 "riposte", "brace", "chances")

    def __init__(
        self, weapon: dict[str, Any], power: int, bypass: int, reroll: bool, ties: str, lethal: bool
    ) -> None:
        self.effective, self.accurate, tie = weapon_numbers(tuple(weapon["qualities"]))
        self.tie = tie or ties
        self.power = int(weapon["power"]) + power
        self.bypass = int(weapon["bypass"]) + bypass
        self.reroll = reroll
        self.lethal = lethal and not quality(weapon, "non-lethal")
        self.disorient = bool(quality(weapon, "disorient"))
        self.riposte = quality(weapon, "riposte")
        self.brace = quality(weapon, "brace")
        #: (modifier, defence die) -> this strike's `chance_in_scale` for each die size (`chances_against`)
        self.chances: dict[tuple[int, int], dict[int, int]] = {}

    def chances_against(self, modifier: int, against: int) -> dict[int, int]:
        """This strike's chance of doing anything with each die size, stepped by `modifier`, against a
        defence die of `against` sides (`chance_in_scale`), worked out once per pair and kept: a Strike
        belongs to a Kit, which a fight never changes, and the policy weighs every foe every action."""
        key = (modifier, against)
        table = self.chances.get(key)
        if table is None:
            numbers = (self.effective, self.accurate, self.reroll, self.tie)
            table = self.chances[key] = {s: chance_in_scale(s, modifier, against, *numbers) for s in SIZES}
        return table


class Kit:
    """What a fight does not change about a creature: its blows and sways, its talents, how its dice
    defend (the highest skill die, Guard, the armour).  Made once for every creature of the same sheet
    (`Kit.key`) in fights of the same rules (`Skirmish.kit`): a forecast seats copies fight after fight."""

    __slots__ = ("strike", "sway", "talker", "winds", "initiative", "highest", "order", "lowest", "armor",
                 "mind", "ranged", "sides")

    def __init__(self, actor: SpireActor, talents: Mapping[str, Any], ties: str, nonlethal: bool):
        weapon = actor.weapons[0] if actor.weapons else FISTS
        reroll, lethal = bool(talent_total(talents, actor, "reroll")), not nonlethal
        power, bypass = talent_total(talents, actor, "power"), talent_total(talents, actor, "bypass")
        self.strike = Strike(weapon, power, bypass, reroll, ties, lethal)
        self.sway = Strike(FISTS, 0, talent_total(talents, actor, "social_bypass"), reroll, ties, lethal)
        self.talker = sum(1 for t in actor.traits if t["name"] in TALKERS) * 2 > len(actor.traits)
        self.winds = any(t["id"] == "second-wind" for t in actor.talents)
        self.initiative = talent_total(talents, actor, "initiative")
        self.highest = highest = actor.highest_skill()
        guard = 1 if Skirmish._guarded(actor) else 0
        #: the skill dice from the one a defender declares first among equals (largest, then first)
        self.order = tuple(sorted(actor.skill_indices, key=lambda i: (-actor.sides(i), i)))
        #: the skill dice from the one a turn refreshes first (smallest, then first)
        self.lowest = tuple(sorted(actor.skill_indices, key=lambda i: (actor.sides(i), i)))
        #: each die's Armor, uninjured and injured (Guard: +1 on the highest skill die)
        self.armor = tuple(
            tuple(actor.armor(i, hurt, highest) + (guard if i == highest else 0) for hurt in (False, True))
            for i in range(len(actor.dice))
        )
        self.mind = tuple(int(die.get("mind", 0)) for die in actor.dice)
        #: each die's sides (a fight never changes a die's size; advancement makes a new sheet, a new Kit)
        self.sides = tuple(actor.sides(i) for i in range(len(actor.dice)))
        self.ranged = bool(weapon.get("ranged"))

    @staticmethod
    def key(actor: SpireActor) -> tuple[Any, ...]:
        """Everything of a sheet a Kit is made from: the dice's sizes and defenses, the weapons, the
        armour, the talents and the traits."""
        armour = actor.armour
        return (
            tuple([(d["die"], d.get("armor", 0), d.get("mind", 0)) for d in actor.dice]),
            tuple([(w["power"], w["bypass"], w.get("ranged"), tuple(w.get("qualities", ())))
                   for w in actor.weapons]),
            (tuple(armour["values"]), tuple(armour.get("qualities", ()))) if armour else None,
            tuple([t["id"] for t in actor.talents]),
            tuple([t["name"] for t in actor.traits]),
        )


@dataclass(slots=True)
class Aim:
    """One attack's numbers (`Skirmish.plan`): the attacker's Strike, the defender's die and its
    defense, the Bypass, the roll modifier, the die rolled, and the defender's die after any overflow."""

    strike: Strike
    defence: int
    defense: int
    bypass: int
    modifier: int
    rolled: int
    against: int

    @property
    def td(self) -> int:
        """Half the (shifted) defence die."""
        return self.against // 2


class SpireSeat(Seat):
    """A seat with how many turns it has started and its initiative roll."""

    __slots__ = ("turns", "initiative", "winded", "kit")
    actor: SpireActor  # every actor in a Skirmish is a SpireActor (the kernel checks each one's system)
    #: a rematch's seat keeps its Kit: made from the sheet, which a fight copy shares, and never changed
    kept = ("kit",)

    def __init__(self, actor: Actor, side: str, label: str, index: int):
        super().__init__(actor, side, label, index)
        self.turns = 0
        self.initiative = 0
        self.winded = False  # Second Wind used this fight
        self.kit: Kit | None = None  # `Skirmish.kit`


class Skirmish(Encounter):
    NOUN = "fight"
    NOBODY_LEFT = "nobody is left on their feet"
    seat_class = SpireSeat
    phase = FixedOrder()
    #: a forecast's fights are rematches: each seat's state is its class's, the rest set in `rematched`
    quick_rematch = True
    #: `policy` spends only a die the creature has fresh, on a foe it reaches (or sways, or closes on)
    policy_valid = True
    declared_options = (
        Option(
            "distance",
            "choice",
            "engaged: one melee from the start; apart: closing in costs a die",
            ("engaged", "apart"),
        ),
        Option(
            "initiative",
            "choice",
            "free-d4: everyone rolls a free D4; best-die: everyone exhausts its"
            " highest skill die and rolls it",
            ("free-d4", "best-die"),
        ),
        Option("ties", "choice", "what a tied attack becomes", ("success-but", "failure-but")),
        Option("nonlethal", "flag", "blows strain instead of injuring (a brawl, a capture)"),
        Option(
            "contests",
            "flag",
            "spontaneous contests: past its first turn a creature may counter-attack"
            " or oppose a foe closing in",
        ),
        Option(
            "master_tokens",
            "int",
            "the Master's story tokens for this fight (one an encounter by the"
            " rules; the engine spends them to reroll the GM side's failed attacks)",
            minimum=0,
        ),
    )
    seats: list[SpireSeat]  # type: ignore[assignment]

    def __init__(self, system: Any, sides: Any, rng: Rng, **options: Any):
        super().__init__(system, sides, rng, **options)
        self.talents = system.catalogue.talents
        self._kits: dict[Any, Kit] = system.kits
        self.distance = str(self.options.get("distance", "engaged"))
        self.ties = str(self.options.get("ties", "success-but"))
        self.nonlethal = bool(self.options.get("nonlethal", False))
        self.contests = bool(self.options.get("contests", False))
        initiative = str(self.options.get("initiative", "free-d4"))
        for name, value, allowed in (
            ("distance", self.distance, ("engaged", "apart")),
            ("initiative", initiative, ("free-d4", "best-die")),
            ("ties", self.ties, ("success-but", "failure-but")),
        ):
            if value not in allowed:
                raise RulesError(f"option {name} must be one of {', '.join(allowed)}, not {value!r}")
        self.initiative_rule = initiative
        for seat in self.seats:
            why = seat.actor.unfit()
            if why:
                seat.out = why
        self.count_sides()
        #: who is engaged at the start (seat index pairs): the same in every rematch
        self.engaged_at_start = frozenset(
            (seat.index, other.index)
            for seat in self.seats
            for other in self.seats[seat.index + 1 :]
            if other.side != seat.side
        ) if self.distance == "engaged" else frozenset()
        # making a fight changes its actors when everyone spends its highest die on the initiative, or
        # when the first turn refreshes an exhausted vitality die; a rematch copies the actors as made
        self.unchanged = initiative != "best-die" and not any(
            seat.actor.vitality["exhausted"] for seat in self.seats
        )
        self.rematched()

    def can_rematch(self) -> bool:
        """A rematch plays exactly like a fresh fight when making this one changed no actor (`unchanged`)."""
        return self.unchanged

    def rematched(self) -> None:
        """What a fight changes, set up afresh (making one, or `rematch` for a forecast's next fight):
        the Master's tokens, who is engaged and focused, the waiting reaction, and the initiative rolls
        (the only dice drawn in making a fight, drawn here in the same order) with the first turn.
        Made once and kept: the options read, who starts unfit (`seat.out`, copied by `rematch`), who is
        engaged at the start, and each seat's Kit (from the sheet, which a rematch's copy shares)."""
        self.master_tokens = int(self.options.get("master_tokens", 1))
        self.positions = Engagement()
        self.positions.links = set(self.engaged_at_start)
        self.reacting: SpireSeat | None = None  # a PC asked how it answers (initiative.FixedOrder)
        self.pending: dict[str, Any] | None = None  # the action waiting for that answer
        self.trusted = None
        events: list[Event] = []
        rolls = []
        for seat in self.seats:
            seat.initiative = self._initiative(seat, self.initiative_rule, events)
            rolls.append(seat.initiative)
        self.turn_order: list[SpireSeat] = ordered(self.seats, rolls, lambda s: s.actor.is_pc)  # type: ignore
        self.turn_index = 0
        if self.record:
            order = ", ".join(f"{s.label} {s.initiative}" for s in self.turn_order)
            self.emit(events, "order", "Order: " + order)
        FixedOrder().begin(self, events)

    # -- helpers -------------------------------------------------------------------------------------
    @staticmethod
    def spire(seat: Seat) -> SpireActor:
        return seat.actor  # type: ignore[return-value]  # every actor in a Skirmish is a SpireActor

    def kit(self, seat: SpireSeat) -> Kit:
        """What the fight does not change about the seat's creature (kept on the seat, and in the
        system for every later fight with a creature of the same sheet under the same rules)."""
        kit = seat.kit
        if kit is None:
            actor = seat.actor
            kits = self._kits
            key = (self.ties, self.nonlethal, Kit.key(actor))
            kit = kits.get(key)
            if kit is None:
                if len(kits) >= KITS_KEPT:
                    kits.clear()
                kit = kits[key] = Kit(actor, self.talents, self.ties, self.nonlethal)
            seat.kit = kit
        return kit

    def talent_sum(self, actor: SpireActor, key: str) -> int:
        """What the actor's talents add up to for one effect."""
        return talent_total(self.talents, actor, key)

    def _initiative(self, seat: SpireSeat, how: str, events: list[Event]) -> int:
        actor = seat.actor
        bonus = self.kit(seat).initiative
        if seat.out is not None:
            return 0
        if how == "best-die" and actor.usable_skill():
            index = max(actor.usable_skill(), key=lambda i: (actor.sides(i), -i))
            actor.dice[index]["exhausted"] = True
            face = self.rng.die(actor.sides(index))
            if face == 1:
                actor.xp += actor.sides(index)
            return face + bonus
        return self.rng.die(4) + bonus

    def weapon(self, actor: SpireActor) -> dict[str, Any]:
        return actor.weapons[0] if actor.weapons else FISTS

    def die_of(self, actor: SpireActor, sides: int) -> int:
        """The die a size names: the first fresh skill die of that size, else the vitality die."""
        dice = actor.dice
        for index in (*range(1, len(dice)), 0):
            die = dice[index]
            if SIDES_OF[die["die"]] == sides and not die["exhausted"] and not die["injured"]:
                return index
        raise RulesError(f"{actor.name} has no unexhausted D{sides} to spend")

    def usable_sizes(self, actor: SpireActor) -> tuple[int, ...]:
        dice = actor.dice
        return tuple(sorted({SIDES_OF[d["die"]] for d in dice if not d["exhausted"] and not d["injured"]}))

    def reach(self, seat: SpireSeat) -> list[SpireSeat]:
        """Foes the seat can strike now: engaged ones, or every foe with a ranged weapon."""
        foes: list[SpireSeat] = self.foes_of(seat)  # type: ignore[assignment]
        if (seat.kit or self.kit(seat)).ranged:
            return foes
        links, me = self.positions.links, seat.index  # `Engagement.engaged`, asked of every foe at once
        return [f for f in foes if ((me, f.index) if me < f.index else (f.index, me)) in links]

    # -- the turn ------------------------------------------------------------------------------------
    def turn_start(self, seat: SpireSeat, events: list[Event]) -> None:
        actor = seat.actor
        refreshed = []
        vit = actor.vitality
        if vit["exhausted"] and not vit["strained"] and not vit["injured"]:
            vit["exhausted"] = False
            refreshed.append(0)
        if seat.turns > 0:
            dice = actor.dice
            for i in self.kit(seat).lowest:
                die = dice[i]
                if die["exhausted"] and not die["strained"] and not die["injured"]:
                    die["exhausted"] = False
                    refreshed.append(i)
                    break
        seat.turns += 1
        if not self.record:
            return
        what = ", ".join(actor.die_text(i) for i in refreshed) or "nothing"
        self.emit(
            events,
            "turn",
            f"Round {self.round}: {seat.label}'s turn (refreshed {what}); dice {self.dice_line(actor)}.",
            actor,
            refreshed=refreshed,
        )

    def ends_turn(self, action: Action) -> bool:
        return action.kind == "end"

    @staticmethod
    def dice_line(actor: SpireActor) -> str:
        return "Vit " + actor.die_text(0) + " | " + " ".join(actor.die_text(i) for i in actor.skill_indices)

    # -- what a seat may do ----------------------------------------------------------------------------
    def seat_templates(self, seat: Seat) -> list[ActionTemplate]:
        assert isinstance(seat, SpireSeat)
        if self.pending is not None:
            return self.reaction_templates(seat) if seat is self.reacting else []
        actor = seat.actor
        sizes = self.usable_sizes(actor)
        out: list[ActionTemplate] = []
        if sizes:
            best = (("die", sizes[-1]),)
            reach = self.reach(seat)
            if reach:
                plain = (f"Attack with {self.weapon(actor)['name']}", ())
                token = (
                    f"Attack, spending a story token: +1 to the roll ({actor.tokens})",
                    (("token", True),),
                )
                for label, fixed in (plain, token) if actor.tokens > 0 else (plain,):
                    out.append(
                        ActionTemplate(
                            "attack",
                            label,
                            tuple(s.actor for s in reach),
                            (("die", sizes),),
                            fixed=fixed,  # type: ignore[arg-type]
                            default=best,
                        )
                    )
            far = [f for f in self.foes_of(seat) if not self.positions.engaged(seat.index, f.index)]
            if far and not self.weapon(actor).get("ranged") and actor.mobility() != "immobile":
                out.append(
                    ActionTemplate(
                        "close",
                        "Close in (a move)",
                        tuple(s.actor for s in far),
                        (("die", sizes),),
                        default=(("die", sizes[0]),),
                    )
                )
            swayable = [f for f in self.foes_of(seat) if not f.actor.is_pc]
            if swayable:
                out.append(
                    ActionTemplate(
                        "sway",
                        "Sway (social attack)",
                        tuple(s.actor for s in swayable),
                        (("die", sizes),),
                        default=best,
                    )
                )
        if actor.tokens > 0 and self._refreshable(actor):
            out.append(ActionTemplate("token", f"Spend a story token ({actor.tokens}): refresh a die"))
        if self.can_wind(seat):
            out.append(ActionTemplate("wind", "Second Wind: refresh your largest exhausted die"))
        out.append(ActionTemplate("end", "End turn"))
        return out

    def reaction_templates(self, seat: SpireSeat) -> list[ActionTemplate]:
        """How a PC may answer the action waiting on it (an attack on it, or a foe closing in)."""
        assert self.pending is not None
        me = seat.actor
        out: list[ActionTemplate] = []
        if self.pending["kind"] == "attack":
            sizes = tuple(sorted({me.sides(i) for i in self.defence_options(me)}, reverse=True))
            best = (("die", sizes[0]),)
            out.append(ActionTemplate("defend", "Defend with a die", (), (("die", sizes),), default=best))
            if me.tokens > 0:
                out.append(
                    ActionTemplate(
                        "defend",
                        f"Defend, spending a story token: -1 to the attacker's roll ({me.tokens})",
                        (),
                        (("die", sizes),),
                        fixed=(("token", True),),
                        default=best,
                    )
                )
        fresh = tuple(sorted({me.sides(i) for i in me.usable_skill()}, reverse=True))
        if fresh and self._may_oppose(seat, self.pending["seat"], self.pending["kind"] == "close"):
            kind, label = (
                ("counter", "Counter-attack (a spontaneous contest)")
                if self.pending["kind"] == "attack"
                else ("oppose", "Oppose the move (a spontaneous contest)")
            )
            out.append(ActionTemplate(kind, label, (), (("die", fresh),), default=(("die", fresh[0]),)))
        if self.pending["kind"] == "close":
            out.append(ActionTemplate("allow", "Let them come"))
        return out

    def _may_oppose(self, seat: SpireSeat, source: SpireSeat, closing: bool = False) -> bool:
        """A spontaneous contest (1.6): contests on, past the opposer's first turn, the source in reach
        or focus (a creature being closed on attends to the one coming [SR]), a fresh skill die."""
        return (
            self.contests
            and seat.turns >= 1
            and bool(seat.actor.usable_skill())
            and (closing or self.positions.can_react(seat.index, source.index))
        )

    def can_wind(self, seat: SpireSeat) -> bool:
        """Second Wind (a house talent, once an encounter): an exhausted, uninjured die to refresh."""
        actor = seat.actor
        return not seat.winded and self.kit(seat).winds and bool(self._refreshable(actor))

    @staticmethod
    def _refreshable(actor: SpireActor) -> list[int]:
        return [
            i for i in range(len(actor.dice)) if actor.dice[i]["exhausted"] and not actor.dice[i]["injured"]
        ]

    def describe(self, action: Action) -> str:
        if action.kind == "end":
            return "end turn"
        if action.kind == "allow":
            return "let them come"
        if action.kind in ("defend", "counter", "oppose"):
            token = ", spending a story token" if action.option("token") else ""
            return f"{action.kind} with D{action.option('die')}{token}"
        if action.kind == "token":
            return "spend a story token to refresh a die"
        if action.kind == "wind":
            return "Second Wind"
        target = self.label(action.target) if action.target is not None else "?"
        token = ", spending a story token" if action.option("token") else ""
        return f"{action.kind} {target} with D{action.option('die')}{token}"

    trusted: Action | None = None  # the policy's last move in a forecast (`RogueSpire.npc_policy`)

    def validate(self, seat: Seat, action: Action) -> Action:
        assert isinstance(seat, SpireSeat)
        if action is self.trusted:
            return action
        if self.pending is not None:
            if seat is not self.reacting:
                raise RulesError(f"{self.reacting.label if self.reacting else '?'} must answer first")
            return self._validate_reaction(seat, action)
        if action.kind not in KINDS:
            raise RulesError(f"a Rogue Spire fight knows {', '.join(KINDS)}, not {action.kind!r}")
        if action.kind == "end":
            return action
        if action.kind == "token":
            if seat.actor.tokens < 1 or not self._refreshable(seat.actor):
                raise RulesError(f"{seat.label} has no story token to spend, or no exhausted die to refresh")
            return action
        if action.kind == "wind":
            if not self.can_wind(seat):
                raise RulesError(f"{seat.label} has no Second Wind to use now")
            return action
        if action.option("token") and seat.actor.tokens < 1:
            raise RulesError(f"{seat.label} has no story token to spend")
        target = self.check_target(seat, action, "enemy")
        assert isinstance(target, SpireSeat)
        actor = seat.actor
        sides = action.option("die")
        if not isinstance(sides, int) or isinstance(sides, bool):
            raise RulesError(f"{action.kind} needs the die to spend (die: 4, 6, 8, 10, 12 or 20)")
        self.die_of(actor, sides)
        if action.kind == "attack" and target not in self.reach(seat):
            raise RulesError(
                f"{seat.label} cannot reach {target.label}: close in first (a move) or use a ranged weapon"
            )
        if action.kind == "close" and self.positions.engaged(seat.index, target.index):
            raise RulesError(f"{seat.label} is already engaged with {target.label}")
        if action.kind == "close" and actor.mobility() == "immobile":
            raise RulesError(f"{seat.label} carries four times its capacity and cannot move")
        if action.kind == "sway" and target.actor.is_pc:
            raise RulesError(f"{target.label} is a player character; their player decides what sways them")
        return action

    def _validate_reaction(self, seat: SpireSeat, action: Action) -> Action:
        allowed = {t.kind for t in self.reaction_templates(seat)}
        if action.kind not in allowed:
            raise RulesError(f"{seat.label} answers with {', '.join(sorted(allowed))}, not {action.kind!r}")
        if action.kind == "allow":
            return action
        me = seat.actor
        sides = action.option("die")
        if action.kind == "defend":
            options = {me.sides(i) for i in self.defence_options(me)}
            if sides not in options:
                raise RulesError(
                    f"{seat.label} may defend with {', '.join(f'D{d}' for d in sorted(options))},"
                    f" not {sides!r}"
                )
            if action.option("token") and me.tokens < 1:
                raise RulesError(f"{seat.label} has no story token to spend")
            return action
        if sides not in {me.sides(i) for i in me.usable_skill()}:
            raise RulesError(f"{seat.label} has no fresh skill die D{sides} to oppose with")
        return action

    # -- resolving ----------------------------------------------------------------------------------------
    def resolve(self, seat: Seat, action: Action, events: list[Event]) -> None:
        assert isinstance(seat, SpireSeat)
        if self.pending is not None and seat is self.reacting:
            self._answer(seat, action, events)
            return
        if action.kind == "end":
            if self.record:
                self.emit(events, "end-turn", f"{seat.label} ends the turn.", seat.actor)
            return
        if action.kind == "token":
            me = seat.actor
            lowest = min(self._refreshable(me), key=lambda i: (me.sides(i), i))
            me.tokens -= 1
            me.dice[lowest]["exhausted"] = False
            self.emit(
                events,
                "token",
                f"{seat.label} spends a story token: {me.die_text(lowest)} refreshes ({me.tokens} left).",
                me,
            )
            return
        if action.kind == "wind":
            me = seat.actor
            largest = max(self._refreshable(me), key=lambda i: (me.sides(i), -i))
            me.dice[largest]["exhausted"] = False
            seat.winded = True
            text = f"{seat.label} finds a second wind: {me.die_text(largest)} refreshes."
            self.emit(events, "wind", text, me)
            return
        target = self.seat(action.target)  # type: ignore[arg-type]
        assert isinstance(target, SpireSeat)
        actor = seat.actor
        index = self.die_of(actor, int(action.option("die", 4)))
        actor.dice[index]["exhausted"] = True
        bonus = 0
        if action.kind == "attack" and action.option("token"):
            actor.tokens -= 1
            bonus = 1
            self.emit(events, "token", f"{seat.label} spends a story token: +1 to the roll.", actor)
        if action.kind == "close":
            if self.record:
                self.emit(
                    events,
                    "move",
                    f"{seat.label} spends D{actor.sides(index)} to close with {target.label}.",
                    actor,
                )
            if self._ask(seat, target, "close", index, events):
                return
            if self._may_oppose(target, seat, closing=True) and self._npc_opposes(target, actor.sides(index)):
                self._opposed_move(seat, target, index, self._best_fresh(target.actor), events)
                return
            self._closes(seat, target)
            return
        self.positions.set_focus(seat.index, target.index)
        if action.kind == "attack" and self._ask(seat, target, "attack", index, events, bonus):
            return
        self._strike(seat, target, index, action.kind == "sway", events, bonus=bonus)

    def _closes(self, seat: SpireSeat, target: SpireSeat) -> None:
        self.positions.engage(seat.index, target.index)
        self.positions.set_focus(seat.index, target.index)

    @staticmethod
    def _best_fresh(actor: SpireActor) -> int:
        return max(actor.usable_skill(), key=lambda i: (actor.sides(i), -i))

    def _ask(
        self, seat: SpireSeat, target: SpireSeat, kind: str, index: int, events: list[Event], bonus: int = 0
    ) -> bool:
        """Open the reaction window when a PC has a choice to make about an action aimed at it."""
        me = target.actor
        if not self.record or not me.is_pc:  # a silent fight (a forecast) has nobody to ask
            return False
        self.pending = {"kind": kind, "seat": seat, "index": index, "bonus": bonus}
        choices = self.reaction_templates(target)
        if kind == "attack" and len(choices) == 1 and len(choices[0].params[0][1]) == 1:
            self.pending = None  # one die can defend and nothing else to decide: no question
            return False
        if kind == "close" and len(choices) == 1:
            self.pending = None  # only "let them come"
            return False
        self.reacting = target
        if self.record:
            what = "attacks" if kind == "attack" else "closes in on"
            self.emit(
                events,
                "react",
                f"{seat.label} {what} {target.label} with D{seat.actor.sides(index)}:"
                f" {target.label} chooses how to answer.",
                me,
            )
        return True

    def _answer(self, seat: SpireSeat, action: Action, events: list[Event]) -> None:
        """Settle the action that waited on this seat's answer."""
        assert self.pending is not None
        pending, self.pending, self.reacting = self.pending, None, None
        source: SpireSeat = pending["seat"]
        index: int = pending["index"]
        me = seat.actor
        sides = action.option("die")
        if pending["kind"] == "close":
            if action.kind == "oppose":
                die = self.die_of_skill(me, int(sides))
                self._opposed_move(source, seat, index, die, events)
            else:
                self._closes(source, seat)
            return
        if action.kind == "counter":
            die = self.die_of_skill(me, int(sides))
            p = self.plan(source, seat, source.actor.sides(index), False, bonus=pending["bonus"])
            self._countered(source, seat, index, p["rolled"], events, die)
            return
        defence = next(i for i in self.defence_options(me) if me.sides(i) == sides)
        bonus = pending["bonus"]
        if action.option("token"):
            me.tokens -= 1
            bonus -= 1
            self.emit(events, "token", f"{seat.label} spends a story token: -1 to the roll.", me)
        self._strike(source, seat, index, False, events, defence=defence, bonus=bonus, counter=False)

    @staticmethod
    def die_of_skill(actor: SpireActor, sides: int) -> int:
        return next(i for i in actor.usable_skill() if actor.sides(i) == sides)

    def _npc_opposes(self, target: SpireSeat, spent: int) -> bool:
        """The engine opposes a move for an NPC when its roll is as likely to beat the move as not."""
        me = target.actor
        theirs = shift(me.sides(self._best_fresh(me)), self.kit(target).strike.brace).attack
        td = opposed_move_td(spent)
        higher = sum(1 for f in range(1, theirs + 1) if f > td)
        return 2 * higher >= theirs

    def _opposed_move(
        self, seat: SpireSeat, target: SpireSeat, index: int, die: int, events: list[Event]
    ) -> None:
        """A spontaneous contest against a move (1.6): the opposer's roll against half the sides of the
        die spent on the move; a Brace weapon steps the opposer's die up (its +1 Power).  Higher: the
        move fails and the opposer's blow lands on the spent die, as a counter-attack's would [SR];
        double or more also exhausts the mover's largest fresh die; equal: the move is stopped,
        nothing damaged [SR]; lower: the move happens."""
        mover, opposer = seat.actor, target.actor
        td = opposed_move_td(mover.sides(index))
        brace = self.kit(target).strike.brace
        theirs = shift(opposer.sides(die), brace).attack
        opposer.dice[die]["exhausted"] = True
        their_roll = roll(theirs, 0, self.rng)
        opposer.xp += their_roll.xp
        outcome = contest(td, their_roll.judged)
        if self.record:
            braced = " (braced: +1 Power)" if brace else ""
            self.emit(
                events,
                "contest",
                f"{target.label} opposes the move{braced}: D{theirs} {their_roll.judged} against"
                f" {td} (half the D{mover.sides(index)} spent) - "
                + (
                    "the move fails"
                    if outcome.startswith("opposer")
                    else "a tie: the move is stopped" if outcome == "tie" else "the move happens"
                )
                + ".",
                opposer,
                outcome=outcome,
            )
        if outcome.startswith("actor"):
            self._closes(seat, target)
            return
        self.positions.set_focus(target.index, seat.index)
        if outcome == "tie":
            return
        lethal = self.kit(target).strike.lethal
        self._damage(seat, index, lethal, events)
        if outcome.endswith("AND") and seat.out is None:
            extra = mover.usable_skill()
            if extra:
                self._hit(seat, self._best_fresh(mover), lethal, events)

    def plan(
        self,
        seat: SpireSeat,
        target: SpireSeat,
        sides: int,
        social: bool,
        defence: int | None = None,
        bonus: int = 0,
    ) -> dict[str, Any]:
        """Everything an attack's roll depends on, before any die is spent (for odds and resolution).

        `defence` is the die the defender chose (default: its highest allowed), `bonus` roll-modifier
        steps from story tokens."""
        aim = self._aim(seat, target, sides, social, defence, bonus)
        strike = aim.strike
        return {
            "defence": aim.defence,
            "defense": aim.defense,
            "power": strike.power,
            "bypass": aim.bypass,
            "modifier": aim.modifier,
            "rolled": aim.rolled,
            "against": aim.against,
            "td": aim.td,
            "weapon": FISTS if social else self.weapon(seat.actor),
            "effective": strike.effective,
            "accurate": strike.accurate,
            "tie": strike.tie,
        }

    def _aim(
        self, seat: SpireSeat, target: SpireSeat, sides: int, social: bool, defence: int | None, bonus: int
    ) -> Aim:
        """`plan`'s numbers, as the fight resolves an attack."""
        kit = seat.kit or self.kit(seat)
        strike = kit.sway if social else kit.strike
        defence, against, defense, bypass = self.guard(target, strike, social, defence)
        m = roll_modifier(strike.power, bypass, defense) + bonus
        shifted = shift(sides, m, against)
        assert shifted.defence is not None
        return Aim(strike, defence, defense, bypass, m, shifted.attack, shifted.defence)

    def guard(
        self, target: SpireSeat, strike: Strike, social: bool, defence: int | None = None
    ) -> tuple[int, int, int, int]:
        """How the target meets a blow (or a sway) as things stand: (the die it defends with, that
        die's sides, its Armor with Guard - or Mind and the attitude's shift - and the attacker's
        Bypass with the attitude's shift).  `defence`: the die it chose (default: the GM side's)."""
        defender = target.actor
        dice = defender.dice
        kit = target.kit or self.kit(target)
        if defence is None:
            defence = _declared(dice, kit.order)
        if social:
            attitude = defender.attitude
            defense = kit.mind[defence] + MIND_SHIFT.get(attitude, 0)
            bypass = strike.bypass + BYPASS_SHIFT.get(attitude, 0)
        else:
            defense = kit.armor[defence][1 if dice[defence]["injured"] else 0]
            bypass = strike.bypass
        return defence, SIDES_OF[dice[defence]["die"]], defense, bypass

    def attack_chance(self, seat: SpireSeat, target: SpireSeat, sides: int, social: bool) -> Fraction:
        """The chance an attack does anything (1 - failure), without building an Odds."""
        kit = self.kit(seat)
        strike = kit.sway if social else kit.strike
        _, against, defense, bypass = self.guard(target, strike, social)
        m = roll_modifier(strike.power, bypass, defense)
        key = chance_in_scale(sides, m, against, strike.effective, strike.accurate, strike.reroll, strike.tie)
        return Fraction(key, SCALE)

    @staticmethod
    def _guarded(actor: SpireActor) -> bool:
        if any("guard" in w.get("qualities", ()) for w in actor.weapons):
            return True
        return bool(actor.armour) and "guard" in actor.armour.get("qualities", ())  # type: ignore[union-attr]

    @staticmethod
    def defence_die(actor: SpireActor) -> int:
        """The die the GM's side defends with: the highest the rules allow (see `defence_options`)."""
        return _declared(actor.dice, sorted(actor.skill_indices, key=lambda i: (-actor.sides(i), i)))

    @staticmethod
    def defence_options(actor: SpireActor) -> list[int]:
        """The dice a defender may declare (step 2 of 1.5): see `_allowed`."""
        return _allowed(actor.dice, actor.skill_indices)

    @staticmethod
    def _band(face: int, td: int, band_name: str, strike: Strike, sides: int) -> str:
        if band_name == "failure" and face == td - 1 and sides > td and strike.accurate:
            band_name = "tie"
        return band_name

    def _strike(
        self,
        seat: SpireSeat,
        target: SpireSeat,
        index: int,
        social: bool,
        events: list[Event],
        defence: int | None = None,
        bonus: int = 0,
        counter: bool = True,
    ) -> None:
        actor, defender = seat.actor, target.actor
        sides = actor.sides(index)
        aim = self._aim(seat, target, sides, social, defence, bonus)
        strike, die, td = aim.strike, aim.rolled, aim.td
        if counter and self.contests and not social and self._countered(seat, target, index, die, events):
            return
        rolled = roll(die, td, self.rng, effective=strike.effective)
        actor.xp += rolled.xp
        band_name = self._band(rolled.judged, td, rolled.band, strike, die)
        rerolled = ""
        if band_name == "failure" and strike.reroll:
            again = roll(die, td, self.rng, free=True, effective=strike.effective)
            band_name = self._band(again.judged, td, again.band, strike, die)
            rerolled = f", rerolled (Sp) {again.judged}"
        if band_name == "failure" and self.master_tokens > 0 and not actor.is_pc and defender.is_pc:
            self.master_tokens -= 1
            again = roll(die, td, self.rng, free=True, effective=strike.effective)
            band_name = self._band(again.judged, td, again.band, strike, die)
            rerolled += f", the Master spends a story token to reroll: {again.judged}"
        tie = strike.tie
        degree = degree_of(band_name, tie)
        if self.record:
            shifted = "" if die == sides else f" stepped to D{die}"
            against = defender.die_text(aim.defence)
            name = {
                "and": "Success AND",
                "success": "Success",
                "failure": "Failure",
                "tie": "Success BUT" if tie == "success-but" else "Failure BUT",
            }[band_name]
            xp = f"; {actor.name} gains {rolled.xp} XP" if rolled.xp else ""
            self.emit(
                events,
                "attack" if not social else "sway",
                f"{seat.label} {'sways' if social else 'attacks'} {target.label}: D{sides}{shifted}"
                f" (m {aim.modifier:+d}) vs {against} TD {td}, rolls {rolled.text()}{rerolled}"
                f" - {name}{xp}.",
                actor,
                degree=degree,
                band=band_name,
                td=td,
                xp=rolled.xp,
            )
        if degree in ("fail",):
            return
        if social:
            self._persuade(target, 2 if band_name == "and" else 1, events)
            return
        lethal = strike.lethal
        self._hit(target, aim.defence, lethal, events)
        if band_name == "and" and target.out is None:
            if strike.disorient:
                extra = [i for i in range(len(defender.dice)) if defender.usable(i)]
                if extra:
                    self._hit(target, max(extra, key=lambda i: defender.sides(i)), lethal, events)
            else:
                self._damage(target, aim.defence, lethal, events)

    def _countered(
        self,
        seat: SpireSeat,
        target: SpireSeat,
        index: int,
        rolled: int,
        events: list[Event],
        chosen: int | None = None,
    ) -> bool:
        """A spontaneous counter-attack contest (1.6), if the defender may and wants to: True if it was.

        The defender may oppose once its first turn has begun and it is engaged
        with or focused on the attacker; it rolls its highest unexhausted skill
        die (a Riposte weapon steps it up one, its +1 Power) against the
        attacker's die, and does so only when it is at least as likely to roll
        higher as lower.  The higher roll injures the loser's rolled die (it is
        exhausted already: it was just rolled), or strains it in a non-lethal
        fight; double the other roll or more also exhausts the loser's largest
        fresh die.  On equal rolls the opposer takes "interrupted, the actor
        gains a small advantage" [SR]: nothing is damaged.
        """
        defender, actor = target.actor, seat.actor
        riposte = self.kit(target).strike.riposte
        if chosen is None:  # the engine decides for the GM's side
            fresh = defender.usable_skill()
            if target.turns < 1 or not fresh or not self.positions.can_react(target.index, seat.index):
                return False
            die = max(fresh, key=lambda i: (defender.sides(i), -i))
            theirs = shift(defender.sides(die), riposte).attack
            win, lose = contest_odds(theirs, rolled)
            if win < lose:
                return False
        else:
            die = chosen
            theirs = shift(defender.sides(die), riposte).attack
        defender.dice[die]["exhausted"] = True
        mine_roll = roll(rolled, 0, self.rng)
        their_roll = roll(theirs, 0, self.rng)
        actor.xp += mine_roll.xp
        defender.xp += their_roll.xp
        outcome = contest(mine_roll.judged, their_roll.judged)
        self.emit(
            events,
            "contest",
            f"{target.label} answers with a counter-attack: D{theirs}"
            f" {their_roll.judged} against {seat.label}'s D{rolled} {mine_roll.judged} - "
            + {
                "tie": "a tie: the attack is interrupted",
                "actor": f"{seat.label} wins",
                "actor AND": f"{seat.label} wins, double",
                "opposer": f"{target.label} wins",
                "opposer AND": f"{target.label} wins, double",
            }[outcome]
            + ".",
            defender,
            outcome=outcome,
        )
        if outcome == "tie":
            return True
        opposer_won = outcome.startswith("opposer")
        loser, loser_die, winner = (seat, index, target) if opposer_won else (target, die, seat)
        lethal = self.kit(winner).strike.lethal
        self._damage(loser, loser_die, lethal, events)
        if outcome.endswith("AND") and loser.out is None:
            beaten = loser.actor
            extra = [i for i in beaten.skill_indices if beaten.usable(i)]
            if extra:
                self._hit(loser, max(extra, key=lambda i: (beaten.sides(i), -i)), lethal, events)
        return True

    def _hit(self, target: SpireSeat, index: int, lethal: bool, events: list[Event]) -> None:
        defender = target.actor
        die = defender.dice[index]
        if not die["exhausted"] and not die["injured"]:
            die["exhausted"] = True
            target.add("exhausted", 1)
            if self.record:
                self.emit(events, "exhaust", f"{target.label}'s {die['die'].upper()} is exhausted.", defender)
        else:
            self._damage(target, index, lethal, events)
        self._check_out(target, events)

    def _damage(self, target: SpireSeat, index: int, lethal: bool, events: list[Event]) -> None:
        defender = target.actor
        die = defender.dice[index]
        if lethal and not die["injured"]:
            die["injured"] = True
            target.add("injured", 1)
            if self.record:
                self.emit(events, "injure", f"{target.label}'s {die['die'].upper()} is injured.", defender)
        elif not lethal and not die["strained"]:
            die["strained"] = True
            target.add("strained", 1)
            if self.record:
                self.emit(events, "strain", f"{target.label}'s {die['die'].upper()} is strained.", defender)
        elif not lethal and index != 0 and not defender.vitality["strained"]:
            # [SR] a non-lethal blow on a die already strained falls through to the vitality die
            vit = defender.vitality
            if not vit["exhausted"]:
                vit["exhausted"] = True
                target.add("exhausted", 1)
                self.emit(
                    events,
                    "exhaust",
                    f"The blow falls through: {target.label}'s vitality die is exhausted.",
                    defender,
                )
            else:
                self._damage(target, 0, lethal, events)
        self._check_out(target, events)

    def _check_out(self, target: SpireSeat, events: list[Event]) -> None:
        defender = target.actor
        if target.out is not None:
            return
        state = defender.condition()
        if state != "up":
            self.put_out(target, state)
            self.positions.leave(target.index)
            if self.record:
                self.emit(events, "down", f"{target.label} is {state}.", defender)

    def _persuade(self, target: SpireSeat, steps: int, events: list[Event]) -> None:
        defender = target.actor
        now = ATTITUDES.index(defender.attitude)
        defender.attitude = ATTITUDES[min(len(ATTITUDES) - 1, now + steps)]
        self.emit(events, "attitude", f"{target.label} is now {defender.attitude}.", defender)
        if ATTITUDES.index(defender.attitude) >= ATTITUDES.index("indifferent"):
            self.put_out(target, "yields")
            self.positions.leave(target.index)
            self.emit(events, "down", f"{target.label} yields.", defender)

    # -- odds and the board ------------------------------------------------------------------------------
    def action_odds(self, action: Action) -> Odds | None:
        if action.kind in ("defend", "counter") and self.pending is not None:
            return self.answer_odds(action)
        if action.kind not in ("attack", "sway") or action.target is None:
            return None
        seat, target = self.seat(action.actor), self.seat(action.target)
        assert isinstance(seat, SpireSeat) and isinstance(target, SpireSeat)
        bonus = 1 if action.option("token") else 0
        return self.attack_odds(seat, target, int(action.option("die", 4)), action.kind == "sway", bonus)

    def answer_odds(self, action: Action) -> Odds:
        """An answer's odds from the defender's side: a defence succeeds when the blow misses (any
        hit, a tie taken as Success BUT too, is its failure); a counter-attack succeeds by out-rolling
        the attacker, and equal rolls (the cost) interrupt the attack harmlessly."""
        assert self.pending is not None
        seat = self.seat(action.actor)
        assert isinstance(seat, SpireSeat)
        me, source = seat.actor, self.pending["seat"]
        sides = int(action.option("die", 4))
        attacker = source.actor.sides(self.pending["index"])
        if action.kind == "counter":
            theirs = shift(sides, self.kit(seat).strike.riposte).attack
            rolled = self.plan(source, seat, attacker, False, bonus=self.pending["bonus"])["rolled"]
            win, lose = contest_odds(theirs, rolled)
            return Odds(
                self.system.id,
                {"fail": lose, "cost": 1 - win - lose, "success": win, "strong": Fraction(0)},
                {"die": f"D{theirs}", "against": f"D{rolled}"},
            )
        defence = next(i for i in self.defence_options(me) if me.sides(i) == sides)
        bonus = self.pending["bonus"] - (1 if action.option("token") else 0)
        blow = self.attack_odds(source, seat, attacker, False, bonus, defence)
        d = blow.degrees
        return Odds(
            self.system.id,
            {"fail": 1 - d["fail"], "cost": Fraction(0), "success": d["fail"], "strong": Fraction(0)},
            dict(blow.detail),
        )

    def attack_odds(
        self,
        seat: SpireSeat,
        target: SpireSeat,
        sides: int,
        social: bool,
        bonus: int = 0,
        defence: int | None = None,
    ) -> Odds:
        p = self.plan(seat, target, sides, social, defence, bonus)
        fail, cost, success, strong = attack_degrees(
            p["rolled"],
            p["td"],
            p["effective"],
            p["accurate"],
            bool(self.talent_sum(seat.actor, "reroll")),
            p["tie"],
        )
        return Odds(
            self.system.id,
            {"fail": fail, "cost": cost, "success": success, "strong": strong},
            {
                "td": p["td"],
                "die": f"D{p['rolled']}",
                "modifier": p["modifier"],
                "against": f"D{p['against']}",
            },
        )

    def board(self) -> list[tuple[str, list[str]]]:
        current = self.phase.next_seat(self)
        lines = []
        for seat in self.turn_order:
            actor = seat.actor
            mark = ">" if seat is current else " "
            engaged = [self.seats[i].label for i in self.positions.engaged_with(seat.index)]
            state = f" [{seat.out}]" if seat.out else ""
            near = f"; engaged: {', '.join(engaged)}" if engaged else ""
            lines.append(f"{mark} {seat.initiative:>2} {seat.label}: {self.dice_line(actor)}{state}{near}")
        return [
            (f"Order, round {self.rounds_played}", lines),
            (
                "Story tokens",
                [
                    f"Master {self.master_tokens}; "
                    + ", ".join(
                        f"{s.label} {s.actor.tokens}" for s in self.seats if s.actor.is_pc
                    )
                ],
            ),
        ]
