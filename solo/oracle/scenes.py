"""Scenes: does the next scene go as the player expects?

The player says what they expect the scene to be; a d10 is rolled against
the chaos factor.  Above it, the scene goes as expected.  At or under it,
an odd die *alters* the scene (it happens, but with a change drawn from
``oracle/scene/alteration``) and an even die *interrupts* it (something else
happens instead, from ``oracle/scene/interruption``, with a meaning pair to
colour it).  So the higher the chaos, the less the player's plans hold:

    chaos c:  expected (10 - c)/10,  altered ceil(c/2)/10,  interrupted floor(c/2)/10

This is the scene test of the well-known solo GM emulators, a mechanic
reused with our own tables.  Ending a scene moves the chaos factor (see
`chaos.end_scene_chaos`); starting one also rolls the clue table when any
character holds a clue, which the campaign does with `clue_benefit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solo.dice import Rng, percent
from solo.oracle.chaos import check_chaos
from solo.oracle.errors import OracleError
from solo.oracle.events import MeaningPair, meaning
from solo.tables import TableSet

SCENE_DIE = 10
ALTERATION_TABLE = "oracle/scene/alteration"
INTERRUPTION_TABLE = "oracle/scene/interruption"
MAX_EXPECTATION = 500


def scene_odds(chaos: int) -> dict[str, Fraction]:
    """Exact chances of each way a scene can open at this chaos factor."""
    chaos = check_chaos(chaos)
    altered = Fraction((chaos + 1) // 2, SCENE_DIE)
    interrupted = Fraction(chaos // 2, SCENE_DIE)
    return {"expected": 1 - altered - interrupted, "altered": altered, "interrupted": interrupted}


@dataclass(frozen=True)
class SceneResult:
    expectation: str
    chaos: int
    die: int
    outcome: str  # expected | altered | interrupted
    detail: str | None = None  # what alters or interrupts it
    meaning: MeaningPair | None = None

    @property
    def odds(self) -> dict[str, Fraction]:
        return scene_odds(self.chaos)

    @property
    def text(self) -> str:
        return f"Scene: {self.body}"

    @property
    def body(self) -> str:
        """The line without its label, for callers that number the scene."""
        odds = self.odds
        head = (f"{self.expectation} [chaos {self.chaos}; expected {percent(odds['expected'])},"
                f" altered {percent(odds['altered'])}, interrupted {percent(odds['interrupted'])}]"
                f" d10 rolled {self.die}")
        if self.outcome == "expected":
            return f"{head} -> as expected."
        line = f"{head} -> {self.outcome}: {self.detail}"
        if self.meaning is not None:
            line += f" (meaning: {self.meaning.text})"
        return line

    def to_dict(self) -> dict[str, Any]:
        return {
            "expectation": self.expectation,
            "chaos": self.chaos,
            "die": self.die,
            "outcome": self.outcome,
            "detail": self.detail,
            "meaning": self.meaning.to_dict() if self.meaning else None,
            "odds": {k: str(v) for k, v in self.odds.items()},
            "text": self.text,
        }


def check_expectation(expectation: object) -> str:
    text = " ".join(str(expectation or "").split())
    if not text:
        raise OracleError("say what you expect the scene to be (a short sentence)")
    if len(text) > MAX_EXPECTATION:
        raise OracleError(f"the expected scene is {len(text)} characters; keep it under {MAX_EXPECTATION}")
    return text


def scene_check(expectation: str, chaos: int, rng: Rng, tables: TableSet) -> SceneResult:
    """Test the expected scene against the chaos factor."""
    expectation = check_expectation(expectation)
    chaos = check_chaos(chaos)
    die = rng.die(SCENE_DIE)
    if die > chaos:
        return SceneResult(expectation, chaos, die, "expected")
    if die % 2:
        return SceneResult(expectation, chaos, die, "altered", tables.roll(ALTERATION_TABLE, rng).text)
    detail = tables.roll(INTERRUPTION_TABLE, rng).text
    return SceneResult(expectation, chaos, die, "interrupted", detail, meaning(rng, tables))
