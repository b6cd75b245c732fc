"""The link to the page the UI's Python uses (``WorkerLink``: the UI runs in a worker,
``ui/worker_main.py``, which chooses it before any view or table mounts), and what a link
offers (``Link`` for the embed views, ``TableLink`` for the table).

Why a module of its own, and protocols: the views and the table reach the page only
through these, so a unit test can stand in for the page.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ui.saves.storage import Store
    from ui.worker.host import Host


class Link(Protocol):
    """What the embed views ask of the page (``ui/shell/worker_link.py`` says each)."""

    @property
    def address(self) -> str: ...
    def paint(self, text: str) -> None: ...
    def notes(self, html: str) -> None: ...
    def listen_view(self, root: str, receive: Callable[[str], None],
                    options: dict[str, list[str]]) -> None: ...


class TableLink(Link, Protocol):
    """What the table asks of the page as well (``ui/shell/worker_link.py`` says each)."""

    def progress(self, value: int, text: str) -> None: ...
    def ready(self) -> None: ...
    def replace_address(self, path_and_query: str) -> None: ...
    def listen(self, root: str, receive: Callable[[str], None],
               options: dict[str, int]) -> None: ...
    def store(self, namespace: str) -> Store: ...
    def expose(self, name: str, functions: dict[str, Callable[..., int | str]]) -> None: ...
    def download(self, text: str, filename: str) -> None: ...
    def confirm(self, question: str) -> Awaitable[bool]: ...
    def copy(self, text: str) -> Awaitable[bool]: ...


_link: TableLink | None = None
_host: Host | None = None


def use(chosen: TableLink, host: Host) -> None:
    """The UI reaches the page through ``chosen``, and the computer players through
    ``host``, from now on."""
    global _link, _host
    _link, _host = chosen, host


def _chosen() -> tuple[TableLink, Host]:
    """The link and host the entry chose."""
    if _link is None or _host is None:
        raise RuntimeError("no link to the page: ui/worker_main.py chooses one first")
    return _link, _host


def link() -> TableLink:
    """The link to the page in use."""
    return _chosen()[0]


def host() -> Host:
    """The computer players' host in use."""
    return _chosen()[1]
