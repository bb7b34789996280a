"""A cast as rolled: each die's values, naturals, rerolls, the final casting and its average.

Monsters add a reroll for every natural (a die of 4+ faces at its top face),
again and again, negative dice too (MQ-6, MQ-8); modifier dice (a Goblin's
hoard die) are never rerolled (MQ-7), and bonuses (a Lancer's d6, a
weapon's die) add to the casting but not to the average it must meet.  A
role actor's natural on its full role die opens Role Fx instead, whose
reroll replaces the value.  A role actor that casts one face over its build
attaches the -1 to the lowest value among its smallest dice, which is then
not full ([SR] 5.10.8).

Nullify: a monster whose (at most two) initial dice with the most faces all
show 1 casts 0 and takes a hit; the Troll's two d4s are told apart by roll
order, so 'the d10 and one d4' is the first d4, which is the text's 50 %
(MQ-11).  Any casting below 1 counts 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solo.dice import Rng
from solo.dice.special import DOUBLED, MAX_REROLLS, is_natural, roll_face
from solo.rules.masque.cast import Cast, Term


@dataclass(slots=True)
class DieRoll:
    """One die of a cast: its size and sign, the values it rolled (first, then added rerolls)."""

    sides: int
    sign: int
    rolls: list[int]
    other: tuple[int, int] | None = None  # a pair's dropped die: (faces, value)
    full: bool = True
    modifier: bool = False  # an adder (a Goblin's hoard die): never rerolled
    adjust: int = 0  # taken off by a foe's option (a Curate's reroll)
    lost: bool = False  # removed from the cast this bit (stolen by a Bravo, nullified by a special)

    @property
    def value(self) -> int:
        if self.lost:
            return 0
        return self.sign * sum(self.rolls) + self.adjust

    @property
    def first(self) -> int:
        return self.rolls[0]

    @property
    def natural(self) -> bool:
        """Whether its latest roll is a natural (a die of four faces or more at its top)."""
        return is_natural(self.sides, self.rolls[-1])

    @property
    def average(self) -> Fraction:
        return Fraction(self.average2, 2)

    @property
    def average2(self) -> int:
        """Twice the average of every roll of this die (whole numbers: quick to compare)."""
        span = 1 if self.sides == 1 else self.sides + 1
        return self.sign * span * len(self.rolls)

    def text(self) -> str:
        sign = "-" if self.sign < 0 else ""
        shown = "+".join(map(str, self.rolls))
        mark = "" if self.full else "*"
        if self.adjust:
            shown += f"{self.adjust:+d}"
        if self.lost:
            return f"{sign}d{self.sides}=({shown})x"
        return f"{sign}d{self.sides}={shown}{mark}"

    def to_dict(self) -> dict[str, Any]:
        return {"die": self.sides, "sign": self.sign, "rolls": list(self.rolls), "full": self.full}


@dataclass(slots=True)
class CastRoll:
    """A rolled cast and what became of it this bit."""

    cast: Cast
    dice: list[DieRoll]
    const: int = 0
    nullified: bool = False
    void: bool = False  # counts nothing this bit, with no hit (a Curate's hold, an Ogre's ram)
    bonus: int = 0  # modifiers added to the casting but not to the average (Lancer's +d6, weapons)
    reduction: int = 0  # taken away by others (a Rat's -d6, a G'root's d4)
    edge: int = 0  # a +n weapon's bonus: counts for meeting the average and for the order of hits only
    notes: tuple[str, ...] = ()  # (a tuple: most rolls have none, and a forecast makes thousands of rolls)

    @property
    def raw(self) -> int:
        total = self.const + self.bonus - self.reduction
        for d in self.dice:  # each die's `value`, inline (a forecast asks this thousands of times)
            if not d.lost:
                total += d.sign * sum(d.rolls) + d.adjust
        return total

    @property
    def casting(self) -> int:
        """The final casting: 0 when nullified or below 1."""
        if self.nullified or self.void:
            return 0
        raw = self.const + self.bonus - self.reduction  # `raw`, inline
        for d in self.dice:
            if not d.lost:
                raw += d.sign * sum(d.rolls) + d.adjust
        return raw if raw >= 1 else 0

    @property
    def average(self) -> Fraction:
        return Fraction(self.average2, 2)

    @property
    def average2(self) -> int:
        total = 2 * self.const
        for d in self.dice:  # each die's `average2`, inline
            total += d.sign * (1 if d.sides == 1 else d.sides + 1) * len(d.rolls)
        return total

    @property
    def personal(self) -> int:
        """The casting with a weapon's bonus: what meets the average and orders the strikers."""
        casting = self.casting
        return max(0, casting + self.edge) if casting else 0

    @property
    def met(self) -> bool:
        """Whether the final casting meets the average of every die finally rolled (a casting of 0 never)."""
        casting = self.personal
        return casting >= 1 and 2 * casting >= self.average2

    def naturals(self) -> list[DieRoll]:
        # `d.natural` inline: a die of four faces or more at its top face
        return [d for d in self.dice if d.sides >= 4 and d.rolls[-1] == d.sides and not d.modifier]

    def high_die(self) -> DieRoll | None:
        """The positive die with the highest value (a Spidure's and a Pirate's 'high die')."""
        positive = [d for d in self.dice if d.sign > 0]
        return max(positive, key=lambda d: d.value) if positive else None

    def text(self) -> str:
        parts = [d.text() for d in self.dice]
        if self.const:
            parts.append(f"{self.const:+d}")
        if self.bonus:
            parts.append(f"+{self.bonus} bonus")
        if self.edge:
            parts.append(f"{self.edge:+d} weapon")
        if self.reduction:
            parts.append(f"-{self.reduction}")
        head = " ".join(parts)
        if self.notes:
            head += f" [{'; '.join(self.notes)}]"
        if self.nullified:
            return f"{head} → 0 (nullified)"
        verdict = "met" if self.met else "under"
        shown = f"{self.casting}" if not self.edge else f"{self.casting} ({self.personal} armed)"
        return f"{head} → {shown} ({verdict} avg {_num(self.average)})"

    def to_dict(self) -> dict[str, Any]:
        return {"cast": self.cast.text, "dice": [d.to_dict() for d in self.dice], "const": self.const,
                "casting": self.casting, "average": str(self.average), "met": self.met,
                "nullified": self.nullified}


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def roll_term(term: Term, least: bool, rng: Rng) -> DieRoll:
    """One initial die (a pair rolls both and keeps one; ties keep the die with fewer faces)."""
    sides = term.sides
    # `roll_face`, with a plain die drawn here (most dice of a forecast are plain)
    first = rng.die(sides) if sides != 1 and sides not in DOUBLED else roll_face(sides, rng)
    if not term.pair:
        return DieRoll(sides, term.sign, [first])
    second = roll_face(term.pair, rng)
    a, b = (term.sides, first), (term.pair, second)
    if a[1] == b[1]:
        kept, dropped = (a, b) if a[0] <= b[0] else (b, a)
    elif (a[1] > b[1]) != least:
        kept, dropped = a, b
    else:
        kept, dropped = b, a
    return DieRoll(kept[0], term.sign, [kept[1]], other=dropped)


def roll_cast(cast: Cast, rng: Rng, *, monster: bool, over: bool = False) -> CastRoll:
    """Roll every initial die; a monster then adds its naturals' rerolls and checks all-1s nullify.

    `over`: a role actor's cast one face over its current build (its -1 makes a die not full).
    """
    plain = cast.plain
    if plain is None:
        dice = [roll_term(t, cast.least, rng) for t in cast.terms]
    elif len(plain) == 1:  # one plain die a term: the same draws as `roll_term`, in one go
        sides = plain[0]
        value = rng.die(sides)
        dice = [DieRoll(sides, cast.signs[0], [value])]
        if monster:  # `all_ones` and the natural's rerolls, read off the value drawn
            roll = CastRoll(cast, dice, cast.const, value == 1)
            if value == sides and sides >= 4:
                explode(dice[0], rng)
            return roll
    else:
        values = rng.dice(plain)
        dice = [DieRoll(sides, sign, [value])
                for sides, sign, value in zip(plain, cast.signs, values, strict=True)]
        if monster:
            for i in cast.tops:
                if values[i] != 1:
                    roll = CastRoll(cast, dice, cast.const)
                    break
            else:
                roll = CastRoll(cast, dice, cast.const, True)
            for i in cast.bursts:  # only dice of four faces or more may show a natural, in order
                if values[i] == plain[i]:
                    explode(dice[i], rng)
            return roll
    roll = CastRoll(cast, dice, cast.const)
    if monster:
        for i in cast.tops:  # `all_ones`, inline
            if dice[i].rolls[0] != 1:
                break
        else:
            roll.nullified = True
        for die in dice:
            if die.sides >= 4 and die.rolls[-1] == die.sides:
                explode(die, rng)
    elif over:
        lows = cast.lows
        if len(lows) == 1:  # `attach_minus_one`, found from the cast: its one smallest positive die
            dice[lows[0]].full = False
        else:
            attach_minus_one(dice)
    return roll


def explode(die: DieRoll, rng: Rng) -> None:
    """Reroll and add while the die shows a natural (a monster's option, always taken)."""
    sides, rolls = die.sides, die.rolls
    while sides >= 4 and rolls[-1] == sides and len(rolls) <= MAX_REROLLS:  # a natural: again
        rolls.append(roll_face(sides, rng))


def top_two(cast: Cast) -> tuple[int, ...]:
    """Indices of the (at most two) initial dice with the most faces, earlier dice first on ties."""
    return cast.tops


def all_ones(cast: Cast, dice: list[DieRoll]) -> bool:
    for i in cast.tops:
        if dice[i].rolls[0] != 1:
            return False
    return True


def attach_minus_one(dice: list[DieRoll]) -> None:
    """The -1 of an over-by-one cast goes on the lowest value among the smallest positive dice."""
    positive = [d for d in dice if d.sign > 0]
    if not positive:
        return
    smallest = min(d.sides for d in positive)
    target = min((d for d in positive if d.sides == smallest), key=lambda d: d.first)
    target.full = False
