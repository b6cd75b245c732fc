"""Iterative deepening does not start a depth that cannot finish within the budget.

An unfinished depth is thrown away (its values are never mixed with a shallower depth's),
so starting it only costs time.  Small budgets keep these quick.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

import rome
from rome.ai import search
from rome.ai.levels import LEVEL_PARAMS

SMALL = replace(LEVEL_PARAMS["hard"], samples=2, width=4, horizon=2, depth=3, deep_width=3,
                wall_seconds=math.inf)


def decision_obs(players: int, seed: int, skip: int) -> dict:
    """The observation of the ``skip``-th real decision of a greedy game."""
    state = rome.new_game(players, seed=seed)
    k = 0
    while True:
        action = rome.automatic_action(state)
        if action is None:
            obs = rome.observation(state, rome.current_player(state))
            if k == skip:
                return obs
            action = rome.Action.parse(rome.ai.choose_action(obs, "greedy", k))
            k += 1
        state = rome.apply_action(state, action)


@pytest.fixture
def spent(monkeypatch):
    """The nodes spent by every search made since the last call."""
    made: list[search.Search] = []
    init = search.Search.__init__

    def counting(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(search.Search, "__init__", counting)

    def total() -> int:
        n = sum(s.nodes for s in made)
        made.clear()
        return n

    return total


@pytest.mark.parametrize(("players", "skip"), [(2, 30), (3, 40)])
def test_a_depth_that_cannot_finish_is_not_started(spent, players, skip):
    obs = decision_obs(players, 5, skip)
    search.decide(obs, replace(SMALL, nodes=10**7), 3)
    full = spent()  # depth 3 finished: the cost of every depth
    move_2 = search.decide(obs, replace(SMALL, depth=2, nodes=10**7), 3)
    to_depth_2 = spent()
    assert to_depth_2 < full
    tight = replace(SMALL, nodes=to_depth_2 + (full - to_depth_2) // 4)  # depth 3 cannot fit
    assert search.decide(obs, tight, 3) == move_2  # decided at depth 2 ...
    assert spent() <= to_depth_2  # ... without spending anything on depth 3
