"""Whole-game helpers built on the rules: scoring a state, the winners, replaying."""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action
from .cards import card_instances
from .flow import city_kinds
from .rules import apply_action, parse_legal
from .scoring import rank_key, score_city
from .setup import new_game
from .state import GameState


def final_scores(state: GameState) -> list[dict[str, int]]:
    """Each seat's scoring breakdown (categories and ``total``).  On a finished game this is
    the final scoring; on a game in progress, what the cities would score if it ended now."""
    cards = card_instances(state.num_players, state.shrine)
    out = []
    for seat, p in enumerate(state.players):
        out.append(score_city(city_kinds(state, seat), p.points, p.coins, p.influence,
                              [cards[c].influence for c in p.influence_cards]))
    return out


def winners(state: GameState) -> list[int]:
    """The winning seats: most points, then most influence tokens, then most coins
    (DECISIONS 19); more than one seat means a shared win."""
    scores = final_scores(state)
    keys = [rank_key(b, p.influence, p.coins) for b, p in zip(scores, state.players, strict=True)]
    best = max(keys)
    return [seat for seat, k in enumerate(keys) if k == best]


def replay(num_players: int, seed: int, actions: Iterable[Action | str], *,
           shrine: bool = False) -> GameState:
    """Rebuild a game from its seed and its actions (notation text or Action values)."""
    state = new_game(num_players, seed=seed, shrine=shrine)
    for action in actions:
        state = apply_action(state, parse_legal(state, action) if isinstance(action, str)
                             else action)
    return state
