"""Page entry point: mount the page object, publish test hooks, start the first screen.

Boot, ready and error handling live in ``ui.shell.boot``; the game itself in ``ui.shell.app``.
The AI worker boots in the background and never delays ``data-ready``.
"""

from __future__ import annotations

from ui.shell import boot

_app = None


def setup() -> None:
    """Build the page on ``#app``, then start from the address, the saved game or the form."""
    global _app
    from ui.shell.app import start_game

    _app = start_game("#app")


boot.start(setup)
