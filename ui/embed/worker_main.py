"""``embed.html``'s views in a worker (prototype, branch ``ui-worker``): the runner on the
page (``assets/ui-runner.mjs``) starts this file in a PyScript worker and sends the
page's address first; the view is then mounted through a :class:`WorkerLink`.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from polyscript import xworker

from ui import address, selfcheck
from ui.shell import current
from ui.shell.worker_link import WorkerLink

_link: WorkerLink | None = None


def _start(page_address: str) -> None:
    global _link
    _link = WorkerLink(page_address, xworker.postMessage)
    current.use(_link)
    import js

    _link.progress(92, "Starting the view")
    wrong = selfcheck.problem(js)
    if wrong:
        _link.fail(f"The start-up self-check found a wrong answer about {wrong}.")
        return
    from ui.embed import page

    params = address.embed_address(urlsplit(page_address).query)
    if params.problems:
        _link.notes("".join(f"<p>{text}</p>" for text in params.problems))
    if params.view == "calculator":
        page.mount_calculator(params)
    elif params.view == "city":
        page.mount_city(params)
    else:
        page.show_problem("Not in the worker yet", "This prototype runs the calculator and "
                          "the city view only.")
    _link.ready()


def on_message(event: Any) -> None:
    try:
        message = json.loads(str(event.data))
    except ValueError:
        return  # polyscript's own messages
    if not isinstance(message, dict):
        return
    if message.get("kind") == "start":
        _start(str(message.get("address")))
    elif _link is not None and message.get("kind") == "input":
        _link.heard(message)


xworker.onmessage = on_message
