"""Writing the page: the frame, the table from a view, the new-game screen, focus, the
theme and the card that travels. Everything here only draws what it is handed.

Why apart from the page object: drawing is the one place that touches the DOM's content;
what to draw is decided by the model and the pure renderers (``ui.render``). A container
is rewritten only when its markup changed, which keeps focus and saves work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pyscript import document, window
from pyscript.ffi import to_js

import rome
from ui.model.effects import Focus, Travel
from ui.model.state import Mode, UiState, WorkerReport
from ui.render import log_view, phone
from ui.render.details import render_detail
from ui.render.endgame import render_end
from ui.render.handover import render_handover
from ui.render.help_panel import render_help, rules_view
from ui.render.messages import render_messages
from ui.render.prompt import render_prompt
from ui.render.record import render_record
from ui.render.review import render_review
from ui.render.table import regions
from ui.render.table_layout import TABLE_SKELETON, controls
from ui.render.tutorial import render_tutorial, target
from ui.render.view import TableView, table_view
from ui.tutorial.marks import TARGET
from ui.words.markup import button, esc, present

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

RULES_PARTS = ("rules-body", "rules-count")
"""The rules dialog's containers a filter changes (``ui.render.help_panel.rules_view``)."""


def may_take_focus() -> bool:
    """Whether the page may move the keyboard's focus: always in a window of its own, in a
    frame only once the player is in it. A ``focus()`` in a frame the reader has not
    entered would take the keyboard from the host page, and Chromium scrolls the host to
    the frame for it, even across origins: a game at the foot of an article would pull
    the reader down to it at its start and at every turn (assets/frame-height.js marks a
    framed page)."""
    framed = document.documentElement.getAttribute("data-framed") == "true"
    return not framed or bool(document.hasFocus())


@dataclass(frozen=True)
class Drawn:
    """What a render showed: the view (the actions it offers are the page's to take)."""

    view: TableView


class Painter:
    """Draws on one root element and remembers what each container last received."""

    def __init__(self, root: JsProxy) -> None:
        self.root = root
        self._drawn: dict[str, str] = {}  # container id -> markup last written
        self._rules = dict(zip(RULES_PARTS, rules_view(""), strict=True))  # as mounted
        self._worker = WorkerReport()  # as mounted: the About line's own words

    def mount(self, compact: bool) -> None:
        """The static frame: a screen slot and the help overlay, whose About line says
        how the engine and the AI worker are (issue 40: not in a footer players read)."""
        count = len(rome.legal_actions(rome.new_game(2, seed=1)))
        self.root.classList.toggle("compact", compact)
        self.root.innerHTML = (
            '<div id="screen"></div>'
            '<div id="help" class="overlay" data-ui="help-backdrop" hidden>'
            f"{render_help(count)}</div>"
        )

    def screen(self, html: str) -> None:
        """Replace the whole screen (the table's skeleton or the new-game form)."""
        document.getElementById("screen").innerHTML = html
        self._drawn.clear()

    def record(self, ui: UiState) -> None:
        """The record of games on the new-game screen, when it is shown and changed."""
        if ui.record is not None and present(document.getElementById("record")):
            self._set("record", render_record(ui.record, str(window.location.href)))

    def table(self) -> None:
        self.screen(TABLE_SKELETON)

    def help(self, ui: UiState) -> None:
        """Show or hide the rules dialog; while it is open, draw what its filter shows
        (and put the filter's text in its box when the model changed it)."""
        document.getElementById("help").hidden = not ui.help_open
        if not ui.help_open:
            return
        for element_id, html in zip(RULES_PARTS, rules_view(ui.help_filter), strict=True):
            if self._rules.get(element_id) != html:
                document.getElementById(element_id).innerHTML = html
                self._rules[element_id] = html
        box = document.getElementById("rules-filter")
        if present(box) and str(box.value) != ui.help_filter:
            box.value = ui.help_filter

    def render(self, ui: UiState, only_detail: bool = False) -> Drawn | None:
        """Refresh every part of the table from the view of the seat shown (only the
        details panel if ``only_detail``); None when there is no table to draw."""
        table = document.getElementById("table")
        if ui.session is None or not present(table):
            return None
        view = table_view(ui)
        detail = document.getElementById("detail")
        detail.innerHTML = render_detail(view)
        detail.hidden = not ui.detail
        if only_detail:
            return Drawn(view)
        s = ui.session
        obs = view.obs
        table.dataset.phase = obs["phase"]
        cur = obs["current_player"]
        table.dataset.currentPlayer = "" if cur is None else str(cur)
        table.dataset.waiting = ui.mode.value
        table.dataset.writer = ui.writer.value  # this tab plays it, or another (ui.model.tabs)
        table.dataset.moves = str(len(s.actions))
        table.dataset.seed = str(s.seed)
        table.dataset.seats = str(len(s.seats))
        table.classList.toggle("hotseat", sum(x.human for x in s.seats) > 1)
        tab = phone.shown_tab(view, ui.tab)
        table.dataset.tab = tab
        self._set("tabs", phone.render_tabs(view, tab))
        for key, html in regions(view).items():
            self._set(key, html)
        self._set("controls", controls(ui.pace, ui.open_hands,
                                       sum(x.human for x in s.seats) > 1,
                                       asking=any(m.kind == "reveal" for m in ui.messages)))
        for key, html in render_messages(ui.messages).items():
            self._set(key, html)
        self._notice(ui)
        handover = document.getElementById("handover")
        prompt = document.getElementById("prompt")
        if ui.mode is Mode.HANDOVER and cur is not None:
            handover.innerHTML = render_handover(view)
            handover.hidden = False
            prompt.hidden = True
            self._set("prompt", "")
        else:
            handover.hidden = True
            prompt.hidden = view.over or ui.mode is Mode.ELSEWHERE  # said in the message area
            self._set("prompt", render_prompt(view))
        self._set("final-area", render_end(view) + render_review(view) if view.over else "")
        self._set("log", log_view.render(ui.log, notes=ui.log_notes))
        self._tutorial(ui, tab)
        return Drawn(view)

    # -- the guided game (issue 41) -------------------------------------------------------
    def _tutorial(self, ui: UiState, tab: str) -> None:
        """The course's panel, and ``data-tutorial-target`` on the one control it asks
        for; when that control is out of view (on a phone, under another tab than ``tab``,
        the player's own: the table never moves them, ``ui.model.turn``), on the tab that
        shows it, so the tab is what the course asks for first."""
        html = render_tutorial(ui)
        self._set("tutorial", html)
        document.getElementById("tutorial").hidden = not html
        marked = self.root.querySelectorAll(f"[{TARGET}]")
        for i in range(marked.length):
            marked.item(i).removeAttribute(TARGET)
        asked = target(ui)
        if asked is None:
            return
        selector = asked.selector
        if asked.tab not in (None, tab) and window.matchMedia(phone.PHONE_MEDIA).matches:
            selector = f'#tabs [data-tab="{asked.tab}"]'
        el = self.root.querySelector(selector)
        if present(el):
            el.setAttribute(TARGET, "")
    # -- end of the guided game -----------------------------------------------------------

    def _notice(self, ui: UiState) -> None:
        """The notices: said once, until dismissed (what lasts is in the message area)."""
        notice = " ".join(ui.notices)
        self._set("notice", esc(notice) + (
            button("Dismiss", cls="btn small", data_ui="dismiss") if notice else ""))
        document.getElementById("notice").hidden = not notice

    def _set(self, element_id: str, html: str) -> None:
        """Replace a container's markup unless it is unchanged (keeps focus and saves work)."""
        if self._drawn.get(element_id) == html:
            return
        el = document.getElementById(element_id)
        if present(el):
            el.innerHTML = html
            self._drawn[element_id] = html

    def travel(self, effect: Travel) -> None:
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

    def focus(self, ui: UiState, effect: Focus) -> None:
        """Focus the first element found and drawn (a phone's other tabs are not: issue 40),
        never one behind the open rules dialog, first scrolled to the top of its scroller
        if the effect asks (a section of the rules)."""
        if not may_take_focus():
            return
        for selector in effect.selectors:
            el = self.root.querySelector(selector)
            if present(el) and el.getClientRects().length:
                if ui.help_open and not document.getElementById("help").contains(el):
                    return
                if effect.top:
                    el.scrollIntoView(to_js({"block": "start"}))
                el.focus(to_js({"preventScroll": effect.top}))
                return

    @staticmethod
    def theme(ui: UiState) -> None:
        html = document.documentElement
        if ui.theme in ("light", "dark"):
            html.dataset.theme = ui.theme
        elif present(html.getAttribute("data-theme")):
            html.removeAttribute("data-theme")

    def worker(self, ui: UiState) -> None:
        """The About line's report of the AI worker (``UiState.worker``), when it changed."""
        report = ui.worker
        el = document.getElementById("worker-status")
        if report == self._worker or not present(el):
            return
        self._worker = report
        if report.words:
            el.textContent = report.words
        if report.error:
            el.dataset.workerError = report.error
        if report.legal_count is not None:
            el.dataset.workerLegalCount = str(report.legal_count)
        if report.ready:
            el.dataset.workerReady = "true"
