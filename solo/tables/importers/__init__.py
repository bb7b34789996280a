"""Importing other tools' tables as solo tables: convert, validate, then write.

Each format has a module with `convert(path, prefix) -> Conversion`:
`datasworn` (Ironsworn/Starforged JSON packages), `foundry` (Foundry VTT
RollTable JSON), `tracery` (JSON grammars), `csv_tables` and `markdown`.
Every input is hostile until read: JSON goes through the table loader's size
and depth limits (`common.read_json`), and nothing is written until the whole
conversion is checked exactly as `solo table check` would check it.

`write` writes one YAML file per collection under the target directory, each
file replaced in one step (`solo.files.write_text`).  A converted table that
fails the checks is left out and named in the summary with its problem,
together with any table that needed it; a file that cannot be read as the
format at all fails with one line naming it, and nothing is written.
"""

from __future__ import annotations

import importlib
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from solo.files import write_text
from solo.tables.importers.common import Conversion, ImportFailure

FORMATS = {
    "datasworn": "solo.tables.importers.datasworn",
    "foundry": "solo.tables.importers.foundry",
    "tracery": "solo.tables.importers.tracery",
    "csv": "solo.tables.importers.csv_tables",
    "markdown": "solo.tables.importers.markdown",
}
MAX_ROUNDS = 20

Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

__all__ = ["FORMATS", "ImportFailure", "Outcome", "convert", "write"]


def convert(fmt: str, path: Path, prefix: str | None = None) -> Conversion:
    if fmt not in FORMATS:
        raise ImportFailure(f"unknown format {fmt!r}; solo imports {', '.join(FORMATS)}")
    if not path.exists():
        raise ImportFailure(f"{path}: no such file")
    module = importlib.import_module(FORMATS[fmt])
    conversion: Conversion = module.convert(path, prefix)
    if not conversion.drafts():
        why = "; ".join(f"{name}: {reason}" for name, reason in conversion.skipped[:3])
        raise ImportFailure(f"{path}: no table could be imported" + (f" ({why})" if why else ""))
    return conversion


@dataclass
class Outcome:
    conversion: Conversion
    into: Path
    files: list[Path] = field(default_factory=list)
    dropped: list[tuple[str, str]] = field(default_factory=list)  # (table id, problem)
    replaces: list[str] = field(default_factory=list)  # ids of tables already known elsewhere

    def to_dict(self) -> dict[str, Any]:
        conv = self.conversion
        return {
            "format": conv.format,
            "file": str(conv.file),
            "detail": conv.detail,
            "into": str(self.into),
            "files": [str(f) for f in self.files],
            "tables": [
                {"id": d.id, "title": d.data.get("title", d.id), "rows": d.rows, "lost": d.losses(),
                 "upstream": d.data.get("upstream", [])}
                for d in conv.drafts()
            ],
            "rows": sum(d.rows for d in conv.drafts()),
            "not_imported": [{"name": n, "reason": r} for n, r in conv.skipped + self.dropped],
            "replaces": self.replaces,
        }

    def summary(self) -> str:
        conv = self.conversion
        drafts = conv.drafts()
        rows = sum(d.rows for d in drafts)
        head = (f"Imported {len(drafts)} table(s), {rows} row(s) from {conv.file}"
                f"{f' ({conv.detail})' if conv.detail else ''} into {self.into}")
        lines = [head]
        width = max((len(d.id) for d in drafts), default=10)
        for draft in drafts:
            lines.append(f"  {draft.id:<{width}}  {draft.rows} row(s)")
            lines.extend(f"  {'':<{width}}  lost: {why}" for why in draft.losses())
            lines.extend(f"  {'':<{width}}  warning: upstream data error: {note}"
                         for note in draft.data.get("upstream", []))
        not_imported = conv.skipped + self.dropped
        if not_imported:
            lines.append(f"Not imported ({len(not_imported)}):")
            lines.extend(f"  {name}: {why}" for name, why in not_imported)
        if self.replaces:
            lines.append("These replace tables of the same id: " + ", ".join(self.replaces))
        lost = sum(1 for d in drafts if d.lost)
        if lost:
            lines.append(f"{lost} table(s) lost some behaviour (named above).")
        return "\n".join(lines)


def _document(group: Any) -> str:
    data: dict[str, Any] = {"collection": {"title": group.title}}
    if group.summary:
        data["collection"]["summary"] = group.summary
    data["tables"] = [d.data for d in group.drafts]
    return yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)


def _validate(conversion: Conversion) -> list[tuple[str, str]]:
    """Drop the drafts `solo table check` would refuse; returns them with their problem."""
    from solo.tables.registry import load_tables

    dropped: list[tuple[str, str]] = []
    for _ in range(MAX_ROUNDS):
        with tempfile.TemporaryDirectory(prefix="solo-import-") as tmp:
            root = Path(tmp)
            for group in conversion.groups:
                if group.drafts:
                    target = root / f"{group.name}.yaml"
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(_document(group), encoding="utf-8")
            tables = load_tables([root], include_builtin=True, use_env=False)
            bad: dict[str, str] = {}
            for problem in tables.problems:
                if problem.table and problem.table not in tables:
                    bad.setdefault(problem.table, problem.message)
                elif problem.table is None and problem.file and root in problem.file.parents:
                    raise ImportFailure(f"{conversion.file}: the converted tables do not load:"
                                        f" {problem.message}")
        if not bad:
            return dropped
        for group in conversion.groups:
            kept = []
            for draft in group.drafts:
                if draft.id in bad:
                    dropped.append((draft.id, bad[draft.id]))
                else:
                    kept.append(draft)
            group.drafts = kept
        # A see-also link or offer to a dropped table goes with it.
        gone = set(bad)
        for draft in conversion.drafts():
            if "suggest" in draft.data:
                draft.data["suggest"] = [s for s in draft.data["suggest"] if s not in gone]
                if not draft.data["suggest"]:
                    del draft.data["suggest"]
    raise ImportFailure(f"{conversion.file}: the converted tables would not settle after"
                        f" {MAX_ROUNDS} rounds of checks")


def write(conversion: Conversion, into: Path) -> Outcome:
    """Check every converted table, then write the good ones under `into`."""
    outcome = Outcome(conversion, into)
    outcome.dropped = _validate(conversion)
    if not conversion.drafts():
        first = outcome.dropped[0] if outcome.dropped else ("", "nothing to import")
        raise ImportFailure(f"{conversion.file}: no table passed the checks ({first[0]}: {first[1]})")
    from solo.tables.registry import load_tables

    known = load_tables(include_builtin=True, use_env=True)
    new_ids = {d.id for d in conversion.drafts()}
    ours = {f"{g.name}.yaml" for g in conversion.groups}
    outcome.replaces = sorted(
        tid for tid in new_ids & set(known.tables)
        if not _is_own_file(known.tables[tid].source, into, ours)
    )
    try:
        into.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ImportFailure(f"cannot create {into}: {exc.strerror or exc}") from None
    for group in conversion.groups:
        if not group.drafts:
            continue
        target = into / f"{group.name}.yaml"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ImportFailure(f"cannot create {target.parent}: {exc.strerror or exc}") from None
        outcome.files.append(write_text(target, _document(group)))
    return outcome


def _is_own_file(source: Path | None, into: Path, ours: set[str]) -> bool:
    """Whether a known table comes from a file this import replaces (a re-import)."""
    if source is None:
        return False
    try:
        return str(source.resolve().relative_to(into.resolve())) in ours
    except ValueError:
        return False
