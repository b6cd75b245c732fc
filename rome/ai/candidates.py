"""Candidate levels measured against the yardstick before one of them becomes ``hard``.

Why a separate decision loop: the shipped one (:func:`rome.ai.search.decide`) runs an
iteration of the deepening to the end of the node budget and throws it away when it
does not finish for every determinisation.  Measured on 2-player games (hard's duel
setting), the depth-3 iteration was left unfinished in most decisions, so a third of the
budget bought nothing but waiting.  :func:`decide` here predicts an iteration's cost from
the previous one's (times the growth seen so far, at least the depth's number: measured on
8 positions, a depth cost 0.8-2.0 times the one before at depth 2, 1.7-3.5 at depth 3) and
does not start
one that cannot finish: the same moves for less time when the prediction is right.

A candidate is a :class:`rome.ai.search.Level`; the tournament knows them by name
(``cand-...``) so they can meet ``e514045:hard`` before any of them ships.  No wall-clock
cap: a candidate decides the same on a loaded machine as on an idle one.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

from .. import Action, sample_state, sensible_actions
from .evaluate import Context
from .minimax import iteration
from .search import BudgetExceeded, Search

try:  # the levels' own module (the AI contract); until it lands they live in search.py
    from .levels import DUEL_PARAMS, LEVEL_PARAMS, Level, level_params
except ImportError:
    from .search import (  # type: ignore[attr-defined,no-redef]
        DUEL_PARAMS,
        LEVEL_PARAMS,
        Level,
        level_params,
    )

NO_CAP = math.inf

CANDIDATES: dict[str, tuple[Level, Level]] = {
    # (2 players, 3-4 players)
    # hard's settings, iterations that cannot finish are not started.
    "cand-skip": (replace(DUEL_PARAMS["hard"], wall_seconds=NO_CAP),
                  replace(LEVEL_PARAMS["hard"], wall_seconds=NO_CAP)),
    # two determinisations, so the duel's depth 3 finishes within the same 36 000 nodes.
    "cand-deep": (replace(DUEL_PARAMS["hard"], samples=2, wall_seconds=NO_CAP),
                  replace(LEVEL_PARAMS["hard"], samples=2, wall_seconds=NO_CAP)),
}


def candidate_params(name: str, num_players: int) -> Level:
    duel, multi = CANDIDATES[name]
    return duel if num_players == 2 else multi


def deepen(search: Search, orders: list[Any], done: list[dict[Action, float]],
           first_cost: int) -> list[dict[Action, float]]:
    """Iterative deepening that starts a depth only if its predicted cost fits the budget
    left (the prediction: the last depth's cost times its growth over the one before)."""
    level = search.level
    last, growth = first_cost, 1.0
    for depth in range(2, level.depth + 1):
        if search.nodes + last * max(float(depth), growth) > search.budget:
            break
        start = search.nodes
        deeper, reordered = [], []
        try:
            for order in orders:
                values, order = iteration(search, order[:level.deep_width], depth)
                deeper.append(values)
                reordered.append(order)
        except BudgetExceeded:
            break
        cost = search.nodes - start
        growth = cost / max(last, 1)
        last = cost
        done, orders = deeper, reordered
    return done


def decide(obs: dict[str, Any], level: Level, seed: int) -> Action:
    """As :func:`rome.ai.search.decide`, with :func:`deepen` above."""
    import time

    rng = random.Random(seed)
    ctx = Context(obs["num_players"], obs["shrine"], dict(level.weights))
    samples = [sample_state(obs, rng) for _ in range(level.samples)]
    actions = sensible_actions(samples[0])
    if len(actions) == 1:
        return actions[0]
    search = Search(level, ctx, level.nodes, time.perf_counter() + level.wall_seconds)
    done: list[dict[Action, float]] = []
    orders = []
    for state in samples:
        try:
            values, order = search.root_values(state)
        except BudgetExceeded:
            break
        done.append(values)
        orders.append(order)
    if done and level.depth > 1:
        done = deepen(search, orders, done, search.nodes)
    if not done:
        search = Search(level, ctx, 10**9, math.inf)
        search.level = Level(level.name, 1, 10**9, 999, 0, level.positions)
        done.append(search.root_values(samples[0])[0])
    return best_action(actions, done, level, rng)


def best_action(actions: list[Action], done: list[dict[Action, float]], level: Level,
                rng: random.Random) -> Action:
    """The action with the best mean value over the samples it was a candidate in all of."""
    totals: dict[Action, float] = {}
    counts: dict[Action, int] = {}
    for vals in done:
        for a, v in vals.items():
            totals[a] = totals.get(a, 0.0) + v
            counts[a] = counts.get(a, 0) + 1
    legal = [a for a in actions if a in totals]
    if not legal:
        return actions[0]
    most = max(counts[a] for a in legal)
    legal = [a for a in legal if counts[a] == most]
    means = {a: totals[a] / counts[a] for a in legal}
    if level.temperature > 0:
        best = max(means.values())
        weights = [math.exp((means[a] - best) / level.temperature) for a in legal]
        return rng.choices(legal, weights)[0]
    return max(legal, key=lambda a: (means[a], -legal.index(a)))


def choose(obs: dict[str, Any], name: str, seed: int) -> str:
    """A candidate's decision, seeded exactly as :func:`rome.ai.choose_action` seeds."""
    mix = (seed * 1_000_003 + obs["round"] * 10_007 + obs["placed"] * 101 + obs["acting"] * 11
           + len(obs["step"]) + obs["seat"]) & 0xFFFFFFFF
    return str(decide(obs, candidate_params(name, obs["num_players"]), mix))


__all__ = ["CANDIDATES", "DUEL_PARAMS", "LEVEL_PARAMS", "Level", "candidate_params", "choose",
           "decide", "level_params"]
