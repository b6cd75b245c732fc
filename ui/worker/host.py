"""What the page lends the AI worker's client: starting, watching and stopping a worker.

Why a protocol: the client (``ai_client.py``) decides when to start, ping, replay and
restart, which is logic tested on CPython; the browser calls that carry it out are glue
(``ui/shell/worker_host.py``: messages to the page's ``assets/ai-host.mjs``), passed in.
So ``ui/worker`` never imports ``ui/shell`` (the folders import one way:
``tests/test_import_cycles.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

T = TypeVar("T")

AI_WORKER = ("ai", "./ui/worker/ai_worker.py")
"""The AI worker's name and script."""


class AiWorker(Protocol):
    """The AI worker's exports (``ui/worker/ai_worker.py``'s ``__export__``) as the page
    calls them: each answers with a JavaScript promise of JSON text or a scalar."""

    def self_check(self) -> Awaitable[str]: ...
    def ping(self) -> Awaitable[str]: ...
    def hold(self, lock: str) -> Awaitable[bool]: ...
    def legal_count(self, num_players: int, seed: int) -> Awaitable[int]: ...
    def choose(self, obs_json: str, level: str, seed: int) -> Awaitable[str]: ...
    def analyse(self, obs_json: str, level: str, seed: int) -> Awaitable[str]: ...
    def review_decision(self, obs_json: str, played: str, game_seed: int, ply: int,
                        level: str) -> Awaitable[str]: ...


class Host(Protocol):
    """The page's side, as the UI's worker reaches it (``ui.shell.worker_host``)."""

    AI_WORKER: tuple[str, str]

    def background(self, coro: Awaitable[T]) -> asyncio.Future[T]: ...
    async def script_problem(self, src: str) -> str: ...
    async def start_worker(self, name: str, src: str) -> AiWorker: ...
    async def within(self, promise: Awaitable[T], seconds: float) -> T: ...
    def watch_worker(self, name: str, lock: str, gone: Callable[[str], None]) -> None: ...
    def stop_worker(self, name: str) -> None: ...


async def script_problem(src: str) -> str:
    """"" if ``src`` can be fetched, else why not (a sentence fragment): every host's.

    Why before booting: a worker whose script is missing never reports it to the page;
    the page would wait for its answer until a time limit.
    """
    import js  # the page's or the UI worker's globals: both fetch

    try:
        response = await js.fetch(src)
    except Exception:
        return f"its script {src} could not be fetched"
    if not response.ok:
        return f"its script {src} could not be loaded (HTTP {int(response.status)})"
    return ""
