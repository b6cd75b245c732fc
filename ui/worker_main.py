"""The UI's Python in a worker: the embed views (``embed.html``) and the table (the
``game`` entry, for a page that names this file in ``data-worker``: ``index.html`` once
its move is done, issue 44), started by the page's runner (``assets/ui-runner.mjs``) in
a PyScript worker.

The runner's first message is ``start``: the page's address, which entry (``game`` or
``embed``), the page's ``romeAiLimits`` and whether this worker replaces one that died
(the table then says so: it resumes the last save, as a reload would). The table or the
view is then mounted through a :class:`WorkerLink` (``ui.shell.current``), and every
later message of the runner is handed to it. Why at the top of ``ui/``: it starts both the table
(``ui.shell``) and the views (``ui.embed``).
"""

from __future__ import annotations

import gc
import json
import traceback
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import js
from polyscript import xworker
from pyodide.ffi import to_js

from ui import address, selfcheck
from ui.saves.storage import NAMESPACE
from ui.shell import current
from ui.shell.tasks import background
from ui.shell.worker_host import WorkerHost
from ui.shell.worker_link import Said, WorkerLink

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

    from ui.shell.app import App

RESTARTED = ("The table stopped answering and was started again: your game goes on from "
             "its last saved move.")
SELF_CHECK_MARKS = ("rome:self-check", "rome:self-checked")
"""``performance`` marks around the self-check (made again on the page with the
interpreter's): what it costs every start, read by ``benchmarks/bench_boot_phases.py``."""
_link: WorkerLink | None = None
_kept: list[App] = []  # what the worker keeps for its life: the table


async def _start(message: Said) -> None:
    global _link
    page_address = str(message.get("address"))
    link = _link = WorkerLink(page_address, xworker.postMessage)
    current.use(link, WorkerHost(link))
    limits = message.get("limits")
    if isinstance(limits, dict):  # read by ui.worker.ai_client as on the page
        js.romeAiLimits = to_js(limits, dict_converter=js.Object.fromEntries)
    game = message.get("entry") == "game"
    link.progress(92, "Starting the game" if game else "Starting the view")
    js.performance.mark(SELF_CHECK_MARKS[0])
    wrong = selfcheck.problem(js)
    js.performance.mark(SELF_CHECK_MARKS[1])
    origin = float(js.performance.timeOrigin)
    link.marks([(str(m.name), origin + float(m.startTime))
                for m in js.performance.getEntriesByType("mark")
                if str(m.name).startswith(("pyodide:", "rome:"))])
    if wrong:
        link.fail(f"The start-up self-check found a wrong answer about {wrong}.",
                  restored=_restored())
        return
    try:
        if game:
            await link.open_store(NAMESPACE)
            from ui.model import events
            from ui.shell.app import start_game

            app = start_game("#app")
            _kept.append(app)
            if message.get("restarted") is True:
                app.dispatch(events.Notice(RESTARTED))
        else:
            await _mount_view(link, page_address)
    except Exception as exc:
        traceback.print_exc()
        link.fail(f"Start-up failed: {type(exc).__name__}: {exc}", restored=_restored())
        return
    # What the start made lives as long as the worker: out of the collector's sight, so
    # that a full collection during a move walks the game's objects only (in CPython 4 ms
    # against 0.2 ms; a worker at a phone's speed took tens of times that, in one input).
    gc.freeze()
    link.ready()


async def _mount_view(link: WorkerLink, page_address: str) -> None:
    from ui.embed import game, views

    params = address.embed_address(urlsplit(page_address).query)
    record_text, problem = "", ""
    if params.view == "replay" and params.src and not params.record:
        record_text, problem = await views.fetch_record(params.src)
    elif params.view == "game":  # the compact game keeps its saves under its own name
        await link.open_store(game.namespace(params))
    views.setup(params, record_text, problem)


def _restored() -> bool:
    """Whether this worker's Python was restored from a memory snapshot (the page deletes
    it and starts again without one when such a start fails: ``assets/boot.js``)."""
    snapshot = getattr(js, "romeSnapshot", None)
    return bool(snapshot is not None and snapshot.restored)


def on_message(event: JsProxy) -> None:
    try:
        message = json.loads(str(event.data))
    except ValueError:
        return  # polyscript's own messages
    if not isinstance(message, dict):
        return
    if message.get("kind") == "start":
        background(_start(message))
    elif _link is not None:
        _link.heard(message)


xworker.onmessage = on_message
