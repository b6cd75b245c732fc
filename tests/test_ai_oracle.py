"""A tournament seat decided from the true state (``play_game(..., oracles=...)``), which
research/oracle.py uses to measure what seeing everything is worth."""

from __future__ import annotations

import rome
from research.oracle import oracle
from research.tournament import play_game
from rome.ai import choose_action


def test_an_oracle_seat_plays_its_moves_with_the_tournament_seeds() -> None:
    seen: list[tuple[int, int]] = []

    def greedy_from_the_true_state(state: rome.GameState, seat: int, ai_seed: int) -> str:
        assert rome.current_player(state) == seat
        seen.append((seat, ai_seed))
        return choose_action(rome.observation(state, seat), "greedy", ai_seed)

    with_oracle = play_game(2, 31, ["peek", "greedy"],
                            oracles={"peek": greedy_from_the_true_state})
    # the oracle played greedy's moves with greedy's seeds: the very game of two greedy seats
    assert with_oracle == play_game(2, 31, ["greedy", "greedy"])
    assert seen and {seat for seat, _ in seen} == {0}
    assert len({s for _, s in seen}) == len(seen)  # every decision seeded on its own


def test_the_oracle_of_hard_plays_legal_moves_in_duels_and_four_player_games() -> None:
    """Hard's duel is a tree, which the oracle searches as its base alpha-beta in the one
    true deal; with 3-4 players hard is that search already."""
    for players in (2, 4):
        state = rome.new_game(players, seed=5)
        while (forced := rome.automatic_action(state)) is not None:
            state = rome.apply_action(state, forced)
        seat = rome.current_player(state)
        assert seat is not None
        move = oracle("hard", 2000, players)(state, seat, 7)
        assert move in {str(a) for a in rome.legal_actions(state)}
