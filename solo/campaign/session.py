"""An open campaign bound to its log: every action and every undo is appended at once.

The CLI opens a session per command; the TUI keeps one for as long as the
campaign is on screen.  Each move, under the log's lock (`store.py`):

1. catches up: the records other processes appended since this session last
   looked are applied first, so two writers never lose each other's moves;
2. runs the action in memory;
3. appends one record (`log.py`) with one write and fsyncs it; only then is
   the move done and its entries returned;
4. now and then rewrites the snapshot (never needed for safety).

A failed append (a full disk, a read-only file system) is rolled back: the
campaign in memory is put back as it was before the action, the log is cut
back to where it was, and the error is raised, so what the player sees is
never ahead of what is kept and a retried command is never written twice.

`refresh()` catches up without writing (the TUI polls it); the first
journal index that changed because of another process is kept until
`take_external()` hands it over, so a front end can redraw just that.

A session without a store is a scratch pad: the same actions on a throwaway
campaign, nothing written.  The CLI uses one for a plain `solo roll`.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solo.campaign import log
from solo.campaign.actions import TablesSource, perform, redo, undo
from solo.campaign.diskfiles import Lock, write_all
from solo.campaign.journal import JournalEntry, UndoStep, utc_now
from solo.campaign.state import Campaign
from solo.campaign.stored import last_identity
from solo.dice import Rng
from solo.errors import SoloError

if TYPE_CHECKING:
    from solo.campaign.store import CampaignStore


@dataclass
class Bound:
    """Where a session stands in its campaign's log."""

    path: Path            # the log
    id: str               # its header's id
    seq: int              # the last record applied
    offset: int           # the byte just after it
    inode: int            # the log file this session read (a replaced log is refused)
    snapshot_offset: int  # where the last snapshot stood
    snapshot_size: int    # its size in bytes


class Session:
    def __init__(self, campaign: Campaign, *, store: CampaignStore | None = None,
                 bound: Bound | None = None, tables: TablesSource = None,
                 check: Callable[[], None] | None = None):
        self.campaign = campaign
        self._check = check  # what is left to check of the snapshot (see `check`)
        self._check_lock = threading.Lock()
        self._damage: SoloError | None = None
        self.store = store
        self.bound = bound
        self.tables = tables
        self.notices: list[str] = []
        self._external: int | None = None
        self._failed_at: int | None = None  # the log's size when catching up last failed
        self._synced = self._fingerprint() if bound is not None else None

    @classmethod
    def scratch(cls, rng: Rng, tables: TablesSource = None) -> Session:
        """A session on a throwaway campaign rolling with `rng`; nothing is saved or kept for undo."""
        return cls(Campaign.new("scratch", rng=rng), tables=tables)

    @property
    def saved(self) -> bool:
        return self.store is not None

    @property
    def path(self) -> Path | None:
        return self.store.path(self.campaign.slug) if self.store else None

    # -- the snapshot opened newest first ------------------------------------------------
    @property
    def checked(self) -> bool:
        """Whether the snapshot this session was opened from has been checked whole, and passed."""
        return self._check is None and self._damage is None

    def check(self) -> None:
        """Check the rest of the snapshot this session was opened from, once; raise what is wrong.

        A long campaign opened newest first (`CampaignStore.open(lazy=True)`,
        `newest_first.py`) is shown before its older lines are checked; this
        checks them (from any thread; a second caller waits for the first).
        Damage is raised here and again by every later move, and nothing is
        written from the damaged file.  Moves made before it is known were
        appended to the log, which holds their entries and state whole: the
        backup plus the log keeps them (`solo restore`).
        """
        if self._check is not None:
            with self._check_lock:
                if self._check is not None:
                    try:
                        self._check()
                    except SoloError as exc:
                        self._damage = exc
                    self._check = None  # not on any other error: that one is not an answer
        self._refuse_if_damaged()

    def _refuse_if_damaged(self) -> None:
        if self._damage is not None:
            raise self._damage

    # -- moves ------------------------------------------------------------------------
    def perform(self, name: str, /, **params: Any) -> list[JournalEntry]:
        """Run an action (see `solo.campaign.actions.perform`) and append it; its entries are returned."""
        if not self.saved:
            return perform(self.campaign, name, params, tables=self.tables, undo_depth=0,
                           plain_data=False)
        self._refuse_if_damaged()
        with self._locked() as fd:
            self._keep_direct_changes(fd)
            self.catch_up(fd)
            c = self.campaign
            steps, waiting = c.undo[:], c.redo[:]
            entries = perform(c, name, params, tables=self.tables)
            try:
                line = log.do_record(self.bound.seq + 1, c, entries)  # type: ignore[union-attr]
                self.append(fd, line)
            except BaseException:
                _take_back(c, steps, waiting)
                raise
            self._maybe_snapshot(fd)
            self._synced = self._fingerprint()
        return entries

    def undo(self) -> tuple[UndoStep, list[JournalEntry]]:
        """Take back the last action and append that; the step and the removed entries are returned."""
        if not self.saved:
            return undo(self.campaign)
        self._refuse_if_damaged()
        with self._locked() as fd:
            self._keep_direct_changes(fd)
            self.catch_up(fd)
            c = self.campaign
            state = json.dumps(c.state_dict())
            journal, actions, steps = c.journal.copy(), c.actions.copy(), c.undo[:]
            step, removed = undo(c)
            try:
                self.append(fd, log.undo_record(self.bound.seq + 1, utc_now()))  # type: ignore[union-attr]
            except BaseException:
                c.load_state(json.loads(state))
                c.journal, c.actions, c.undo = journal, actions, steps
                raise
            self._maybe_snapshot(fd)
            self._synced = self._fingerprint()
        return step, removed

    def redo(self) -> tuple[str, list[JournalEntry]]:
        """Do again what the last undo took back, and append that; its name and entries are returned."""
        if not self.saved:
            return redo(self.campaign, undo_depth=0)
        with self._locked() as fd:
            self._keep_direct_changes(fd)
            self.catch_up(fd)
            c = self.campaign
            steps, waiting = c.undo[:], c.redo[:]
            name, entries = redo(c)
            try:
                line = log.do_record(self.bound.seq + 1, c, entries, redo=True)  # type: ignore[union-attr]
                self.append(fd, line)
            except BaseException:
                _take_back(c, steps, waiting)
                raise
            self._maybe_snapshot(fd)
            self._synced = self._fingerprint()
        return name, entries

    def save(self) -> None:
        """Rewrite the snapshot now (on quit, say); every move is already kept without it."""
        if self.store is None:
            return
        self.check()
        with self._locked() as fd:
            self._keep_direct_changes(fd)
            self.catch_up(fd)
            self.store.snapshot(self, fd)
            self._synced = self._fingerprint()

    def save_if_behind(self) -> bool:
        """Rewrite the snapshot if the log holds records past it; whether it did (the TUI, on quit).

        The next opening then reads the snapshot and applies nothing from the log.
        """
        bound = self.bound
        if self.store is None or bound is None:
            return False
        if bound.offset == bound.snapshot_offset and not self.changed_on_disk():
            return False
        self.save()
        return True

    # -- other processes --------------------------------------------------------------
    def refresh(self) -> int | None:
        """Apply what other processes appended; the first journal index changed by them, or None.

        The index is kept for `take_external()` too (it is not handed over here).
        """
        if self.bound is None:
            return None
        try:
            size = os.stat(self.bound.path).st_size
        except OSError:
            return None  # renamed or deleted: the next move says so
        if size in (self.bound.offset, self._failed_at):
            return None
        self._refuse_if_damaged()
        try:
            with self._locked() as fd:
                self._keep_direct_changes(fd)
                self.catch_up(fd)
                self._synced = self._fingerprint()
        except SoloError:
            self._failed_at = size  # said once; not again until the log changes
            raise
        return self._external

    def changed_on_disk(self) -> bool:
        """True when the log is not the length this session last saw (cheap: one `stat`)."""
        if self.bound is None:
            return False
        try:
            return os.stat(self.bound.path).st_size not in (self.bound.offset, self._failed_at)
        except OSError:
            return False

    def take_notices(self) -> list[str]:
        """The notices gathered so far (a torn log line dropped...), each handed over once."""
        notices, self.notices = self.notices, []
        return notices

    def take_external(self) -> int | None:
        """The first journal index changed by another process since the last call (None: none)."""
        mark, self._external = self._external, None
        return mark

    # -- the log (called with its lock held) ------------------------------------------
    def catch_up(self, fd: int) -> None:
        bound = self._bound()
        size = os.fstat(fd).st_size
        if size == bound.offset:
            return
        if size < bound.offset:
            raise SoloError(f"{bound.path} is shorter than when {self.campaign.name!r} was opened"
                            " (restored by another solo?): open the campaign again")
        try:
            _, tail = log.read_open(fd, bound.offset)
            seq, changed = log.apply_tail(self.campaign, tail, bound.seq, bound.path)
        except log.LogError as exc:
            self._reload()
            raise SoloError(f"{bound.path} is damaged: {exc}; `solo restore {self.campaign.slug}`"
                            " keeps a copy and cuts it where the damage starts") from None
        except OSError as exc:
            raise SoloError(f"cannot read {bound.path}: {exc.strerror or exc}") from None
        if tail.torn:
            os.ftruncate(fd, tail.end)
            os.fsync(fd)
            assert self.store is not None
            self.store._tell(f"the last line of {bound.path} was cut short ({tail.torn} bytes, a"
                             " write interrupted by a crash) and has been dropped; everything"
                             " before it is kept", self.notices)
        bound.seq, bound.offset = seq, tail.end
        self._synced = self._fingerprint()  # what the log holds now, whatever this move does next
        if changed is not None:
            self._external = changed if self._external is None else min(self._external, changed)

    def append(self, fd: int, line: bytes) -> None:
        """Write one record at the end of the log and fsync it; on failure the log is as it was."""
        bound = self._bound()
        try:
            os.lseek(fd, bound.offset, os.SEEK_SET)
            write_all(fd, line)
            _sync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, bound.offset)
            except OSError:
                pass  # the line has no newline yet: it is read as torn and dropped
            raise SoloError(f"could not save to {bound.path}: {exc.strerror or exc}; the move was"
                            " taken back and the campaign is as it was before it") from None
        bound.seq += 1
        bound.offset += len(line)

    def _fingerprint(self) -> tuple[Any, ...]:
        c = self.campaign
        state = c.state_dict()
        rng = state.pop("rng")
        return (len(c.journal), len(c.actions), len(c.undo), last_identity(c.actions),
                c.name, rng["internal"], json.dumps(state, ensure_ascii=False, default=repr))

    def _keep_direct_changes(self, fd: int) -> None:
        """Snapshot changes made to `campaign` directly (not through an action) since the last record.

        Tests and tools sometimes set a campaign up by hand; such changes
        are not in the log, so the snapshot keeps them before anything else.
        """
        if self._synced is not None and self._fingerprint() != self._synced:
            assert self.store is not None
            self.store.snapshot(self, fd)

    def _maybe_snapshot(self, fd: int) -> None:
        from solo.campaign import store

        if self._check is not None:
            return  # not before the old snapshot's lines are checked (never needed for safety)
        bound = self._bound()
        due = max(store.SNAPSHOT_EVERY, bound.snapshot_size * store.SNAPSHOT_SHARE)
        if bound.offset - bound.snapshot_offset > due:
            assert self.store is not None
            self.store.snapshot(self, fd)

    def _bound(self) -> Bound:
        if self.bound is None:
            raise SoloError("this campaign is not bound to a log")  # pragma: no cover
        return self.bound

    def _locked(self) -> _LogLock:
        return _LogLock(self)

    def _reload(self) -> None:
        """Throw away a campaign half-changed by a bad record: load it again, if it loads."""
        assert self.store is not None
        try:
            fresh = self.store.open(self.campaign.slug, tables=self.tables)
        except SoloError:
            return
        self.campaign, self.bound = fresh.campaign, fresh.bound
        self._synced = fresh._synced
        self._external = 0


class _LogLock:
    """Open the session's log, lock it, and check it is still the same file."""

    def __init__(self, session: Session):
        self.session = session
        self.fd: int | None = None

    def __enter__(self) -> int:
        bound = self.session._bound()
        name = self.session.campaign.name
        try:
            fd = os.open(bound.path, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            raise SoloError(f"{name!r} was renamed or deleted by another solo since it was opened"
                            " (its log {bound.path} is gone): open it again") from None
        except OSError as exc:
            raise SoloError(f"cannot open {bound.path}: {exc.strerror or exc}") from None
        try:
            Lock(fd).acquire()
            st = os.fstat(fd)
            current = os.stat(bound.path)
            if st.st_ino != bound.inode or (current.st_ino, current.st_dev) != (st.st_ino, st.st_dev):
                raise SoloError(f"{bound.path} was replaced since {name!r} was opened (deleted,"
                                " renamed or restored by another solo?): open it again")
        except FileNotFoundError:
            os.close(fd)
            raise SoloError(f"{name!r} was renamed or deleted by another solo since it was opened:"
                            " open it again") from None
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd
        return fd

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing drops the lock


def _take_back(c: Campaign, steps: list[UndoStep], waiting: list[dict[str, Any]]) -> None:
    """Put back the campaign as it was before the action whose record could not be appended."""
    step = c.undo[-1]
    c.load_state(step.state)
    del c.journal[step.journal:]
    del c.actions[step.actions:]
    c.undo, c.redo = steps, waiting


def _sync(fd: int) -> None:
    sync = getattr(os, "fdatasync", os.fsync)
    sync(fd)
