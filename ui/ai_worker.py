"""AI worker entry point (runs in a Web Worker with its own Pyodide).

Why a worker: AI search must not freeze the page. The page calls the exported
functions with ``await (await workers["ai"]).fn(...)``. For now it only proves that
``rome`` runs here; the AI's own functions will be added to ``__export__``.
"""

from __future__ import annotations

import rome
from ui import probe


def ping() -> str:
    """Liveness check: answers as soon as the worker's Python is running."""
    return f"ready (engine package {rome.__name__})"


def legal_count(num_players: int, seed: int) -> int:
    """Same query as the page's, computed in the worker."""
    return probe.legal_count(num_players, seed)


__export__ = ["ping", "legal_count"]
