"""A Masque set-to on the kernel: bits of simultaneous casts, then options, strike, hits and restaging.

Everyone still in declares each bit (`Declare` phase): an actor upstage
casts (a role actor names its dice and the foe its Role Fx would aim at) or
steps down; an actor downstage waits or enters a vacant mark.  When all have
declared, the bit is played (RULES.md 5.4):

1. cast: monsters roll their stat Cast and add their naturals' rerolls as
   they fall [SR: before either side's options]; role actors roll theirs.
2. options, initiative side first: Role Fx (`fx.py`), monster specials
   (`specials.py`).
3. nullify (a monster's all-1s: casting 0 and a hit); below 1 counts 0.
4. totals; 5. strike: the higher total; a tie is a parley.  A side with
   fewer actors upstage that shows a natural on a d6 or larger takes the
   strike unless a foe shows a natural on a die as large [SR: die size].
6. hits: strikers in descending casting (ties: lesser Build first, then a
   die); each that met its average deals a hit, and the highest deals one
   anyway if nobody did while foes stand upstage.  A hit goes to a random
   upstage foe still in action (with replacement), else a random one
   downstage.  Strikers that did not qualify are forced downstage.
7. a monster is out at its second hit; a role actor loses a point of
   current build per pair of hits and rolls |d3 - d2| add-on hits [SR: add-ons
   can complete pairs but bring no add-ons of their own]; out at its baseline.
8. restaging: forced moves, then exits, a Remand rod, items readied, then
   entries to vacant marks (an actor names its mark, [SR] else or if taken
   the lowest vacant one); a trampled mark is not vacant and nobody moves
   twice.

Before bit 1, the encounter option ``surprise`` may catch a side unawares
(`surprise.py`).  A role actor's cast is typed or picked from suggestions
(`ActionTemplate.open`); named items play through `named.py`.

The set-to ends when a side has nobody in action, or [SR] when half or more
of an all-monster side is out: the rest break off and flee (house rule
``morale``).  At the end singleton hits are erased, Chops are awarded and a
role actor that stayed downstage the whole set-to rolls for recovery.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from solo.dice import Rng
from solo.rules.engine import (
    Action,
    ActionTemplate,
    Declare,
    Encounter,
    Event,
    Odds,
    RulesError,
    Seat,
    full_degrees,
)
from solo.rules.masque import fx, items, named, specials, surprise
from solo.rules.masque.actor import ROLE_DICE, MasqueActor
from solo.rules.masque.addons import roll_addons
from solo.rules.masque.cast import Cast, parse_cast
from solo.rules.masque.growth import award_chops, recovery_roll
from solo.rules.masque.odds import cast_odds
from solo.rules.masque.throw import CastRoll, DieRoll, roll_cast
from solo.rules.options import Option
from solo.rules.stage import Stage

MARKS = 3


class MasqueSeat(Seat):
    __slots__ = ("hits", "roll", "immobile", "forced", "hit_bits", "took_out", "dealt", "was_up",
                 "state", "forfeit", "kind", "mactor", "is_monster", "role_die", "stat_cast", "moves",
                 "personal", "after_roll")

    def __init__(self, actor: Any, side: str, label: str, index: int):
        super().__init__(actor, side, label, index)
        self.mactor: MasqueActor = actor  # the seat's actor, typed (a seat's actor never changes)
        self.hits = 0  # unpaired hits (a monster: hits this set-to)
        self.roll: CastRoll | None = None
        self.immobile = 0  # bits still held fast (a Curate's Role Fx)
        self.forced = False  # forced downstage at this bit's restaging
        self.hit_bits: set[int] = set()  # bits in which it dealt hits
        self.took_out = False  # an option of its own took a foe out
        self.dealt = 0
        self.was_up = False
        self.state: dict[str, Any] = {}  # specials' memory for this set-to
        self.forfeit = False  # gives up dealing a hit this bit
        self.kind = specials.KINDS.get(actor.monster, actor.monster)  # whose special it plays (`kind_of`)
        self.is_monster: bool = not actor.role  # a role does not change in a set-to (`actor.is_monster`)
        self.role_die: int = ROLE_DICE.get(actor.role, 0)  # `actor.role_die`
        self.stat_cast: Cast | None = None  # a monster's, parsed when first cast (`monster_cast`)
        self.moves: dict[Any, Any] = {}  # `SetTo._quick_casts`'s, made once a fight
        self.personal = 0  # its roll's personal casting as the side totals were taken (`_side_total`)
        # a monster's options once cast (`specials.after_roll`): its kind does not change in a set-to
        self.after_roll = specials.AFTER_ROLL.get(self.kind) if self.is_monster else None


class SetTo(Encounter):
    NOUN = "set-to"
    NOBODY_LEFT = "nobody is left in action"
    seat_class = MasqueSeat
    phase = Declare()
    seats: list[MasqueSeat]  # type: ignore[assignment]
    #: a forecast's fights are rematches: each seat's state is its class's, the rest set in `rematched`
    quick_rematch = True
    declared_options = (
        Option("surprise", "choice", "the side caught unawares, or check: a saving throw between the sides"
               " decides (surprised actors that fail a reaction roll do not cast in bit 1)",
               surprise.CHOICES, default="none"),
    )

    def __init__(self, system: Any, sides: Any, rng: Rng, **kwargs: Any):
        super().__init__(system, sides, rng, **kwargs)
        if len(self.sides) != 2:
            raise RulesError("a set-to has two sides, a troupe and an entourage")
        a, b = list(self.sides)
        self._other = {a: b, b: a}
        self.count_sides()
        self.active: list[MasqueSeat] = list(self.seats)  # set in `rematched`
        for seat in self.seats:
            if seat.mactor.out_of_action:  # starts out of action: it never takes a mark
                self.put_out(seat, "out of action")
        self.morale = str(getattr(system, "house_rules", {}).get("morale", "half"))
        self.hooks = frozenset(seat.kind for seat in self.seats)  # the special abilities in play
        # whether any item is in play: items only ever pass between actors (a Remand rod) or from
        # carried to readied, so a set-to that starts without any never has one (its checks are skipped)
        self.kit = any(seat.mactor.items or seat.mactor.unreadied for seat in self.seats)
        self.surprise = str(self.rule("surprise", "none"))
        self.rematched()

    def rematched(self) -> None:
        """What a set-to changes, set up afresh (making one, or `rematch` for a forecast's next fight):
        the stage and everyone's first marks, the per-bit state, the moves made so far and surprise.
        Made once and kept: the sides, who starts out of action (`put_out`, copied by `rematch`), the
        house rules and options read, the hooks in play (from the seats' monster kinds) and whether any
        item is (from the actors' sheets, which a rematch copies)."""
        self.stage: Stage[MasqueSeat] = Stage(list(self.sides), MARKS)
        for side in self.sides:
            self.stage.stage(side, [s for s in self.seats if s.side == side and s.out is None])
        for seat in self.seats:
            seat.was_up = seat in self.stage.marks[seat.side]
        # the seats still in, in seat order (every Masque seat acts): the bit's loops pass over these
        # alone.  A new list whenever one goes out (`put_out`), so a loop over it is never upset by a fall
        self.active = [s for s in self.seats if s.out is None]
        self.striker: str | None = None
        self._sides_order: tuple[str, str, list[MasqueSeat]] | None = None  # `initiative`'s fixed part
        self._order: list[str] | None = None  # `initiative`'s answer, until someone goes out
        self._up: dict[str, tuple[int, list[MasqueSeat]]] = {}  # `upstage`'s lists, by side
        self._flighty: list[tuple[str, list[MasqueSeat]]] | None = None  # `check_morale`'s sides
        self.intruders: dict[tuple[str, int], MasqueSeat] = {}  # Mast Rats on opponent marks
        self.stolen = False  # a Bravo's Role Fx took a foe die this bit (`borrowed`)
        # the only dice drawn in making a set-to; a rematch draws them here, where a fresh one would
        surprise.check_surprise(self, self.surprise, [])

    def put_out(self, seat: Seat, how: str) -> None:
        if seat.out is None:
            self.active = [s for s in self.active if s is not seat]
            self._order = None  # the side to take options first may change (`initiative`)
            self._up = {}  # who stands upstage, too (`upstage`)
        super().put_out(seat, how)

    # -- where everyone stands ------------------------------------------------------------
    def mark(self, seat: MasqueSeat) -> int:
        return self.stage.mark_of(seat.side, seat)

    def other(self, side: str) -> str:
        return self._other[side]

    def upstage(self, side: str) -> list[MasqueSeat]:
        """Who of `side` stands on a mark, in mark order, then any on opponent marks (Mast Rats).

        Without intruders the list is kept until the marks change (`Stage.changes`) or someone goes
        out (`put_out`): a bit asks for it several times (aims, totals, every hit's target), so it is
        the same list each time, not to be changed."""
        if self.intruders:
            out = [s for s in self.stage.marks[side] if s is not None and s.out is None]
            return out + [s for s in self.intruders.values() if s.side == side and s.out is None]
        changes = self.stage.changes
        kept = self._up.get(side)
        if kept is not None and kept[0] == changes:
            return kept[1]
        out = [s for s in self.stage.marks[side] if s is not None and s.out is None]
        self._up[side] = (changes, out)
        return out

    def downstage(self, side: str) -> list[MasqueSeat]:
        marks = self.stage.marks[side]
        intruders = self.intruders
        return [s for s in self.active if s.side == side and s not in marks
                and not (intruders and self.intruding(s) is not None)]

    def up(self, seat: MasqueSeat) -> bool:
        """On a mark: its own side's, or (a Mast Rat) an opponent's."""
        if seat in self.stage.marks[seat.side]:  # seats compare by identity
            return True
        return bool(self.intruders) and self.intruding(seat) is not None

    def intruding(self, seat: MasqueSeat) -> tuple[str, int] | None:
        """The opponent mark a Mast Rat stands on, or None."""
        for key, held in self.intruders.items():
            if held is seat:
                return key
        return None

    def leave(self, seat: MasqueSeat) -> bool:
        """Step down in a restaging, from its own mark or an opponent's (trampling it either way)."""
        key = self.intruding(seat)
        if key is None:
            return self.stage.exit(seat.side, seat)
        if id(seat) in self.stage.moved:
            return False
        del self.intruders[key]
        self.stage.trampled.add(key)
        self.stage.moved.add(id(seat))
        return True

    def facing(self, seat: MasqueSeat) -> MasqueSeat | None:
        mark = self.mark(seat)
        return self.stage.at(self.other(seat.side), mark) if mark else None

    def initiative(self) -> list[str]:
        """Sides in the order they take options: the troupe first unless an active role actor leads the
        monsters.  The same list until someone goes out (`put_out`): not to be changed."""
        if self._order is not None:
            return self._order
        if self._sides_order is None:  # who is a PC or a monster does not change in a set-to
            sides = list(self.sides)
            troupe = [s for s in sides if any(x.mactor.is_pc for x in self.seats if x.side == s)] or sides[:1]
            first = troupe[0]
            rest = self.other(first)
            may_lead = all(x.mactor.is_monster or not x.mactor.is_pc for x in self.seats if x.side == rest)
            leaders = [x for x in self.seats if x.side == rest and not x.mactor.is_monster and may_lead]
            self._sides_order = (first, rest, leaders)
        first, rest, leaders = self._sides_order
        self._order = [rest, first] if leaders and any(s.out is None for s in leaders) else [first, rest]
        return self._order

    # -- what a seat may do ---------------------------------------------------------------
    def seat_templates(self, seat: Seat) -> list[ActionTemplate]:
        s: MasqueSeat = seat  # type: ignore[assignment]
        actor = s.mactor
        if self.up(s):
            if s.immobile:
                return [ActionTemplate("held", "Held fast (no cast this bit)")]
            if actor.is_monster:
                cast = ActionTemplate("cast", f"Cast {self.monster_cast(s).text}")
            else:
                foes = tuple(f.actor for f in self.upstage(self.other(s.side)))
                # the suggestions are a shortcut: any legal cast may be typed (`validate` checks it)
                cast = ActionTemplate("cast", "Cast", targets=foes,
                                      params=(("dice", tuple(suggested_casts(actor))),),
                                      default=(("dice", suggested_casts(actor)[0]),), open=("dice",))
            return [cast, ActionTemplate("step-down", "Decline to cast and step downstage")]
        # the mark it would take: [SR] if that one is not vacant at restaging, the lowest vacant one
        marks = ("any", *range(1, MARKS + 1))
        out = [ActionTemplate("enter", "Enter a vacant mark at restaging, if one is free",
                              params=(("mark", marks),), default=(("mark", "any"),)),
               ActionTemplate("wait", "Wait downstage")]
        if actor.unreadied:  # readying takes the bit downstage (RULES.md 5.4, restaging)
            out.append(ActionTemplate("ready", "Ready an item at restaging",
                                      params=(("item", tuple(actor.unreadied)),)))
        return out

    def bind(self, template: ActionTemplate, actor: Any, target: Any = None, **params: Any) -> Action:
        """A typed cast is checked for legality at once (MQ-5), before any odds are shown for it."""
        dice = params.get("dice")
        if template.kind == "cast" and dice is not None and not actor.is_monster:
            named.role_cast(actor, str(dice))
        return super().bind(template, actor, target, **params)

    def policy_action(self, actor: Any) -> Action | None:
        """The move `Masque.npc_policy` picks from the templates (held, else cast at the foe of biggest
        Build with the first suggested dice, else enter any mark), made without building them; None when
        the seat has no move now."""
        seat = self.seat(actor)
        if seat.out is not None or not seat.acts or seat.action is not None or self.is_over():
            return None
        return self._policy_move(seat)  # type: ignore[arg-type]

    def _policy_move(self, s: MasqueSeat) -> Action:
        """The policy's move, made afresh (`_quick_casts` makes the same ones once a set-to)."""
        target = dice = None
        if not self.up(s):
            kind = "enter"
        elif s.immobile:
            kind = "held"
        else:
            kind = "cast"
            if not s.is_monster:
                target = self._aim(s.side)
                dice = _suggested(s.role_die, s.mactor.current)[0]
        return _move(s.actor, kind, target, dice)

    def _aim(self, side: str) -> Any:
        """The foe a role actor of `side` aims its Role Fx at: the first upstage of the biggest Build."""
        target = None
        for foe in self.upstage(self._other[side]):
            if target is None or foe.mactor.build > target.build:
                target = foe.mactor
        return target

    def _quick_casts(self) -> tuple[list[MasqueSeat], dict[str, list[MasqueSeat]], bool]:
        """A bit's declarations and casts for the quick loop of `run`, in one pass over the seats still
        in: each declares `_policy_move`'s move and, if it casts, rolls at once.  Declaring draws no dice
        and changes nothing a later seat's move reads (the stage, the foes' builds), so the dice are
        drawn in the same order as by declaring first, then casting in `resolve_round` (whose
        first part this is, and whose casters, each side's, and all-1s flag it returns).

        Each seat's moves are made once a set-to and used again (nothing changes an action once made):
        keyed by kind, or for a role actor's cast by its target and its current build (which alone pick
        its dice, `_suggested`, and so its plan, `_role_plan`, kept beside the move).  A side's target
        is found once a bit: the stage does not change while everyone declares."""
        self._drop_stolen()
        marks = self.stage.marks
        intruders = self.intruders
        aims: dict[str, Any] = {}
        casters: list[MasqueSeat] = []
        by_side: dict[str, list[MasqueSeat]] = {side: [] for side in self.sides}
        ones = False
        kit = self.kit
        for s in self.active:
            s.roll = None
            s.forced = False
            s.forfeit = False
            moves = s.moves
            if s not in marks[s.side] and not (intruders and self.intruding(s) is not None):
                kind = "enter"  # downstage (`up`, inline)
            elif s.immobile:
                kind = "held"
            elif s.is_monster:
                kind = "cast"
            else:
                kind = ""  # a role actor's cast, kept by target and build
            if kind:
                made = moves.get(kind)
                if made is None:
                    made = moves[kind] = _move(s.actor, kind, None, None)
                s.action = made
                if kind == "enter":
                    continue
                if kind == "held":
                    s.immobile -= 1
                    continue
                rolled = s.roll = self.roll_for(s, made)
            else:
                side = s.side
                target = aims[side] if side in aims else aims.setdefault(side, self._aim(side))
                current = s.mactor.current
                key = (id(target), current)
                kept = moves.get(key)
                if kept is None:
                    dice = _suggested(s.role_die, current)[0]
                    kept = moves[key] = (_move(s.actor, "cast", target, dice), *_role_plan(dice, current))
                made, cast, over = kept
                s.action = made
                if kit or s.kind:
                    rolled = s.roll = self._role_roll(s, cast, over)
                else:  # no items in play, no cast of its own (Vlad's): the cast as rolled (`_role_roll`)
                    rolled = s.roll = roll_cast(cast, self.rng, monster=False, over=over)
            casters.append(s)
            by_side[s.side].append(s)
            ones = ones or rolled.nullified
        return casters, by_side, ones

    def run(self, until: Any = None, choose: Any = None) -> list[Event]:
        """The kernel's loop; a forecast's set-to (nothing recorded, the policy deciding for everyone)
        takes a quicker one with the same moves in the same order: every seat still in declares the
        policy's move (legal by construction, so not checked again), then the bit is played."""
        from solo.rules.masque.system import Masque

        if self.record or until is not None or choose is not None \
                or type(self.system).npc_policy is not Masque.npc_policy:
            return super().run(until, choose)
        events: list[Event] = []
        while not (self.finished or self.round > self.max_rounds or self._live <= 1):
            self.play_bit(*self._quick_casts(), events)
            self.round_over(events)
        for seat in self.seats:  # as the kernel leaves a set-to: no move declared
            seat.action = None
        return events

    def describe(self, action: Action) -> str:
        if action.kind == "cast":
            dice = action.option("dice") or self.monster_cast(self.seat(action.actor)).text  # type: ignore[arg-type]
            aim = f", Role Fx at {self.label(action.target)}" if action.target is not None else ""
            return f"cast {dice}{aim}"
        if action.kind == "enter" and isinstance(action.option("mark"), int):
            return f"enter mark {action.option('mark')}"
        return action.kind.replace("-", " ")

    def action_odds(self, action: Action) -> Odds | None:
        """A cast's exact chance of meeting its average (what lets it deal a hit if its side strikes)."""
        if action.kind != "cast":
            return None
        seat = self.seat(action.actor)
        actor = seat.mactor  # type: ignore[attr-defined]
        if actor.is_monster:
            cast, monster = self.monster_cast(seat), True  # type: ignore[arg-type]
        else:
            cast, monster = parse_cast(str(action.option("dice"))), False
        met = cast_odds(cast, monster=monster).met
        return Odds(self.system.id, full_degrees({"success": met, "fail": 1 - met}), {"cast": cast.text})

    def validate(self, seat: Seat, action: Action) -> Action:
        s: MasqueSeat = seat  # type: ignore[assignment]
        if self.up(s):
            kinds = ["held"] if s.immobile else ["cast", "step-down"]
        else:
            kinds = ["enter", "wait"] + (["ready"] if s.mactor.unreadied else [])
        if action.kind not in kinds:
            raise RulesError(f"{s.label} cannot {action.kind} now; it may {', '.join(kinds)}")
        if action.kind != "cast":
            if action.target is not None:
                raise RulesError(f"{action.kind} takes no target")
            mark = action.option("mark")
            if action.kind == "enter" and mark not in (None, "any", *range(1, MARKS + 1)):
                raise RulesError(f"{s.label}: mark is any or 1 to {MARKS}, not {mark!r}")
            if action.kind == "ready" and action.option("item") not in s.mactor.unreadied:
                raise RulesError(f"{s.label} carries no unreadied {action.option('item')!r}; it has"
                                 f" {', '.join(s.mactor.unreadied)}")
            return action
        actor = s.mactor
        dice = action.option("dice")
        if actor.is_monster:
            if dice is not None and parse_cast(str(dice)) != self.monster_cast(s):
                raise RulesError(f"{s.label} casts its own {self.monster_cast(s).text}, not {dice}")
        else:
            if dice is None:
                example = suggested_casts(actor)[0]
                raise RulesError(f"{s.label} must name the dice of its cast (such as {example})")
            try:
                named.role_cast(actor, str(dice))
            except RulesError as exc:
                raise RulesError(f"{s.label}: {exc}") from None
        if action.target is not None:
            target = self.check_target(s, action, "enemy")
            if target is not None and not self.up(target):  # type: ignore[arg-type]
                raise RulesError(f"{target.label} is not upstage; Role Fx aims at a foe on a mark")
        return action

    def monster_cast(self, seat: MasqueSeat) -> Cast:
        """The Cast a monster rolls this bit: its stat Cast (its sheet's cast does not change in a
        set-to, so it is parsed once), changed by its special ability for the few that change it."""
        cast = seat.stat_cast
        if cast is None:
            cast = seat.stat_cast = parse_cast(seat.mactor.cast)
        return specials.cast_for(self, seat, cast) if seat.kind in specials.CAST_HOOKS else cast

    # -- one bit --------------------------------------------------------------------------
    def resolve_round(self, events: list[Event]) -> None:
        """Everyone has declared: the casts, then the rest of the bit (`play_bit`)."""
        bit = self.round
        record = self.record
        if record:
            self.emit(events, "bit", f"Bit {bit}.")
        self._drop_stolen()
        casters: list[MasqueSeat] = []
        by_side: dict[str, list[MasqueSeat]] = {side: [] for side in self.sides}  # the casters, each side's
        ones = False  # a cast rolled all 1s (only the roll sets that; a Hobgoblin's option may clear it)
        for seat in self.seats:
            seat.roll = None
            seat.forced = False
            seat.forfeit = False
            action = seat.action
            if action is None or seat.out is not None:
                continue
            if action.kind == "held":
                seat.immobile -= 1
                if record:
                    self.emit(events, "held", f"{seat.label} is held fast and does not cast.", seat.actor)
            elif action.kind == "cast":
                rolled = seat.roll = self.roll_for(seat, action)
                casters.append(seat)
                by_side[seat.side].append(seat)
                ones = ones or rolled.nullified
        self.play_bit(casters, by_side, ones, events)

    def _drop_stolen(self) -> None:
        """A Bravo's taken dice count for one bit."""
        if self.stolen:
            self.stolen = False
            for seat in self.seats:
                seat.state.pop("stolen", None)

    def play_bit(self, casters: list[MasqueSeat], by_side: dict[str, list[MasqueSeat]], ones: bool,
                 events: list[Event]) -> None:
        """A bit once cast: `casters` in seat order, `by_side` the same by side, `ones` whether any cast
        rolled all 1s; options, nullify, totals, the strike, hits and restaging."""
        bit = self.round
        record = self.record
        # options, initiative side first (every caster keeps its roll: an option changes a roll, never
        # takes it away)
        coils = "pyethonda" in self.hooks  # only a Pyethonda holds a foe
        for side in self.initiative():
            for seat in by_side[side]:
                if seat.out is None:
                    if coils and seat.state.get("held_by") is not None:
                        continue  # a Pyethonda's victim has lost its special ability while held
                    if seat.is_monster:
                        hook = seat.after_roll  # `specials.after_roll`, inline
                        if hook is not None:
                            hook(self, seat, seat.roll, events)  # type: ignore[arg-type]  # cast above
                    elif seat.kind and specials.own_fx(self, seat, events):
                        continue  # a role NPC's own Fx (Vlad's) in place of its role's
                    elif seat.role_die >= 4 and fx.role_die_natural(seat) is not None:
                        fx.role_fx(self, seat, seat.action.target if seat.action else None, events)
        if record:
            for seat in casters:
                shown = seat.roll.text() if seat.roll else ""
                self.emit(events, "cast", f"{seat.label}: {shown}", seat.actor)
        # nullify: a monster's all-1s costs it a hit
        for seat in casters if ones else ():
            if seat.roll is not None and seat.roll.nullified and seat.is_monster and seat.out is None:
                self.emit(events, "nullify", f"{seat.label} rolls all 1s: casting 0 and a hit.",
                          seat.actor)
                self.take_hit(seat, events, source=None, dealt=False)
        hooks = self.hooks
        if "pyethonda" in hooks or "ghoul" in hooks:  # somebody held, or a Ghoul to shed a hit
            specials.before_totals(self, casters, events)
        # who stands upstage does not change from here until the hits are dealt
        a, b = self.sides
        up = {a: self.upstage(a), b: self.upstage(b)}
        totals = {a: self._side_total(a, up[a], up[b]), b: self._side_total(b, up[b], up[a])}
        if record:
            self.emit(events, "totals", f"Totals: {a} {totals[a]}, {b} {totals[b]}.", None,
                      totals=dict(totals))
        striker = self.striker = self._strike_side(totals, up)
        if striker is None:
            self.emit(events, "parley", "The totals tie: a parley, nobody strikes this bit.")
        else:
            if record:
                self.emit(events, "strike", f"The strike goes to the {striker}.")
            self.deal_hits(striker, bit, events, up)
            if "turbul-bats" in hooks:
                specials.side_struck(self, self.other(striker), events)
        self.restage(events)
        if self.kit:
            self.armour_checks(events)
            self.bank_batteries(casters, bit, events)
        if "fell-groot" in hooks or "pyethonda" in hooks:  # a d4 to clear, or somebody held
            specials.end_of_bit(self, events)
        if self.morale == "half":
            self.check_morale(events)

    def bank_batteries(self, casters: list[MasqueSeat], bit: int, events: list[Event]) -> None:
        """A Battery mace banks a below-average casting from a bit without a hit taken."""
        for seat in casters:
            if "battery-mace" in seat.mactor.items and seat.roll is not None and not seat.roll.met \
                    and seat.roll.casting and seat.state.get("hit_bit") != bit and seat.out is None:
                seat.state["battery"] = seat.roll.casting
                self.emit(events, "item", f"{seat.label}'s battery mace banks {seat.roll.casting}"
                          " for the next bit.", seat.actor)

    def roll_for(self, seat: MasqueSeat, action: Action) -> CastRoll:
        actor = seat.mactor
        if seat.is_monster:
            cast = seat.stat_cast  # `monster_cast`, inline for the monsters whose Cast never changes
            if cast is None or seat.kind in specials.CAST_HOOKS:
                cast = self.monster_cast(seat)
            roll = roll_cast(cast, self.rng, monster=True)
            if seat.kind in specials.MODIFIER_HOOKS:
                specials.modifiers(self, seat, roll)
            return roll
        cast, over = _role_plan(str((action.options or {}).get("dice")), actor.current)
        return self._role_roll(seat, cast, over)

    def _role_roll(self, seat: MasqueSeat, cast: Cast, over: bool) -> CastRoll:
        """A role actor's roll of the cast its dice name (`_role_plan`), with its items' bonuses."""
        actor = seat.mactor
        if seat.kind:  # a role NPC's own cast (Vlad's)
            cast = specials.role_cast(self, seat, cast)
        roll = roll_cast(cast, self.rng, monster=False, over=over)
        if not self.kit:  # no weapon, battery mace or scabbard in play: the cast as rolled
            return roll
        weapons = items.pluses(actor.items, "weapon") if actor.items else None
        if weapons:
            bonuses = [items.weapon_bonus(n, roll.casting, self.rng) for n in weapons]
            roll.edge = items.stack_modifiers(bonuses)
        if seat.state.get("battery"):
            roll.bonus += seat.state.pop("battery")
            roll.notes += ("battery mace",)
        if "manifold-scabbard" in actor.items and not seat.state.get("scabbard_used"):
            start = next((d for d in roll.dice if d.sign > 0 and d.sides >= 4 and d.value >= 4
                          and d.value % 2 == 0), None)
            if start is not None:
                chain = items.manifold_chain(start.sides, start.value, self.rng)
                roll.bonus += sum(value for _, value in chain[1:])
                seat.state["scabbard_used"] = True
                roll.notes += ("manifold scabbard: " + ", ".join(f"d{s}={v}" for s, v in chain),)
        return roll

    def side_total(self, side: str) -> int:
        return self._side_total(side, self.upstage(side), self.upstage(self.other(side)))

    def _side_total(self, side: str, up: list[MasqueSeat], foes_up: list[MasqueSeat]) -> int:
        """Also keeps each caster's personal casting (`CastRoll.personal`) on its seat: no roll changes
        between the totals and the order of hits (`deal_hits`), which reads it."""
        total = 0
        if not self.kit:  # no weapon: a caster's personal casting is its casting, alone or not
            for s in up:
                roll = s.roll
                if roll is not None:
                    total += (casting := roll.casting)
                    s.personal = casting
        else:
            total = self._armed_total(up)
        if self.stolen:
            total += sum(d.value for d in self.borrowed(side))
        if "fell-groot" in self.hooks:
            total -= self._reduction(foes_up)
        return max(0, total)

    def _armed_total(self, up: list[MasqueSeat]) -> int:
        """`_side_total`'s casters with items in play: a weapon's bonus joins the side total only when
        its wielder is the side's one casting; named items may change a share (`named.side_share`)."""
        casters = [s for s in up if s.roll is not None]
        alone = len(casters) == 1
        total = 0
        for s in casters:
            roll: CastRoll = s.roll  # type: ignore[assignment]
            casting = roll.casting
            personal = casting + roll.edge if casting else 0  # `roll.personal`, inline
            if personal < 0:
                personal = 0
            s.personal = personal
            share = personal if alone else casting
            total += named.side_share(s, share) if s.mactor.items else share
        return total

    def borrowed(self, side: str) -> list[DieRoll]:
        """Dice a Bravo's Role Fx took from the foes, counted on this side as extra actors."""
        return [d for s in self.seats if s.side == side and s.state for d in s.state.get("stolen", ())]

    def reduction(self, side: str) -> int:
        return self._reduction(self.upstage(self.other(side)))

    @staticmethod
    def _reduction(foes_up: list[MasqueSeat]) -> int:
        """What the foes upstage take off a side's total (a Fell G'root's d4)."""
        return int(sum(s.state.get("pool_reduction", 0) for s in foes_up if s.state))

    def strike_side(self, totals: dict[str, int]) -> str | None:
        return self._strike_side(totals, {side: self.upstage(side) for side in self.sides})

    def _strike_side(self, totals: dict[str, int], up: dict[str, list[MasqueSeat]]) -> str | None:
        a, b = self.sides
        count_a = count_b = 0  # how many cast on each side
        for s in up[a]:
            if s.roll is not None:
                count_a += 1
        for s in up[b]:
            if s.roll is not None:
                count_b += 1
        if count_a != count_b:  # the side with fewer casting may take it by a natural (read only then)
            few, many = (a, b) if count_a < count_b else (b, a)
            nat = _top_natural(up[few])
            if nat and nat > _top_natural(up[many]):
                return few
        if totals[a] == totals[b]:
            return None
        return a if totals[a] > totals[b] else b

    def deal_hits(self, side: str, bit: int, events: list[Event], up: dict[str, list[MasqueSeat]]) -> None:
        """`up`: who stands upstage on each side as the strike is decided, their personal castings kept
        on their seats as the totals were taken (`_side_total`)."""
        met: list[tuple[MasqueSeat, bool]] = []  # each striker, and whether its casting met its average
        keys: list[tuple[int, int]] = []  # the order of hits: higher casting first, then lesser Build
        for s in up[side]:
            roll = s.roll
            if roll is not None:
                personal = s.personal  # `roll.met`, with the casting worked out once
                met.append((s, personal >= 1 and 2 * personal >= roll.average2))
                keys.append((-personal, s.mactor.build))
        if len(keys) == 1:
            order = [0]
        elif len(set(keys)) < len(keys):  # ties go by a die, drawn striker by striker
            rng = self.rng
            order = [i for *_, i in sorted([(*key, rng.random(), i) for i, key in enumerate(keys)])]
        else:
            order = sorted(range(len(keys)), key=keys.__getitem__)
        strikers: list[MasqueSeat] = []
        qualified: list[MasqueSeat] = []
        for i in order:
            s, ok = met[i]
            strikers.append(s)
            if ok and not s.forfeit:
                qualified.append(s)
        stolen = [d for d in self.borrowed(side) if d.value >= 1 and d.value >= d.average] \
            if self.stolen else []
        if not qualified and not stolen and up[self.other(side)] and strikers and not strikers[0].forfeit:
            qualified = [strikers[0]]
            if self.record:
                self.emit(events, "hit", f"{strikers[0].label} lands the one hit a strike always deals.",
                          strikers[0].actor)
        for seat in strikers:
            if seat not in qualified:
                seat.forced = True
        kit = self.kit
        for seat in qualified:
            target = self.allot(side)
            if target is None:
                break
            if not kit:  # no named item to turn the hit aside or follow it up
                specials.deliver(self, seat, target, bit, events)
                continue
            if seat.mactor.items or target.mactor.items:
                target = named.redirect(self, seat, target, events)
                if target is None:
                    continue
            before = target.state.get("taken", 0)
            specials.deliver(self, seat, target, bit, events)
            if target.state.get("taken", 0) > before and (seat.mactor.items or target.mactor.items):
                named.landed(self, seat, target, events)
        for die in stolen:
            target = self.allot(side)
            if target is None:
                break
            owner = next(s for s in self.seats if die in s.state.get("stolen", []))
            self.emit(events, "hit", f"The die {owner.label} took deals a hit.", owner.actor)
            self.credit(owner, target, bit)
            self.take_hit(target, events, source=owner)

    def allot(self, side: str) -> MasqueSeat | None:
        foe = self._other[side]
        pool = self.upstage(foe) or self.downstage(foe)
        return self.rng.choice(pool) if pool else None

    def credit(self, seat: MasqueSeat, target: MasqueSeat, bit: int) -> None:
        seat.dealt += 1
        seat.hit_bits.add(bit)

    def take_hit(self, seat: MasqueSeat, events: list[Event], *, source: MasqueSeat | None,
                 dealt: bool = True) -> None:
        """One hit lands on `seat` (after any special that turns it aside)."""
        if seat.out is not None:
            return
        if self.kit or "turbul-bats" in self.hooks:  # only named items and Turbul Bats ask when, or how often
            state = seat.state
            state["hit_bit"] = self.round
            state["taken"] = state.get("taken", 0) + 1
        taken = seat.taken  # `seat.add("hits", 1)`, inline
        taken["hits"] = taken.get("hits", 0) + 1
        record = self.record
        if seat.is_monster:
            seat.hits += 1
            if seat.hits >= 2:
                if record:
                    self.emit(events, "out", f"{seat.label} takes a second hit and is out of action.",
                              seat.actor)
                self.fall(seat, source)
            elif record:
                self.emit(events, "hit", f"{seat.label} takes a hit (1).", seat.actor)
            return
        seat.hits += 1
        if record:
            self.emit(events, "hit", f"{seat.label} takes a hit.", seat.actor)
        if seat.hits >= 2:
            self.pair(seat, events, source)
            if dealt and seat.out is None:
                addons = roll_addons(self.rng)
                if source is not None and source.kind in specials.ADDON_HOOKS:
                    addons += specials.more_addons(self, source, seat, events)
                if addons and record:
                    self.emit(events, "addon", f"{seat.label} takes {addons} add-on hit(s).", seat.actor)
                for _ in range(addons):
                    seat.hits += 1
                    seat.add("hits", 1)
                    if seat.hits >= 2:
                        self.pair(seat, events, source)
                    if seat.out is not None:
                        break

    def pair(self, seat: MasqueSeat, events: list[Event], source: MasqueSeat | None) -> None:
        actor = seat.mactor
        seat.hits -= 2
        actor.current -= 1
        seat.add("build", 1)
        if self.record:
            self.emit(events, "build", f"{seat.label}'s hits pair up: current build {actor.current}.",
                      seat.actor)
        if actor.out_of_action:
            self.emit(events, "out", f"{seat.label} is out of action.", seat.actor)
            self.fall(seat, source)

    def fall(self, seat: MasqueSeat, source: MasqueSeat | None) -> None:
        mark = self.stage.vacate(seat.side, seat)
        if "orc" in self.hooks:
            seat.state["fell_mark"] = mark
        key = self.intruding(seat) if self.intruders else None
        if key is not None:
            del self.intruders[key]
        self.put_out(seat, "out of action")
        if source is not None and source.side != seat.side:
            source.state["took_out"] = source.state.get("took_out", 0) + 1

    # -- restaging -------------------------------------------------------------------------
    def restage(self, events: list[Event]) -> None:
        stage = self.stage
        stage.new_restaging()
        # the marks left by the fallen, before anyone moves (an Orc stepping onto one takes its dice)
        fallen = {side: stage.empty(side) for side in self.sides} if "orc" in self.hooks else None
        record = self.record
        # who steps down, readies an item or enters, each in seat order
        step_downs: list[MasqueSeat] = []
        readies: list[MasqueSeat] = []
        enters: list[MasqueSeat] = []
        for seat in self.active:
            action = seat.action
            if action is not None:
                kind = action.kind
                if kind == "cast" or kind == "held":
                    pass
                elif kind == "enter":
                    enters.append(seat)
                elif kind == "step-down":
                    step_downs.append(seat)
                elif kind == "ready":
                    readies.append(seat)
            if seat.forced and seat.out is None and self.up(seat):
                self.leave(seat)
                if record:
                    self.emit(events, "restage", f"{seat.label} is forced downstage.", seat.actor)
                if seat.kind == "witcher":
                    specials.witcher_drags(self, seat, events)
        for seat in step_downs:
            if seat.out is None and self.leave(seat):
                self.emit(events, "restage", f"{seat.label} steps downstage.", seat.actor)
        if self.kit:
            named.remand(self, events)
        for seat in readies:
            item = seat.action.option("item")  # type: ignore[union-attr]
            if seat.out is None and item in seat.mactor.unreadied:
                seat.mactor.unreadied.remove(item)
                seat.mactor.items.append(item)
                self.emit(events, "item", f"{seat.label} readies its {item}.", seat.actor)
        if "mast-rats" in self.hooks:
            specials.restage(self, events)
        marks = stage.marks
        pins = "witcher" in self.hooks  # only a Witcher pins a foe downstage
        for seat in enters:
            pinned = pins and seat.state.get("pinned")
            if None not in marks[seat.side] and not pinned:
                continue  # no empty mark to enter (a pinned seat is still asked whether it stays pinned)
            action = seat.action
            if seat.out is None and action is not None and not (pinned and specials.pinned(self, seat)):
                wanted = (action.options or {}).get("mark")  # `action.option("mark")`, inline
                mark = stage.enter(seat.side, seat, wanted) if isinstance(wanted, int) else 0
                mark = mark or stage.enter(seat.side, seat)
                if mark:
                    seat.was_up = True
                    if seat.kind in specials.ENTRY_HOOKS:
                        was_fallen = fallen is not None and mark in fallen[seat.side]
                        specials.entered(self, seat, mark, was_fallen, events)
                    if record:
                        self.emit(events, "restage", f"{seat.label} steps up onto mark {mark}.", seat.actor)
        if self.intruders:  # only Rats on opponent marks move after the others
            specials.after_restaging(self, events)

    def armour_checks(self, events: list[Event]) -> None:
        """+n armour: a wearer holding a single hit rolls a d8 after restaging (RULES.md 5.7)."""
        for seat in self.seats:
            if seat.out is not None or seat.hits != 1 or not seat.mactor.items:
                continue
            worn = items.pluses(seat.mactor.items, "armour")
            if not worn:
                continue
            n = items.stack_modifiers(worn)
            result = items.armour_check(n, self.rng)
            if result == "erased":
                seat.hits = 0
                self.emit(events, "armour", f"{seat.label}'s armour turns the single hit aside.", seat.actor)
            elif result == "paired":
                self.emit(events, "armour", f"{seat.label}'s cursed armour brings the second hit.",
                          seat.actor)
                self.take_hit(seat, events, source=None, dealt=False)

    def check_morale(self, events: list[Event]) -> None:
        if self.morale != "half":
            return
        if self._flighty is None:  # the all-monster sides of two or more: they never change in a set-to
            self._flighty = []
            for side in self.sides:
                seats = [s for s in self.seats if s.side == side]
                if all(s.mactor.is_monster for s in seats) and len(seats) >= 2:
                    self._flighty.append((side, seats))
        for side, seats in self._flighty:
            out = len(seats) - self.alive[side]  # every Masque seat counts: `alive` is who is still in
            if out * 2 < len(seats):
                continue
            still = [s for s in seats if s.out is None]
            if still and self.alive.get(self.other(side), 0):
                self.emit(events, "morale", f"Half of the {side} are out: the rest break off and flee.")
                for seat in still:
                    self.stage.vacate(side, seat)
                    self.put_out(seat, "fled")

    # -- the end ------------------------------------------------------------------------------
    def on_finish(self, events: list[Event], reason: str | None) -> None:
        for seat in self.seats:
            actor = seat.mactor
            if seat.hits % 2 and not actor.is_monster and seat.out is None:
                self.emit(events, "erase", f"{seat.label}'s single hit is erased.", seat.actor)
            seat.hits = 0
            if not actor.is_pc:
                continue
            for line in award_chops(actor, len(seat.hit_bits), seat.dealt,
                                    bool(seat.state.get("took_out"))):
                self.emit(events, "chops", f"{seat.label}: {line}", seat.actor)
            if not seat.was_up and actor.current < actor.build:
                for line in recovery_roll(actor, self.rng):
                    self.emit(events, "recover", f"{seat.label}: {line}", seat.actor)

    def board(self) -> list[tuple[str, list[str]]]:
        a, b = list(self.sides)
        lines = []
        for mark in range(1, MARKS + 1):
            left = self._spot(self.stage.at(a, mark)) + self._guest(a, mark)
            right = self._spot(self.stage.at(b, mark)) + self._guest(b, mark)
            lines.append(f"{mark} {left:<34}|{mark} {right}")
        for side in (a, b):
            down = [self._spot(s) for s in self.downstage(side)]
            lines.append(f"{side} downstage: {', '.join(down) or '-'}")
        return [(f"Stage ({a} | {b})", lines)]

    def _guest(self, side: str, mark: int) -> str:
        guest = self.intruders.get((side, mark))
        return f" +{guest.label}" if guest is not None else ""

    def _spot(self, seat: MasqueSeat | None) -> str:
        if seat is None:
            return "(empty)"
        actor = seat.mactor
        state = f"{actor.current}/{actor.build}" if not actor.is_monster else f"B{actor.build}"
        text = f"{seat.label} {state} h{seat.hits}" + (" held" if seat.immobile else "")
        if seat.roll is not None:
            # the last bit's dice, if they fit, then its casting: + met its average, - did not
            verdict = f"{seat.roll.casting}{'+' if seat.roll.met else '-'}"
            dice = " ".join(d.text() for d in seat.roll.dice)
            full = f"{text} {dice} → {verdict}"
            text = full if len(full) <= 33 else f"{text} {verdict}"
        return text

    def summary(self) -> dict[str, Any]:
        out = super().summary()
        out["stage"] = {side: [s.label if s is not None else None for s in self.stage.marks[side]]
                        for side in self.sides}
        return out


def _top_natural(up: list[MasqueSeat]) -> int:
    """The most faces of a natural (d6 or larger) among these seats' rolls, 0 if none."""
    best = 0
    for s in up:
        roll = s.roll
        if roll is None:
            continue
        for d in roll.dice:
            sides = d.sides
            if sides > best and sides >= 6 and d.rolls[-1] == sides and not d.modifier and not d.lost:
                best = sides
    return best


def _move(actor: Any, kind: str, target: Any, dice: str | None) -> Action:
    """A policy move: enter any mark, held, a monster's cast, or a role actor's cast with its dice."""
    if kind == "enter":
        return Action(actor, kind, options={"mark": "any"})
    if dice is not None:
        return Action(actor, kind, target, options={"dice": dice})
    return Action(actor, kind)


@lru_cache(maxsize=1024)
def _role_plan(dice: str, current: int) -> tuple[Cast, bool]:
    """A role actor's cast from its dice at this current build, and whether it is one face over (its -1
    attached to a die): both follow from the text and the build alone, so each pair is worked out once."""
    cast = parse_cast(dice)
    return cast, cast.const <= -1 and cast.faces == current + 1


def suggested_casts(actor: MasqueActor) -> list[str]:
    """A few good legal casts for a role actor at its current build, the best first."""
    return list(_suggested(actor.role_die, actor.current))


@lru_cache(maxsize=256)
def _suggested(role: int, c: int) -> tuple[str, ...]:
    out: list[str] = []
    if role and role <= c:
        rest = c - role
        out.append(f"d{role}+d{rest}" if rest else f"d{role}")
        if rest:
            out.append(f"d{role}")
    elif role == c + 1:
        out.append(f"d{role}-1")
    out.append(f"d{c}")
    if c >= 2:
        half = c // 2
        out.append(f"d{half}+d{c - half}" if half != c - half else f"2d{half}")
    seen: list[str] = []
    for text in out:
        if text not in seen and parse_cast(text).problem(c) is None:
            seen.append(text)
    return tuple(seen[:3])
