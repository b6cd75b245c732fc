"""The compact game: the whole game in a small frame, its saves kept apart.

Each embed saves under a namespace of its own (``save=`` in the address, default
``embed``), so a rules page's game never touches the player's game on the main site,
nor another embed's. Where storage is closed (an opaque origin, blocked storage) the
game itself says so, once, in an embed's words (``ui.saves.refusal``).
"""

from __future__ import annotations

import re
from typing import Any

from ui.embed.params import EmbedParams

PREFIX = "rome-embed."
_app: Any = None


def namespace(params: EmbedParams) -> str:
    """``rome-embed.<name>``: the name cut to what a storage key may safely hold."""
    name = re.sub(r"[^a-z0-9-]", "", params.namespace.lower())[:32] or "embed"
    return PREFIX + name


def mount(params: EmbedParams) -> None:
    """The table's own entry, always compact, on ``#app`` with this embed's namespace."""
    global _app
    from ui.shell.app import start_game

    _app = start_game("#app", compact=True, namespace=namespace(params))
