"""Hostile input, tried by Hypothesis (issue 14): random and mutated saves to
``GameState.from_dict`` and random files to ``python -m rome score``.

* ``from_dict`` raises nothing but ``StateError``, and every state it accepts keeps every
  invariant and plays on to a legal end under random play (no stuck state, no crash).
* The score command exits 0 with one JSON line, or 2 with one line on stderr; never a
  traceback.

The number of examples comes from a Hypothesis profile chosen by the environment
variable ``HYPOTHESIS_PROFILE``: ``ci`` (the default: enough to matter within the
suite's time budget) or ``large``, for a long hunt:
``HYPOTHESIS_PROFILE=large .venv/bin/python -m pytest tests/test_hostile_input.py``.
(Registered here, not in a conftest.py, which would make ruff sort e2e's
``from conftest import`` as first-party.)
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import tempfile
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rome
from rome import GameState, StateError
from rome.cli import main
from rome.invariants import check_state

MAX_ACTIONS = 2_000  # a whole 4-player game takes about 250

_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow,
                                                        HealthCheck.data_too_large]}
settings.register_profile("ci", max_examples=150, **_COMMON)
settings.register_profile("large", max_examples=5000, **_COMMON)
PROFILE = settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

json_atoms = (st.none() | st.booleans() | st.integers(-(2 ** 70), 2 ** 70)
              | st.floats(allow_nan=True) | st.text(max_size=20))
json_values = st.recursive(json_atoms, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=6),
                           max_leaves=30)


def walk(num_players: int, seed: int, shrine: bool, steps: int) -> GameState:
    """A real position: ``steps`` seeded random actions into a game."""
    rng = random.Random(seed)
    state = rome.new_game(num_players, seed=seed, shrine=shrine)
    for _ in range(steps):
        if rome.is_over(state):
            break
        state = rome.apply_action(state, rng.choice(rome.legal_actions(state)))
    return state


real_states = st.builds(walk, st.sampled_from([2, 3, 4]), st.integers(0, 10 ** 6),
                        st.booleans(), st.integers(0, 300))


def play_to_the_end(state: GameState, seed: int) -> None:
    """Random legal play from an accepted state must reach the end, never get stuck or
    crash, and keep every invariant on the way."""
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        check_state(state)
        if rome.is_over(state):
            return
        legal = rome.legal_actions(state)
        assert legal, f"stuck: no legal action in {state!r}"
        state = rome.apply_action(state, rng.choice(legal))
    raise AssertionError("no end after 2 000 actions")


def accept_or_refuse(data: Any, seed: int) -> None:
    try:
        state = GameState.from_dict(data)
    except StateError as exc:
        assert "\n" not in str(exc)
        event("refused")
        return
    event("accepted")
    play_to_the_end(state, seed)


# -- random and mutated dictionaries ---------------------------------------------------------
@PROFILE
@given(json_values)
def test_random_json_is_refused_with_a_state_error(data: Any) -> None:
    accept_or_refuse(data, 0)


@PROFILE
@given(real_states, st.data())
def test_a_save_with_one_field_replaced_is_refused_or_playable(state: GameState,
                                                                data: st.DataObject) -> None:
    d = state.to_dict()
    key = data.draw(st.sampled_from(sorted(d)))
    d[key] = data.draw(json_values)
    accept_or_refuse(d, 1)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a save that a mutation may change."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def _get(d: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        d = d[step]
    return d


def _mutate(d: dict[str, Any], data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(_paths(d)[1:]))
    parent, last = _get(d, path[:-1]), path[-1]
    old = parent[last]
    how = data.draw(st.sampled_from(["nudge", "replace", "drop", "copy", "swap"]))
    if how == "nudge" and type(old) is int:
        parent[last] = old + data.draw(st.sampled_from([-2, -1, 1, 2, 10, -10]))
    elif how == "nudge" and type(old) is bool:
        parent[last] = not old
    elif how == "drop" and isinstance(parent, list):
        del parent[last]
    elif how == "copy" and isinstance(parent, list):
        parent.append(copy.deepcopy(old))
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.integers(0, len(parent) - 1))
        parent[last], parent[other] = parent[other], parent[last]
    else:
        parent[last] = data.draw(json_atoms)


@PROFILE
@given(real_states, st.data(), st.integers(1, 3))
def test_a_mutated_save_is_refused_or_playable(state: GameState, data: st.DataObject,
                                               mutations: int) -> None:
    d = copy.deepcopy(state.to_dict())
    for _ in range(mutations):
        _mutate(d, data)
    accept_or_refuse(d, 2)


@PROFILE
@given(real_states, st.data())
def test_a_card_moved_anywhere_is_refused_or_playable(state: GameState,
                                                      data: st.DataObject) -> None:
    """Move one card number from one list of the save to another (the mutation most
    likely to produce a position that still counts every card once)."""
    d = copy.deepcopy(state.to_dict())
    lists = [p for p in _paths(d)[1:] if isinstance(_get(d, p), list)
             and all(type(x) is int for x in _get(d, p))
             and p[-1] not in ("spaces",) and (len(p) < 2 or p[-2] != "strips")]
    source = data.draw(st.sampled_from([p for p in lists if _get(d, p)]))
    target = data.draw(st.sampled_from(lists))
    pile = _get(d, source)
    card = pile.pop(data.draw(st.integers(0, len(pile) - 1)))
    dest = _get(d, target)
    dest.insert(data.draw(st.integers(0, len(dest))), card)
    accept_or_refuse(d, 3)


# -- random files to the score command --------------------------------------------------------
def score_file(content: bytes) -> tuple[int, str, str]:
    fd, path = tempfile.mkstemp(suffix=".json")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(content)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["score", path])
        return code, out.getvalue(), err.getvalue()
    finally:
        os.unlink(path)


def assert_one_outcome(code: int, out: str, err: str) -> None:
    if code == 0:
        assert err == "" and isinstance(json.loads(out)["total"], int)
    else:
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.endswith("\n") and len(err) < 600


@PROFILE
@given(st.binary(max_size=300))
def test_score_random_bytes(content: bytes) -> None:
    assert_one_outcome(*score_file(content))


cells = (st.none() | st.sampled_from(sorted(rome.BUILDINGS) + ["house-9", ""])
         | st.fixed_dictionaries({"card": st.sampled_from(sorted(rome.BUILDINGS)),
                                  "point_tokens": st.integers(-1, 6)}) | json_atoms)
cities = st.fixed_dictionaries(
    {"city": st.lists(st.lists(cells, max_size=5), max_size=5)},
    optional={"coins": st.integers(-5, 400) | json_atoms,
              "influence_tokens": st.integers(-5, 400),
              "influence_cards": st.lists(st.sampled_from([3, 4, 6, 8, 10, 14, 5]), max_size=5),
              "extra": json_values})


@PROFILE
@given(cities)
def test_score_random_cities(city: dict[str, Any]) -> None:
    assert_one_outcome(*score_file(json.dumps(city).encode()))
