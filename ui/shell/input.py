"""The page's input: the input half (``assets/input.js``) posts each click, key, change,
long press and chosen file as a plain message; here it becomes the event it stands for
(``ui.model.inputs``) and is dispatched.

Why so little here: what must happen within the browser's event (``preventDefault``,
focus moved by the arrow keys, Tab kept in the rules dialog, reading a file) is the
input half's; what an input means is the model's. One receiver, kept by the page link
(``ui.shell.worker_link``), hears every message for the page's life.
"""

from __future__ import annotations

from typing import Protocol

from ui.model import events
from ui.model.inputs import FILE_CHARS, InputError, event_for, read
from ui.model.state import UiState
from ui.shell.current import TableLink
from ui.shell.paint import Painter


class Page(Protocol):
    """What input needs of the page: its state, its painter and dispatch."""

    ui: UiState

    @property
    def paint(self) -> Painter: ...

    def dispatch(self, event: events.Event) -> None: ...


class Input:
    """Receives the input half's messages for the root ``root`` (a selector)."""

    def __init__(self, page: Page, link: TableLink, root: str) -> None:
        self.page = page
        link.listen(root, self.receive, {"fileLimit": FILE_CHARS})

    def receive(self, text: str) -> None:
        self.page.paint.answer(lambda: self._respond(str(text)), InputError)

    def _respond(self, text: str) -> None:
        event = event_for(read(text), self.page.ui)
        if event is not None:
            self.page.dispatch(event)
