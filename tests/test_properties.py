"""Properties that must hold in any reachable position, explored with Hypothesis."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import rome

# Actions that are legal somewhere in most games, to try where they are not.
PROBES = [rome.Action.parse(t) for t in (
    "place 1", "place 5", "take I:villa-2", "take II:house-2", "build house-2 0,2",
    "build aqueduct 0,0", "build market -1,0", "produce", "end", "school II", "keep house-3",
    "draft house-2", "build house-2 0,5", "place 9",
)]


def walk(num_players: int, seed: int, choices: list[int], shrine: bool) -> rome.GameState:
    state = rome.new_game(num_players, seed=seed, shrine=shrine)
    for choice in choices:
        if rome.is_over(state):
            break
        legal = rome.legal_actions(state)
        state = rome.apply_action(state, legal[choice % len(legal)])
    return state


positions = st.builds(walk, st.sampled_from([2, 3, 4]), st.integers(0, 10**9),
                      st.lists(st.integers(0, 10**6), max_size=260), st.booleans())


@settings(max_examples=60, deadline=None)
@given(positions)
def test_illegal_actions_are_refused_and_leave_the_state_alone(state: rome.GameState) -> None:
    legal = set(rome.legal_actions(state))
    before = state.to_dict()
    for probe in PROBES:
        if probe in legal:
            continue
        try:
            rome.apply_action(state, probe)
        except rome.IllegalActionError as exc:
            assert str(probe) in str(exc)
            assert isinstance(exc, ValueError)
        else:
            raise AssertionError(f"{probe} was accepted but is not legal")
    assert state.to_dict() == before


@settings(max_examples=60, deadline=None)
@given(positions)
def test_every_legal_action_round_trips_through_its_text(state: rome.GameState) -> None:
    for action in rome.legal_actions(state):
        text = str(action)
        assert rome.Action.parse(text) == action
        assert str(rome.Action.parse(text)) == text


@settings(max_examples=40, deadline=None)
@given(positions, st.integers(0, 3))
def test_observation_hides_what_the_seat_cannot_know(state: rome.GameState, seat: int) -> None:
    seat %= state.num_players
    obs = rome.observation(state, seat)
    text = repr(obs)
    assert "seed" not in obs and "rng" not in obs
    assert all(isinstance(v, int) for v in obs["decks"].values()), "only deck sizes"
    for other, p in enumerate(obs["players"]):
        for card, (_card, mask) in zip(p["hand"], state.players[other].hand, strict=True):
            if other != seat and not mask >> seat & 1:
                assert card["kind"] is None
    sampled = rome.sample_state(obs, 7)
    assert rome.observation(sampled, seat) == obs
    assert text == repr(rome.observation(state, seat))


def test_unparseable_text_raises_notation_error() -> None:
    for bad in ("", "build", "take V:house-2", "place x", "build house-2 1;2", "END"):
        try:
            rome.Action.parse(bad)
        except rome.NotationError:
            continue
        raise AssertionError(f"{bad!r} parsed")
