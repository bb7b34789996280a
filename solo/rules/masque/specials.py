"""Monster special abilities as hooks keyed by the monster's id (RULES.md 5.8).

Each hook runs at one point of the bit (`setto.py` calls them):

* `cast_for` - the Cast a monster rolls this bit (dice lost or borrowed);
* `modifiers` - dice added as it casts (Goblin's hoard die, Warg's d4);
* `after_roll` - its options once cast (Ogre's ram, Ghoul's shed, Merekite's
  double, Fell G'root's d4, Salamander's heat, Goblin's hoard);
* `before_totals` - just before the side totals (Ghoul sheds a hit);
* `deliver` - a hit allotted to it or dealt by it (Hybor, Ogre, Troll,
  Salamander, Ghoul);
* `side_struck` - its side was struck, before restaging (Turbul Bats);
* `entered` - it stepped up onto a mark (Orc, Merekite);
* `end_of_bit` - tidy up.

Readings: [SR] the Troll's 'one' is the Troll, and its stray hit goes to a
random foe mark beside the mark facing it (empty: wasted).  [SR] the
Merekite's doubled double adds its sum again as a bonus (not averaged).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from solo.dice.special import explode_add, roll_face
from solo.rules.engine import Event
from solo.rules.masque.cast import Cast, Term, parse_cast
from solo.rules.masque.fx import role_die_natural
from solo.rules.masque.throw import CastRoll, DieRoll

if TYPE_CHECKING:
    from solo.rules.masque.setto import MasqueSeat, SetTo

#: the monsters whose special ability is played: every one with stats (RULES.md 5.8)
HOOKED = ("goblin", "orc", "ogre", "hybor", "turbul-bats", "ghoul", "troll", "fell-groot", "salamander",
          "merekite", "warg", "rounder", "hobgoblin", "commoner", "gnome", "elf", "dwarf", "spidure",
          "witcher", "mast-rats", "halfling", "pyethonda", "vlad")
#: kinds that play another's hook (the data's ``hook``), with what sets them apart
KINDS = {"venomous-spidure": "spidure"}
#: Vlad's casting in light (RULES.md 5.8: -2; -1 or 0 in dim light); house rule ``vlad_light``
VLAD_LIGHT = -2


def kind_of(monster: str) -> str:
    """The hook a monster id plays (its own, or the kind it is a variant of)."""
    return KINDS.get(monster, monster)


#: the kinds whose Cast may change in a set-to (`cast_for`): every other monster rolls its stat Cast
CAST_HOOKS = frozenset(("ogre", "troll", "rounder", "gnome", "orc"))


def cast_for(enc: SetTo, seat: MasqueSeat, cast: Cast) -> Cast:
    kind = seat.kind
    state = seat.state
    if kind == "ogre" and state.get("lost_d6"):
        return _recast(cast, kind)
    if kind == "troll" and state.get("lost_d4"):
        return _recast(cast, kind, min(2, state["lost_d4"]))
    if kind == "rounder" and state.get("rounder_bit") == enc.round:
        return _recast(cast, kind)
    if kind == "gnome" and state.get("drop_d8"):
        return _recast(cast, kind)
    if kind == "orc" and state.get("borrow_bit") == enc.round and state.get("borrow"):
        return _recast(cast, kind, borrow=state["borrow"])
    return cast


@lru_cache(maxsize=256)
def _recast(cast: Cast, kind: str, lost: int = 0, borrow: str = "") -> Cast:
    """What a monster's special makes of its stat Cast (`cast_for`): the Ogre without its d6, the Troll
    without `lost` d4s, the Rounder's d4|d6, the Gnome's d6, the Orc with a fallen ally's dice.  Casts
    are immutable, so each is made once (a forecast asks for it every bit)."""
    if kind == "ogre":
        return Cast(tuple(t for t in cast.terms if t.sides != 6), cast.const, cast.least)
    if kind == "troll":
        terms = list(cast.terms)
        for _ in range(lost):
            terms.remove(Term(4))
        return Cast(tuple(terms), cast.const, cast.least)
    if kind == "rounder":
        return Cast((Term(4, 1, 6),), cast.const, False)
    if kind == "gnome":
        return Cast((Term(6),), cast.const, False)
    extra = parse_cast(borrow).terms  # the Orc's
    return Cast((*cast.terms, *extra)[:3], cast.const, cast.least)


#: the kinds that add dice as they cast (`modifiers`)
MODIFIER_HOOKS = frozenset(("goblin", "warg"))


def modifiers(enc: SetTo, seat: MasqueSeat, roll: CastRoll) -> None:
    kind = seat.kind
    if kind == "goblin" and seat.state.get("hoard"):
        size = int(seat.state["hoard"])
        roll.dice.append(DieRoll(size, 1, [roll_face(size, enc.rng)], modifier=True))
    elif kind == "warg":
        d3 = roll.dice[1].first
        if d3 in enc.stage.empty(enc.other(seat.side)):
            roll.dice.append(DieRoll(4, 1, explode_add(4, enc.rng)))
            roll.notes += (f"d3 {d3} names an empty mark: +d4",)


def after_roll(enc: SetTo, seat: MasqueSeat, events: list[Event]) -> None:
    roll = seat.roll
    if roll is None:
        return
    hook = AFTER_ROLL.get(seat.kind)
    if hook is not None:
        hook(enc, seat, roll, events)


def _goblin(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    state = seat.state
    kept = roll.dice[0]
    if kept.sides == 6:
        state["hoard"] = state.get("hoard", 0) + kept.first
        enc.emit(events, "special", f"{seat.label} hoards its d6 {kept.first}: its casts add"
                 f" d{state['hoard']} from now on.", seat.actor)


def _ogre(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    if any(d.first == d.sides for d in roll.dice if d.sides >= 4):
        foes = [s for s in enc.upstage(enc.other(seat.side)) if s.roll is None
                or not any(d.first == d.sides and d.sides >= 4 for d in s.roll.dice)]
        if foes:
            rammed = enc.rng.choice(foes)
            if rammed.roll is not None:
                rammed.roll.void = True
            rammed.forced = True
            enc.emit(events, "special", f"{seat.label} rams {rammed.label}: its casting counts nothing"
                     " and it is forced downstage.", seat.actor)


def _ghoul(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    d4 = roll.dice[2].first
    seat.state["shed"] = roll.dice[0].first == d4 or roll.dice[1].first == d4


def _fell_groot(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    seat.state["pool_reduction"] = roll.dice[2].first
    enc.emit(events, "special", f"{seat.label}'s d4 ({roll.dice[2].first}) comes off the foes' total.",
             seat.actor)


def _salamander(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    if roll.dice[2].first > roll.dice[1].first:
        seat.state["scorch"] = enc.round
        enc.emit(events, "special", f"{seat.label} blazes: hitting it this bit costs a hit.", seat.actor)


def _merekite(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    a, b = roll.dice[0].first, roll.dice[1].first
    if (enc.round == 1 or seat.state.get("entered_bit") == enc.round - 1) and a == b and a in (2, 3, 4):
        roll.bonus += a + b
        enc.emit(events, "special", f"{seat.label}'s double {a}-{b} counts twice.", seat.actor)


def _rounder(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    die = roll.dice[0]
    if seat.state.get("rounder_bit") == enc.round and die.sides == 6:
        # the d6 of its d4|d6 turn: a 4 counts as a d4 natural (a d4 is rerolled and added), 5-6 just add
        first = die.rolls[0]
        die.rolls = [first]
        if first == 4:
            roll.dice.append(DieRoll(4, 1, explode_add(4, enc.rng)))
        return
    if die.sides == 3:
        seat.state["rounder_bit"] = enc.round + 1
        enc.emit(events, "special", f"{seat.label} keeps its d3: next bit it casts d4|d6 best max.",
                 seat.actor)


def _hobgoblin(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    die = roll.dice[0]
    if die.first != 1:
        return
    for ally in _adjacent_allies(enc, seat):
        other = ally.roll.dice[0] if ally.roll is not None and ally.roll.dice else None
        if other is not None and other.value >= 2:
            die.adjust += 1
            other.adjust -= 1
            roll.nullified = False  # its die is no longer a 1 when the nullify comes
            enc.emit(events, "special", f"{seat.label} steps its 1 up, and {ally.label}'s die down.",
                     seat.actor)
            return


def _commoner(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    die = roll.dice[0]
    if die.sides != 5 or die.other is None or len(die.rolls) < 2:
        return
    floor = die.other[1]
    ups = sum(1 for r in die.rolls[1:] if r <= floor and r < 5)
    if ups:
        die.adjust += ups
        enc.emit(events, "special", f"{seat.label} steps up {ups} low reroll(s).", seat.actor)


def _gnome(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    die = roll.dice[0]
    d8 = die.first if die.sides == 8 else (die.other[1] if die.other and die.other[0] == 8 else 0)
    if d8 >= 7 and not seat.state.get("drop_d8"):
        seat.state["drop_d8"] = True
        if die.sides == 6 and die.value < 6:
            die.adjust += 1
        enc.emit(events, "special", f"{seat.label}'s d8 shows {d8}: it drops the d8 for the set-to and"
                 " steps its d6 up.", seat.actor)


def _elf(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    die = roll.dice[0]
    allies = [a for a in _adjacent_allies(enc, seat) if a.roll is not None]
    if die.first == die.sides and len(die.rolls) > 1 and len(allies) >= 2:
        die.rolls = [die.first]
        for ally in allies:
            assert ally.roll is not None
            ally.roll.dice.append(DieRoll(4, 1, explode_add(4, enc.rng)))
        enc.emit(events, "special", f"{seat.label} gives up its reroll: {', '.join(a.label for a in allies)}"
                 " each add a d4.", seat.actor)


def _dwarf(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    firsts = [d.first for a in _adjacent_allies(enc, seat) if a.kind == "dwarf" and a.roll is not None
              for d in a.roll.dice if not d.modifier]
    if not firsts:
        return
    floor = min(firsts)
    ups = sum(1 for d in roll.dice for r in d.rolls[1:] if r < floor)
    if ups:
        for d in roll.dice:
            d.adjust += sum(1 for r in d.rolls[1:] if r < floor)
        enc.emit(events, "special", f"{seat.label} steps up {ups} reroll(s) beside its kin.", seat.actor)


def _spidure(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    facing = enc.facing(seat)
    if facing is None or facing.roll is None or facing.out is not None:
        return
    high = facing.roll.high_die()
    if high is None or high.lost:
        return
    a, b = roll.dice[0].value, roll.dice[1].value
    value = high.value
    if a + b > value and min(a, b) < value:
        high.lost = True
        enc.emit(events, "special", f"{seat.label}'s d5s ({a}, {b}) bracket {facing.label}'s high die"
                 f" ({value}): it counts nothing this bit.", seat.actor)


def _halfling(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    """[SR] the d3 was rolled as half a d6: its d6 face is one of the two behind the d3 value, by a d2."""
    d4, d3 = roll.dice[0].first, roll.dice[1].first
    face = 2 * d3 - 2 + enc.rng.die(2)
    facing = enc.facing(seat)
    if face <= d4 and facing is not None and facing.out is None and facing.roll is not None \
            and facing.roll.met:
        facing.roll.void = True
        enc.emit(events, "special", f"{seat.label} suckers {facing.label} (d6 face {face} under its d4 {d4}):"
                 " its casting counts nothing.", seat.actor)


def _adjacent_allies(enc: SetTo, seat: MasqueSeat) -> list[MasqueSeat]:
    mark = enc.mark(seat)
    out = []
    for m in enc.stage.adjacent(mark) if mark else []:
        ally = enc.stage.at(seat.side, m)
        if ally is not None and ally.out is None:
            out.append(ally)
    return out




def witcher_drags(enc: SetTo, seat: MasqueSeat, events: list[Event]) -> None:
    """A Witcher forced down in a bit its side struck takes a foe it outcast by a d12 or more with it."""
    if seat.kind != "witcher" or seat.roll is None or enc.striker != seat.side:
        return
    margin = enc.rng.die(12)
    foes = [f for f in enc.upstage(enc.other(seat.side)) if f.roll is not None
            and seat.roll.casting - f.roll.casting >= margin and not f.forced]
    if foes:
        victim = enc.rng.choice(foes)
        enc.stage.exit(victim.side, victim)
        victim.state["pinned"] = True
        enc.emit(events, "special", f"{seat.label} drags {victim.label} downstage with it (d12 {margin}).",
                 seat.actor)


def pinned(enc: SetTo, seat: MasqueSeat) -> bool:
    """A Witcher's victim stays down while any Witcher of the other side is downstage."""
    if not seat.state.get("pinned"):
        return False
    if any(w.kind == "witcher" for w in enc.downstage(enc.other(seat.side))):
        return True
    seat.state["pinned"] = False
    return False


def before_totals(enc: SetTo, casters: list[MasqueSeat], events: list[Event]) -> None:
    if "pyethonda" not in enc.hooks and "ghoul" not in enc.hooks:  # nobody held, nobody to shed a hit
        return
    for seat in casters if "pyethonda" in enc.hooks else ():  # only a Pyethonda holds anyone
        holder = seat.state.get("held_by")
        if holder is not None and holder.out is None and holder.roll is not None and seat.roll is not None \
                and holder.roll.casting:
            seat.roll.reduction += holder.roll.casting
            enc.emit(events, "special", f"{holder.label} squeezes {seat.label}: -{holder.roll.casting}.",
                     holder.actor)
    for seat in casters:
        if seat.kind == "ghoul" and seat.out is None and seat.state.get("shed") and seat.hits >= 1:
            seat.hits -= 1
            seat.forfeit = True
            seat.state["shed"] = False
            enc.emit(events, "special", f"{seat.label} sheds a hit and gives up its own this bit.",
                     seat.actor)


#: the kinds whose special plays when they deal a hit (`deliver`): a Troll's may stray, a Pyethonda's coils
STRIKING_HOOKS = frozenset(("troll", "pyethonda"))
#: the kinds whose special plays when a hit comes their way (`deliver`)
STRUCK_HOOKS = frozenset(("hybor", "ogre", "troll", "salamander", "ghoul"))


def deliver(enc: SetTo, striker: MasqueSeat, target: MasqueSeat, bit: int, events: list[Event]) -> None:
    """A qualified striker's hit on its allotted target, through both sides' specials."""
    if striker.kind not in STRIKING_HOOKS and target.kind not in STRUCK_HOOKS:  # no special in the way
        _lands(enc, striker, target, bit, events)
        return
    if striker.kind == "troll" and striker.roll is not None and any(
            d.first == 1 for d in striker.roll.dice if d.sides == 4):
        facing = enc.mark(striker)
        marks = enc.stage.adjacent(facing) if facing else []
        mark = enc.rng.choice(marks) if marks else 0
        stray = enc.stage.at(enc.other(striker.side), mark) if mark else None
        if stray is None or stray.out is not None:
            enc.emit(events, "special", f"{striker.label}'s hit goes astray to an empty mark.", striker.actor)
            return
        target = stray
        enc.emit(events, "special", f"{striker.label}'s hit strays to {stray.label}.", striker.actor)
    kind = target.kind
    if kind == "hybor" and not enc.up(target) and enc.rng.die(2) == 1:
        enc.emit(events, "special", f"{target.label} slips the hit downstage.", target.actor)
        return
    if kind == "ogre" and target.hits == 1 and not target.state.get("lost_d6"):
        target.state["lost_d6"] = True
        enc.credit(striker, target, bit)
        enc.emit(events, "special", f"{striker.label}'s hit knocks the d6 out of {target.label}'s cast.",
                 target.actor)
        return
    if kind == "troll" and target.roll is not None and striker.roll is not None:
        dice = target.roll.dice
        best = max(dice[0].first, sum(d.first for d in dice[1:] if d.sides == 4))
        top = max((d.value for d in striker.roll.dice if d.sign > 0), default=0)
        if top <= best:
            check = enc.rng.die(6)
            lost = target.state.get("lost_d4", 0)
            if check == 1 or (check in (2, 3) and target.hits >= 1):
                enc.emit(events, "special", f"{target.label} shrugs off the hit (d6 {check}).", target.actor)
                return
            if check in (4, 5) and lost < 2:
                target.state["lost_d4"] = lost + 1
                enc.credit(striker, target, bit)
                enc.emit(events, "special", f"{target.label} loses a d4 from its cast instead (d6 {check}).",
                         target.actor)
                return
    if kind == "salamander" and target.state.get("scorch") == enc.round:
        enc.emit(events, "special", f"{striker.label} is burned striking {target.label}.", striker.actor)
        enc.take_hit(striker, events, source=target, dealt=False)
    if kind == "ghoul" and target.state.get("shed") and target.hits == 1:
        target.state["shed"] = False
        target.forfeit = True
        enc.credit(striker, target, bit)
        enc.emit(events, "special", f"{target.label} sheds the hit and gives up its own.", target.actor)
        return
    _lands(enc, striker, target, bit, events)
    if striker.kind == "pyethonda" and target.out is None and striker.roll is not None \
            and any(13 in d.rolls for d in striker.roll.dice if d.sides == 13):
        _coil(enc, striker, target, events)


def _lands(enc: SetTo, striker: MasqueSeat, target: MasqueSeat, bit: int, events: list[Event]) -> None:
    """The hit lands: the striker is credited and the target takes it."""
    striker.dealt += 1  # `enc.credit`, inline
    striker.hit_bits.add(bit)
    if enc.record:
        enc.emit(events, "deal", f"{striker.label} hits {target.label}.", striker.actor)
    enc.take_hit(target, events, source=striker)  # which marks the bit it was hit in


def _coil(enc: SetTo, holder: MasqueSeat, victim: MasqueSeat, events: list[Event]) -> None:
    """A Pyethonda's natural: its victim is hauled onto an empty mark beside it on the Pyethonda's side
    (held where it stands when there is none) and squeezed until the snake lets go."""
    if victim.state.get("held_by") is not None:
        return
    mark = enc.mark(holder)
    free = [m for m in (enc.stage.adjacent(mark) if mark else []) if enc.stage.at(holder.side, m) is None
            and (holder.side, m) not in enc.intruders]
    victim.state["held_by"] = holder
    where = "where it stands"
    if free and enc.stage.mark_of(victim.side, victim):
        enc.stage.vacate(victim.side, victim)
        enc.intruders[(holder.side, free[0])] = victim
        where = f"onto {holder.side} mark {free[0]}"
    enc.emit(events, "special", f"{holder.label} coils round {victim.label} and hauls it {where}: it loses"
             " its special ability and the snake's casting comes off its own.", holder.actor)


def own_fx(enc: SetTo, seat: MasqueSeat, events: list[Event]) -> bool:
    """A role NPC's own Fx in place of its role's (True when it has one): Vlad's is Add-on +d1 - the foe
    whose build his hit lowers this bit takes d1 more add-on hits."""
    if seat.kind != "vlad":
        return False
    die = role_die_natural(seat)
    if die is not None:
        die.rolls = [roll_face(die.sides, enc.rng)]
        seat.state["fx_bit"] = enc.round
        enc.emit(events, "fx", f"{seat.label}'s Role Fx (reroll {die.rolls[0]}): a foe whose build his hit"
                 " lowers this bit takes +d1 add-on hits.", seat.actor)
    return True


def role_cast(enc: SetTo, seat: MasqueSeat, cast: Cast) -> Cast:
    """What a role NPC rolls for the cast it chose: Vlad adds a bonus d2 as a third die (beyond his
    allowance) and his casting takes the light's toll."""
    if seat.kind != "vlad":
        return cast
    return _vlad_cast(cast, int(getattr(enc.system, "house_rules", {}).get("vlad_light", VLAD_LIGHT)))


@lru_cache(maxsize=256)
def _vlad_cast(cast: Cast, light: int) -> Cast:
    if len(cast.terms) <= 2:
        cast = cast.with_term(Term(2))
    return Cast(cast.terms, cast.const + light, cast.least)


#: the kinds whose hits bring more add-on hits (`more_addons`): a venomous Spidure plays the Spidure's
ADDON_HOOKS = frozenset(("spidure", "vlad"))


def more_addons(enc: SetTo, source: MasqueSeat | None, seat: MasqueSeat, events: list[Event]) -> int:
    """Extra add-on hits when `source`'s hit pairs on a role actor: a venomous Spidure's |d4 - d3|,
    Vlad's Fx d1 (a d2 less one)."""
    if source is None:
        return 0
    if source.mactor.monster == "venomous-spidure":
        venom = abs(enc.rng.die(4) - enc.rng.die(3))
        if venom:
            enc.emit(events, "special", f"{source.label}'s venom: {venom} more add-on hit(s).", source.actor)
        return venom
    if source.kind == "vlad" and source.state.get("fx_bit") == enc.round:
        extra = enc.rng.die(2) - 1
        enc.emit(events, "fx", f"{source.label}'s Fx: +d1 = {extra} more add-on hit(s).", source.actor)
        return extra
    return 0


def side_struck(enc: SetTo, side: str, events: list[Event]) -> None:
    if "turbul-bats" not in enc.hooks:
        return
    for seat in enc.upstage(side):
        if seat.kind == "turbul-bats" and seat.roll is not None and seat.roll.met \
                and seat.state.get("hit_bit") != enc.round:
            foes = [s for s in enc.upstage(enc.other(side)) if not s.forced]
            if foes:
                victim = enc.rng.choice(foes)
                victim.forced = True
                enc.emit(events, "special", f"{seat.label} swarm {victim.label}, driving it downstage.",
                         seat.actor)


def restage(enc: SetTo, events: list[Event]) -> None:
    """Between the exits and the entries: Mast Rats take empty opponent marks first, when their own
    side's marks are full (a mark trampled this restaging is not empty)."""
    if "mast-rats" not in enc.hooks:
        return
    for seat in enc.active:
        if seat.kind != "mast-rats" or enc.up(seat) or seat.action is None \
                or seat.action.kind != "enter" or enc.stage.empty(seat.side):
            continue
        foe = enc.other(seat.side)
        for mark in range(1, enc.stage.size + 1):
            key = (foe, mark)
            free = enc.stage.at(foe, mark) is None and key not in enc.stage.trampled
            if free and key not in enc.intruders and id(seat) not in enc.stage.moved:
                enc.intruders[key] = seat  # the mark stays open to its own side (MQ-15)
                enc.stage.moved.add(id(seat))
                seat.was_up = True
                enc.emit(events, "restage", f"{seat.label} scurries onto {foe} mark {mark}.", seat.actor)
                break


def after_restaging(enc: SetTo, events: list[Event]) -> None:
    """A Rat that shared its mark with an opponent the whole bit must leave, after the others moved."""
    for (foe, mark), rat in list(enc.intruders.items()):
        there = enc.stage.at(foe, mark)
        if there is None or rat.kind != "mast-rats":
            continue
        name = there.label
        if id(rat) in enc.stage.moved or rat.state.get("shared") is not there:
            continue
        del enc.intruders[(foe, mark)]
        enc.stage.moved.add(id(rat))
        enc.emit(events, "restage", f"{rat.label} shared mark {mark} with {name} all bit and"
                 " must go downstage.", rat.actor)
    for (foe, mark), rat in enc.intruders.items():
        if rat.kind == "mast-rats":
            rat.state["shared"] = enc.stage.at(foe, mark)


def rat_bite(enc: SetTo, seat: MasqueSeat, roll: CastRoll, events: list[Event]) -> None:
    """An opponent sharing a Rat's mark loses an exploding d6 from its casting (not below 0)."""
    key = enc.intruding(seat)
    there = enc.stage.at(*key) if key else None
    if there is None or there.roll is None or there.out is not None:
        return
    bite = sum(explode_add(6, enc.rng))
    there.roll.reduction += bite
    enc.emit(events, "special", f"{seat.label} gnaws at {there.label}: -{bite}.", seat.actor)


#: the kinds whose special ability plays when they step up onto a mark (`entered`)
ENTRY_HOOKS = frozenset(("merekite", "orc"))


def entered(enc: SetTo, seat: MasqueSeat, mark: int, was_fallen: bool, events: list[Event]) -> None:
    kind = seat.kind
    if kind == "merekite":
        seat.state["entered_bit"] = enc.round
    if kind == "orc" and was_fallen:
        fallen = next((s for s in enc.seats if s.side == seat.side and s.out is not None
                       and s.state.get("fell_mark") == mark), None)
        if fallen is not None and fallen.mactor.cast:
            seat.state["borrow"] = fallen.mactor.cast
            seat.state["borrow_bit"] = enc.round + 1
            enc.emit(events, "special", f"{seat.label} takes {fallen.label}'s place and its dice"
                     f" ({fallen.mactor.cast}) for the next bit.", seat.actor)


def end_of_bit(enc: SetTo, events: list[Event]) -> None:
    if "fell-groot" not in enc.hooks and "pyethonda" not in enc.hooks:  # no d4 to clear, nobody held
        return
    for seat in enc.seats:
        seat.state.pop("pool_reduction", None)
        holder = seat.state.get("held_by")
        if holder is not None and (holder.out is not None or not enc.up(holder) or seat.out is not None
                                   or not enc.up(seat)):
            seat.state["held_by"] = None
            if seat.out is None:  # let go: the victim ends downstage
                key = enc.intruding(seat)
                if key is not None:
                    del enc.intruders[key]
                else:
                    enc.stage.vacate(seat.side, seat)
                enc.emit(events, "special", f"{holder.label} lets go of {seat.label}, which drops downstage.",
                         seat.actor)


#: each monster's options once cast (`after_roll`), by hook
AFTER_ROLL = {"goblin": _goblin, "ogre": _ogre, "ghoul": _ghoul, "fell-groot": _fell_groot,
          "salamander": _salamander, "merekite": _merekite, "halfling": _halfling, "mast-rats": rat_bite,
          "rounder": _rounder, "hobgoblin": _hobgoblin, "commoner": _commoner, "gnome": _gnome, "elf": _elf,
          "dwarf": _dwarf, "spidure": _spidure}
