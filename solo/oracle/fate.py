"""The fate check: a yes/no question answered by a Nine Powers dice pool.

Nine Powers (RULES.md §2.10) answers a question with a pool that starts as
one d4 and gains the next die up the ladder (d4-d6-d8-d10-d12-d20) for a
character who is set up well and another for one who has leverage; the
answer is yes when any die shows 3 or less (likely), 2 or less (balanced) or
a 1 (unlikely).  A lone d4 therefore says yes exactly 75% / 50% / 25% of
the time.  The check never spends set-up-well or leverage.  That rule is
kept exactly; everything below extends it without touching those numbers.

The design, in one idea: **everything that helps or hinders is a die step.**
Each odds level has a *threshold* and a *lean*; the chaos factor adds
``chaos - 5`` to the lean, and set-up-well and leverage add one each.  The
net lean builds the pool:

* lean 0 or more: the ladder from the d4 up, one die per point
  (lean 2 = d4 d6 d8), at most six dice (the Nine Powers pool limit);
* lean below 0: a single die, stepped up the ladder one size per point
  (lean -2 = a lone d8), never past the d20.  A bigger lone die makes a
  low face rarer, the same trick as a Nine Powers effect that bans the d4.

The answer is yes when any die is at or under the threshold.

=================  =========  ====  ==========================
odds               threshold  lean  chaos 5, no momentum
=================  =========  ====  ==========================
impossible         1          -3    d10 = 1        10%
nearly impossible  1          -2    d8 = 1         12.5%
very unlikely      1          -1    d6 = 1         16.7%
unlikely           1           0    d4 = 1         25%   (tough)
balanced           2           0    d4 <= 2        50%   (medium)
likely             3           0    d4 <= 3        75%   (easy)
very likely        3          +1    d4 d6 <= 3     87.5%
nearly certain     3          +2    d4 d6 d8 <= 3  92.2%
certain            3          +3    d4..d10 <= 3   94.5%
=================  =========  ====  ==========================

So at chaos 5 the three middle levels are the seed's own check, with the
seed's own momentum dice (set up well: d4 d6; both: d4 d6 d8).  Each step up
the odds ladder, up the chaos factor or in momentum can only raise the chance
of a yes.  For a balanced question the chances mirror exactly up to four
steps either way: net lean +k gives 1 - 2/s and -k gives 2/s, where s is
the k-th die up the ladder (the jump from d12 to d20 breaks the pattern).

Reading chosen where the seed is silent [SR]: leverage without set-up-well
still adds one die (the pool is sized by how many of the two the character
has, as Nine Powers pools always take the smallest dice first).

**The twist dice.**  Two d10s are rolled beside the pool; they never change
yes or no.  If either shows a 1 the answer is *exceptional* (an exceptional
yes goes further than asked, an exceptional no shuts the door harder): 19%
of answers, whichever way they fall.  If the two match and their number is
at or under the chaos factor, a *random event* happens as well: exactly
chaos% of checks (5% at chaos 5, 9% at chaos 9, 1% at chaos 1).

A clue whose scene benefit is "a fate check succeeds" answers yes with no
roll at all (``spend_clue=True``); the caller spends the clue.

Every probability is exact (``Fraction``): the pool's chance of a yes is one
minus the product, over its dice, of the chance that die misses the
threshold.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solo.dice import STANDARD_LADDER, Rng, percent
from solo.oracle.chaos import CHAOS_NEUTRAL, check_chaos
from solo.oracle.errors import OracleError
from solo.oracle.events import RandomEvent, StoryLists, random_event
from solo.tables import TableSet

MAX_POOL = 6  # the Nine Powers limit on a pool
TWIST_SIDES = 10
ANSWER_TABLES = {
    ("yes", False): "oracle/answer/yes",
    ("yes", True): "oracle/answer/exceptional-yes",
    ("no", False): "oracle/answer/no",
    ("no", True): "oracle/answer/exceptional-no",
}


@dataclass(frozen=True)
class OddsLevel:
    name: str
    threshold: int
    lean: int
    aliases: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return self.name.replace("-", " ")


# The aliases take the common phrasings of other oracles (Mythic's odds words, Ironsworn's
# "almost certain" ... "small chance") to the step of this ladder that says the same.
ODDS_LADDER: tuple[OddsLevel, ...] = (
    OddsLevel("impossible", 1, -3, ("no-way", "cannot-be", "no-chance")),
    OddsLevel("nearly-impossible", 1, -2, ("almost-impossible", "next-to-impossible",
                                           "remote-chance")),
    OddsLevel("very-unlikely", 1, -1, ("small-chance", "slim-chance", "highly-unlikely")),
    OddsLevel("unlikely", 1, 0, ("tough", "hard", "somewhat-unlikely", "fairly-unlikely",
                                 "doubtful")),
    OddsLevel("balanced", 2, 0, ("50-50", "even", "medium", "maybe", "fifty-fifty", "even-odds",
                                 "toss-up", "coin-flip")),
    OddsLevel("likely", 3, 0, ("easy", "somewhat-likely", "fairly-likely")),
    OddsLevel("very-likely", 3, 1, ("highly-likely", "good-chance")),
    OddsLevel("nearly-certain", 3, 2, ("almost-certain", "all-but-certain")),
    OddsLevel("certain", 3, 3, ("sure", "sure-thing", "has-to-be", "definitely")),
)
ODDS_NAMES = tuple(level.name for level in ODDS_LADDER)
DEFAULT_ODDS = "balanced"


def _key(text: str) -> str:
    return "-".join(str(text).strip().lower().replace("_", " ").replace("/", " ").replace("-", " ").split())


_BY_KEY = {_key(name): level for level in ODDS_LADDER for name in (level.name, *level.aliases)}


def parse_odds(odds: str | OddsLevel) -> OddsLevel:
    """An odds level by name or alias ('very unlikely', 'Very_Likely', '50/50', 'easy')."""
    if isinstance(odds, OddsLevel):
        return odds
    level = _BY_KEY.get(_key(odds))
    if level is None:
        raise OracleError(f"unknown odds {odds!r}: use one of {', '.join(ODDS_NAMES)}")
    return level


@dataclass(frozen=True)
class FatePool:
    dice: tuple[int, ...]  # die sizes, smallest first
    threshold: int
    lean: int  # the net lean the pool was built from

    @property
    def notation(self) -> str:
        dice = " ".join(f"d{s}" for s in self.dice)
        if self.threshold == 1:
            return f"{dice}: any 1" if len(self.dice) > 1 else f"{dice} = 1"
        return f"{dice} <= {self.threshold}" if len(self.dice) == 1 else f"{dice}: any <= {self.threshold}"


def fate_pool(odds: str | OddsLevel, chaos: int = CHAOS_NEUTRAL, set_up_well: bool = False,
              leverage: bool = False) -> FatePool:
    """The dice a fate check rolls and the threshold any one of them must reach."""
    level = parse_odds(odds)
    lean = level.lean + (check_chaos(chaos) - CHAOS_NEUTRAL) + int(bool(set_up_well)) + int(bool(leverage))
    if lean >= 0:
        dice = tuple(STANDARD_LADDER.pool(min(1 + lean, MAX_POOL)))
    else:
        dice = (STANDARD_LADDER.up(STANDARD_LADDER.sizes[0], -lean),)
    return FatePool(dice, level.threshold, lean)


def pool_yes_chance(dice: tuple[int, ...], threshold: int) -> Fraction:
    """Exact chance that at least one die shows `threshold` or less."""
    miss = Fraction(1)
    for sides in dice:
        miss *= Fraction(sides - min(threshold, sides), sides)
    return 1 - miss


EXCEPTIONAL_CHANCE = 1 - Fraction(TWIST_SIDES - 1, TWIST_SIDES) ** 2  # a 1 on either twist die


def random_event_chance(chaos: int) -> Fraction:
    """Twist dice match on a number at or under the chaos factor: chaos in 100."""
    return Fraction(min(check_chaos(chaos), TWIST_SIDES), TWIST_SIDES * TWIST_SIDES)


@dataclass(frozen=True)
class FateOdds:
    """The exact odds of one fate check, known before the dice are rolled."""

    odds: str
    chaos: int
    set_up_well: bool
    leverage: bool
    pool: FatePool
    yes: Fraction
    exceptional_yes: Fraction
    exceptional_no: Fraction
    random_event: Fraction

    @property
    def no(self) -> Fraction:
        return 1 - self.yes

    def chance_of(self, answer: str, exceptional: bool) -> Fraction:
        """How likely the answer that came up was, exceptional or plain."""
        if answer == "yes":
            return self.exceptional_yes if exceptional else self.yes - self.exceptional_yes
        return self.exceptional_no if exceptional else self.no - self.exceptional_no

    @property
    def text(self) -> str:
        return (f"yes {percent(self.yes)} (exceptional {percent(self.exceptional_yes)}),"
                f" no {percent(self.no)} (exceptional {percent(self.exceptional_no)}),"
                f" random event {percent(self.random_event)}")

    def to_dict(self) -> dict[str, Any]:
        def both(p: Fraction) -> dict[str, Any]:
            return {"probability": float(p), "exact": str(p)}

        return {
            "level": self.odds,
            "chaos": self.chaos,
            "set_up_well": self.set_up_well,
            "leverage": self.leverage,
            "pool": [f"d{s}" for s in self.pool.dice],
            "threshold": self.pool.threshold,
            "yes": both(self.yes),
            "no": both(self.no),
            "exceptional_yes": both(self.exceptional_yes),
            "exceptional_no": both(self.exceptional_no),
            "random_event": both(self.random_event),
        }


def fate_odds(odds: str | OddsLevel, chaos: int = CHAOS_NEUTRAL, set_up_well: bool = False,
              leverage: bool = False) -> FateOdds:
    """Exact chances of yes, exceptional yes, exceptional no and a random event."""
    level = parse_odds(odds)
    pool = fate_pool(level, chaos, set_up_well, leverage)
    yes = pool_yes_chance(pool.dice, pool.threshold)
    return FateOdds(level.name, chaos, bool(set_up_well), bool(leverage), pool, yes,
                    yes * EXCEPTIONAL_CHANCE, (1 - yes) * EXCEPTIONAL_CHANCE,
                    random_event_chance(chaos))


def fate_chart(set_up_well: bool = False, leverage: bool = False) -> list[list[FateOdds]]:
    """Every odds level (rows, impossible first) at every chaos factor 1-9 (columns)."""
    return [[fate_odds(level, chaos, set_up_well, leverage) for chaos in range(1, 10)]
            for level in ODDS_LADDER]


@dataclass(frozen=True)
class FateResult:
    question: str
    odds: FateOdds  # the odds as they stood before the roll
    rolls: tuple[int, ...]  # one value per pool die, in pool order; empty when a clue answered
    twist: tuple[int, ...]  # the two twist dice; empty when a clue answered
    answer: str  # "yes" | "no"
    exceptional: bool
    random_event: RandomEvent | None
    clue_spent: bool = False
    reading: str = ""  # a line of interpretation from the answer tables

    @property
    def lowest(self) -> int | None:
        return min(self.rolls) if self.rolls else None

    @property
    def label(self) -> str:
        word = "Yes" if self.answer == "yes" else "No"
        return f"Exceptional {word.lower()}" if self.exceptional else word

    @property
    def base_yes(self) -> Fraction:
        """The level's own chance, before chaos and momentum bent it (chaos 5, nothing banked)."""
        return fate_odds(self.odds.odds).yes

    @property
    def chance_of_answer(self) -> Fraction:
        if self.clue_spent:
            return Fraction(1)
        return self.odds.chance_of(self.answer, self.exceptional)

    @property
    def text(self) -> str:
        head = f"Asked: {self.question}" if self.question else "Fate check"
        level = self.odds.odds.replace("-", " ")
        if self.clue_spent:
            return f"{head} [{level}] -> {self.label}: a clue was spent, so no roll. {self.reading}".strip()
        dice = " ".join(f"d{s}:{v}" for s, v in zip(self.odds.pool.dice, self.rolls, strict=True))
        line = (f"{head} [{level}, chaos {self.odds.chaos}: {self.odds.pool.notation},"
                f" chance of yes {percent(self.odds.yes)}] rolled {dice},"
                f" twist {self.twist[0]}+{self.twist[1]} -> {self.label}"
                f" ({percent(self.chance_of_answer)}: the chance of this exact answer). {self.reading}")
        if self.random_event is not None:
            line += f" {self.random_event.text}"
        return line.strip()

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answer": self.answer,
            "exceptional": self.exceptional,
            "label": self.label,
            "probability_yes": float(self.odds.yes) if not self.clue_spent else 1.0,
            "probability_yes_exact": str(self.odds.yes) if not self.clue_spent else "1",
            "base_probability_yes": str(self.base_yes),
            "chance_of_answer": str(self.chance_of_answer),
            "odds": self.odds.to_dict(),
            "rolls": [{"die": f"d{s}", "value": v}
                      for s, v in zip(self.odds.pool.dice, self.rolls, strict=False)],
            "lowest": self.lowest,
            "twist": list(self.twist),
            "random_event": self.random_event.to_dict() if self.random_event else None,
            "clue_spent": self.clue_spent,
            "reading": self.reading,
            "text": self.text,
        }


def fate_check(question: str, odds: str | OddsLevel, chaos: int, set_up_well: bool, leverage: bool,
               rng: Rng, tables: TableSet, *, lists: StoryLists | None = None,
               spend_clue: bool = False) -> FateResult:
    """Answer a yes/no question.

    Dice are drawn in a fixed order (the pool smallest first, then the two
    twist dice, then any random event), so a seed replays a check exactly.
    """
    before = fate_odds(odds, chaos, set_up_well, leverage)
    question = str(question).strip()
    if spend_clue:
        reading = tables.roll(ANSWER_TABLES[("yes", False)], rng).text
        return FateResult(question, before, (), (), "yes", False, None, True, reading)
    rolls = tuple(rng.die(sides) for sides in before.pool.dice)
    twist = (rng.die(TWIST_SIDES), rng.die(TWIST_SIDES))
    answer = "yes" if min(rolls) <= before.pool.threshold else "no"
    exceptional = 1 in twist
    event = None
    if twist[0] == twist[1] and twist[0] <= before.chaos:
        event = random_event(rng, tables, lists)
    reading = tables.roll(ANSWER_TABLES[(answer, exceptional)], rng).text
    return FateResult(question, before, rolls, twist, answer, exceptional, event, False, reading)
