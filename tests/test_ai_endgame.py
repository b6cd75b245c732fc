"""The end-game settings of a level (``Level.endgame``): used with few own turns left only,
and searching the last turn to the true best move."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

import rome
from rome.ai import search
from rome.ai.levels import DUEL_ALPHA_BETA
from test_ai_analysis import last_turn_after_take, true_margins
from test_ai_deepening import decision_obs, spent  # noqa: F401  (a fixture)

BASE = replace(DUEL_ALPHA_BETA, samples=2, nodes=8000, width=4, horizon=2,
               wall_seconds=math.inf)
END = replace(BASE, depth=8, deep_width=8, replies=3, reply_margin=3.0, nodes=30000)
WITH_END = replace(BASE, end_turns=2, endgame=END)


def test_the_end_game_settings_wait_for_the_last_round(spent):  # noqa: F811
    obs = decision_obs(2, 5, 10)
    state = rome.sample_state(obs, 0)
    assert rome.turns_left(state, obs["seat"]) > 2
    assert search.decide(obs, WITH_END, 3) == search.decide(obs, BASE, 3)
    spent()  # the greedy game's searches and those two
    search.decide(obs, WITH_END, 3)
    with_end = spent()
    search.decide(obs, BASE, 3)
    assert with_end == spent()  # the same search, node for node


def test_the_end_game_settings_take_over_in_the_last_round(spent):  # noqa: F811
    ply, _actions, state = last_turn_after_take(2, 4)
    obs = rome.observation(state, rome.current_player(state))
    assert rome.turns_left(state, obs["seat"]) <= 2
    spent()  # the greedy game's searches
    search.decide(obs, WITH_END, 3)
    with_end = spent()
    search.decide(obs, END, 3)
    assert with_end == spent()
    search.decide(obs, BASE, 3)
    assert spent() != with_end


@pytest.mark.parametrize("seed", [4, 7, 9])
def test_the_end_game_search_plays_a_truly_best_last_turn(seed):
    _ply, _actions, state = last_turn_after_take(2, seed)
    seat = rome.current_player(state)
    truth = true_margins(state, seat)
    move = str(search.decide(rome.observation(state, seat), WITH_END, 1))
    assert truth[move] == max(truth.values())
