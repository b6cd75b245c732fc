"""The page as the UI's Python reaches it: one object, and every call a plain message.

Why one object: the UI's Python is to run in a worker (issue 44), where there is no
``window``: the page's JavaScript will paint, listen, keep storage and ask the player, and
the worker will reach it only by ``postMessage``. Every reach of the table's and the
embed views' Python into the page goes through :class:`PageLink`, each with text or a
promise as its answer, so that move replaces this one class by one that posts the same
messages. What each call reaches: ``assets/boot.js`` (``romeBoot``: the loading screen's
progress, ready, a failed start), ``assets/painter.js`` (``romePainter``: paint, notes,
confirm, download, copy), ``assets/input.js`` (``romeInput``), ``assets/storage-host.js``
(``romeStorage``), the page's address and its hooks for tests (``window.rome`` and the
rest). What a worker has as well (``fetch``, ``URL``, ``performance``, Web Locks,
``BroadcastChannel``) is used as JavaScript's globals, not through here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from pyscript.ffi import create_proxy, to_js

from ui.saves.storage import Store, open_store

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

Receive = Callable[[str], None]


class PageLink:
    """The page's scripts and address, for the table's and the embed views' Python."""

    def __init__(self, window: JsProxy) -> None:
        self._window = window
        self._kept: list[JsProxy] = []  # receivers the page calls for its life

    def _keep(self, receive: Receive) -> JsProxy:
        proxy: JsProxy = create_proxy(receive)
        self._kept.append(proxy)
        return proxy

    # -- the loading screen and the hooks ----------------------------------------------
    def progress(self, value: int, text: str) -> None:
        """Advance the loading bar (it only moves forward) while Python sets up."""
        self._window.romeBoot.setProgress(value, text)

    def ready(self) -> None:
        """The page is interactive: the loading screen gives way to ``#app``."""
        self._window.romeBoot.ready()

    def fail(self, message: str) -> None:
        """The start failed: a readable message instead of the loading screen."""
        self._window.romeBoot.fail(message)

    def expose(self, name: str, functions: dict[str, Callable[..., int | str]]) -> None:
        """Publish ``functions`` as ``window[name].<fn>(...)`` for tests and developers."""
        setattr(self._window, name, to_js({key: create_proxy(fn)
                                           for key, fn in functions.items()}))

    # -- the page ----------------------------------------------------------------------
    @property
    def address(self) -> str:
        """The page's address now (the embed views and the record's links read it)."""
        return str(self._window.location.href)

    def replace_address(self, path_and_query: str) -> None:
        """Show ``path_and_query`` as the page's address, without a new history entry."""
        self._window.history.replaceState(None, "", path_and_query)

    def paint(self, text: str) -> None:
        """A paint message (``ui.render.paint_message.Paint`` as JSON) for the painter."""
        self._window.romePainter.paint(text)

    def listen(self, root: str, receive: Receive, options: dict[str, int]) -> None:
        """The table's input messages under ``root`` go to ``receive``."""
        self._window.romeInput.listen(root, self._keep(receive), to_js(options))

    def listen_view(self, root: str, receive: Receive, options: dict[str, list[str]]) -> None:
        """An embed view's input messages under ``root`` go to ``receive``."""
        self._window.romeInput.listenView(root, self._keep(receive), to_js(options))

    def store(self, namespace: str) -> Store:
        """The copy of ``namespace`` the page's storage owner hands over, which it answers
        from then on."""
        return open_store(self._window.romeStorage, namespace, self._keep)

    def notes(self, html: str) -> None:
        """Sentences above the view (an embed's address refused in part), once."""
        self._window.romePainter.notes(html)

    def download(self, text: str, filename: str) -> None:
        """Offer ``text`` as the file ``filename`` (within the player's click)."""
        self._window.romePainter.download(text, filename)

    def confirm(self, question: str) -> Awaitable[bool]:
        """Ask ``question`` in the browser's own dialog: yes or no, later."""
        answer: Awaitable[bool] = self._window.romePainter.confirm(question)
        return answer

    def copy(self, text: str) -> Awaitable[bool]:
        """Put ``text`` on the clipboard: whether the browser took it, later."""
        answer: Awaitable[bool] = self._window.romePainter.copy(text)
        return answer
