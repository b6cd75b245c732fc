"""The computer's move: :func:`choose_action` at a level, seeded by :func:`decision_seed`.

Levels ``random`` to ``hard`` are described in :mod:`rome.ai`; the searches load on the
first decision that needs them, so a page listing the levels stays light.
"""

from __future__ import annotations

import random

from .. import Observation, ObservationError, SetupError, sample_state, sensible_actions
from .levels import LEVELS, Tree, level_params


def decision_seed(obs: Observation, seed: int) -> int:
    """The search's seed: the caller's mixed with where the game stands, so every decision
    of a seeded game is seeded differently and a game replays move for move."""
    mixed: int = (seed * 1_000_003 + obs["round"] * 10_007 + obs["placed"] * 101
                  + obs["acting"] * 11 + len(obs["step"]) + obs["seat"]) & 0xFFFFFFFF
    return mixed


def choose_action(obs: Observation, level: str = "normal", seed: int = 0) -> str:
    """The action (canonical text) the computer plays for ``obs['seat']`` at ``level``.

    Raises :class:`rome.SetupError` for an unknown level or a seed that is not an integer
    and :class:`rome.ObservationError` for data :func:`rome.observation` could not give.
    """
    if not isinstance(level, str) or level not in LEVELS:
        raise SetupError(f"unknown AI level {level!r:.40}; choose one of {', '.join(LEVELS)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"the AI's seed must be an integer, not {seed!r:.40}")
    try:
        mix = decision_seed(obs, seed)
        num_players = obs["num_players"]
    except (KeyError, TypeError, IndexError) as exc:
        raise ObservationError(f"not an observation made by rome.observation: {exc!r:.80}"
                               ) from None
    if level == "random":
        rng = random.Random(mix)
        return str(rng.choice(sensible_actions(sample_state(obs, rng))))
    params = level_params(level, num_players)
    if isinstance(params, Tree):
        from . import ismcts  # the search loads on the first decision that needs it

        return str(ismcts.decide(obs, params, mix))
    from .search import decide

    return str(decide(obs, params, mix))
