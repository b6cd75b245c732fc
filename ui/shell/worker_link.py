"""The page as the UI's Python reaches it from a worker: every call a posted message.

Why: the same interface as :class:`ui.shell.page_link.PageLink`, for Python that runs in
a PyScript worker started by the page's runner (``assets/ui-runner.mjs``), which has no
``window``: each call becomes one JSON message the runner carries out on the page, and
the runner's messages (the address first, then the input half's) come back through
:meth:`WorkerLink.heard`. Today the embed views use it (``ui/embed/worker_main.py``); the
table's ``App`` needs storage, confirm, copy, download and the address replaced too.
"""

from __future__ import annotations

import json
from collections.abc import Callable

Receive = Callable[[str], None]


class WorkerLink:
    """The page, by message (``post`` sends one JSON text to the runner)."""

    def __init__(self, address: str, post: Callable[[str], None]) -> None:
        self._address = address
        self._post = post
        self._receivers: dict[str, Receive] = {}

    def _say(self, to: str, **fields: object) -> None:
        self._post(json.dumps({"to": to, **fields}, separators=(",", ":")))

    def heard(self, message: dict[str, object]) -> None:
        """A message of the runner's for a receiver (the input half's, by its root)."""
        receive = self._receivers.get(str(message.get("root")))
        text = message.get("text")
        if receive is not None and isinstance(text, str):
            receive(text)

    def progress(self, value: int, text: str) -> None:
        self._say("progress", value=value, text=text)

    def marks(self, names: list[str]) -> None:
        """The interpreter's start as performance marks, made again on the page."""
        self._say("marks", names=names)

    def ready(self) -> None:
        self._say("ready")

    def fail(self, message: str, restored: bool = False) -> None:
        """The start failed (``restored``: from a memory snapshot, the first suspect)."""
        self._say("fail", message=message, restored=restored)

    @property
    def address(self) -> str:
        return self._address

    def paint(self, text: str) -> None:
        self._say("paint", text=text)

    def notes(self, html: str) -> None:
        self._say("notes", html=html)

    def listen_view(self, root: str, receive: Receive, options: dict[str, list[str]]) -> None:
        self._receivers[root] = receive
        self._say("listenView", root=root, options=options)
