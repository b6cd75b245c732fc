"""The computer players' host for a UI whose Python runs in a worker: every call relayed.

Why: the AI worker is the page's (``assets/ai-host.mjs``); a worker cannot call another
worker's exports. So each of the client's calls (``ui.worker.ai_client``) becomes a
message to the page's runner (``assets/ui-runner.mjs``), which calls ``romeAi`` and posts
the answer back (:class:`ui.shell.worker_link.WorkerLink`). The client's logic (limits,
pings, restarts) is the same as on the page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar
from urllib.parse import urljoin

from ui.shell.tasks import background
from ui.shell.worker_link import Json, WorkerLink
from ui.worker.host import AI_WORKER, AiWorker, script_problem

T = TypeVar("T")


class RelayedWorker:
    """The AI worker's exports (``AiWorker``), each call relayed by the page."""

    def __init__(self, link: WorkerLink, name: str) -> None:
        self._link, self._name = link, name

    def _call(self, fn: str, *args: Json) -> asyncio.Future[Json]:
        return self._link.ask("ai", op="call", name=self._name, fn=fn, args=list(args))

    async def _text(self, fn: str, *args: Json) -> str:
        return str(await self._call(fn, *args))

    def self_check(self) -> Awaitable[str]:
        return self._text("self_check")

    def ping(self) -> Awaitable[str]:
        return self._text("ping")

    async def hold(self, lock: str) -> bool:
        return bool(await self._call("hold", lock))

    async def legal_count(self, num_players: int, seed: int) -> int:
        count = await self._call("legal_count", num_players, seed)
        return count if isinstance(count, int) else 0

    def choose(self, obs_json: str, level: str, seed: int) -> Awaitable[str]:
        return self._text("choose", obs_json, level, seed)

    def analyse(self, obs_json: str, level: str, seed: int) -> Awaitable[str]:
        return self._text("analyse", obs_json, level, seed)

    def review_decision(self, obs_json: str, played: str, game_seed: int, ply: int,
                        level: str) -> Awaitable[str]:
        return self._text("review_decision", obs_json, played, game_seed, ply, level)


class WorkerHost:
    """``ui.worker.host.Host`` through the page's runner."""

    AI_WORKER = AI_WORKER

    def __init__(self, link: WorkerLink) -> None:
        self._link = link

    def background(self, coro: Awaitable[T]) -> asyncio.Future[T]:
        return background(coro)

    async def script_problem(self, src: str) -> str:
        """As on the page: ``src`` is the page's, relative to its address."""
        return await script_problem(urljoin(self._link.address, src))

    async def start_worker(self, name: str, src: str) -> AiWorker:
        await self._link.ask("ai", op="start", name=name, src=src)
        return RelayedWorker(self._link, name)

    async def within(self, promise: Awaitable[T], seconds: float) -> T:
        return await asyncio.wait_for(promise, seconds)

    def watch_worker(self, name: str, lock: str, gone: Callable[[str], None]) -> None:
        self._link.on_gone(name, gone)
        self._link.say("ai", op="watch", name=name, lock=lock)

    def stop_worker(self, name: str) -> None:
        self._link.say("ai", op="stop", name=name)
