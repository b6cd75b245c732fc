"""The page object: turns DOM input into model events, runs effects, renders once per event.

Why so thin: every decision lives in :mod:`ui.model` (pure, tested on CPython); this
class only translates clicks and keys into events, runs the effects the model returns
(save, wait, ask the AI, move focus) and redraws from :func:`ui.view.table_view`.
Listeners are created once on the root (delegation), never per element.

Entry for other pages (the embed page included): :func:`start_game`.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

import rome
from ui import boot, log_view, model, newgame, phone, save, touch
from ui.ai_client import FAST_LEVELS, ComputerPlayers
from ui.details import render_detail
from ui.endgame import render_end
from ui.help_panel import render_help
from ui.markup import button, esc, present
from ui.model import Mode, UiState
from ui.names import quote
from ui.render_prompt import render_prompt
from ui.render_review import render_review
from ui.render_table import regions
from ui.session import SaveError, Seat, Session
from ui.storage import Store
from ui.table_layout import TABLE_SKELETON, controls
from ui.view import table_view

LOAD_FILE = ('<p class="load-file"><label>Resume a downloaded game: '
             '<input type="file" id="load-file" accept=".json,application/json"></label></p>')
OTHER_TAB = ("This game was changed in another tab: this tab will not overwrite it. Reload "
             "to continue from the other tab's moves, or keep playing here and overwrite.")


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
    """The page's single controller object, mounted on one root element."""

    def __init__(self, root: Any = None, *, compact: bool = False,
                 namespace: str = "great-city-of-rome") -> None:
        self.root = root if root is not None else document.getElementById("app")
        self.compact = compact
        self.namespace = namespace
        self.saves = save.Saves(Store(window, namespace))
        self.slot: str | None = None
        self.save_failed = False
        self.conflict = False
        settings, notice = self.saves.read_settings()
        self.ui = UiState(pace=int(settings.get("pace", newgame.PACES["normal"])),
                          theme=str(settings.get("theme", "auto")),
                          open_hands=bool(settings.get("open_hands", False)),
                          notices=(notice,) if notice else ())
        self.saves.watch(self._on_other_tab)
        self.offered: dict[str, rome.Action] = {}
        self._drawn: dict[str, str] = {}  # container id -> markup last written
        self.tabs = phone.Tabs()
        self.computers = ComputerPlayers(self._on_ai_status)
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_key),
                         create_proxy(self.on_change), create_proxy(self.on_focus),
                         create_proxy(self.on_context)]
        self.root.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        self.root.addEventListener("change", self._proxies[2])
        self.root.addEventListener("focusin", self._proxies[3])
        self.root.addEventListener("contextmenu", self._proxies[4])
        self.long_press = touch.LongPress(
            self.root, lambda card: self.dispatch(model.Panel("detail", _card_key(card))))
        self._apply_theme()

    # -- frame ----------------------------------------------------------------------------
    def mount(self) -> None:
        """The static frame: a screen slot, the help overlay and the status bar."""
        count = len(rome.legal_actions(rome.new_game(2, seed=1)))
        self.root.classList.toggle("compact", self.compact)
        self.root.innerHTML = (
            '<div id="screen"></div>'
            '<div id="help" class="overlay" data-ui="help-backdrop" hidden>'
            f"{render_help()}</div>"
            '<footer class="statusbar">'
            f'<span id="engine-status" data-legal-count="{count}">Engine ready</span>'
            '<span id="worker-status">AI worker: starting…</span></footer>'
        )

    def screen(self) -> Any:
        return document.getElementById("screen")

    def start_from_address(self) -> None:
        """Address options win; otherwise resume the saved game; otherwise the form."""
        opts = newgame.parse_address(str(window.location.search))
        if opts.pace is not None:
            self.ui = replace(self.ui, pace=opts.pace)
        if opts.error:
            self._drop_game_params()
            self.show_form(notice=opts.error)
            return
        if opts.seats:
            seed = opts.seed if opts.seed is not None else newgame.random_seed()
            self._drop_game_params()
            self.new_game(opts.seats, seed, opts.shrine)
            return
        slot = self.saves.last_slot()
        if slot is None:
            self.show_form()
            return
        self.resume(slot)

    def resume(self, slot: str) -> None:
        """Resume a saved slot (a damaged one is set aside and the player told why)."""
        try:
            session = self.saves.load_game(slot)
        except SaveError as exc:
            self.show_form(notice=f"The saved game could not be resumed: {exc}. "
                                  "Please choose another or start a new game.")
            return
        self.begin(session, slot)

    def _drop_game_params(self) -> None:
        """Keep ``pace`` but drop ``seats``/``seed``/``shrine``: a reload then resumes."""
        keep = "?pace=" + str(self.ui.pace) if "pace=" in str(window.location.search) else ""
        window.history.replaceState(None, "", str(window.location.pathname) + keep)

    def show_form(self, notice: str = "", seats: list[Seat] | None = None) -> None:
        """The new-game screen with every saved game listed (resume or delete)."""
        s = self.ui.session
        shrine = s.shrine if s else False
        seats = seats or (s.seats if s else None)
        if s is not None:
            self.ui = replace(self.ui, session=None, mode=Mode.OVER,
                              generation=self.ui.generation + 1)
        games = self.saves.list_games()
        notes = " ".join(n for n in [notice, *self.ui.notices, *self.saves.take_notices()] if n)
        self.ui = replace(self.ui, notices=())
        self.screen().innerHTML = newgame.render_form(seats, False, notes, shrine, games=games)
        self.screen().insertAdjacentHTML("beforeend", LOAD_FILE)
        first = document.querySelector("[data-ui=resume-slot]") \
            or document.getElementById("start-btn")
        if present(first):
            first.focus()

    def new_game(self, seats: list[Seat], seed: int, shrine: bool) -> None:
        """A new game always gets a slot of its own: it never overwrites another."""
        self.begin(Session.new(seats, seed, shrine), self.saves.new_slot())

    def begin(self, session: Session, slot: str) -> None:
        self.slot = slot
        self.conflict = False
        self.screen().innerHTML = TABLE_SKELETON
        self._drawn.clear()
        self.dispatch(model.Begin(session), force=True)

    def _save(self, session: Session, overwrite: bool = False) -> None:
        """Autosave; a refusal (full storage, another tab) becomes a notice, never a loss."""
        if self.slot is None or (self.conflict and not overwrite):
            return
        if self.saves.save_game(self.slot, session, overwrite=overwrite):
            self.save_failed = self.conflict = False
            return
        self.save_failed = True
        self.conflict = self.saves.conflict
        note = OTHER_TAB if self.conflict else self.saves.problem
        if note not in self.ui.notices:  # every failed save would add it again (issue 32)
            self.ui = replace(self.ui, notices=self.ui.notices + (note,))

    def _on_other_tab(self, slot: str) -> None:
        if slot == self.slot and self.saves.changed_elsewhere(slot):
            self.conflict = True
            self.dispatch(model.Notice(OTHER_TAB))

    # -- the loop -------------------------------------------------------------------------
    def dispatch(self, event: model.Event, force: bool = False) -> None:
        """Reduce, run the effects, render once; errors become a notice, never a crash."""
        before = self.ui
        try:
            self.ui, effects = model.reduce(before, event)
        except Exception as exc:
            traceback.print_exc()
            self.ui = replace(before, notices=before.notices + (
                f"That did not work: {quote(str(exc), 80)}",))
            effects = ()
        focus: model.Focus | None = None
        travels: list[model.Travel] = []
        for effect in effects:
            if isinstance(effect, model.Focus):
                focus = effect
            elif isinstance(effect, model.Travel):
                travels.append(effect)  # needs the card drawn: after the render
            else:
                self.run(effect)
        document.getElementById("help").hidden = not self.ui.help_open
        if self.ui.session is not None and (force or model.needs_render(before, self.ui)):
            self.render(only_detail=_only_detail(before, self.ui))
        for travel in travels:
            self._travel(travel)
        if focus is not None:
            self._focus(focus.selectors)

    def run(self, effect: model.Effect) -> None:
        if isinstance(effect, model.Save):
            self._save(effect.session)
        elif isinstance(effect, model.Remember):
            self.saves.write_settings(dict(effect.settings))
            self._apply_theme()
        elif isinstance(effect, model.Wait):
            boot.background(self._wait(effect, time.monotonic()))
        elif isinstance(effect, model.Ask):
            boot.background(self._ask(effect, time.monotonic()))
        elif isinstance(effect, model.Analyse):
            boot.background(self._analyse(effect))
        elif isinstance(effect, model.Review):
            boot.background(self._review(effect))
        elif isinstance(effect, model.ShowForm):
            self.show_form()

    async def _wait(self, effect: model.Wait, issued: float) -> None:
        await _pause_since(issued, effect.ms)
        self.dispatch(model.Tick(effect.generation))

    async def _ask(self, effect: model.Ask, issued: float) -> None:
        """Ask for a computer's move at once and play it once the pace's pause is over too:
        the search runs during the pause, so a person waits the longer of the two, not
        their sum."""
        s = self.ui.session
        if effect.generation != self.ui.generation or s is None:
            return
        name = s.seats[effect.seat].name

        def thinking(text: str) -> None:
            self.dispatch(model.Thinking(effect.generation, text))

        move = asyncio.ensure_future(self.computers.choose(
            s.state, effect.seat, effect.level, effect.seed, thinking, who=name))
        await _pause_since(issued, effect.delay_ms)
        if not move.done() and effect.level not in FAST_LEVELS:  # say so (at any pace)
            self.dispatch(model.Thinking(effect.generation, f"{name} is thinking…"))
        try:
            text = await move
        except Exception as exc:
            traceback.print_exc()
            if effect.generation == self.ui.generation:
                self.dispatch(model.Notice(f"The computer could not move: {quote(str(exc), 80)}"))
            return
        if effect.generation != self.ui.generation:
            return  # the game changed while it thought (undo, leave): nothing to say
        if self.computers.notice:
            self.dispatch(model.Notice(self.computers.notice))
        self.dispatch(model.Answer(effect.generation, text))

    async def _analyse(self, effect: model.Analyse) -> None:
        """Work out a hint in the AI worker (the page's quick AI if it is down)."""
        await self._worker_job(
            effect.generation, "No hint this time",
            lambda s: self.computers.analyse(s.state, effect.seat, effect.level, effect.seed),
            lambda moves, source: model.HintAnswer(effect.generation, effect.moves, moves,
                                                   source))

    async def _review(self, effect: model.Review) -> None:
        """Review a seat's decisions in the AI worker (the page's quick AI if it is down)."""
        await self._worker_job(
            effect.generation, "No review this time",
            lambda s: self.computers.review(s, effect.seat, effect.level),
            lambda lines, source: model.ReviewAnswer(effect.generation, effect.seat, lines,
                                                     source))

    async def _worker_job(self, generation: int, failed: str,
                          work: Callable[[Session], Awaitable[tuple[Any, str]]],
                          answer: Callable[[Any, str], model.Event]) -> None:
        """Run an analysis for the game of ``generation`` (skipped if it has changed) and
        dispatch ``answer(result, source)``; a failure is said (``failed``: why) and answered
        with nothing, so the table never waits for it."""
        s = self.ui.session
        if generation != self.ui.generation or s is None:
            return
        try:
            result, source = await work(s)
        except Exception as exc:
            traceback.print_exc()
            result, source = (), "page"
            self.dispatch(model.Notice(f"{failed}: {quote(str(exc), 80)}"))
        if self.computers.notice:
            self.dispatch(model.Notice(self.computers.notice))
        self.dispatch(answer(result, source))

    # -- rendering ------------------------------------------------------------------------
    def render(self, only_detail: bool = False) -> None:
        """Refresh every part of the table from the view of the seat shown."""
        ui = self.ui
        table = document.getElementById("table")
        if ui.session is None or not present(table):
            return
        view = table_view(ui)
        self.offered = {str(a): a for a in view.actions}
        detail = document.getElementById("detail")
        detail.innerHTML = render_detail(view)
        detail.hidden = not ui.detail
        if only_detail:
            return
        s = ui.session
        obs = view.obs
        table.dataset.phase = obs["phase"]
        cur = obs["current_player"]
        table.dataset.currentPlayer = "" if cur is None else str(cur)
        table.dataset.waiting = ui.mode.value
        table.dataset.moves = str(len(s.actions))
        table.dataset.seed = str(s.seed)
        table.dataset.seats = str(len(s.seats))
        table.classList.toggle("hotseat", sum(x.human for x in s.seats) > 1)
        table.dataset.tab = self.tabs.follow(view)
        self._set("tabs", phone.render_tabs(view, self.tabs.current))
        for key, html in regions(view).items():
            self._set(key, html)
        self._set("controls", controls(ui.pace, ui.open_hands,
                                       sum(x.human for x in s.seats) > 1))
        notice = " ".join(ui.notices)
        extra = ""
        if self.conflict:
            extra += button("Overwrite with this tab's game", cls="btn small", data_ui="overwrite")
        if self.save_failed:
            extra += button("Download this game", cls="btn small", data_ui="download",
                            id="download-btn")
        self._set("notice", esc(notice) + extra + (
            button("Dismiss", cls="btn small", data_ui="dismiss") if notice else ""))
        document.getElementById("notice").hidden = not notice
        handover = document.getElementById("handover")
        prompt = document.getElementById("prompt")
        if ui.mode is Mode.HANDOVER and cur is not None:
            who = esc(s.seats[cur].name)
            handover.innerHTML = (
                f"<h2>Pass the device to {who}</h2><p>Only hands are hidden; the cities "
                f"stay on the table. {who}, confirm when you are ready to see your hand.</p>"
                + button(f"I am {who}: show my hand", cls="btn primary", data_ui="handover-ok",
                         id="handover-ok"))
            handover.hidden = False
            prompt.hidden = True
            self._set("prompt", "")
        else:
            handover.hidden = True
            prompt.hidden = view.over
            self._set("prompt", render_prompt(view))
        self._set("final-area", render_end(view) + render_review(view) if view.over else "")
        self._set("log", log_view.render(ui.log))

    def _set(self, element_id: str, html: str) -> None:
        """Replace a container's markup unless it is unchanged (keeps focus and saves work)."""
        if self._drawn.get(element_id) == html:
            return
        el = document.getElementById(element_id)
        if present(el):
            el.innerHTML = html
            self._drawn[element_id] = html

    def _travel(self, effect: model.Travel) -> None:
        """Move a computer's new card from where it came from to where it is drawn (Web
        Animations API, a FLIP: it starts over its source and its transform eases to none).

        One call, no Python callback: the browser drops the finished animation itself.
        Skipped under ``prefers-reduced-motion: reduce`` and when either end is not
        drawn (a hidden panel on a phone, a round drawn at once)."""
        if bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches):
            return
        card = self.root.querySelector(effect.card)
        source = self.root.querySelector(effect.source)
        if not present(card) or not present(source):
            return
        start, end = source.getBoundingClientRect(), card.getBoundingClientRect()
        if not (start.width and end.width):
            return
        dx = start.left + start.width / 2 - (end.left + end.width / 2)
        dy = start.top + start.height / 2 - (end.top + end.height / 2)
        frames = [{"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.8)",
                   "opacity": 0.5, "zIndex": 6},
                  {"transform": "none", "opacity": 1, "zIndex": 6}]
        card.animate(to_js(frames), to_js({"duration": effect.ms,
                                           "easing": "cubic-bezier(0.2, 0.7, 0.3, 1)"}))

    def _focus(self, selectors: tuple[str, ...]) -> None:
        if self.ui.help_open and selectors != ("#help-close",):
            return
        for selector in selectors:
            el = self.root.querySelector(selector)
            if present(el):
                el.focus(to_js({"preventScroll": False}))
                return

    def _apply_theme(self) -> None:
        html = document.documentElement
        if self.ui.theme in ("light", "dark"):
            html.dataset.theme = self.ui.theme
        elif present(html.getAttribute("data-theme")):
            html.removeAttribute("data-theme")

    def _on_ai_status(self, status: str) -> None:
        el = document.getElementById("worker-status")
        if present(el) and status == "failed":
            el.textContent = "AI worker unavailable: computers use the quick AI."
        elif present(el) and status == "restarting":
            el.textContent = "AI worker: restarting…"
        elif present(el) and status == "ready" and self.computers.restarts:
            el.textContent = "AI worker: restarted"

    # -- input ----------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = event.target.closest(
            "[data-action], [data-hint], [data-select], [data-ui], [data-card]")
        if not present(target) or target.hasAttribute("disabled"):
            return
        text = target.getAttribute("data-action")
        if present(text) and text:
            action = self.offered.get(str(text))
            if action is not None:
                self.dispatch(model.Act(action))
            return
        hinted = target.getAttribute("data-hint")
        if present(hinted) and hinted:
            action = self.offered.get(str(hinted))  # the hint plays what the table offers
            if action is not None:
                self.dispatch(model.Act(action))
            return
        kind = target.getAttribute("data-select")
        if present(kind) and kind:
            self.dispatch(model.Select(str(kind)))
            return
        command = target.getAttribute("data-ui")
        if present(command) and command:
            if command == "help-backdrop" and event.target != target:
                return  # a click inside the help box, not on its backdrop
            self.command(str(command), target)
            return
        self.dispatch(model.Panel("detail", _card_key(target)))

    def on_focus(self, event: Any) -> None:
        """Keyboard focus on a card shows its details (as a tap or a click does)."""
        target = event.target
        if not present(target) or not hasattr(target, "getAttribute"):
            return
        kind = target.getAttribute("data-card")
        if not bool(target.matches(":focus-visible")):
            return  # focus moved by a tap or by the game itself: the tap opens details
        if present(kind) and kind and _card_key(target) != self.ui.detail:
            self.dispatch(model.Panel("detail", _card_key(target)))

    def on_context(self, event: Any) -> None:
        """A right click on a card opens its details (a long press: :mod:`ui.touch`)."""
        target = event.target.closest("[data-card]")
        if present(target):
            event.preventDefault()
            self.dispatch(model.Panel("detail", _card_key(target)))

    def command(self, command: str, target: Any) -> None:
        s = self.ui.session
        if command == "deselect":
            self.dispatch(model.Select(""))
        elif command == "undo":
            self.dispatch(model.Undo())
        elif command == "hint":
            self.dispatch(model.AskHint())
        elif command == "review":
            self.dispatch(model.AskReview(int(target.getAttribute("data-review-seat"))))
        elif command == "handover-ok":
            self.dispatch(model.HandOver())
        elif command in ("help", "help-close", "help-backdrop"):
            self.toggle_help(command == "help")
        elif command == "tab":
            name = str(target.getAttribute("data-tab"))
            self.tabs.choose(name)
            self.render()
            self._focus((f'[data-tab="{name}"]',))
        elif command == "detail-close":
            self.dispatch(model.Panel("detail", ""))
        elif command == "breakdown":
            self.dispatch(model.Panel("breakdown", int(target.getAttribute("data-seat-score"))))
        elif command == "dismiss":
            self.dispatch(model.Notice(""))
        elif command == "theme":
            dark = bool(window.matchMedia("(prefers-color-scheme: dark)").matches)
            now = self.ui.theme if self.ui.theme != "auto" else ("dark" if dark else "light")
            self.dispatch(model.Setting("theme", "light" if now == "dark" else "dark"))
        elif command == "start":
            try:
                seats, seed, shrine = newgame.read_form(document)
            except ValueError as exc:
                self.show_form(notice=str(exc))
                return
            self.new_game(seats, seed, shrine)
        elif command == "resume-slot":
            self.resume(str(target.getAttribute("data-slot")))
        elif command == "delete-slot":
            slot = str(target.getAttribute("data-slot"))
            if bool(window.confirm("Delete this saved game? It cannot be brought back.")):
                self.saves.delete_game(slot)
                self.show_form()
        elif command == "overwrite" and s is not None:
            self._save(s, overwrite=True)
            self.dispatch(model.Notice(""))
        elif command == "download" and s is not None:
            download(save.export_game(s), "great-city-of-rome-game.json")
        elif command == "newgame":
            self.dispatch(model.Leave())
            if s is None:
                self.show_form()
        elif command == "rematch" and s is not None:
            self.new_game(s.seats, newgame.random_seed(), s.shrine)
        elif command == "replay-link" and s is not None:
            boot.background(self.copy_replay_link(s))

    async def copy_replay_link(self, s: Session) -> None:
        """The end screen's "copy replay link": embed.html's replay view of this game."""
        from ui.embed.links import replay_link

        link = replay_link(str(window.location.href), save.record(s))
        try:
            await window.navigator.clipboard.writeText(link)
            text = "Replay link copied: paste it to show this game step by step."
        except Exception:
            text = "This browser refused to copy the replay link."
        self.dispatch(model.Notice(text))

    def toggle_help(self, show: bool) -> None:
        """The help dialog: modal, traps focus, closes on Escape and on its backdrop."""
        self.dispatch(model.Panel("help", show))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        help_open = not document.getElementById("help").hidden
        if key == "Tab" and help_open:
            self._trap(event)
            return
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey \
                or event.altKey:
            return
        if key == "Escape":
            if help_open:
                self.toggle_help(False)
            elif self.ui.detail:
                self.dispatch(model.Panel("detail", ""))
            elif self.ui.selection:
                self.dispatch(model.Select(""))
            return
        if key == "?":
            self.toggle_help(not help_open)
            return
        shortcuts = {"e": '[data-action="end"]', "p": '[data-action="produce"]',
                     "u": '[data-ui="undo"]', "h": '[data-ui="hint"]'}
        if key.lower() in shortcuts and not help_open:
            el = document.querySelector(shortcuts[key.lower()])
            if present(el):
                event.preventDefault()
                el.click()

    def _trap(self, event: Any) -> None:
        """Keep Tab inside the help dialog."""
        items = document.querySelectorAll("#help a[href], #help button, #help [tabindex]")
        if not items.length:
            return
        first, last = items.item(0), items.item(items.length - 1)
        active = document.activeElement
        inside = present(active) and document.getElementById("help").contains(active)
        if event.shiftKey and (active == first or not inside):
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and (active == last or not inside):
            event.preventDefault()
            first.focus()

    def on_change(self, event: Any) -> None:
        target_id = str(event.target.id)
        if target_id == "load-file" and event.target.files.length:
            boot.background(self.load_file(event.target.files.item(0)))
        elif target_id == "pace-select":
            self.dispatch(model.Setting("pace", int(event.target.value)))
        elif target_id == "open-hands":
            self.dispatch(model.Setting("open_hands", bool(event.target.checked)))

    async def load_file(self, file: Any) -> None:
        """Resume a game downloaded earlier ("Download this game"), in a new slot."""
        try:
            if int(file.size) > save.MAX_SAVE_CHARS * 4:
                raise SaveError("the file is far too large to be a saved game")
            session = save.import_game(str(await file.text()))
        except SaveError as exc:
            self.show_form(notice=f"That file could not be loaded: {exc}.")
            return
        self.begin(session, self.saves.new_slot())

    # -- hooks for tests ------------------------------------------------------------------
    def history_json(self) -> str:
        s = self.ui.session
        return json.dumps(s.to_save() if s else None)

    def record_json(self) -> str:
        """``window.rome.record()``: the game so far as a replay record (JSON text)."""
        s = self.ui.session
        return json.dumps(save.record(s) if s else None)


def _card_key(el: Any) -> str:
    kind = str(el.getAttribute("data-card") or "")
    pos = el.getAttribute("data-pos")
    return f"{kind}@{pos}" if present(pos) and pos else kind


async def _pause_since(issued: float, ms: int) -> None:
    """Sleep until ``ms`` after ``issued`` (``time.monotonic()`` when the pause was asked
    for): the move before it was drawn meanwhile, so the pace is the time from one move
    to the next, not the pace plus the drawing (tens of ms a move in Pyodide)."""
    left = ms / 1000 - (time.monotonic() - issued)
    if left > 0:
        await asyncio.sleep(left)


def _only_detail(before: UiState, after: UiState) -> bool:
    return before.detail != after.detail and replace(before, detail=after.detail) == after


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


def start_game(root_selector: str = "#app", *, compact: bool = False,
               namespace: str = "great-city-of-rome") -> App:
    """Mount the whole game on the element ``root_selector`` and start it.

    For the embed page (issue 12): ``compact=True`` marks the root ``.compact`` (the
    stylesheet then fits a small frame), ``namespace`` keeps its saves and settings apart
    from the main site's. Publishes ``window.rome.record()`` and the engine probes.
    """
    from ui import probe

    root = document.querySelector(root_selector)
    app = App(root, compact=compact, namespace=namespace)
    app.mount()
    boot.expose("romeEngine", legal_count=probe.legal_count, scripted_game=probe.scripted_game)
    boot.expose("romeGame", history=app.history_json)
    boot.expose("rome", record=app.record_json)
    boot.expose("romeDebug", memory=boot.memory_stats)
    app.start_from_address()
    report_worker(app)
    return app
