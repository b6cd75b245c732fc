"""The minimax layer: alpha-beta over plausible replies, iterative deepening on a budget."""

from __future__ import annotations

import dataclasses
import math
import random

import rome
from rome.ai.evaluate import Context
from rome.ai.levels import LEVEL_PARAMS, Level
from rome.ai.minimax import BudgetExceeded, alphabeta, deepen, iteration, plausible
from rome.ai.search import Search

LIGHT = dataclasses.replace(LEVEL_PARAMS["normal"], width=3, horizon=1, positions=1,
                            replies=2, reply_margin=math.inf, deep_width=4, depth=3)


def _position(seed: int, players: int = 2) -> rome.GameState:
    """A game played by fixed choices to an 'act' step in round 2."""
    rng = random.Random(seed)
    state = rome.new_game(players, seed=seed)
    while not (state.round == 2 and state.phase == "action" and state.step == "act"):
        state = rome.apply_action(state, rng.choice(rome.sensible_actions(state)))
    return state


def _search(state: rome.GameState, budget: float = 10**9, level: Level = LIGHT) -> Search:
    return Search(level, Context(state.num_players, state.shrine, {}), budget, math.inf)


def _root_order(search: Search, state: rome.GameState) -> list:
    return [(acts, s) for acts, s, _v in search.candidates(state)]


def test_more_plausible_replies_can_only_lower_a_root_moves_value() -> None:
    # At an opponent's node the value is the minimum over its replies: searching a second
    # reply can reveal a worse outcome for the root seat, never a better one.  (In two
    # players the static utility is zero-sum, so the replies differ only after a roll-out.)
    lowered = 0
    for seed in (1, 2, 3, 8, 9):
        state = _position(seed)
        one = _search(state, level=dataclasses.replace(LIGHT, replies=1, horizon=2))
        order = _root_order(one, state)
        with_one, _ = iteration(one, order, 2)
        two = _search(state, level=dataclasses.replace(LIGHT, horizon=2))
        _root_order(two, state)
        with_two, _ = iteration(two, order, 2)
        assert with_one.keys() == with_two.keys()
        assert all(with_two[a] <= with_one[a] + 1e-9 for a in with_one)
        lowered += sum(with_two[a] < with_one[a] - 1e-9 for a in with_one)
    assert lowered, "no second reply ever mattered: these positions cannot tell min from max"


def test_alpha_beta_prunes_without_changing_the_value() -> None:
    state = _position(4)
    search = _search(state)
    order = _root_order(search, state)
    child = order[0][1]
    full = alphabeta(search, child, 2, -math.inf, math.inf, 1)
    # A window that already contains the value returns the same value.
    assert alphabeta(search, child, 2, full - 1.0, full + 1.0, 1) == full
    # A window entirely above the value fails low: the result is at most alpha.
    assert alphabeta(search, child, 2, full + 5.0, full + 6.0, 1) <= full + 5.0


def test_a_depth_that_runs_out_of_budget_is_discarded_whole() -> None:
    state = _position(5)
    search = _search(state)
    order = _root_order(search, state)
    depth1, order = iteration(search, order, 1)
    search.budget = search.nodes + 5  # far too little for depth 2
    assert deepen(search, [order], [depth1]) == [depth1]


def test_deeper_iterations_search_the_best_root_moves_only() -> None:
    state = _position(6)
    search = _search(state, level=dataclasses.replace(LIGHT, depth=2, deep_width=2))
    order = _root_order(search, state)
    depth1, order = iteration(search, order, 1)
    (deeper,) = deepen(search, [order], [depth1])
    best_two = {acts[0] for acts, _s in order[:2]}
    assert set(deeper) == best_two


def test_plausible_replies_are_the_best_and_those_close_to_it() -> None:
    kids = [(10.0, "a"), (9.5, "b"), (8.9, "c"), (3.0, "d")]
    assert plausible(kids, 3, 1.0) == ["a", "b"]
    assert plausible(kids, 3, 2.0) == ["a", "b", "c"]
    assert plausible(kids, 2, 99.0) == ["a", "b"]
    assert plausible(kids, 3, 0.0) == ["a"]


def test_deepening_keeps_the_look_ahead_fixed() -> None:
    # With one exactly-modelled reply, searching the opponent's turn in the tree and then
    # rolling out one turn fewer is the same game as rolling out from the root move: the
    # values of depth 1 and depth 2 agree.  Were the roll-out not shortened by the searched
    # turn, depth 2 would look a turn further and the values would differ.
    exact = dataclasses.replace(LIGHT, replies=1, reply_margin=0.0, horizon=2)
    compared = 0
    for seed in (11, 12, 13):
        state = _position(seed)
        search = _search(state, level=exact)
        order = _root_order(search, state)
        depth1, _ = iteration(search, order, 1)
        depth2, _ = iteration(search, order, 2)
        assert depth2 == depth1
        compared += len(depth1)
    assert compared > 3


def test_budget_exceeded_is_what_the_search_raises_on_its_budget() -> None:
    state = _position(7)
    search = _search(state, budget=3)
    try:
        search.candidates(state)
    except BudgetExceeded:
        return
    raise AssertionError("a 3-node budget cannot order a whole turn's plans")
