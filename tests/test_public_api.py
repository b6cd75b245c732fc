"""The engine's public contract: errors a person can act on, and the questions the UI and
the AI ask of a state through functions instead of the state's bookkeeping fields."""

from __future__ import annotations

import json
import random

import pytest

import rome
from helpers import STRIP_FRONTS, Position, random_game
from research.tournament import run as run_tournament
from rome.ai import choose_action
from rome.city import free_spaces
from rome.invariants import kept_free_spaces_match_the_city


@pytest.mark.parametrize("call, error, words", [
    (lambda: rome.new_game(5, seed=1), rome.SetupError, "2 to 4 players"),
    (lambda: rome.new_game([2], seed=1), rome.SetupError, "2 to 4 players"),
    (lambda: rome.new_game(2, seed="x"), rome.SetupError, "seed must be an integer"),
    (lambda: rome.new_game(2, seed=1, shrine="yes"), rome.SetupError, "shrine"),
    (lambda: rome.observation(rome.new_game(2, seed=1), 2), rome.ObservationError,
     "seats are 0 to 1"),
    (lambda: rome.sample_state({"num_players": 2}, 1), rome.ObservationError,
     "not an observation"),
    (lambda: choose_action(rome.observation(rome.new_game(2, seed=1), 0), "grandmaster"),
     rome.SetupError, "choose one of"),
    (lambda: choose_action({"seat": 0}, "easy"), rome.ObservationError, "not an observation"),
    (lambda: run_tournament(2, 1, 0, ["hard", "genius"], progress=False), rome.SetupError,
     "unknown bot"),
    (lambda: run_tournament(2, 1, 0, ["hard"], progress=False), rome.SetupError,
     "name 2 to 2 bots"),
    (lambda: rome.apply_action(rome.new_game(2, seed=1), "end"), rome.IllegalActionError,
     "Action.parse"),
    (lambda: rome.GameState.from_dict({"version": 1}), rome.StateError, "lacks"),
])
def test_public_functions_raise_rome_errors_that_say_what_to_do(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, rome.RomeError)
    assert words in str(info.value)


def test_saves_keep_phase_and_step_as_text():
    state = rome.new_game(3, seed=2)
    data = json.loads(json.dumps(state.to_dict()))
    assert (data["phase"], data["step"]) == ("draft", "")
    assert type(state.to_dict()["phase"]) is str
    assert rome.GameState.from_dict(data) == state
    assert rome.GameState.from_dict(data).phase is rome.Phase.DRAFT


def test_strip_space_resources_follow_the_printed_strip():
    state = rome.new_game(4, seed=3)
    strip, flipped = state.strips[0]
    symbols = STRIP_FRONTS[strip][::-1] if flipped else STRIP_FRONTS[strip]
    for space in range(1, 6):
        head = symbols[:space]
        assert rome.strip_space_resources(state, space) == (head.count("B"), head.count("C"))


def test_production_yield_counts_each_production_building_once():
    # CARDS.md: vegetable farm +1 coin; grain farm a brick token if it has none; sheep
    # farm +1 influence; vineyard +1 coin and a brick token.
    city = {(0, 0): "vegetable-farm", (0, 1): "house-2", (1, 0): "grain-farm",
            (1, 1): "vineyard", (-1, 0): "sheep-farm"}
    state = Position(4, seed=1).city(0, city).state()
    assert rome.production_yield(state, 0) == (2, 1, ((1, 0), (1, 1)))
    state = Position(4, seed=1).city(0, city, bricks=[(1, 0)]).state()
    assert rome.production_yield(state, 0) == (2, 1, ((1, 1),))


def test_turns_left_counts_the_emissaries_still_to_act():
    state = rome.new_game(4, seed=5)
    assert rome.turns_left(state, 0) == 14  # 14 rounds, 1 emissary each (DECISIONS 6)
    while state.phase != "action":
        state = rome.apply_action(state, rome.legal_actions(state)[0])
    seat = rome.current_player(state)
    assert rome.turns_left(state, seat) == 14
    over = random_game(2, 3)[0][-1]
    assert rome.turns_left(over, 0) == 0 and rome.is_over(over)


def test_influence_in_deck_lists_the_fixed_places():
    state = rome.new_game(3, seed=7)
    # Setup: the influence cards go after 3, 6, 10 and 14 deck I buildings (the last at
    # the bottom: deck I has 14 buildings), i.e. at 3, 7, 12 and 17 from the top.
    assert [i for i, _v in rome.influence_in_deck(state)] == [3, 7, 12, 17]
    assert sorted(v for _i, v in rome.influence_in_deck(state)) == [3, 6, 10, 14]


def test_influence_in_deck_follows_the_deck_asked_about():
    """The answer is remembered for the last deck asked about, yet games played turn about
    (two of one shape, one of another) each get their own deck's places, as a seat's
    observation lists them, and the places move up as buildings leave deck I."""
    games = [rome.new_game(2, seed=4), rome.new_game(2, seed=5), rome.new_game(4, seed=9)]
    rng = random.Random(1)
    seen: list[set] = [set() for _ in games]
    while not all(rome.is_over(g) for g in games):
        for i, state in enumerate(games):
            if rome.is_over(state):
                continue
            places = rome.influence_in_deck(state)
            listed = rome.observation(state, 0)["deck_influence"]["I"]
            assert [tuple(p) for p in places] == listed
            seen[i].add(places)
            games[i] = rome.apply_action(state, rng.choice(rome.sensible_actions(state)))
    assert all(len(s) >= 4 for s in seen)


def test_the_free_spaces_kept_with_a_player_always_match_the_city():
    kept = 0
    for seed in range(6):
        player = rome.random_player(random.Random(seed))
        for _before, _action, state in rome.playthrough(rome.new_game(2 + seed % 3, seed=seed),
                                                        player):
            kept_free_spaces_match_the_city(state)
            kept += sum(p.places is not None for p in state.players)
    assert kept > 1000


def test_pip_install_gives_a_rome_command_with_the_module_s_subcommands(capsys):
    import tomllib
    from pathlib import Path

    from rome.cli import main

    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["rome"] == "rome.cli:main"
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_free_spaces_are_exactly_the_adjacent_empty_cells_that_keep_4_by_4():
    def by_definition(city):
        cells = set(city)
        out = []
        for r in range(-6, 8):
            for c in range(-6, 8):
                if (r, c) in cells or not {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & cells:
                    continue
                rows = [y for y, _x in cells] + [r]
                cols = [x for _y, x in cells] + [c]
                if max(rows) - min(rows) < 4 and max(cols) - min(cols) < 4:
                    out.append((r, c))
        return tuple(out)

    checked = 0
    for seed in range(4):
        for state in random_game(4, seed)[0][::7]:
            for p in state.players:
                assert free_spaces(p.city) == by_definition(p.city)
                checked += 1
    assert checked > 100
