"""Computer players: ask the AI worker for a move, never blocking the page or the game.

Why: the search runs in the worker (its export ``choose(obs_json, level, seed)``)
so the page stays responsive. The fast levels (``random``, ``greedy``) run on the page
itself, since waiting for the worker's own Python to boot would cost more than the
move. Whatever comes back is checked against ``rome.legal_actions`` before it is played.

The worker is a second Pyodide (120-140 MB, both cores busy while it boots), so it starts
only when needed (:meth:`ComputerPlayers.start`): at once for a game with a computer seat
above the fast levels, otherwise at the first hint or review. Until it is ready the page
plays the moves of the levels that decide in tens of milliseconds (``WARMING_ON_PAGE``)
itself: a level's move is a function of the observation and the seed, so it is the very
move the worker would play, and the first computer move never waits for the boot.

Faults are noticed at once and said in words, never waited out (the limits and the words
are ``ui.worker.health``'s):

* the worker's script cannot be fetched (checked before booting: a 404 is known at once),
  or the worker does not boot within ``BOOT_LIMIT_S``;
* the worker ends (closed, terminated, crashed): it holds a Web Lock for its life
  (``ui.worker.lifeline``), which the page is granted as it ends, even mid-search
  (Chromium takes 2 s to end a busy worker); its ``error`` and ``messageerror`` events
  count too;
* an idle worker does not answer a ping within ``PING_LIMIT_S`` (asked before every
  request: where Web Locks are missing, this is how an ended worker is found);
* a busy worker takes longer than its level's wall-clock cap plus ``MARGIN_S``, or the
  request fails.

A faulty worker is terminated and a fresh one started in the background, at most
``MAX_RESTARTS`` times in a row; after that every computer plays the quick AI. The request
in hand is asked again of the new worker when the old one ended and the new one is ready
within ``REPLAY_WAIT_S`` (a restart from the memory snapshot takes well under a second);
otherwise the page answers it: at the same level for ``WARMING_ON_PAGE``, else at the
quick level, and the notice says so. Tests shorten the limits with
``window.romeAiLimits = {boot: s, move: s}`` (set before start-up, e.g. by a Playwright
init script; ``move`` replaces a request's cap plus margin).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import rome
from rome.ai.answers import Move, ReviewLine, read_moves, read_review
from ui.saves.session import Session
from ui.worker.health import (
    DIED,
    FAST_LEVELS,
    PING_LIMIT_S,
    QUICK_LEVEL,
    REPLAY_WAIT_S,
    WARMING_ON_PAGE,
    busy_limit,
    cut_short,
    incident,
    notice,
    status_words,
)
from ui.worker.host import AiWorker, Host

BOOT_LIMIT_S = 90.0
"""Long enough for a busy phone to boot a second Pyodide; "starting…" shows meanwhile."""
MAX_RESTARTS = 2
"""Restarts in a row (with no answer from the worker between them) before the page gives up
on it: a worker that dies now and then over a long game is always replaced, one that
cannot work is not restarted for ever."""
T = TypeVar("T")


@dataclass(frozen=True)
class Fault:
    """A request the worker did not answer, and why (a key of ``health.INCIDENTS``, or
    "restarting": the restarted worker was not ready soon enough)."""

    cause: str


class WorkerGone(Exception):
    """The worker ended while a request waited for it."""


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


def _limits() -> tuple[float, float | None]:
    """(boot limit, move limit or None for the levels' own) in seconds; a test may set them
    (see module docstring)."""
    boot_s, move_s = BOOT_LIMIT_S, None
    with contextlib.suppress(Exception):
        import js  # the page's globals, or the UI worker's (ui/worker_main.py copies them)

        given = getattr(js, "romeAiLimits", None)
        if given is not None and type(given).__name__ not in ("JsNull", "JsUndefined"):
            boot_s = float(getattr(given, "boot", boot_s) or boot_s)
            move_s = float(getattr(given, "move", 0) or 0) or None
    return boot_s, move_s


def _retrieved(task: asyncio.Future[T]) -> None:
    """Mark an abandoned answer's outcome as seen (its time limit runs out later)."""
    if not task.cancelled():
        task.exception()


def needs_worker(levels: list[str]) -> bool:
    """True if a game with computer seats of these levels should start the worker now."""
    return any(level not in FAST_LEVELS for level in levels if level)


class ComputerPlayers:
    """Holds the worker handle and its status: "idle" (not started), "warming", "ready",
    "restarting" or "failed".

    ``on_status(words)`` shows the status in words; ``on_notice(text)`` puts the
    sentence about the worker in the table's message area (in place of the one before)
    whenever what happened or the status changes: both come from ``ui.worker.health``, so
    they agree.
    """

    def __init__(self, host: Host, on_status: Callable[[str], None],
                 on_notice: Callable[[str], None],
                 on_ready: Callable[[], Awaitable[None]] | None = None) -> None:
        self.host = host
        self.worker: AiWorker | None = None
        self.status = "idle"
        self.restarts = 0  # workers started after the first
        self._in_a_row = 0  # restarts since the worker last answered
        self._what = ""  # what happened to the worker last
        self._instead = ""  # what the page did about the request in hand then
        self._said = ""  # the notice about the worker on the table
        self.took = 0.0  # seconds the worker took over the last request it answered
        self._on_status = on_status
        self._on_notice = on_notice
        self._on_ready = on_ready
        self._name = ""
        self._gone: asyncio.Future[str] | None = None  # the current worker's end: its cause
        self._turn = asyncio.Lock()  # one request at a time, as the worker answers them
        self._lock_prefix = f"rome-ai-{secrets.token_hex(8)}"  # Web Locks are per origin
        self.boot_limit, self.move_limit = _limits()

    @property
    def notice(self) -> str:
        """The notice about the worker ("" while nothing has happened to it)."""
        return notice(self._what, self._instead, self.status, self.restarts)

    def _set(self, status: str) -> None:
        self.status = status
        self._on_status(status_words(status, self.restarts))
        self._tell()

    def _tell(self) -> None:
        text = self.notice
        if text and text != self._said:
            self._on_notice(text)
            self._said = text

    def start(self) -> None:
        """Boot the worker in the background, once (later calls do nothing)."""
        if self.status != "idle":
            return
        self._set("warming")
        self.host.background(self._first_boot())

    async def _first_boot(self) -> None:
        await self.connect()
        if self._on_ready is not None:
            await self._on_ready()

    async def connect(self) -> None:
        """Start the worker (after the page is ready) and wait for it, within the boot limit;
        then watch for its end."""
        name = f"ai-{self.restarts}" if self.restarts else self.host.AI_WORKER[0]
        gone: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._name, self._gone = name, gone
        src = self.host.AI_WORKER[1]
        try:
            missing = await self.host.script_problem(src)
            if missing:
                raise RuntimeError(missing)
            worker = await asyncio.wait_for(self.host.start_worker(name, src), self.boot_limit)
            lock = f"{self._lock_prefix}-{name}"
            held = False
            with contextlib.suppress(Exception):  # no lifeline: pings and limits still tell
                held = bool(await self.host.within(worker.hold(lock), PING_LIMIT_S))
            self.host.watch_worker(name, lock if held else "",
                                   lambda cause: self._fault(gone, cause))
            self.worker = worker
            status = "ready"
        except Exception as exc:  # the page still plays with the on-page quick AI
            gone.set_result("unstarted")
            self._stop_worker()
            status = "failed"
            reason = (f"it did not start within {self.boot_limit:g} s"
                      if isinstance(exc, TimeoutError) else str(exc)[:120])
            self._news(incident("unstarted", reason))
        self._set(status)

    async def _ready(self, waiting: Callable[[str], None]) -> bool:
        """Whether the worker can take a request: waits for its first boot (within the boot
        limit) and for a restart (within ``REPLAY_WAIT_S``), saying so."""
        waited = 0.0
        while self.status in ("warming", "restarting") and waited < (
                self.boot_limit if self.status == "warming" else REPLAY_WAIT_S):
            waiting(status_words(self.status, self.restarts))
            await asyncio.sleep(0.1)
            waited += 0.1
        return self.status == "ready"

    def _limit(self, level: str, num_players: int) -> float:
        if self.move_limit is not None:
            return self.move_limit
        return busy_limit(level, num_players)

    async def choose(self, state: rome.GameState, seat: int, level: str, seed: int,
                     waiting: Callable[[str], None], who: str = "") -> str:
        """The computer's move as canonical text (always legal, always within the limits)."""
        if level in FAST_LEVELS:
            return local_choice(state, seat, level, seed)
        self.start()
        if self.status in ("warming", "restarting") and level in WARMING_ON_PAGE:
            return local_choice(state, seat, level, seed)
        who = f"{who} ({level})" if who else f"The {level} computer"
        move = await self._answer(
            waiting,
            lambda w: w.choose(rome.observation_json(rome.observation(state, seat)), level, seed),
            self._limit(level, len(state.players)), lambda text: str(rome.parse_legal(state, text)),
            replay=level not in WARMING_ON_PAGE)
        if isinstance(move, str):
            said = cut_short(who, self.took, level, len(state.players))
            if said:
                self._news(said)
                self._tell()
            return move
        if isinstance(move, Fault) and move.cause in DIED and level in WARMING_ON_PAGE:
            return local_choice(state, seat, level, seed)  # the very move the worker would play
        if isinstance(move, Fault):
            self._said_instead(f"{who} played a quick move instead")
        return local_choice(state, seat, QUICK_LEVEL, seed)

    async def analyse(self, state: rome.GameState, seat: int, level: str, seed: int
                      ) -> tuple[tuple[Move, ...], str]:
        """A hint for ``seat``: its moves, best first, and
        where it was worked out ("worker", or "page" at the quick level when the worker is
        down, as a decision would be). Texts are checked by the model, not here."""
        obs = rome.observation(state, seat)
        self.start()
        moves = await self._answer(
            lambda _text: None, lambda w: w.analyse(rome.observation_json(obs), level, seed),
            self._limit(level, len(state.players)), lambda text: tuple(read_moves(text)))
        if isinstance(moves, tuple):
            return moves, "worker"
        if isinstance(moves, Fault):
            self._said_instead("the hint comes from the quick AI")
        from rome.ai import analyse

        return tuple(analyse(obs, QUICK_LEVEL, seed)), "page"

    async def review_decision(self, game: Session, ply: int, seat: int, level: str
                              ) -> tuple[tuple[ReviewLine, ...], str]:
        """The review of the decision ``seat`` took at the game's action ``ply`` (one line,
        none if it could not be valued), and where it was worked out ("worker", or "page"
        at the quick level when the worker is down)."""
        obs = rome.observation(game.states[ply], seat)
        played = game.actions[ply]
        self.start()
        lines = await self._answer(
            lambda _text: None,
            lambda w: w.review_decision(rome.observation_json(obs), played, game.seed, ply,
                                        level),
            self._limit(level, len(game.seats)), lambda text: tuple(read_review(text)))
        if isinstance(lines, tuple):
            return lines, "worker"
        if isinstance(lines, Fault):
            self._said_instead("the review comes from the quick AI", background=True)
        from rome.ai import review_decision

        line = review_decision(obs, played, game.seed, ply, QUICK_LEVEL)
        return ((line,) if line is not None else ()), "page"

    async def _answer(self, waiting: Callable[[str], None],
                      call: Callable[[AiWorker], Awaitable[str]], limit: float,
                      read: Callable[[str], T], replay: bool = True
                      ) -> T | Fault | None:
        """The worker's answer to ``call(worker)`` read by ``read``; a ``Fault`` if the worker
        failed it (asked again of the restarted worker if the old one ended and ``replay``)
        or was still restarting, None if there is no worker to ask. One request at a time,
        as the worker answers them."""
        async with self._turn:
            if not await self._ready(waiting):
                return Fault("restarting") if self.status == "restarting" else None
            answer = await self._ask(call, limit, read)
            if (replay and isinstance(answer, Fault) and answer.cause in DIED
                    and await self._ready(waiting)):
                answer = await self._ask(call, limit, read)
            return answer

    async def _ask(self, call: Callable[[AiWorker], Awaitable[str]], limit: float,
                   read: Callable[[str], T]) -> T | Fault:
        """Ping the worker, then ask it; a fault stops it (and restarts it in the background)."""
        worker, gone = self.worker, self._gone
        assert worker is not None and gone is not None  # a worker is ready
        if gone.done():  # it ended since
            return Fault(gone.result())
        cause, detail = "silent", 0.0
        try:
            await self._within(worker.ping(), PING_LIMIT_S, gone)
            cause, detail = "hang", limit
            loop = asyncio.get_running_loop()
            asked = loop.time()
            answer = read(str(await self._within(call(worker), limit, gone)))
            self.took = loop.time() - asked
        except WorkerGone:
            return Fault(gone.result())
        except Exception as exc:
            if not isinstance(exc, TimeoutError):
                cause = "failed"
            self._fault(gone, cause, detail)
            return Fault(cause)
        self._in_a_row = 0
        return answer

    async def _within(self, promise: Awaitable[T], limit: float, gone: asyncio.Future[str]
                      ) -> T:
        """``promise``'s answer within ``limit`` seconds; WorkerGone as soon as the worker
        ends."""
        answer = asyncio.ensure_future(self.host.within(promise, limit))
        await asyncio.wait((answer, gone), return_when=asyncio.FIRST_COMPLETED)
        if answer.done():
            return answer.result()
        answer.add_done_callback(_retrieved)
        raise WorkerGone(gone.result())

    def _news(self, what: str) -> None:
        """Something new happened to the worker: said even if its words match the last
        (the message area's line may have gone with a human move since)."""
        self._what, self._instead, self._said = what, "", ""

    def _said_instead(self, what: str, background: bool = False) -> None:
        """Say what the page did instead of the worker; for a review prepared in the
        background, only if nothing was said about this incident yet: the move or the hint
        the player waited for is what they need to read (a review asked while the worker
        restarts used to replace "… played a quick move instead")."""
        if background and self._instead:
            return
        self._instead = what
        self._tell()

    def _fault(self, gone: asyncio.Future[str], cause: str, detail: str | float = "") -> None:
        """The worker of ``gone`` failed (once: later news of the same worker is ignored):
        stop it; restart it in the background unless it failed too often."""
        if gone.done():
            return
        gone.set_result(cause)
        self._stop_worker()
        self._news(incident(cause, detail))
        if self._in_a_row < MAX_RESTARTS:
            self._in_a_row += 1
            self.restarts += 1
            self._set("restarting")
            self.host.background(self.connect())
        else:
            self._set("failed")

    def _stop_worker(self) -> None:
        self.worker = None
        if self._name:
            self.host.stop_worker(self._name)
