"""The page may play a warming worker's moves itself only if they are the worker's moves.

Why: while the AI worker boots or restarts, ``ui.worker.ai_client`` lets the page decide for
the levels in ``WARMING_ON_PAGE`` (easy and normal). The worker receives the observation as
JSON text and the page passes its own dictionary; a level is deterministic for a seed, so the
two must give the same move at every decision, or a game would depend on how fast the worker
booted.
"""

from __future__ import annotations

import json

import rome
from rome.ai import choose_action
from ui.worker.health import WARMING_ON_PAGE


def test_easy_and_normal_are_played_on_the_page_while_warming() -> None:
    assert WARMING_ON_PAGE == ("easy", "normal")


def test_page_and_worker_choose_the_same_move() -> None:
    for level in WARMING_ON_PAGE:
        for players, seed in ((2, 4), (3, 9), (4, 13)):
            state = rome.new_game(players, seed=seed)
            decisions = 0
            while not rome.is_over(state) and decisions < 40:
                seat = rome.current_player(state)
                obs = rome.observation(state, seat)
                on_page = choose_action(obs, level, decisions)
                in_worker = choose_action(json.loads(json.dumps(obs)), level, decisions)
                assert str(on_page) == str(in_worker)
                state = rome.apply_action(state, rome.parse_legal(state, str(on_page)))
                decisions += 1

