"""The computer levels as players of :mod:`rome.driver`.

Why the seed rule is a parameter: a computer decision is a function of the observation,
the level and a seed, and every seeded game played so far (tests, benchmarks, the
tournaments' records) chose its seeds by counting the table's decisions.  Playing those
games through the driver must give the same decisions, so the rule is kept, not
reinvented: :func:`nth_decision` (tests and benchmarks) and :func:`tournament_seeds`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import Action, GameState, Player, StateError, current_player, observation
from . import choose_action

SeedRule = Callable[[int, int], int]
"""(seat to act, decisions the table's computers made before this one) -> the AI's seed."""


def nth_decision(seat: int, made: int) -> int:
    """The seed of the tests and benchmarks: how many decisions came before this one."""
    return made


def tournament_seeds(game_seed: int) -> SeedRule:
    """The seed rule of a tournament's game ``game_seed``: different at every seat."""
    return lambda seat, made: game_seed * 7919 + seat * 131 + made


class DecisionCount:
    """How many decisions the computers of one game have made so far.

    Shared by the players of a table: a decision's seed counts every computer decision
    of the game, whichever seat made it.
    """

    def __init__(self) -> None:
        self.made = 0


def computer_player(level: str, *, seeds: SeedRule = nth_decision,
                    count: DecisionCount | None = None) -> Player:
    """A player deciding as :func:`rome.ai.choose_action` at ``level`` decides.

    It sees only :func:`rome.observation` of its seat.  A player counts its decisions, so
    use a new one for every game (and one ``count`` for every computer at a table).
    """
    made = DecisionCount() if count is None else count

    def decide(state: GameState) -> Action:
        seat = current_player(state)
        if seat is None:
            raise StateError("the game is over: no decision to make")
        seed = seeds(seat, made.made)
        made.made += 1
        return Action.parse(choose_action(observation(state, seat), level, seed))

    return decide


def computer_players(levels: Sequence[str], *, seeds: SeedRule = nth_decision) -> list[Player]:
    """One computer per seat (``levels[seat]``), counting the table's decisions together."""
    count = DecisionCount()
    return [computer_player(level, seeds=seeds, count=count) for level in levels]
