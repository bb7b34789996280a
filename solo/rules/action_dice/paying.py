"""Paying for an action, rolling its dice and pushing it on the stack (or merging it into a move).

Dice are rolled when paid for; a Powerful wizard may pay with a spell stone
(a natural 6, and a casting save at -1); a shot into a melee costs a
fatigue and a save or goes astray; casting pays stones and saves at -level.
"""

from __future__ import annotations

from solo.rules.action_dice.actions import ATTACKS, DIE_NAMES, MOVES
from solo.rules.action_dice.harm import Harm
from solo.rules.action_dice.seats import Post
from solo.rules.engine import Action, Event, RulesError, Seat
from solo.rules.stack import StackItem


class Paying(Harm):
    def have(self, seat: Post, kind: str) -> int:
        """Dice of a kind the seat can pay with: its own, or (Powerful) a spell stone in the pool."""
        return seat.avail[kind] + len(seat.delver.pool) if seat.powerful else seat.avail[kind]

    def spend(self, seat: Post, kind: str, count: int = 1, events: list[Event] | None = None) -> bool:
        """Pay `count` dice of a kind; True when a Powerful stone paid instead (it counts as a natural 6)."""
        if seat.avail[kind] >= count:
            seat.avail[kind] -= count
            return False
        actor = seat.delver
        if count == 1 and seat.powerful and actor.pool and events is not None:
            stone = actor.pool.pop(0)
            actor.discard.append(stone)
            if self.record:
                self.emit(
                    events,
                    "stone",
                    f"{seat.label} spends a {stone} stone as {DIE_NAMES[kind]} die (a natural 6).",
                    seat.actor,
                )
            ok, _ = self.save(seat, events, "a stone spent as a die", penalty=1)
            if not ok:
                self.force_fatigue(seat, 1, events, "the strain of the stone")
            return True
        raise RulesError(f"{seat.label} has no {kind} die left this turn")

    def push_action(self, seat: Seat, action: Action, events: list[Event]) -> None:
        assert isinstance(seat, Post)
        kind = action.kind
        own = self.own_turn(seat)
        item = StackItem(seat, action)
        if kind in ATTACKS or kind == "interrupt":
            way = str(action.option("with")) if kind == "interrupt" else kind
            stone = self.spend(seat, "A", 1, events)
            if way != "trip" and not own and not seat.bow:
                self.tire(seat, events, "a two-handed swing made quick")
            target = self.post(action.target)
            if seat.bow and way != "trip":
                target = self.aim(seat, target, events)
            face = 6 if stone else self.rng.die(6)
            item.rolls = {"face": face, "value": face + seat.str_bonus, "target": target.index, "as": way}
        elif kind in MOVES or kind == "dodge":
            if kind == "dodge" or not own:
                self.tire(seat, events, "dodging" if kind == "dodge" else "tumbling")
            stone = self.spend(seat, "M", 1, events)
            face = 6 if stone else self.rng.die(6)
            item.rolls = {"face": face, "value": face + seat.dex_bonus}
        elif kind in ("trip", "riposte"):  # an attack on a foe that aims at one of its stacked abilities
            stone = self.spend(seat, "A", 1, events)
            face = 6 if stone else self.rng.die(6)
            foe = self.post(action.target)
            host = self.stacked(foe, MOVES if kind == "trip" else ATTACKS)
            item.rolls = {
                "face": face,
                "value": face + seat.str_bonus,
                "target": foe.index,
                "against": host.number if host else 0,
            }
        elif kind == "block":
            stone = self.spend(seat, "S", 1, events)
            face = 6 if stone else self.rng.die(6)
            host = self.stacked(self.post(action.target), ATTACKS)
            item.rolls = {"face": face, "against": host.number if host else 0}
        elif kind == "exert":
            self.tire(seat, events, "exerting")
        elif kind == "gather":
            self.spend(seat, "M", 2)
        elif kind == "cast":
            self.cast(seat, action, item, events)
            return
        if kind == "interrupt":
            mover = self.post(action.target)
            host = self.stacked(mover, MOVES)
            assert host is not None
            point = f"{mover.label} comes within {seat.label}'s reach"
            self.stack.merge(host, item, point)
            if self.record:
                self.emit(
                    events,
                    "push",
                    f"Merged into #{host.number}: {self.item_text(item)}; it takes over when {point}.",
                    seat.actor,
                )
            return
        self.stack.push(item)
        if self.record:
            self.emit(events, "push", f"Stacked #{item.number}: {self.item_text(item)}.", seat.actor)

    def aim(self, seat: Post, target: Post, events: list[Event]) -> Post:
        """A shot at someone in a melee: a fatigue and a save, or it goes astray (see the docstring)."""
        group = [s for s in self.melee_group(target) if s is not seat]
        if not group:
            return target
        if self.free_fatigue(seat):
            self.tire(seat, events, "shooting into a melee")
            ok, _ = self.save(seat, events, "a clear shot")
            if ok:
                return target
            pick = group[self.rng.die(len(group)) - 1] if len(group) > 1 else group[0]
        else:
            everyone = [target, *group]
            pick = everyone[self.rng.die(len(everyone)) - 1]
        if pick is not target:
            if self.record:
                self.emit(
                    events, "astray", f"{seat.label}'s shot goes astray toward {pick.label}.", seat.actor
                )
        return pick

    def cast(self, seat: Post, action: Action, item: StackItem, events: list[Event]) -> None:
        actor = seat.delver
        spell = self.book.spells[str(action.option("spell"))]
        level = int(spell["level"])
        self.spend(seat, "M")
        paid = [spell["school"]]
        actor.pool.remove(spell["school"])
        for _ in range(level - 1):
            paid.append(actor.pool.pop(0))
        actor.discard.extend(paid)
        ok, face = self.save(seat, events, f"casting {spell['text']}", penalty=level)
        item.rolls = {"spell": spell["id"], "stones": paid, "face": face}
        self.stack.push(item)
        if self.record:
            self.emit(
                events,
                "push",
                f"Stacked #{item.number}: {seat.label} casts {spell['text']}"
                f" ({len(paid)} stone{'s' if len(paid) > 1 else ''}).",
                seat.actor,
            )
        if not ok or face == 6:
            self.force_fatigue(seat, 1, events, "the strain of casting")
        if face == 6 and seat.out is None:
            copy = StackItem(seat, action, {"spell": spell["id"], "copy": True})
            self.stack.push(copy)
            if self.record:
                self.emit(
                    events,
                    "push",
                    f"Stacked #{copy.number}: a free copy of {spell['text']} (a natural 6).",
                    seat.actor,
                )
