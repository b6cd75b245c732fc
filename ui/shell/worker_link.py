"""The page as the UI's Python reaches it from a worker: every call a posted message.

Why: ``ui.shell.current``'s ``TableLink``, for Python that runs in a PyScript worker
started by the page's runner (``assets/ui-runner.mjs``), which has no ``window``. Each
call becomes one JSON message ``{"to": ..., ...}`` the runner carries out on the page;
what needs an answer (confirm, copy, opening storage, the AI worker's calls) carries an
``id`` and is answered by ``{"kind": "answer", "id", "value" | "error"}``. The runner's
other messages come back through :meth:`WorkerLink.heard`: the input half's, storage's
later answers, the calls of the page's hooks for tests (``window.rome.record()`` and the
rest: answered likewise) and the AI worker's end.
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Callable, Mapping, Sequence
from urllib.parse import urljoin

from ui.saves.storage import Store

Receive = Callable[[str], None]
Json = str | int | float | bool | None | Sequence["Json"] | Mapping[str, "Json"]
"""A value a message between the worker and its runner holds."""
Said = dict[str, Json]
"""One such message, read."""


class WorkerLink:
    """The page, by message (``post`` sends one JSON text to the runner)."""

    def __init__(self, address: str, post: Callable[[str], None]) -> None:
        self._address = address
        self._post = post
        self._receivers: dict[str, Receive] = {}
        self._asked: dict[int, asyncio.Future[Json]] = {}
        self._next = 0
        self._stores: dict[str, Store] = {}
        self._exposed: dict[str, dict[str, Callable[..., int | str]]] = {}
        self._gone: dict[str, Callable[[str], None]] = {}

    def say(self, to: str, **fields: Json) -> None:
        """Post ``{"to": to, **fields}`` to the runner."""
        self._post(json.dumps({"to": to, **fields}, separators=(",", ":")))

    def ask(self, to: str, **fields: Json) -> asyncio.Future[Json]:
        """Post a message the runner answers: its value, later (or its error, raised)."""
        self._next += 1
        answer: asyncio.Future[Json] = asyncio.get_running_loop().create_future()
        self._asked[self._next] = answer
        self.say(to, id=self._next, **fields)
        return answer

    # -- what the runner says -------------------------------------------------------------
    def heard(self, message: Said) -> None:
        """One of the runner's messages (a JSON object already read)."""
        kind = message.get("kind")
        if kind == "input":
            receive = self._receivers.get(str(message.get("root")))
            text = message.get("text")
            if receive is not None and isinstance(text, str):
                receive(text)
        elif kind == "answer":
            self._answered(message)
        elif kind == "storage":
            store = self._stores.get(str(message.get("namespace")))
            if store is not None:
                store.answer(str(message.get("text")))
        elif kind == "call":
            self._called(message)
        elif kind == "ping":  # the runner's: a worker that answers none is restarted
            self.say("pong")
        elif kind == "aiGone":
            gone = self._gone.get(str(message.get("name")))
            if gone is not None:
                gone(str(message.get("cause")))

    def _answered(self, message: Said) -> None:
        key = message.get("id")
        answer = self._asked.pop(key, None) if isinstance(key, int) else None
        if answer is None or answer.done():  # given up on (a time limit)
            return
        if "error" in message:
            answer.set_exception(RuntimeError(str(message["error"])))
        else:
            answer.set_result(message.get("value"))

    def _called(self, message: Said) -> None:
        """A hook of the page's called: answered with its value or its error."""
        name, fn = str(message.get("name")), str(message.get("fn"))
        args = message.get("args")
        try:
            value = self._exposed[name][fn](*(args if isinstance(args, list) else []))
        except Exception as exc:
            traceback.print_exc()
            self.say("answer", id=message.get("id"), error=f"{type(exc).__name__}: {exc}")
            return
        self.say("answer", id=message.get("id"), value=value)

    # -- the loading screen ---------------------------------------------------------------
    def progress(self, value: int, text: str) -> None:
        self.say("progress", value=value, text=text)

    def marks(self, marks: list[tuple[str, float]]) -> None:
        """The interpreter's start as performance marks (name, and time since the epoch in
        ms: a worker's clock starts at another moment), made again on the page in their
        order (some engines' clocks are too coarse to order marks made at once)."""
        self.say("marks", marks=[[name, at] for name, at in marks])

    def ready(self) -> None:
        self.say("ready")

    def fail(self, message: str, restored: bool = False) -> None:
        """The start failed (``restored``: from a memory snapshot, the first suspect)."""
        self.say("fail", message=message, restored=restored)

    def expose(self, name: str, functions: dict[str, Callable[..., int | str]]) -> None:
        """``window[name].<fn>(...)`` on the page, each answering with a promise."""
        self._exposed[name] = functions
        self.say("expose", name=name, fns=list(functions))

    # -- the page -------------------------------------------------------------------------
    @property
    def address(self) -> str:
        return self._address

    def replace_address(self, path_and_query: str) -> None:
        self._address = urljoin(self._address, path_and_query)
        self.say("replaceAddress", path=path_and_query)

    def paint(self, text: str) -> None:
        self.say("paint", text=text)

    def notes(self, html: str) -> None:
        self.say("notes", html=html)

    def listen(self, root: str, receive: Receive, options: dict[str, int]) -> None:
        self._receivers[root] = receive
        self.say("listen", root=root, options=options)

    def listen_view(self, root: str, receive: Receive, options: dict[str, list[str]]) -> None:
        self._receivers[root] = receive
        self.say("listenView", root=root, options=options)

    async def open_store(self, namespace: str) -> Store:
        """Open ``namespace`` on the page (before the table that reads it starts)."""
        store = Store(lambda text: self.say("storeWrite", namespace=namespace, text=text))
        self._stores[namespace] = store
        store.opened(str(await self.ask("storeOpen", namespace=namespace)))
        return store

    def store(self, namespace: str) -> Store:
        """The namespace opened by :meth:`open_store`."""
        return self._stores[namespace]

    def download(self, text: str, filename: str) -> None:
        self.say("download", text=text, filename=filename)

    async def confirm(self, question: str) -> bool:
        return bool(await self.ask("confirm", question=question))

    async def copy(self, text: str) -> bool:
        return bool(await self.ask("copy", text=text))

    def on_gone(self, name: str, gone: Callable[[str], None]) -> None:
        """``gone(cause)`` when the runner says the AI worker ``name`` ended."""
        self._gone[name] = gone
