"""Resolving the top of the stack: moves (and the attacks merged into them), attacks, blocks, spells.

Success is judged here, against the target's armour class at this moment,
so a DODGE resolved above an attack can make it miss (DL-1).
"""

from __future__ import annotations

from solo.rules.action_dice.actions import ATTACKS, DIE_NAMES, MOVES, NAMES
from solo.rules.action_dice.dice import passes
from solo.rules.action_dice.paying import Paying
from solo.rules.action_dice.seats import Post
from solo.rules.engine import Event
from solo.rules.stack import StackItem


class Resolving(Paying):
    def resolve_item(self, item: StackItem, events: list[Event]) -> None:
        seat = item.owner
        assert isinstance(seat, Post)
        if seat.out is not None:
            return
        kind = item.action.kind
        if self.record:
            self.emit(events, "resolve", f"Resolving #{item.number}: {self.item_text(item)}.", seat.actor)
        if kind in MOVES:
            self.resolve_move(item, events)
        elif kind == "dodge":
            self.raise_ac(seat, item.rolls["value"], events)
        elif kind in ATTACKS:
            self.strike(item, events)
        elif kind == "trip":
            host = self.find(item.rolls["against"])
            if self.strike(item, events) and host is not None and host in self.stack.items:
                self.stack.remove(host)
                if self.record:
                    self.emit(
                        events,
                        "cancel",
                        f"{host.owner.label}'s move #{host.number} is cancelled.",
                        host.owner.actor,
                    )
        elif kind == "riposte":
            host = self.find(item.rolls["against"])
            if self.strike(item, events) and host is not None and host in self.stack.items:
                if host.rolls.get("value", 0) <= item.rolls["value"]:
                    self.stack.remove(host)
                    if self.record:
                        self.emit(
                            events,
                            "cancel",
                            f"{seat.label} turns aside {host.owner.label}'s attack #{host.number}.",
                            seat.actor,
                        )
        elif kind == "block":
            self.block(item, events)
        elif kind == "exert":
            die = str(item.action.option("die"))
            seat.avail[die] = min(seat.delver.dice.get(die, 0), seat.avail[die] + 1)
            if self.record:
                self.emit(events, "exert", f"{seat.label} wins back {DIE_NAMES[die]} die.", seat.actor)
        elif kind == "gather":
            actor = seat.delver
            if actor.bag:
                stone = actor.bag.pop(self.rng.die(len(actor.bag)) - 1)
                actor.pool.append(stone)
                if self.record:
                    self.emit(
                        events,
                        "gather",
                        f"{seat.label} draws a {stone} stone into the active pool.",
                        seat.actor,
                    )
        elif kind == "cast":
            self.spell_effect(item, events)

    def resolve_move(self, item: StackItem, events: list[Event]) -> None:
        seat = item.owner
        assert isinstance(seat, Post)
        self.raise_ac(seat, item.rolls["value"], events)
        for merged in list(item.merged):
            attacker = merged.owner
            assert isinstance(attacker, Post)
            if attacker.out is not None or seat.out is not None:
                continue
            if self.record:
                self.emit(
                    events,
                    "interrupt",
                    f"As {merged.point}, {attacker.label} takes over: {self.item_text(merged)}.",
                    attacker.actor,
                )
            hit = self.strike(merged, events, reach=True)
            if seat.out is not None:
                return
            if hit and merged.rolls.get("as") == "trip":
                self.disengage(seat)
                self.engage(seat, attacker)
                if self.record:
                    self.emit(
                        events,
                        "move",
                        f"{seat.label} goes down at {attacker.label}'s feet; the move ends there.",
                        seat.actor,
                    )
                return
        if item.action.kind == "withdraw":
            if seat.engaged:
                self.disengage(seat)
                if self.record:
                    self.emit(events, "move", f"{seat.label} backs out of the melee.", seat.actor)
            elif not seat.far:
                seat.far = True
                if self.record:
                    self.emit(events, "move", f"{seat.label} falls back, far from the fight.", seat.actor)
            return
        target = self.post(item.action.target)
        if target.out is not None:
            return
        if seat.far != target.far:
            seat.far = target.far
            self.disengage(seat)
            if self.record:
                self.emit(
                    events, "move", f"{seat.label} closes the distance toward {target.label}.", seat.actor
                )
            return
        self.disengage(seat)
        self.engage(seat, target)
        if self.record:
            self.emit(events, "move", f"{seat.label} is in melee with {target.label}.", seat.actor)

    def strike(self, item: StackItem, events: list[Event], reach: bool = False) -> bool:
        """An attack resolving: reach, then die + Str against the target's AC now; what a hit does."""
        seat = item.owner
        assert isinstance(seat, Post)
        target = self.seats[item.rolls["target"]]
        way = item.rolls.get("as", item.action.kind)
        if target.out is not None:
            return False
        if not reach and not self.reaches(seat, target):
            if self.record:
                self.emit(
                    events,
                    "miss",
                    f"{target.label} is out of {seat.label}'s reach: the attack fails.",
                    seat.actor,
                )
            return False
        face, value = item.rolls["face"], item.rolls["value"]
        ac = self.ac_of(target)
        hit = passes(face, value - face, ac)
        why = " (a natural 6)" if face == 6 else " (a natural 1)" if face == 1 else ""
        if self.record:
            self.emit(
                events,
                "hit" if hit else "miss",
                f"{seat.label}'s {NAMES[way]} {'hits' if hit else 'misses'}"
                f" {target.label}: {value} vs AC {ac}{why}.",
                seat.actor,
                hit=hit,
                face=face,
                ac=ac,
            )
        if seat.heavy:
            self.force_fatigue(target, 1, events, f"{seat.label} hits heavily")
            if target.out is not None:
                return hit
        if not hit:
            return False
        if way == "jab":
            self.wound(target, 2 if seat.two_handed else 1, events, f"{seat.label}'s jab")
        elif way == "coup":
            self.finishing_blow(target, events, seat)
            if target.out is None:
                self.shaken(target, events)
        else:
            self.shaken(target, events)
        return True

    def block(self, item: StackItem, events: list[Event]) -> None:
        seat = item.owner
        assert isinstance(seat, Post)
        host = self.find(item.rolls["against"])
        if host is None:
            if self.record:
                self.emit(events, "block", f"{seat.label}'s block finds nothing left to stop.", seat.actor)
            return
        victim = self.seats[host.rolls["target"]]
        near = victim is seat or victim.index in seat.engaged
        if not near:
            if self.record:
                self.emit(
                    events, "block", f"{victim.label} is out of {seat.label}'s reach: no block.", seat.actor
                )
            return
        if self.ranged(host.owner):
            self.stack.remove(host)
            seat.avail["S"] = min(seat.delver.dice["S"], seat.avail["S"] + 1)
            if self.record:
                self.emit(
                    events,
                    "cancel",
                    f"{seat.label}'s shield catches the shot #{host.number}; the shield die comes back.",
                    seat.actor,
                )
        elif host.rolls["value"] <= item.rolls["face"]:
            self.stack.remove(host)
            if self.record:
                self.emit(
                    events,
                    "cancel",
                    f"{seat.label} blocks #{host.number}: {host.rolls['value']} against a"
                    f" shield of {item.rolls['face']}.",
                    seat.actor,
                )
        else:
            if self.record:
                self.emit(
                    events,
                    "block",
                    f"{seat.label}'s block ({item.rolls['face']}) is too weak for {host.rolls['value']}.",
                    seat.actor,
                )

    def spell_effect(self, item: StackItem, events: list[Event]) -> None:
        seat = item.owner
        assert isinstance(seat, Post)
        spell = self.book.spells[item.rolls["spell"]]
        target = self.post(item.action.target)
        amount = int(spell["amount"])
        if target.out is not None:
            return
        effect = spell["effect"]
        if self.record:
            self.emit(events, "spell", f"{spell['text']} takes hold of {target.label}.", seat.actor)
        if effect == "wounds":
            self.wound(target, amount, events, spell["text"])
        elif effect == "drain":
            self.force_fatigue(target, amount, events, spell["text"])
        elif effect == "ward":
            self.raise_ac(seat, amount, events)
        elif effect == "rally":
            actor = target.delver
            actor.fatigue = max(actor.permanent, actor.fatigue - amount)
            if self.record:
                self.emit(
                    events, "rally", f"{target.label} breathes easier: fatigue {actor.fatigue}.", target.actor
                )
