"""Computer opponents: a determinised search that decides from an observation only.

Public contract (the UI and its worker code against it):

* :func:`choose_action(obs, level, seed)` returns the canonical text of an action that is
  legal in every state consistent with ``obs`` (the observation of the seat to act).
* :func:`analyse(obs, seed=...)` gives the best few moves with values, places and words (the
  hint), :func:`review_decision(obs, played, game_seed, ply)` one decision against the
  best move found, :func:`review(players, seed, actions, seat)` every decision of a game
  at once and :func:`review_game(decisions, scores, winners, seat)` a finished game's
  review put together from them (turning points, the city beside the winner's)
  (:mod:`rome.ai.analysis`, :mod:`rome.ai.game_review`; their shapes in
  :mod:`rome.ai.answers`); all at :data:`ADVICE_LEVEL` with :func:`advice_seed`, so they
  agree (:mod:`rome.ai.advice`).
* :data:`LEVELS` names the levels: ``random``, ``greedy``, ``easy``, ``normal``, ``hard``,
  ``expert`` (the one list for the whole project, in :mod:`rome.ai.levels`: ``MENU_LEVELS`` are
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
* ``expert``: hard's duel tree looking three of its own turns ahead at every player count,
  its last few own turns rolled out to the game's end: 140 000 nodes in a duel, 48 000 with
  3-4 players, where each seat in the tree chooses for itself
  (:data:`rome.ai.levels.MANY_TREES`).

The seed handed to the search is mixed with the observation's round/step, so a game played
from a seed replays move for move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .advice import ADVICE_LEVEL, ADVICE_SOURCE, EVEN, advice_seed
from .answers import GameReview, Move, ReviewLine
from .choose import choose_action, decision_seed
from .game_review import review_game
from .levels import LEVELS, MENU_LEVELS, TEST_LEVELS

if TYPE_CHECKING:
    from .analysis import analyse, review, review_decision

Searching = Callable[..., list[Move]] | Callable[..., list[ReviewLine]] | Callable[
    ..., ReviewLine | None]


def __getattr__(name: str) -> Searching:
    """``analyse``, ``review_decision`` and ``review`` (:mod:`rome.ai.analysis`), loaded
    with the search on first use so that listing the levels stays light."""
    if name in ("analyse", "review", "review_decision"):
        from . import analysis

        found: Searching = getattr(analysis, name)
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ADVICE_LEVEL", "ADVICE_SOURCE", "EVEN", "GameReview", "LEVELS", "MENU_LEVELS",
           "Move", "ReviewLine", "TEST_LEVELS", "advice_seed", "analyse", "choose_action",
           "decision_seed", "review", "review_decision", "review_game"]
