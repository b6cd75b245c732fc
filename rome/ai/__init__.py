"""Computer opponents: a determinised search that decides from an observation only.

Public contract (the UI and its worker code against it):

* :func:`choose_action(obs, level, seed)` returns the canonical text of an action that is
  legal in every state consistent with ``obs`` (the observation of the seat to act).
* :func:`analyse(obs, level)` gives the best few moves with values and reasons (a hint),
  :func:`review(players, seed, actions, seat)` each decision of a seat against the best
  move found (:mod:`rome.ai.analysis`).
* :data:`LEVELS` names the levels: ``random``, ``greedy``, ``easy``, ``normal``, ``hard``
  (the one list for the whole project, in :mod:`rome.ai.levels`: ``MENU_LEVELS`` are
  offered to players, ``TEST_LEVELS`` serve tests and benchmarks).

Levels (budgets in :func:`rome.ai.levels.level_params`; a node is one plan applied or one
position evaluated, so a level decides identically on any machine and replays from its seed):

* ``random``: a uniformly random sensible action.
* ``greedy``: the best whole turn (or placement) by a one-step lookahead on the evaluation.
* ``easy``: greedy with soft-max noise (temperature 1.5 points): human-like slips.
* ``normal``: 2 determinisations, 6 000 nodes; the best 4 macro-moves by the static
  evaluation are each followed by 2 turns of greedy play for every seat (opponent
  modelling) and the position reached is evaluated.
* ``hard``: with 3-4 players the same search, larger: 4 determinisations, 36 000 nodes,
  the best 8 macro-moves, 4 greedy turns after each, 3 positions per card kind in turn
  plans, then alpha-beta to depth 2 (:mod:`rome.ai.minimax`) over the opponents'
  plausible replies.  In a two-player game one information-set MCTS tree
  (:mod:`rome.ai.ismcts`, :data:`rome.ai.levels.DUEL_PARAMS`) in 72 000 nodes over the
  same macro-moves, its roll-outs greedy to the same horizon.

The seed handed to the search is mixed with the observation's round/step, so a game played
from a seed replays move for move.
"""

from __future__ import annotations

import random
from typing import Any

from .. import ObservationError, SetupError, sample_state, sensible_actions
from .levels import LEVELS, MENU_LEVELS, TEST_LEVELS, Tree, level_params


def decision_seed(obs: dict[str, Any], seed: int) -> int:
    """The search's seed: the caller's mixed with where the game stands, so every decision
    of a seeded game is seeded differently and a game replays move for move."""
    return (seed * 1_000_003 + obs["round"] * 10_007 + obs["placed"] * 101
            + obs["acting"] * 11 + len(obs["step"]) + obs["seat"]) & 0xFFFFFFFF


def choose_action(obs: dict[str, Any], level: str = "normal", seed: int = 0) -> str:
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


def __getattr__(name: str) -> Any:
    """``analyse`` and ``review`` (:mod:`rome.ai.analysis`), loaded with the search on
    first use so that listing the levels stays light."""
    if name in ("analyse", "review"):
        from . import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LEVELS", "MENU_LEVELS", "TEST_LEVELS", "analyse", "choose_action", "decision_seed",
           "review"]
