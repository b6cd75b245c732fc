"""Driving the table's UI model through a game on CPython, as the page would.

Why one module: every UI test needs to "play on until ...", and the page's half of that
loop (the hand-over's OK, the automatic step's tick, the worker's answer) is the same
each time; a test chooses only the moves and when to stop.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import rome
from ui import model
from ui.model import Mode, UiState

Chooser = Callable[[rome.GameState], rome.Action]
"""Picks a move in a state; the drivers ask it only when a decision is due."""


def at_random(rng: random.Random) -> Chooser:
    """Any sensible move, one draw of ``rng`` per decision (so a seed gives one game)."""
    return lambda state: rng.choice(rome.sensible_actions(state))


def first_sensible(state: rome.GameState) -> rome.Action:
    """The engine's first sensible move: a computer that answers at once and predictably."""
    return rome.sensible_actions(state)[0]


def next_event(ui: UiState, human: Chooser, computer: Chooser = first_sensible) -> model.Event:
    """The event the page would dispatch next in ``ui``.

    A human's move (by ``human``), the hand-over's OK, the automatic step's tick, or the
    worker's answer (by ``computer``).  A finished game has none.
    """
    s = ui.session
    assert s is not None and ui.mode is not Mode.OVER, f"nothing to dispatch in {ui.mode}"
    if ui.mode is Mode.HUMAN:
        return model.Act(human(s.state))
    if ui.mode is Mode.HANDOVER:
        return model.HandOver()
    if ui.mode is Mode.AUTOMATIC:
        return model.Tick(ui.generation)
    return model.Answer(ui.generation, str(computer(s.state)))


def play_until(ui: UiState, done: Callable[[UiState], bool], human: Chooser,
               computer: Chooser = first_sensible, limit: int = 2000) -> UiState:
    """Dispatch :func:`next_event` until ``done(ui)``; fail after ``limit`` events."""
    for _ in range(limit):
        if done(ui):
            return ui
        ui, _ = model.reduce(ui, next_event(ui, human, computer))
    raise AssertionError(f"not reached within {limit} events")


def prepared(ui: UiState, level: str = "greedy") -> UiState:
    """``ui`` once every analysis the review waits for has been answered, as the page's
    loop would answer each ``Prepare`` (``ui.worker.ai_worker.review_decision``, run here
    at ``level`` for speed: the model does not read the level of an answer)."""
    from rome.ai.answers import read_review
    from ui.worker import ai_worker

    for _ in range(1000):
        s, asked = ui.session, ui.preparation.asked
        if s is None or asked is None or asked[0] != ui.generation:
            return ui
        ply = asked[1]
        obs = rome.observation(s.states[ply], s.actors[ply])
        text = ai_worker.review_decision(rome.observation_json(obs), s.actions[ply], s.seed,
                                         ply, level)
        ui, _ = model.reduce(ui, model.Prepared(asked[0], ply, tuple(read_review(text))))
    raise AssertionError("the review never stopped asking")
