"""The link to the page the embed views use: the page's own (``PageLink``, when their
Python runs on the page) or a worker's (``WorkerLink``), chosen by the entry that starts
them before any view mounts.

Why a module of its own: the views (``ui.embed.page``) must not import ``ui.shell.boot``,
which needs PyScript's page-only names, so a worker can run them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Link(Protocol):
    """What the embed views ask of the page (``ui/shell/page_link.py`` says each)."""

    @property
    def address(self) -> str: ...
    def paint(self, text: str) -> None: ...
    def notes(self, html: str) -> None: ...
    def listen_view(self, root: str, receive: Callable[[str], None],
                    options: dict[str, list[str]]) -> None: ...


_link: Link | None = None


def use(chosen: Link) -> None:
    """The views reach the page through ``chosen`` from now on."""
    global _link
    _link = chosen


def link() -> Link:
    """The link in use; on the page, the page's own unless an entry chose another."""
    global _link
    if _link is None:
        from ui.shell.boot import PAGE

        _link = PAGE
    return _link
