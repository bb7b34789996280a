"""The App: global keys, which campaign to start on, and switching campaigns.

Everything else lives in the screens (one module each under `screens/`) and
in the moves; the App only decides what is on screen.  Screens other than
the main one are imported when first shown, so they cost nothing before the
first frame (see benchmarks/tui_startup.py).
"""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from solo.campaign import Session
from solo.errors import SoloError
from solo.tui.library import Library
from solo.tui.palette import MovesProvider, TablesProvider
from solo.tui.screens.main import MainScreen

MAX_TABLE_WARNINGS = 3


class SoloApp(App[None]):
    TITLE = "solo"
    # The main screen's styles load with the app's: it is the default screen, which Textual
    # gives no chance to load a CSS_PATH of its own.
    CSS_PATH = ["app.tcss", "screens/main.tcss"]
    COMMANDS = App.COMMANDS | {MovesProvider, TablesProvider}
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", id="app.undo", priority=True,
                tooltip="Take back the last action: journal, state and dice as they were"),
        Binding("ctrl+y", "redo", "Redo", id="app.redo", priority=True,
                tooltip="Do again the action undone last (until a new action is played)"),
        Binding("f1", "help", "Help", id="app.help", tooltip="Every key, move and command"),
        Binding("ctrl+o", "campaigns", "Campaigns", id="app.campaigns", priority=True,
                tooltip="Open, start, rename, export or delete campaigns"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True,
                tooltip="Leave solo; everything is saved as you go"),
    ]

    @classmethod
    def css_path_absolute(cls) -> list[str]:
        """The app's stylesheets by absolute path, for subclasses defined elsewhere (benchmarks)."""
        return [str(Path(__file__).parent / path) for path in cls.CSS_PATH]

    def __init__(self, library: Library, campaign: str | None = None):
        super().__init__()
        self.library = library
        self.requested = campaign
        self._settings: Any = None
        self._settings_problem: str | None = None

    def run(self, **options: Any) -> None:
        """Play in the terminal (the tests drive `run_test` instead)."""
        # What the imports built lives as long as the process.  Frozen, it is left out of the
        # garbage collector's passes, which would otherwise scan it over and over while the
        # first frame is built (some 20 ms of a cold start; see benchmarks/tui_startup.py).
        gc.freeze()
        return super().run(**options)

    def get_default_screen(self) -> Screen:
        """The campaign to play, opened before the first frame so it is that frame."""
        self.started = False  # True once the first frame is on screen
        self.opening_problem: str | None = None
        name = self.requested or self.library.store.latest()
        if name is not None:
            try:
                return MainScreen(self.library.open(name), self.library)
            except SoloError as exc:
                self.opening_problem = str(exc)
        return Screen()

    def on_mount(self) -> None:
        self._use_settings()
        if isinstance(self.screen, MainScreen):
            return
        from solo.tui.screens.campaigns import CampaignsScreen

        if self.opening_problem:
            self.notify(self.opening_problem, severity="error", markup=False, timeout=15)
        welcome = self.opening_problem is None and not self.library.store.list()
        self.push_screen(CampaignsScreen(self.library, welcome=welcome), self._picked)

    @property
    def settings(self) -> Any:
        """The player's settings (`solo.settings.Settings`), read from their file on first use."""
        if self._settings is None:
            from solo import settings

            self._settings, self._settings_problem = settings.load()
        return self._settings

    def _use_settings(self) -> None:
        """The player's settings file: its theme now, the rest where used; a problem is said."""
        from solo import settings

        problem = self.settings is not None and self._settings_problem
        if problem:
            self.notify(problem, title="Settings", severity="warning", markup=False, timeout=15)
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        elif self.settings.theme != settings.Settings().theme:
            self.notify(f"no theme called {self.settings.theme!r}; the default is used",
                        title="Settings", severity="warning", markup=False)
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, theme: Any) -> None:
        if self.settings.theme != theme.name:
            self.settings.theme = theme.name
            self.save_settings()

    def save_settings(self) -> None:
        """Keep the settings for next time; a failure to write is said, never raised."""
        from solo import settings

        try:
            settings.save(self.settings)
        except (OSError, SoloError) as exc:
            self.notify(f"the settings could not be saved: {exc}", severity="warning", markup=False)

    def on_ready(self) -> None:
        # Textual is ready once the first layout is done; the journal counts its newest entries'
        # lines when it learns its width then, and the refresh after paints them.
        self.call_after_refresh(self._first_frame_shown)

    def _first_frame_shown(self) -> None:
        """The first frame is up: now the slower reading (tables, rules data) may start.

        Started earlier, those threads would compete with the first frame for
        the interpreter and delay it.
        """
        self.started = True
        if not gc.isenabled():  # `solo` starts with the collector off (commands/play.py): what
            gc.freeze()         # the start-up built is kept, frozen out of its passes, and the
            gc.enable()         # collector is on again for the play
        self.run_worker(self._check_tables, thread=True, name="load tables", exit_on_error=False)
        main = self.main
        if main is not None:
            self.run_worker(main.mount_rest(), name="mount the rest")
            self._check_campaign(main.session)
            main.read_resources()

    def _check_campaign(self, session: Session) -> None:
        """Check the rest of a campaign opened newest first, off the UI thread (see Session.check)."""
        if not session.checked:
            self.run_worker(lambda: self._checked(session), thread=True, name="check campaign",
                            exit_on_error=False)

    def _checked(self, session: Session) -> None:
        try:
            session.check()
        except SoloError as exc:
            self.call_from_thread(self._damaged, session, str(exc))

    def _damaged(self, session: Session, problem: str) -> None:
        """The campaign on screen turned out damaged: say so and offer the others (it is refused)."""
        from solo.tui.screens.campaigns import CampaignsScreen

        self.notify(problem, severity="error", markup=False, timeout=15)
        main = self.main
        if main is not None and main.session is session and not isinstance(self.screen, CampaignsScreen):
            self.push_screen(CampaignsScreen(self.library), self._picked)

    def _check_tables(self) -> None:
        """Load the tables off the UI thread and say which user tables are broken."""
        problems = self.library.tables.problems
        for problem in problems[:MAX_TABLE_WARNINGS]:
            self.call_from_thread(self.notify, f"Skipped a broken table: {problem}",
                                  title="Tables", severity="warning", markup=False, timeout=12)
        if len(problems) > MAX_TABLE_WARNINGS:
            self.call_from_thread(self.notify, f"...and {len(problems) - MAX_TABLE_WARNINGS} more table"
                                  " problems; `solo table check DIR` lists them all",
                                  title="Tables", severity="warning", timeout=12)

    # -- which campaign is on screen --------------------------------------------------
    @property
    def main(self) -> MainScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, MainScreen):
                return screen
        return None

    def play(self, session: Session) -> None:
        """Put `session` on the main screen (made on first need, then reused for every campaign)."""
        main = self.main
        if main is None:
            self.push_screen(MainScreen(session, self.library))
        else:
            while self.screen is not main and len(self.screen_stack) > 1:
                self.pop_screen()
            main.load(session)
        self._check_campaign(session)

    def _picked(self, session: Session | None) -> None:
        if session is not None:
            self.play(session)

    async def _settle(self) -> None:
        main = self.main
        if main is not None:
            await main.settled()

    # -- global keys ------------------------------------------------------------------
    def action_help(self) -> None:
        from solo.tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        # All are Binding objects; the declared type also allows tuples.
        app_keys = [b for b in self.BINDINGS if isinstance(b, Binding)]
        screen_keys = [b for b in MainScreen.BINDINGS if isinstance(b, Binding)]
        self.push_screen(HelpScreen(app_keys, screen_keys))

    def action_undo(self) -> None:
        from solo.tui.screens.campaigns import CampaignsScreen

        main = self.main
        if main is not None and self.focused is main.line and main.line.undo_typing():
            return  # the typing first, then the campaign
        if main is not None and not isinstance(self.screen, CampaignsScreen):
            main.run_move("undo")

    def action_redo(self) -> None:
        from solo.tui.screens.campaigns import CampaignsScreen

        main = self.main
        if main is not None and self.focused is main.line and main.line.value:
            main.line.redo()  # typing undone with Ctrl+Z comes back first
            return
        if main is not None and not isinstance(self.screen, CampaignsScreen):
            main.run_move("redo")

    async def action_campaigns(self) -> None:
        from solo.tui.screens.campaigns import CampaignsScreen

        if isinstance(self.screen, CampaignsScreen):
            return
        await self._settle()
        main = self.main
        current = main.campaign.slug if main is not None else None
        self.push_screen(CampaignsScreen(self.library, current), self._picked)

    async def action_quit(self) -> None:
        await self._settle()
        main = self.main
        if main is not None:
            # A fresh snapshot, so the next start applies nothing from the log.  Every move is kept
            # without it, so a failure (a damaged or vanished campaign) only means it is not written.
            try:
                await asyncio.to_thread(main.session.save_if_behind)
            except SoloError:
                pass
        self.exit()
