"""Tiny engine queries shared by the page and the AI worker.

Why: the shell (and its e2e tests) must prove that the same ``rome`` package imports
and runs both on the page and in the worker, without depending on any UI code.
"""

from __future__ import annotations

import rome


def legal_count(num_players: int, seed: int) -> int:
    """Number of legal first actions of a fresh game."""
    state = rome.new_game(int(num_players), seed=int(seed))
    return len(rome.legal_actions(state))


def first_actions(num_players: int, seed: int, limit: int = 5) -> list[str]:
    """Canonical text of the first few legal actions of a fresh game."""
    state = rome.new_game(int(num_players), seed=int(seed))
    return [str(action) for action in rome.legal_actions(state)[:limit]]
