"""The AI worker's lifeline: a Web Lock it holds for as long as it runs.

Why: a worker fires no close event, and one busy searching cannot answer a ping. The
browser releases a worker's locks when the worker ends (closed, terminated, crashed), so
the page, asking for the same lock (``romeAi.watch``, ``assets/ai-host.mjs``), is granted it at
that moment, even mid-search (measured in Chromium: 4 ms after an idle worker closed,
2 s after a busy one was terminated, the time Chromium gives a busy worker to finish).
Where Web Locks are missing (an opaque origin refuses them), the page falls back on pings
and time limits (``ui.worker.health``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy


async def hold(name: str) -> bool:
    """Take the lock ``name`` and keep it until this worker ends; True once it is held,
    False where the browser refuses it."""
    from js import Promise, navigator
    from pyodide.ffi import create_once_callable

    held: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def keep(_lock: JsProxy) -> JsProxy:
        held.set_result(True)
        never: JsProxy = Promise.new(create_once_callable(lambda *_: None))  # never settles
        return never

    def refused(_error: JsProxy) -> None:
        if not held.done():
            held.set_result(False)

    try:
        navigator.locks.request(str(name), create_once_callable(keep)).catch(
            create_once_callable(refused))
    except Exception:  # no Web Locks in this context
        return False
    return await held
