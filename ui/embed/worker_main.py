"""``embed.html``'s views in a worker: the runner on the page (``assets/ui-runner.mjs``)
starts this file in a PyScript worker and sends the page's address first; the view is
then mounted (``ui.embed.views``) through a :class:`WorkerLink`, and the runner's input
messages are handed to it.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

import js
from polyscript import xworker

from ui import address, selfcheck
from ui.shell import current
from ui.shell.worker_link import WorkerLink

_link: WorkerLink | None = None
_tasks: set[asyncio.Future[None]] = set()


async def _start(page_address: str) -> None:
    global _link
    link = _link = WorkerLink(page_address, xworker.postMessage)
    current.use(link)
    link.marks([str(m.name) for m in js.performance.getEntriesByType("mark")
                if str(m.name).startswith("pyodide:")])
    link.progress(92, "Starting the view")
    wrong = selfcheck.problem(js)
    if wrong:
        link.fail(f"The start-up self-check found a wrong answer about {wrong}.",
                  restored=_restored())
        return
    from ui.embed import views

    try:
        params = address.embed_address(urlsplit(page_address).query)
        record_text, problem = "", ""
        if params.view == "replay" and params.src and not params.record:
            record_text, problem = await views.fetch_record(params.src)
        views.setup(params, record_text, problem)
    except Exception as exc:
        link.fail(f"Start-up failed: {type(exc).__name__}: {exc}", restored=_restored())
        return
    link.ready()


def _restored() -> bool:
    """Whether this worker's Python was restored from a memory snapshot (the page deletes
    it and starts again without one when such a start fails: ``assets/boot.js``)."""
    snapshot = getattr(js, "romeSnapshot", None)
    return bool(snapshot is not None and snapshot.restored)


def on_message(event: Any) -> None:
    try:
        message = json.loads(str(event.data))
    except ValueError:
        return  # polyscript's own messages
    if not isinstance(message, dict):
        return
    if message.get("kind") == "start":
        task = asyncio.ensure_future(_start(str(message.get("address"))))
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)
    elif _link is not None and message.get("kind") == "input":
        _link.heard(message)


xworker.onmessage = on_message
