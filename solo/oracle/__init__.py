"""The GM-emulation moves: pure functions of (plain values, rng, tables) -> results.

Each move takes what it needs as plain arguments (the chaos factor, the
number of countdown marks, a character's momentum, lists of names) and
returns a frozen result with ``text`` (one line for the journal) and
``to_dict()`` (for JSON and saves).  Nothing here keeps state: the campaign
stores the numbers and hands them back in, which is what lets every move be
journalled, undone and replayed.  All words the player reads come from the
``oracle/...`` tables.
"""

from solo.oracle.chaos import CHAOS_MAX, CHAOS_MIN, CHAOS_NEUTRAL, check_chaos, end_scene_chaos
from solo.oracle.countdown import (
    CLOCK_SIZES,
    ClockResult,
    CountdownResult,
    clock_advance,
    countdown_chance,
    countdown_mark,
    countdown_roll,
    countdown_step,
    countdown_trigger_chances,
)
from solo.oracle.errors import OracleError
from solo.oracle.events import (
    MeaningPair,
    MuseWords,
    RandomEvent,
    StoryLists,
    meaning,
    muse,
    pick_one,
    random_event,
)
from solo.oracle.fate import (
    ODDS_LADDER,
    ODDS_NAMES,
    FateOdds,
    FatePool,
    FateResult,
    OddsLevel,
    fate_chart,
    fate_check,
    fate_odds,
    fate_pool,
    parse_odds,
)
from solo.oracle.journey import (
    CheckReport,
    CheckRequest,
    Effect,
    JourneyEvent,
    JourneyOutcome,
    Resolver,
    journey_event,
    reported,
    resolve_journey,
)
from solo.oracle.momentum import (
    ClueBenefit,
    Momentum,
    bank_a_one,
    clue_benefit,
    gain_leverage,
    spend_clue,
    spend_for_bonus,
)
from solo.oracle.scenes import SceneResult, scene_check, scene_odds
from solo.oracle.stall import StallResult, stall

__all__ = [
    "CHAOS_MAX", "CHAOS_MIN", "CHAOS_NEUTRAL", "CLOCK_SIZES", "ODDS_LADDER", "ODDS_NAMES",
    "CheckReport", "CheckRequest", "ClockResult", "ClueBenefit", "CountdownResult", "Effect",
    "FateOdds", "FatePool", "FateResult", "JourneyEvent", "JourneyOutcome", "MeaningPair",
    "Momentum", "MuseWords", "OddsLevel", "OracleError", "RandomEvent", "Resolver", "SceneResult",
    "StallResult", "StoryLists",
    "bank_a_one", "check_chaos", "clock_advance", "clue_benefit", "countdown_chance",
    "countdown_mark", "countdown_roll", "countdown_step", "countdown_trigger_chances",
    "end_scene_chaos", "fate_chart", "fate_check", "fate_odds", "fate_pool", "gain_leverage",
    "journey_event", "meaning", "muse", "parse_odds", "pick_one", "random_event", "reported",
    "resolve_journey", "scene_check", "scene_odds", "spend_clue", "spend_for_bonus", "stall",
]
