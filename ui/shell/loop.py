"""The game loop's waiting effects: a pause, a computer's move, a hint, a review.

Why apart: these run for a while (a pace's pause, a search in the AI worker) and then
answer with an event. Each checks, before and after, that the game it worked for is still
the one on the table (``generation``); a stale answer is dropped, never applied.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from ui.model import effects, events
from ui.model.state import UiState
from ui.saves.session import Session
from ui.words.names import quote
from ui.worker.ai_client import ComputerPlayers
from ui.worker.health import FAST_LEVELS

A = TypeVar("A")  # one line of an AI's answer: a hint's move, a review's line


class Host(Protocol):
    """What the loop needs of the page: the state, the AI and a way to answer."""

    ui: UiState
    computers: ComputerPlayers

    def dispatch(self, event: events.Event) -> None: ...


async def pause_since(issued: float, ms: int) -> None:
    """Sleep until ``ms`` after ``issued`` (``time.monotonic()`` when the pause was asked
    for): the move before it was drawn meanwhile, so the pace is the time from one move
    to the next, not the pace plus the drawing (tens of ms a move in Pyodide)."""
    left = ms / 1000 - (time.monotonic() - issued)
    if left > 0:
        await asyncio.sleep(left)


async def wait(host: Host, effect: effects.Wait, issued: float) -> None:
    await pause_since(issued, effect.ms)
    host.dispatch(events.Tick(effect.generation))


async def ask(host: Host, effect: effects.Ask, issued: float) -> None:
    """Ask for a computer's move at once and play it once the pace's pause is over too:
    the search runs during the pause, so a person waits the longer of the two, not
    their sum."""
    s = host.ui.session
    if effect.generation != host.ui.generation or s is None:
        return
    name = s.seats[effect.seat].name

    def thinking(text: str) -> None:
        host.dispatch(events.Thinking(effect.generation, text))

    move = asyncio.ensure_future(host.computers.choose(
        s.state, effect.seat, effect.level, effect.seed, thinking, who=name))
    await pause_since(issued, effect.delay_ms)
    if not move.done() and effect.level not in FAST_LEVELS:  # say so (at any pace)
        host.dispatch(events.Thinking(effect.generation, f"{name} is thinking…"))
    try:
        text = await move
    except Exception as exc:
        traceback.print_exc()
        if effect.generation == host.ui.generation:
            host.dispatch(events.WorkerSaid(
                f"The computer could not move: {quote(str(exc), 80)}"))
        return
    if effect.generation != host.ui.generation:
        return  # the game changed while it thought (undo, leave): nothing to say
    host.dispatch(events.Answer(effect.generation, text))


async def analyse(host: Host, effect: effects.Analyse) -> None:
    """Work out a hint in the AI worker (the page's quick AI if it is down)."""
    await _worker_job(
        host, effect.generation, "No hint this time",
        lambda s: host.computers.analyse(s.state, effect.seat, effect.level, effect.seed),
        lambda moves, source: events.HintAnswer(effect.generation, effect.moves, moves,
                                                source))


async def prepare(host: Host, effect: effects.Prepare) -> None:
    """Review one decision in the AI worker (the page's quick AI if it is down)."""
    await _worker_job(
        host, effect.generation, "A decision could not be checked",
        lambda s: host.computers.review_decision(s, effect.ply, effect.seat, effect.level),
        lambda lines, source: events.Prepared(effect.generation, effect.ply, lines, source))


async def _worker_job(host: Host, generation: int, failed: str,
                      work: Callable[[Session], Awaitable[tuple[tuple[A, ...], str]]],
                      answer: Callable[[tuple[A, ...], str], events.Event]) -> None:
    """Run an analysis for the game of ``generation`` (skipped if it has changed) and
    dispatch ``answer(result, source)``; a failure is said (``failed``: why) and answered
    with nothing, so the table never waits for it."""
    s = host.ui.session
    if generation != host.ui.generation or s is None:
        return
    result: tuple[A, ...]
    try:
        result, source = await work(s)
    except Exception as exc:
        traceback.print_exc()
        result, source = (), "page"
        host.dispatch(events.WorkerSaid(f"{failed}: {quote(str(exc), 80)}"))
    host.dispatch(answer(result, source))
