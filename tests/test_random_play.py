"""Seeded random play (the OpenSpiel habit): thousands of whole games over every player
count, with and without the Shrine, checking the game's invariants after every action."""

from __future__ import annotations

import json
import random

import pytest

import rome
from rome.cards import card_instances
from rome.city import MAX_SIDE, bounds
from rome.state import card_places

GAMES_PER_SETUP = 340  # x 3 player counts x 2 shrine options = 2040 games


def check_invariants(state: rome.GameState) -> None:
    cards = card_instances(state.num_players, state.shrine)
    places = card_places(state)
    assert sorted(places) == list(range(len(cards))), "a card is missing or unknown"
    assert set(places.values()) == {1}, "a card is in two places"
    for p in state.players:
        assert p.coins >= 0 and p.influence >= 0
        r0, r1, c0, c1 = bounds(p.city)
        assert r1 - r0 < MAX_SIDE and c1 - c0 < MAX_SIDE
        aqueducts = [pos for pos, c in p.city.items() if cards[c].kind.endswith("aqueduct")]
        assert len({r for r, _ in aqueducts}) == len(aqueducts)
        assert len({c for _, c in aqueducts}) == len(aqueducts)
        assert all(pos in p.city for pos in p.bricks)
        assert all(pos in p.city for pos in p.points)
    assert all(len(pile) >= 0 for pile in state.decks.values())


def play_and_check(num_players: int, seed: int, shrine: bool) -> rome.GameState:
    rng = random.Random(seed)
    state = rome.new_game(num_players, seed=seed, shrine=shrine)
    replayed = rome.new_game(num_players, seed=seed, shrine=shrine)
    while not rome.is_over(state):
        check_invariants(state)
        legal = rome.legal_actions(state)
        assert legal, "a game that is not over always offers an action"
        assert len(set(legal)) == len(legal), "legal actions are unique"
        saved = state.to_dict()
        restored = rome.GameState.from_dict(json.loads(json.dumps(saved)))
        assert restored == state
        assert rome.legal_actions(restored) == legal, "legal actions are deterministic"
        action = rng.choice(legal)
        nxt = rome.apply_action(state, action)
        assert state.to_dict() == saved, "apply_action changed its input"
        replayed = rome.apply_action(replayed, rome.Action.parse(str(action)))
        assert replayed == nxt, "replaying the notation reproduces the game"
        state = nxt
    check_invariants(state)
    assert rome.current_player(state) is None and rome.legal_actions(state) == []
    return state


@pytest.mark.parametrize("shrine", [False, True], ids=["base", "shrine"])
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_games_keep_every_invariant(num_players: int, shrine: bool) -> None:
    rounds = {2: 7, 3: 14, 4: 14}[num_players]
    for seed in range(GAMES_PER_SETUP):
        final = play_and_check(num_players, seed, shrine)
        assert final.round == rounds
        scores = rome.final_scores(final)
        assert all(s["total"] == sum(v for k, v in s.items() if k != "total") for s in scores)
        assert rome.winners(final)


def test_same_seed_same_game_different_seed_different_deal() -> None:
    a = rome.new_game(4, seed=11)
    b = rome.new_game(4, seed=11)
    c = rome.new_game(4, seed=12)
    assert a == b
    assert a.decks != c.decks
