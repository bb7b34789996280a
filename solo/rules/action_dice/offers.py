"""What a fighter may do now: the action templates offered, the check of a chosen action, quick answers open.

Slow actions need one's own side's turn and an empty stack [SR]; quick ones
(DODGE, BLOCK, TRIP, RIPOSTE, EXERT, a bow's or a two-handed weapon's
attack, a tumbling move) go any time, also in answer to the stack.  JAB and
COUP DE GRACE are offered once a foe is in reach (RULES: attacks only at
targets within reach), at every foe still in: reach is judged again when
the attack resolves.
"""

from __future__ import annotations

from typing import Any, NoReturn

from solo.rules.action_dice.actions import ATTACKS, KINDS, MOVES, NAMES, SLOW, unique
from solo.rules.action_dice.character import DIE_KINDS, Delver
from solo.rules.action_dice.resolving import Resolving
from solo.rules.action_dice.seats import Post
from solo.rules.engine import Action, ActionTemplate, Event, RulesError, Seat, choose
from solo.rules.stack import PASS

ANSWERS = ("block", "trip", "riposte", "interrupt")
PLAIN = (*MOVES, "dodge", *ATTACKS)  # what `allows` answers without a template


class Offers(Resolving):
    def seat_templates(self, seat: Seat) -> list[ActionTemplate]:  # type: ignore[override]
        """What the seat may do now, in the order of `KINDS`."""
        return [t for t in (self.offer(seat, k) for k in KINDS) if t is not None]

    def offer(self, seat: Seat, kind: str) -> ActionTemplate | None:
        """The template of one kind of action the seat may take now, or None; kept until the next
        action changes the fight (the policy and the check of its choice both ask)."""
        key = (seat.index, kind)
        templates = self._templates
        if key not in templates:
            assert isinstance(seat, Post)
            templates[key] = self._offer(seat, kind)
        return templates[key]

    def take(self, seat: Seat, action: Action, events: list[Event]) -> None:
        try:  # (nothing in a take asks for a template: those worked out before it hold until it ends)
            super().take(seat, action, events)
        finally:
            self._templates.clear()

    def _foes(self, seat: Post) -> tuple[Any, ...]:
        return tuple(s.actor for s in self.foes_of(seat))

    def allows(self, seat: Post, kind: str) -> bool:
        """Whether the seat may take this kind of action now: `offer` without making the template
        (a quick answer for the plain kinds, which the policy asks about most).  For JAB and COUP DE
        GRACE it answers for the dice and the moment; whether a foe is in reach is `offer`'s part."""
        if kind in MOVES:
            return bool(
                self.have(seat, "M") and (self.own_turn(seat) or (seat.tumble and self.free_fatigue(seat)))
            )
        if kind == "dodge":
            return bool(self.have(seat, "M") and self.free_fatigue(seat))
        if kind in ATTACKS:
            return bool(self.have(seat, "A") and (self.own_turn(seat) or self.quick_attack(seat)))
        return self.offer(seat, kind) is not None

    def _offer(self, seat: Post, kind: str) -> ActionTemplate | None:
        actor = seat.delver
        if kind == PASS:
            return ActionTemplate(
                PASS, "pass (end your turn)" if self.own_turn(seat) else "pass (let it resolve)"
            )
        if kind in PLAIN and not self.allows(seat, kind):
            return None
        if kind in MOVES:
            if kind == "move":
                return ActionTemplate("move", "MOVE toward a foe (M)", self._foes(seat))
            return ActionTemplate("withdraw", f"WITHDRAW {self._away(seat)} (M)")
        if kind == "dodge":
            return ActionTemplate("dodge", "DODGE: raise your AC (F, M)")
        if kind in ATTACKS:  # offered once a foe is in reach [rules: attacks only at targets within reach]
            foes = self.opponents(seat)
            if not any(self.reaches(seat, s) for s in foes):
                return None
            targets = tuple(s.actor for s in foes)
            if kind == "jab":
                return ActionTemplate("jab", "JAB: a wound on a hit (A)", targets)
            return ActionTemplate("coup", "COUP DE GRACE: a finishing blow on a hit (A)", targets)
        if kind in ANSWERS:
            return self._answer(seat, actor, kind) if self.stack else None  # aimed at what foes have stacked
        if kind == "exert":
            if not seat.exert:
                return None
            spent = tuple(k for k in DIE_KINDS if seat.avail[k] < actor.dice.get(k, 0))
            if spent and self.free_fatigue(seat):
                return ActionTemplate("exert", "EXERT: win back a spent die (F)", (), (("die", spent),))
            return None
        own = self.own_turn(seat)
        if kind == "gather":
            if own and actor.sorcerer and seat.avail["M"] >= 2 and actor.bag:
                return ActionTemplate("gather", "GATHER POWER: a stone from the bag (M, M)")
            return None
        if kind == "cast" and own and seat.avail["M"] and actor.pool:
            spells = tuple(k for k in actor.spells if self.castable(actor, k))
            if spells:
                friends = tuple(s.actor for s in self.seats if s.side == seat.side and s.out is None)
                targets = self._foes(seat) + friends
                return ActionTemplate("cast", "CAST A SPELL (stones, M)", targets, (("spell", spells),))
        return None

    @staticmethod
    def _away(seat: Post) -> str:
        """Where a WITHDRAW takes the seat (`resolve_move`): out of melee, else from near to far."""
        if seat.engaged:
            return "from melee"
        return "to keep your distance" if seat.far else "to fall back far"

    def _answer(self, seat: Post, actor: Delver, kind: str) -> ActionTemplate | None:
        """BLOCK, TRIP, RIPOSTE or INTERRUPT, aimed at the foes whose items wait on the stack."""
        if kind == "block":
            if not self.have(seat, "S"):
                return None
        elif not self.have(seat, "A") or (kind in ("trip", "riposte") and not actor.has(kind)):
            return None
        theirs = [x for x in reversed(self.stack.items) if x.owner.side != seat.side]
        if kind in ("block", "riposte"):
            attackers = unique(
                tuple(
                    x.owner.actor
                    for x in theirs
                    if x.action.kind in ATTACKS and (kind == "block" or not self.ranged(x.owner))
                )
            )
            if not attackers:
                return None
            if kind == "block":
                return ActionTemplate("block", "BLOCK an attack (S)", attackers)
            return ActionTemplate("riposte", "RIPOSTE a melee attack (A)", attackers)
        movers = unique(tuple(x.owner.actor for x in theirs if x.action.kind in MOVES))
        if not movers:
            return None
        if kind == "trip":
            return ActionTemplate("trip", "TRIP a stacked move (A)", movers)
        ways = tuple(k for k in ("jab", "coup") if self.quick_attack(seat)) + (
            ("trip",) if actor.has("trip") else ()
        )
        if not ways:
            return None
        return ActionTemplate(
            "interrupt", "INTERRUPT a stacked move with an attack (A)", movers, (("with", ways),)
        )

    def castable(self, actor: Delver, spell: str) -> bool:
        record = self.book.spells.get(spell)
        return (
            record is not None and len(actor.pool) >= int(record["level"]) and record["school"] in actor.pool
        )

    def validate(self, seat: Seat, action: Action) -> Action:
        assert isinstance(seat, Post)
        if action.kind == PASS and action.target is None:
            return action  # passing is always open to whoever is asked
        kind = choose(action.kind, KINDS, "action")
        if action.target is not None:
            if kind == "cast":
                self.check_target(seat, action, None)
            else:
                self.check_target(seat, action, "enemy")
        template = self.offer(seat, kind)
        if template is not None and not (
            (template.targets and all(t is not action.target for t in template.targets))
            or (not template.targets and action.target is not None)
        ):
            for name, values in template.params:
                if action.option(name) not in values:
                    raise RulesError(
                        f"{NAMES[kind]}: {name} is one of {', '.join(map(str, values))},"
                        f" not {action.option(name)!r}"
                    )
        elif not (kind in ATTACKS and action.target is not None and self.allows(seat, kind)):
            self.refuse(seat, action, kind)
        # (an attack typed with no foe in reach - menus offer none then - is taken as it always was, since
        # saved fights may hold one: it fails when it resolves unless the foe comes within reach)
        if kind != action.kind:
            action = Action(action.actor, kind, action.target, None, None, action.options, action.label)
        return action

    def refuse(self, seat: Post, action: Action, kind: str) -> NoReturn:
        """Why the seat cannot take `action` now, as one RulesError."""
        self._templates.clear()  # a refusal keeps nothing it worked out
        actor = seat.delver
        if kind == "cast" and not actor.pool:
            raise RulesError(
                f"{seat.label} has no spell stones in the active pool to cast with"
                " (GATHER POWER draws one from the bag)"
            )
        if kind == "cast" and str(action.option("spell")) not in actor.spells:
            raise RulesError(
                f"{seat.label} knows no spell {action.option('spell')!r}"
                f" (knows: {', '.join(actor.spells) or 'none'})"
            )
        whom = f" at {self.label(action.target)}" if action.target is not None else ""
        raise RulesError(
            f"{seat.label} cannot {NAMES[kind]}{whom} now{SLOW if not self.own_turn(seat) else ''}"
        )

    def check_target(self, seat: Seat, action: Action, need: str | None) -> Seat | None:
        if need is None and action.target is not None:  # a spell may aim at friend or foe
            target = self.seat(action.target)
            if target.out is not None:
                raise RulesError(f"{target.label} is already out of the {self.NOUN}")
            return target
        return super().check_target(seat, action, need)

    def can_answer(self, seat: Post) -> bool:
        """Whether the seat has any quick action open now (what `seat_templates` would offer past a pass)."""
        actor = seat.delver
        avail = {k: self.have(seat, k) for k in DIE_KINDS} if seat.powerful else seat.avail
        tired = actor.fatigue + 1 > actor.max_fatigue
        if avail["M"] and not tired:
            return True  # DODGE (and a tumbling move)
        if avail["A"] and (seat.bow or (seat.two_handed and not tired)):
            return True
        if not tired and seat.exert and any(seat.avail[k] < actor.dice.get(k, 0) for k in DIE_KINDS):
            return True
        enemy = [i.action.kind for i in self.stack.items if i.owner.side != seat.side]
        if avail["S"] and any(kind in ATTACKS for kind in enemy):
            return True
        if avail["A"] and seat.trip and any(kind in MOVES for kind in enemy):
            return True
        return bool(avail["A"] and seat.riposte and any(kind in ATTACKS for kind in enemy))
