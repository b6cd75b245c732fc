"""The page object: runs the model's effects and renders once per event.

Why so thin: every decision lives in :mod:`ui.model` (pure, tested on CPython). Input
(``ui.shell.input``) turns clicks and keys into events; :meth:`App.dispatch` hands each to
the reducer, runs the effects it returns (save, remember, wait, ask the AI, draw a
screen, move focus; the waiting ones in ``ui.shell.loop``) and redraws through
``ui.shell.paint``. The only state kept here is what is not the page's: storage, the other
tabs (``ui.shell.tabs``), the AI worker, and the actions the drawn table offers.

Entry for other pages (the embed page included): :func:`start_game`.
"""

from __future__ import annotations

import json
import time
import traceback
from dataclasses import replace
from urllib.parse import urlsplit

import js

from ui import address
from ui.bounds import PACE_NAMES
from ui.model import effects, events, needs_render, reduce
from ui.model.state import UiState
from ui.render import newgame
from ui.saves import another_tab, record_store, save
from ui.saves.record import Record
from ui.saves.session import SaveError, Session
from ui.shell import current, loop
from ui.shell.current import TableLink
from ui.shell.input import Input
from ui.shell.paint_table import TablePainter, page_frame
from ui.shell.tabs import Tabs
from ui.shell.tasks import background
from ui.tutorial import save as tutorial_save
from ui.words.names import quote
from ui.worker.ai_client import ComputerPlayers, needs_worker
from ui.worker.host import Host


class App:
    """The page's single controller object, mounted on one root element."""

    def __init__(self, link: TableLink, host: Host, root: str = "#app", *,
                 compact: bool = False, namespace: str = "great-city-of-rome") -> None:
        self.compact = compact
        self.link = link
        self.saves = save.Saves(link.store(namespace), embed=compact)
        settings, notice = self.saves.read_settings()
        # Storage closed is said at once on the first screen; once a game is on the table its
        # refused save says it in the message area, so it is not repeated as a notice.
        self.closed = self.saves.closed_notice()
        # The record of games (issue 43): an embed's table keeps none.
        record: Record | None = None
        unread = ""
        if not compact:
            record, unread = record_store.load(self.saves.store)
        self.ui = UiState(pace=int(settings.get("pace", PACE_NAMES["normal"])),
                          theme=str(settings.get("theme", "auto")),
                          open_hands=bool(settings.get("open_hands", False)),
                          notices=tuple(n for n in (self.closed, notice, unread) if n),
                          record=record)
        self.saves.watch(self._on_other_tab)
        if record is not None:
            self.saves.store.listen(self._on_record)
        self.tabs = Tabs(js.globalThis, namespace, lambda slot: self.dispatch(events.Wanted(slot)),
                         lambda slot: self.dispatch(events.Lost(slot)),
                         alone=not self.saves.store.available)
        self.paint = TablePainter(root, link.paint)
        self.computers = ComputerPlayers(
            host, lambda words: self.dispatch(events.WorkerReported(words)),
            lambda text: self.dispatch(events.WorkerSaid(text)),
            lambda: report_worker(self))
        self.input = Input(self, link, root)

    def mount(self) -> None:
        self.paint.mount(page_frame(), self.compact)
        self.paint.theme(self.ui)
        self.paint.flush()

    # -- starting a game ------------------------------------------------------------------
    def open(self) -> None:
        """Start from what the address asks for and what storage holds (the reducer
        decides: ``ui.model.starts``)."""
        self.dispatch(events.Opening(address.game_options(urlsplit(self.link.address).query),
                                     self.saves.last_slot(),
                                     tutorial_save.guided(self.saves.store), self.closed))

    def load(self, slot: str) -> events.Event:
        """The answer to ``Load``: the saved game of ``slot`` put on the table, else the
        form saying why it could not be (it is set aside)."""
        try:
            session = self.saves.load_game(slot)
        except SaveError as exc:
            return events.OpenForm(notice=f"The saved game could not be resumed: {exc}. "
                                          "Please choose another or start a new game.")
        tutorial_save.off_table(self.saves.store)  # a reload resumes this game now
        return events.Begin(session, slot, claim=True)

    def place(self, session: Session) -> events.Begin:
        """The answer to ``Place``: ``session`` on the table, saving to a new slot once no
        other tab holds it."""
        tutorial_save.off_table(self.saves.store)  # a reload resumes this game now
        return events.Begin(session, self.saves.new_slot(), claim=True)

    def _forget_address(self) -> None:
        """Drop ``seats``/``seed``/``shrine`` and keep the rest: a reload then resumes."""
        here = urlsplit(self.link.address)
        self.link.replace_address(here.path + address.without_game(here.query))

    def _on_other_tab(self, slot: str) -> None:
        """Another tab saved ``slot`` ("": cleared storage); the reducer decides."""
        if self.ui.slot is not None and slot in ("", self.ui.slot):
            self.dispatch(events.OtherTab(self.ui.slot))

    def _on_record(self, key: str, text: str | None) -> None:
        """Another tab wrote the record of games ("": cleared storage): show it as it is
        now (an unreadable one is left to this tab's next count, which sets it aside)."""
        if key in ("", record_store.KEY):
            heard = record_store.heard(text if key else None)
            if heard is not None:
                self.dispatch(events.Recorded(heard))

    # -- the loop -------------------------------------------------------------------------
    def dispatch(self, event: events.Event) -> None:
        """Reduce, run the effects (whose answers are reduced at once), render once; errors
        become a notice, never a crash."""
        before = self.ui
        pending: list[events.Event] = [event]
        focus: effects.Focus | None = None
        travels: list[effects.Travel] = []
        force = False
        typed = False  # the form shows its change already (``AsTyped``)
        while pending:
            current = pending.pop(0)
            try:
                self.ui, todo = reduce(self.ui, current)
            except Exception as exc:
                traceback.print_exc()
                self.ui, todo = reduce(self.ui, events.Notice(
                    f"That did not work: {quote(str(exc), 80)}"))
            for effect in todo:
                if isinstance(effect, effects.Focus):
                    focus = effect
                elif isinstance(effect, effects.Travel):
                    travels.append(effect)  # needs the card drawn: after the render
                elif isinstance(effect, effects.ShowTable):
                    self.paint.table()
                    force = True
                elif isinstance(effect, effects.AsTyped):
                    typed = True
                else:
                    answer = self.run(effect)
                    if answer is not None:
                        pending.append(answer)
        form = self.ui.form
        if form is not None and form is not before.form and not typed:
            self.paint.screen(newgame.render_form(form, self.ui.open_hands,
                                                  record=self.ui.record is not None))
        self.paint.help(self.ui)
        self.paint.worker(self.ui)
        self.paint.record(self.ui, self.link.address)
        if self.ui.session is not None and needs_worker([s.level for s in self.ui.session.seats]):
            self.computers.start()  # as early as possible: this game's computers need it
        if self.ui.session is not None and (force or needs_render(before, self.ui)):
            self.paint.render(self.ui, only_detail=_only_detail(before, self.ui))
        for travel in travels:
            self.paint.travel(travel)
        if focus is not None:
            self.paint.focus_on(focus)
        self.paint.flush()

    def run(self, effect: effects.Effect) -> events.Event | None:
        """Run one effect; those answered at once (a saved game read) return their answer,
        those the page answers later (a save, a confirm) dispatch it then."""
        if isinstance(effect, effects.Save):
            problem = self.saves.save_game(effect.slot, effect.session,
                                           lambda later: self.dispatch(self.saved(later)))
            return self.saved(problem) if problem else None  # storage closed: known at once
        if isinstance(effect, effects.Follow):
            try:
                return events.Followed(effect.slot, another_tab.follow(
                    self.saves, effect.slot, self.ui.session))
            except SaveError:
                return None  # deleted or unreadable: the game shown stays
        if isinstance(effect, effects.Release):
            game = effect.session
            self.tabs.release(effect.slot, json.dumps(game.to_save()) if game else None)
        elif isinstance(effect, effects.Claim):
            background(self.claim(effect))
        elif isinstance(effect, effects.KeepTutorial):  # its own key, never a slot
            tutorial_save.write(self.saves.store, effect.session, effect.tutorial, effect.on)
        elif isinstance(effect, effects.Remember):
            self.saves.write_settings(dict(effect.settings))
            self.paint.theme(self.ui)
        elif isinstance(effect, effects.Wait):
            background(loop.wait(self, effect, time.monotonic()))
        elif isinstance(effect, effects.Ask):
            background(loop.ask(self, effect, time.monotonic()))
        elif isinstance(effect, effects.Analyse):
            background(loop.analyse(self, effect))
        elif isinstance(effect, effects.Prepare):
            background(loop.prepare(self, effect))
        elif isinstance(effect, effects.Load):
            return self.load(effect.slot)
        elif isinstance(effect, effects.Place):
            return self.place(effect.session)
        elif isinstance(effect, effects.Confirm):
            background(self.confirm(effect))
        elif isinstance(effect, effects.DeleteSlot):
            self.saves.delete_game(effect.slot)
            return events.OpenForm()
        elif isinstance(effect, effects.Download):
            self.link.download(effect.text, effect.filename)
        elif isinstance(effect, effects.Count):
            return events.Recorded(*record_store.add(
                self.saves.store, self.ui.record or Record(), effect.game, self.recorded))
        elif isinstance(effect, effects.ResetRecord):
            return events.Recorded(*record_store.reset(
                self.saves.store, self.ui.record or Record(), self.recorded))
        elif isinstance(effect, effects.Copy):
            background(self.copy(effect.text))
        elif isinstance(effect, effects.ShowForm):
            notes = " ".join(n for n in (effect.notice, *self.saves.take_notices()) if n)
            return events.FormListed(notes, effect.seats, effect.shrine,
                                     tuple(self.saves.list_games()))
        elif isinstance(effect, effects.ForgetAddress):
            self._forget_address()
        elif isinstance(effect, effects.ReadGuided):
            return events.GuidedRead(tutorial_save.guided(self.saves.store))
        elif isinstance(effect, effects.StartGame):
            seed = effect.seed if effect.seed is not None else newgame.random_seed()
            return self.place(Session.new(list(effect.seats), seed, effect.shrine))
        return None

    def saved(self, problem: str) -> events.Saved:
        """A save's outcome: "" saved, else why not (a sentence)."""
        return events.Saved(not problem, problem, self.saves.downloadable)

    def recorded(self, record: Record, problem: str) -> None:
        """Storage refused the record's write: say so, with the record as it stands."""
        self.dispatch(events.Recorded(record, problem))

    async def confirm(self, effect: effects.Confirm) -> None:
        """Ask the player (the painter shows the browser's dialog); yes is an event."""
        if bool(await self.link.confirm(effect.question)):
            self.dispatch(events.Confirmed(effect.then))

    async def copy(self, text: str) -> None:
        """Put ``text`` on the clipboard (the player's click allows it) and say whether the
        browser did."""
        self.dispatch(events.Copied(bool(await self.link.copy(text))))

    async def claim(self, effect: effects.Claim) -> None:
        """Ask the other tabs for ``effect.slot``; once held, go on from the latest game
        (the one handed over, else the slot's)."""
        held, handed = await self.tabs.claim(effect.slot, effect.take)
        latest = another_tab.latest(self.saves, effect.slot, handed, self.ui.session) \
            if held else None
        self.dispatch(events.Claimed(effect.slot, held, latest))

    # -- hooks for tests ------------------------------------------------------------------
    def history_json(self) -> str:
        s = self.ui.session
        return json.dumps(s.to_save() if s else None)

    def record_json(self) -> str:
        """``window.rome.record()``: the game so far as a replay record (JSON text)."""
        s = self.ui.session
        return json.dumps(save.record(s) if s else None)


def _only_detail(before: UiState, after: UiState) -> bool:
    return before.detail != after.detail and replace(before, detail=after.detail) == after


async def report_worker(app: App) -> None:
    """Show the AI worker's answer once it has booted (it never delays ``data-ready``, and
    starts only when a game needs it: ``ComputerPlayers.start``)."""
    if app.computers.status != "ready" or app.computers.worker is None:
        app.dispatch(events.WorkerReported(error=app.computers.notice))
        return
    try:
        pong = await app.computers.worker.ping()
        count = await app.computers.worker.legal_count(2, 1)
    except Exception as exc:
        app.dispatch(events.WorkerReported(f"AI worker failed: {exc}", error=str(exc)))
        return
    app.dispatch(events.WorkerReported(f"AI worker: {pong}", legal_count=int(count)))


def start_game(root_selector: str = "#app", *, compact: bool = False,
               namespace: str = "great-city-of-rome") -> App:
    """Mount the whole game on the element ``root_selector`` and start it.

    For the embed page (issue 12): ``compact=True`` marks the root ``.compact`` (the
    stylesheet then fits a small frame), ``namespace`` keeps its saves and settings apart
    from the main site's. Publishes ``window.rome.record()`` and the engine probes.
    """
    from ui.worker import probe

    link = current.link()
    app = App(link, current.host(), root_selector, compact=compact, namespace=namespace)
    app.mount()
    link.expose("romeEngine", {"legal_count": probe.legal_count,
                               "scripted_game": probe.scripted_game})
    link.expose("romeGame", {"history": app.history_json})
    link.expose("rome", {"record": app.record_json})
    link.expose("romeDebug", {"memory": probe.memory_stats})
    app.open()
    return app
