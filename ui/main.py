"""Page entry point: for now a minimal "engine ready" panel (the real UI replaces it).

Boot, ready and error handling live in ``ui.boot`` so later UI code reuses them.
"""

from __future__ import annotations

from ui import boot


def setup() -> None:
    """Build the panel from a real game and publish the e2e hook ``window.romeEngine``."""
    from ui import probe

    count = probe.legal_count(2, 1)
    actions = ", ".join(probe.first_actions(2, 1)) or "none"
    boot.element("#app").innerHTML = (
        '<section class="panel" id="engine-panel">'
        "<h1>The Great City of Rome</h1>"
        f'<p id="engine-status" data-legal-count="{count}">Engine ready: '
        f"a new 2-player game (seed 1) has {count} legal actions ({actions}).</p>"
        '<p id="worker-status">AI worker: starting…</p>'
        "</section>"
    )
    boot.expose("romeEngine", legal_count=probe.legal_count)
    boot.background(report_worker())


async def report_worker() -> None:
    """Start the AI worker, then show its answer (runs after ``data-ready`` is set)."""
    status = boot.element("#worker-status")
    try:
        name, src = boot.AI_WORKER
        ai = await boot.start_worker(name, src)
        pong = await ai.ping()
        count = await ai.legal_count(2, 1)
    except Exception as exc:
        status.textContent = f"AI worker failed: {exc}"
        status.dataset.workerError = str(exc)
        return
    status.textContent = f"AI worker: {pong}; it counts {count} legal actions."
    status.dataset.workerLegalCount = str(count)
    status.dataset.workerReady = "true"


boot.start(setup)
