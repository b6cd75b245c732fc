"""Which link to the page the views use: the page's own (``PageLink``), or a worker's
(``WorkerLink``), chosen by the entry that starts them (prototype, branch ``ui-worker``)."""

from __future__ import annotations

from typing import Any

LINK: Any = None


def use(link: Any) -> None:
    global LINK
    LINK = link


def link() -> Any:
    """The link in use; on the page, the page's own (made on first use)."""
    global LINK
    if LINK is None:
        from ui.shell.boot import PAGE

        LINK = PAGE
    return LINK
