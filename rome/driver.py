"""The one game driver: play a game to its end, asking a player for each decision.

Why one: tests, scripts, the command line and the research tools all play whole games,
and each used to repeat the same loop (whose turn, forced moves, apply).  A game is a
seeded state plus the actions played on it, so a driver that asks the players in turn
and applies their answers replays exactly as the hand-written loops did.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from .actions import Action
from .conveniences import automatic_action, sensible_actions
from .errors import StateError
from .flow import current_player, is_over
from .rules import apply_action, legal_actions
from .state import GameState

Player = Callable[[GameState], Action]
"""Given a state with a decision pending, one legal action for ``current_player(state)``."""

Players = Player | Sequence[Player]
"""One player for every seat, or one per seat (indexed by seat)."""


def playthrough(state: GameState, players: Players, *, automatic: bool = False
                ) -> Iterator[tuple[GameState, Action, GameState]]:
    """Each step of the game from ``state`` on, as (before, action, after), until it is over.

    With ``automatic``, a move that is the only sensible one (:func:`automatic_action`) is
    played without asking, as the table plays it for people.  The players' answers go
    through :func:`apply_action`, so an illegal one raises :class:`IllegalActionError`.
    """
    while not is_over(state):
        action = automatic_action(state) if automatic else None
        if action is None:
            action = _player_of(players, state)(state)
        after = apply_action(state, action)
        yield state, action, after
        state = after


def play(state: GameState, players: Players, *, automatic: bool = False) -> GameState:
    """The finished game: :func:`playthrough` to its end, returning its last state."""
    for _before, _action, after in playthrough(state, players, automatic=automatic):
        state = after
    return state


def random_player(rng: random.Random, *, sensible: bool = False) -> Player:
    """A player choosing uniformly among the legal (or the sensible) actions.

    Exactly one ``rng.choice`` per decision, so a seeded loop that drew its actions this
    way draws the same numbers, and plays the same game, through the driver.
    """
    options = sensible_actions if sensible else legal_actions

    def choose(state: GameState) -> Action:
        return rng.choice(options(state))

    return choose


def _player_of(players: Players, state: GameState) -> Player:
    if callable(players):
        return players
    seat = current_player(state)
    if seat is None:  # not over, so someone must be to act: a broken state
        raise StateError(f"no player to act in {state!r}")
    return players[seat]
