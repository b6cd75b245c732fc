"""The compact game: the whole game in a small frame, its saves kept apart.

Today's app has no namespace for its saves yet (``ui.app.start_game`` with
``compact``/``namespace`` is coming with the table's rebuild): until then the frame runs
the game as the site does.
"""

from __future__ import annotations

from typing import Any

from ui.embed.params import EmbedParams

_app: Any = None


def mount(params: EmbedParams) -> None:
    global _app
    from ui import app

    _app = app.App()
    _app.mount()
    _app.start_from_address()
    app.report_worker(_app)
