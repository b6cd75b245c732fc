"""The offer's line of influence cards: waiting during the game, and at its end the cards
nobody took said so (DECISIONS 16: without a single leader in tokens, they stay)."""

from __future__ import annotations

import random

import rome
from ui.model import UiState
from ui.render.table import render_offer
from ui.render.view import table_view
from ui.saves.session import Seat, Session


def game_ending_with_cards_left() -> Session:
    """A seeded game of random sensible moves that ends with influence cards unclaimed."""
    for seed in range(100):
        s = Session.new([Seat("Ann", True), Seat("Bo", False, "random")], seed, False)
        rng = random.Random(seed)
        while not rome.is_over(s.state):
            s = s.after(str(rng.choice(rome.sensible_actions(s.state))))
        if s.state.influence_pool:
            return s
    raise AssertionError("no seed ended with influence cards left")


def test_cards_left_at_the_end_are_said_to_have_gone_to_nobody() -> None:
    s = game_ending_with_cards_left()
    over = render_offer(table_view(UiState(session=s)))
    assert "Influence nobody took (no single leader in tokens at the end):" in over
    assert "Influence waiting" not in over
    half = Session.new(s.seats, s.seed, s.shrine)
    for text in s.actions[:len(s.actions) // 2]:
        half = half.after(text)
    during = render_offer(table_view(UiState(session=half)))
    assert "Influence waiting:" in during and "nobody took" not in during
