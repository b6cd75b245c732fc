"""Page entry point: mount the controller, publish test hooks, start the first screen.

Boot, ready and error handling live in ``ui.boot``; the game itself in ``ui.app``.
The AI worker boots in the background and never delays ``data-ready``.
"""

from __future__ import annotations

from ui import boot

_app = None


def setup() -> None:
    """Build the page, then start from the address, the saved game or the form."""
    global _app
    from ui import app, probe

    _app = app.App()
    _app.mount()
    boot.expose("romeEngine", legal_count=probe.legal_count, scripted_game=probe.scripted_game)
    boot.expose("romeGame", history=_app.history_json)
    boot.expose("rome", record=_app.record_json)
    boot.expose("romeDebug", memory=boot.memory_stats)
    _app.start_from_address()
    app.report_worker(_app)


boot.start(setup)
