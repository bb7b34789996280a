"""Story shapes: where the action is likely to flow once it starts.

The catalogue is data (`story/shape` in `tables/story/shapes.yaml`): eleven
shapes after the Nine Powers list, six linear and five branching, each with
a stable id for ``--shape``, its first task and what success and failure
lead to, written as templates over a foundation's cast.  A user table with
the same id can replace or extend the catalogue; every row is checked here
so a broken one is reported by table and row rather than half-used.

Choosing by name is forgiving: an exact id, an exact name (any case), or a
piece of an id that only one shape contains (``chase``, ``mcguffin``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solo.errors import SoloError
from solo.tables import TableSet

SHAPE_TABLE = "story/shape"
KINDS = ("linear", "branching")


class UnknownShape(SoloError):
    """--shape named no shape in the catalogue."""


@dataclass(frozen=True)
class Shape:
    id: str
    name: str
    kind: str  # "linear": success leads on step by step; "branching": success opens options
    summary: str
    task: str
    success: tuple[str, ...]
    failure: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "summary": self.summary}


def _texts(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def load_shapes(tables: TableSet) -> list[Shape]:
    table = tables.get(SHAPE_TABLE)
    shapes: list[Shape] = []
    seen: set[str] = set()
    for row in table.rows:
        fields = row.fields
        where = f"table {SHAPE_TABLE} ({table.source}), row {row.index + 1}"
        missing = [k for k in ("id", "kind", "summary", "task", "success", "failure")
                   if k not in fields]
        if missing:
            raise SoloError(f"{where}: missing {', '.join(missing)}")
        shape_id, kind = fields["id"], fields["kind"]
        if not isinstance(shape_id, str) or not shape_id or shape_id in seen:
            raise SoloError(f"{where}: id {shape_id!r} must be a word used by no other shape")
        if kind not in KINDS:
            raise SoloError(f"{where}: kind {kind!r} must be one of {', '.join(KINDS)}")
        success, failure = _texts(fields["success"]), _texts(fields["failure"])
        if success is None or failure is None or not isinstance(fields["task"], str):
            raise SoloError(f"{where}: task must be text, success and failure text or lists of text")
        seen.add(shape_id)
        shapes.append(Shape(shape_id, row.text, kind, str(fields["summary"]), fields["task"],
                            success, failure))
    return shapes


def find_shape(shapes: list[Shape], query: str) -> Shape:
    wanted = query.strip().lower()
    for shape in shapes:
        if shape.id == wanted or shape.name.lower() == wanted:
            return shape
    partial = [s for s in shapes if wanted and wanted in s.id]
    if len(partial) == 1:
        return partial[0]
    ids = ", ".join(s.id for s in shapes)
    if len(partial) > 1:
        raise UnknownShape(f"shape '{query}' could be any of {', '.join(s.id for s in partial)};"
                           " give more of the id")
    raise UnknownShape(f"no story shape called '{query}'; the shapes are: {ids}")
