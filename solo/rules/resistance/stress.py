"""Stress, fallout and recovery: the Resistance loop.

Taking stress: physical stress fills armour slots first (unless the source is
Piercing and the armour is not Implacable), then that resistance's extra
slots, then the resistance itself.  After *every* stress the GM rolls a d10:
if it is lower than the total stress on the resistances (slots, armour and
bonds never count; the house rule ``fallout_total: affected`` compares with
the stressed resistance alone) fallout strikes, its severity set by that
total: 2-4 minor, 5-8 moderate, 9+ severe.  The fallout comes from the
resistance carrying the most stress (the one just stressed wins a tie), as
the text says.  Then 3 / 5 / 7 stress is removed, and the text does not say
from where; we read it [SR, RULES.md §4.8 item 4] as from the resistance
whose stress triggered the check first, the rest overflowing to the others,
most stressed first (ties in the setting's order).  The house rule
``fallout_clears: fallout`` clears the resistance the fallout came from
first instead.  With ``fallout_split`` a moderate or severe result becomes
two results of the tier below.

Removing stress: lay low (all of it, while the plot moves on), act to
recover one resistance (d3 / d6 / d8 by effort), refresh (d3 / d6 / d8,
taken from the most stressed resistances), and fallout itself.  Armour
slots empty at the end of every situation.
"""

from __future__ import annotations

from typing import Any

from solo.dice import Rng
from solo.rules.data import SystemData
from solo.rules.engine import Event, RulesError
from solo.rules.resistance.character import ResistancePC
from solo.rules.resistance.dice import SIZE_DIE, roll_stress, stress_from
from solo.rules.resistance.setting import Setting

REMOVED = {"minor": 3, "moderate": 5, "severe": 7}
LOWER = {"moderate": "minor", "severe": "moderate"}


def severity(total: int) -> str | None:
    if total >= 9:
        return "severe"
    if total >= 5:
        return "moderate"
    if total >= 2:
        return "minor"
    return None


class StressRules:
    """The stress loop for one setting, with the house rules that shape it."""

    def __init__(self, setting: Setting, data: SystemData, house: dict[str, Any]):
        self.setting = setting
        self.data = data
        self.total_mode = str(house.get("fallout_total", "all"))
        if self.total_mode not in ("all", "affected"):
            raise RulesError(
                f"resistance/house-rules: fallout_total must be all or affected, not {self.total_mode!r}"
            )
        self.split = bool(house.get("fallout_split", False))
        self.clears = str(house.get("fallout_clears", "stressed"))
        if self.clears not in ("stressed", "fallout"):
            raise RulesError(
                f"resistance/house-rules: fallout_clears must be stressed or fallout, not {self.clears!r}"
            )

    # -- taking stress -------------------------------------------------------------------
    def mark(
        self, pc: ResistancePC, resistance: str, amount: int, *, piercing: bool = False, extra_armour: int = 0
    ) -> dict[str, int]:
        """Put stress in armour, then slots, then the track; returns where it went.

        `extra_armour` is armour slots beyond the armour's value for now (a Defensive weapon in use).
        """
        where = {"armour": 0, "slots": 0, "track": 0}
        left = amount
        armour = pc.armour_value + extra_armour
        if left > 0 and self.setting.physical(resistance) and armour > pc.armour_stress:
            if not piercing or "implacable" in pc.armour_tags:
                soak = min(left, armour - pc.armour_stress)
                pc.armour_stress += soak
                where["armour"] = soak
                left -= soak
        room = pc.slots.get(resistance, 0) - pc.slot_stress.get(resistance, 0)
        if left > 0 and room > 0:
            soak = min(left, room)
            pc.slot_stress[resistance] = pc.slot_stress.get(resistance, 0) + soak
            where["slots"] = soak
            left -= soak
        if left > 0:
            pc.stress[resistance] = pc.stress.get(resistance, 0) + left
            where["track"] = left
        return where

    def take(
        self,
        pc: ResistancePC,
        resistance: str,
        amount: int,
        rng: Rng,
        *,
        piercing: bool = False,
        cause: str = "",
        record: bool = True,
        extra_armour: int = 0,
    ) -> tuple[list[Event], list[dict[str, Any]]]:
        """Mark stress and roll for fallout; returns events and any fallout suffered.

        No stress at all (partial stress below 1, a cost with no foe left to
        exact it) is nothing to mark, to say or to roll for.
        """
        rid = self.setting.resistance_id(resistance)
        if amount <= 0:
            return [], []
        where = self.mark(pc, rid, amount, piercing=piercing, extra_armour=extra_armour)
        events: list[Event] = []
        if record:
            name = self.setting.name(rid)
            soaked = []
            if where["armour"]:
                soaked.append(f"{where['armour']} in armour")
            if where["slots"]:
                soaked.append(f"{where['slots']} in extra slots")
            how = f" ({', '.join(soaked)})" if soaked else ""
            because = f" from {cause}" if cause else ""
            events.append(
                Event(
                    "stress",
                    f"{pc.name} marks {amount} {name} stress{because}{how};"
                    f" {name} now {pc.stress.get(rid, 0)}, total {pc.total_stress()}.",
                    pc.name,
                    {"resistance": rid, "amount": amount, **where},
                )
            )
        fallouts = self.fallout_check(pc, rid, rng, events, record)
        return events, fallouts

    def fallout_check(
        self, pc: ResistancePC, stressed: str, rng: Rng, events: list[Event], record: bool = True
    ) -> list[dict[str, Any]]:
        total = pc.stress.get(stressed, 0) if self.total_mode == "affected" else pc.total_stress()
        if total <= 0 and getattr(rng, "entered", False):
            return []  # the player's own dice: no d10 is asked for a check nothing can fail
        roll = rng.die(10)
        level = severity(total) if roll < total else None
        if level is None:
            # Nothing on the tracks (armour or extra slots took it all): no d10 comes under 0, so
            # no check is shown.  The die is still drawn, so campaigns played before replay alike
            # (but never asked of a player rolling their own dice, above).
            if record and total > 0:
                events.append(
                    Event(
                        "fallout-check",
                        f"Fallout check: d10 {roll} against {total} stress - no fallout.",
                        pc.name,
                        {"roll": roll, "total": total},
                    )
                )
            return []
        if self.total_mode == "affected":
            source = stressed
        else:
            top = max(pc.stress.values())
            source = (
                stressed
                if pc.stress.get(stressed, 0) == top
                else next(r for r in self.setting.resistances if pc.stress.get(r, 0) == top)
            )
        draws = [LOWER[level]] * 2 if self.split and level in LOWER else [level]
        results = [self._draw(source, tier, source, rng) for tier in draws]
        pc.fallout.extend(results)
        removed = self.remove(pc, REMOVED[level], first=stressed if self.clears == "stressed" else source)
        if record:
            names = " and ".join(f"{r['name']} ({r['text']})" for r in results)
            events.append(
                Event(
                    "fallout",
                    f"Fallout check: d10 {roll} against {total} stress - {level}"
                    f" {self.setting.name(source)} fallout: {names}. {removed} stress clears.",
                    pc.name,
                    {"roll": roll, "total": total, "severity": level, "fallout": results, "removed": removed},
                )
            )
        return results

    def _draw(self, table: str, tier: str, where: str, rng: Rng) -> dict[str, Any]:
        """One fallout of a tier from the table of a resistance (or "bond"), as the sheet keeps it."""
        row = self.data.roll(self.setting.fallout_table(table, tier), rng)
        return {"name": str(row.get("name", row["text"])), "severity": tier, "resistance": where,
                "text": row["text"], "ends_fight": bool(row.get("ends_fight", False))}

    # -- removing stress ----------------------------------------------------------------------
    def remove(self, pc: ResistancePC, amount: int, first: str | None = None) -> int:
        """Take stress off the tracks: `first` before the others, most stressed next."""
        left = amount
        place = {r: i for i, r in enumerate(self.setting.resistances)}
        order = ([first] if first else []) + sorted(
            (r for r in pc.stress if r != first), key=lambda r: (-pc.stress[r], place.get(r, len(place)), r)
        )
        for rid in order:
            if left <= 0:
                break
            take = min(left, pc.stress.get(rid, 0))
            if take:
                pc.stress[rid] -= take
                left -= take
        return amount - left

    def lay_low(self, pc: ResistancePC) -> list[Event]:
        cleared = pc.total_stress() + sum(pc.slot_stress.values()) + pc.armour_stress
        pc.stress = {r: 0 for r in pc.stress}
        pc.slot_stress = {}
        pc.armour_stress = 0
        return [
            Event(
                "recover",
                f"{pc.name} lies low and clears all {cleared} stress; the world moves on without them.",
                pc.name,
                {"cleared": cleared},
            )
        ]

    def act_to_recover(self, pc: ResistancePC, resistance: str, effort: str, rng: Rng) -> list[Event]:
        rid = self.setting.resistance_id(resistance)
        die = _effort_die(effort)
        amount = roll_stress(die, rng)
        from_track = min(amount, pc.stress.get(rid, 0))
        pc.stress[rid] = pc.stress.get(rid, 0) - from_track
        from_slots = min(amount - from_track, pc.slot_stress.get(rid, 0))
        if from_slots:
            pc.slot_stress[rid] -= from_slots
        name = self.setting.name(rid)
        return [
            Event(
                "recover",
                f"{pc.name} works to recover {name}: {die} = {amount},"
                f" {from_track + from_slots} stress removed ({name} now {pc.stress.get(rid, 0)}).",
                pc.name,
                {"resistance": rid, "roll": amount, "removed": from_track + from_slots},
            )
        ]

    def refresh(self, pc: ResistancePC, effort: str, rng: Rng) -> list[Event]:
        die = _effort_die(effort)
        amount = roll_stress(die, rng)
        removed = self.remove(pc, amount)
        return [
            Event(
                "refresh",
                f"{pc.name} refreshes: {die} = {amount}, {removed} stress removed"
                f" (total now {pc.total_stress()}).",
                pc.name,
                {"roll": amount, "removed": removed},
            )
        ]

    def end_situation(self, pc: ResistancePC) -> list[Event]:
        if not pc.armour_stress:
            return []
        pc.armour_stress = 0
        return [Event("recover", f"{pc.name}'s armour is set right: its stress clears.", pc.name)]

    # -- bonds ----------------------------------------------------------------------------------
    def bond(self, pc: ResistancePC, name: str) -> dict[str, Any]:
        key = name.strip().lower()
        for bond in pc.bonds:
            if bond["name"].lower() == key or bond.get("id", "").lower() == key:
                return bond
        raise RulesError(
            f"{pc.name} has no bond called {name!r}; bonds: "
            + (", ".join(b["name"] for b in pc.bonds) or "none")
        )

    def bond_fallout(self, pc: ResistancePC, rng: Rng) -> list[Event]:
        """End of session: a fallout check for every bond that took stress and still holds some."""
        events: list[Event] = []
        for bond in pc.bonds:
            if not bond.get("stressed"):
                continue
            bond["stressed"] = False
            total = int(bond.get("stress", 0))
            if total <= 0:
                # A good turn cleared its track before the session ended: no d10 comes under 0, so
                # no check is rolled (nor asked of a player rolling their own dice).
                events.append(Event("bond", f"Bond {bond['name']}: no stress left, so no fallout check.",
                                    pc.name))
                continue
            roll = rng.die(10)
            level = severity(total) if roll < total else None
            if level is None:
                events.append(
                    Event(
                        "fallout-check",
                        f"Bond {bond['name']}: d10 {roll} against {total} - no fallout.",
                        pc.name,
                    )
                )
                continue
            result = self._draw("bond", level, f"bond:{bond['name']}", rng)
            pc.fallout.append(result)
            removed = min(REMOVED[level], total)
            bond["stress"] = total - removed
            events.append(
                Event(
                    "fallout",
                    f"Bond {bond['name']}: d10 {roll} against {total} - {level} fallout:"
                    f" {result['name']} ({result['text']}). {removed} bond stress clears.",
                    pc.name,
                    {"fallout": result, "removed": removed},
                )
            )
        return events


def _effort_die(effort: str) -> str:
    text = str(effort).strip().lower()
    if text in SIZE_DIE:
        return SIZE_DIE[text]
    die = stress_from(text)
    if die not in ("d3", "d6", "d8"):
        raise RulesError(f"recovery removes d3, d6 or d8 (minor, moderate, major), not {effort!r}")
    return die
