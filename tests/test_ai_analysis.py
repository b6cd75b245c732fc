"""``analyse`` and ``review`` on positions whose best move is known by brute force.

The positions are the last turn of seeded games (played by the greedy bot), just after
the last card is taken: whatever is played there, the game ends without another choice
by anyone, so every legal continuation can be played out and its *true* final margin
(own total minus the best other's) computed by the rules alone.  The best first actions
are those whose best continuation reaches the highest margin (building then producing
and producing then building tie, so there can be several).
"""

from __future__ import annotations

import pytest

from rome import (
    Action,
    apply_action,
    automatic_action,
    current_player,
    final_scores,
    is_over,
    legal_actions,
    new_game,
    observation,
    playthrough,
)
from rome.ai.analysis import analyse, review
from rome.ai.players import computer_player


def greedy_game(players: int, seed: int) -> tuple[list[str], list]:
    """A greedy game's actions and the state before each."""
    steps = list(playthrough(new_game(players, seed=seed), computer_player("greedy"),
                             automatic=True))
    return [str(action) for _b, action, _a in steps], [before for before, _a, _x in steps]


def last_turn_after_take(players: int, seed: int) -> tuple[int, list[str], object]:
    """(ply, actions, state) of the last turn's first choice after its take."""
    actions, states = greedy_game(players, seed)
    ply = max(i for i, s in enumerate(states) if s.step == "take") + 1
    return ply, actions, states[ply]


def true_margins(state, seat: int) -> dict[str, int]:
    """Each first action's best final margin over every continuation (the rules only)."""
    best: dict[str, int] = {}

    def rec(s, first: str | None) -> None:
        while not is_over(s) and (a := automatic_action(s)) is not None:
            s = apply_action(s, a)
        if is_over(s):
            totals = [x["total"] for x in final_scores(s)]
            margin = totals[seat] - max(t for i, t in enumerate(totals) if i != seat)
            best[first] = max(best.get(first, margin), margin)
            return
        assert current_player(s) == seat, "not the game's last turn"
        for a in legal_actions(s):
            rec(apply_action(s, a), first if first is not None else str(a))

    rec(state, None)
    return best


CASES = [(2, 4), (3, 6), (4, 4), (4, 5)]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_first_choice_is_a_best_move_by_brute_force(players, seed):
    _ply, _actions, state = last_turn_after_take(players, seed)
    seat = current_player(state)
    truth = true_margins(state, seat)
    top = max(truth.values())
    optimal = {a for a, m in truth.items() if m == top}
    runner_up = max((m for m in truth.values() if m < top), default=top - 99)
    assert top - runner_up >= 2, "the position must have a clearly best move"
    assert len(truth) >= 4, "the position must offer a real choice"
    moves = analyse(observation(state, seat), "hard", seed=1)
    assert moves[0]["action"] in optimal
    assert moves[0]["loss"] == 0
    # hard's hint is a tree: the first is the move it came back to most
    looks = [m["looks"] for m in moves]
    assert looks[0] == max(looks) > 0, looks
    assert [m["value"] for m in moves] == sorted((m["value"] for m in moves), reverse=True)
    legal = {str(a) for a in legal_actions(state)}
    assert all(m["action"] in legal for m in moves)


def test_reason_names_the_points_a_build_scores_now():
    _ply, _actions, state = last_turn_after_take(2, 4)
    seat = current_player(state)
    best = analyse(observation(state, seat), "hard", seed=1)[0]
    after = state
    for text in best["plan"]:  # the whole turn: build, produce, end
        after = apply_action(after, Action.parse(text))
    gained = final_scores(after)[seat]["total"] - final_scores(state)[seat]["total"]
    assert best["gains"]["points"] == gained != 0
    assert f"{gained:+d} points now" in best["reason"]


def test_review_prices_a_thrown_away_last_turn():
    ply, actions, state = last_turn_after_take(2, 4)
    seat = current_player(state)
    truth = true_margins(state, seat)
    assert truth["end"] < max(truth.values())  # ending the turn at once loses points
    thrown = actions[:ply] + ["end"]
    entries = review(2, 4, thrown, seat, level="normal")
    assert all(e["ply"] < ply or e["ply"] == ply for e in entries)
    assert entries, "every decision of the seat is reviewed"
    last = entries[-1]
    assert last["ply"] == ply and last["played"] == "end"
    assert last["loss"] > 0 and last["best"] != "end"
    assert all(e["loss"] is None or e["loss"] >= 0 for e in entries)


def test_analyse_is_empty_when_the_seat_is_not_to_act():
    state = new_game(2, seed=3)
    other = 1 - current_player(state)
    assert analyse(observation(state, other), "normal") == []


def test_a_placement_says_when_it_acts_and_what_it_brings():
    state = new_game(2, seed=3)
    while state.phase != "emissary" or automatic_action(state) is not None:
        action = automatic_action(state) or legal_actions(state)[0]
        state = apply_action(state, action)
    obs = observation(state, current_player(state))
    moves = analyse(obs, "normal", seed=2)
    assert moves and all(m["action"].startswith("place ") for m in moves)
    assert {m["looks"] for m in moves} == {0}  # normal ranks by roll-outs: no tree's looks
    for m in moves:
        space = int(m["action"].split()[1])
        assert m["reason"].startswith(f"acts {space}")
        assert " brick" in m["reason"] and " cog" in m["reason"]
