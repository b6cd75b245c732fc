"""The page's input: clicks, keys, changes and long presses become model events.

Why one place: listeners are created once on the root (delegation), never per element,
and each input is translated to one event (or, for the new-game screen's buttons, one
call of the page); nothing here changes state itself.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Protocol, TypeVar

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

import rome
from ui.model import events
from ui.model.state import UiState
from ui.model.turn import TO_CHOICES
from ui.saves import save
from ui.shell import boot, touch
from ui.words.markup import present

T = TypeVar("T")

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

SHORTCUTS = {"e": '[data-action="end"]', "p": '[data-action="produce"]',
             "u": '[data-ui="undo"]', "h": '[data-ui="hint"]'}
"""Keys that press a button of the table (when no dialog or form field has them)."""
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
GROUPS = ".city-grid, .offer, .strip, .hand, .choices, #prompt, #tabs, #final"
"""Where the arrow keys move focus: among the buttons of the group holding it."""
DETAIL_KEYS = ("i", "I")
"""The key that opens the focused card's details (focus alone never does)."""


class Page(Protocol):
    """What input needs of the page: its state and dispatch."""

    ui: UiState

    def dispatch(self, event: events.Event) -> None: ...


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


def back_selector(el: JsProxy) -> str:
    """A selector that finds ``el`` again after a render (its most specific attribute)."""
    for name in ("data-pos", "data-action", "data-select", "data-card"):
        value = el.getAttribute(name)
        if present(value) and value:
            return f'[{name}="{value}"]'
    return ""


def nearest(items: list[tuple[T, float, float]], x: float, y: float, key: str) -> T | None:
    """The item whose centre lies nearest to (``x``, ``y``) in the arrow ``key``'s
    direction (distance across the direction counts double), or None."""
    dx, dy = ARROWS[key]
    best: T | None = None
    best_score = float("inf")
    for el, cx, cy in items:
        along = (cx - x) * dx + (cy - y) * dy
        if along <= 1:
            continue
        across = abs((cx - x) * dy) + abs((cy - y) * dx)
        score = along + 2 * across
        if score < best_score:
            best, best_score = el, score
    return best


def card_key(el: JsProxy) -> str:
    """The details key of a drawn card: its kind, and its city cell if it is built."""
    kind = str(el.getAttribute("data-card") or "")
    pos = el.getAttribute("data-pos")
    return f"{kind}@{pos}" if present(pos) and pos else kind


class Input:
    """Listens on ``root`` (and the document, for keys) on behalf of ``page``."""

    def __init__(self, page: Page, root: JsProxy) -> None:
        self.page = page
        self.root = root
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_key),
                         create_proxy(self.on_change), create_proxy(self.on_context),
                         create_proxy(self.on_input)]
        root.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        root.addEventListener("change", self._proxies[2])
        root.addEventListener("contextmenu", self._proxies[3])
        root.addEventListener("input", self._proxies[4])
        self.long_press = touch.LongPress(root, self.details)

    def details(self, card: JsProxy) -> None:
        """Open a card's details; focus comes back to the card when they close."""
        self.page.dispatch(events.Panel("detail", card_key(card), back=back_selector(card)))

    def on_click(self, event: JsProxy) -> None:
        target = event.target.closest(
            "[data-action], [data-hint], [data-select], [data-ui], [data-card]")
        if not present(target) or target.hasAttribute("disabled"):
            return
        # a hint plays what the table offers, as the table's own button does
        text = target.getAttribute("data-action") or target.getAttribute("data-hint")
        if present(text) and text:  # the reducer plays it only if the table offers it
            with contextlib.suppress(rome.NotationError):
                self.page.dispatch(events.Act(rome.Action.parse(str(text))))
            return
        kind = target.getAttribute("data-select")
        if present(kind) and kind:
            self.page.dispatch(events.Select(str(kind)))
            return
        command = target.getAttribute("data-ui")
        if present(command) and command:
            if command == "help-backdrop" and event.target != target:
                return  # a click inside the help box, not on its backdrop
            self.command(str(command), target)
            return
        self.page.dispatch(events.Panel("detail", card_key(target)))

    def on_context(self, event: JsProxy) -> None:
        """A right click on a card opens its details (a long press: :mod:`ui.shell.touch`)."""
        target = event.target.closest("[data-card]")
        if present(target):
            event.preventDefault()
            self.details(target)

    def command(self, command: str, target: JsProxy) -> None:
        """A button with ``data-ui``: the event it stands for."""
        page = self.page
        simple: dict[str, events.Event] = {
            "deselect": events.Select(""), "undo": events.Undo(), "hint": events.AskHint(),
            "handover-ok": events.HandOver(), "help": events.Panel("help", True),
            "help-close": events.Panel("help", False),
            "help-backdrop": events.Panel("help", False),
            "detail-close": events.Panel("detail", ""), "dismiss": events.Notice(""),
            "play-here": events.TakeOver(), "newgame": events.Leave(),
            "leave-anyway": events.Leave(anyway=True),
            "tutorial-next": events.TutorialNext(),  # the guided game (issue 41)
            # hot-seat and the phone (issue 40)
            "reveal-hands": events.Reveal(True), "keep-hands": events.Reveal(False),
            TO_CHOICES: events.ToChoices(),
            # the record of games (issue 43)
            "record-download": events.RecordAsked("download"),
            "record-reset": events.RecordAsked("reset"),
            "start": events.Start(), "learn": events.Learn(), "download": events.Download(),
            "rematch": events.Rematch(),
        }
        if command in simple:
            page.dispatch(simple[command])
        elif command == "rules":  # a link to a section of the rules (issue 41)
            anchor = target.getAttribute("data-rules")
            page.dispatch(events.Panel("help", str(anchor) if present(anchor) and anchor
                                       else True, back=f"#{target.id}" if target.id else ""))
        elif command == "review":
            page.dispatch(events.AskReview(int(target.getAttribute("data-review-seat"))))
        elif command == "hint-show":
            page.dispatch(events.ShowHint(int(target.getAttribute("data-rank"))))
        elif command == "tab":
            page.dispatch(events.Tab(str(target.getAttribute("data-tab"))))
        elif command == "breakdown":
            page.dispatch(events.Panel("breakdown", int(target.getAttribute("data-seat-score"))))
        elif command == "theme":
            dark = bool(window.matchMedia("(prefers-color-scheme: dark)").matches)
            now = page.ui.theme if page.ui.theme != "auto" else ("dark" if dark else "light")
            page.dispatch(events.Setting("theme", "light" if now == "dark" else "dark"))
        elif command == "resume-slot":
            page.dispatch(events.Resume(str(target.getAttribute("data-slot"))))
        elif command == "delete-slot":
            page.dispatch(events.Delete(str(target.getAttribute("data-slot"))))
        elif command == "replay-link":
            page.dispatch(events.CopyLink(str(window.location.href)))

    def on_key(self, event: JsProxy) -> None:
        key = str(event.key)
        help_open = self.page.ui.help_open
        if key == "Tab" and help_open:
            self._trap(event)
            return
        if key == "Escape" and help_open:  # even from the rules' filter box
            event.preventDefault()
            self.page.dispatch(events.Panel("help", False))
            return
        tag = str(getattr(event.target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey \
                or event.altKey:
            return
        if key == "Escape":
            if self.page.ui.detail:
                self.page.dispatch(events.Panel("detail", ""))
            elif self.page.ui.selection:
                self.page.dispatch(events.Select(""))
            return
        if key == "?":
            self.page.dispatch(events.Panel("help", not help_open))
            return
        if help_open:
            return
        if key in DETAIL_KEYS:
            card = event.target.closest("[data-card]") if hasattr(event.target, "closest") \
                else None
            if card is not None and present(card):
                event.preventDefault()
                self.details(card)
            return
        if key in ARROWS and self._arrow(event.target, key):
            event.preventDefault()
            return
        if key.lower() in SHORTCUTS:
            el = document.querySelector(SHORTCUTS[key.lower()])
            if present(el):
                event.preventDefault()
                el.click()

    @staticmethod
    def _arrow(target: JsProxy, key: str) -> bool:
        """Move focus to the nearest button of the focused group in the arrow's direction
        (a city's cells, the offer, the strip, a hand, the prompt's choices)."""
        if not hasattr(target, "closest"):
            return False
        group = target.closest(GROUPS)
        if not present(group):
            return False
        here = target.getBoundingClientRect()
        items = []
        found = group.querySelectorAll("button:not([disabled])")
        for i in range(found.length):
            el = found.item(i)
            rect = el.getBoundingClientRect()
            if el != target and rect.width:
                items.append((el, rect.left + rect.width / 2, rect.top + rect.height / 2))
        best = nearest(items, here.left + here.width / 2, here.top + here.height / 2, key)
        if best is None:
            return False
        best.focus()
        return True

    def _trap(self, event: JsProxy) -> None:
        """Keep Tab inside the help dialog."""
        items = document.querySelectorAll(
            "#help a[href], #help button, #help input, #help [tabindex]:not([tabindex='-1'])")
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

    def on_input(self, event: JsProxy) -> None:
        """Typing in the rules' filter box or a box of the new-game screen (each keystroke,
        not only on leaving it)."""
        target_id = str(event.target.id)
        if target_id == "rules-filter":
            self.page.dispatch(events.RulesFilter(str(event.target.value)))
        elif target_id.startswith("seat-name-") or target_id == "opt-seed":
            self.page.dispatch(events.FormInput(target_id, str(event.target.value)))

    def on_change(self, event: JsProxy) -> None:
        target_id = str(event.target.id)
        if target_id == "load-file" and event.target.files.length:
            boot.background(self.load_file(event.target.files.item(0)))
        elif target_id == "pace-select":
            self.page.dispatch(events.Setting("pace", int(event.target.value)))
        elif target_id == "open-hands":
            self.page.dispatch(events.Setting("open_hands", bool(event.target.checked)))
        elif target_id.startswith("seat-kind-"):
            self.page.dispatch(events.FormInput(target_id, str(event.target.value)))
        elif target_id == "opt-shrine":
            self.page.dispatch(events.FormInput(target_id, str(bool(event.target.checked))
                                                .lower()))

    async def load_file(self, file: JsProxy) -> None:
        """Read a game downloaded earlier ("Download this game"), bounded by its size
        before it is read; the reducer reads it back (``events.Opened``)."""
        if int(file.size) > save.MAX_SAVE_CHARS * 4:
            self.page.dispatch(events.OpenForm(notice="That file could not be loaded: the file "
                                                      "is far too large to be a saved game."))
            return
        self.page.dispatch(events.Opened(str(await file.text())))
