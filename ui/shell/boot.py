"""Start-up plumbing every page script reuses: ready/error signalling and JS hooks.

Why a module of its own: both pages' entry scripts (``ui/shell/main.py`` for the game,
``ui/embed/main.py`` for the embedded views) keep one contract with ``assets/boot.js``
and the e2e tests. ``<html data-ready="true">`` means "interactive", ``data-error``
means "start-up failed" (with a readable message on screen). Each entry script calls
:func:`start` with its own setup function.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Awaitable, Callable, Hashable
from typing import TYPE_CHECKING, TypeVar

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui import selfcheck
from ui.shell.page_link import PageLink

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

    from ui.worker.host import AiWorker

T = TypeVar("T")

_background: set[Hashable] = set()  # the tasks under way, kept from the collector


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


def background(coro: Awaitable[T]) -> asyncio.Future[T]:
    """Start ``coro`` without awaiting it (keeps a reference so it is not collected)."""
    task = asyncio.ensure_future(coro)
    _background.add(task)
    task.add_done_callback(_background.discard)
    return task


AI_WORKER = ("ai", "./ui/worker/ai_worker.py")

FORGET_LIMIT_S = 10.0
SELF_CHECK_LIMIT_S = 10.0


async def start_worker(name: str, src: str) -> AiWorker:
    """Start the named worker now (``assets/ai-host.mjs``) and wait for its exported
    functions.

    Called once the page is ready (``PageLink.ready``, see ``ui/shell/main.py``): a second
    Pyodide booting alongside the page's own would delay ``data-ready`` by ~25% on 2 cores.

    The worker's ``self_check()`` is asked first (:mod:`ui.selfcheck`). A worker that
    fails to start or answers wrongly may have restored a bad memory snapshot: where Cache
    Storage holds snapshots, the snapshot is deleted and the worker started once more,
    without it. Raises RuntimeError if it still fails.
    """
    exports, wrong = await _started(src, name)
    if (wrong or exports is None) and await forget_snapshot():
        window.console.warn(f"The AI worker did not start well ({wrong}); starting it again "
                            "without the memory snapshot.")
        stop_worker(name)
        exports, wrong = await _started(src, name)
    if wrong or exports is None:
        raise RuntimeError(wrong)
    return exports


async def _started(src: str, name: str) -> tuple[AiWorker | None, str]:
    """The worker's exports, and "" or what went wrong as it started."""
    try:
        exports: AiWorker = (await window.romeAi.start(name, src)).exports
        wrong = str(await within(exports.self_check(), SELF_CHECK_LIMIT_S))
    except Exception as exc:
        return None, str(exc)
    return exports, wrong and f"its start-up self-check found a wrong answer about {wrong}"


async def forget_snapshot() -> bool:
    """Delete the memory snapshot the interpreter module keeps; False where snapshots
    cannot be kept (no Cache Storage)."""
    snapshots = getattr(window, "romeSnapshot", None)
    if snapshots is None:
        return False
    try:
        return bool(await within(snapshots.forget(), FORGET_LIMIT_S))
    except Exception:  # Cache Storage that throws or does not answer: nothing deleted
        return False


async def script_problem(src: str) -> str:
    """"" if ``src`` can be fetched, else why not (a sentence fragment).

    Why before booting: a worker whose script is missing never reports it to the page;
    the page would wait for its answer until a time limit.
    """
    try:
        response = await window.fetch(src)
    except Exception:
        return f"its script {src} could not be fetched"
    if not response.ok:
        return f"its script {src} could not be loaded (HTTP {int(response.status)})"
    return ""


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


def memory_stats() -> str:
    """JSON: live Python objects (after a collection) and the size of Pyodide's linear
    memory, for the soak benchmark (``window.romeDebug.memory()``)."""
    import gc
    import json

    gc.collect()
    try:
        import pyodide_js

        wasm = int(pyodide_js._module.HEAP8.length)
    except Exception:
        wasm = 0
    return json.dumps({"objects": len(gc.get_objects()), "wasm_bytes": wasm})


def element(selector: str) -> JsProxy:
    """Return the DOM element for a CSS selector (raises if it is missing)."""
    found: JsProxy | None = document.querySelector(selector)
    if found is None:
        raise LookupError(f"no element matches {selector!r}")
    return found
