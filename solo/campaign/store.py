"""Campaigns on disk: an append-only log per campaign, a snapshot now and then.

What is in the saves directory for a campaign whose slug is `salt-road`:

* `salt-road.log` — the action log (format in `log.py`): a header line, then
  one line per action, undo or rename, appended and fsynced before the move
  is reported done.  It is never rewritten; it only grows (the one exception:
  a last line cut short by a crash is cut off, with a notice).  It is also
  the campaign's lock: every writer holds `flock` on it while it catches up
  and appends, and the kernel drops that lock when a process dies.
* `salt-road.json` — the snapshot (format in `document.py`): the whole
  campaign as it stood after record `seq` of the log, which ends at byte
  `offset`.  Loading reads it and applies only the records after it, so
  loading never replays from the start.  It is rewritten (atomically: an
  exclusive temporary file, fsynced, renamed over it) when the log has grown
  past the snapshot by `max(SNAPSHOT_EVERY, a quarter of the snapshot's
  size)`: averaged, a move writes its line and about four times its line's
  size of snapshot, whatever the journal's length, and loading applies at
  most a quarter of a snapshot's worth of lines.
  Opening reads it line by line: the journal and the action log (one
  element per line) are checked as they pass and only where each line lies
  is kept, the entries read back when asked for (`stored.py`), so a
  campaign of 100,000 entries opens in a few tens of megabytes rather than
  hundreds.  The TUI opens it newest first (`open(lazy=True)`,
  `newest_first.py`): the newest entries are shown before the older lines
  are checked, which `Session.check()` does after the first frame.  It is
  written in pieces for the same reason, the journal's stored lines copied
  from the old snapshot a block at a time.
* `salt-road.json.bak` — the snapshot before that one (a hard link to the
  old file, so the snapshot itself never stops existing); at first, the
  campaign as it was created.  Because the log is never cut, the backup
  plus the log is the whole campaign too: `restore` after a damaged
  snapshot loses nothing.
* `salt-road.json.v1` — a save of the old one-file format, kept as it was
  when it was first opened and moved to the log (see `migrations.py`).

A campaign exists (is listed, opens) when its snapshot exists.  Temporary
files start with a dot and are never listed; each writer removes its own,
and leftovers of killed processes are removed under the campaign's lock.

Why a log and a snapshot: rewriting the whole campaign on every move made a
move at 100,000 journal entries cost seconds and tens of megabytes; a move
now writes one line.  Why the lock: two processes (the TUI and a `solo
note` in another terminal) each read what the other appended before adding
their own line, so nothing is lost or applied twice.

A file that does not load is never written over: the error names the file,
what is wrong and whether the backup loads.  `restore` keeps the damaged
file aside and puts the backup back (or, for a damaged log, keeps a copy
and cuts the log at the damage).  `rename` renames the snapshot in one
`rename(2)`, so the campaign is seen under the old name or the new, never
both; `delete` moves the files into `.deleted/`, the backup first and the log
last.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from solo.campaign import document, log, newest_first
from solo.campaign.actions import TablesSource
from solo.campaign.diskfiles import (
    Lock,
    fsync_dir,
    link_new,
    read_at,
    remove,
    sweep_temps,
    temp_name,
    write_new,
)
from solo.campaign.document import DamagedSave, LogRef, SaveError
from solo.campaign.session import Bound, Session
from solo.campaign.slugs import slugify
from solo.campaign.state import Campaign
from solo.campaign.systems import check_system
from solo.errors import SoloError
from solo.locations import saves_dir

SUFFIX = ".json"
BACKUP = ".bak"
LOG = ".log"
KEPT_V1 = ".json.v1"
TRASH = ".deleted"
STALE_TEMP_SECONDS = 600
SNAPSHOT_EVERY = 64 * 1024  # log bytes past the snapshot before it is rewritten, at least...
SNAPSHOT_SHARE = 0.25  # ...and at least this share of the snapshot's own size

Notify = Callable[[str], None]


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


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def log_path(path: Path) -> Path:
    """The log beside a snapshot path."""
    return path.with_name(path.name[: -len(SUFFIX)] + LOG)


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + BACKUP)


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
    """The campaigns in one saves directory, addressed by name or slug.

    `notify` receives one-line notices that are not errors (a torn last log
    line dropped, a snapshot that could not be rewritten); without it they
    are only kept in `Session.notices`.
    """

    def __init__(self, directory: str | os.PathLike | None = None, notify: Notify | None = None):
        self.directory = saves_dir(directory)
        self.notify = notify
        _check_directory(self.directory)

    # -- paths -----------------------------------------------------------------
    def path(self, name: str) -> Path:
        """The snapshot of a campaign name; always directly inside the saves directory."""
        path = self.directory / f"{slugify(name)}{SUFFIX}"
        if path.resolve().parent != self.directory.resolve():  # pragma: no cover - slugs forbid it
            raise SoloError(f"campaign name {name!r} would save outside {self.directory}")
        return path

    def backup_path(self, name: str) -> Path:
        return backup_of(self.path(name))

    def log_path(self, name: str) -> Path:
        return log_path(self.path(name))

    def exists(self, name: str) -> bool:
        return self.path(name).is_file()

    def _tell(self, message: str, notices: list[str] | None = None) -> None:
        if notices is not None:
            notices.append(message)
        if self.notify is not None:
            self.notify(message)

    # -- creating ----------------------------------------------------------------
    def create(self, name: str, *, system: str | None = None, seed: int | None = None,
               tables: TablesSource = None) -> Session:
        campaign = Campaign.new(name, system=check_system(system), seed=seed)
        path = self.path(name)
        if path.exists():
            raise SoloError(f"there is already a campaign called {name!r}: {path}")
        return self.add(campaign, tables)

    def add(self, campaign: Campaign, tables: TablesSource = None) -> Session:
        """Save a campaign built in memory (an import, a replay) under its name; never over another."""
        path = self.path(campaign.slug)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SoloError(f"could not make the saves directory {self.directory}: {_why(exc)}") from None
        fd, log_id, start = self._new_log(path)
        try:
            ref = LogRef(log_id, 0, start)
            try:
                self._write_snapshot(path, campaign, ref, exclusive=True)
            except BaseException:
                os.unlink(log_path(path))  # we hold its lock: nobody else has used it
                raise
            try:  # the first snapshot is the first backup (a copy, not a link: an edit of one in
                # place must not reach the other); with the log it is the whole campaign
                copy = write_new(backup_of(path), path.read_bytes())
                try:
                    os.replace(copy, backup_of(path))
                finally:
                    remove(copy)
            except OSError:
                pass
            bound = Bound(log_path(path), log_id, 0, start, os.fstat(fd).st_ino, start,
                          path.stat().st_size)
        finally:
            os.close(fd)
        return Session(campaign, store=self, bound=bound, tables=tables)

    def _new_log(self, path: Path, *, replace_leftover: bool = True) -> tuple[int, str, int]:
        """Create `path`'s log, locked: (fd, id, header length).

        A log already there without a snapshot is a leftover (a rename or a
        creation killed half-way); it is replaced if nobody holds its lock.
        """
        target = log_path(path)
        log_id = log.new_id()
        data = log.header(log_id)
        try:
            temp = write_new(target, data)
        except OSError as exc:
            raise SoloError(f"could not save {path}: {_why(exc)}") from None
        try:
            fd = os.open(temp, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
            Lock(fd).acquire()
            for _ in range(2):
                if link_new(temp, target):
                    return fd, log_id, len(data)
                if not replace_leftover or not self._clear_leftover_log(path):
                    break
            os.close(fd)
            raise SoloError(f"there is already a campaign file {target}")
        except OSError as exc:
            raise SoloError(f"could not save {path}: {_why(exc)}") from None
        finally:
            remove(temp)

    def _clear_leftover_log(self, path: Path) -> bool:
        """Remove a log that has no snapshot and no backup beside it, if nobody is using it."""
        target = log_path(path)
        if path.exists() or backup_of(path).exists():
            return False
        try:
            fd = os.open(target, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return True
        try:
            if not Lock(fd, wait=False).acquire():
                return False
            if path.exists() or backup_of(path).exists():
                return False
            os.unlink(target)
            return True
        finally:
            os.close(fd)

    # -- reading -----------------------------------------------------------------
    def _read_snapshot(self, path: Path, name: str, lazy: bool = False
                       ) -> tuple[Campaign, LogRef | None, int, Callable[[], None] | None]:
        """The snapshot's campaign, log position and size, and (`lazy`) what is left to check."""
        try:
            handle = open(path, "rb")
        except FileNotFoundError:
            backup = backup_of(path)
            if backup.exists():
                raise SoloError(f"no campaign {name!r} in {self.directory}, but its backup {backup}"
                                f" is there: `solo restore {path.stem}` brings it back") from None
            raise SoloError(f"no campaign {name!r} in {self.directory} (see `solo list`)") from None
        except OSError as exc:
            raise SoloError(f"cannot read {path}: {_why(exc)}") from None
        pending = None
        try:
            with handle:
                if lazy:
                    campaign, ref, size, pending = newest_first.open_snapshot(handle, path)
                else:
                    campaign, ref, size = document.read_snapshot(handle, path)
        except SaveError as exc:
            raise type(exc)(str(exc) + self._backup_hint(path), path) from None
        except OSError as exc:
            raise SoloError(f"cannot read {path}: {_why(exc)}") from None
        campaign.slug = path.stem  # the file's name wins if someone renamed it by hand
        return campaign, ref, size, None if pending is None else self._checking(path, pending)

    def _checking(self, path: Path, pending: newest_first.Check) -> Callable[[], None]:
        """`pending.run`, its errors worded as when the whole snapshot is read at once."""
        def check() -> None:
            try:
                pending.run()
            except SaveError as exc:
                raise type(exc)(str(exc) + self._backup_hint(path), path) from None
            except OSError as exc:
                raise SoloError(f"cannot read {path}: {_why(exc)}") from None
        return check

    def _apply_log(self, path: Path, campaign: Campaign, ref: LogRef | None, fd: int,
                   *, fix_torn: bool, notices: list[str] | None = None) -> tuple[str, int, int]:
        """Bring `campaign` up to the end of the log open as `fd`: (log id, seq, offset)."""
        target = log_path(path)
        try:
            log_id, tail = log.read_open(fd, ref.offset if ref else 0)
        except log.LogError as exc:
            raise DamagedSave(f"{target} is damaged: {exc}{self._log_hint(path)}", target) from None
        except OSError as exc:
            raise SoloError(f"cannot read {target}: {_why(exc)}") from None
        if ref is not None and log_id != ref.id:
            raise DamagedSave(f"{path} is damaged: it belongs to another log than {target}"
                              f"{self._backup_hint(path)}", path)
        try:
            seq, _ = log.apply_tail(campaign, tail, ref.seq if ref else 0, target)
        except log.LogError as exc:
            raise DamagedSave(f"{target} is damaged: {exc}{self._log_hint(path)}", target) from None
        if tail.torn and fix_torn:
            os.ftruncate(fd, tail.end)
            os.fsync(fd)
            self._tell(f"the last line of {target} was cut short ({tail.torn} bytes, a write"
                       " interrupted by a crash) and has been dropped; everything before it is kept",
                       notices)
        return log_id, seq, tail.end

    def open(self, name: str, tables: TablesSource = None, *, lazy: bool = False) -> Session:
        """The campaign, ready to play: every action through the session is appended to its log.

        `lazy`: a long snapshot is opened newest first (`newest_first.py`) and
        checked by `Session.check()`, which the caller runs when it suits it
        (the TUI: after the first frame); the session runs it itself before
        it rewrites the snapshot.
        """
        path = self.path(name)
        for _ in range(5):
            campaign, ref, size, check = self._read_snapshot(path, name, lazy)
            try:
                fd = os.open(log_path(path), os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
            except FileNotFoundError:
                if check is not None:
                    check()  # the snapshot is written again from what it holds: all of it checked
                self._start_log(path, campaign, ref)
                continue
            except OSError as exc:
                raise SoloError(f"cannot open {log_path(path)}: {_why(exc)}") from None
            try:
                with Lock(fd):
                    if not _same_file(fd, log_path(path)):
                        continue  # renamed or replaced while we waited: read again
                    notices: list[str] = []
                    log_id, seq, offset = self._apply_log(path, campaign, ref, fd, fix_torn=True,
                                                          notices=notices)
                    bound = Bound(log_path(path), log_id, seq, offset, os.fstat(fd).st_ino,
                                  ref.offset if ref else 0, size)
                    session = Session(campaign, store=self, bound=bound, tables=tables, check=check)
                    session.notices.extend(notices)
                    if ref is None:  # first opening since the move to a log: write the first snapshot
                        self.snapshot(session, fd)
                    return session
            except OSError as exc:
                raise SoloError(f"cannot read {log_path(path)}: {_why(exc)}") from None
            finally:
                os.close(fd)
        raise SoloError(f"{path} keeps changing under this solo (renamed or restored by another?);"
                        " try again")

    def _start_log(self, path: Path, campaign: Campaign, ref: LogRef | None) -> None:
        """Start a log for a snapshot that has none.

        A save of the one-file format (`ref` None) is kept as `.json.v1`; a
        snapshot whose log is gone (copied, or the log removed by hand) goes
        on from what it holds, with a notice, and now points at the new log.
        """
        if ref is None:
            kept = path.with_name(path.name[: -len(SUFFIX)] + KEPT_V1)
            try:
                if not kept.exists():
                    temp = temp_name(kept)
                    os.link(path, temp)
                    os.replace(temp, kept)
            except OSError:
                pass  # no hard links here: the first snapshot's backup still keeps the old file
        try:
            fd, log_id, start = self._new_log(path, replace_leftover=False)
        except SoloError:
            if log_path(path).exists():
                return  # another process started it first
            raise
        try:
            if ref is not None:
                self._tell(f"{path} had no log beside it ({log_path(path)}); it goes on from what the"
                           f" snapshot holds ({len(campaign.journal)} journal entries) with a new log")
                self._write_snapshot(path, campaign, LogRef(log_id, 0, start))
        finally:
            os.close(fd)

    def load(self, name: str) -> Campaign:
        """The campaign, read only (for showing and exporting)."""
        path = self.path(name)
        campaign, ref, _, _ = self._read_snapshot(path, name)
        try:
            fd = os.open(log_path(path), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return campaign  # the one-file format, or a snapshot without its log: what it holds
        except OSError as exc:
            raise SoloError(f"cannot read {log_path(path)}: {_why(exc)}") from None
        try:
            self._apply_log(path, campaign, ref, fd, fix_torn=False)
        finally:
            os.close(fd)
        return campaign

    def _backup_hint(self, path: Path) -> str:
        backup = backup_of(path)
        left = "; the file is left exactly as it is"
        if not backup.exists():
            return left + " (there is no backup)"
        try:
            kept = self._load_snapshot_file(backup, path)
        except (SoloError, OSError) as exc:
            return left + f"; the backup {backup} does not load either ({exc})"
        return (left + f"; the backup {backup} loads ({len(kept.journal)} journal entries with its"
                f" log): `solo restore {path.stem}` puts it back and keeps the damaged file aside")

    def _log_hint(self, path: Path) -> str:
        return (f"; the log is left exactly as it is: `solo restore {path.stem}` keeps a copy of it"
                " and cuts it where the damage starts, keeping every action before")

    def _load_snapshot_file(self, snapshot: Path, path: Path) -> Campaign:
        """Any snapshot file (the backup, say) of `path`'s campaign, brought up to date by its log."""
        campaign, ref = document.parse_snapshot(snapshot.read_bytes(), snapshot)
        campaign.slug = path.stem
        try:
            fd = os.open(log_path(path), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return campaign
        try:
            self._apply_log(path, campaign, ref, fd, fix_torn=False)
        finally:
            os.close(fd)
        return campaign

    # -- writing (the session calls these under the log's lock) ------------------
    def snapshot(self, session: Session, fd: int) -> None:
        """Rewrite the session's snapshot at its place in the log; a failure is a notice, not an error.

        The actions are in the log already, so a snapshot that cannot be
        written (a full disk) loses nothing: loading applies more records.
        """
        session.check()  # the lines it copies from the old snapshot are checked first
        bound = session.bound
        assert bound is not None
        path = self.path(session.campaign.slug)
        ref = LogRef(bound.id, bound.seq, bound.offset)
        try:
            size = self._write_snapshot(path, session.campaign, ref)
        except SoloError as exc:
            self._tell(f"the snapshot was not rewritten ({exc}); every action is in the log",
                       session.notices)
            return
        bound.snapshot_offset, bound.snapshot_size = bound.offset, size
        # Temporary snapshots and backups are only made under this lock: any left is a dead one's.
        sweep_temps(self.directory, STALE_TEMP_SECONDS, mine=(path.name, backup_of(path).name))

    def _write_snapshot(self, path: Path, campaign: Campaign, ref: LogRef, exclusive: bool = False) -> int:
        chunks = document.render_chunks(document.to_document(campaign, log=ref, lines=True))
        temp = None
        try:
            temp = write_new(path, _encoded(chunks, campaign.name))
            size = os.stat(temp).st_size
            if exclusive:
                if not link_new(temp, path):
                    raise SoloError(f"there is already a campaign file {path}")
            else:
                if path.exists():
                    self._keep_backup(path)
                os.replace(temp, path)
            fsync_dir(self.directory)
        except OSError as exc:
            raise SoloError(f"could not save {path}: {_why(exc)}; the last good save is untouched") from None
        finally:
            if temp is not None:
                remove(temp)
        return size

    @staticmethod
    def _keep_backup(path: Path) -> None:
        """Make the current snapshot the backup without ever removing the current snapshot."""
        backup = backup_of(path)
        temp = temp_name(backup)
        try:
            try:
                os.link(path, temp)
            except FileExistsError:  # pragma: no cover - 64 random bits
                raise
            except OSError:  # no hard links here: copy instead
                copied = write_new(backup, path.read_bytes())
                os.replace(copied, temp)
            os.replace(temp, backup)
        finally:
            remove(temp)

    # -- the directory -------------------------------------------------------------------
    def list(self) -> list[Listing]:
        """Every campaign, loadable or not, by slug; backups left without their campaign too."""
        try:
            if not self.directory.is_dir():
                return []
            names = sorted(p.name for p in self.directory.iterdir())
        except OSError as exc:
            raise SoloError(f"cannot read the saves directory {self.directory}: {_why(exc)}") from None
        present = set(names)
        found: list[Listing] = []
        for file_name in names:
            if file_name.startswith(".") or not file_name.endswith(SUFFIX):
                continue
            path = self.directory / file_name
            slug = path.stem
            try:
                modified = datetime.fromtimestamp(_modified(path), UTC).strftime("%Y-%m-%d %H:%M")
                c = self.load(slug)
            except (SoloError, OSError, ValueError) as exc:
                problem = str(exc) if isinstance(exc, SoloError) else f"cannot read {path}: {exc}"
                found.append(Listing(slug, path, problem=problem))
                continue
            found.append(Listing(slug, path, c.name, c.system, len(c.journal), c.scene.number,
                                 modified))
        for file_name in names:
            if file_name.startswith(".") or not file_name.endswith(SUFFIX + BACKUP):
                continue
            slug = file_name[: -len(SUFFIX + BACKUP)]
            if f"{slug}{SUFFIX}" in present or f"{slug}{LOG}" in present:
                continue  # a campaign, or one half-way through a rename or delete
            backup = self.directory / file_name
            found.append(Listing(slug, backup, problem=f"only the backup {backup} is left:"
                                 f" `solo restore {slug}` brings it back"))
        return sorted(found, key=lambda listing: listing.slug)

    def latest(self) -> str | None:
        """The slug of the campaign written most recently (by file times, nothing parsed), if any.

        The TUI opens it when started without a name; whether it loads is
        found out by opening it, as with any other campaign.
        """
        try:
            if not self.directory.is_dir():
                return None
            paths = list(self.directory.glob(f"*{SUFFIX}"))
        except OSError:
            return None
        newest: tuple[float, str] | None = None
        for path in paths:
            if path.name.startswith("."):
                continue
            try:
                mtime = _modified(path, ns=True)
            except OSError:
                continue
            if newest is None or (mtime, path.stem) > newest:
                newest = (mtime, path.stem)
        return newest[1] if newest else None

    # -- delete, restore, rename ----------------------------------------------------------
    def _locked_log(self, path: Path) -> int | None:
        """The campaign's log, open and locked (None when it has none: the one-file format)."""
        for _ in range(5):
            try:
                fd = os.open(log_path(path), os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
            except FileNotFoundError:
                return None
            Lock(fd).acquire()
            if _same_file(fd, log_path(path)):
                return fd
            os.close(fd)
        raise SoloError(f"{log_path(path)} keeps changing under this solo; try again")

    def delete(self, name: str) -> Path:
        """Move the files into `.deleted/` (backup, snapshot, log); returns the snapshot's new place."""
        path = self.path(name)
        try:
            return self._delete(name, path)
        except OSError as exc:
            raise SoloError(f"could not delete {path.stem!r}: {_why(exc)}"
                            f" ({exc.filename or self.directory}); nothing more was moved") from None

    def _delete(self, name: str, path: Path) -> Path:
        backup, logged = backup_of(path), log_path(path)
        if not any(p.exists() for p in (path, backup, logged)):
            raise SoloError(f"no campaign {name!r} in {self.directory} (see `solo list`)")
        fd = self._locked_log(path)
        try:
            trash = self.directory / TRASH
            trash.mkdir(exist_ok=True)
            stamp, n = _compact_now(), 1
            target = trash / f"{path.stem}-{stamp}{SUFFIX}"
            while any(p.exists() for p in (target, backup_of(target), log_path(target))):
                n += 1
                target = trash / f"{path.stem}-{stamp}-{n}{SUFFIX}"
            # The backup first and the log last: killed in between, what is left is the
            # campaign without its backup, or a lone log (never listed, cleared by the next use).
            for source, moved in ((backup, backup_of(target)), (path, target),
                                  (logged, log_path(target))):
                if source.exists():
                    os.replace(source, moved)
            fsync_dir(self.directory)
            fsync_dir(trash)
        finally:
            if fd is not None:
                os.close(fd)
        return target

    def restore(self, name: str) -> tuple[Campaign, Path | None]:
        """Mend a campaign that does not load; the damaged file is kept aside, never lost.

        A damaged snapshot is replaced by its backup (with the log, nothing
        is lost); a damaged log is copied aside and cut where the damage
        starts.  Refused when the campaign loads: undo is the way back from a
        good campaign.  Returns the campaign restored and where the damaged
        file went.  The snapshot is never missing at any step: the damaged one
        is linked aside before the backup is renamed over it.
        """
        path = self.path(name)
        try:
            return self._restore(name, path)
        except OSError as exc:
            raise SoloError(f"could not restore {path.stem!r}: {_why(exc)}"
                            f" ({exc.filename or self.directory}); the campaign's files are as"
                            " they were or restored, never missing") from None

    def _restore(self, name: str, path: Path) -> tuple[Campaign, Path | None]:
        backup = backup_of(path)
        fd = self._locked_log(path)
        try:
            problem: SaveError | None = None
            try:
                self.load(name)
            except SaveError as exc:
                problem = exc
            except SoloError:
                if not backup.exists():
                    raise
            else:
                raise SoloError(f"{path} loads fine, so it is not replaced by its older backup;"
                                f" `solo undo -c {path.stem}` steps back one action at a time")
            if problem is not None and problem.path == log_path(path) and fd is not None:
                return self._cut_log(name, path, fd)
            if not backup.exists():
                raise SoloError(f"there is no backup of {name!r} to restore ({backup} does not exist)")
            raw = backup.read_bytes()
            campaign = self._load_snapshot_file(backup, path)
            aside = None
            if path.exists():
                aside = self._aside(path)
            temp = write_new(path, raw)
            try:
                os.replace(temp, path)
            finally:
                remove(temp)
            fsync_dir(self.directory)
        finally:
            if fd is not None:
                os.close(fd)
        campaign.slug = path.stem
        return campaign, aside

    def _cut_log(self, name: str, path: Path, fd: int) -> tuple[Campaign, Path | None]:
        target = log_path(path)
        campaign, ref, _, _ = self._read_snapshot(path, name)
        _, tail = log.read_open(fd, ref.offset if ref else 0, stop_at_damage=True)
        seq = ref.seq if ref else 0
        cut = tail.end
        for at, record in tail.records:
            try:
                log.apply_tail(campaign, log.Tail([(at, record)], at), seq, target)
            except log.LogError:
                cut = at
                break
            seq += 1
        copy = write_new(target, read_at(fd, os.fstat(fd).st_size, 0))
        try:
            aside = self._aside(target, copy)
        finally:
            remove(copy)
        os.ftruncate(fd, cut)
        os.fsync(fd)
        fsync_dir(self.directory)
        return campaign, aside

    @staticmethod
    def _aside(path: Path, source: Path | None = None) -> Path:
        """Link `source` (default `path`) to a free `<path>.damaged-<time>[-n]` name; that name."""
        stamp = f"{path.name}.damaged-{_compact_now()}"
        for n in range(1, 1000):
            aside = path.with_name(stamp if n == 1 else f"{stamp}-{n}")
            if link_new(source or path, aside):
                return aside
        raise SoloError(f"too many damaged copies of {path} this second; try again")

    def rename(self, name: str, new_name: str) -> Campaign:
        """Give a campaign a new name (and files); seen under the old name or the new, never both.

        Not an action: the name is the campaign's label, not part of its
        story, so it is not journaled and undo never renames; it is a `name`
        record in the log so every process holding the campaign learns it.
        The snapshot moves in one `rename(2)`; before it, the new log name is
        taken with a hard link (so nobody can start a campaign there), after
        it the old log name is removed.  Killed in between, the campaign is
        under one name and a leftover log name is cleared by the next use.
        """
        path = self.path(name)
        try:
            return self._rename(name, new_name, path)
        except OSError as exc:
            raise SoloError(f"could not rename {path.stem!r}: {_why(exc)}"
                            f" ({exc.filename or self.directory}); it keeps one name") from None

    def _rename(self, name: str, new_name: str, path: Path) -> Campaign:
        new_path = self.path(new_name)
        session = self.open(name)  # migrates an old save, drops a torn line, loads
        fd = self._locked_log(path)
        assert fd is not None
        try:
            session.catch_up(fd)
            session.append(fd, log.encode({"seq": session.bound.seq + 1, "op": "name",  # type: ignore[union-attr]
                                           "name": new_name, "at": _now()}))
            campaign = session.campaign
            campaign.name = new_name
            if new_path == path:
                return campaign
            if new_path.exists() or backup_of(new_path).exists():
                raise SoloError(f"there is already a campaign file {new_path}")
            if not link_new(log_path(path), log_path(new_path)):
                if not (self._clear_leftover_log(new_path)
                        and link_new(log_path(path), log_path(new_path))):
                    raise SoloError(f"there is already a campaign file {log_path(new_path)}")
            if new_path.exists():  # pragma: no cover - a creator gets the log name first
                os.unlink(log_path(new_path))
                raise SoloError(f"there is already a campaign file {new_path}")
            moved_backup = False
            try:
                if backup_of(path).exists():
                    os.replace(backup_of(path), backup_of(new_path))
                    moved_backup = True
                os.replace(path, new_path)  # the one step anyone sees
            except OSError:
                if moved_backup:
                    _quietly(os.replace, backup_of(new_path), backup_of(path))
                _quietly(os.unlink, log_path(new_path))
                raise
            _quietly(os.unlink, log_path(path))  # else a leftover, cleared by the next use of the name
            fsync_dir(self.directory)
        finally:
            os.close(fd)
        campaign.slug = new_path.stem
        return campaign


def _encoded(chunks: Iterator[str], name: str, batch: int = 1 << 18) -> Iterator[bytes]:
    """UTF-8 bytes of `chunks` in pieces of about `batch` characters (few writes, little memory)."""
    pending: list[str] = []
    size = 0
    try:
        for chunk in chunks:
            pending.append(chunk)
            size += len(chunk)
            if size >= batch:
                yield "".join(pending).encode("utf-8")
                pending, size = [], 0
        yield "".join(pending).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SoloError(f"campaign {name!r} holds text that cannot be saved: {exc}") from None


def _now() -> str:
    from solo.campaign.journal import utc_now

    return utc_now()


def _quietly(step: Callable[..., object], *args: object) -> None:
    try:
        step(*args)
    except OSError:
        pass


def _same_file(fd: int, path: Path) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (st.st_ino, st.st_dev) == (mine.st_ino, mine.st_dev)


def _modified(path: Path, ns: bool = False) -> float:
    """When a campaign last changed: its snapshot's or its log's time, the later."""
    times = [path.stat().st_mtime_ns]
    try:
        times.append(log_path(path).stat().st_mtime_ns)
    except OSError:
        pass
    newest = max(times)
    return newest if ns else newest / 1e9

