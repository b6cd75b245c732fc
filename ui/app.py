"""The controller: screens, the game loop, input handling, autosave and undo.

Why one controller: every click or key goes through one delegated handler on ``#app``
(proxies are created once, never per element), every change of the game goes through
:meth:`App.play` (which logs and saves), and computer and automatic moves run in one
asyncio task per game "generation" so undo or a new game cleanly cancels them.
"""

from __future__ import annotations

import asyncio
import json
import traceback
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

import rome
from ui import boot, log_view, newgame, save
from ui.ai_client import ComputerPlayers
from ui.endgame import render_end
from ui.help_panel import render_help
from ui.markup import button, esc, present
from ui.names import isolate_text, quote
from ui.render_prompt import render_prompt
from ui.render_table import (
    View,
    render_offer,
    render_order,
    render_players,
    render_status,
    render_strip,
)
from ui.session import SaveError, Seat, Session
from ui.storage import Store
from ui.table_layout import TABLE_SKELETON, pace_select

AUTO_PAUSE_MS = 350  # a forced move is shown briefly, never slower than this
LOAD_FILE = ('<p class="load-file"><label>Resume a downloaded game: '
             '<input type="file" id="load-file" accept=".json,application/json"></label></p>')


def download(text: str, filename: str) -> None:
    """Offer ``text`` as a file download (a Blob URL, revoked once clicked)."""
    blob = window.Blob.new([text], to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.click()
    from pyodide.ffi import create_once_callable

    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


class App:
    """The page's single controller object."""

    def __init__(self) -> None:
        self.root = document.getElementById("app")
        self.session: Session | None = None
        self.log: list[log_view.LogEntry] = []
        self.selected = ""
        self.thinking = ""
        self.hint: tuple[int, str] | None = None  # (moves played when asked, its HTML)
        self.waiting = ""
        self.notice = ""
        self.handover_for: int | None = None
        self.shown_human: int | None = None
        self.generation = 0
        self.active_gen: int | None = None
        self.saves = save.Saves(Store(window))
        self.slot: str | None = None
        self.save_failed = False
        settings, self.settings_notice = self.saves.read_settings()
        self.pace = settings["pace"]
        self.saves.watch(self._on_other_tab)
        self.computers = ComputerPlayers(self._on_ai_status)
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_key),
                         create_proxy(self.on_change)]
        self.root.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        self.root.addEventListener("change", self._proxies[2])

    # -- screens ------------------------------------------------------------------------
    def mount(self) -> None:
        """Build the static frame: a screen slot, the help overlay and the status bar."""
        count = len(rome.legal_actions(rome.new_game(2, seed=1)))
        self.root.innerHTML = (
            '<div id="screen"></div>'
            f'<div id="help" class="overlay" hidden>{render_help()}</div>'
            '<footer class="statusbar">'
            f'<span id="engine-status" data-legal-count="{count}">Engine ready</span>'
            '<span id="worker-status">AI worker: starting…</span></footer>'
        )

    def start_from_address(self) -> None:
        """Address options win; otherwise resume the saved game; otherwise the form."""
        opts = newgame.parse_address(str(window.location.search))
        if opts.pace is not None:
            self.pace = opts.pace
        if opts.seats:
            seed = opts.seed if opts.seed is not None else newgame.random_seed()
            self._drop_game_params()
            self.new_game(opts.seats, seed, opts.shrine)
            return
        slot = self.saves.last_slot()
        if slot is None:
            self.show_form(notice=self._storage_notices())
            return
        try:
            session = self.saves.load_game(slot)
        except SaveError as exc:
            self.show_form(notice=f"Your saved game could not be resumed: {exc}. "
                                  "Please start a new game.", allow_resume=False)
            return
        self.resume(session, slot)

    def _storage_notices(self) -> str:
        """Sentences about damaged settings or saves found while reading storage."""
        notes = [self.settings_notice, *self.saves.take_notices()]
        self.settings_notice = ""
        return " ".join(n for n in notes if n)

    def _drop_game_params(self) -> None:
        """Keep ``pace`` but drop ``seats``/``seed``/``shrine``: a reload then resumes."""
        keep = "?pace=" + str(self.pace) if "pace=" in str(window.location.search) else ""
        window.history.replaceState(None, "", str(window.location.pathname) + keep)

    def show_form(self, notice: str = "", allow_resume: bool = True) -> None:
        self.generation += 1
        seats = self.session.seats if self.session else None
        shrine = self.session.shrine if self.session else False
        self.session = None
        self.screen().innerHTML = newgame.render_form(
            seats, allow_resume and self.saves.last_slot() is not None, notice, shrine)
        self.screen().insertAdjacentHTML("beforeend", LOAD_FILE)
        first = document.getElementById("resume-btn") or document.getElementById("start-btn")
        if present(first):
            first.focus()

    def screen(self) -> Any:
        return document.getElementById("screen")

    # -- game lifecycle -----------------------------------------------------------------
    def new_game(self, seats: list[Seat], seed: int, shrine: bool) -> None:
        self.slot = self.saves.new_slot()
        self.attach(Session.new(seats, seed, shrine), fresh=True)
        self._save()

    def resume(self, session: Session, slot: str) -> None:
        self.slot = slot
        self.attach(session, fresh=False)

    def _save(self) -> None:
        """Autosave; if storage refuses, the game plays on in memory and the player is told."""
        if self.session is None or self.slot is None:
            return
        if self.saves.save_game(self.slot, self.session):
            if self.save_failed:
                self.save_failed = False
                self.notice = ""
        else:
            self.save_failed = True
            self.notice = self.saves.problem

    def _on_other_tab(self, slot: str) -> None:
        if slot == self.slot and self.saves.changed_elsewhere(slot):
            self.notice = ("This game was changed in another tab: this tab will not "
                           "overwrite it. Reload to continue from the other tab's moves.")
            self.render()

    def attach(self, session: Session, fresh: bool) -> None:
        self.generation += 1
        self.session = session
        self.selected = self.thinking = ""
        self.notice = self._storage_notices()
        self.handover_for = None
        self.shown_human = None
        names = [isolate_text(s.name) for s in session.seats]
        self.log = []
        for i, text in enumerate(session.actions):
            lines = log_view.describe(session.states[i], text, session.states[i + 1], names)
            self.log.append(log_view.LogEntry(i, session.actors[i], tuple(lines),
                                              session.auto[i]))
        self.screen().innerHTML = TABLE_SKELETON.replace("{pace}", pace_select(self.pace))
        self.render()
        self.schedule()

    def play(self, text: str, auto: bool = False) -> None:
        """Apply one action (already checked legal), log it and autosave."""
        s = self.session
        assert s is not None
        before = s.state
        seat = s.current if s.current is not None else -1
        after = s.apply(text, auto)
        names = [isolate_text(x.name) for x in s.seats]
        lines = log_view.describe(before, text, after, names)
        self.log.append(log_view.LogEntry(len(s.actions) - 1, seat, tuple(lines), auto))
        self.selected = ""
        self._save()

    def schedule(self) -> None:
        """Start the game loop for the current generation unless it already runs."""
        if self.active_gen != self.generation:
            boot.background(self.advance(self.generation))

    async def advance(self, gen: int) -> None:
        """Play automatic and computer moves until a human must decide or the game ends."""
        self.active_gen = gen
        try:
            while gen == self.generation and self.session is not None:
                s = self.session
                state = s.state
                if rome.is_over(state):
                    self.waiting = "over"
                    break
                cur = s.current
                forced = rome.automatic_action(state)
                if forced is not None:
                    self.waiting = "auto"
                    if self.pace:
                        self.render()
                        await asyncio.sleep(min(self.pace, AUTO_PAUSE_MS) / 1000)
                        if gen != self.generation:
                            return
                    self.play(str(forced), auto=True)
                    continue
                if s.seat_is_human(cur):
                    humans = sum(1 for x in s.seats if x.human)
                    if humans > 1 and self.shown_human != cur:
                        self.handover_for = cur
                        self.waiting = "handover"
                    else:
                        self.shown_human = cur
                        self.waiting = "human"
                    break
                assert cur is not None
                seat = s.seats[cur]
                self.waiting = "computer"
                self.thinking = f"{seat.name} is thinking…"
                if self.pace:
                    self.render()
                text = await self.computers.choose(state, cur, seat.level,
                                                   s.seed * 1009 + len(s.actions),
                                                   self._set_thinking)
                if gen != self.generation:
                    return
                self.thinking = ""
                self.play(text)
                if self.computers.notice:
                    self.notice = self.computers.notice
                if self.pace:
                    self.render()
                    await asyncio.sleep(self.pace / 1000)
                else:
                    await asyncio.sleep(0)
        except Exception as exc:
            traceback.print_exc()
            self.notice = f"Something went wrong while playing: {quote(str(exc), 80)}"
        finally:
            if self.active_gen == gen:
                self.active_gen = None
        if gen == self.generation:
            self.render()

    def _set_thinking(self, text: str) -> None:
        if self.thinking != text:
            self.thinking = text
            self.render()

    def _on_ai_status(self, status: str) -> None:
        el = document.getElementById("worker-status")
        if present(el) and status == "failed":
            el.textContent = "AI worker unavailable: computers use the quick AI."

    # -- rendering ----------------------------------------------------------------------
    def render(self) -> None:
        """Refresh every part of the table from the session (keeping keyboard focus)."""
        s = self.session
        table = document.getElementById("table")
        if s is None or not present(table):
            return
        focus = self._focus_key()
        state = s.state
        cur = s.current
        names = [x.name for x in s.seats]
        if self.handover_for is not None:
            viewer = None
        elif s.seat_is_human(cur):
            viewer = cur
        else:
            # During computer turns a lone human keeps seeing their hand; with several
            # humans at the screen every hand stays hidden until the next hand-over.
            humans = [i for i, x in enumerate(s.seats) if x.human]
            viewer = humans[0] if len(humans) == 1 else None
        actions: list[str] = []
        if self.waiting == "human" and cur == viewer:
            actions = [str(a) for a in rome.sensible_actions(state)]
        obs = rome.observation(state, viewer if viewer is not None else (cur or 0))
        view = View(names, [x.human for x in s.seats], [x.level for x in s.seats], viewer,
                    actions, self.selected, self.thinking,
                    [sc["total"] for sc in rome.final_scores(state)])
        can_undo = self.waiting == "human" and s.undo_point() is not None
        table.dataset.phase = state.phase
        table.dataset.currentPlayer = "" if cur is None else str(cur)
        table.dataset.waiting = self.waiting
        table.dataset.moves = str(len(s.actions))
        table.dataset.seed = str(s.seed)
        self._set("status", render_status(state, view))
        self._set("strip", render_strip(state, view))
        self._set("order", render_order(state, view))
        self._set("offer", render_offer(obs, view))
        notice = self.notice or ("" if self.computers.status != "failed"
                                 else self.computers.notice)
        self._set("notice", esc(notice) + (
            " " + button("Download this game", cls="btn", data_ui="download", id="download-btn")
            if self.save_failed else ""))
        document.getElementById("notice").hidden = not notice
        handover = document.getElementById("handover")
        if self.handover_for is not None:
            who = esc(names[self.handover_for])
            handover.innerHTML = (
                f'<h2>Pass the device to {who}</h2><p>The previous player\'s hand is hidden. '
                f"{who}, confirm when you are ready to see your hand.</p>"
                + button(f"I am {who}: show my hand", cls="btn primary", data_ui="handover-ok",
                         id="handover-ok"))
            handover.hidden = False
            self._set("prompt", "")
            self._set("players", "")
        else:
            handover.hidden = True
            self._set("prompt", render_prompt(state, obs, view, can_undo)
                      + (self._hint_html(len(s.actions)) if actions else ""))
            self._set("players", render_players(state, obs, view))
        self._set("final-area", render_end(state, names) if rome.is_over(state) else "")
        self._set("log", log_view.render(self.log))
        self._restore_focus(focus)

    def _set(self, element_id: str, html: str) -> None:
        el = document.getElementById(element_id)
        if present(el):
            el.innerHTML = html

    def _focus_key(self) -> tuple[str, str] | None:
        el = document.activeElement
        if not present(el) or el == document.body:
            return None
        for attr in ("data-action", "data-kind", "data-ui", "id"):
            value = el.getAttribute(attr) if hasattr(el, "getAttribute") else None
            if value:
                return attr, str(value)
        return None

    def _restore_focus(self, key: tuple[str, str] | None) -> None:
        active = document.activeElement
        if key is None or (present(active) and active != document.body):
            return
        attr, value = key
        target = document.querySelector(f'[{attr}="{value}"]')
        for fallback in ("#handover-ok", "#prompt [data-action], #prompt button",
                         "[data-action]"):
            if present(target):
                break
            target = document.querySelector(fallback)
        if present(target):
            target.focus(to_js({"preventScroll": True}))

    # -- input --------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action], [data-ui]")
        if not present(target) or target.hasAttribute("disabled"):
            return
        try:
            action = target.getAttribute("data-action")
            if action:
                self.human_action(str(action))
            else:
                self.ui_command(str(target.getAttribute("data-ui")), target)
        except Exception as exc:
            traceback.print_exc()
            self.notice = f"That did not work: {quote(str(exc), 80)}"
            self.render()

    def human_action(self, text: str) -> None:
        s = self.session
        if s is None or self.waiting != "human" or not s.seat_is_human(s.current):
            return
        if text not in {str(a) for a in rome.sensible_actions(s.state)}:
            return
        self.play(text)
        self.waiting = "auto"
        self.schedule()
        self.render()

    def _hint_html(self, moves: int) -> str:
        """The hint button, and the hint asked for at this very move (if any)."""
        out = button("Hint", cls="btn", data_ui="hint", aria="Suggest a move")
        if self.hint is not None and self.hint[0] == moves:
            out += self.hint[1]
        return out

    def ask_hint(self) -> None:
        """The computer's best few moves for the human to act (``rome.ai.analyse`` at
        normal: quick enough for the page's own thread)."""
        from rome.ai import analyse

        s = self.session
        if s is None or self.waiting != "human" or not s.seat_is_human(s.current):
            return
        moves = analyse(rome.observation(s.state, s.current), "normal", seed=len(s.actions))
        if not moves:
            return
        items = "".join(f"<li><b>{esc(m['action'])}</b>: {esc(m['reason'])}</li>"
                        for m in moves)
        self.hint = (len(s.actions),
                     f'<div id="hint" class="hint" role="status" '
                     f'data-hint-action="{esc(moves[0]["action"])}">'
                     f"<p>Suggested moves, best first:</p><ol>{items}</ol></div>")
        self.render()

    def ui_command(self, command: str, target: Any) -> None:
        if command == "hint":
            self.ask_hint()
        elif command == "select":
            kind = str(target.getAttribute("data-kind"))
            self.selected = "" if self.selected == kind else kind
            self.render()
        elif command == "deselect":
            self.selected = ""
            self.render()
        elif command == "undo":
            if self.session is not None and self.waiting == "human" and self.session.undo():
                self.log = self.log[:len(self.session.actions)]
                self._save()
                self.generation += 1
                self.selected = ""
                self.schedule()
                self.render()
        elif command == "handover-ok":
            self.shown_human = self.handover_for
            self.handover_for = None
            self.waiting = "human"
            self.render()
        elif command in ("help", "help-close"):
            self.toggle_help(command == "help")
        elif command == "start":
            try:
                seats, seed, shrine = newgame.read_form(document)
            except ValueError as exc:
                self.show_form(notice=str(exc))
                return
            self.new_game(seats, seed, shrine)
        elif command == "resume":
            slot = self.saves.last_slot()
            if slot is None:
                return
            try:
                session = self.saves.load_game(slot)
            except SaveError as exc:
                self.show_form(notice=f"The saved game could not be resumed: {exc}.",
                               allow_resume=False)
                return
            self.resume(session, slot)
        elif command == "download" and self.session is not None:
            download(save.export_game(self.session), "great-city-of-rome-game.json")
        elif command == "newgame":
            self.show_form()
        elif command == "rematch" and self.session is not None:
            s = self.session
            self.new_game(s.seats, newgame.random_seed(), s.shrine)

    def toggle_help(self, show: bool) -> None:
        panel = document.getElementById("help")
        panel.hidden = not show
        if show:
            document.getElementById("help-close").focus()

    def on_key(self, event: Any) -> None:
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey \
                or event.altKey:
            return
        key = str(event.key)
        help_open = not document.getElementById("help").hidden
        if key == "Escape":
            if help_open:
                self.toggle_help(False)
            elif self.selected:
                self.selected = ""
                self.render()
            return
        if key == "?":
            self.toggle_help(not help_open)
            return
        shortcuts = {"e": '[data-action="end"]', "p": '[data-action="produce"]',
                     "u": '[data-ui="undo"]'}
        if key.lower() in shortcuts and not help_open:
            el = document.querySelector(shortcuts[key.lower()])
            if present(el):
                event.preventDefault()
                el.click()

    def on_change(self, event: Any) -> None:
        if str(event.target.id) == "load-file" and event.target.files.length:
            boot.background(self.load_file(event.target.files.item(0)))
        elif str(event.target.id) == "pace-select":
            self.pace = int(event.target.value)
            self.saves.write_settings({"pace": self.pace})

    async def load_file(self, file: Any) -> None:
        """Resume a game downloaded earlier ("Download this game"), in a new slot."""
        try:
            if int(file.size) > save.MAX_SAVE_CHARS * 4:
                raise SaveError("the file is far too large to be a saved game")
            session = save.import_game(str(await file.text()))
        except SaveError as exc:
            self.show_form(notice=f"That file could not be loaded: {exc}.")
            return
        self.slot = self.saves.new_slot()
        self.attach(session, fresh=False)
        self._save()
        self.render()

    # -- hooks for tests and the worker status line -------------------------------------
    def record_json(self) -> str:
        """``window.rome.record()``: the game so far (players, seed, shrine, actions)."""
        return json.dumps(save.record(self.session) if self.session else None)

    def history_json(self) -> str:
        return json.dumps(self.session.to_save() if self.session else None)


def report_worker(app: App) -> Any:
    """Show the AI worker's answer once it has booted (never delays ``data-ready``)."""

    async def run() -> None:
        status = document.getElementById("worker-status")
        await app.computers.connect()
        if app.computers.status != "ready":
            status.dataset.workerError = app.computers.notice
            return
        try:
            pong = await app.computers.worker.ping()
            count = await app.computers.worker.legal_count(2, 1)
        except Exception as exc:
            status.textContent = f"AI worker failed: {exc}"
            status.dataset.workerError = str(exc)
            return
        status.textContent = f"AI worker: {pong}"
        status.dataset.workerLegalCount = str(count)
        status.dataset.workerReady = "true"

    return boot.background(run())
