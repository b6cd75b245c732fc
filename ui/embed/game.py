"""The compact game: the whole game in a small frame, its saves kept apart.

Each embed saves under a namespace of its own (``save=`` in the address, default
``embed``), so a rules page's game never touches the player's game on the main site,
nor another embed's. Where storage is unavailable (an opaque origin, private browsing)
the frame says at once that nothing will be saved.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from ui.address import EmbedAddress
from ui.saves.storage import Store

PREFIX = "rome-embed."
_app: Any = None


def namespace(params: EmbedAddress) -> str:
    """``rome-embed.<name>`` (``ui.address.namespace`` cut the name to what a storage key
    may safely hold)."""
    return PREFIX + (params.namespace or "embed")


def mount(params: EmbedAddress) -> None:
    """The table's own entry, always compact, on ``#app`` with this embed's namespace."""
    global _app
    from ui.shell.app import start_game

    if not Store(window, namespace(params)).available:
        note = document.createElement("p")
        note.className = "embed-note"
        note.setAttribute("role", "status")
        note.dataset.noStorage = "true"
        note.textContent = "This frame cannot store anything: the game plays, but nothing " \
                           "will be saved."
        document.body.insertBefore(note, document.getElementById("app"))
    _app = start_game("#app", compact=True, namespace=namespace(params))
