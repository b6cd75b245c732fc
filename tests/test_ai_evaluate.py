"""The evaluation's caches change no value.

A search keeps one :class:`rome.ai.evaluate.Context` for a whole decision: city shapes
found again by their contents, players by identity, the score now, the hand and the
city's potential by shape, every seat's turns left by where the round stands, the strip's
terms and the influence race's weights by what they read.  A move is chosen by comparing
these floats, so a cache that returned another state's value (a key missing something the
value depends on) would change decisions.  Every estimate made through one shared context
over random games must equal, bit for bit, the one from an empty context.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import rome
from rome.ai.evaluate import Context, estimate, player_estimate, terms

FITTED = {"fit_now_mid": 1.3, "fit_hand_early": 0.7, "fit_potential_late": 0.9,
          "fit_race_pool_late": 1.2}


def positions(num_players: int, seed: int, shrine: bool, steps: int) -> list[rome.GameState]:
    """The states of a random game and, every few steps, all their successors (siblings
    share most of their players, so a shared context meets them by identity and by
    contents) and two determinisations of the position with their successors (a search
    shares its context over determinisations: hidden hands and deck orders differ)."""
    rng = random.Random(seed)
    state = rome.new_game(num_players, seed=seed, shrine=shrine)
    out = [state]
    for step in range(steps):
        if rome.is_over(state):
            break
        legal = rome.legal_actions(state)
        if step % 5 == 0:
            obs = rome.observation(state, rome.current_player(state))
            for s in (state, rome.sample_state(obs, rng), rome.sample_state(obs, rng)):
                out.extend(rome.apply_action(s, a) for a in rome.legal_actions(s)[:12])
        state = rome.apply_action(state, rng.choice(legal))
        out.append(state)
    return out


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10**9), st.booleans(), st.integers(0, 400))
def test_one_context_for_many_positions_gives_the_values_of_an_empty_one(
        num_players: int, seed: int, shrine: bool, steps: int) -> None:
    shared = Context(num_players, shrine)
    shared_fit = Context(num_players, shrine, FITTED)
    for state in positions(num_players, seed, shrine, steps):
        assert estimate(state, shared) == estimate(state, Context(num_players, shrine))
        assert terms(state, shared) == terms(state, Context(num_players, shrine))
        assert estimate(state, shared_fit) == estimate(state, Context(num_players, shrine,
                                                                      FITTED))
        for seat in range(num_players):
            assert player_estimate(state, seat, shared) == player_estimate(
                state, seat, Context(num_players, shrine))
        assert shared.turns(state) == tuple(rome.turns_left(state, seat)
                                            for seat in range(num_players))


def test_a_city_met_again_as_another_object_shares_its_shape() -> None:
    ctx = Context(2, False)
    city = rome.new_game(2, seed=3).players[0].city
    assert ctx.shape_of(dict(city)) is ctx.shape_of(city)


def test_thermal_bath_tokens_count_in_the_score_now_of_a_city_met_again() -> None:
    """Tokens come with the build (one per neighbour then), so equal cities almost always
    hold equal tokens; the cached score now must still tell them apart."""
    for seed in range(200):
        player = rome.random_player(random.Random(seed))
        for _before, _action, state in rome.playthrough(rome.new_game(2, seed=seed), player):
            for seat, p in enumerate(state.players):
                if not p.points:
                    continue
                q = p.copy()  # type: ignore[attr-defined]
                q.points = {pos: n + 2 for pos, n in p.points.items()}
                other = state.copy()  # type: ignore[attr-defined]
                other.players = tuple(q if i == seat else x for i, x in enumerate(state.players))
                plain = estimate(other, Context(2, False))
                if plain == estimate(state, Context(2, False)):
                    continue  # the bath touches no residential area: tokens score nothing
                shared = Context(2, False)
                estimate(state, shared)
                assert estimate(other, shared) == plain
                return
    raise AssertionError("no seeded game scored a thermal bath's tokens")
