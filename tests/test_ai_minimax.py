"""The minimax layer: alpha-beta over plausible replies, iterative deepening on a budget."""

from __future__ import annotations

import dataclasses
import math
import random

import rome
from rome.ai.evaluate import Context
from rome.ai.minimax import alphabeta, deepen, iteration
from rome.ai.search import LEVEL_PARAMS, BudgetExceeded, Search

LIGHT = dataclasses.replace(LEVEL_PARAMS["normal"], width=3, horizon=1, positions=1)


def _position(seed: int, players: int = 2) -> rome.GameState:
    """A game played by fixed choices to an 'act' step in round 2."""
    rng = random.Random(seed)
    state = rome.new_game(players, seed=seed)
    while not (state.round == 2 and state.phase == "action" and state.step == "act"):
        state = rome.apply_action(state, rng.choice(rome.sensible_actions(state)))
    return state


def _search(state: rome.GameState, budget: float = 10**9) -> Search:
    return Search(LIGHT, Context(state.num_players, state.shrine, {}), budget, math.inf)


def _root_order(search: Search, state: rome.GameState) -> list:
    return [(acts, s) for acts, s, _v in search.candidates(state)]


def test_more_plausible_replies_can_only_lower_a_root_moves_value() -> None:
    # At an opponent's node the value is the minimum over its replies: searching a second
    # reply can reveal a worse outcome for the root seat, never a better one.
    lowered = 0
    for seed in (1, 2, 3, 8, 9):
        state = _position(seed)
        one = _search(state)
        order = _root_order(one, state)
        with_one, _ = iteration(one, order, 2, replies=1)
        two = _search(state)
        _root_order(two, state)
        with_two, _ = iteration(two, order, 2, replies=2)
        assert with_one.keys() == with_two.keys()
        assert all(with_two[a] <= with_one[a] + 1e-9 for a in with_one)
        lowered += sum(with_two[a] < with_one[a] - 1e-9 for a in with_one)
    assert lowered, "no second reply ever mattered: these positions cannot tell min from max"


def test_alpha_beta_prunes_without_changing_the_value() -> None:
    state = _position(4)
    search = _search(state)
    order = _root_order(search, state)
    child = order[0][1]
    full = alphabeta(search, child, 2, -math.inf, math.inf, 2)
    # A window that already contains the value returns the same value.
    assert alphabeta(search, child, 2, full - 1.0, full + 1.0, 2) == full
    # A window entirely above the value fails low: the result is at most alpha.
    assert alphabeta(search, child, 2, full + 5.0, full + 6.0, 2) <= full + 5.0


def test_a_depth_that_runs_out_of_budget_is_discarded_whole() -> None:
    state = _position(5)
    search = _search(state)
    order = _root_order(search, state)
    depth1, order = iteration(search, order, 1, replies=2)
    search.budget = search.nodes + 5  # far too little for depth 2
    assert deepen(search, [order], 3, 2, 4, [depth1]) == [depth1]


def test_deeper_iterations_search_the_best_root_moves_only() -> None:
    state = _position(6)
    search = _search(state)
    order = _root_order(search, state)
    depth1, order = iteration(search, order, 1, replies=1)
    (deeper,) = deepen(search, [order], 2, 1, 2, [depth1])
    best_two = {acts[0] for acts, _s in order[:2]}
    assert set(deeper) == best_two


def test_budget_exceeded_is_what_the_search_raises_on_its_budget() -> None:
    state = _position(7)
    search = _search(state, budget=3)
    try:
        search.candidates(state)
    except BudgetExceeded:
        return
    raise AssertionError("a 3-node budget cannot order a whole turn's plans")
