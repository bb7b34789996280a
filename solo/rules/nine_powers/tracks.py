"""Damage, recovery and standing penalties on a Nine Powers character.

Damage always empties the buffer (fortitude, resilience, craftiness) before
the real pool (stamina, composure, wealth); a real pool at 0 is defeat, and
nothing ever goes below 0.  Recovery mirrors it: the buffer fills first and
only a full buffer lets the real pool climb (the journey rules restore "a
point of fortitude, or stamina if ..."); nothing rises above its maximum.
Both are `solo.rules.tracks` with the buffer named before the real pool.

Being set up well, leverage and heroism (a flashback) are each spent for a
big bonus on one roll (`spend`).

Wounds and heavy armour are standing penalties: each wound takes one die (a
small penalty) from checks in its scope, a skill group or one skill; shoulder
and arm pieces take dice from Shoot/Throw.
"""

from __future__ import annotations

from solo.rules.engine import RulesError
from solo.rules.nine_powers.character import NinePowersActor
from solo.rules.nine_powers.pools import build_pool
from solo.rules.nine_powers.skills import SKILL_GROUP


def standing_penalty(actor: NinePowersActor, skill: str) -> int:
    """Dice lost to wounds and armour for this skill."""
    if skill not in SKILL_GROUP or not (actor.wounds or actor.skill_penalties):
        return 0
    group = SKILL_GROUP[skill]
    wounds = sum(1 for w in actor.wounds if w.get("scope") in (skill, group))
    return wounds + actor.skill_penalties.get(skill, 0)


def actor_pool(
    actor: NinePowersActor,
    skill: str,
    modifier: int = 0,
    banned: tuple[int, ...] = (),
    extra: tuple[int, ...] = (),
) -> tuple[int, ...]:
    return build_pool(actor.rating(skill), modifier - standing_penalty(actor, skill), banned, extra)


BOOSTS = ("setup", "leverage", "heroism")


def can_spend(actor: NinePowersActor, boost: str) -> None:
    """A RulesError unless the actor has this boost to spend."""
    if boost == "setup" and not actor.set_up_well:
        raise RulesError(f"{actor.name} is not set up well")
    if boost == "leverage" and not actor.leverage:
        raise RulesError(f"{actor.name} has no leverage")
    if boost == "heroism" and (not actor.is_pc or actor.heroism < 1):
        raise RulesError(f"{actor.name} has no heroism to spend")


def spend(actor: NinePowersActor, boost: str) -> str:
    """Spend a boost for a big bonus; what was spent, in words for the journal."""
    can_spend(actor, boost)
    if boost == "setup":
        actor.set_up_well = False
        return "being set up well"
    if boost == "leverage":
        actor.leverage = False
        return "leverage"
    actor.heroism -= 1
    return f"1 heroism on a flashback ({actor.heroism} left)"
