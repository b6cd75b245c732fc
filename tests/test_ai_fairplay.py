"""Fair play: a computer seat decides from ``observation(state, seat)`` alone."""

from __future__ import annotations

import copy
import inspect
import json
import random

import rome
from rome.ai import LEVELS, choose_action
from rome.cards import card_instances


def _play_to(num_players: int, seed: int, decisions: int) -> rome.GameState:
    rng = random.Random(seed)
    state = rome.new_game(num_players, seed=seed)
    for _ in range(decisions):
        state = rome.apply_action(state, rng.choice(rome.sensible_actions(state)))
    return state


def test_the_ai_is_given_only_an_observation() -> None:
    """The one entry point takes plain data (the observation), a level and a seed."""
    params = list(inspect.signature(choose_action).parameters)
    assert params == ["obs", "level", "seed"]


def test_observation_lacks_the_secrets() -> None:
    """No seed, no generator state, no deck order and no unseen cards of other seats."""
    state = _play_to(3, 11, 40)
    seat = rome.current_player(state)
    obs = rome.observation(state, seat)
    text = json.dumps(obs)
    assert "seed" not in obs and "rng" not in obs
    assert all(isinstance(v, int) for v in obs["decks"].values())  # sizes, not cards
    for other, p in enumerate(state.players):
        if other == seat:
            continue
        seen = obs["players"][other]["hand"]
        for (_card, mask), shown in zip(p.hand, seen, strict=True):
            if not mask & (1 << seat):
                assert shown["kind"] is None  # a secret card shows only its back
    # the next cards of the decks are not written anywhere in the observation
    assert str(state.rng) not in text


def test_states_differing_only_in_secrets_get_the_same_move() -> None:
    """Two games that look the same from the AI's seat (other deck order, other secret
    hands) give the same observation and therefore the same decision at every level."""
    for num_players, seed, steps in ((2, 3, 25), (4, 8, 30)):
        real = _play_to(num_players, seed, steps)
        seat = rome.current_player(real)
        obs = rome.observation(real, seat)
        twin = rome.sample_state(copy.deepcopy(obs), 12345)  # same view, secrets re-dealt
        assert twin.decks != real.decks  # the hidden part really differs
        twin_obs = rome.observation(twin, seat)
        assert twin_obs == obs
        for level in LEVELS:
            assert choose_action(obs, level, 7) == choose_action(twin_obs, level, 7)


def test_the_ai_does_not_read_a_real_state(monkeypatch) -> None:
    """The AI never calls ``observation`` itself (it could peek with a real state)."""
    state = _play_to(2, 21, 12)
    obs = json.loads(json.dumps(rome.observation(state, rome.current_player(state))))

    def forbidden(*_a: object, **_k: object) -> None:
        raise AssertionError("the AI asked for an observation of a real state")

    monkeypatch.setattr(rome, "observation", forbidden)
    for level in LEVELS:
        text = choose_action(obs, level, 1)
        assert rome.Action.parse(text) in rome.legal_actions(state)


def test_card_instances_hidden_cards_are_resampled() -> None:
    """Sanity of the determinisation: sampled states differ only where the seat is blind."""
    state = _play_to(2, 5, 20)
    seat = rome.current_player(state)
    obs = rome.observation(state, seat)
    a, b = rome.sample_state(obs, 1), rome.sample_state(obs, 2)
    cards = card_instances(2, False)
    assert [cards[c].kind for c, _m in a.players[seat].hand] == \
        [cards[c].kind for c, _m in state.players[seat].hand]
    assert a.offer == b.offer or {d: [cards[c].kind for c in p] for d, p in a.offer.items()} \
        == {d: [cards[c].kind for c in p] for d, p in b.offer.items()}
