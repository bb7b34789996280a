"""Harm in a fight: fatigue taken and forced, saving throws, wounds (hidden d6s), finishing blows, death.

A character wounded with abilities on the stack saves or loses them all (a
hit that does not wound: a save with advantage); death takes its abilities
off the stack; fatigue forced past the maximum is a wound a point.
"""

from __future__ import annotations

from solo.rules.action_dice.dice import passes, roll_d6
from solo.rules.action_dice.seats import Field, Post
from solo.rules.engine import Event


class Harm(Field):
    def tire(self, seat: Post, events: list[Event], why: str) -> None:
        """A fatigue taken by choice (within the maximum)."""
        actor = seat.delver
        actor.fatigue += 1
        seat.add("fatigue", 1)
        if self.record:
            self.emit(
                events,
                "fatigue",
                f"{seat.label} takes a fatigue ({why}): {actor.fatigue}/{actor.max_fatigue}.",
                seat.actor,
            )

    def force_fatigue(self, seat: Post, amount: int, events: list[Event], why: str) -> None:
        """Fatigue from outside: each point above the maximum is a wound."""
        actor = seat.delver
        over = max(0, actor.fatigue + amount - max(actor.fatigue, actor.max_fatigue))
        actor.fatigue += amount
        seat.add("fatigue", amount)
        if self.record:
            self.emit(
                events,
                "fatigue",
                f"{seat.label} gains {amount} fatigue ({why}): {actor.fatigue}/{actor.max_fatigue}.",
                seat.actor,
            )
        if over:
            self.wound(seat, over, events, "fatigue past the limit")

    def save(
        self, seat: Post, events: list[Event], why: str, penalty: int = 0, advantage: bool = False
    ) -> tuple[bool, int]:
        actor = seat.delver
        edge_ = int(seat.lucky) + int(advantage)
        face, faces = roll_d6(self.rng, min(edge_, 1))
        ok = passes(face, -penalty, actor.fatigue)
        shown = f"{faces[0]}" if len(faces) == 1 else f"{faces} keeps {face}"
        less = f"{-penalty:+d}" if penalty else ""
        if self.record:
            self.emit(
                events,
                "save",
                f"{seat.label} saves ({why}): {shown}{less} vs fatigue {actor.fatigue}:"
                f" {'passes' if ok else 'fails'}.",
                seat.actor,
                face=face,
                ok=ok,
            )
        return ok, face

    # -- wounds and death ----------------------------------------------------------------------------
    def wound(self, target: Post, count: int, events: list[Event], why: str) -> None:
        actor = target.delver
        actor.wounds += count
        if not actor.lesser:
            actor.hidden_damage.extend(self.rng.die(6) for _ in range(count))
        target.add("wounds", count)
        if self.record:
            self.emit(
                events,
                "wound",
                f"{target.label} takes {count} wound{'s' if count > 1 else ''} ({why}):"
                f" wounded x{actor.wounds}.",
                target.actor,
                wounds=actor.wounds,
                hidden=not actor.lesser,
            )
        if self.stack.holds(target):
            ok, _ = self.save(target, events, "to keep its stacked abilities")
            if not ok:
                self.lose_stack(target, events)

    def shaken(self, target: Post, events: list[Event]) -> None:
        if self.stack.holds(target):
            ok, _ = self.save(target, events, "hit, to keep its stacked abilities", advantage=True)
            if not ok:
                self.lose_stack(target, events)

    def lose_stack(self, seat: Post, events: list[Event]) -> None:
        gone = self.stack.drop_owner(seat)
        if gone:
            if self.record:
                self.emit(
                    events,
                    "cancel",
                    f"{seat.label} loses {', '.join(f'#{i.number}' for i in gone)} from the stack.",
                    seat.actor,
                )

    def finishing_blow(self, target: Post, events: list[Event], attacker: Post) -> None:
        actor = target.delver
        if actor.lesser:
            rolls = [self.rng.die(6) for _ in range(actor.wounds)]
            total = sum(rolls)
            plural = "s" if len(rolls) != 1 else ""
            shown = f"{attacker.label} rolls {len(rolls)} wound{plural}: {rolls} = {total}"
        else:
            total = actor.damage
            shown = f"{target.label} reveals {total} damage"
        dead = total >= actor.health
        if not actor.lesser:
            target.shown = (actor.wounds, total)
        if self.record:
            self.emit(
                events,
                "finish",
                f"Finishing blow on {target.label}: {shown} against health {actor.health}"
                f" - {'dead' if dead else 'still standing'}.",
                target.actor,
                total=total,
                health=actor.health,
                dead=dead,
            )
        if dead:
            self.kill(target, events)

    def kill(self, seat: Post, events: list[Event]) -> None:
        gone = self.stack.drop_owner(seat)
        self.disengage(seat)
        seat.delver.dead = True
        self.put_out(seat, "dead")
        seat.add("deaths", 1)
        if gone:
            if self.record:
                self.emit(
                    events,
                    "cancel",
                    f"{seat.label}'s stacked {', '.join(f'#{i.number}' for i in gone)} die with it.",
                    seat.actor,
                )
        if self.live_sides <= 1:
            self.finish(events)
