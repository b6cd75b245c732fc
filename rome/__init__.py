"""The Great City of Rome (Dunstan & Gilbert, 2018): the complete rules, pure Python.

The package knows every rule and nothing of the browser.  Its contract (everything the
UI and the AI may use is exported here; ``rome.cards``, ``rome.city`` and
``rome.scoring`` are public data modules too, and ``rome.ai`` the computer players):

* :func:`new_game` sets up a seeded game; :func:`legal_actions` lists what the player to
  act may do (the one source of legality); :func:`apply_action` returns the next state
  without changing its input.  :func:`is_legal` asks about one action and
  :func:`parse_legal` reads an action's text and returns it if it is legal now
  (``IllegalActionError`` otherwise).
* Questions about a state: :func:`current_player` (whose decision), :func:`is_over`,
  :func:`turns_left` (a seat's remaining emissary turns), :func:`strip_space_resources`
  (bricks and cogs of a strip space), :func:`production_yield` (what producing gives a
  seat), :func:`influence_in_deck` (where deck I's influence cards lie),
  :func:`build_cost` / :func:`produce_cost`.  ``state.phase`` / ``state.step`` are
  :class:`Phase` / :class:`Step` members (text-valued enums).
* :func:`final_scores` and :func:`winners` score a game; :func:`replay` rebuilds one.
* :func:`play` / :func:`playthrough` (:mod:`rome.driver`) play a game to its end, asking a
  :data:`Player` for each decision; :func:`random_player` is one (``rome.ai.players``
  makes the computer levels players too).
* :func:`observation` is what one seat may know; the AI and a seat's UI use only that.
  :func:`sample_state` deals a full state consistent with an observation.
* :func:`describe` (log lines), :func:`move_words` / :func:`place_words` / :func:`counted`
  (a move, a place, a count in a player's words), :func:`reveals_hidden` (the undo limit),
  :func:`sensible_actions` / :func:`automatic_action` / :func:`produce_helps`.
* ``state.to_dict()`` / :meth:`GameState.from_dict` save and restore a game.
* Errors (:mod:`rome.errors`): every public function raises a :class:`RomeError`
  subclass on bad input: :class:`SetupError`, :class:`IllegalActionError`,
  :class:`NotationError`, :class:`StateError`, :class:`ObservationError`,
  :class:`ScoreInputError`.
"""

from .actions import Action
from .cards import BUILDINGS
from .conveniences import automatic_action, produce_helps, sensible_actions, withheld
from .driver import Player, play, playthrough, random_player
from .errors import (
    IllegalActionError,
    NotationError,
    ObservationError,
    RomeError,
    ScoreInputError,
    SetupError,
    StateError,
)
from .flow import (
    build_cost,
    current_player,
    influence_in_deck,
    is_over,
    produce_cost,
    production_yield,
    strip_space_resources,
    turns_left,
)
from .game import final_scores, replay, winners
from .json_value import JSON, JSONLike
from .narrate import describe, reveals_hidden
from .observation import (
    Observation,
    SeenCard,
    SeenPlayer,
    observation,
    observation_json,
    read_observation,
    sample_state,
)
from .phases import Phase, Step
from .rules import apply_action, is_legal, legal_actions, parse_legal
from .score_input import FinishedCity, read_city, score_finished_city
from .scoring import CATEGORIES, CATEGORY_WORDS
from .setup import new_game
from .state import SAVE_VERSION, GameState, PlayerState
from .wording import counted, move_words, place_words

PUBLIC_MODULES = ("rome.cards", "rome.city", "rome.scoring", "rome.score_input",
                  "rome.citycode", "rome.ai", "rome.ai.levels")
"""Modules besides ``rome`` itself that the UI may import (data and helpers with a stable
contract); everything else under ``rome/`` is the engine's own business."""

__all__ = [
    "Action", "BUILDINGS", "CATEGORIES", "CATEGORY_WORDS", "FinishedCity", "GameState",
    "IllegalActionError",
    "JSON", "JSONLike", "NotationError", "Observation", "ObservationError",
    "PUBLIC_MODULES", "Phase", "Player", "PlayerState", "RomeError", "SAVE_VERSION",
    "ScoreInputError", "SeenCard", "SeenPlayer", "SetupError", "StateError", "Step",
    "apply_action", "automatic_action", "build_cost", "counted", "current_player", "describe",
    "final_scores", "influence_in_deck", "is_legal", "is_over", "legal_actions",
    "move_words", "new_game", "observation", "observation_json", "parse_legal",
    "place_words", "play", "playthrough", "produce_cost", "produce_helps",
    "production_yield", "random_player", "read_city", "read_observation", "replay",
    "reveals_hidden", "sample_state", "score_finished_city", "sensible_actions",
    "strip_space_resources", "turns_left", "winners", "withheld",
]
