"""Rest, healing, death's door and advancement for Rogue Spire characters (RULES.md 1.4, 1.8).

* quick rest: every exhausted die refreshes; strained dice stay strained;
* good night's rest: every exhausted die refreshes and the lowest strained
  die (the vitality die counts, and clearing it wakes the character) loses
  its strain; then natural healing: a free D4 against half the lowest
  injured die's sides (exploding up the ladder), a success turns it strained;
* healing action: a die against half the injured die's sides; a success
  (a tie taken as Success BUT counts) turns injured into strained;
* death's door: each untreated minute ends with a free D4, and a 1 is death;
* upgrade: 5 x sides XP, a second die of the same size needed (the vitality
  die counts), the tier's level limit and level 20 at most; +1 level and a
  talent of the new size or smaller in the new slot;
* ascend: 5 x the highest die's sides XP when no die can be upgraded: a new
  D4 skill die, a new ability trait and its D4 talent, level unchanged;
  beyond Champion, 25 x the vitality die's sides steps the vitality die up
  (Epic, Legendary, Mythic) and counts as a level.
"""

from __future__ import annotations

from solo.dice import Rng
from solo.rules.engine import Event, RulesError
from solo.rules.rogue_spire import social
from solo.rules.rogue_spire.build import TIERS, Catalogue, fill_talents, new_die
from solo.rules.rogue_spire.character import SpireActor
from solo.rules.rogue_spire.dice import LADDER, band, roll, td_of

NEXT_TIER = {
    "minion": "elite",
    "elite": "leader",
    "leader": "champion",
    "champion": "epic",
    "epic": "legendary",
    "legendary": "mythic",
}
LEVEL_CAP = 20


def quick_rest(a: SpireActor) -> list[Event]:
    count = 0
    for die in a.dice:
        if die["exhausted"] and not die["injured"]:
            die["exhausted"] = False
            count += 1
    return [
        Event(
            "rest",
            f"{a.name} takes a quick rest: {count} dice refresh ({_dice(a)}).",
            a.name,
            {"refreshed": count},
        )
    ]


def night_rest(a: SpireActor, rng: Rng | None) -> list[Event]:
    events = quick_rest(a)
    events[0] = Event(
        "rest", events[0].text.replace("a quick rest", "a good night's rest"), a.name, events[0].data
    )
    strained = [i for i in range(len(a.dice)) if a.dice[i]["strained"] and not a.dice[i]["injured"]]
    cleared = None
    if strained:
        lowest = cleared = min(strained, key=lambda i: (a.sides(i), i))
        a.dice[lowest]["strained"] = False
        woke = " and wakes" if lowest == 0 else ""
        events.append(
            Event("rest", f"{a.name}'s {a.dice[lowest]['die'].upper()} is no longer strained{woke}.", a.name)
        )
    events += social.after_night_rest(a, cleared)
    if rng is not None:
        injured = [i for i in range(len(a.dice)) if a.dice[i]["injured"]]
        if injured:
            lowest = min(injured, key=lambda i: (a.sides(i), i))
            td = td_of(a.sides(lowest))
            result = roll(4, td, rng, free=True)
            ok = result.band in ("and", "success", "tie")
            if ok:
                _heal(a, lowest)
            events.append(
                Event(
                    "heal",
                    f"Natural healing for {a.name}'s {a.dice[lowest]['die'].upper()}:"
                    f" free {result.text()} - {'it is only strained now' if ok else 'no better'}.",
                    a.name,
                    {"faces": result.faces, "healed": ok},
                )
            )
    return events


def _heal(a: SpireActor, index: int) -> None:
    die = a.dice[index]
    die["injured"] = False
    die["strained"] = True
    die["exhausted"] = False


def heal_lowest(a: SpireActor) -> list[Event]:
    injured = [i for i in range(len(a.dice)) if a.dice[i]["injured"]]
    if not injured:
        return [Event("heal", f"{a.name} has no injured die to heal.", a.name)]
    lowest = min(injured, key=lambda i: (a.sides(i), i))
    _heal(a, lowest)
    return [
        Event(
            "heal",
            f"{a.name}'s {a.dice[lowest]['die'].upper()} is healed: strained, no longer injured.",
            a.name,
        )
    ]


def healing_action(
    a: SpireActor, target_die: int | None, healer_die: int, skilled: bool, rng: Rng
) -> list[Event]:
    """One healing action on an injured die (default the lowest): the healer's die vs half its sides."""
    injured = [i for i in range(len(a.dice)) if a.dice[i]["injured"]]
    if not injured:
        raise RulesError(f"{a.name} has no injured die to heal")
    if target_die is None:
        index = min(injured, key=lambda i: (a.sides(i), i))
    else:
        matching = [i for i in injured if a.sides(i) == target_die]
        if not matching:
            raise RulesError(f"{a.name} has no injured D{target_die}")
        index = matching[0]
    sides = healer_die if skilled else 4
    td = td_of(a.sides(index))
    result = roll(sides, td, rng, free=True)
    ok = result.band in ("and", "success", "tie")
    if ok:
        _heal(a, index)
    where = "with medical skill" if skilled else "unskilled (a D4)"
    saved = " - saved from death's door" if ok and index == 0 else ""
    return [
        Event(
            "heal",
            f"Healing {a.name}'s {a.dice[index]['die'].upper()} {where}: {result.text()} -"
            f" {'it is strained now, no longer injured' if ok else 'it stays injured'}{saved}.",
            a.name,
            {"faces": result.faces, "healed": ok, "td": td},
        )
    ]


def deaths_door_minute(a: SpireActor, rng: Rng) -> list[Event]:
    if not a.deaths_door:
        raise RulesError(f"{a.name} is not on death's door ({a.condition()})")
    face = rng.die(4)
    if face == 1:
        a.dead = True
        return [
            Event(
                "death",
                f"A minute passes untreated: {a.name} rolls a free D4, 1 - {a.name} dies.",
                a.name,
                {"face": face},
            )
        ]
    return [
        Event(
            "death",
            f"A minute passes untreated: {a.name} rolls a free D4, {face} - still clinging on.",
            a.name,
            {"face": face},
        )
    ]


def upgrade_cost(sides: int) -> int:
    return 5 * sides


def can_upgrade(a: SpireActor, index: int) -> str | None:
    """Why the skill die at `index` cannot go up a step (None when it can)."""
    sides = a.sides(index)
    if index == 0:
        return "the vitality die goes up only by ascending past Champion"
    if sides == 20:
        return "a D20 is the top of the ladder"
    if not any(a.sides(j) == sides for j in range(len(a.dice)) if j != index):
        return f"there is no second D{sides} (the matching-die rule; the vitality die counts)"
    if a.level >= LEVEL_CAP:
        return f"level {LEVEL_CAP} is the cap"
    if a.level >= TIERS[a.tier][2]:
        return f"a {a.tier} stops at level {TIERS[a.tier][2]}"
    return None


def upgrade(a: SpireActor, sides: int, cat: Catalogue) -> list[Event]:
    dice = [i for i in a.skill_indices if a.sides(i) == sides]
    if not dice:
        raise RulesError(f"upgrade: {a.name} has no D{sides} skill die")
    index = dice[0]
    why = can_upgrade(a, index)
    if why:
        raise RulesError(f"upgrade: D{sides} cannot go up: {why}")
    cost = upgrade_cost(sides)
    if a.xp < cost:
        raise RulesError(f"upgrade: D{sides} to D{LADDER.up(sides)} costs {cost} XP; {a.name} has {a.xp}")
    a.xp -= cost
    a.dice[index]["die"] = f"d{LADDER.up(sides)}"
    a.level += 1
    fill_talents(a, cat, None)
    return [
        Event(
            "advance",
            f"{a.name} raises a D{sides} to D{LADDER.up(sides)} for {cost} XP: level {a.level},"
            f" {a.xp} XP left; skill dice " + " ".join(f"D{a.sides(i)}" for i in a.skill_indices) + ".",
            a.name,
            {"cost": cost, "level": a.level},
        )
    ]


def ascension_cost(a: SpireActor) -> int:
    if a.tier in ("champion", "epic", "legendary"):
        return 25 * a.sides(0)
    return 5 * max(a.sides(i) for i in a.skill_indices)


def ascend(a: SpireActor, trait: str, cat: Catalogue) -> list[Event]:
    if a.tier not in NEXT_TIER:
        raise RulesError(f"ascend: a {a.tier} has no tier above")
    blocked = [i for i in a.skill_indices if can_upgrade(a, i) is None]
    if blocked and a.level < TIERS[a.tier][2]:
        raise RulesError(f"ascend: {a.name} can still upgrade a die; a tier is climbed only at its top")
    cost = ascension_cost(a)
    if a.xp < cost:
        raise RulesError(f"ascend: the next tier costs {cost} XP; {a.name} has {a.xp}")
    new_tier = NEXT_TIER[a.tier]
    if a.tier in ("champion", "epic", "legendary"):
        if a.level >= LEVEL_CAP:
            raise RulesError(f"ascend: level {LEVEL_CAP} is the cap")
        a.dice[0]["die"] = f"d{LADDER.up(a.sides(0))}"
        a.level += 1
        text = f"the vitality die becomes D{a.sides(0)}, level {a.level}"
    else:
        rec = cat.traits.get(trait.strip().lower())
        if rec is None or rec.get("kind") != "ability":
            known = [k for k, r in cat.traits.items() if r.get("kind") == "ability"]
            raise RulesError(f"ascend: --trait must be an ability trait ({', '.join(known)}), not {trait!r}")
        a.dice.append(new_die(4))
        a.traits.append({"name": rec["text"], "kind": "ability", "expertise": ""})
        text = f"a new D4 skill die and the {rec['text']} trait"
    a.xp -= cost
    a.tier = new_tier
    fill_talents(a, cat, None)
    return [
        Event(
            "advance",
            f"{a.name} ascends to {new_tier.title()} for {cost} XP: {text}.",
            a.name,
            {"cost": cost, "tier": new_tier},
        )
    ]


def _dice(a: SpireActor) -> str:
    return " ".join(a.die_text(i) for i in range(len(a.dice)))


__all__ = ["band", "quick_rest", "night_rest", "healing_action", "deaths_door_minute", "upgrade", "ascend"]
