"""The compact game: the whole game in a small frame, its saves kept apart.

Each embed saves under a namespace of its own (``save=`` in the address, default
``embed``), so a rules page's game never touches the player's game on the main site,
nor another embed's. Where storage is closed (an opaque origin, blocked storage) the
game itself says so, once, in an embed's words (``ui.saves.refusal``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.address import EmbedAddress

if TYPE_CHECKING:
    from ui.shell.app import App

PREFIX = "rome-embed."
_app: App | None = None


def namespace(params: EmbedAddress) -> str:
    """``rome-embed.<name>`` (``ui.address.namespace`` cut the name to what a storage key
    may safely hold)."""
    return PREFIX + (params.namespace or "embed")


def mount(params: EmbedAddress) -> None:
    """The table's own entry, always compact, on ``#app`` with this embed's namespace."""
    global _app
    from ui.shell.app import start_game

    _app = start_game("#app", compact=True, namespace=namespace(params))
