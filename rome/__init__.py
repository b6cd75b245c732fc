"""The Great City of Rome (Dunstan & Gilbert, 2018): the complete rules, pure Python.

The package knows every rule and nothing of the browser.  Its contract:

* :func:`new_game` sets up a seeded game; :func:`legal_actions` lists what the player to
  act may do; :func:`apply_action` returns the next state without changing its input.
* :func:`final_scores` and :func:`winners` score a finished game.
* :func:`observation` is what one seat may know; the AI and a seat's UI use only that.
* ``state.to_dict()`` / :meth:`GameState.from_dict` save and restore a game.
"""

from .actions import Action
from .cards import BUILDINGS
from .conveniences import automatic_action, produce_helps, sensible_actions
from .errors import (
    IllegalActionError,
    NotationError,
    ObservationError,
    RomeError,
    ScoreInputError,
    SetupError,
    StateError,
)
from .game import final_scores, replay, winners
from .narrate import describe, reveals_hidden
from .observation import observation, sample_state
from .rules import apply_action, build_cost, current_player, is_over, legal_actions, produce_cost
from .scoring import CATEGORIES
from .setup import new_game
from .state import SAVE_VERSION, GameState

__all__ = [
    "Action", "BUILDINGS", "CATEGORIES", "GameState", "IllegalActionError", "NotationError",
    "ObservationError", "RomeError", "ScoreInputError", "SetupError", "SAVE_VERSION", "StateError",
    "apply_action", "automatic_action", "build_cost",
    "current_player", "describe", "final_scores", "is_over", "legal_actions", "new_game",
    "observation", "produce_cost", "produce_helps", "replay", "reveals_hidden", "sample_state",
    "sensible_actions", "winners",
]
