"""The table's share of the painter's message (``ui.render.paint_message.Paint``), worked
out from the model alone: every container's markup, ``#table``'s attributes, what is
hidden, the control the guided game asks for. ``ui.shell.paint`` sends only the
containers whose markup changed.
"""

from __future__ import annotations

from ui.model.effects import Travel
from ui.model.state import Mode, UiState, WorkerReport
from ui.render import log_view, phone
from ui.render.details import render_detail
from ui.render.endgame import render_end
from ui.render.handover import render_handover
from ui.render.messages import render_messages
from ui.render.paint_message import Moving, Paint, WorkerLine
from ui.render.prompt import render_prompt
from ui.render.review import render_review
from ui.render.table import regions
from ui.render.table_layout import controls
from ui.render.tutorial import render_tutorial, target
from ui.render.view import table_view
from ui.words.markup import button, esc


def table_parts(ui: UiState, only_detail: bool = False) -> Paint:
    """Every part of the table drawn from the view of the seat shown (only the card
    details if ``only_detail``); an empty frame when no game is on the table."""
    if ui.session is None:
        return {}
    view = table_view(ui)
    detail: Paint = {"containers": {"detail": render_detail(view)},
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
