"""The candidates' decision loop: it skips a deepening that cannot finish, nothing else.

Small budgets keep these quick; the levels differ from today's only in the budget.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import rome
from rome.ai import candidates, search
from rome.ai.candidates import LEVEL_PARAMS

SMALL = replace(LEVEL_PARAMS["hard"], samples=2, width=4, horizon=2, depth=3, deep_width=3,
                wall_seconds=1e9)


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
def count_nodes(monkeypatch):
    made: list[search.Search] = []
    init = search.Search.__init__

    def counting(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(search.Search, "__init__", counting)
    return lambda: sum(s.nodes for s in made)


@pytest.mark.parametrize(("players", "skip"), [(2, 30), (3, 40)])
def test_with_room_to_spare_the_moves_are_the_shipped_loops(players, skip):
    obs = decision_obs(players, 5, skip)
    roomy = replace(SMALL, nodes=10**7)
    assert candidates.decide(obs, roomy, 3) == search.decide(obs, roomy, 3)


def test_a_deepening_that_cannot_finish_is_not_started(count_nodes):
    obs = decision_obs(2, 5, 30)
    roomy = replace(SMALL, nodes=10**7)
    search.decide(obs, roomy, 3)
    full = count_nodes()
    search.decide(obs, replace(SMALL, depth=2, nodes=10**7), 3)
    to_depth_2 = count_nodes() - full
    tight = replace(SMALL, nodes=to_depth_2 + (full - to_depth_2) // 4)  # depth 3 cannot fit
    before = count_nodes()
    shipped = search.decide(obs, tight, 3)
    spent_shipped = count_nodes() - before
    before = count_nodes()
    skipping = candidates.decide(obs, tight, 3)
    spent_skipping = count_nodes() - before
    assert skipping == shipped  # the unfinished depth was thrown away anyway
    assert spent_skipping <= to_depth_2 < spent_shipped
