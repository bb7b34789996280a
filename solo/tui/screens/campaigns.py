"""The campaign picker: open, start, rename, export and delete campaigns.

It works on the saves directory through `CampaignStore` (which does all the
file handling) and gives back the `Session` to play, or None to go back to
the campaign already open.  Renaming or deleting the open campaign is
allowed: the main screen's session would then be stale, so the picker
hands back a fresh session (after a rename) or insists on a choice (after a
delete) instead of returning to it.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Label

from solo.campaign import Listing, Session, slugify
from solo.campaign import export as exporting
from solo.errors import SoloError
from solo.text_safety import pictures
from solo.tui.library import Library
from solo.tui.screens.confirm import ConfirmDialog
from solo.tui.screens.new_campaign import DEFAULT_NAME, NewCampaign, NewCampaignDialog
from solo.tui.screens.prompt import PromptDialog


class CampaignsScreen(Screen[Session | None]):
    CSS_PATH = "campaigns.tcss"
    TITLE = "Campaigns"
    BINDINGS = [
        Binding("enter", "open", "Open", id="campaigns.open", tooltip="Play the highlighted campaign"),
        Binding("n", "new", "New", id="campaigns.new", tooltip="Start a new campaign"),
        Binding("r", "rename", "Rename", id="campaigns.rename", tooltip="Give the campaign a new name"),
        Binding("e", "export", "Export", id="campaigns.export",
                tooltip="Write the campaign out as a Markdown story log (or JSON)"),
        Binding("d,delete", "delete", "Delete", id="campaigns.delete",
                tooltip="Delete the campaign (asks first; its files go to .deleted/)"),
        Binding("b", "restore", "Restore", id="campaigns.restore",
                tooltip="Put back the backup of a campaign file that no longer loads"),
        Binding("escape", "back", "Back", id="campaigns.back", tooltip="Back to the open campaign"),
    ]

    def __init__(self, library: Library, current: str | None = None, *, welcome: bool = False):
        super().__init__()
        self.library = library
        self.current = current
        self.reopen = False
        self.welcome = welcome
        self.listings: list[Listing] = []

    @property
    def store(self):  # noqa: ANN201 - CampaignStore
        return self.library.store

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label(Text(f"Campaigns in {self.store.directory}"), id="where")
        yield DataTable(id="list", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Name", "System", "Scene", "Entries", "Saved")
        self.refresh_list(self.current)
        table.focus()
        if not self.listings:
            self.action_new()

    def refresh_list(self, highlight: str | None = None) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.listings = self.store.list()
        for item in self.listings:
            if item.problem:
                name = Text(f"{item.slug} — does not load", style="bold red")
                table.add_row(name, "", "", "", item.modified, key=item.slug)
            else:
                mark = " •" if item.slug == self.current else ""
                table.add_row(Text(pictures((item.name or item.slug) + mark)),
                              Text(pictures(item.system or "—")),
                              str(item.scene), str(item.entries), item.modified, key=item.slug)
        if highlight is not None:
            slugs = [item.slug for item in self.listings]
            if highlight in slugs:
                table.move_cursor(row=slugs.index(highlight))

    def _selected(self) -> Listing | None:
        table = self.query_one(DataTable)
        if not self.listings or table.cursor_row is None:
            self.notify("There is no campaign here yet: n starts one.", severity="warning")
            return None
        return self.listings[table.cursor_row]

    def _fail(self, exc: Exception) -> None:
        """A campaign operation failed (bad name, a file the system refused): say so, change nothing."""
        if isinstance(exc, OSError):
            text = f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")
        else:
            text = str(exc)
        self.notify(text, severity="error", markup=False, timeout=10)

    # -- actions ------------------------------------------------------------------------
    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        item = self._selected()
        if item is None:
            return
        if item.problem:
            self.notify(item.problem, severity="error", markup=False, timeout=15)
            return
        if item.slug == self.current and not self.reopen:
            self.dismiss(None)
            return
        try:
            session = self.library.open(item.slug)
        except (SoloError, OSError) as exc:
            self._fail(exc)
            return
        self.dismiss(session)

    @work(exclusive=True, group="campaigns")
    async def action_new(self) -> None:
        taken = {item.slug for item in self.listings}
        name, n = DEFAULT_NAME, 1
        while slugify(name) in taken:
            n += 1
            name = f"{DEFAULT_NAME} {n}"
        wanted: NewCampaign | None = await self.app.push_screen_wait(
            NewCampaignDialog(name, welcome=self.welcome and not self.listings))
        if wanted is None:
            return
        try:
            session = self.library.create(wanted.name, system=wanted.system)
        except (SoloError, OSError) as exc:
            self._fail(exc)
            return
        self.dismiss(session)

    @work(exclusive=True, group="campaigns")
    async def action_rename(self) -> None:
        item = self._selected()
        if item is None or item.problem:
            return
        new_name = await self.app.push_screen_wait(PromptDialog(
            f"Rename {item.name!r}", value=item.name or "", hint="enter: rename · esc: cancel"))
        if not new_name or new_name == item.name:
            return
        try:
            campaign = self.store.rename(item.slug, new_name)
        except (SoloError, OSError) as exc:
            self._fail(exc)
            return
        if item.slug == self.current:
            self.current, self.reopen = campaign.slug, True
        self.notify(f"Renamed to {campaign.name!r}.", markup=False)
        self.refresh_list(campaign.slug)

    @work(exclusive=True, group="campaigns")
    async def action_export(self) -> None:
        item = self._selected()
        if item is None or item.problem:
            return
        default = str(Path.cwd() / f"{item.slug}.md")
        target = await self.app.push_screen_wait(PromptDialog(
            f"Export {item.name!r} to", value=default,
            hint="a .md file is a story log to read; a .json file is the full data · esc: cancel"))
        if not target:
            return
        fmt = "json" if target.lower().endswith(".json") else "md"
        try:
            path = exporting.write(self.store.load(item.slug), target, fmt)
        except (SoloError, OSError) as exc:
            self._fail(exc)
            return
        self.notify(f"Wrote {path}", title="Exported", markup=False)

    @work(exclusive=True, group="campaigns")
    async def action_delete(self) -> None:
        item = self._selected()
        if item is None:
            return
        label = item.name or item.slug
        sure = await self.app.push_screen_wait(ConfirmDialog(
            f"Delete {label!r}?", f"Its files move to {self.store.directory / '.deleted'};"
            " nothing else can bring it back from inside solo."))
        if not sure:
            return
        try:
            self.store.delete(item.slug)
        except (SoloError, OSError) as exc:
            self._fail(exc)
            return
        if item.slug == self.current:
            self.current, self.reopen = None, False
        self.notify(f"Deleted {label!r}.", markup=False)
        self.refresh_list()

    def action_restore(self) -> None:
        item = self._selected()
        if item is None:
            return
        try:
            _, aside = self.store.restore(item.slug)
        except (SoloError, OSError) as exc:
            self._fail(exc)
            return
        kept = f"; the damaged file is kept as {aside.name}" if aside else ""
        self.notify(f"Restored {item.slug} from its backup{kept}.", markup=False)
        self.refresh_list(item.slug)

    def action_back(self) -> None:
        if self.current is None:
            self.notify("Open or start a campaign first (enter / n), or Ctrl+Q to quit.",
                        severity="warning")
            return
        if self.reopen:
            try:
                self.dismiss(self.library.open(self.current))
            except (SoloError, OSError) as exc:
                self._fail(exc)
            return
        self.dismiss(None)
