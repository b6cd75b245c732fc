"""Reachable only (issue 32): coins, influence tokens and bath point tokens no game of
that length can give are refused, and every state accepted plays on to a legal end.

The bounds are written out here from the rules (CARDS.md, the publisher's rulebook),
not read from ``rome.bounds``: 5 starting coins; a turn is one produce and one build;
a produce gives 1 coin per vegetable farm or vineyard (with four players a city can hold
4 vegetable farms, the starting one and decks II-IV's, and deck I's vineyard: 5 coins)
and 1 token per sheep farm (decks II-IV: 3); a build gives at most 5 coins (Forum
Romanum: 1 + 4 neighbours) and 5 tokens (Colosseum: 1 + 4 neighbours).  Three players
lack deck IV (4 coins, 2 tokens per produce), two also deck III (3 and 1) and play 7
rounds of 2 turns: 14 turns for every seat in every game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rome
from rome import GameState, ScoreInputError, StateError, read_city
from rome.actions import Action
from rome.bounds import most_coins, most_coins_in_game, most_influence, most_influence_in_game
from rome.invariants import check_state

PER_TURN = {2: (3 + 5, 1 + 5), 3: (4 + 5, 2 + 5), 4: (5 + 5, 3 + 5)}
"""(coins, influence tokens) one turn can give at most, by player count (see above)."""
WHOLE_GAME = {n: (5 + 14 * coins, 14 * tokens) for n, (coins, tokens) in PER_TURN.items()}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_bounds_are_those_the_rules_give(n: int) -> None:
    coins, tokens = PER_TURN[n]
    assert (most_coins(n, 0), most_influence(n, 0)) == (5, 0)
    assert (most_coins(n, 3), most_influence(n, 3)) == (5 + 3 * coins, 3 * tokens)
    assert (most_coins_in_game(n), most_influence_in_game(n)) == WHOLE_GAME[n]
    assert WHOLE_GAME[4] == (145, 112)


# -- the bounds hold in played games -------------------------------------------------------------
def greedy_for_money(rng: random.Random) -> rome.Player:
    """A player taking whatever gives its seat the most coins plus influence tokens now
    (ties at random): the games most likely to come near the bounds."""
    def choose(state: GameState) -> Action:
        seat = rome.current_player(state)
        assert seat is not None

        def gain(action: Action) -> int:
            after = rome.apply_action(state, action).players[seat]
            return after.coins + after.influence
        legal = rome.legal_actions(state)
        best = max(map(gain, legal))
        return rng.choice([a for a in legal if gain(a) == best])
    return choose


def states_of(n: int, seed: int, greedy: bool) -> Iterator[GameState]:
    rng = random.Random(seed)
    player = greedy_for_money(rng) if greedy else rome.random_player(rng, sensible=True)
    for _before, _action, after in rome.playthrough(rome.new_game(n, seed=seed), player):
        yield after


@pytest.mark.parametrize("n", [2, 3, 4])
def test_played_games_stay_within_the_bounds(n: int) -> None:
    """Seeded games by money-greedy and random players: every state passes the checks
    (which hold each seat to the bound of its turns so far), and no seat ends above the
    whole game's bound."""
    most = [0, 0]
    for seed in range(6):
        for state in states_of(n, seed, greedy=seed % 2 == 0):
            check_state(state)
            for p in state.players:
                most = [max(most[0], p.coins), max(most[1], p.influence)]
    assert most[0] <= WHOLE_GAME[n][0] and most[1] <= WHOLE_GAME[n][1]
    assert most[0] > 20  # the greedy players did gather money


# -- saves: refused, or played to a legal end ---------------------------------------------------
def walk(n: int, seed: int, steps: int) -> GameState:
    rng = random.Random(seed)
    state = rome.new_game(n, seed=seed)
    for _ in range(steps):
        if rome.is_over(state):
            break
        state = rome.apply_action(state, rng.choice(rome.legal_actions(state)))
    return state


def play_to_the_end(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2_000):
        check_state(state)
        if rome.is_over(state):
            return
        state = rome.apply_action(state, rng.choice(rome.legal_actions(state)))
    raise AssertionError("no end after 2 000 actions")


real_states = st.builds(walk, st.sampled_from([2, 3, 4]), st.integers(0, 10 ** 6),
                        st.integers(0, 300))
COUNTS = st.sampled_from(["coins", "influence"])
AMOUNTS = (st.integers(0, 150) | st.sampled_from([145, 146, 112, 113, 117, 118, 84, 85])
           | st.integers(-3, 3))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(real_states, st.data())
def test_mutated_money_is_refused_or_plays_to_the_end(state: GameState,
                                                      data: st.DataObject) -> None:
    d = copy.deepcopy(state.to_dict())
    for _ in range(data.draw(st.integers(1, 3))):
        seat = data.draw(st.integers(0, state.num_players - 1))
        key = data.draw(COUNTS)
        old = d["players"][seat][key]
        d["players"][seat][key] = data.draw(AMOUNTS | st.integers(old - 5, old + 12))
    try:
        loaded = GameState.from_dict(d)
    except StateError:
        return
    play_to_the_end(loaded, data.draw(st.integers(0, 10 ** 6)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(real_states.filter(lambda s: any(p.points for p in s.players)), st.data())
def test_mutated_bath_tokens_are_refused_or_play_to_the_end(state: GameState,
                                                            data: st.DataObject) -> None:
    d = copy.deepcopy(state.to_dict())
    seat = data.draw(st.sampled_from([i for i, p in enumerate(state.players) if p.points]))
    points = d["players"][seat]["points"]
    entry = data.draw(st.sampled_from(points))
    entry[2] = data.draw(st.integers(-1, 7))
    try:
        loaded = GameState.from_dict(d)
    except StateError:
        return
    play_to_the_end(loaded, data.draw(st.integers(0, 10 ** 6)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(real_states.filter(lambda s: s.round >= 1 and s.phase != "over"))
def test_the_whole_games_coins_in_an_early_round_are_refused(state: GameState) -> None:
    """The issue's 54 saves: coins at the whole game's bound before the last round."""
    if state.round == rome.cards.SHAPES[state.num_players].rounds:
        return
    d = copy.deepcopy(state.to_dict())
    d["players"][0]["coins"] = WHOLE_GAME[state.num_players][0]
    with pytest.raises(StateError, match="coins"):
        GameState.from_dict(d)


def test_the_recorded_games_states_are_all_accepted() -> None:
    """The money checks are exact enough for every state of real games (the corpus'
    replay test loads its saves; this plays a few more to the end, saving each)."""
    for n in (2, 3, 4):
        for state in states_of(n, 100 + n, greedy=True):
            GameState.from_dict(state.to_dict())


# -- bath tokens: hand-made cities, checked against the rules ------------------------------------
def cell(kind: str, tokens: int) -> dict[str, object]:
    return {"card": kind, "point_tokens": tokens}


def test_a_bath_cannot_count_a_neighbour_built_only_through_it() -> None:
    """Farm, house, bath, house in a row: the last house can only be built next to the
    bath, so after it; the bath was built with 1 neighbour and holds 1 token, never 2."""
    row = ["vegetable-farm", "house-2", cell("baths", 2), "house-3"]
    with pytest.raises(ScoreInputError, match="fit no order of building"):
        read_city({"city": [row]})
    row[2] = cell("baths", 1)
    assert read_city({"city": [row]}).points == {(0, 2): 1}


def test_two_neighbouring_baths_cannot_each_count_the_other() -> None:
    """Two baths side by side under the starting pair: each has 2 neighbours now, but
    the later one was built with both, the earlier with only the building above it."""
    city = [["vegetable-farm", "house-2"], [cell("baths", 2), cell("imperial-baths", 3)]]
    with pytest.raises(ScoreInputError, match="fit no order of building"):
        read_city({"city": city})
    city[1] = [cell("baths", 1), cell("imperial-baths", 3)]  # the bath first, then the Imperial
    read_city({"city": city})
    city[1] = [cell("baths", 2), cell("imperial-baths", 2)]  # the Imperial first
    read_city({"city": city})


def test_a_save_with_a_bath_counting_a_later_neighbour_is_refused() -> None:
    """The same row in a save (the engine's cities start at row 0, columns 0 and 1)."""
    from helpers import Position
    layout = {(0, 0): "vegetable-farm", (0, 1): "house-2", (0, 2): "baths", (0, 3): "house-3"}
    Position(4, seed=3).city(0, layout, points={(0, 2): 1}).turn(0, round=4).state()
    with pytest.raises(StateError, match="fit no order of building"):
        Position(4, seed=3).city(0, layout, points={(0, 2): 2}).turn(0, round=4).state()


def test_the_score_command_bounds_money_by_the_game() -> None:
    start = [["vegetable-farm", "house-2"]]
    read_city({"city": start, "coins": 145, "influence_tokens": 112})
    with pytest.raises(ScoreInputError, match="no game gives more than 145"):
        read_city({"city": start, "coins": 146})
    with pytest.raises(ScoreInputError, match="no game gives more than 112"):
        read_city({"city": start, "influence_tokens": 113})
    # Influence cards 4 or 8 mean two players: 117 coins and 84 tokens at most.
    read_city({"city": start, "coins": 117, "influence_tokens": 84, "influence_cards": [8]})
    with pytest.raises(ScoreInputError, match="no game gives more than 117"):
        read_city({"city": start, "coins": 118, "influence_cards": [8]})
    with pytest.raises(ScoreInputError, match="no game gives more than 84"):
        read_city({"city": start, "influence_tokens": 85, "influence_cards": [4, 8]})


def fits_four_by_four(spaces: list[tuple[int, int]]) -> bool:
    rows, cols = [r for r, _ in spaces], [c for _, c in spaces]
    return max(rows) - min(rows) < 4 and max(cols) - min(cols) < 4


@st.composite
def cities_built_in_order(draw: st.DrawFn) -> dict[str, object]:
    """A city grown space by space from the starting pair, each new space next to one
    already built; a bath gets one token per neighbour built before it (an Imperial one,
    one more), as the rulebook says."""
    cells: dict[tuple[int, int], object] = {(0, 1): "vegetable-farm", (0, 2): "house-2"}
    baths = ["baths"] * draw(st.integers(0, 3)) + ["imperial-baths"] * draw(st.integers(0, 1))
    kinds = draw(st.permutations(baths + ["house-3"] * (9 - len(baths))))
    for kind in kinds:
        free = sorted({(r + dr, c + dc) for r, c in cells
                       for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} - set(cells))
        free = [p for p in free if fits_four_by_four([*cells, p])]
        r, c = draw(st.sampled_from(free))
        built = sum((r + dr, c + dc) in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
        extra = {"baths": 0, "imperial-baths": 1}.get(kind)
        cells[(r, c)] = kind if extra is None else cell(kind, built + extra)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    grid: list[list[object]] = [[None] * 4 for _ in range(4)]
    for (r, c), value in cells.items():
        grid[r - r0][c - c0] = value
    return {"city": grid}


@settings(max_examples=200, deadline=None)
@given(cities_built_in_order())
def test_every_city_built_in_some_order_is_accepted(data: dict[str, object]) -> None:
    read_city(data)


def largest_accepted(d: dict[str, object], seat: int, key: str) -> int:
    """The most coins (or tokens) ``from_dict`` accepts for ``seat`` in this save."""
    players = d["players"]
    assert isinstance(players, list)
    low, high = 0, 1_000
    while low < high:
        middle = (low + high + 1) // 2
        players[seat][key] = middle
        try:
            GameState.from_dict(d)
            low = middle
        except StateError:
            high = middle - 1
    players[seat][key] = low
    return low


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(real_states, st.integers(0, 10 ** 6))
def test_a_save_at_its_bounds_plays_on_within_them(state: GameState, seed: int) -> None:
    """Every seat at the most coins and tokens its save may hold: play stays within the
    checks to the end (each action adds no more than the bounds grow)."""
    d = copy.deepcopy(state.to_dict())
    for seat in range(state.num_players):
        largest_accepted(d, seat, "coins")
        largest_accepted(d, seat, "influence")
    play_to_the_end(GameState.from_dict(d), seed)
