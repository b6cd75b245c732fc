"""The winner (rulebook "Final Scoring", online edition, DECISIONS 19): most points, then
most influence tokens, then most coins; still tied: a shared win.

Both cities are the starting city (vegetable farm and house-2, no public building: 0
points), so a seat's total is coins + influence tokens // 2 + influence cards."""

from __future__ import annotations

from helpers import Position
from rome import final_scores, winners


def game(n, seats):
    """seats: per seat (coins, influence tokens, influence card values)."""
    p = Position(n, seed=4)
    for seat, (coins, influence, cards) in enumerate(seats):
        p.set(seat, coins=coins, influence=influence)
        p.influence_cards(seat, cards)
    return p.state()


def test_most_points_wins():
    s = game(2, [(5, 0, []), (6, 0, [])])
    assert [b["total"] for b in final_scores(s)] == [5, 6]
    assert winners(s) == [1]


def test_points_beat_influence_and_coins():
    # Seat 0: 6 coins + 0 = 6 points. Seat 1: 1 coin + 4 tokens (2 points) + card 4 = 7.
    s = game(2, [(6, 0, []), (1, 4, [4])])
    assert [b["total"] for b in final_scores(s)] == [6, 7]
    assert winners(s) == [1]


def test_tie_broken_by_influence_tokens():
    # 5 coins + 1 token (0 points) = 5 against 5 coins + 0 tokens = 5.
    s = game(2, [(5, 0, []), (5, 1, [])])
    assert [b["total"] for b in final_scores(s)] == [5, 5]
    assert winners(s) == [1]


def test_tie_broken_by_coins_after_influence():
    # Seat 0: 5 coins = 5. Seat 1: 1 coin + card 4 = 5. Tokens equal (0): seat 0 has more coins.
    s = game(2, [(5, 0, []), (1, 0, [4])])
    assert [b["total"] for b in final_scores(s)] == [5, 5]
    assert winners(s) == [0]


def test_influence_before_coins():
    # Seat 0: 2 coins + 1 token + card 3 = 5; seat 1: 5 coins + 0 tokens = 5.
    # Seat 0 has more tokens though fewer coins: seat 0 wins.
    s = game(3, [(2, 1, [3]), (5, 0, []), (0, 0, [])])
    assert [b["total"] for b in final_scores(s)] == [5, 5, 0]
    assert winners(s) == [0]


def test_shared_win():
    s = game(3, [(5, 1, []), (0, 0, []), (5, 1, [])])
    assert winners(s) == [0, 2]


def test_everyone_shares():
    s = game(4, [(3, 2, [])] * 4)
    assert winners(s) == [0, 1, 2, 3]
