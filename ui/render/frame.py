"""What the page's painter is told: one plain message per change of the page (``Frame``).

Why a message rather than calls on the DOM: Python decides what the page shows and the
painter (``assets/painter.js``) only writes it, so the two can live on either side of a
``postMessage`` (issue 44: the UI's Python moving into a worker). The message is JSON:
containers and their markup, a few attributes, what is hidden, the one control the
guided game asks for, the cards that travel and where focus goes. ``table_parts`` works
out the table's share from the model alone; ``ui.shell.paint`` sends only the containers
whose markup changed. The painter checks every message against the same shape
(``romePainter.check``; ``tests/test_paint_frames.py`` keeps recorded messages of each
kind in ``tests/data/paint_frames.json`` and has the painter's own check read them).
"""

from __future__ import annotations

from typing import TypedDict

from ui.model.effects import Focus, Travel
from ui.model.state import Mode, UiState, WorkerReport
from ui.render import log_view, phone
from ui.render.details import render_detail
from ui.render.endgame import render_end
from ui.render.handover import render_handover
from ui.render.messages import render_messages
from ui.render.prompt import render_prompt
from ui.render.review import render_review
from ui.render.table import regions
from ui.render.table_layout import controls
from ui.render.tutorial import render_tutorial, target
from ui.render.view import table_view
from ui.words.markup import button, esc


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


class Moving(TypedDict):
    """A card that travels from ``source`` to where it is drawn (``effects.Travel``)."""

    card: str
    source: str
    ms: int


class Focusing(TypedDict):
    """Focus the first element found and drawn of ``selectors`` (``effects.Focus``)."""

    selectors: list[str]
    top: bool


class Frame(TypedDict, total=False):
    """One message to the painter; each key only when it has something to write, applied
    in this order."""

    mount: Mount
    theme: str  # "auto", "light" or "dark"
    screen: str  # ``#screen``'s whole markup (the table's skeleton or the new-game form)
    containers: dict[str, str]  # element id -> markup
    table: TableData
    hotseat: bool  # ``#table.hotseat``: several humans at one screen
    hidden: dict[str, bool]  # element id -> hidden
    help: HelpBox
    worker: WorkerLine
    target: Target | None  # None: the guided game asks for no control
    travel: list[Moving]
    focus: Focusing


def table_parts(ui: UiState, only_detail: bool = False) -> Frame:
    """Every part of the table drawn from the view of the seat shown (only the card
    details if ``only_detail``); an empty frame when no game is on the table."""
    if ui.session is None:
        return {}
    view = table_view(ui)
    detail: Frame = {"containers": {"detail": render_detail(view)},
                     "hidden": {"detail": not ui.detail}}
    if only_detail:
        return detail
    s = ui.session
    obs = view.obs
    cur = obs["current_player"]
    tab = phone.shown_tab(view, ui.tab)
    humans = sum(x.human for x in s.seats)
    handing = ui.mode is Mode.HANDOVER and cur is not None
    notice = " ".join(ui.notices)
    tutorial = render_tutorial(ui)
    containers = {
        **detail["containers"],
        "tabs": phone.render_tabs(view, tab),
        **regions(view),
        "controls": controls(ui.pace, ui.open_hands, humans > 1,
                             asking=any(m.kind == "reveal" for m in ui.messages)),
        **render_messages(ui.messages),
        "notice": esc(notice) + (button("Dismiss", cls="btn small", data_ui="dismiss")
                                 if notice else ""),
        "handover": render_handover(view) if handing else "",
        "prompt": "" if handing else render_prompt(view),
        "final-area": render_end(view) + render_review(view) if view.over else "",
        "log": log_view.render(ui.log, notes=ui.log_notes),
        "tutorial": tutorial,
    }
    hidden = {**detail["hidden"], "notice": not notice, "handover": not handing,
              # what the prompt would say, the message area says (``Mode.ELSEWHERE``)
              "prompt": handing or view.over or ui.mode is Mode.ELSEWHERE,
              "tutorial": not tutorial}
    asked = target(ui)
    return {
        "containers": containers,
        "table": {"phase": obs["phase"], "currentPlayer": "" if cur is None else str(cur),
                  "waiting": ui.mode.value, "writer": ui.writer.value,
                  "moves": str(len(s.actions)), "seed": str(s.seed),
                  "seats": str(len(s.seats)), "tab": tab},
        "hotseat": humans > 1,
        "hidden": hidden,
        "target": None if asked is None else {
            "selector": asked.selector, "media": phone.PHONE_MEDIA,
            "tab": "" if asked.tab in (None, tab) else f'#tabs [data-tab="{asked.tab}"]'},
    }


def worker_line(report: WorkerReport) -> WorkerLine:
    return {"words": report.words, "error": report.error, "legalCount": report.legal_count,
            "ready": report.ready}


def moving(effect: Travel) -> Moving:
    return {"card": effect.card, "source": effect.source, "ms": effect.ms}


def focusing(effect: Focus) -> Focusing:
    return {"selectors": list(effect.selectors), "top": effect.top}
