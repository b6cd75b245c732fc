"""The hint's data and words (``rome.ai.analyse`` with its defaults, the page's hint).

What a player reads must never mislead: two suggestions of one hint never read alike, and
a suggestion ranked higher than one described with more points says why.  The described
points are read back from the words themselves ("+6 points now", "sets up about 2
points", "costs about 3 points"), as a player adds them up.  Positions are decisions of
seeded greedy games with 2 to 4 players, drawn by Hypothesis.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rome
from rome.ai import EVEN, analyse
from rome.ai.hint_words import TERMS, Line, distinct_words, why
from rome.ai.players import computer_player

NOW = re.compile(r"(?:([+-]\d+) points? now|no points now)")
SETS_UP = re.compile(r"sets up about (\d+) points?")
COSTS = re.compile(r"costs about (\d+) points?")


@lru_cache(maxsize=16)
def decisions(players: int, seed: int) -> tuple[rome.GameState, ...]:
    """The states of a seeded greedy game where the seat to act has a choice."""
    steps = rome.playthrough(rome.new_game(players, seed=seed), computer_player("greedy"),
                             automatic=True)
    return tuple(before for before, _a, _x in steps if len(rome.sensible_actions(before)) > 1)


@st.composite
def positions(draw: st.DrawFn) -> tuple[dict, rome.GameState]:
    players = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 5))
    states = decisions(players, seed)
    state = states[draw(st.integers(0, len(states) - 1))]
    seat = rome.current_player(state)
    assert seat is not None
    return rome.observation(state, seat), state


def described(move: dict) -> int:
    """The points a player reads in a suggestion: now, plus set up, less its cost."""
    now = NOW.search(move["reason"])
    assert now is not None, move["reason"]
    setup, cost = SETS_UP.search(move["reason"]), COSTS.search(move["reason"])
    return (int(now.group(1) or 0) + (int(setup.group(1)) if setup else 0)
            - (int(cost.group(1)) if cost else 0))


SLOW = settings(max_examples=12, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SLOW
@given(positions(), st.integers(0, 2**32 - 1))
def test_no_two_suggestions_read_alike_and_none_contradicts_the_order(position, seed):
    obs, state = position
    moves = analyse(obs, seed=seed)
    assert moves, "the seat to act always gets a hint"
    words = [m["words"] for m in moves]
    assert len(set(words)) == len(words), words
    readings = [f'{m["words"]}. {m["reason"]}. {m["why"]}' for m in moves]
    assert len(set(readings)) == len(readings)
    for i, higher in enumerate(moves):
        for lower in moves[i + 1:]:
            if described(higher) < described(lower):
                assert "adds more by itself" in higher["why"], (higher, lower)
    assert all(m["why"] for m in moves[:-1]) and moves[-1]["why"] == ""
    after = [m["value"] for m in moves[1:]]  # the first is the move the search plays
    assert after == sorted(after, reverse=True)
    assert moves[0]["loss"] == 0 and all(m["loss"] >= 0 for m in moves)
    offered = set(rome.sensible_actions(state))
    assert all(rome.Action.parse(m["action"]) in offered for m in moves)


@SLOW
@given(positions())
def test_marks_name_the_place_of_every_action_of_the_plan(position):
    obs, state = position
    for move in analyse(obs, seed=1):
        assert move["plan"][0] == move["action"] and len(move["marks"]) == len(move["plan"])
        for text, mark in zip(move["plan"], move["marks"], strict=True):
            action = rome.Action.parse(text)
            assert mark["verb"] == action.verb
            if action.verb == "build":
                assert mark["cell"] == [action.row, action.col] and mark["card"] == action.kind
            if action.verb == "place":
                assert mark["space"] == action.space
            if action.verb == "take":
                assert (mark["deck"], mark["card"]) == (action.deck, action.kind)
                assert any(card == action.kind for card in obs["offer"][action.deck])


def test_the_numbers_of_a_suggestion_are_its_words():
    state = decisions(3, 1)[20]
    seat = rome.current_player(state)
    for move in analyse(rome.observation(state, seat), seed=3):
        assert NOW.search(move["reason"]) is not None
        setup = SETS_UP.search(move["reason"])
        assert (int(setup.group(1)) if setup else 0) == round(move["sets_up"])
        assert move["now"] == move["gains"]["points"]
        assert "fewer points by the end" not in move["reason"]


def test_builds_beside_the_same_buildings_are_told_apart_by_side():
    city = {(0, 0): "vegetable-farm", (0, 1): "house-2", (2, 0): "vegetable-farm"}
    left_of_top = rome.Action.parse("build sheep-farm 0,-1")
    right_of_low = rome.Action.parse("build sheep-farm 2,1")
    below_low = rome.Action.parse("build sheep-farm 3,0")
    same = "build the Sheep Farm next to your Vegetable Farm"
    words = distinct_words([left_of_top, right_of_low, below_low], [same] * 3, city)
    assert words == [f"{same}, on the space left of your Vegetable Farm",
                     f"{same}, on the space right of your Vegetable Farm",
                     f"{same}, on the space below your Vegetable Farm"]


def test_takes_of_one_card_from_two_decks_are_told_apart_by_deck():
    actions = [rome.Action.parse("take II:aqueduct"), rome.Action.parse("take III:aqueduct")]
    words = distinct_words(actions, ["take the Aqueduct from the offer"] * 2, {})
    assert words == ["take the Aqueduct from the offer, from deck II",
                     "take the Aqueduct from the offer, from deck III"]


def test_moves_within_even_say_so_and_the_first_says_why_it_leads():
    state = decisions(4, 2)[30]
    moves = analyse(rome.observation(state, rome.current_player(state)), seed=5)
    assert len(moves) >= 2
    gap = moves[0]["value"] - moves[1]["value"]
    if gap < EVEN:
        assert "within a point of the next suggestion" in moves[0]["why"]
    else:
        assert f"about {round(gap)} point" in moves[0]["why"]


def test_a_first_move_read_lower_than_the_next_says_why_in_plain_words():
    """A tree may settle on a move whose value reads below the next one's, found on a few
    looks; the first suggestion says so without search jargon and gives both counts."""
    state = decisions(2, 0)[3]
    action = rome.legal_actions(state)[0]
    common = {"action": action, "plan": (action,), "own": None, "others": None,
              "points": 0, "terms": (0.0,) * len(TERMS), "coins": 0, "bricks": 0, "influence": 0,
              "cards": 0, "buildings": 0}
    first = Line(value=1.0, loss=0.0, visits=325, **common)
    nxt = Line(value=4.2, loss=0.0, visits=1, **common)
    assert why(first, nxt, [nxt]) == (
        "It is the move the search tried most (325 times); the next seems about "
        "3 points better, but from only 1 try, too few to trust.")
    rolled = Line(value=4.2, loss=0.0, visits=0, **common)  # ranked by a played-out line
    assert why(first, rolled, [rolled]) == (
        "It is the move the search tried most (325 times); the next seems about "
        "3 points better, but it was only played on greedily, never searched.")
    once = Line(value=1.0, loss=0.0, visits=1, **common)
    assert why(once, rolled, [rolled]).endswith("but it was only played on greedily, never "
                                                "searched.")
    assert "(tried 1 time)" in why(once, replace(rolled, value=0.5), [])
