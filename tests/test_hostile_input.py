"""Hostile input, tried by Hypothesis (issue 14): random and mutated saves to
``GameState.from_dict`` and random files to ``python -m rome score``.

* ``from_dict`` raises nothing but ``StateError``, and every state it accepts keeps every
  invariant and plays on to a legal end under random play (no stuck state, no crash).
* Saves of real seeded games, damaged as a hand or a disk would (issue 39: starting cards
  moved, cells swapped, keys deleted or added, types changed, numbers out of range, cards
  duplicated), are refused with one short sentence or read back exactly.
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
import itertools
import json
import os
import random
import tempfile
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rome
from helpers import random_game
from rome import GameState, StateError
from rome.cards import card_instances
from rome.cli import main
from rome.invariants import check_state, city_problem

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


# -- mutations of real saves: read back exactly, or refused (issue 39) ----------------------
@cache
def real_saves() -> tuple[dict[str, Any], ...]:
    """Saves of seeded random games at many points (the set-up, the draft, every fifth of
    the game, the end): 2, 3 and 4 players, with and without the Shrine."""
    saves = []
    for players, shrine, seed in itertools.product((2, 3, 4), (False, True), (5, 6)):
        states = random_game(players, seed, shrine=shrine)[0]
        for at in (0, 1, *(len(states) * k // 5 for k in range(1, 5)), len(states) - 1):
            saves.append(states[at].to_dict())
    return tuple(saves)


OUTSIDE = (-1, 2**53 + 1, 2**63, -(2**63) - 1, 10**4000, 1.0, True, None, "1", [], {})
"""Numbers out of any range a save holds, and values of the wrong type."""


def _cells(d: dict[str, Any]) -> list[list[int]]:
    return [cell for p in d["players"] for cell in p["city"]]


def _structural(d: dict[str, Any], data: st.DataObject) -> None:
    """One mutation a hand-edited or damaged save could show."""
    how = data.draw(st.sampled_from(["start", "move", "swap", "delete", "add", "outside",
                                     "duplicate", "nudge"]), label="how")
    seat = data.draw(st.integers(0, len(d["players"]) - 1), label="seat")
    city = d["players"][seat]["city"]
    if how == "start":  # a starting card (the lowest numbers) onto another cell
        cell = next((c for c in city if c[2] < 2 * d["num_players"]), city[0])
        cell[:2] = data.draw(st.tuples(st.integers(-2, 3), st.integers(-2, 3)), label="to")
    elif how == "move":
        cell = data.draw(st.sampled_from(city), label="cell")
        cell[:2] = data.draw(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), label="to")
    elif how == "swap":  # two cards trade places, in one city or across cities
        a, b = (data.draw(st.sampled_from(_cells(d)), label="swap") for _ in range(2))
        a[2], b[2] = b[2], a[2]
    else:
        path = data.draw(st.sampled_from(_paths(d)[1:]), label="path")
        parent, last = _get(d, path[:-1]), path[-1]
        if how == "delete":
            del parent[last]
        elif how == "add" and isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["extra", "Version", "places", ""]))] = 0
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(data.draw(st.integers(0, len(parent))), copy.deepcopy(parent[last]))
        elif how == "nudge" and type(parent[last]) is int:
            parent[last] += data.draw(st.sampled_from([-1, 1, 4, 16, -16]))
        else:
            parent[last] = copy.deepcopy(data.draw(st.sampled_from(OUTSIDE), label="value"))


def _places_sorted(d: dict[str, Any]) -> dict[str, Any]:
    """The save as ``to_dict`` writes it: a city, its point tokens and its bricks are sets
    of places, written in order."""
    out = copy.deepcopy(d)
    for p in out["players"]:
        for key in ("city", "points", "bricks"):
            p[key] = sorted(p[key])
    return out


@PROFILE
@given(st.sampled_from(real_saves()), st.data(), st.integers(1, 3))
def test_a_damaged_real_save_reads_back_exactly_or_is_refused(
        save: dict[str, Any], data: st.DataObject, mutations: int) -> None:
    """``from_dict`` raises nothing but a ``StateError`` with a short one-line sentence,
    and what it accepts is the save it was given: ``to_dict`` writes it back (places in
    order) and reads back to the same state.  Found: the moved starting farm of issue 39
    (KeyError) and numbers of thousands of digits copied whole into the sentence."""
    d = copy.deepcopy(save)
    for _ in range(mutations):
        with contextlib.suppress(LookupError, TypeError):  # an earlier mutation took
            _structural(d, data)  # away what this one would change
    try:
        state = GameState.from_dict(d)
    except StateError as exc:
        assert str(exc).strip() and "\n" not in str(exc) and len(str(exc)) < 400
        event("refused")
        return
    event("accepted")
    assert state.to_dict() == _places_sorted(d)
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_a_starting_farm_moved_beside_its_house_is_refused() -> None:
    """The fault of issue 39: a city with a bath whose farm left row 0, column 0 for another
    cell next to the house passes every check of a city alone, and the bath-order check
    then looked the empty space up (KeyError)."""
    tried = 0
    for save in real_saves():
        cards = card_instances(save["num_players"], save["shrine"])
        for seat, p in enumerate(save["players"]):
            if not p["points"] or [0, 0, 2 * seat] not in p["city"]:
                continue
            for to in ([1, 1], [-1, 1]):
                if any(c[:2] == to for c in p["city"]):
                    continue
                d = copy.deepcopy(save)
                d["players"][seat]["city"].remove([0, 0, 2 * seat])
                d["players"][seat]["city"].append([*to, 2 * seat])
                kinds = {(r, c): cards[n].kind for r, c, n in d["players"][seat]["city"]}
                if city_problem(kinds, {(r, c): n for r, c, n in p["points"]}):
                    continue  # refused by a check of the city alone: not the fault's path
                tried += 1
                with pytest.raises(StateError, match="starting vegetable-farm is not at row 0"):
                    GameState.from_dict(d)
    assert tried  # the real saves hold such a city


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
