"""Actors from one declaration: their dataclass fields say how they are saved, loaded and copied.

A system declares its actor as a slotted dataclass; each field's type
annotation says what the saved value must be (``int``, ``bool``, ``str``,
``list[str]``, ``list[dict[str, Any]]``, ``dict[str, int]``, ``dict[str,
Any] | None``), and its metadata may add ``min`` and ``max`` (the whole
numbers allowed, of an int or of each value of a ``dict[str, int]``; 0 and
no limit unless said), ``choices`` (the words a str may be), ``key`` (a
function that names a str, or each key of a ``dict[str, int]``, the
system's own way: "Melee" -> "melee-protect"), ``fill`` (the entries a
``dict[str, int]`` starts from) and ``drop_zero`` (its entries of 0 are
left out), ``parse`` (a function of the raw value and where it is, for
what none of that can say: weapons, lore dice), ``each`` (such a function
for every item of a list, its place named: "weapons[1]"), ``most`` (the
field whose value this one may not pass: a track and its maximum) and
``deep`` (copy records all the way down: a weapon's list of tags) or
``copy`` (the function that copies the value, for records of a known shape).  `load`
checks every field of a saved sheet against that and names the field that
is wrong; a front end adds the file.  `plain` and `copy` walk the same
fields, and a `Saved` actor gets its `to_dict` and `copy` from them; `read`
loads one, an older save first brought up to date by its class's
`upgrades` (`renaming` makes such a step), ``most`` checked too, and
`known` checks words a field holds against a table the system reads at
run time (a setting pack's skills).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields
from functools import cache
from typing import Any, ClassVar

from solo.rules.engine import Actor, RulesError

Parse = Callable[[Any, str], Any]


def name_of(data: Mapping[str, Any], system: str) -> str:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RulesError(f"a {system} character needs a name")
    return name


Upgrade = Callable[[Mapping[str, Any]], dict[str, Any]]


def renaming(renames: Mapping[str, str], when: Callable[[Mapping[str, Any]], bool] = lambda data: True
             ) -> Upgrade:
    """An upgrade step that gives fields new names (on the sheets `when` accepts) and nothing else."""

    def step(data: Mapping[str, Any]) -> dict[str, Any]:
        if not when(data):
            return dict(data)
        return {renames.get(k, k): v for k, v in data.items()}

    return step


def upgraded(data: Mapping[str, Any], where: str, version: int,
             upgrades: Mapping[int, Upgrade] | None = None) -> Mapping[str, Any]:
    """`data` brought to `version` by the steps in `upgrades` (from version N to N+1, keyed by N)."""
    saved = data.get("version", version)
    while saved != version:
        step = (upgrades or {}).get(saved) if isinstance(saved, int) and saved < version else None
        if step is None:
            if isinstance(saved, int) and saved > version:
                why = f"saved by a newer solo (version {saved})"
            else:
                why = f"no way to read sheet version {saved!r}"
            raise RulesError(f"{where}: {why}; this solo reads {version}")
        data = {**step(data), "version": saved + 1}
        saved += 1
    return data


class Saved(Actor):
    """An actor whose dataclass fields are its save: `to_dict` and `copy` walk them.

    A system's actor subclasses it as a slotted dataclass and sets `version`,
    the number its saves carry (a newer one is refused on loading), and
    `upgrades`, the steps that bring an older save up to it (see `upgraded`).
    """

    __slots__ = ()
    version: ClassVar[int] = 1
    upgrades: ClassVar[Mapping[int, Upgrade]] = {}

    def to_dict(self) -> dict[str, Any]:
        return plain(self, self.version)

    def copy(self) -> Any:
        return copy(self)

    def fight_copy(self) -> Any:
        return fight_copy(self)


def read(cls: type[Saved], data: Mapping[str, Any], system: str, noun: str = "character") -> tuple[Any, str]:
    """A `Saved` actor from its saved sheet, every field checked (``most`` too), and the words that
    name it in errors ("Nine Powers character 'Vroy'")."""
    name = name_of(data, system)
    where = f"{system} {noun} {name!r}"
    actor = cls(name, **load(cls, data, where, cls.version, cls.upgrades))  # type: ignore[call-arg]
    for field, _, meta in _spec(cls):
        top = meta.get("most")
        if top is not None and getattr(actor, field) > getattr(actor, top):
            raise RulesError(f"{where}: {field} {getattr(actor, field)} is above its maximum"
                             f" {getattr(actor, top)}")
    return actor, where


def known(where: str, actor: Any, field: str, table: Iterable[str], what: str, of: str) -> None:
    """Every word of a list field (or key of a dict field) is one of `table`; else a RulesError naming
    the first that is not, as "<where>: skills[1] 'flying' is not one of the skills of <of> (...)"."""
    names = list(table)
    value = getattr(actor, field)
    for i, word in enumerate(value):
        if word not in names:
            place = f"{field}.{word} -" if isinstance(value, Mapping) else f"{field}[{i}]"
            one = f"a {what}" if isinstance(value, Mapping) else f"one of the {what}"
            raise RulesError(f"{where}: {place} {word!r} is not {one} of {of} ({', '.join(names)})")


def each(parse: Parse, field: str, what: str = "records") -> Parse:
    """A ``parse`` for a list field: every item through `parse`, its place named ("weapons[1]")."""
    def parse_list(raw: Any, where: str) -> list[Any]:
        if not isinstance(raw, list):
            raise RulesError(f"{where}: {field} must be a list of {what}")
        return [parse(item, f"{where}, {field}[{i}]") for i, item in enumerate(raw)]
    return parse_list


def record(noun: str, spec: Mapping[str, Any], needs: Mapping[str, str] | None = None, *,
           others: bool = False) -> Parse:
    """A ``parse`` for one record (a weapon, a bond; with `each`, for every record of a list field).

    `spec` maps each key to what its value must be: a field's kind ("str", "int", "list[str]"...), a
    (kind, metadata) pair as a field would declare (a ``key`` turning each word, a ``min``), or a
    function of the value alone whose RulesError is prefixed with the key's place.  `needs` maps the
    keys that must be there (and not empty) to how an error asks for them ("its stress die"); a
    ``list[str]`` key left out is an empty list; keys beyond `spec` are refused, or kept as they are
    with `others`.  An error names the record by its ``name`` where it has one.
    """
    wanted = dict(needs or {})

    def parse(raw: Any, where: str) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise RulesError(f"{where}: a {noun} must be a record with {', '.join(spec)}")
        unknown = sorted(set(raw) - set(spec))
        if unknown and not others:
            raise RulesError(f"{where}: unknown {noun} field(s) {', '.join(unknown)}")
        name = raw.get("name")
        called = f"{where}: {noun} {name!r}" if isinstance(name, str) and name else f"{where}: a {noun}"
        out = dict(raw) if others else {}
        for key, declared in spec.items():
            kind, meta = declared if isinstance(declared, tuple) else (declared, {})
            if key not in raw or raw[key] == "" and key in wanted:
                if key in wanted:
                    raise RulesError(f"{called} needs {wanted[key]}")
                if kind == "list[str]":
                    out[key] = []
            elif callable(kind):
                try:
                    out[key] = kind(raw[key])
                except RulesError as exc:
                    raise RulesError(f"{called}: {exc}") from None
            else:
                out[key] = _value(kind, raw[key], f"{called} {key}", meta)
        return out

    return parse


def load(cls: type[Actor], data: Mapping[str, Any], where: str, version: int,
         upgrades: Mapping[int, Upgrade] | None = None) -> dict[str, Any]:
    """Keyword arguments for `cls` from a saved sheet, each field checked; a RulesError names a wrong one.

    A sheet saved by an older version is first brought up to date by `upgrades` (see `upgraded`)."""
    data = upgraded(data, where, version, upgrades)
    known = {f.name for f in fields(cls)} | {"system", "version"}  # type: ignore[arg-type]
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesError(f"{where}: unknown field(s) {', '.join(unknown)}")
    out: dict[str, Any] = {}
    for name, kind, meta in _spec(cls):
        if name in data:
            parse: Parse | None = meta.get("parse")
            raw = data[name]
            out[name] = parse(raw, where) if parse else _value(kind, raw, f"{where}: {name}", meta)
    return out


def from_record(cls: type[Any], record: Mapping[str, Any], where: str, version: int,
                rename: Mapping[str, str] | None = None, skip: tuple[str, ...] = ("id", "source"),
                **fixed: Any) -> Any:
    """An actor from a data table's row: ``text`` is its name, `rename` maps other row fields to
    the actor's, `skip` lists fields that describe the row only; every field is checked as `load`
    checks a saved sheet, and `fixed` fields are set as given."""
    names = {"text": "name", **(rename or {})}
    data = {names.get(k, k): v for k, v in record.items() if k not in skip}
    return cls(name_of(data, where), **{**load(cls, data, where, version), **fixed})


def _number(raw: Any, what: str, meta: Mapping[str, Any]) -> int:
    low, high = meta.get("min", 0), meta.get("max")
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < low or high is not None and raw > high:
        allowed = f"{low}-{high}" if high is not None else f"a whole number of {low} or more"
        raise RulesError(f"{what} must be {allowed}, not {raw!r}")
    return raw


def _value(kind: str, raw: Any, what: str, meta: Mapping[str, Any]) -> Any:
    if kind == "int":
        return _number(raw, what, meta)
    if kind == "bool":
        if not isinstance(raw, bool):
            raise RulesError(f"{what} must be true or false, not {raw!r}")
        return raw
    if kind == "str":
        if not isinstance(raw, str):
            raise RulesError(f"{what} must be text, not {raw!r}")
        choices = meta.get("choices")
        if choices and raw not in choices:
            raise RulesError(f"{what} must be {' or '.join(choices)}, not {raw!r}")
        return meta["key"](raw) if "key" in meta else raw
    if kind == "list[str]":
        if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
            raise RulesError(f"{what} must be a list of words")
        return [meta["key"](v) for v in raw] if "key" in meta else list(raw)
    if kind == "list[dict[str, Any]]":
        if not isinstance(raw, list) or not all(isinstance(v, Mapping) for v in raw):
            raise RulesError(f"{what} must be a list of records")
        return [dict(v) for v in raw]
    if kind == "dict[str, int]":
        if not isinstance(raw, Mapping):
            raise RulesError(f"{what} must map names to numbers")
        name = meta.get("key", str)
        out = dict(meta.get("fill", {}))
        for key, value in raw.items():
            out[name(key)] = _number(value, f"{what}.{name(key)}", meta)
        return {k: v for k, v in out.items() if v} if meta.get("drop_zero") else out
    if kind == "dict[str, Any] | None":
        if raw is not None and not isinstance(raw, Mapping):
            raise RulesError(f"{what} must be a record or null")
        return dict(raw) if raw else None
    raise AssertionError(f"no schema for a field of type {kind}")  # pragma: no cover - a declaration slip


@cache
def _spec(cls: type) -> tuple[tuple[str, str, Mapping[str, Any]], ...]:
    return tuple((f.name, str(f.type), f.metadata) for f in fields(cls) if f.name != "name")


def _copier(kind: str) -> Callable[[Any], Any]:
    """The cheapest copy that shares nothing, for a field of this type (forecasts copy thousands)."""
    if kind in ("dict[str, int]", "list[str]"):
        return dict if kind.startswith("dict") else list
    if kind == "dict[str, list[int]]":
        return lambda value: {k: list(v) for k, v in value.items()}
    if kind == "list[dict[str, Any]]":
        return lambda value: [dict(r) for r in value]
    return _deep


@cache
def _containers(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    return tuple((f.name, _copy_of(f)) for f in fields(cls) if str(f.type).startswith(("dict", "list")))


def _copy_of(f: Any) -> Callable[[Any], Any]:
    """A field's copier: its own (``copy``), all the way down (``deep``), or the cheapest for its type."""
    return f.metadata.get("copy") or (_deep if f.metadata.get("deep") else _copier(str(f.type)))


def _deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


def plain(actor: Actor, version: int) -> dict[str, Any]:
    """The actor as plain, JSON-ready data: system, version, then every field."""
    out: dict[str, Any] = {"system": actor.system_id, "version": version}
    for f in fields(actor):  # type: ignore[arg-type]
        out[f.name] = _deep(getattr(actor, f.name))
    return out


def copy(actor: Actor) -> Any:
    """An independent copy: the slots copied, the containers copied all the way down."""
    return _copy_function(type(actor))(actor)


def fight_copy(actor: Actor) -> Any:
    """`copy`, but sharing the containers a fight only reads: fields marked ``read_in_fights`` (skills,
    weapons...).  A forecast plays each fight with such copies; the actor it copies is never changed."""
    return _copy_function(type(actor), True)(actor)


@cache
def _copy_function(cls: type, fight: bool = False) -> Callable[[Any], Any]:
    """One straight-line function copying an actor of `cls`, written once per class (and kind of copy).

    A forecast copies every actor in every fight, and a loop over the fields
    with `getattr` costs several times a plain list of assignments.  Every
    slot is set by a plain assignment, or through its slot descriptor when the
    class has a `__setattr__` of its own (which is never involved); a container
    is copied by its field's copier, and None stays None.
    """
    slots = [s for k in reversed(cls.__mro__) for s in getattr(k, "__slots__", ())]
    copiers = dict(_containers(cls))
    if fight:
        for f in fields(cls):
            if f.metadata.get("read_in_fights"):
                copiers.pop(f.name, None)
    plain_slots = cls.__setattr__ is object.__setattr__
    scope: dict[str, Any] = {"new_": cls.__new__, "cls_": cls}
    lines = ["def copy_(a):", "    n = new_(cls_)"]
    for i, name in enumerate(slots):
        scope[f"s{i}"] = getattr(cls, name).__set__
        if name in copiers:
            scope[f"c{i}"] = copiers[name]
            lines.append(f"    v = a.{name}")
            value = f"v if v is None else c{i}(v)"
        else:
            value = f"a.{name}"
        lines.append(f"    n.{name} = {value}" if plain_slots else f"    s{i}(n, {value})")
    lines.append("    return n")
    exec("\n".join(lines), scope)  # noqa: S102 - names come from the class's own slots
    return scope["copy_"]  # type: ignore[no-any-return]
