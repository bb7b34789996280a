"""An action-dice fight on the response stack: pay, roll, push; answer; resolve the top.

Sides take whole turns (`solo.rules.stack`).  On its own side's turn, with
the stack empty, a character may take slow actions; quick ones go any time,
also in answer to what is stacked [SR: slow actions also need an empty
stack].  Dice are rolled when paid for, but success is judged only when the
item resolves, against the target's armour class *then* (RULES.md §3.5), so
a DODGE stacked over an attack can make it miss.

Actions: MOVE (toward a foe: far to near, near into melee) and WITHDRAW
(out of melee, or near to far) for a Movement die; DODGE for a fatigue and a
Movement die; JAB and COUP DE GRACE for an Attack die; BLOCK for a Shield
die; the fighter's TRIP and RIPOSTE and the wizard's EXERT; GATHER POWER
and CAST A SPELL for sorcerers.  A quick attack (a bow, or a two-handed
weapon and a fatigue) may instead be merged into a foe's stacked move, to
take over when the move comes within reach (INTERRUPT); a TRIP that hits
there stops the move at that point.

Reach [SR: zones engaged / near / far]: melee needs the two engaged when
the attack resolves; ranged reaches anyone, but shooting at someone in a
melee costs a fatigue and a save, and a failed save sends the shot to
someone else in that melee, picked at random (without a fatigue to spare
the shot goes to one of them, the target included, at random).

Who is asked to answer the top of the stack [SR]: every player character
with a quick action open, and a GM character only when the top item is a
foe's attack on it or beside it, or a foe's move (the engine's answers
never go past those).

Wounds add hidden d6s (lesser characters: an open count); a character who
is wounded with abilities on the stack saves or loses them all (a hit that
does not wound: a save with advantage); death takes its abilities off the
stack.  At the end of a side's turn its sorcerers save (a failure costs a
fatigue if one is free, else every stone in the pool and discard pile
[SR]), raised armour classes fall back, and the side's dice refresh.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from solo.dice import Rng
from solo.rules.action_dice.character import DIE_KINDS, Delver
from solo.rules.action_dice.dice import attack_chance, finishing_chance, passes, roll_d6, save_chance
from solo.rules.engine import Action, ActionTemplate, Event, Odds, RulesError, Seat, choose, full_degrees
from solo.rules.options import Option
from solo.rules.stack import PASS, StackEncounter, StackItem

ATTACKS = ("jab", "coup")
MOVES = ("move", "withdraw")
KINDS = (
    PASS,
    "move",
    "withdraw",
    "dodge",
    "jab",
    "coup",
    "block",
    "trip",
    "riposte",
    "exert",
    "gather",
    "cast",
    "interrupt",
)
NAMES = {
    "move": "MOVE",
    "withdraw": "WITHDRAW",
    "dodge": "DODGE",
    "jab": "JAB",
    "coup": "COUP DE GRACE",
    "block": "BLOCK",
    "trip": "TRIP",
    "riposte": "RIPOSTE",
    "exert": "EXERT",
    "gather": "GATHER POWER",
    "cast": "CAST",
    "interrupt": "INTERRUPT",
    PASS: "pass",
}


DIE_NAMES = {"M": "a movement", "A": "an attack", "S": "a shield"}
SLOW = " (slow actions wait for your own turn and an empty stack)"


class Post(Seat):
    """A seat in the fight: dice left this turn, a raised AC, and where it stands."""

    __slots__ = ("avail", "raised", "far", "engaged", "shown")

    def __init__(self, actor: Any, side: str, label: str, index: int):
        super().__init__(actor, side, label, index)
        self.avail: dict[str, int] = dict(actor.dice)
        self.raised = 0
        self.far = False
        self.engaged: set[int] = set()
        self.shown: tuple[int, int] | None = None  # (wounds, damage) a finishing blow last revealed


class Skirmish(StackEncounter):
    NOUN = "fight"
    NOBODY_LEFT = "nobody is left alive"
    seat_class = Post
    seats: list[Post]  # type: ignore[assignment]
    declared_options = (
        Option(
            "initiative",
            "choice",
            "the side that takes the first turn (the one longest in the area)",
            ("party", "foes"),
        ),
        Option(
            "start",
            "choice",
            "where the fight starts: near (one MOVE from melee) or far (two)",
            ("near", "far"),
        ),
    )

    def __init__(self, system: Any, sides: Any, rng: Rng, **options: Any):
        super().__init__(system, sides, rng, **options)
        self._templates: dict[int, list[ActionTemplate]] = {}
        self.book = system.book
        start = choose(
            self.options.get("start", system.house_rules.get("start", "near")), ("near", "far"), "start"
        )
        home = next(iter(self.sides))
        for seat in self.seats:  # far: the other sides start a zone away, two MOVEs from melee
            seat.far = start == "far" and seat.side != home
        first = self.options.get("initiative")
        if first is not None:
            wanted = choose(first, ("party", "foes"), "initiative")
            names = list(self.sides)
            side = wanted if wanted in names else names[0 if wanted == "party" else 1]
            self.first_side(side)

    # -- who and what -----------------------------------------------------------------------------
    def post(self, actor: Any) -> Post:
        return self.seat(actor)  # type: ignore[return-value]

    @staticmethod
    def who(seat: Seat) -> Delver:
        actor = seat.actor
        assert isinstance(actor, Delver)
        return actor

    def ac_of(self, seat: Post) -> int:
        return max(self.who(seat).ac, seat.raised)

    def ranged(self, seat: Seat) -> bool:
        return self.who(seat).wields("bow")

    def free_fatigue(self, seat: Seat, amount: int = 1) -> bool:
        actor = self.who(seat)
        return actor.fatigue + amount <= actor.max_fatigue

    def own_turn(self, seat: Seat) -> bool:
        return seat.side == self.active and self.window is None and not self.stack

    def quick_attack(self, seat: Post) -> bool:
        """A slow attack made quick: a bow does it free, a two-handed weapon for a fatigue."""
        actor = self.who(seat)
        return actor.wields("bow") or (actor.wields("two-handed") and self.free_fatigue(seat))

    def stacked(self, owner: Seat, kinds: tuple[str, ...]) -> StackItem | None:
        """The topmost waiting item of `owner` of one of `kinds`."""
        for item in self.stack.top_first():
            if item.owner is owner and item.action.kind in kinds:
                return item
        return None

    def melee_group(self, target: Post) -> list[Post]:
        return [s for s in self.seats if s.index in target.engaged and s.out is None]

    # -- templates ---------------------------------------------------------------------------------
    def seat_templates(self, seat: Seat) -> list[ActionTemplate]:  # type: ignore[override]
        """What the seat may do now; kept until the next action changes the fight (the policy and the
        check of its choice ask twice)."""
        cached = self._templates.get(seat.index)
        if cached is None:
            cached = self._templates[seat.index] = self._seat_templates(seat)
        return cached

    def take(self, seat: Seat, action: Action, events: list[Event]) -> None:
        self._templates.clear()
        try:
            super().take(seat, action, events)
        finally:
            self._templates.clear()

    def _seat_templates(self, seat: Seat) -> list[ActionTemplate]:
        assert isinstance(seat, Post)
        actor = self.who(seat)
        foes = tuple(s.actor for s in self.foes_of(seat))
        friends = tuple(s.actor for s in self.seats if s.side == seat.side and s.out is None)
        own = self.own_turn(seat)
        out = [ActionTemplate(PASS, "pass (end your turn)" if own else "pass (let it resolve)")]
        m, a, s = self.have(seat, "M"), self.have(seat, "A"), self.have(seat, "S")
        tumble = actor.has("tumble") and self.free_fatigue(seat)
        if m and (own or tumble):
            out.append(ActionTemplate("move", "MOVE toward a foe (M)", foes))
            out.append(ActionTemplate("withdraw", "WITHDRAW from melee (M)"))
        if m and self.free_fatigue(seat):
            out.append(ActionTemplate("dodge", "DODGE: raise your AC (F, M)"))
        if a and (own or self.quick_attack(seat)):
            out.append(ActionTemplate("jab", "JAB: a wound on a hit (A)", foes))
            out.append(ActionTemplate("coup", "COUP DE GRACE: a finishing blow on a hit (A)", foes))
        if self.stack:  # answers aimed at what foes have stacked
            self._answers(seat, actor, a, s, out)
        spent = tuple(k for k in DIE_KINDS if seat.avail[k] < actor.dice.get(k, 0))
        if actor.has("exert") and spent and self.free_fatigue(seat):
            out.append(ActionTemplate("exert", "EXERT: win back a spent die (F)", (), (("die", spent),)))
        if own and actor.sorcerer and seat.avail["M"] >= 2 and actor.bag:
            out.append(ActionTemplate("gather", "GATHER POWER: a stone from the bag (M, M)"))
        if own and seat.avail["M"] and actor.pool:
            spells = tuple(k for k in actor.spells if self.castable(actor, k))
            if spells:
                out.append(
                    ActionTemplate("cast", "CAST A SPELL (stones, M)", foes + friends, (("spell", spells),))
                )
        return out

    def _answers(self, seat: Post, actor: Delver, a: int, s: int, out: list[ActionTemplate]) -> None:
        """BLOCK, TRIP, RIPOSTE and INTERRUPT, each aimed at the foes whose items wait on the stack."""
        theirs = [x for x in reversed(self.stack.items) if x.owner.side != seat.side]
        attackers = unique(tuple(x.owner.actor for x in theirs if x.action.kind in ATTACKS))
        movers = unique(tuple(x.owner.actor for x in theirs if x.action.kind in MOVES))
        if s and attackers:
            out.append(ActionTemplate("block", "BLOCK an attack (S)", attackers))
        if a and actor.has("trip") and movers:
            out.append(ActionTemplate("trip", "TRIP a stacked move (A)", movers))
        if a and actor.has("riposte"):
            melee = unique(
                tuple(x.owner.actor for x in theirs if x.action.kind in ATTACKS and not self.ranged(x.owner))
            )
            if melee:
                out.append(ActionTemplate("riposte", "RIPOSTE a melee attack (A)", melee))
        if a and movers:
            ways = tuple(k for k in ("jab", "coup") if self.quick_attack(seat)) + (
                ("trip",) if actor.has("trip") else ()
            )
            if ways:
                out.append(
                    ActionTemplate(
                        "interrupt", "INTERRUPT a stacked move with an attack (A)", movers, (("with", ways),)
                    )
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
        for template in self.seat_templates(seat):
            if template.kind != kind:
                continue
            if template.targets and all(t is not action.target for t in template.targets):
                continue
            if not template.targets and action.target is not None:
                continue
            for name, values in template.params:
                if action.option(name) not in values:
                    raise RulesError(
                        f"{NAMES[kind]}: {name} is one of {', '.join(map(str, values))},"
                        f" not {action.option(name)!r}"
                    )
            if kind != action.kind:
                action = Action(action.actor, kind, action.target, None, None, action.options, action.label)
            return action
        self._templates.clear()  # a refusal keeps nothing it worked out
        actor = self.who(seat)
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

    def describe(self, action: Action) -> str:
        name = NAMES.get(action.kind, action.kind)
        whom = self.label(action.target) if action.target is not None else ""
        if action.kind == "move":
            return f"MOVE toward {whom}"
        if action.kind == "cast":
            spell = self.book.spells.get(str(action.option("spell")), {}).get("text", action.option("spell"))
            return f"CAST {spell} at {whom}"
        if action.kind == "interrupt":
            return f"INTERRUPT {whom}'s move with {NAMES.get(str(action.option('with')), '?')}"
        if action.kind == "exert":
            return f"EXERT for {DIE_NAMES.get(str(action.option('die')), 'a')} die"
        if action.kind in ("block", "riposte"):
            return f"{name} {whom}'s attack"
        if action.kind == "trip":
            return f"TRIP {whom}'s move"
        return f"{name} {whom}".strip()

    # -- odds ---------------------------------------------------------------------------------------------
    def action_odds(self, action: Action) -> Odds | None:
        """The chance an attack would hit now, as the die is still to be rolled."""
        seat = self.post(action.actor)
        actor = self.who(seat)
        kind = action.option("with") if action.kind == "interrupt" else action.kind
        if kind in ("jab", "coup", "trip", "riposte") and action.target is not None:
            target = self.post(action.target)
            near = action.kind == "interrupt" or self.reaches(seat, target)
            p = attack_chance(self.ac_of(target), actor.bonus("str")) if near else Fraction(0)
            return Odds(
                self.system.id,
                full_degrees({"success": p, "fail": 1 - p}),
                {"ac": self.ac_of(target), "bonus": actor.bonus("str")},
            )
        if action.kind == "cast":
            level = int(self.book.spells[str(action.option("spell"))]["level"])
            p = save_chance(actor.fatigue, level, int(actor.has("lucky")))
            return Odds(self.system.id, full_degrees({"success": p, "fail": 1 - p}), {"casting_save": True})
        return None

    def item_text(self, item: StackItem) -> str:
        """What a stacked item is and how it stands now (its die is rolled; its target's AC may change)."""
        owner = item.owner
        text = f"{owner.label}: {self.describe(item.action)}"
        kind = item.rolls.get("as", item.action.kind)
        face = item.rolls.get("face")
        if face is None:
            return text
        value = item.rolls.get("value", face)
        target = item.rolls.get("target")
        if kind in ("jab", "coup", "trip", "riposte") and target is not None:
            tseat = self.seats[target]
            ac = self.ac_of(tseat)
            hit = passes(face, value - face, ac)
            text += f" [die {face}, {value} vs AC {ac}: {'hits' if hit else 'misses'} as things stand"
            tactor = self.who(tseat)
            if kind == "coup" and hit:
                if tactor.lesser:
                    text += f"; kills {finishing_chance(tactor.wounds, tactor.health)}"
                else:
                    text += f"; wounded x{tactor.wounds}, kill chance hidden"
            return text + "]"
        return f"{text} [die {face}{f' = {value}' if value != face else ''}]"

    # -- paying and pushing -----------------------------------------------------------------------------
    def have(self, seat: Post, kind: str) -> int:
        """Dice of a kind the seat can pay with: its own, or (Powerful) a spell stone in the pool."""
        actor = self.who(seat)
        return seat.avail[kind] + (len(actor.pool) if actor.has("powerful") else 0)

    def spend(self, seat: Post, kind: str, count: int = 1, events: list[Event] | None = None) -> bool:
        """Pay `count` dice of a kind; True when a Powerful stone paid instead (it counts as a natural 6)."""
        if seat.avail[kind] >= count:
            seat.avail[kind] -= count
            return False
        actor = self.who(seat)
        if count == 1 and actor.has("powerful") and actor.pool and events is not None:
            stone = actor.pool.pop(0)
            actor.discard.append(stone)
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

    def tire(self, seat: Post, events: list[Event], why: str) -> None:
        """A fatigue taken by choice (within the maximum)."""
        actor = self.who(seat)
        actor.fatigue += 1
        seat.add("fatigue", 1)
        self.emit(
            events,
            "fatigue",
            f"{seat.label} takes a fatigue ({why}): {actor.fatigue}/{actor.max_fatigue}.",
            seat.actor,
        )

    def force_fatigue(self, seat: Post, amount: int, events: list[Event], why: str) -> None:
        """Fatigue from outside: each point above the maximum is a wound."""
        actor = self.who(seat)
        over = max(0, actor.fatigue + amount - max(actor.fatigue, actor.max_fatigue))
        actor.fatigue += amount
        seat.add("fatigue", amount)
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
        actor = self.who(seat)
        edge_ = int(actor.has("lucky")) + int(advantage)
        face, faces = roll_d6(self.rng, min(edge_, 1))
        ok = passes(face, -penalty, actor.fatigue)
        shown = f"{faces[0]}" if len(faces) == 1 else f"{faces} keeps {face}"
        less = f"{-penalty:+d}" if penalty else ""
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

    def push_action(self, seat: Seat, action: Action, events: list[Event]) -> None:
        assert isinstance(seat, Post)
        actor = self.who(seat)
        kind = action.kind
        own = self.own_turn(seat)
        item = StackItem(seat, action)
        if kind in MOVES or kind == "dodge":
            if kind == "dodge" or not own:
                self.tire(seat, events, "dodging" if kind == "dodge" else "tumbling")
            stone = self.spend(seat, "M", 1, events)
            face = 6 if stone else self.rng.die(6)
            item.rolls = {"face": face, "value": face + actor.bonus("dex")}
        elif kind in ATTACKS or kind == "interrupt":
            way = str(action.option("with")) if kind == "interrupt" else kind
            stone = self.spend(seat, "A", 1, events)
            if way != "trip" and not own and not actor.wields("bow"):
                self.tire(seat, events, "a two-handed swing made quick")
            target = self.post(action.target)
            if actor.wields("bow") and way != "trip":
                target = self.aim(seat, target, events)
            face = 6 if stone else self.rng.die(6)
            item.rolls = {"face": face, "value": face + actor.bonus("str"), "target": target.index, "as": way}
        elif kind in ("trip", "riposte"):  # an attack on a foe that aims at one of its stacked abilities
            stone = self.spend(seat, "A", 1, events)
            face = 6 if stone else self.rng.die(6)
            foe = self.post(action.target)
            host = self.stacked(foe, MOVES if kind == "trip" else ATTACKS)
            item.rolls = {
                "face": face,
                "value": face + actor.bonus("str"),
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
            self.emit(events, "astray", f"{seat.label}'s shot goes astray toward {pick.label}.", seat.actor)
        return pick

    def cast(self, seat: Post, action: Action, item: StackItem, events: list[Event]) -> None:
        actor = self.who(seat)
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
            self.emit(
                events,
                "push",
                f"Stacked #{copy.number}: a free copy of {spell['text']} (a natural 6).",
                seat.actor,
            )

    # -- resolving ---------------------------------------------------------------------------------------
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
            seat.avail[die] = min(self.who(seat).dice.get(die, 0), seat.avail[die] + 1)
            self.emit(events, "exert", f"{seat.label} wins back {DIE_NAMES[die]} die.", seat.actor)
        elif kind == "gather":
            actor = self.who(seat)
            if actor.bag:
                stone = actor.bag.pop(self.rng.die(len(actor.bag)) - 1)
                actor.pool.append(stone)
                self.emit(
                    events,
                    "gather",
                    f"{seat.label} draws a {stone} stone into the active pool.",
                    seat.actor,
                )
        elif kind == "cast":
            self.spell_effect(item, events)

    def find(self, number: int) -> StackItem | None:
        for item in self.stack.items:
            if item.number == number:
                return item
        return None

    def raise_ac(self, seat: Post, value: int, events: list[Event]) -> None:
        before = self.ac_of(seat)
        seat.raised = max(seat.raised, value)
        after = self.ac_of(seat)
        self.emit(
            events,
            "ac",
            f"{seat.label}'s AC {'rises to' if after > before else 'stays at'} {after}"
            " until the end of the turn.",
            seat.actor,
            ac=after,
        )

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
                self.emit(events, "move", f"{seat.label} backs out of the melee.", seat.actor)
            elif not seat.far:
                seat.far = True
                self.emit(events, "move", f"{seat.label} falls back, far from the fight.", seat.actor)
            return
        target = self.post(item.action.target)
        if target.out is not None:
            return
        if seat.far != target.far:
            seat.far = target.far
            self.disengage(seat)
            self.emit(events, "move", f"{seat.label} closes the distance toward {target.label}.", seat.actor)
            return
        self.disengage(seat)
        self.engage(seat, target)
        self.emit(events, "move", f"{seat.label} is in melee with {target.label}.", seat.actor)

    def engage(self, a: Post, b: Post) -> None:
        a.engaged.add(b.index)
        b.engaged.add(a.index)
        a.far = b.far

    def disengage(self, seat: Post) -> None:
        for other in self.seats:
            other.engaged.discard(seat.index)
        seat.engaged.clear()

    def reaches(self, attacker: Post, target: Post) -> bool:
        return self.ranged(attacker) or target.index in attacker.engaged

    def strike(self, item: StackItem, events: list[Event], reach: bool = False) -> bool:
        """An attack resolving: reach, then die + Str against the target's AC now; what a hit does."""
        seat = item.owner
        assert isinstance(seat, Post)
        actor = self.who(seat)
        target = self.seats[item.rolls["target"]]
        way = item.rolls.get("as", item.action.kind)
        if target.out is not None:
            return False
        if not reach and not self.reaches(seat, target):
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
        if actor.has("heavy-hitter"):
            self.force_fatigue(target, 1, events, f"{seat.label} hits heavily")
            if target.out is not None:
                return hit
        if not hit:
            return False
        if way == "jab":
            self.wound(target, 2 if actor.wields("two-handed") else 1, events, f"{seat.label}'s jab")
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
            self.emit(events, "block", f"{seat.label}'s block finds nothing left to stop.", seat.actor)
            return
        victim = self.seats[host.rolls["target"]]
        near = victim is seat or victim.index in seat.engaged
        if not near:
            self.emit(
                events, "block", f"{victim.label} is out of {seat.label}'s reach: no block.", seat.actor
            )
            return
        if self.ranged(host.owner):
            self.stack.remove(host)
            seat.avail["S"] = min(self.who(seat).dice["S"], seat.avail["S"] + 1)
            self.emit(
                events,
                "cancel",
                f"{seat.label}'s shield catches the shot #{host.number}; the shield die comes back.",
                seat.actor,
            )
        elif host.rolls["value"] <= item.rolls["face"]:
            self.stack.remove(host)
            self.emit(
                events,
                "cancel",
                f"{seat.label} blocks #{host.number}: {host.rolls['value']} against a"
                f" shield of {item.rolls['face']}.",
                seat.actor,
            )
        else:
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
        self.emit(events, "spell", f"{spell['text']} takes hold of {target.label}.", seat.actor)
        if effect == "wounds":
            self.wound(target, amount, events, spell["text"])
        elif effect == "drain":
            self.force_fatigue(target, amount, events, spell["text"])
        elif effect == "ward":
            self.raise_ac(seat, amount, events)
        elif effect == "rally":
            actor = self.who(target)
            actor.fatigue = max(actor.permanent, actor.fatigue - amount)
            self.emit(
                events, "rally", f"{target.label} breathes easier: fatigue {actor.fatigue}.", target.actor
            )

    # -- wounds and death ----------------------------------------------------------------------------
    def wound(self, target: Post, count: int, events: list[Event], why: str) -> None:
        actor = self.who(target)
        actor.wounds += count
        if not actor.lesser:
            actor.hidden_damage.extend(self.rng.die(6) for _ in range(count))
        target.add("wounds", count)
        self.emit(
            events,
            "wound",
            f"{target.label} takes {count} wound{'s' if count > 1 else ''} ({why}): wounded x{actor.wounds}.",
            target.actor,
            wounds=actor.wounds,
            hidden=not actor.lesser,
        )
        if self.stack.of(target):
            ok, _ = self.save(target, events, "to keep its stacked abilities")
            if not ok:
                self.lose_stack(target, events)

    def shaken(self, target: Post, events: list[Event]) -> None:
        if self.stack.of(target):
            ok, _ = self.save(target, events, "hit, to keep its stacked abilities", advantage=True)
            if not ok:
                self.lose_stack(target, events)

    def lose_stack(self, seat: Post, events: list[Event]) -> None:
        gone = self.stack.drop_owner(seat)
        if gone:
            self.emit(
                events,
                "cancel",
                f"{seat.label} loses {', '.join(f'#{i.number}' for i in gone)} from the stack.",
                seat.actor,
            )

    def finishing_blow(self, target: Post, events: list[Event], attacker: Post) -> None:
        actor = self.who(target)
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
        self.who(seat).dead = True
        self.put_out(seat, "dead")
        seat.add("deaths", 1)
        if gone:
            self.emit(
                events,
                "cancel",
                f"{seat.label}'s stacked {', '.join(f'#{i.number}' for i in gone)} die with it.",
                seat.actor,
            )
        if self.live_sides <= 1:
            self.finish(events)

    # -- turns ---------------------------------------------------------------------------------------------
    def responders(self, pusher: Seat | None) -> list[Seat]:
        """Who is asked to answer, the other side first: every player character with a quick action open,
        and every GM character with one that the top item concerns (an enemy's attack on it or beside it,
        an enemy's move) - the others would only pass."""
        top = self.stack.top
        first = top.owner.side if top is not None else self.active
        ordered = [s for s in self.seats if s.side != first] + [s for s in self.seats if s.side == first]
        return [
            s for s in ordered if s.out is None and (s.actor.is_pc or self.concerns(s)) and self.can_answer(s)
        ]

    def concerns(self, seat: Post) -> bool:
        """Whether the top item is an enemy's attack on this seat or a neighbour, or an enemy's move."""
        top = self.stack.top
        if top is None or top.owner.side == seat.side:
            return False
        kind = top.action.kind
        if kind in MOVES:
            return True
        if kind in ATTACKS and "target" in top.rolls:
            victim = top.rolls["target"]
            return bool(victim == seat.index or victim in seat.engaged)
        return False

    def can_answer(self, seat: Post) -> bool:
        """Whether the seat has any quick action open now (what `seat_templates` would offer past a pass)."""
        actor = self.who(seat)
        avail = {k: self.have(seat, k) for k in DIE_KINDS} if actor.has("powerful") else seat.avail
        tired = actor.fatigue + 1 > actor.max_fatigue
        if avail["M"] and not tired:
            return True  # DODGE (and a tumbling move)
        if avail["A"] and (actor.wields("bow") or (actor.wields("two-handed") and not tired)):
            return True
        if not tired and actor.has("exert") and any(seat.avail[k] < actor.dice.get(k, 0) for k in DIE_KINDS):
            return True
        enemy = [i for i in self.stack.items if i.owner.side != seat.side]
        if avail["S"] and any(i.action.kind in ATTACKS for i in enemy):
            return True
        if avail["A"] and actor.has("trip") and any(i.action.kind in MOVES for i in enemy):
            return True
        return bool(avail["A"] and actor.has("riposte") and any(i.action.kind in ATTACKS for i in enemy))

    def end_turn(self, side: str, events: list[Event]) -> None:
        for seat in self.seats:
            if seat.side != side or seat.out is not None:
                continue
            actor = self.who(seat)
            if actor.sorcerer and (actor.pool or actor.discard):
                ok, _ = self.save(seat, events, "the sorcery's end-of-turn save")
                if not ok:
                    if self.free_fatigue(seat):
                        self.tire(seat, events, "holding the power")
                    else:
                        actor.lost.extend(actor.pool + actor.discard)
                        actor.pool.clear()
                        actor.discard.clear()
                        self.emit(
                            events,
                            "stones",
                            f"{seat.label}'s stones burn out until a serious rest.",
                            seat.actor,
                        )
        for seat in self.seats:
            seat.raised = 0
            if seat.side == side:
                seat.avail = dict(self.who(seat).dice)
        self.emit(events, "turn", f"End of the {side} side's turn: its dice refresh.")

    def on_finish(self, events: list[Event], reason: str | None) -> None:
        self.stack.items.clear()
        self.window = None

    def board(self) -> list[tuple[str, list[str]]]:
        """The turn and the stack (top first), then where each fighter stands and what dice it has left."""
        lines = []
        for seat in self.seats:
            if seat.out is not None:
                continue
            ac = self.ac_of(seat)
            raised = " (raised)" if ac > self.who(seat).ac else ""
            dice = " ".join(f"{k}{n}" for k, n in seat.avail.items() if self.who(seat).dice.get(k))
            melee = [self.seats[i].label for i in sorted(seat.engaged)]
            where = f"melee with {', '.join(melee)}" if melee else "far" if seat.far else "near"
            lines.append(f"{seat.label}: AC {ac}{raised} · dice {dice or 'none'} · {where}")
        return [*super().board(), ("Positions", lines)]

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["stack"] = [self.item_text(i) for i in self.stack.top_first()]
        return out


def unique(actors: tuple[Any, ...]) -> tuple[Any, ...]:
    """The actors in order, each once (actors compare by value, so by identity here)."""
    seen: set[int] = set()
    out = []
    for actor in actors:
        if id(actor) not in seen:
            seen.add(id(actor))
            out.append(actor)
    return tuple(out)
