"""Computer players: ask the AI worker for a move, never blocking the page or the game.

Why: the search runs in the worker (``workers["ai"].choose(obs_json, level, seed)``)
so the page stays responsive. The fast levels (``random``, ``greedy``) run on the page
itself, since waiting for the worker's own Python to boot would cost more than the
move. Whatever comes back is checked against ``rome.legal_actions`` before it is played.

The worker is a second Pyodide (120-140 MB, both cores busy while it boots), so it starts
only when needed (:meth:`ComputerPlayers.start`): at once for a game with a computer seat
above the fast levels, otherwise at the first hint or review. Until it is ready the page
plays the moves of the levels that decide in tens of milliseconds (``WARMING_ON_PAGE``)
itself: a level's move is a function of the observation and the seed, so it is the very
move the worker would play, and the first computer move never waits for the boot.

Faults are survived and said in words (``notice``), never waited out:

* the worker's script cannot be fetched (checked before booting: a 404 is known at once);
* the worker does not boot within ``BOOT_LIMIT_S``;
* a move takes longer than ``MOVE_LIMIT_S`` (a hang) or the call fails (a crash).

A failed move is replaced by a quick move computed on the page (the notice names the
seat and level), the stuck worker is terminated and a fresh one started in the
background, at most ``MAX_RESTARTS`` times; after that every computer plays the quick AI.
Tests shorten the limits with ``window.romeAiLimits = {boot: s, move: s}`` (set before
start-up, e.g. by a Playwright init script).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import rome
from ui.model.events import Hinted
from ui.saves.session import Session
from ui.shell import boot

FAST_LEVELS = ("random", "greedy")
WARMING_ON_PAGE = ("easy", "normal")
"""Levels played on the page while the worker boots, the same move the worker would play:
easy searches 400 nodes, normal decides in 23 ms (p50) and 51 ms (p95) in the browser's
Pyodide (docs/measurements.md), so neither makes the page wait. Hard's 288 / 612 ms would
freeze the page; its first move waits for the worker."""
QUICK_LEVEL = "greedy"
BOOT_LIMIT_S = 90.0
"""Long enough for a busy phone to boot a second Pyodide; "AI warming up…" shows meanwhile."""
MOVE_LIMIT_S = 30.0
"""Hard's slowest measured move is under 3 s in the browser: ten times that is a hang."""
T = TypeVar("T")
MAX_RESTARTS = 2
REVIEW_LIMIT_MOVES = 6
"""A review is one quick analysis per decision of a seat (about 40): it may take as long
as this many of the slowest single moves before it counts as a hang."""


def local_choice(state: rome.GameState, seat: int, level: str, seed: int) -> str:
    """A move computed on the page: the AI package if present, else a sensible random one."""
    try:
        from rome.ai import choose_action
    except ImportError:
        pass
    else:
        with contextlib.suppress(rome.RomeError):
            text = str(choose_action(rome.observation(state, seat), level, seed))
            return str(rome.parse_legal(state, text))
    options = [str(a) for a in rome.sensible_actions(state)]
    return random.Random(seed).choice(options)


def _review_lines(lines: list[dict[str, Any]]
                  ) -> tuple[tuple[int, int, str, str, float | None, str], ...]:
    """The fields of ``rome.ai.review``'s answer the end screen shows, as plain tuples."""
    return tuple((int(x["ply"]), int(x["round"]), str(x["played"]), str(x["best"]),
                  None if x["loss"] is None else float(x["loss"]), str(x["reason"]))
                 for x in lines)


def _suggestions(moves: list[dict[str, Any]]) -> tuple[Hinted, ...]:
    """The fields of ``rome.ai.analyse``'s answer the hint shows, as plain tuples."""
    return tuple((str(m["action"]), float(m["value"]), float(m["loss"]), str(m["reason"]),
                  str(m["words"]), str(m["why"])) for m in moves)


def _limits() -> tuple[float, float]:
    """(boot, move) limits in seconds; a test may shorten them (see module docstring)."""
    boot_s, move_s = BOOT_LIMIT_S, MOVE_LIMIT_S
    with contextlib.suppress(Exception):
        from pyscript import window

        given = getattr(window, "romeAiLimits", None)
        if given is not None and type(given).__name__ not in ("JsNull", "JsUndefined"):
            boot_s = float(getattr(given, "boot", boot_s) or boot_s)
            move_s = float(getattr(given, "move", move_s) or move_s)
    return boot_s, move_s


def needs_worker(levels: list[str]) -> bool:
    """True if a game with computer seats of these levels should start the worker now."""
    return any(level not in FAST_LEVELS for level in levels if level)


class ComputerPlayers:
    """Holds the worker handle and its status: "idle" (not started), "warming", "ready",
    "restarting" or "failed".

    Only "warming" (the first boot) makes a computer wait; while "restarting" or
    "failed", computer players move at once with the quick AI.
    """

    def __init__(self, on_status: Callable[[str], None],
                 on_ready: Callable[[], Awaitable[None]] | None = None) -> None:
        self.worker: Any = None
        self.status = "idle"
        self.notice = ""
        self.restarts = 0
        self._on_status = on_status
        self._on_ready = on_ready
        self._name = ""
        self.boot_limit, self.move_limit = _limits()

    def start(self) -> None:
        """Boot the worker in the background, once (later calls do nothing)."""
        if self.status != "idle":
            return
        self.status = "warming"
        self._on_status(self.status)
        boot.background(self._first_boot())

    async def _first_boot(self) -> None:
        await self.connect()
        if self._on_ready is not None:
            await self._on_ready()

    async def connect(self) -> None:
        """Start the worker (after the page is ready) and wait for it, within the boot limit."""
        self._name = f"ai-{self.restarts}" if self.restarts else boot.AI_WORKER[0]
        src = boot.AI_WORKER[1]
        try:
            missing = await boot.script_problem(src)
            if missing:
                raise RuntimeError(missing)
            self.worker = await asyncio.wait_for(boot.start_worker(self._name, src),
                                                 self.boot_limit)
            self.status = "ready"
        except Exception as exc:  # the page still plays with the on-page quick AI
            self._stop_worker()
            self.status = "failed"
            reason = (f"it did not start within {self.boot_limit:g} s"
                      if isinstance(exc, TimeoutError) else str(exc)[:120])
            self.notice = (f"The AI worker could not start ({reason}): computer players "
                           "use the quick AI on this page.")
        self._on_status(self.status)

    async def _warm(self, waiting: Callable[[str], None]) -> None:
        """Wait for the worker's first boot (within the boot limit), saying so."""
        waited = 0.0
        while self.status == "warming" and waited < self.boot_limit:
            waiting("AI warming up…")
            await asyncio.sleep(0.25)
            waited += 0.25

    async def choose(self, state: rome.GameState, seat: int, level: str, seed: int,
                     waiting: Callable[[str], None], who: str = "") -> str:
        """The computer's move as canonical text (always legal, always within the limits)."""
        if level in FAST_LEVELS:
            return local_choice(state, seat, level, seed)
        self.start()
        if self.status == "warming" and level in WARMING_ON_PAGE:
            return local_choice(state, seat, level, seed)
        await self._warm(waiting)
        who = f"{who} ({level})" if who else f"The {level} computer"
        if self.status == "ready":
            move = await self._from_worker(
                lambda: self.worker.choose(json.dumps(rome.observation(state, seat)), level,
                                          seed),
                self.move_limit, lambda text: str(rome.parse_legal(state, text)),
                f"{who} played a quick move instead.")
            if move is not None:
                return move
        elif self.status == "failed" and not self.notice:
            self.notice = "The AI worker is unavailable: computer players use the quick AI."
        return local_choice(state, seat, QUICK_LEVEL, seed)

    async def analyse(self, state: rome.GameState, seat: int, level: str, seed: int
                      ) -> tuple[tuple[Hinted, ...], str]:
        """A hint for ``seat``: a ``Hinted`` tuple per move, best first, and
        where it was worked out ("worker", or "page" at the quick level when the worker is
        down, as a decision would be). Texts are checked by the model, not here."""
        obs = rome.observation(state, seat)
        self.start()
        await self._warm(lambda _text: None)
        if self.status == "ready":
            moves = await self._from_worker(
                lambda: self.worker.analyse(json.dumps(obs), level, seed), self.move_limit,
                lambda text: _suggestions(json.loads(text)), "the hint comes from the quick AI.")
            if moves is not None:
                return moves, "worker"
        from rome.ai import analyse

        return _suggestions(analyse(obs, QUICK_LEVEL, seed)), "page"

    async def review(self, game: Session, seat: int, level: str
                     ) -> tuple[tuple[tuple[int, int, str, str, float | None, str], ...], str]:
        """The review of ``seat``'s decisions in the finished ``game``, and where it was worked
        out ("worker", or "page" at the quick level when the worker is down)."""
        self.start()
        await self._warm(lambda _text: None)
        if self.status == "ready":
            lines = await self._from_worker(
                lambda: self.worker.review(len(game.seats), game.seed, json.dumps(game.actions),
                                           seat, level, game.shrine),
                self.move_limit * REVIEW_LIMIT_MOVES,
                lambda text: _review_lines(json.loads(text)),
                "the review comes from the quick AI.")
            if lines is not None:
                return lines, "worker"
        from rome.ai import review

        return _review_lines(review(len(game.seats), game.seed, list(game.actions), seat,
                                    QUICK_LEVEL, shrine=game.shrine)["decisions"]), "page"

    async def _from_worker(self, call: Callable[[], Awaitable[Any]], limit: float,
                           read: Callable[[str], T], instead: str) -> T | None:
        """The worker's answer to ``call()`` read by ``read``, or None if it took longer than
        ``limit`` seconds, failed, or could not be read (then the worker is restarted and the
        notice says what the page does ``instead``; the caller falls back to the page)."""
        try:
            return read(str(await boot.within(call(), limit)))
        except Exception as exc:
            reason = (f"took longer than {limit:g} s" if isinstance(exc, TimeoutError)
                      else "stopped working")
            self._fault(f"The AI worker {reason}: {instead}")
            return None

    def _fault(self, what: str) -> None:
        """Stop the broken worker; restart it in the background unless it failed too often."""
        self._stop_worker()
        if self.restarts < MAX_RESTARTS:
            self.restarts += 1
            self.status = "restarting"
            self.notice = f"{what} Restarting the AI worker…"
            self._on_status(self.status)
            boot.background(self._restart(what))
        else:
            self.status = "failed"
            self.notice = (f"{what} The AI worker keeps failing: computer players now use "
                           "the quick AI.")
            self._on_status(self.status)

    async def _restart(self, what: str) -> None:
        await self.connect()
        if self.status == "ready":
            self.notice = f"{what} The AI worker was restarted."

    def _stop_worker(self) -> None:
        self.worker = None
        if self._name:
            boot.stop_worker(self._name)
