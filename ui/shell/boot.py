"""Start-up plumbing every page script reuses: ready/error signalling and JS hooks.

Why a module of its own: the entry script of a page whose Python runs on it
(``ui/embed/main.py``, the compact game; the others run in a worker) keeps the contract
every page keeps with ``assets/boot.js`` and the e2e tests. ``<html data-ready="true">``
means "interactive", ``data-error`` means "start-up failed" (with a readable message on
screen). The entry script calls :func:`start` with its setup function.
"""

from __future__ import annotations

import traceback
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui import selfcheck
from ui.shell.page_link import PageLink
from ui.shell.tasks import background as background  # boot is a Host (ui/worker/host.py)
from ui.worker.host import AI_WORKER as AI_WORKER
from ui.worker.host import script_problem as script_problem

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

    from ui.worker.host import AiWorker

T = TypeVar("T")

PAGE = PageLink(window)
"""The page, as the table's and the embed views' Python reaches it."""


SELF_CHECK_MARKS = ("rome:self-check", "rome:self-checked")
"""``performance`` marks around the page's self-check: what it costs every start, read by
``benchmarks/bench_boot_phases.py``."""


def start(setup: Callable[[], None]) -> None:
    """Check the interpreter (:mod:`ui.selfcheck`), run ``setup`` (which builds the page),
    then mark ready; report any failure.

    The traceback goes to the console for developers, the last line to the screen. A start
    restored from a memory snapshot that fails here is started again without it
    (``assets/boot.js``).
    """
    PAGE.progress(92, "Starting the game")
    window.performance.mark(SELF_CHECK_MARKS[0])
    wrong = selfcheck.problem(window)
    window.performance.mark(SELF_CHECK_MARKS[1])
    if wrong:
        PAGE.fail(f"The start-up self-check found a wrong answer about {wrong}.")
        return
    try:
        setup()
    except Exception as exc:
        traceback.print_exc()
        PAGE.fail(f"Start-up failed: {type(exc).__name__}: {exc}")
        return
    PAGE.ready()



async def start_worker(name: str, src: str) -> AiWorker:
    """Start the named worker now and wait for its exported functions
    (``assets/ai-host.mjs``, which checks it and starts it again without the memory
    snapshot if need be). Raises if it does not start well.

    Called once the page is ready (``PageLink.ready``, see ``ui/embed/main.py``): a second
    Pyodide booting alongside the page's own would delay ``data-ready`` by ~25% on 2 cores.
    """
    try:
        exports: AiWorker = (await window.romeAi.start(name, src)).exports
    except Exception as exc:  # JavaScript's Error: its message, as the worker's news says it
        raise RuntimeError(str(exc).removeprefix("Error: ")) from None
    return exports


async def within(promise: Awaitable[T], seconds: float) -> T:
    """Await a JS promise for at most ``seconds`` (raises TimeoutError after that).

    Why not ``asyncio.wait_for``: under Pyodide its timer stays pending in a JS
    ``setTimeout`` until it would have fired, holding Python objects for every call.
    """
    try:
        answer: T = await window.romeBoot.withTimeout(promise, int(seconds * 1000))
        return answer
    except Exception as exc:
        if "timed out after" in str(exc):
            raise TimeoutError(str(exc)) from None
        raise


def watch_worker(name: str, lock: str, gone: Callable[[str], None]) -> None:
    """Call ``gone(cause)`` when the named worker reports an error ("crashed") or a message
    it could not read ("garbled"), and, given the Web Lock ``lock`` it holds for its life
    (``ui.worker.lifeline``), when that lock is released: the worker ended ("closed").

    Why: a worker fires no close event, and one busy searching answers nothing. The
    listeners stay for the page's life (a proxy each: the worker restarts twice at most),
    so ``gone`` must ignore news of a worker it has already replaced.
    """
    window.romeAi.watch(name, lock, create_proxy(gone))


def stop_worker(name: str) -> None:
    """Terminate the named worker (hung or crashed)."""
    window.romeAi.stop(name)


def element(selector: str) -> JsProxy:
    """Return the DOM element for a CSS selector (raises if it is missing)."""
    found: JsProxy | None = document.querySelector(selector)
    if found is None:
        raise LookupError(f"no element matches {selector!r}")
    return found
