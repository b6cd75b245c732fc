"""The action notation (rome/actions.py) and the refusal of illegal actions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import Position, act, random_game
from rome import (
    Action,
    IllegalActionError,
    NotationError,
    RomeError,
    apply_action,
    legal_actions,
    new_game,
    parse_legal,
)


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_every_legal_action_round_trips(n, seed):
    states, _actions = random_game(n, seed, shrine=seed % 2 == 0)
    checked = 0
    for state in states[::3]:
        for action in legal_actions(state):
            text = str(action)
            assert Action.parse(text) == action
            assert str(Action.parse(text)) == text
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("text, action", [
    ("draft house-3", Action("draft", kind="house-3")),
    ("place 3", Action("place", space=3)),
    ("take II:house-3", Action("take", kind="house-3", deck="II")),
    ("take IV:temple-juno", Action("take", kind="temple-juno", deck="IV")),
    ("build house-3 -1,0", Action("build", kind="house-3", row=-1, col=0)),
    ("build aqueduct 2,-1", Action("build", kind="aqueduct", row=2, col=-1)),
    ("produce", Action("produce")),
    ("school III", Action("school", deck="III")),
    ("keep temple-cupid", Action("keep", kind="temple-cupid")),
    ("end", Action("end")),
])
def test_documented_forms(text, action):
    assert Action.parse(text) == action
    assert str(action) == text


@pytest.mark.parametrize("text", [
    "", "end turn", "END", " produce", "produce ", "place", "place x", "place 0", "place -1",
    "take house-3", "take V:house-3", "take II house-3", "build house-3", "build house-3 1",
    "build house-3 1;2", "build 1,2", "school", "school V", "keep", "draft", "pass",
    "build House-3 0,1", "take II:"])
def test_bad_text_raises_notation_error(text):
    with pytest.raises(NotationError):
        Action.parse(text)


@pytest.mark.parametrize("value", [None, 3, b"end", ["end"]])
def test_non_text_raises_notation_error(value):
    with pytest.raises(NotationError):
        Action.parse(value)


def test_error_hierarchy():
    assert issubclass(NotationError, RomeError)
    assert issubclass(IllegalActionError, RomeError)
    assert issubclass(RomeError, ValueError)


def _illegal(state, text):
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, Action.parse(text))
    assert text in str(info.value)
    assert state.to_dict() == before


def test_illegal_in_the_draft():
    s = new_game(3, seed=1)
    # temple-luna is a deck I card: never in the deck II draft pool.
    for text in ("place 1", "end", "produce", "build house-2 0,2", "take II:house-2",
                 "draft temple-luna", "keep house-2"):
        _illegal(s, text)


def test_illegal_in_the_emissary_phase():
    s = act(new_game(2, seed=1), str(legal_actions(new_game(2, seed=1))[0]))
    assert s.phase == "emissary"
    for text in ("place 6", "place 9", "end", "draft house-2"):
        _illegal(s, text)
    s2 = act(s, "place 2")
    _illegal(s2, "place 2")  # occupied


def _turn():
    return (Position(3, seed=2).hand(0, ["house-2"]).set(0, coins=5)
            .turn(0, bricks=3, cogs=1).state())


def test_illegal_in_a_turn():
    s = _turn()
    for text in ("build house-2 5,5",      # not next to the city
                 "build house-2 0,0",      # occupied
                 "build house-3 0,2",      # not in hand
                 "place 1", "school II", "keep house-2", "take I:vineyard"):
        _illegal(s, text)
    t = act(s, "build house-2 0,2", "produce")
    for text in ("produce", "build house-2 1,0"):
        _illegal(t, text)


def test_illegal_take_in_the_take_step():
    p = Position(3, seed=2).offer({"II": ["house-2"]})
    s = p.turn(0, bricks=3, cogs=1, step="take").state()
    for text in ("end", "produce", "take II:house-3", "take III:house-2"):
        _illegal(s, text)
    t = act(s, "take II:house-2")
    assert t.step == "act"


def test_apply_action_never_changes_its_input():
    states, actions = random_game(3, 9)
    for state, action in list(zip(states, actions, strict=False))[::5]:
        before = state.to_dict()
        apply_action(state, action)
        assert state.to_dict() == before


def test_non_action_is_refused():
    s = _turn()
    with pytest.raises(IllegalActionError):
        apply_action(s, "end")


# -- canonical notation only (issue 14) -------------------------------------------------

@pytest.mark.parametrize("text", [
    "place ３", "place \u0663", "build house-3 \u0661,0", "build house-3 1,\uff10",
    "build house-3 01,0", "build house-3 -0,1", "build house-3 1,+2", "place 03",
    "build house-3 100,0", "keep castle", "draft house-9", "take II:house-3 ",
    "build house-3 " + "9" * 5000 + ",0", "end" * 100, "place\t3", "place  3"])
def test_only_the_canonical_text_is_accepted(text):
    with pytest.raises(NotationError):
        Action.parse(text)


@given(st.text(max_size=80))
@settings(max_examples=300, deadline=None)
def test_random_text_raises_only_notation_error_and_round_trips(text):
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert str(action) == text


@given(st.sampled_from(["build house-3 {},{}", "place {}{}"]), st.integers(-99, 99),
       st.integers(-99, 99))
@settings(max_examples=200, deadline=None)
def test_numbers_round_trip_exactly(form, a, b):
    text = form.format(a, b)
    try:
        action = Action.parse(text)
    except NotationError:
        return
    assert str(action) == text


def test_the_parse_cache_stays_bounded():
    from rome.verbs import _parse

    for i in range(5000):
        Action.parse(f"build house-3 {i % 199 - 99},{i // 199 - 12}")
    info = _parse.cache_info()
    assert info.maxsize is not None and info.currsize <= info.maxsize


def test_unused_fields_are_none():
    assert Action.parse("end") == Action("end", None, None, None, None, None)
    assert Action.parse("place 2").kind is None
    assert Action.parse("build house-3 0,2").space is None


# -- parse_legal --------------------------------------------------------------------------

def test_parse_legal_returns_the_legal_action_itself():
    state = new_game(2, seed=4)
    for action in legal_actions(state):
        assert parse_legal(state, str(action)) is action


def test_parse_legal_refuses_an_illegal_action_and_bad_text():
    state = new_game(2, seed=4)
    with pytest.raises(IllegalActionError):
        parse_legal(state, "end")
    with pytest.raises(NotationError):
        parse_legal(state, "end of the game")
