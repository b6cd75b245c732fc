"""Long-press on a touch screen opens a card's details.

Why pointer events and not ``contextmenu``: iOS Safari fires no ``contextmenu`` on a long
touch, so a press is timed from ``pointerdown`` and cancelled by ``pointerup``,
``pointercancel`` (the browser took the touch for scrolling) or a move of more than a few
pixels. Why delegated: a DOM listener written in Python needs a proxy that leaks unless it
is kept and destroyed, so one set of listeners on the table's root (and one timer
callback) is created once for the page's life, never one per card.

:class:`Press` is the decision, pure and tested on CPython; :class:`LongPress` only
connects it to the DOM.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ui.words.markup import present

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

LONG_PRESS_MS = 500
"""How long a finger rests on a card before its details open (iOS's own long-press)."""
SLOP_PX = 8.0
"""A finger that moves farther than this is scrolling or dragging, not pressing."""


@dataclass
class Press:
    """One finger's press: where it started, whether it fired, whether a click follows."""

    x: float = 0.0
    y: float = 0.0
    active: bool = False
    fired: bool = False  # the long press opened details: the click that ends it is not a tap

    def down(self, x: float, y: float, pointer_type: str, on_card: bool) -> bool:
        """A pointer went down: True when a long press may start (a finger or pen on a
        card; a mouse has its right click)."""
        self.fired = False
        self.active = on_card and pointer_type in ("touch", "pen")
        self.x, self.y = x, y
        return self.active

    def move(self, x: float, y: float) -> bool:
        """The pointer moved: True when that ends the press."""
        if self.active and (x - self.x) ** 2 + (y - self.y) ** 2 > SLOP_PX ** 2:
            self.active = False
            return True
        return False

    def end(self) -> None:
        """Lifted or taken over by the browser: no long press."""
        self.active = False

    def fire(self) -> bool:
        """The timer ran out: True when the press is still on (open the details)."""
        if not self.active:
            return False
        self.active = False
        self.fired = True
        return True

    def swallow_click(self) -> bool:
        """A click arrived: True when it only ends a long press (do not also select,
        take or build the card); the flag is used once."""
        fired, self.fired = self.fired, False
        return fired


class LongPress:
    """The DOM side: listeners on ``root`` created once, one reusable timer callback."""

    def __init__(self, root: JsProxy, open_details: Callable[[JsProxy], None]) -> None:
        from pyscript import window
        from pyscript.ffi import create_proxy

        self.window = window
        self.root = root
        self.open_details = open_details
        self.press = Press()
        self.card: JsProxy | None = None
        self.timer: JsProxy | None = None
        self._fire = create_proxy(self.on_timer)
        self._listeners = {
            "pointerdown": create_proxy(self.on_down), "pointermove": create_proxy(self.on_move),
            "pointerup": create_proxy(self.on_end), "pointercancel": create_proxy(self.on_end),
        }
        for name, proxy in self._listeners.items():
            root.addEventListener(name, proxy)
        self._click = create_proxy(self.on_click)
        root.addEventListener("click", self._click, True)  # capture: before the table's own

    def on_down(self, event: JsProxy) -> None:
        self._stop()
        card = event.target.closest("[data-card]") if hasattr(event.target, "closest") else None
        on_card = present(card)
        if self.press.down(float(event.clientX), float(event.clientY), str(event.pointerType),
                           on_card):
            self.card = card
            self.timer = self.window.setTimeout(self._fire, LONG_PRESS_MS)

    def on_move(self, event: JsProxy) -> None:
        if self.press.move(float(event.clientX), float(event.clientY)):
            self._stop()

    def on_end(self, event: JsProxy) -> None:
        self.press.end()
        self._stop()

    def on_timer(self) -> None:
        self.timer = None
        if self.press.fire() and self.card is not None:
            self.open_details(self.card)

    def on_click(self, event: JsProxy) -> None:
        if self.press.swallow_click():
            event.stopPropagation()
            event.preventDefault()

    def _stop(self) -> None:
        if self.timer is not None:
            self.window.clearTimeout(self.timer)
            self.timer = None
