"""The Python half of the one painter, for the table and every embed view: gathers what
changed during one dispatch into one message (``ui.render.paint_message.Paint``) and
hands it to the page's painter (``assets/painter.js``), which writes it; the table's
own parts are added by ``ui.shell.paint_table``.

Why apart from the page objects: what to draw is decided by the models and the pure
renderers (``ui.render``, ``ui.embed``); this only remembers what each container and
attribute last received, so a message carries only what changed (which keeps focus and
saves work), and it touches no DOM: the same messages can be posted from a worker
(issue 44).
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Collection, Mapping

from ui.render.paint_message import Paint


class Painter:
    """One message at a time: each call adds to it, :meth:`flush` sends it.

    ``_paint`` is the message under way and ``_drawn`` what each container last received:
    the table's painter (``ui.shell.paint_table``) adds to both."""

    def __init__(self, root: str, send: Callable[[str], None]) -> None:
        self.root = root
        self._send = send
        self._paint: Paint = {}
        self._drawn: dict[str, str] = {}  # container id -> markup last sent
        self._values: dict[tuple[str, str], str] = {}  # (selector, attribute) -> value
        self._answering = False  # the next message answers an input (``answer_input``)

    def mount(self, html: str, compact: bool = False) -> None:
        """Write the page's frame into the root element (``.compact`` in a small frame)."""
        self._paint["mount"] = {"root": self.root, "compact": compact, "html": html}

    def set(self, markup: Mapping[str, str], kept: Collection[str] = ()) -> None:
        """Containers whose markup changed since last sent; those in ``kept`` are counted
        as drawn without being written (the reader is typing in them)."""
        changed = {k: v for k, v in markup.items() if self._drawn.get(k) != v}
        self._drawn.update(changed)
        written = {k: v for k, v in changed.items() if k not in kept}
        if written:
            self._paint.setdefault("containers", {}).update(written)

    def attributes(self, values: Mapping[tuple[str, str], str]) -> None:
        """Attributes (by CSS selector and name) whose value changed since last sent."""
        for (selector, name), value in values.items():
            if self._values.get((selector, name)) != value:
                self._values[(selector, name)] = value
                self._paint.setdefault("attributes", []).append(
                    {"selector": selector, "name": name, "value": value})

    def mark(self, selector: str) -> None:
        """The one control a lesson asks for ("" none) carries ``data-tutorial-target``."""
        self._paint["target"] = {"selector": selector, "tab": "", "media": ""} \
            if selector else None

    def focus(self, selectors: tuple[str, ...], top: bool = False) -> None:
        """Focus the first of ``selectors`` found and drawn, first scrolled to the top of
        its scroller if ``top`` (``ui.model.effects.Focus``)."""
        self._paint["focus"] = {"selectors": list(selectors), "top": top}

    def flush(self) -> None:
        """Send what this dispatch changed (nothing if nothing did)."""
        paint, self._paint = self._paint, {}
        if paint:
            if self._answering:
                paint["input"] = True
                self._answering = False
            self._send(json.dumps(paint, separators=(",", ":")))

    def answer_input(self) -> None:
        """The next message sent is the answer to an input (``"input": true``): the page's
        painter measures the input's latency to it and ends the input's wait there, and
        not at a message of something else (a computer's move, a save's answer) sent
        meanwhile by a UI in a worker (issue 44)."""
        self._answering = True

    def answered(self) -> None:
        """End an input's dispatch: if it changed nothing, an empty answer says it was
        heard (every input is answered, so a test and the latency benchmark know when its
        effect is drawn)."""
        if self._answering:
            self._answering = False
            self._send('{"input":true}')

    def answer(self, respond: Callable[[], None], refused: type[ValueError]) -> None:
        """Answer one input, the table's or a view's: ``respond()`` reads it and dispatches
        what it stands for, and the first message sent meanwhile, or an empty one, is its
        answer. An input read as ``refused`` (a message the page's input half never
        sends) is printed and answered with nothing."""
        self.answer_input()
        try:
            respond()
        except refused:
            traceback.print_exc()
        self.answered()

    def hide(self, hidden: dict[str, bool]) -> None:
        """Elements to hide or show (by id)."""
        self._paint.setdefault("hidden", {}).update(hidden)
