"""Campaign files on disk: written so that a crash can never cost the story.

Every save writes the whole document to a temporary file in the saves
directory, flushes and fsyncs it, keeps the file it replaces as
`<slug>.json.bak` (a hard link, so the campaign file itself never stops
existing), renames the new file over the old one and fsyncs the directory.
Killed at any instant, the directory holds the old campaign or the new one,
never a mix and never nothing.

A file that does not load is never written over: the error names the file
and what is wrong and says whether the backup loads; `restore` moves the
damaged file aside (it is kept, not deleted) and puts the backup in its
place.  A save also refuses to replace a file that changed on disk since it
was loaded (another solo at work on the same campaign), rather than lose
that process's writing.  Deleting moves the files into `.deleted/`.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from solo.campaign import document
from solo.campaign.actions import TablesSource
from solo.campaign.document import SaveError
from solo.campaign.session import Session
from solo.campaign.slugs import slugify
from solo.campaign.state import Campaign
from solo.campaign.systems import check_system
from solo.errors import SoloError
from solo.locations import saves_dir

SUFFIX = ".json"
BACKUP = ".bak"
TRASH = ".deleted"
STALE_TEMP_SECONDS = 3600

Stamp = tuple[int, int, int]


def _stamp(path: Path) -> Stamp | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # Windows cannot open a directory; its renames are durable enough
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_synced(path: Path, data: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _check_directory(directory: Path) -> None:
    """Refuse a saves directory that is a file, or lies under one, before anything is read or written.

    Otherwise listing would call a file "no campaigns yet" and saving would
    fail halfway with the operating system's words.
    """
    for place in (directory, *directory.parents):
        try:
            if place.is_dir():
                return
            found = place.exists()
        except OSError:  # not allowed to look: the first read or write will say so
            return
        if found:
            where = "is a file" if place == directory else f"cannot be made: {place} is a file"
            raise SoloError(f"the saves directory {directory} {where}, not a directory;"
                            " choose another with --saves DIR (or SOLO_SAVES)")


def _compact_now() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


@dataclass
class Listing:
    """One campaign in the saves directory, or a file there that does not load."""

    slug: str
    path: Path
    name: str | None = None
    system: str | None = None
    entries: int = 0
    scene: int = 0
    modified: str = ""
    problem: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"slug": self.slug, "path": str(self.path), "name": self.name, "system": self.system,
                "entries": self.entries, "scene": self.scene, "modified": self.modified,
                "problem": self.problem}


class CampaignStore:
    """The campaigns in one saves directory, addressed by name or slug."""

    def __init__(self, directory: str | os.PathLike | None = None):
        self.directory = saves_dir(directory)
        _check_directory(self.directory)

    # -- paths -----------------------------------------------------------------
    def path(self, name: str) -> Path:
        """The save file of a campaign name; always directly inside the saves directory."""
        path = self.directory / f"{slugify(name)}{SUFFIX}"
        if path.resolve().parent != self.directory.resolve():  # pragma: no cover - slugs forbid it
            raise SoloError(f"campaign name {name!r} would save outside {self.directory}")
        return path

    def backup_path(self, name: str) -> Path:
        path = self.path(name)
        return path.with_name(path.name + BACKUP)

    def exists(self, name: str) -> bool:
        return self.path(name).is_file()

    # -- opening -----------------------------------------------------------------
    def create(self, name: str, *, system: str | None = None, seed: int | None = None,
               tables: TablesSource = None) -> Session:
        campaign = Campaign.new(name, system=check_system(system), seed=seed)
        path = self.path(name)
        if path.exists():
            raise SoloError(f"there is already a campaign called {name!r}: {path}")
        return self.add(campaign, tables)

    def add(self, campaign: Campaign, tables: TablesSource = None) -> Session:
        """Save a campaign built in memory (an import, a replay) under its name; never over another."""
        stamp = self._write(self.path(campaign.slug), campaign, exclusive=True)
        return Session(campaign, store=self, stamp=stamp, tables=tables)

    def open(self, name: str, tables: TablesSource = None) -> Session:
        """The campaign, ready to play: every action through the session is saved."""
        campaign, stamp = self._read(self.path(name), name)
        return Session(campaign, store=self, stamp=stamp, tables=tables)

    def load(self, name: str) -> Campaign:
        """The campaign, read only (for showing and exporting)."""
        return self._read(self.path(name), name)[0]

    def _read(self, path: Path, name: str) -> tuple[Campaign, Stamp]:
        try:
            with open(path, "rb") as handle:
                st = os.fstat(handle.fileno())
                raw = handle.read()
        except FileNotFoundError:
            backup = path.with_name(path.name + BACKUP)
            if backup.exists():
                raise SoloError(f"no campaign {name!r} in {self.directory}, but its backup {backup}"
                                f" is there: `solo restore {path.stem}` brings it back") from None
            raise SoloError(f"no campaign {name!r} in {self.directory} (see `solo list`)") from None
        except OSError as exc:
            raise SoloError(f"cannot read {path}: {exc.strerror}") from None
        try:
            campaign = document.parse(raw, path)
        except SaveError as exc:
            raise type(exc)(str(exc) + self._backup_hint(path), path) from None
        campaign.slug = path.stem  # the file's name wins if someone renamed it by hand
        return campaign, (st.st_ino, st.st_size, st.st_mtime_ns)

    def _backup_hint(self, path: Path) -> str:
        backup = path.with_name(path.name + BACKUP)
        left = "; the file is left exactly as it is"
        if not backup.exists():
            return left + " (there is no backup)"
        try:
            kept = document.parse(backup.read_bytes(), backup)
        except (SaveError, OSError) as exc:
            return left + f"; the backup {backup} does not load either ({exc})"
        return (left + f"; the backup {backup} loads ({len(kept.journal)} journal entries, one save"
                f" older): `solo restore {path.stem}` puts it back and keeps the damaged file aside")

    # -- saving --------------------------------------------------------------------
    def save(self, campaign: Campaign, expect: Stamp | None) -> Stamp:
        """Write `campaign` over its file, which must be as it was when loaded (`expect`)."""
        path = self.path(campaign.slug)
        if _stamp(path) != expect:
            raise SoloError(f"{path} changed on disk since it was opened (is another solo using it?);"
                            " not writing over it: open the campaign again")
        return self._write(path, campaign)

    def _write(self, path: Path, campaign: Campaign, exclusive: bool = False) -> Stamp:
        data = document.render(document.to_document(campaign)).encode("utf-8")
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            _write_synced(temp, data)
            if exclusive:
                self._link_new(temp, path)
            else:
                if path.exists():
                    self._keep_backup(path)
                os.replace(temp, path)
            _fsync_dir(self.directory)
        except OSError as exc:
            try:
                temp.unlink(missing_ok=True)
            except OSError:  # the temporary file was never made (the directory is not one)
                pass
            raise SoloError(f"could not save {path}: {exc.strerror or exc};"
                            " the last good save is untouched") from None
        self._sweep(path)
        stamp = _stamp(path)
        assert stamp is not None
        return stamp

    @staticmethod
    def _link_new(temp: Path, path: Path) -> None:
        """Put `temp` at `path` only if nothing is there (an atomic check where links work)."""
        try:
            os.link(temp, path)
        except FileExistsError:
            temp.unlink(missing_ok=True)
            raise SoloError(f"there is already a campaign file {path}") from None
        except OSError:
            if path.exists():
                temp.unlink(missing_ok=True)
                raise SoloError(f"there is already a campaign file {path}") from None
            os.replace(temp, path)
            return
        temp.unlink()

    @staticmethod
    def _keep_backup(path: Path) -> None:
        """Make the current file the backup without ever removing the current file."""
        backup = path.with_name(path.name + BACKUP)
        temp = path.with_name(f".{backup.name}.{os.getpid()}.tmp")
        temp.unlink(missing_ok=True)
        try:
            try:
                os.link(path, temp)
            except OSError:  # no hard links here: copy instead
                _write_synced(temp, path.read_bytes())
            os.replace(temp, backup)
        except OSError:
            temp.unlink(missing_ok=True)
            raise

    def _sweep(self, path: Path) -> None:
        """Remove temporary files a killed process left behind long ago."""
        cutoff = time.time() - STALE_TEMP_SECONDS
        for leftover in self.directory.glob(f".{path.name}.*.tmp"):
            try:
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
            except OSError:
                pass

    # -- the directory -------------------------------------------------------------------
    def list(self) -> list[Listing]:
        """Every campaign file, loadable or not, by slug; backups left without their file too."""
        if not self.directory.is_dir():
            return []
        found: list[Listing] = []
        for path in sorted(self.directory.glob(f"*{SUFFIX}")):
            if path.name.startswith("."):
                continue
            modified = datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%d %H:%M")
            try:
                c = document.parse(path.read_bytes(), path)
            except (SaveError, OSError) as exc:
                found.append(Listing(path.stem, path, modified=modified, problem=str(exc)))
                continue
            found.append(Listing(path.stem, path, c.name, c.system, len(c.journal), c.scene.number,
                                 modified))
        for backup in sorted(self.directory.glob(f"*{SUFFIX}{BACKUP}")):
            slug = backup.name[: -len(SUFFIX + BACKUP)]
            if not (self.directory / f"{slug}{SUFFIX}").exists():
                found.append(Listing(slug, backup, problem=f"only the backup {backup} is left:"
                                     f" `solo restore {slug}` brings it back"))
        return sorted(found, key=lambda listing: listing.slug)

    def latest(self) -> str | None:
        """The slug of the campaign saved most recently (by file time, nothing parsed), if any.

        The TUI opens it when started without a name; whether it loads is
        found out by opening it, as with any other campaign.
        """
        if not self.directory.is_dir():
            return None
        newest: tuple[int, str] | None = None
        for path in self.directory.glob(f"*{SUFFIX}"):
            if path.name.startswith("."):
                continue
            try:
                mtime = path.stat().st_mtime_ns
            except OSError:
                continue
            if newest is None or (mtime, path.stem) > newest:
                newest = (mtime, path.stem)
        return newest[1] if newest else None

    def delete(self, name: str) -> Path:
        """Move the campaign's file and backup into `.deleted/`; the new place is returned."""
        path, backup = self.path(name), self.backup_path(name)
        if not path.exists() and not backup.exists():
            raise SoloError(f"no campaign {name!r} in {self.directory} (see `solo list`)")
        trash = self.directory / TRASH
        trash.mkdir(exist_ok=True)
        stamp, n = _compact_now(), 1
        target = trash / f"{path.stem}-{stamp}{SUFFIX}"
        while target.exists() or target.with_name(target.name + BACKUP).exists():
            n += 1
            target = trash / f"{path.stem}-{stamp}-{n}{SUFFIX}"
        if path.exists():
            os.replace(path, target)
        if backup.exists():
            os.replace(backup, target.with_name(target.name + BACKUP))
        _fsync_dir(self.directory)
        return target

    def restore(self, name: str) -> tuple[Campaign, Path | None]:
        """Put the backup back as the campaign file; the damaged file is moved aside, not lost.

        Refused when the campaign file loads: the backup is older, and undo is
        the way back from a good file.  Returns the campaign restored and where
        the damaged file went (None when there was none).
        """
        path, backup = self.path(name), self.backup_path(name)
        if not backup.exists():
            raise SoloError(f"there is no backup of {name!r} to restore ({backup} does not exist)")
        raw = backup.read_bytes()
        campaign = document.parse(raw, backup)
        aside = None
        if path.exists():
            try:
                document.parse(path.read_bytes(), path)
            except SaveError:
                aside = path.with_name(f"{path.name}.damaged-{_compact_now()}")
                os.replace(path, aside)
            else:
                raise SoloError(f"{path} loads fine, so it is not replaced by its older backup;"
                                f" `solo undo {path.stem}` steps back one action at a time")
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        _write_synced(temp, raw)
        os.replace(temp, path)
        _fsync_dir(self.directory)
        campaign.slug = path.stem
        return campaign, aside

    def rename(self, name: str, new_name: str) -> Campaign:
        """Give a campaign a new name (and file); the file as it was becomes the new file's backup.

        Not an action: the name is the campaign's label, not part of its story,
        so it is not journaled and undo never renames.
        """
        session = self.open(name)
        old_path, old_backup = self.path(name), self.backup_path(name)
        campaign = session.campaign
        new_path = self.path(new_name)
        campaign.name = new_name
        if new_path == old_path:
            session.save()
            return campaign
        campaign.slug = new_path.stem
        self._write(new_path, campaign, exclusive=True)
        os.replace(old_path, new_path.with_name(new_path.name + BACKUP))
        old_backup.unlink(missing_ok=True)
        _fsync_dir(self.directory)
        return campaign

