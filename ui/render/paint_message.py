"""The painter's message (``Paint``): what the UI's Python tells the page's painter
(``assets/painter.js``), one plain JSON object per change of the page.

Why a message rather than calls on the DOM: Python decides what the page shows and the
painter only writes it, so the two can live on either side of a ``postMessage`` (issue
44: the UI's Python moving into a worker). The painter checks every message against the
same shape (``romePainter.check``; ``tests/test_painting.py`` has it check every kind of
message the Python half sends). Nothing is imported here, so an embed view that never
draws a table loads none of it.
"""

from __future__ import annotations

from typing import TypedDict


class Mount(TypedDict):
    """The page's frame, written once into the element ``root`` selects."""

    root: str
    html: str
    compact: bool


class HelpBox(TypedDict):
    """The rules dialog's filter as the model holds it (the box is set to it if it
    differs: what the player typed is already there)."""

    filter: str


class WorkerLine(TypedDict):
    """The About line's report of the AI worker (``UiState.worker``)."""

    words: str
    error: str
    legalCount: int | None
    ready: bool


class TableData(TypedDict):
    """``#table``'s ``data-*`` attributes, which the stylesheet and the browser tests read."""

    phase: str
    currentPlayer: str
    waiting: str
    writer: str
    moves: str
    seed: str
    seats: str
    tab: str


class Target(TypedDict):
    """The control the guided game asks for (``data-tutorial-target``): ``selector``, or
    ``tab`` (its phone tab's button) where ``media`` matches and it is under another tab."""

    selector: str
    tab: str
    media: str


class Attribute(TypedDict):
    """An attribute an embed view keeps in step (``ui.embed.view.Frame.attributes``)."""

    selector: str
    name: str
    value: str


class Moving(TypedDict):
    """A card that travels from ``source`` to where it is drawn (``effects.Travel``)."""

    card: str
    source: str
    ms: int


class Focusing(TypedDict):
    """Focus the first element found and drawn of ``selectors`` (``effects.Focus``)."""

    selectors: list[str]
    top: bool


class Paint(TypedDict, total=False):
    """One message to the painter; each key only when it has something to write, applied
    in this order."""

    mount: Mount
    theme: str  # "auto", "light" or "dark"
    screen: str  # ``#screen``'s whole markup (the table's skeleton or the new-game form)
    containers: dict[str, str]  # element id -> markup
    table: TableData
    hotseat: bool  # ``#table.hotseat``: several humans at one screen
    attributes: list[Attribute]
    hidden: dict[str, bool]  # element id -> hidden
    help: HelpBox
    worker: WorkerLine
    target: Target | None  # None: the guided game asks for no control
    travel: list[Moving]
    focus: Focusing
    input: bool  # true: the answer to the input half's last input (``Painter.answer_input``)
