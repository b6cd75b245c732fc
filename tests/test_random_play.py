"""Seeded random play (the OpenSpiel habit): thousands of whole games over every player
count, with and without the Shrine, checking after every action each invariant of
``rome.invariants`` (the very checks ``GameState.from_dict`` runs on a save)."""

from __future__ import annotations

import json
import os
import random

import pytest

import rome
from rome.invariants import check_state

# x 3 player counts x 2 shrine options = 1200 games in `make test` (about 90 s of CPU); a
# long hunt sets ROME_RANDOM_GAMES (docs/testing.md)
GAMES_PER_SETUP = int(os.environ.get("ROME_RANDOM_GAMES", "200"))
SAVE_EVERY = 4  # save and restore every 4th position (the offset varies with the seed)


def play_and_check(num_players: int, seed: int, shrine: bool) -> rome.GameState:
    state = rome.new_game(num_players, seed=seed, shrine=shrine)
    replayed = rome.new_game(num_players, seed=seed, shrine=shrine)
    saved = state.to_dict()  # each state's save data as it was when the game reached it
    step = seed
    for before, action, after in rome.playthrough(state, rome.random_player(random.Random(seed))):
        assert before.to_dict() == saved, "apply_action changed its input"
        check_state(before)
        legal = rome.legal_actions(before)
        assert legal, "a game that is not over always offers an action"
        assert len(set(legal)) == len(legal), "legal actions are unique"
        step += 1
        if step % SAVE_EVERY == 0:  # from_dict runs check_state again: not every time
            restored = rome.GameState.from_dict(json.loads(json.dumps(saved)))
            assert restored == before
            assert rome.legal_actions(restored) == legal, "legal actions are deterministic"
        replayed = rome.apply_action(replayed, rome.Action.parse(str(action)))
        assert replayed == after, "replaying the notation reproduces the game"
        state, saved = after, after.to_dict()
    check_state(state)
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


@pytest.mark.parametrize("num_players", [2, 4])
def test_playing_on_never_changes_an_earlier_state(num_players: int) -> None:
    """States share what did not change (player records, cities, the places kept with
    them): after a whole game, every earlier state still saves, lists its actions and
    passes its checks exactly as when it was reached (a change made for a successor that
    leaked into a shared part would show here, even in a cache that is not saved)."""
    for seed in range(3):
        state = rome.new_game(num_players, seed=seed, shrine=seed == 1)
        seen = [(state, state.to_dict(), rome.legal_actions(state))]
        for _before, _action, after in rome.playthrough(state,
                                                        rome.random_player(random.Random(seed))):
            seen.append((after, after.to_dict(), rome.legal_actions(after)))
        for earlier, saved, legal in seen:
            check_state(earlier)
            assert earlier.to_dict() == saved
            assert rome.legal_actions(earlier) == legal
