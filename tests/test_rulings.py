"""The engine's own rulings where the rulebooks are silent (docs/rules-decisions.md),
pinned so that changing one fails a test (issue 10: each passed every test before these).

* ``spend_brick_tokens``: the token on the building an aqueduct replaces goes first, then
  the others in reading order (top row first, left to right).
* ``remove_from_hand``: the copy most players know about is the one played.
* The copies left are known only to those who knew them all (the masks are intersected).
"""

from __future__ import annotations

from helpers import START, Position, act
from rome import GameState, observation

FARMS = {**START, (-1, 0): "grain-farm", (1, 0): "grain-farm", (1, 1): "vineyard"}
TOKENS = [(-1, 0), (1, 0), (1, 1)]  # reading order: (-1, 0), (1, 0), (1, 1)


def farms_turn(hand: list[str]) -> GameState:
    """Seat 0 acts with no brick from the strip and a brick token on each of three farms."""
    p = Position(4, seed=0).city(0, FARMS, bricks=TOKENS).hand(0, hand)
    return p.turn(0, bricks=0, cogs=1).state()


def test_brick_tokens_are_spent_in_reading_order() -> None:
    # A house-3 costs 2 bricks: the tokens at (-1, 0) and (1, 0) go, (1, 1)'s stays.
    t = act(farms_turn(["house-3"]), "build house-3 0,2")
    assert t.players[0].bricks == ((1, 1),)
    assert t.players[0].coins == 5


def test_the_replaced_farms_token_is_spent_first() -> None:
    # An aqueduct on the vineyard at (1, 1) costs 1 brick: that vineyard's own token pays
    # it (it would leave with the vineyard anyway), so both other tokens stay.
    t = act(farms_turn(["aqueduct"]), "build aqueduct 1,1")
    assert t.players[0].bricks == ((-1, 0), (1, 0))
    assert t.players[0].coins == 5


def _hand_with_masks(masks: list[int]) -> tuple[GameState, list[int]]:
    """Seat 0 holds house-2 copies known to the given seats (bit masks), and acts."""
    p = Position(4, seed=0).hand(0, ["house-2"] * len(masks))
    entries = p.d["players"][0]["hand"]
    for entry, mask in zip(entries, masks, strict=True):
        entry[1] = mask
    cards = [card for card, _mask in entries]
    return p.turn(0, bricks=1, cogs=0).state(), cards


def test_the_copy_everyone_knows_is_the_one_played() -> None:
    # The public copy (taken from the offer) is listed last: still, it is the one built,
    # and the secret copy stays secret from the other seats.
    s, (secret, public) = _hand_with_masks([0b0001, 0b1111])
    t = act(s, "build house-2 0,2")
    assert t.players[0].city[(0, 2)] == public
    assert [card for card, _mask in t.players[0].hand] == [secret]
    assert observation(t, 1)["players"][0]["hand"][0]["kind"] is None


def test_equally_known_copies_play_the_lowest_card_number() -> None:
    s, cards = _hand_with_masks([0b0001, 0b0001])
    t = act(s, "build house-2 0,2")
    assert t.players[0].city[(0, 2)] == min(cards)


def test_copies_left_are_known_only_to_those_who_knew_them_all() -> None:
    # Seat 1 knew one copy was in the hand (mask 0b0011), everyone knew another (public).
    # Once a house-2 is built, seat 1 cannot tell which copy is left: the copy left is
    # known to seat 0 only (0b0011 & 0b0001), and seat 1 no longer sees it.
    s, (shared, public, secret) = _hand_with_masks([0b0011, 0b1111, 0b0001])
    assert observation(s, 1)["players"][0]["hand"][0]["kind"] == "house-2"
    t = act(s, "build house-2 0,2")
    assert t.players[0].city[(0, 2)] == public
    assert dict(t.players[0].hand) == {shared: 0b0001, secret: 0b0001}
    assert all(h["kind"] is None for h in observation(t, 1)["players"][0]["hand"])
