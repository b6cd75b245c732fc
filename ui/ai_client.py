"""Computer players: ask the AI worker for a move, never blocking the page.

Why: the search runs in the worker (``workers["ai"].choose(obs_json, level, seed)``)
so the page stays responsive. The fast levels (``random``, ``greedy``) run on the page
itself, since waiting for the worker's own Python to boot would cost more than the
move. If the worker fails or takes far too long, a notice is shown and the move comes
from ``rome.ai.choose_action(obs, "greedy")`` on the page. Whatever comes back is
checked against ``rome.legal_actions`` before it is played.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import rome
from ui import boot

FAST_LEVELS = ("random", "greedy")
WORKER_TIMEOUT_S = 20.0
WARMUP_TIMEOUT_S = 90.0


def local_choice(state: rome.GameState, seat: int, level: str, seed: int) -> str:
    """A move computed on the page: the AI package if present, else a sensible random one."""
    legal = {str(a) for a in rome.legal_actions(state)}
    try:
        from rome.ai import choose_action  # type: ignore[import-not-found]

        text = str(choose_action(rome.observation(state, seat), level, seed))
        if text in legal:
            return text
    except ImportError:
        pass
    options = [str(a) for a in rome.sensible_actions(state)]
    return random.Random(seed).choice(options)


class ComputerPlayers:
    """Holds the worker handle and its status ("warming", "ready", "failed")."""

    def __init__(self, on_status: Callable[[str], None]) -> None:
        self.worker: Any = None
        self.status = "warming"
        self.notice = ""
        self._on_status = on_status

    async def connect(self) -> None:
        """Wait for the worker's Python (started by the page) without delaying first paint."""
        try:
            name, src = boot.AI_WORKER
            self.worker = await boot.start_worker(name, src)
            self.status = "ready"
        except Exception as exc:  # the page still plays with the on-page fallback
            self.status = "failed"
            self.notice = f"The AI worker could not start ({exc}); using the quick AI."
        self._on_status(self.status)

    async def choose(self, state: rome.GameState, seat: int, level: str, seed: int,
                     waiting: Callable[[str], None]) -> str:
        """The computer's move as canonical text (always legal)."""
        if level in FAST_LEVELS:
            return local_choice(state, seat, level, seed)
        waited = 0.0
        while self.status == "warming" and waited < WARMUP_TIMEOUT_S:
            waiting("AI warming up…")
            await asyncio.sleep(0.25)
            waited += 0.25
        legal = {str(a) for a in rome.legal_actions(state)}
        if self.status == "ready":
            obs_json = json.dumps(rome.observation(state, seat))
            try:
                text = await asyncio.wait_for(self._ask(obs_json, level, seed), WORKER_TIMEOUT_S)
                if text in legal:
                    return text
                raise ValueError(f"the AI proposed {text!r}, which is not legal")
            except Exception as exc:
                self.status = "failed"
                self.notice = (f"The AI worker did not answer ({type(exc).__name__}); "
                               "computer players now use the quick AI.")
                self._on_status(self.status)
        return local_choice(state, seat, "greedy", seed)

    async def _ask(self, obs_json: str, level: str, seed: int) -> str:
        return str(await self.worker.choose(obs_json, level, seed))
