"""The game driver (``rome.play`` / ``rome.playthrough``) and its players.

Each game played through the driver is checked against the same game played by a loop
written out here with the rules alone (``apply_action``), so the driver is compared
with the hand-written loops it replaces, not with itself.
"""

from __future__ import annotations

import random

import pytest

import rome
from rome.ai import choose_action
from rome.ai.players import computer_player, computer_players, tournament_seeds


def random_game_by_hand(players: int, seed: int) -> tuple[list[rome.Action], rome.GameState]:
    """The loop the driver replaces: one ``rng.choice`` of the legal actions per step."""
    rng = random.Random(seed)
    state = rome.new_game(players, seed=seed)
    actions = []
    while not rome.is_over(state):
        action = rng.choice(rome.legal_actions(state))
        actions.append(action)
        state = rome.apply_action(state, action)
    return actions, state


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 11)])
def test_a_seeded_random_game_is_the_hand_written_loops_game(players: int, seed: int) -> None:
    actions, last = random_game_by_hand(players, seed)
    rng = random.Random(seed)
    steps = list(rome.playthrough(rome.new_game(players, seed=seed), rome.random_player(rng)))
    assert [a for _b, a, _a in steps] == actions
    assert steps[-1][2].to_dict() == last.to_dict()
    again = rome.play(rome.new_game(players, seed=seed), rome.random_player(random.Random(seed)))
    assert again.to_dict() == last.to_dict()
    assert rome.replay(players, seed, actions).to_dict() == last.to_dict()
    assert rome.is_over(last)


def test_playthrough_steps_chain_and_each_after_is_the_rules_result() -> None:
    steps = list(rome.playthrough(rome.new_game(3, seed=5), rome.random_player(random.Random(1))))
    assert steps
    for (_b, _a, after), (before, _x, _y) in zip(steps, steps[1:], strict=False):
        assert before is after
    for before, action, after in steps[:40]:
        assert after.to_dict() == rome.apply_action(before, action).to_dict()
    assert [rome.is_over(after) for _b, _a, after in steps].count(True) == 1


def test_sensible_random_player_draws_from_the_sensible_actions() -> None:
    state = rome.new_game(2, seed=8)
    rng, reference = random.Random(4), random.Random(4)
    steps = []
    for before, action, _after in rome.playthrough(state, rome.random_player(rng, sensible=True)):
        assert action == reference.choice(rome.sensible_actions(before))
        steps.append(action)
    assert len(steps) > 50


def test_automatic_never_asks_the_player_for_a_forced_move() -> None:
    asked = []

    def player(state: rome.GameState) -> rome.Action:
        assert rome.automatic_action(state) is None, "asked for a forced move"
        asked.append(state)
        return random.Random(len(asked)).choice(rome.sensible_actions(state))

    steps = list(rome.playthrough(rome.new_game(2, seed=2), player, automatic=True))
    forced = [b for b, _a, _x in steps if rome.automatic_action(b) is not None]
    assert forced, "the game had forced moves to play"
    assert len(asked) + len(forced) == len(steps)
    for before, action, _after in steps:
        if rome.automatic_action(before) is not None:
            assert action == rome.automatic_action(before)


def test_without_automatic_every_move_is_asked() -> None:
    asked = []

    def player(state: rome.GameState) -> rome.Action:
        asked.append(state)
        return rome.sensible_actions(state)[0]

    steps = list(rome.playthrough(rome.new_game(2, seed=2), player))
    assert [b for b, _a, _x in steps] == asked


def test_a_sequence_of_players_is_asked_by_seat() -> None:
    asked: list[tuple[int, int | None]] = []

    def seat_player(seat: int) -> rome.Player:
        rng = random.Random(seat)

        def choose(state: rome.GameState) -> rome.Action:
            asked.append((seat, rome.current_player(state)))
            return rng.choice(rome.legal_actions(state))

        return choose

    rome.play(rome.new_game(3, seed=9), [seat_player(s) for s in range(3)])
    assert {seat for seat, _ in asked} == {0, 1, 2}
    assert all(seat == to_act for seat, to_act in asked)


def test_an_illegal_answer_is_refused_by_the_rules() -> None:
    state = rome.new_game(2, seed=1)
    other = rome.new_game(2, seed=2)

    def cheat(_state: rome.GameState) -> rome.Action:  # an action of another position
        return next(a for a in rome.legal_actions(other) if not rome.is_legal(state, a))

    with pytest.raises(rome.IllegalActionError):
        rome.play(state, cheat)


def test_a_finished_game_asks_no_one() -> None:
    _actions, last = random_game_by_hand(2, 3)

    def nobody(_state: rome.GameState) -> rome.Action:
        raise AssertionError("asked after the end")

    assert list(rome.playthrough(last, nobody)) == []
    assert rome.play(last, nobody) is last


def greedy_by_hand(players: int, seed: int, levels: list[str], seed_of) -> list[str]:
    """The loop of the tests, benchmarks and tournaments: forced moves played, each
    computer decision seeded by ``seed_of(seat, decisions so far)``."""
    state = rome.new_game(players, seed=seed)
    played, k = [], 0
    while not rome.is_over(state):
        action = rome.automatic_action(state)
        if action is None:
            seat = rome.current_player(state)
            text = choose_action(rome.observation(state, seat), levels[seat], seed_of(seat, k))
            action = rome.Action.parse(text)
            k += 1
        played.append(str(action))
        state = rome.apply_action(state, action)
    return played


def test_a_computer_player_decides_as_the_tests_seeded_loop_did() -> None:
    expected = greedy_by_hand(2, 4, ["greedy", "greedy"], lambda seat, k: k)
    steps = rome.playthrough(rome.new_game(2, seed=4), computer_player("greedy"), automatic=True)
    assert [str(a) for _b, a, _x in steps] == expected


def test_computer_players_share_the_tables_decision_count_and_tournament_seeds() -> None:
    levels = ["greedy", "random", "greedy"]
    expected = greedy_by_hand(3, 6, levels, lambda seat, k: 6 * 7919 + seat * 131 + k)
    players = computer_players(levels, seeds=tournament_seeds(6))
    steps = rome.playthrough(rome.new_game(3, seed=6), players, automatic=True)
    assert [str(a) for _b, a, _x in steps] == expected
